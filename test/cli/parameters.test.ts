/**
 * Parameters through the built CLI, non-interactive (PRD REQ-3, REQ-7.2; DESIGN sections 2 and 4): parameter
 * files checked before anything runs, the resolution order, typed values, the one error that lists every
 * unresolved key, conflicts between files, secrets that never reach our output or the disk, and persistence of
 * request values. Unit tests of parseParameterFile, resolveParameters and coerce where a direct call is clearer.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ScriptsError, type ScriptsErrorData } from '../../src/core/errors.js';
import { coerce, parseParameterFile, resolveParameters, type ParameterFile } from '../../src/core/parameters.js';
import type { Prompter } from '../../src/core/host.js';
import { Secrets } from '../../src/core/secrets.js';
import {
  ROOT,
  azureYaml,
  baseEnv,
  dotenvOf,
  makeProject,
  outputsScript,
  readIf,
  runCli,
  type FileSpec,
  type RunResult,
} from '../helpers.js';

const ENV = 'dev';

/** A bash script that dumps its whole environment (NUL-separated) to `<root>/<name>.env` and leaves a marker. */
function dumpScript(name: string, extra = ''): string {
  return `#!/usr/bin/env bash\nset -e\nenv -0 > "$PWD/${name}.env"\ntouch "$PWD/ran.marker"\n${extra}\n`;
}

/** The environment a dump script saw, or undefined when it did not run. */
function scriptEnv(root: string, name = 'dump'): Map<string, string> | undefined {
  const file = path.join(root, `${name}.env`);
  if (!existsSync(file)) return undefined;
  const env = new Map<string, string>();
  for (const entry of readFileSync(file, 'utf8').split('\0')) {
    const eq = entry.indexOf('=');
    if (eq > 0) env.set(entry.slice(0, eq), entry.slice(eq + 1));
  }
  return env;
}

function ran(root: string): boolean {
  return existsSync(path.join(root, 'ran.marker'));
}

function paramFile(parameters: Record<string, Record<string, unknown>>, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ ...extra, parameters }, null, 2) + '\n';
}

/** A project with one script per entry of `scripts` (name → parameter file path or undefined). */
function project(options: {
  scripts?: Array<{ name: string; parameters?: string; body?: string; extra?: Record<string, unknown> }>;
  files?: Record<string, FileSpec>;
  dotenv?: string;
}): string {
  const scripts = options.scripts ?? [{ name: 'dump', parameters: 'scripts/main.parameters.json' }];
  const files: Record<string, FileSpec> = {
    'azure.yaml': azureYaml({
      provision: scripts.map((s) => ({
        shell: 'bash',
        run: `scripts/${s.name}.sh`,
        ...(s.parameters ? { parameters: s.parameters } : {}),
        ...(s.extra ?? {}),
      })),
    }),
  };
  for (const s of scripts) files[`scripts/${s.name}.sh`] = s.body ?? dumpScript(s.name);
  Object.assign(files, options.files ?? {});
  if (options.dotenv !== undefined) files[`.azure/${ENV}/.env`] = options.dotenv;
  return makeProject(files);
}

function cli(root: string, args: string[], env: Record<string, string | undefined> = {}): Promise<RunResult> {
  return runCli([...args, '--cwd', root], { cwd: root, env: baseEnv(env) });
}

interface JsonResult {
  status: string;
  error?: ScriptsErrorData;
  outputs: Record<string, { value: string; secret: boolean }>;
  scripts: Array<{ status: string; stderrTail?: string }>;
  plan?: { parameters: Array<{ key: string; value: string; secret: boolean; source: string; files: string[] }> };
}

async function cliJson(
  root: string,
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<{ run: RunResult; result: JsonResult }> {
  const run = await cli(root, [...args, '-o', 'json'], env);
  let result: JsonResult;
  try {
    result = JSON.parse(run.stdout) as JsonResult;
  } catch {
    assert.fail(`stdout is not JSON (exit ${run.code}):\n${run.stdout}\nstderr:\n${run.stderr}`);
  }
  return { run, result };
}

/** Every message of an error: its own and those of the problems it gathers. */
function messages(error: ScriptsErrorData | undefined): string {
  if (!error) return '';
  return [error.message, ...(error.problems ?? []).map((p) => p.message)].join('\n');
}

function caught(fn: () => unknown): ScriptsError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof ScriptsError, `expected a ScriptsError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected an error, but none was thrown');
}

async function rejected(promise: Promise<unknown>): Promise<ScriptsError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof ScriptsError, `expected a ScriptsError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected a rejection, but the promise resolved');
}

function problemsOf(err: ScriptsError): ScriptsErrorData[] {
  return err.problems ?? [err.toData()];
}

const PRD_EXAMPLE = paramFile({
  AZURE_LOCATION: { type: 'string', value: '${AZURE_LOCATION}' },
  DB_NAME: { type: 'string', value: 'mydb-${AZURE_ENV_NAME}' },
  DB_PASSWORD: { type: 'string', name: 'Database Password', secret: true },
  REPLICA_COUNT: { type: 'integer', value: '3' },
});

