/**
 * Issue 10.3 (DESIGN section 7 "`azd` shim"): hook-style scripts that call `azd env set` / `get-value` /
 * `get-values` work with or without azd installed, through the BUILT bundles (CLI, Action, task) with a PATH that
 * holds no azd; the stand-in answers as azd's cmd/env.go does; keys a script changes in `.env` become its outputs.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import {
  CLI,
  ROOT,
  azureYaml,
  baseEnv,
  dotenvOf,
  makeProject,
  outputsScript,
  readIf,
  runCli,
  runNode,
  standIn,
  tempDir,
  type FileSpec,
  waitFor,
  type RunResult,
} from '../helpers.js';
import { describeRun as describeAction, runAction } from '../github/runner.js';
import { describeRun as describeTask, runTask, type TaskRun } from '../azure-pipelines/agent.js';

/** process.env.PATH without any folder that holds an `azd`: the scripts must find ours, not one of the machine's. */
function pathWithoutAzd(): string {
  return (process.env.PATH ?? '/usr/bin:/bin')
    .split(path.delimiter)
    .filter((dir) => dir && !existsSync(path.join(dir, 'azd')))
    .join(path.delimiter);
}

const NO_AZD = { PATH: pathWithoutAzd() };

function cli(project: string, args: string[], env: Record<string, string> = {}): Promise<RunResult> {
  return runCli(args, { cwd: project, env: baseEnv({ ...NO_AZD, ...env }) });
}

/** Lines a script writes to `<root>/trace.log`. */
function trace(root: string): string[] {
  return (readIf(path.join(root, 'trace.log')) ?? '').split('\n').filter(Boolean);
}

/**
 * An azd-template-style project: the first hook stores values with `azd env set` (both forms) and `echo >> .env`,
 * the second reads them back with get-value / get-values (dotenv and JSON), the destroy hook reads one.
 */
function hookProject(): Record<string, FileSpec> {
  return {
    'azure.yaml': azureYaml({
      provision: [
        { shell: 'bash', name: 'preprovision', run: 'hooks/preprovision.sh' },
        { shell: 'bash', name: 'postprovision', run: 'hooks/postprovision.sh' },
      ],
      destroy: [{ shell: 'bash', name: 'predown', run: 'hooks/predown.sh' }],
    }),
    'hooks/preprovision.sh': [
      '#!/usr/bin/env bash',
      'set -euo pipefail',
      'echo "azd is $(command -v azd)" >> trace.log',
      'azd env set STORAGE_ACCOUNT "st${AZURE_ENV_NAME}001"',
      'azd env set API_URL="https://api.example.net/v1?a=1&b=\\$x" API_TOKEN=tok-5566-secretish',
      'azd env set ZERO_PADDED 007',
      'echo "DIRECT_KEY=written-by-echo" >> ".azure/${AZURE_ENV_NAME}/.env"',
      '',
    ].join('\n'),
    'hooks/postprovision.sh': [
      '#!/usr/bin/env bash',
      'set -euo pipefail',
      'echo "account=$(azd env get-value STORAGE_ACCOUNT)" >> trace.log',
      'echo "env-var=${STORAGE_ACCOUNT}" >> trace.log',
      'azd env get-values > values.env',
      'azd env get-values --output json > values.json',
      'set +e',
      'azd env get-value NOT_THERE > missing.out; echo "missing-exit=$?" >> trace.log',
      'azd up > up.out 2> up.err; echo "up-exit=$?" >> trace.log',
      '',
    ].join('\n'),
    'hooks/predown.sh': [
      '#!/usr/bin/env bash',
      'set -euo pipefail',
      'echo "deleting $(azd env get-value STORAGE_ACCOUNT)" >> trace.log',
      '',
    ].join('\n'),
  };
}

/** As the hooks left it: the stand-in's writes sorted as azd writes, then the line `echo` appended. */
const DOTENV_AFTER = [
  'API_TOKEN="tok-5566-secretish"',
  'API_URL="https://api.example.net/v1?a=1&b=\\$x"',
  'AZURE_ENV_NAME="dev"',
  'STORAGE_ACCOUNT="stdev001"',
  'ZERO_PADDED="007"',
  'DIRECT_KEY=written-by-echo',
  '',
].join('\n');

const OUTPUTS = {
  STORAGE_ACCOUNT: 'stdev001',
  API_URL: 'https://api.example.net/v1?a=1&b=$x',
  API_TOKEN: 'tok-5566-secretish',
  ZERO_PADDED: '007',
  DIRECT_KEY: 'written-by-echo',
};

/** azd's stdout for `azd env get-value KEY` when KEY is missing (exit code 1). */
function missingKey(key: string): string {
  return (
    `\nERROR: key not found in environment values: '${key}'\n\n` +
    "Suggestion: Run 'azd env get-values' to see available keys, or 'azd env set <key> <value>' to set one.\n\n"
  );
}

/** What the hooks saw, the same through every host. */
function assertHooksRan(root: string): void {
  const lines = trace(root);
  const azd = lines.find((l) => l.startsWith('azd is '))?.slice('azd is '.length) ?? '';
  assert.match(azd, /azd-scripts-shim-[^/]+\/bin\/azd$/, `our stand-in was the scripts' azd: ${lines.join('\n')}`);
  assert.equal(existsSync(path.dirname(azd)), false, 'the bin folder is removed after the run');
  assert.ok(lines.includes('account=stdev001'), lines.join('\n'));
  assert.ok(lines.includes('env-var=stdev001'), 'a value set by an earlier script reaches the next one');
  assert.ok(lines.includes('missing-exit=1'), lines.join('\n'));
  assert.ok(lines.includes('up-exit=1'), lines.join('\n'));
  assert.equal(readFileSync(path.join(root, 'missing.out'), 'utf8'), missingKey('NOT_THERE'));
  assert.equal(readFileSync(path.join(root, 'up.out'), 'utf8'), '');
  assert.match(readFileSync(path.join(root, 'up.err'), 'utf8'), /`azd up` is not supported[\s\S]*azd env set/);
  // godotenv.Marshal without azd's fixup: 007 prints as 7 (azd's get-values does the same).
  assert.equal(
    readFileSync(path.join(root, 'values.env'), 'utf8'),
    [
      'API_TOKEN="tok-5566-secretish"',
      'API_URL="https://api.example.net/v1?a=1&b=\\$x"',
      'AZURE_ENV_NAME="dev"',
      'DIRECT_KEY="written-by-echo"',
      'STORAGE_ACCOUNT="stdev001"',
      'ZERO_PADDED=7',
      '',
    ].join('\n'),
  );
  assert.equal(
    readFileSync(path.join(root, 'values.json'), 'utf8'),
    '{\n  "API_TOKEN": "tok-5566-secretish",\n  "API_URL": "https://api.example.net/v1?a=1\\u0026b=$x",\n' +
      '  "AZURE_ENV_NAME": "dev",\n  "DIRECT_KEY": "written-by-echo",\n  "STORAGE_ACCOUNT": "stdev001",\n' +
      '  "ZERO_PADDED": "007"\n}\n',
  );
  assert.equal(dotenvOf(root, 'dev'), DOTENV_AFTER);
  const config = JSON.parse(readFileSync(path.join(root, '.azure', 'dev', 'config.json'), 'utf8')) as {
    scripts: { outputs: string[] };
  };
  assert.deepEqual(config.scripts.outputs, Object.keys(OUTPUTS).sort(), 'recorded for state and down');
}