describe('REQ-3.1/3.2: parameter files', () => {
  it('loads the PRD example file and passes every value to the script', async () => {
    const root = project({ files: { 'scripts/main.parameters.json': PRD_EXAMPLE } });
    const r = await cli(root, ['provision', '-e', ENV, '-p', 'DB_PASSWORD=pw-123456'], {
      AZURE_LOCATION: 'westeurope',
    });
    assert.equal(r.code, 0, r.stderr);
    const env = scriptEnv(root)!;
    assert.equal(env.get('AZURE_LOCATION'), 'westeurope');
    assert.equal(env.get('DB_NAME'), 'mydb-dev');
    assert.equal(env.get('DB_PASSWORD'), 'pw-123456');
    assert.equal(env.get('REPLICA_COUNT'), '3');
  });

  it('parses the example parameter files of examples/quickstart', () => {
    for (const name of ['infra.parameters.json', 'db.parameters.json']) {
      const file = path.join(ROOT, 'examples', 'quickstart', 'scripts', name);
      const parsed = parseParameterFile(readFileSync(file, 'utf8'), file, `scripts/${name}`);
      assert.ok(parsed.declarations.length > 0, name);
    }
  });

  it('parses every field of a declaration (unit)', () => {
    const parsed = parseParameterFile(PRD_EXAMPLE, '/p/main.parameters.json', 'main.parameters.json');
    const byKey = new Map(parsed.declarations.map((d) => [d.key, d]));
    assert.deepEqual([...byKey.keys()], ['AZURE_LOCATION', 'DB_NAME', 'DB_PASSWORD', 'REPLICA_COUNT']);
    assert.equal(byKey.get('DB_PASSWORD')!.secret, true);
    assert.equal(byKey.get('DB_PASSWORD')!.name, 'Database Password');
    assert.equal(byKey.get('DB_PASSWORD')!.value, undefined);
    assert.equal(byKey.get('REPLICA_COUNT')!.type, 'integer');
    assert.equal(byKey.get('AZURE_LOCATION')!.secret, false);
    assert.equal(byKey.get('DB_NAME')!.value, 'mydb-${AZURE_ENV_NAME}');
  });

  it('rejects an unknown type, listing the four types, before any script runs', async () => {
    const root = project({ files: { 'scripts/main.parameters.json': paramFile({ A: { type: 'str' } }) } });
    const r = await cli(root, ['provision', '-e', ENV]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /"str"/);
    assert.match(r.stderr, /string, number, integer, boolean/);
    assert.match(r.stderr, /main\.parameters\.json/);
    assert.equal(ran(root), false);
  });

  it('points an unknown type at the line of "type" (unit)', () => {
    const text = '{\n  "parameters": {\n    "A": {\n      "type": "str"\n    }\n  }\n}\n';
    const err = caught(() => parseParameterFile(text, '/p/x.json', 'x.json'));
    assert.equal(err.code, 'PARAMETERS_INVALID');
    assert.equal(err.line, 4);
    assert.match(err.message, /string, number, integer, boolean/);
  });

  it('rejects invalid JSON, naming the file with line and column', async () => {
    const text = '{\n  "parameters": {\n    "A": {"type": "string"},\n  }\n}\n';
    const root = project({ files: { 'scripts/main.parameters.json': text } });
    const { run, result } = await cliJson(root, ['provision', '-e', ENV]);
    assert.equal(run.code, 1);
    const file = path.join(root, 'scripts', 'main.parameters.json');
    const message = messages(result.error);
    assert.ok(message.includes(`${file}:4:3`), message);
    assert.match(message, /not valid JSON/);
    assert.equal(ran(root), false);

    const err = caught(() => parseParameterFile(text, file, 'scripts/main.parameters.json'));
    assert.equal(err.line, 4);
    assert.equal(err.column, 3);
    assert.equal(err.file, file);
  });

  it('reports a missing parameter file with its full path and the azure.yaml line of `parameters:`', async () => {
    const root = project({
      scripts: [
        { name: 'first', parameters: 'scripts/first.parameters.json' },
        { name: 'dump', parameters: 'scripts/nope/missing.parameters.json' },
      ],
      files: { 'scripts/first.parameters.json': paramFile({ A: { type: 'string', value: 'a' } }) },
    });
    const yaml = readFileSync(path.join(root, 'azure.yaml'), 'utf8').split('\n');
    const line = yaml.findIndex((l) => l.includes('missing.parameters.json')) + 1;
    assert.ok(line > 0 && /^\s+parameters:/.test(yaml[line - 1]!));
    const r = await cli(root, ['provision', '-e', ENV]);
    assert.equal(r.code, 1);
    assert.ok(r.stderr.includes(path.join(root, 'scripts', 'nope', 'missing.parameters.json')), r.stderr);
    assert.ok(r.stderr.includes(`${path.join(root, 'azure.yaml')}:${line}`), r.stderr);
    assert.equal(ran(root), false);
  });

  it('rejects an unknown key in a parameter with a did-you-mean', async () => {
    const text = paramFile({ A: { type: 'string', secrte: true } });
    const root = project({ files: { 'scripts/main.parameters.json': text } });
    const r = await cli(root, ['provision', '-e', ENV, '-p', 'A=x']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /"secrte"/);
    assert.match(r.stderr, /did you mean "secret"/);
    assert.equal(ran(root), false);
  });

  it('allows top-level $schema and contentVersion', async () => {
    const text = paramFile(
      { A: { type: 'string', value: 'a' } },
      {
        $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#',
        contentVersion: '1.0.0.0',
      },
    );
    const root = project({ files: { 'scripts/main.parameters.json': text } });
    const r = await cli(root, ['provision', '-e', ENV]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(scriptEnv(root)!.get('A'), 'a');
  });

  it('rejects other top-level keys with a did-you-mean', async () => {
    const text = paramFile({ A: { type: 'string', value: 'a' } }, { $shema: 'x', contentversion: '1', other: 1 });
    const root = project({ files: { 'scripts/main.parameters.json': text } });
    const { run, result } = await cliJson(root, ['provision', '-e', ENV]);
    assert.equal(run.code, 1);
    const message = messages(result.error);
    assert.match(message, /"\$shema".*did you mean "\$schema"/);
    assert.match(message, /"contentversion".*did you mean "contentVersion"/);
    assert.match(message, /"other"/);
    assert.equal(ran(root), false);

    const err = caught(() => parseParameterFile('{"paramters": {}, "parameters": {}}', '/p/x.json', 'x.json'));
    assert.match(messages(err.toData()), /did you mean "parameters"/);
  });

  it('rejects parameter names that are not environment variable names', async () => {
    const text = paramFile({ 'DB-NAME': { type: 'string', value: 'a' }, '1ST': { type: 'string', value: 'b' } });
    const root = project({ files: { 'scripts/main.parameters.json': text } });
    const { run, result } = await cliJson(root, ['provision', '-e', ENV]);
    assert.equal(run.code, 1);
    const message = messages(result.error);
    assert.match(message, /"DB-NAME"/);
    assert.match(message, /"1ST"/);
    assert.match(message, /environment variable name/);
    assert.equal(ran(root), false);

    for (const bad of ['has space', 'A.B', '']) {
      const err = caught(() => parseParameterFile(paramFile({ [bad]: { type: 'string' } }), '/p/x.json', 'x.json'));
      assert.equal(err.code, 'PARAMETERS_INVALID', bad);
    }
  });

  it('reports the problems of every parameter file together, before any script runs', async () => {
    const root = project({
      scripts: [
        { name: 'first', parameters: 'scripts/a.parameters.json' },
        { name: 'dump', parameters: 'scripts/b.parameters.json' },
      ],
      files: {
        'scripts/a.parameters.json': paramFile({ A: { type: 'str' } }),
        'scripts/b.parameters.json': paramFile({ B: { type: 'string', secrte: true } }),
      },
    });
    const { run, result } = await cliJson(root, ['provision', '-e', ENV]);
    assert.equal(run.code, 1);
    const message = messages(result.error);
    assert.match(message, /a\.parameters\.json/);
    assert.match(message, /b\.parameters\.json/);
    assert.equal(ran(root), false);
    assert.equal(scriptEnv(root, 'first'), undefined);
  });
});

describe('REQ-3.3: resolution order', () => {
  const parameters = paramFile({
    REQ_WINS: { type: 'string', value: 'literal' },
    AZD_FIRST: { type: 'string', value: '${REGION}' },
    OS_FALLBACK: { type: 'string', value: '${OS_ONLY}' },
    PARTIAL: { type: 'string', value: 'mydb-${AZURE_ENV_NAME}' },
    MULTI: { type: 'string', value: '${A}-${B}' },
    EMPTY_PLACEHOLDER: { type: 'string', value: '${EMPTY_VAR}' },
    LITERAL: { type: 'string', value: 'plain' },
    KEY_AZD: { type: 'string' },
    KEY_OS: { type: 'string' },
    EMPTY_REQ: { type: 'string', value: 'lit' },
    EMPTY_LITERAL: { type: 'string', value: '' },
    EMPTY_AZD: { type: 'string' },
  });
  const dotenv = [
    'A="a"',
    `AZURE_ENV_NAME="${ENV}"`,
    'EMPTY_AZD=""',
    'EMPTY_LITERAL="azdv"',
    'EMPTY_PLACEHOLDER="fallback"',
    'EMPTY_VAR=""',
    'KEY_AZD="from-azd"',
    'LITERAL="from-azd"',
    'REGION="azd-region"',
    'REQ_WINS="azd"',
    '',
  ].join('\n');
  const osEnv = {
    REGION: 'os-region',
    OS_ONLY: 'os-only',
    B: 'b',
    KEY_AZD: 'from-os',
    KEY_OS: 'from-os',
    EMPTY_AZD: 'osv',
    REQ_WINS: 'os',
    LITERAL: 'from-os',
  };
  const args = ['-e', ENV, '-p', 'REQ_WINS=req', '-p', 'EMPTY_REQ='];
  const expected: Record<string, [string, string]> = {
    REQ_WINS: ['req', 'request'],
    AZD_FIRST: ['azd-region', 'interpolated'],
    OS_FALLBACK: ['os-only', 'interpolated'],
    PARTIAL: ['mydb-dev', 'interpolated'],
    MULTI: ['a-b', 'interpolated'],
    EMPTY_PLACEHOLDER: ['fallback', 'azd-env'],
    LITERAL: ['plain', 'literal'],
    KEY_AZD: ['from-azd', 'azd-env'],
    KEY_OS: ['from-os', 'os-env'],
    EMPTY_REQ: ['lit', 'literal'],
    EMPTY_LITERAL: ['azdv', 'azd-env'],
    EMPTY_AZD: ['osv', 'os-env'],
  };
  const setup = () => project({ files: { 'scripts/main.parameters.json': parameters }, dotenv });

  it('gives each parameter the value of the first source that has one, and passes it to the script', async () => {
    const root = setup();
    const r = await cli(root, ['provision', ...args], osEnv);
    assert.equal(r.code, 0, r.stderr);
    const env = scriptEnv(root)!;
    for (const [key, [value]] of Object.entries(expected)) assert.equal(env.get(key), value, key);
    const written = dotenvOf(root, ENV)!;
    assert.match(written, /^REQ_WINS="req"$/m, 'a request value is persisted');
    assert.doesNotMatch(written, /EMPTY_REQ/, 'an empty request value is not a value');
  });

  it('preview (-o json) names the source of each value', async () => {
    const root = setup();
    const { run, result } = await cliJson(root, ['preview', ...args], osEnv);
    assert.equal(run.code, 0, run.stderr);
    const plan = new Map(result.plan!.parameters.map((p) => [p.key, p]));
    for (const [key, [value, source]] of Object.entries(expected)) {
      assert.equal(plan.get(key)?.value, value, key);
      assert.equal(plan.get(key)?.source, source, key);
      assert.deepEqual(plan.get(key)?.files, ['scripts/main.parameters.json'], key);
    }
    assert.equal(ran(root), false);
  });

  it("preview's listing says where each value came from", async () => {
    const root = setup();
    const r = await cli(root, ['preview', ...args], osEnv);
    assert.equal(r.code, 0, r.stderr);
    const words: Record<string, RegExp> = {
      request: /from --param,/,
      interpolated: /parameter file.*\$\{/,
      literal: /value in the parameter file\b(?!.*\$\{)/,
      'azd-env': /azd environment/,
      'os-env': /OS environment/,
    };
    for (const [key, [value, source]] of Object.entries(expected)) {
      const line = r.stdout.split('\n').find((l) => l.trim().startsWith(`${key} =`));
      assert.ok(line, `no preview line for ${key}:\n${r.stdout}`);
      assert.ok(line.includes(`= ${value} `), line);
      assert.match(line, words[source]!, `${key}: ${line}`);
    }
    assert.equal(ran(root), false);
    assert.match(dotenvOf(root, ENV)!, /^REQ_WINS="azd"$/m, 'preview writes nothing');
  });

  it('treats an empty OS env value as missing', async () => {
    const root = project({ files: { 'scripts/main.parameters.json': paramFile({ EMPTY_OS: { type: 'string' } }) } });
    const { run, result } = await cliJson(root, ['provision', '-e', ENV], { EMPTY_OS: '' });
    assert.equal(run.code, 1);
    assert.equal(result.error?.code, 'PARAMETERS_UNRESOLVED');
    assert.match(result.error!.message, /EMPTY_OS/);
  });

  it('resolves the same order in a direct call (unit)', async () => {
    const file = parseParameterFile(parameters, '/p/scripts/main.parameters.json', 'scripts/main.parameters.json');
    const azdEnv = new Map<string, string>();
    for (const line of dotenv.split('\n').filter(Boolean)) {
      const [k, v] = line.split('=') as [string, string];
      azdEnv.set(k, JSON.parse(v) as string);
    }
    const resolved = await resolveParameters({
      files: [file],
      requestValues: new Map([
        ['REQ_WINS', 'req'],
        ['EMPTY_REQ', ''],
      ]),
      azdEnv,
      osEnv,
      prompt: undefined,
      secrets: new Secrets({ mask() {} }),
      command: 'provision',
    });
    for (const [key, [value, source]] of Object.entries(expected)) {
      assert.equal(resolved.values.get(key), value, key);
      assert.equal(resolved.plan.find((p) => p.key === key)?.source, source, key);
    }
  });
});

describe('REQ-3.2: typed values', () => {
  it('rejects integer "3.5", boolean "yes" and number "abc", naming file, key and type; nothing runs', async () => {
    const root = project({
      files: {
        'scripts/main.parameters.json': paramFile({
          BAD_INT: { type: 'integer', value: '3.5' },
          BAD_BOOL: { type: 'boolean', value: 'yes' },
          BAD_NUM: { type: 'number', value: 'abc' },
        }),
      },
    });
    const { run, result } = await cliJson(root, ['provision', '-e', ENV]);
    assert.equal(run.code, 1);
    const lines = messages(result.error).split('\n');
    for (const [key, type] of [
      ['BAD_INT', 'integer'],
      ['BAD_BOOL', 'boolean'],
      ['BAD_NUM', 'number'],
    ] as const) {
      const line = lines.find((l) => l.includes(key));
      assert.ok(line, `${key} not reported:\n${lines.join('\n')}`);
      assert.ok(line.includes('main.parameters.json'), line);
      assert.ok(line.includes(type), line);
    }
    assert.equal(ran(root), false);
  });

  it('rejects a wrongly typed request value too', async () => {
    const root = project({
      files: { 'scripts/main.parameters.json': paramFile({ COUNT: { type: 'integer', value: '1' } }) },
    });
    const r = await cli(root, ['provision', '-e', ENV, '-p', 'COUNT=3.5']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /COUNT/);
    assert.match(r.stderr, /integer/);
    assert.equal(ran(root), false);
  });

  it('coerces valid values before the script sees them', async () => {
    const root = project({
      files: {
        'scripts/main.parameters.json': paramFile({
          INT: { type: 'integer', value: '007' },
          BOOL: { type: 'boolean', value: 'True' },
          NUM: { type: 'number', value: '2.50' },
          NATIVE_INT: { type: 'integer', value: 5 },
          NATIVE_BOOL: { type: 'boolean', value: false },
          FROM_REQ: { type: 'integer' },
        }),
      },
    });
    const r = await cli(root, ['provision', '-e', ENV, '-p', 'FROM_REQ=+12']);
    assert.equal(r.code, 0, r.stderr);
    const env = scriptEnv(root)!;
    assert.equal(env.get('INT'), '7');
    assert.equal(env.get('BOOL'), 'true');
    assert.equal(env.get('NUM'), '2.5');
    assert.equal(env.get('NATIVE_INT'), '5');
    assert.equal(env.get('NATIVE_BOOL'), 'false');
    assert.equal(env.get('FROM_REQ'), '12');
  });

  it('coerce (unit)', () => {
    assert.deepEqual(coerce('integer', '007'), { value: '7' });
    assert.deepEqual(coerce('integer', '-3'), { value: '-3' });
    assert.deepEqual(coerce('boolean', 'True'), { value: 'true' });
    assert.deepEqual(coerce('boolean', 'FALSE'), { value: 'false' });
    assert.deepEqual(coerce('number', '2.50'), { value: '2.5' });
    assert.deepEqual(coerce('number', '1e3'), { value: '1000' });
    assert.deepEqual(coerce('string', ' keep spaces '), { value: ' keep spaces ' });
    for (const [type, raw] of [
      ['integer', '3.5'],
      ['integer', 'abc'],
      ['integer', ''],
      ['boolean', 'yes'],
      ['boolean', '1'],
      ['number', 'abc'],
      ['number', 'NaN'],
      ['number', 'Infinity'],
    ] as const) {
      assert.ok(coerce(type, raw).error, `${type} ${JSON.stringify(raw)} should be an error`);
    }
    assert.match(coerce('integer', '3.5').error!, /integer/);
  });
});

describe('REQ-3.3/DESIGN 4: non-interactive runs fail once, listing every unresolved parameter', () => {
  const setup = () =>
    project({
      scripts: [
        { name: 'infra', parameters: 'scripts/infra.parameters.json' },
        { name: 'dump', parameters: 'scripts/db.parameters.json' },
      ],
      files: {
        'scripts/infra.parameters.json': paramFile({
          LOC: { type: 'string', value: '${AZURE_LOCATION}' },
          OK_ONE: { type: 'string', value: 'fine' },
          MIXED: { type: 'string', value: '${A}-${NOPE}' },
        }),
        'scripts/db.parameters.json': paramFile({
          DB_PASSWORD: { type: 'string', secret: true },
          EMPTY_OS: { type: 'string' },
          CONN: { type: 'string', value: '${DB_HOST}:${DB_PORT}' },
        }),
      },
    });
  const osEnv = { A: 'a', EMPTY_OS: '' };
  const unresolved: Record<string, { file: string; missing: string[]; resolved?: string[] }> = {
    LOC: { file: 'scripts/infra.parameters.json', missing: ['AZURE_LOCATION'] },
    MIXED: { file: 'scripts/infra.parameters.json', missing: ['NOPE'], resolved: ['A'] },
    DB_PASSWORD: { file: 'scripts/db.parameters.json', missing: [] },
    EMPTY_OS: { file: 'scripts/db.parameters.json', missing: [] },
    CONN: { file: 'scripts/db.parameters.json', missing: ['DB_HOST', 'DB_PORT'] },
  };

  function checkError(error: ScriptsErrorData | undefined): void {
    assert.equal(error?.code, 'PARAMETERS_UNRESOLVED', JSON.stringify(error));
    const message = error.message;
    const lines = message.split('\n');
    for (const [key, u] of Object.entries(unresolved)) {
      const line = lines.find((l) => new RegExp(`^\\s*-\\s*${key}\\b`).test(l));
      assert.ok(line, `${key} not listed:\n${message}`);
      assert.ok(line.includes(u.file), line);
      for (const m of u.missing) assert.ok(line.includes(`\${${m}}`), `${key} should name \${${m}}: ${line}`);
      for (const m of u.resolved ?? []) assert.ok(!line.includes(`\${${m}}`), `${key} lists \${${m}}: ${line}`);
    }
    assert.doesNotMatch(message, /OK_ONE/);
    assert.match(message, /--param|parameters input/);
    assert.match(message, /environment variable/);
    assert.match(message, /azd env set/);
  }

  for (const [label, extraArgs, extraEnv] of [
    ['without a TTY', [], {}],
    ['with --no-prompt', ['--no-prompt'], {}],
    ['with CI=true', [], { CI: 'true' }],
  ] as const) {
    it(`provision ${label}: one PARAMETERS_UNRESOLVED error, exit 1, nothing ran`, async () => {
      const root = setup();
      const { run, result } = await cliJson(root, ['provision', '-e', ENV, ...extraArgs], { ...osEnv, ...extraEnv });
      assert.equal(run.code, 1);
      checkError(result.error);
      assert.equal(ran(root), false);
      assert.equal(scriptEnv(root, 'infra'), undefined);
      assert.equal(result.scripts.filter((s) => s.status !== 'not-run').length, 0);
    });
  }

  it('text output shows the same list on stderr', async () => {
    const root = setup();
    const r = await cli(root, ['provision', '-e', ENV], osEnv);
    assert.equal(r.code, 1);
    for (const key of Object.keys(unresolved)) assert.match(r.stderr, new RegExp(`- ${key}\\b`));
    assert.match(r.stderr, /azd env set/);
    assert.equal(ran(root), false);
  });

  it('preview fails with the same list', async () => {
    const root = setup();
    const provision = await cliJson(root, ['provision', '-e', ENV], osEnv);
    const preview = await cliJson(root, ['preview', '-e', ENV], osEnv);
    assert.equal(preview.run.code, 1);
    checkError(preview.result.error);
    assert.equal(preview.result.error!.message, provision.result.error!.message);
    assert.equal(ran(root), false);
  });

  it('is reported together with a type error in the same file (DESIGN 3: all problems in one error)', async () => {
    const root = project({
      files: {
        'scripts/main.parameters.json': paramFile({
          BAD_INT: { type: 'integer', value: '3.5' },
          MISSING_KEY: { type: 'string' },
        }),
      },
    });
    const { run, result } = await cliJson(root, ['provision', '-e', ENV]);
    assert.equal(run.code, 1);
    const text = messages(result.error);
    assert.match(text, /BAD_INT/);
    assert.match(text, /MISSING_KEY/, `the unresolved key is missing from the error:\n${text}`);
    assert.equal(ran(root), false);
  });

  it('is reported together with the other problems found before running', async () => {
    const root = setup();
    const yaml = readFileSync(path.join(root, 'azure.yaml'), 'utf8');
    const broken = makeProject({
      'azure.yaml': yaml.replace('scripts/infra.sh', 'scripts/absent.sh'),
      'scripts/dump.sh': dumpScript('dump'),
      'scripts/infra.parameters.json': readFileSync(path.join(root, 'scripts/infra.parameters.json'), 'utf8'),
      'scripts/db.parameters.json': readFileSync(path.join(root, 'scripts/db.parameters.json'), 'utf8'),
    });
    const { run, result } = await cliJson(broken, ['provision', '-e', ENV], osEnv);
    assert.equal(run.code, 1);
    const text = messages(result.error);
    assert.match(text, /absent\.sh/);
    for (const key of Object.keys(unresolved)) assert.match(text, new RegExp(key));
    assert.equal(ran(broken), false);
  });
});

describe('DESIGN 3/4: a parameter declared in two files', () => {
  const setup = (a: string, b: string) =>
    project({
      scripts: [
        { name: 'first', parameters: 'scripts/first.parameters.json' },
        { name: 'dump', parameters: 'scripts/second.parameters.json' },
      ],
      files: {
        'scripts/first.parameters.json': paramFile({ SHARED: { type: 'string', value: a } }),
        'scripts/second.parameters.json': paramFile({ SHARED: { type: 'string', value: b } }),
      },
    });

  it('with different literal values is an error naming both files; nothing runs', async () => {
    const root = setup('one', 'two');
    const { run, result } = await cliJson(root, ['provision', '-e', ENV]);
    assert.equal(run.code, 1);
    assert.equal(result.error?.code, 'PARAMETERS_CONFLICT');
    assert.match(result.error!.message, /SHARED/);
    assert.match(result.error!.message, /scripts\/first\.parameters\.json/);
    assert.match(result.error!.message, /scripts\/second\.parameters\.json/);
    assert.equal(scriptEnv(root, 'first'), undefined);
    assert.equal(ran(root), false);
  });

  it('with the same value is fine, and every script gets it', async () => {
    const root = setup('same', 'same');
    const r = await cli(root, ['provision', '-e', ENV]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(scriptEnv(root, 'first')!.get('SHARED'), 'same');
    assert.equal(scriptEnv(root, 'dump')!.get('SHARED'), 'same');
  });
});

describe('REQ-7.2: secrets', () => {
  const SECRET = 'S3cr3t-Pa55-q7Zk';
  const TOKEN = 'tok-0u7put-Xy9W';
  const setup = (failing = false) =>
    project({
      scripts: [
        {
          name: 'dump',
          parameters: 'scripts/main.parameters.json',
          body: outputsScript(
            { TOKEN: { type: 'securestring', value: TOKEN }, PLAIN: { type: 'string', value: 'visible' } },
            'env -0 > "$PWD/dump.env"',
          ),
        },
        {
          name: 'second',
          body: failing
            ? '#!/usr/bin/env bash\necho "password is $DB_PASSWORD" >&2\necho "token is $TOKEN" >&2\nexit 3\n'
            : dumpScript('second'),
        },
      ],
      files: {
        'scripts/main.parameters.json': paramFile({
          DB_PASSWORD: { type: 'string', name: 'Database Password', secret: true },
          DB_USER: { type: 'string', value: 'admin' },
        }),
      },
    });

  function assertNoSecret(where: string, text: string | undefined): void {
    if (text === undefined) return;
    assert.ok(!text.includes(SECRET), `${where} contains the secret parameter:\n${text}`);
    assert.ok(!text.includes(TOKEN), `${where} contains the secure output:\n${text}`);
  }

  it('never shows up in text output, .env or config.json, but reaches the scripts', async () => {
    const root = setup();
    const r = await cli(root, ['provision', '-e', ENV, '-p', `DB_PASSWORD=${SECRET}`]);
    assert.equal(r.code, 0, r.stderr);
    assertNoSecret('stdout', r.stdout);
    assertNoSecret('stderr', r.stderr);
    assert.match(r.stdout, /TOKEN=\*\*\*/);
    assert.equal(scriptEnv(root)!.get('DB_PASSWORD'), SECRET);
    assert.equal(scriptEnv(root, 'second')!.get('DB_PASSWORD'), SECRET);
    assert.equal(scriptEnv(root, 'second')!.get('TOKEN'), TOKEN);
    const dotenv = dotenvOf(root, ENV)!;
    assertNoSecret('.env', dotenv);
    assert.doesNotMatch(dotenv, /DB_PASSWORD|TOKEN/);
    assert.match(dotenv, /PLAIN="visible"/);
    assertNoSecret('config.json', readIf(path.join(root, '.azure', ENV, 'config.json')));
    assertNoSecret('.azure/config.json', readIf(path.join(root, '.azure', 'config.json')));
    assert.doesNotMatch(readIf(path.join(root, '.azure', ENV, 'config.json'))!, /TOKEN/);
  });

  it('never shows up in -o json output', async () => {
    const root = setup();
    const { run, result } = await cliJson(root, ['provision', '-e', ENV, '-p', `DB_PASSWORD=${SECRET}`]);
    assert.equal(run.code, 0, run.stderr);
    assertNoSecret('stdout', run.stdout);
    assertNoSecret('stderr', run.stderr);
    assert.equal(result.outputs.TOKEN?.value, '***');
    assert.equal(result.outputs.TOKEN?.secret, true);
    assert.equal(result.outputs.PLAIN?.value, 'visible');
  });

  it('preview shows a secret as *** (text and json), from -p or from the OS env', async () => {
    const root = setup();
    const text = await cli(root, ['preview', '-e', ENV, '-p', `DB_PASSWORD=${SECRET}`]);
    assert.equal(text.code, 0, text.stderr);
    assertNoSecret('preview stdout', text.stdout);
    assertNoSecret('preview stderr', text.stderr);
    assert.match(text.stdout, /DB_PASSWORD = \*\*\*/);
    const { run, result } = await cliJson(root, ['preview', '-e', ENV], { DB_PASSWORD: SECRET });
    assert.equal(run.code, 0, run.stderr);
    assertNoSecret('preview json', run.stdout + run.stderr);
    const p = result.plan!.parameters.find((x) => x.key === 'DB_PASSWORD')!;
    assert.equal(p.value, '***');
    assert.equal(p.secret, true);
    assert.equal(p.source, 'os-env');
  });

  it("is replaced by *** in a failed script's stderr tail (json and text errors)", async () => {
    const root = setup(true);
    const { run, result } = await cliJson(root, ['provision', '-e', ENV, '-p', `DB_PASSWORD=${SECRET}`]);
    assert.equal(run.code, 1);
    assert.equal(result.error?.code, 'SCRIPT_FAILED');
    assertNoSecret('json stdout', run.stdout);
    assert.match(result.error!.message, /password is \*\*\*/);
    assert.match(result.error!.message, /token is \*\*\*/);
    assert.match(result.scripts[1]!.stderrTail ?? '', /password is \*\*\*/);

    const text = await cli(root, ['provision', '-e', ENV, '-p', `DB_PASSWORD=${SECRET}`]);
    assert.equal(text.code, 1);
    // The script's own stderr is forwarded as is (scripts are responsible for it); our error block is not.
    const ours = text.stderr.slice(text.stderr.indexOf('error:'));
    assert.ok(ours.length > 0 && text.stderr.includes('error:'), text.stderr);
    assertNoSecret('error block', ours);
    assert.match(ours, /password is \*\*\*/);
    assertNoSecret('stdout', text.stdout);
  });

  it('is not quoted in a type error', async () => {
    const root = project({
      files: { 'scripts/main.parameters.json': paramFile({ PIN: { type: 'integer', secret: true } }) },
    });
    const { run, result } = await cliJson(root, ['provision', '-e', ENV, '-p', `PIN=${SECRET}`]);
    assert.equal(run.code, 1);
    assert.match(messages(result.error), /PIN/);
    assertNoSecret('stdout', run.stdout);
    assertNoSecret('stderr', run.stderr);
  });
});

describe('REQ-3.5: persistence of request values', () => {
  const setup = () =>
    project({
      files: {
        'scripts/main.parameters.json': paramFile({
          APP_NAME: { type: 'string' },
          COUNT: { type: 'integer' },
          API_KEY: { type: 'string', secret: true },
        }),
      },
    });

  it('writes declared non-secret -p values to .env; the next run uses them from the azd env', async () => {
    const root = setup();
    const first = await cli(root, [
      'provision',
      '-e',
      ENV,
      '-p',
      'APP_NAME=alpha',
      '-p',
      'COUNT=007',
      '-p',
      'API_KEY=key-Vq81-secret',
    ]);
    assert.equal(first.code, 0, first.stderr);
    const dotenv = dotenvOf(root, ENV)!;
    assert.match(dotenv, /^APP_NAME="alpha"$/m);
    assert.match(dotenv, /^COUNT=7$/m);
    assert.doesNotMatch(dotenv, /API_KEY|key-Vq81-secret/);
    assert.ok(!readIf(path.join(root, '.azure', ENV, 'config.json'))?.includes('key-Vq81-secret'));

    const second = await cliJson(root, ['provision', '-e', ENV], { API_KEY: 'other-key' });
    assert.equal(second.run.code, 0, second.run.stderr);
    const env = scriptEnv(root)!;
    assert.equal(env.get('APP_NAME'), 'alpha');
    assert.equal(env.get('COUNT'), '7');
    const preview = await cliJson(root, ['preview', '-e', ENV], { API_KEY: 'other-key' });
    const plan = new Map(preview.result.plan!.parameters.map((p) => [p.key, p]));
    assert.equal(plan.get('APP_NAME')?.source, 'azd-env');
    assert.equal(plan.get('COUNT')?.source, 'azd-env');
  });

  it('without the secret on the second run, only the secret is unresolved', async () => {
    const root = setup();
    const first = await cli(root, ['provision', '-e', ENV, '-p', 'APP_NAME=a', '-p', 'COUNT=1', '-p', 'API_KEY=k1']);
    assert.equal(first.code, 0, first.stderr);
    const second = await cliJson(root, ['provision', '-e', ENV]);
    assert.equal(second.run.code, 1);
    assert.equal(second.result.error?.code, 'PARAMETERS_UNRESOLVED');
    assert.match(second.result.error!.message, /- API_KEY\b/);
    assert.doesNotMatch(second.result.error!.message, /- APP_NAME\b|- COUNT\b/);
  });

  it('passes an undeclared -p key to the script with a warning naming the closest key, and does not write it', async () => {
    const root = setup();
    const { run } = await cliJson(root, [
      'provision',
      '-e',
      ENV,
      '-p',
      'APP_NAME=a',
      '-p',
      'COUNT=1',
      '-p',
      'API_KEY=k',
      '-p',
      'APP_NAMES=undeclared-value',
    ]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /warning:.*APP_NAMES.*APP_NAME\b/);
    assert.equal(scriptEnv(root)!.get('APP_NAMES'), 'undeclared-value');
    const dotenv = dotenvOf(root, ENV)!;
    assert.doesNotMatch(dotenv, /APP_NAMES|undeclared-value/);
    assert.match(dotenv, /^APP_NAME="a"$/m);
  });

  it('--no-persist writes nothing under .azure/', async () => {
    const root = setup();
    const r = await cli(root, [
      'provision',
      '-e',
      ENV,
      '--no-persist',
      '-p',
      'APP_NAME=a',
      '-p',
      'COUNT=1',
      '-p',
      'API_KEY=k',
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(scriptEnv(root)!.get('APP_NAME'), 'a');
    assert.equal(existsSync(path.join(root, '.azure')), false);
  });
});

describe('DESIGN 4: prompting through the Prompter (unit)', () => {
  const fileA: ParameterFile = parseParameterFile(
    paramFile({
      REPLICAS: { type: 'integer' },
      DB_PASSWORD: { type: 'string', name: 'Database Password', secret: true },
      AZURE_LOCATION: { type: 'string', value: '${AZURE_LOCATION}' },
      DONE: { type: 'string', value: 'x' },
    }),
    '/p/a.json',
    'a.json',
  );
  const fileB: ParameterFile = parseParameterFile(paramFile({ REPLICAS: { type: 'integer' } }), '/p/b.json', 'b.json');

  it('asks each unresolved key once, labelled with name (default the key), masking secrets', async () => {
    const asked: Array<{ message: string; secret: boolean; validate?: (v: string) => string | undefined }> = [];
    const info: string[] = [];
    const answers: Record<string, string> = {
      REPLICAS: '04',
      'Database Password': 'pw',
      AZURE_LOCATION: 'westeurope',
    };
    const prompt: Prompter = {
      confirm: () => Promise.resolve(true),
      select: () => Promise.reject(new Error('no picker expected without az')),
      text: (o) => {
        asked.push(o);
        return Promise.resolve(answers[o.message] ?? 'unexpected');
      },
    };
    const masked: string[] = [];
    const resolved = await resolveParameters({
      files: [fileA, fileB],
      requestValues: new Map(),
      azdEnv: new Map(),
      osEnv: { PATH: '/nonexistent-dir' },
      prompt,
      secrets: new Secrets({ mask: (s) => masked.push(s) }),
      command: 'provision',
      info: (m) => info.push(m),
    });
    assert.deepEqual(asked.map((a) => a.message).sort(), ['AZURE_LOCATION', 'Database Password', 'REPLICAS']);
    assert.equal(asked.find((a) => a.message === 'Database Password')!.secret, true);
    assert.equal(asked.find((a) => a.message === 'REPLICAS')!.secret, false);
    const validate = asked.find((a) => a.message === 'REPLICAS')!.validate!;
    assert.ok(validate('abc'));
    assert.ok(validate(''));
    assert.equal(validate('4'), undefined);
    assert.equal(resolved.values.get('REPLICAS'), '4');
    assert.equal(resolved.values.get('DB_PASSWORD'), 'pw');
    assert.deepEqual(masked, ['pw']);
    assert.deepEqual([...resolved.toPersist].sort(), [
      ['AZURE_LOCATION', 'westeurope'],
      ['REPLICAS', '4'],
    ]);
    assert.ok(
      info.some((m) => m.includes('AZURE_LOCATION') && /\baz\b/.test(m)),
      info.join('\n'),
    );
  });

  it('does not prompt without a Prompter: one error listing every key', async () => {
    const err = await rejected(
      resolveParameters({
        files: [fileA, fileB],
        requestValues: new Map(),
        azdEnv: new Map(),
        osEnv: {},
        prompt: undefined,
        secrets: new Secrets({ mask() {} }),
        command: 'provision',
      }),
    );
    assert.equal(err.code, 'PARAMETERS_UNRESOLVED');
    const keys = problemsOf(err).map((p) => /parameter (\w+)/.exec(p.message)?.[1]);
    assert.deepEqual(keys.sort(), ['AZURE_LOCATION', 'DB_PASSWORD', 'REPLICAS']);
    assert.match(err.message, /a\.json, b\.json/);
  });
});