describe('issue 10.3: hook scripts calling azd env set/get-value/get-values run with no azd installed (CLI)', () => {
  it('provision is green, keys the scripts set become outputs, state prints them and down removes them', async () => {
    const root = makeProject(hookProject());
    const r = await cli(root, ['provision', '-e', 'dev', '-o', 'json']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assertHooksRan(root);
    const result = JSON.parse(r.stdout) as { outputs: Record<string, { value: string; type: string }> };
    assert.deepEqual(
      Object.fromEntries(Object.entries(result.outputs).map(([k, v]) => [k, v.value])),
      OUTPUTS,
      'every key a script added or changed is an output',
    );
    assert.equal(result.outputs.STORAGE_ACCOUNT!.type, 'string');
    assert.equal('AZURE_ENV_NAME' in result.outputs, false, 'an unchanged key is no output');

    const state = await cli(root, ['state', '-e', 'dev', '-o', 'json']);
    assert.equal(state.code, 0, state.stderr);
    const recorded = JSON.parse(state.stdout) as { outputs: Record<string, { value: string }> };
    assert.deepEqual(Object.keys(recorded.outputs).sort(), Object.keys(OUTPUTS).sort());

    const down = await cli(root, ['down', '-e', 'dev', '--force']);
    assert.equal(down.code, 0, down.stdout + down.stderr);
    assert.ok(trace(root).includes('deleting stdev001'), 'the destroy hook read the value through the stand-in');
    assert.equal(dotenvOf(root, 'dev'), 'AZURE_ENV_NAME="dev"\n', 'down removed the recorded keys');
  });

  it('text output lists the keys as outputs and a failing get-value fails the script with exit code 1', async () => {
    const root = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', name: 'reader', run: 'reader.sh' }] }),
      'reader.sh': '#!/usr/bin/env bash\nset -e\nazd env set SEEN yes\nazd env get-value ABSENT\necho unreachable\n',
    });
    const r = await cli(root, ['provision', '-e', 'dev']);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /^Failed: reader \(exit code: 1, [0-9.]+s\)$/m);
    assert.ok(r.stdout.includes(missingKey('ABSENT')), r.stdout);
    assert.doesNotMatch(r.stdout, /unreachable/);
    // A failed script's .env changes stay in .env (its own azd did that) but are not its outputs.
    assert.match(dotenvOf(root, 'dev') ?? '', /^SEEN="yes"$/m);
  });

  it('a key set by the engine itself (a saved parameter) is not a script output', async () => {
    const root = makeProject({
      'azure.yaml': azureYaml({
        provision: [{ shell: 'bash', name: 'one', run: 'one.sh', parameters: 'one.parameters.json' }],
      }),
      'one.parameters.json': JSON.stringify({ parameters: { REGION: { type: 'string' } } }),
      'one.sh': '#!/usr/bin/env bash\nazd env set FROM_SCRIPT "in-${REGION}"\n',
    });
    const r = await cli(root, ['provision', '-e', 'dev', '-p', 'REGION=westus', '-o', 'json']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(dotenvOf(root, 'dev') ?? '', /^REGION="westus"$/m, 'the parameter was saved to .env');
    const result = JSON.parse(r.stdout) as { outputs: Record<string, { value: string }> };
    assert.deepEqual(Object.keys(result.outputs), ['FROM_SCRIPT']);
    assert.equal(result.outputs.FROM_SCRIPT!.value, 'in-westus');
  });

  it('when outputs.json and .env both give a key, the outputs.json output wins (value, type, and .env)', async () => {
    const root = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', name: 'both', run: 'scripts/both.sh' }] }),
      'scripts/both.sh': outputsScript(
        { PORT: { type: 'int', value: 8443 }, NAME: { type: 'string', value: 'from-json' } },
        'azd env set NAME from-env\nazd env set ONLY_ENV only',
      ),
    });
    const r = await cli(root, ['provision', '-e', 'dev', '-o', 'json']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const result = JSON.parse(r.stdout) as { outputs: Record<string, { value: string; type: string }> };
    const brief = (k: string) => ({ value: result.outputs[k]?.value, type: result.outputs[k]?.type });
    assert.deepEqual(brief('NAME'), { value: 'from-json', type: 'string' });
    assert.deepEqual(brief('PORT'), { value: '8443', type: 'int' });
    assert.deepEqual(brief('ONLY_ENV'), { value: 'only', type: 'string' });
    assert.equal(dotenvOf(root, 'dev'), 'AZURE_ENV_NAME="dev"\nNAME="from-json"\nONLY_ENV="only"\nPORT=8443\n');
  });

  it('with an azd on PATH (a stand-in), ours is not put on PATH and that azd gets the calls', async () => {
    const fake = standIn('azd');
    const root = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', name: 'one', run: 'one.sh' }] }),
      'one.sh': '#!/usr/bin/env bash\ncommand -v azd > which.txt\nazd env set KEY value\n',
    });
    const r = await cli(root, ['provision', '-e', 'dev'], { PATH: `${fake.dir}${path.delimiter}${pathWithoutAzd()}` });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(readFileSync(path.join(root, 'which.txt'), 'utf8').trim(), path.join(fake.dir, 'azd'));
    assert.deepEqual(readFileSync(fake.argvFile, 'utf8').split('\n'), ['env', 'set', 'KEY', 'value', '']);
    assert.doesNotMatch(dotenvOf(root, 'dev') ?? '', /KEY/, 'the installed azd (here a stand-in) did the work');
  });

  it('the example project examples/hooks runs green with no cloud and no azd, then tears down', async () => {
    const root = makeProject({});
    cpSync(path.join(ROOT, 'examples', 'hooks'), root, {
      recursive: true,
      filter: (src) => !/(^|\/)(\.azure|\.local-cloud)$/.test(src),
    });
    const r = await cli(root, ['provision', '-e', 'dev']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /^ {2}AZURE_STORAGE_ACCOUNT=stdevhooks$/m);
    assert.match(r.stdout, /^Container: uploads \(Standard_LRS\)$/m);
    assert.match(r.stdout, /^ {2}SERVICE_WEB_URI=http:\/\/localhost:8080\/dev$/m);
    assert.ok(existsSync(path.join(root, '.local-cloud', 'dev', 'stdevhooks')));
    const down = await cli(root, ['down', '-e', 'dev', '--force']);
    assert.equal(down.code, 0, down.stdout + down.stderr);
    assert.equal(existsSync(path.join(root, '.local-cloud', 'dev', 'stdevhooks')), false);
    assert.equal(dotenvOf(root, 'dev'), 'AZURE_ENV_NAME="dev"\n');
  });
});

describe('issue 10.3: azd env hooks with no azd installed (GitHub Action)', () => {
  it('runs green; changed keys are step outputs and in outputs JSON, masked-outputs masked', async () => {
    const root = makeProject(hookProject());
    const run = await runAction({
      workspace: root,
      inputs: { environment: 'dev', 'masked-outputs': 'API_TOKEN' },
      env: NO_AZD,
    });
    assert.equal(run.code, 0, describeAction(run));
    assert.deepEqual(run.errors, [], describeAction(run));
    assertHooksRan(root);
    for (const [key, value] of Object.entries(OUTPUTS)) assert.equal(run.outputs.get(key), value, key);
    const { API_TOKEN: _masked, ...visible } = OUTPUTS;
    assert.deepEqual(JSON.parse(run.outputs.get('outputs') ?? 'null'), visible);
    assert.ok(run.masks.includes('tok-5566-secretish'), 'a masked-outputs key set with azd env set is masked');
  });
});

describe('issue 10.3: a key a script stores holding a secret parameter is masked (GitHub Action)', () => {
  it('is a secret step output, masked, and left out of the outputs JSON', async () => {
    const root = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', name: 'db', run: 'db.sh', parameters: 'db.json' }] }),
      'db.json': JSON.stringify({ parameters: { DB_PASSWORD: { type: 'string', secret: true } } }),
      'db.sh': '#!/usr/bin/env bash\nazd env set DB_CONN "Server=db;Password=${DB_PASSWORD}"\nazd env set DB_HOST db\n',
    });
    const run = await runAction({
      workspace: root,
      inputs: { environment: 'dev' },
      env: { ...NO_AZD, DB_PASSWORD: 'Pa55-w0rd-xyz' },
    });
    assert.equal(run.code, 0, describeAction(run));
    assert.equal(run.outputs.get('DB_CONN'), 'Server=db;Password=Pa55-w0rd-xyz');
    assert.ok(run.masks.includes('Server=db;Password=Pa55-w0rd-xyz'), describeAction(run));
    assert.deepEqual(JSON.parse(run.outputs.get('outputs') ?? 'null'), { DB_HOST: 'db' });
    assert.doesNotMatch(run.summary, /Pa55-w0rd-xyz/);
  });
});

describe('issue 10.3: azd env hooks with no azd installed (Azure Pipelines task)', () => {
  it('runs green; changed keys are output variables and in outputs JSON, maskedOutputs secret', async () => {
    const root = makeProject(hookProject());
    const run: TaskRun = await runTask({
      sources: root,
      inputs: { environmentName: 'dev', maskedOutputs: 'API_TOKEN' },
      env: NO_AZD,
    });
    assert.equal(run.code, 0, describeTask(run));
    assert.deepEqual(run.errors, [], describeTask(run));
    assertHooksRan(root);
    for (const [key, value] of Object.entries(OUTPUTS)) {
      assert.equal(run.outputs.get(key)?.value, value, key);
      assert.equal(run.outputs.get(key)?.isSecret, key === 'API_TOKEN', `${key} issecret`);
    }
    const { API_TOKEN: _masked, ...visible } = OUTPUTS;
    assert.deepEqual(JSON.parse(run.outputs.get('outputs')?.value ?? 'null'), visible);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The stand-in itself, as each bundle ships it, against azd's cmd/env.go

const SHIMS = ['dist/cli', 'dist/action', 'task/dist'].map((b) => path.join(ROOT, b, 'azd-shim', 'index.js'));

/** A project with environments dev (the default) and other. */
function shimProject(): string {
  return makeProject({
    'azure.yaml': 'name: shim\n',
    '.azure/config.json': '{"version":1,"defaultEnvironment":"dev"}',
    '.azure/dev/.env': 'AZURE_ENV_NAME="dev"\nCOUNT=01\nNAME="dev-name"\nname="lower"\n',
    '.azure/dev/config.json': '{}',
    '.azure/other/.env': 'AZURE_ENV_NAME="other"\n',
    'sub/dir/.keep': '',
    'vals.env': '# a comment\nFROM_FILE=one\nexport ALSO="two words"\n',
  });
}

function azd(root: string, args: string[], env: Record<string, string> = {}, shim = SHIMS[0]!) {
  return runNode(shim, args, {
    cwd: root,
    env: baseEnv({ AZD_SCRIPTS_SHIM_ROOT: root, AZURE_ENV_NAME: 'dev', ...env }),
  });
}

function expectRun(r: RunResult, stdout: string, code: number, stderr = ''): void {
  assert.deepEqual({ stdout: r.stdout, stderr: r.stderr, code: r.code }, { stdout, stderr, code });
}

describe("issue 10.3: the azd stand-in's outputs and exit codes are azd's (cmd/env.go)", () => {
  it('is in every bundle (dist/cli, dist/action, task/dist), each able to run alone', async () => {
    for (const shim of SHIMS) {
      assert.deepEqual(JSON.parse(readFileSync(path.join(path.dirname(shim), 'package.json'), 'utf8')), {
        type: 'module',
      });
      const root = shimProject();
      expectRun(await azd(root, ['env', 'get-value', 'NAME'], {}, shim), 'dev-name\n', 0);
    }
  });

  it('env get-value prints the value and a newline; errors are azd ERROR/Suggestion blocks on stdout, exit 1', async () => {
    const root = shimProject();
    expectRun(await azd(root, ['env', 'get-value', 'COUNT']), '01\n', 0);
    expectRun(await azd(root, ['env', 'get-value', 'NOPE']), missingKey('NOPE'), 1);
    expectRun(
      await azd(root, ['env', 'get-value']),
      "\nERROR: no key name provided\n\nSuggestion: Run 'azd env get-value <key>' specifying the key name.\n\n",
      1,
    );
    expectRun(
      await azd(root, ['env', 'get-value', 'NAME', '-e', 'ghost']),
      "\nERROR: environment 'ghost' does not exist: environment not found\n\n" +
        "Suggestion: Run 'azd env list' to see environments, or 'azd env new ghost' to create it.\n\n",
      1,
    );
    expectRun(await azd(root, ['env', 'get-value', 'A', 'B']), '\nERROR: accepts at most 1 arg(s), received 2\n', 1);
  });

  it('env get-values prints godotenv.Marshal (no fixup) or --output json; -e/--environment pick the env', async () => {
    const root = shimProject();
    expectRun(
      await azd(root, ['env', 'get-values']),
      'AZURE_ENV_NAME="dev"\nCOUNT=1\nNAME="dev-name"\nname="lower"\n',
      0,
    );
    expectRun(
      await azd(root, ['env', 'get-values', '--output', 'json']),
      '{\n  "AZURE_ENV_NAME": "dev",\n  "COUNT": "01",\n  "NAME": "dev-name",\n  "name": "lower"\n}\n',
      0,
    );
    expectRun(
      await azd(root, ['env', 'get-values', '-o=json', '-e', 'other']),
      '{\n  "AZURE_ENV_NAME": "other"\n}\n',
      0,
    );
    expectRun(await azd(root, ['env', 'get-values', '--environment=other']), 'AZURE_ENV_NAME="other"\n', 0);
    expectRun(
      await azd(root, ['env', 'get-values', '-e', 'ghost']),
      "\nERROR: environment does not exist: environment not found\n\nSuggestion: Run 'azd env new <name>' to create an environment.\n\n",
      1,
    );
    expectRun(
      await azd(root, ['env', 'get-values', '-o', 'json', '-e', 'ghost']),
      '',
      1,
      '{"error":"environment does not exist: environment not found","suggestion":"Run \'azd env new <name>\' to create an environment."}\n',
    );
    expectRun(
      await azd(root, ['env', 'get-values', '-o', 'yaml']),
      "\nERROR: unsupported format 'yaml' for --output\n",
      1,
    );
    // Without AZURE_ENV_NAME, the project's default environment.
    const noName = await runNode(SHIMS[0]!, ['env', 'get-value', 'NAME'], {
      cwd: root,
      env: baseEnv({ AZD_SCRIPTS_SHIM_ROOT: root }),
    });
    expectRun(noName, 'dev-name\n', 0);
  });

  it('env set: KEY VALUE, KEY=VALUE pairs and --file, merged into .env as azd writes it; prints nothing', async () => {
    const root = shimProject();
    expectRun(await azd(root, ['env', 'set', 'URL', 'https://x/?a=1&b=$c']), '', 0);
    expectRun(await azd(root, ['env', 'set', 'A=1', 'B=x=y', 'EMPTY=']), '', 0);
    expectRun(await azd(root, ['env', 'set', '--file', 'vals.env']), '', 0);
    expectRun(await azd(root, ['env', 'set', 'K', 'v', '--environment', 'other']), '', 0);
    assert.equal(
      dotenvOf(root, 'dev'),
      'A=1\nALSO="two words"\nAZURE_ENV_NAME="dev"\nB="x=y"\nCOUNT="01"\nEMPTY=""\nFROM_FILE="one"\n' +
        'NAME="dev-name"\nURL="https://x/?a=1&b=\\$c"\nname="lower"\n',
    );
    assert.equal(dotenvOf(root, 'other'), 'AZURE_ENV_NAME="other"\nK="v"\n');
  });

  it('env set errors and warnings are azd\u2019s', async () => {
    const root = shimProject();
    const noValues =
      "\nERROR: no environment values provided\n\nSuggestion: Provide values as 'azd env set <key> <value>', " +
      "'azd env set <key>=<value>', or 'azd env set --file <path>'.\n\n";
    expectRun(await azd(root, ['env', 'set']), noValues, 1);
    expectRun(await azd(root, ['env', 'set', 'ONLYKEY']), '\nERROR: invalid key=value format: ONLYKEY\n', 1);
    expectRun(await azd(root, ['env', 'set', 'A=1', 'B']), '\nERROR: invalid key=value format: B\n', 1);
    expectRun(
      await azd(root, ['env', 'set', '--file', 'vals.env', 'X=1']),
      '\nERROR: cannot combine --file flag with key-value arguments: invalid flag combination\n\n' +
        "Suggestion: Use either '--file <path>' or '<key> <value>' arguments, not both.\n\n",
      1,
    );
    expectRun(
      await azd(root, ['env', 'set', '--file', 'nope.env']),
      '\nERROR: failed to open file nope.env: open nope.env: no such file or directory\n',
      1,
    );
    expectRun(await azd(root, ['env', 'set', 'Name', 'x']), "WARNING: 'Name' already exists as 'NAME' and 'name'\n", 0);
    expectRun(
      await azd(root, ['env', 'set', 'count', '2']),
      "WARNING: 'count' already exists as 'COUNT'. Did you mean to set 'COUNT' instead?\n",
      0,
    );
    expectRun(await azd(root, ['env', 'set', 'K', 'v', '--output', 'json']), '\nERROR: unknown flag: --output\n', 1);
    const before = dotenvOf(root, 'dev');
    const bad = await azd(root, ['env', 'set', 'TRAILING', 'ends with \\']);
    assert.equal(bad.code, 1);
    assert.match(bad.stdout, /^\nERROR: cannot set TRAILING: its value ends with a backslash/);
    assert.equal(dotenvOf(root, 'dev'), before, 'a value azd could not read back is refused, .env unchanged');
  });

  it('finds the project upward from -C/--cwd, as azd does, over the root we set', async () => {
    const root = shimProject();
    const other = makeProject({
      'azure.yaml': 'name: other\n',
      '.azure/dev/.env': 'AZURE_ENV_NAME="dev"\nWHERE="other-project"\n',
      'deep/er/.keep': '',
    });
    expectRun(
      await azd(root, ['-C', path.join(other, 'deep', 'er'), 'env', 'get-value', 'WHERE']),
      'other-project\n',
      0,
    );
    expectRun(await azd(root, ['env', 'get-value', 'WHERE', `--cwd=${other}`]), 'other-project\n', 0);
    // A relative --file is read from the --cwd folder, as azd changes directory first.
    expectRun(await azd(other, ['env', 'set', '-C', root, '--file', 'vals.env']), '', 0);
    expectRun(await azd(other, ['env', 'get-value', '-C', root, 'FROM_FILE']), 'one\n', 0);
    expectRun(
      await azd(root, ['env', 'get-value', 'WHERE', '--cwd', path.join(other, '..')]),
      '\nERROR: no project exists; to create a new project, run `azd init`\n',
      1,
    );
    // Without our variable, from a sub-folder of the project, as azd searches.
    const fromSub = await runNode(SHIMS[0]!, ['env', 'get-value', 'NAME'], {
      cwd: path.join(root, 'sub', 'dir'),
      env: baseEnv({ AZURE_ENV_NAME: 'dev' }),
    });
    expectRun(fromSub, 'dev-name\n', 0);
  });

  it('any other azd command fails (exit 1) saying what the stand-in does and does not do', async () => {
    const root = shimProject();
    for (const args of [['up'], ['provision'], ['env', 'list'], ['env', 'new', 'x'], ['auth', 'login'], []]) {
      const r = await azd(root, args);
      assert.equal(r.code, 1, args.join(' '));
      assert.equal(r.stdout, '');
      assert.ok(r.stderr.includes(`\`${['azd', ...args].join(' ')}\` is not supported`), r.stderr);
      assert.match(r.stderr, /no azd is installed/);
      assert.match(r.stderr, /supports only `azd env set`, `azd env get-value` and `azd env get-values`/);
      assert.match(r.stderr, /https:\/\/aka\.ms\/azd-install/);
    }
    assert.equal(dotenvOf(root, 'dev'), 'AZURE_ENV_NAME="dev"\nCOUNT=01\nNAME="dev-name"\nname="lower"\n');
  });
});

describe('issue 10.3: the per-run bin folder', () => {
  it("is first on the scripts' PATH and removed after a failed run too", async () => {
    const root = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', name: 'fails', run: 'fails.sh' }] }),
      'fails.sh': '#!/usr/bin/env bash\ncommand -v azd > which.txt\necho "$PATH" > path.txt\nexit 3\n',
    });
    const r = await cli(root, ['provision', '-e', 'dev']);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const bin = path.dirname(readFileSync(path.join(root, 'which.txt'), 'utf8').trim());
    assert.equal(readFileSync(path.join(root, 'path.txt'), 'utf8').split(path.delimiter)[0], bin, 'first on PATH');
    assert.equal(existsSync(bin), false);
  });

  it("lives in the agent's temp folder, where it sweeps the folders of runs that were killed", async () => {
    const temp = tempDir('azd-scripts-agent-temp-');
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    const stale = path.join(temp, `azd-scripts-shim-${dead}-AbC123`);
    mkdirSync(path.join(stale, 'bin'), { recursive: true });
    const alive = path.join(temp, `azd-scripts-shim-${process.pid}-XyZ789`);
    mkdirSync(alive);
    const root = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', name: 'one', run: 'one.sh' }] }),
      'one.sh': '#!/usr/bin/env bash\ncommand -v azd > which.txt\n',
    });
    const r = await cli(root, ['provision', '-e', 'dev'], { RUNNER_TEMP: temp });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const azdPath = readFileSync(path.join(root, 'which.txt'), 'utf8').trim();
    assert.equal(path.dirname(path.dirname(path.dirname(azdPath))), temp);
    assert.equal(existsSync(stale), false, 'the folder of a dead run is swept');
    assert.equal(existsSync(alive), true, 'the folder of a live process is left alone');
  });

  it('that cannot be created costs a warning, not the run, when scripts do not call azd', async () => {
    const root = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', name: 'plain', run: 'plain.sh' }] }),
      'plain.sh': '#!/usr/bin/env bash\necho plain-ran\n',
      'not-a-folder': 'a file where the temp folder should be',
    });
    const r = await cli(root, ['provision', '-e', 'dev'], { RUNNER_TEMP: path.join(root, 'not-a-folder') });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /^plain-ran$/m);
    assert.match(r.stdout + r.stderr, /azd stand-in for scripts could not be set up .*scripts that call azd will fail/);
  });

  it('is removed when the run is cancelled (SIGINT) while a script runs', async () => {
    const root = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', name: 'slow', run: 'slow.sh' }] }),
      'slow.sh': '#!/usr/bin/env bash\ncommand -v azd > which.tmp && mv which.tmp which.txt\nsleep 30\n',
    });
    const child = spawn(process.execPath, [CLI, 'provision', '-e', 'dev'], {
      cwd: root,
      env: baseEnv(NO_AZD),
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    await waitFor('the script to start', () => existsSync(path.join(root, 'which.txt')), 20_000);
    const bin = path.dirname(readFileSync(path.join(root, 'which.txt'), 'utf8').trim());
    assert.equal(existsSync(bin), true);
    child.kill('SIGINT');
    assert.equal(await exited, 130);
    assert.equal(existsSync(bin), false);
  });
});
