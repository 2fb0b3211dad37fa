/**
 * Secret hygiene (reliability item 6). A secret parameter (from the OS environment and from the parameters input)
 * and secure outputs (securestring, multi-line securestring, secureobject) are planted; a later script fails
 * quoting them on stderr. Then everything we produce is searched for them: stdout and stderr of the CLI (text and
 * `--output json`), the GitHub Action and the Azure Pipelines task (the scripts' own output lines left out:
 * that is the script printing, which the CI agents mask), `.azure/**` (.env, config.json), the job summaries
 * and the error messages. Also: no user-controlled text we print can start a workflow command (`::…`) or a
 * logging command (`##vso[`, `##[`).
 */
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { azureYaml, baseEnv, makeProject, outputsScript, runCli, type RunResult } from '../helpers.js';
import { describeRun as describeAction, maskProblems, parseWorkflowCommand, runAction } from '../github/runner.js';
import { describeRun as describeTask, parseVso, runTask, secretProblems } from '../azure-pipelines/agent.js';
import { badInput, rit, snapshot } from './support.js';

const hex = () => randomBytes(6).toString('hex');

interface Planted {
  root: string;
  password: string;
  apiKey: string;
  certLines: string[];
  objectSecret: string;
  /** Every secret piece to search for. */
  pieces: string[];
  /** The secret values as a script receives them (what a host can register for masking). */
  values: string[];
  /** Lines the failing script itself prints on stderr (the script's output, not ours). */
  scriptLines: string[];
}

function plant(): Planted {
  const password = `pw-${hex()}`;
  const apiKey = `key-${hex()}`;
  const certLines = [`cert-one-${hex()}`, `cert-two-${hex()}`];
  const objectSecret = `obj-${hex()}`;
  const root = makeProject({
    'azure.yaml': azureYaml({
      provision: [
        { shell: 'bash', name: 'setup', run: 'scripts/setup/run.sh', parameters: 'params.json' },
        { shell: 'bash', name: 'use', run: 'scripts/use/run.sh' },
        { shell: 'bash', name: 'fails', run: 'scripts/fails/run.sh' },
      ],
    }),
    'params.json': JSON.stringify({
      parameters: {
        DB_PASSWORD: { type: 'string', secret: true, name: 'Database password' },
        REGION: { type: 'string', value: 'westeurope' },
      },
    }),
    'scripts/setup/run.sh': outputsScript(
      {
        API_KEY: { type: 'securestring', value: apiKey },
        CERT: { type: 'securestring', value: certLines.join('\n') },
        CONFIG: { type: 'secureObject', value: { password: objectSecret, port: 5432 } },
        PLAIN: { type: 'string', value: 'plain-value' },
      },
      'mkdir -p .seen && printf %s "$DB_PASSWORD" > .seen/DB_PASSWORD',
    ),
    'scripts/use/run.sh':
      '#!/usr/bin/env bash\nfor k in API_KEY CERT CONFIG DB_PASSWORD; do printf %s "${!k}" > ".seen/$k"; done\n',
    'scripts/fails/run.sh':
      '#!/usr/bin/env bash\necho "connecting with $DB_PASSWORD and $API_KEY failed" >&2\nprintf \'%s\\n\' "$CERT" >&2\necho "config: $CONFIG" >&2\nexit 3\n',
  });
  const config = `{"password":"${objectSecret}","port":5432}`;
  return {
    root,
    password,
    apiKey,
    certLines,
    objectSecret,
    pieces: [password, apiKey, ...certLines, objectSecret],
    values: [password, apiKey, certLines.join('\n'), config],
    scriptLines: [`connecting with ${password} and ${apiKey} failed`, ...certLines, `config: ${config}`],
  };
}

/** The lines of `text` that the scripts did not print themselves. */
function ours(text: string, scriptLines: string[]): string {
  return text
    .split('\n')
    .filter((l) => !scriptLines.includes(l))
    .join('\n');
}

function leaks(where: string, text: string, p: Planted): string[] {
  return p.pieces.filter((s) => text.includes(s)).map((s) => `${where} shows ${s}`);
}

/** Everything under .azure/, as text. */
function azureFiles(root: string): string {
  const dir = path.join(root, '.azure');
  return [...snapshot(dir).entries()]
    .filter(([, v]) => v.startsWith('file'))
    .map(([rel]) => `--- ${rel}\n${readFileSync(path.join(dir, rel), 'utf8')}`)
    .join('\n');
}

/** The scripts received every secret exactly. */
function received(p: Planted): void {
  const seen = (k: string) => readFileSync(path.join(p.root, '.seen', k), 'utf8');
  assert.equal(seen('DB_PASSWORD'), p.password);
  assert.equal(seen('API_KEY'), p.apiKey);
  assert.equal(seen('CERT'), p.certLines.join('\n'));
  assert.equal(seen('CONFIG'), `{"password":"${p.objectSecret}","port":5432}`);
}

describe('secret hygiene: a secret parameter and secure outputs appear nowhere we write', () => {
  for (const via of ['env', 'param'] as const) {
    rit(
      `CLI (secret from ${via === 'env' ? 'the OS environment' : '--param'}): stdout, stderr, --output json, .azure, error`,
      async () => {
        const p = plant();
        const args = ['provision', '-e', 'dev', ...(via === 'param' ? ['--param', `DB_PASSWORD=${p.password}`] : [])];
        const env = baseEnv(via === 'env' ? { DB_PASSWORD: p.password } : {});
        const text = await runCli(args, { cwd: p.root, env });
        const json = await runCli([...args, '-o', 'json'], { cwd: p.root, env });
        badInput(2);
        for (const r of [text, json]) assert.equal(r.code, 1, r.stderr);
        received(p);
        const problems = [
          ...leaks('CLI stdout', text.stdout, p),
          ...leaks('CLI stderr', ours(text.stderr, p.scriptLines), p),
          ...leaks('--output json', json.stdout, p),
          ...leaks('CLI stderr (json)', ours(json.stderr, p.scriptLines), p),
          ...leaks('.azure', azureFiles(p.root), p),
        ];
        assert.deepEqual(problems, []);
        // The error quoted the failing script's stderr, with the secrets redacted.
        assert.match(
          text.stderr,
          /error: Script "fails" failed with exit code 3[^]*connecting with \*\*\* and \*\*\* failed/,
        );
        const result = JSON.parse(json.stdout) as {
          outputs: Record<string, { value: string; secret: boolean }>;
          scripts: Array<{ stderrTail?: string }>;
        };
        assert.deepEqual(result.outputs.API_KEY, { value: '***', secret: true, masked: true, type: 'securestring' });
        assert.match(result.scripts[2]!.stderrTail ?? '', /connecting with \*\*\* and \*\*\* failed/);
        assert.match(readFileSync(path.join(p.root, '.azure', 'dev', '.env'), 'utf8'), /^PLAIN="plain-value"$/m);
      },
    );
  }

  for (const via of ['env', 'parameters'] as const) {
    rit(
      `GitHub Action (secret from ${via === 'env' ? 'env:' : 'the parameters input'}): log, stderr, annotations, summary, outputs JSON, .azure; masked before shown`,
      async () => {
        const p = plant();
        const run = await runAction({
          workspace: p.root,
          inputs: {
            environment: 'dev',
            'masked-outputs': 'PLAIN',
            ...(via === 'parameters' ? { parameters: `REGION=westeurope\nDB_PASSWORD=${p.password}` } : {}),
          },
          env: via === 'env' ? { DB_PASSWORD: p.password } : {},
        });
        badInput();
        assert.equal(run.code, 1, describeAction(run));
        received(p);
        const log = run.log
          .filter((e) => e.command?.command !== 'add-mask')
          .map((e) => e.raw)
          .join('\n');
        const problems = [
          ...leaks('the step log', ours(log, p.scriptLines), p),
          ...leaks('stderr', ours(run.stderr, p.scriptLines), p),
          ...leaks('the step summary', run.summary, p),
          ...leaks('the outputs output', run.outputs.get('outputs') ?? '', p),
          ...leaks('.azure', azureFiles(p.root), p),
          ...[...p.values, 'plain-value'].flatMap((s) => maskProblems(run, s)),
        ];
        assert.deepEqual(problems, [], describeAction(run));
        assert.ok(
          run.errors.some((e) => e.message.includes('connecting with *** and *** failed')),
          describeAction(run),
        );
        assert.equal(JSON.parse(run.outputs.get('outputs') ?? '{}').PLAIN, undefined, 'a masked output is left out');
        assert.doesNotMatch(run.summary, /plain-value/);
      },
    );
  }

  for (const via of ['env', 'parameters'] as const) {
    rit(
      `Azure Pipelines task (secret from ${via === 'env' ? 'env:' : 'the parameters input'}): log, stderr, issues, result, summary, .azure; registered before shown`,
      async () => {
        const p = plant();
        const run = await runTask({
          sources: p.root,
          inputs: {
            environmentName: 'dev',
            ...(via === 'parameters' ? { parameters: `DB_PASSWORD=${p.password}` } : {}),
          },
          env: via === 'env' ? { DB_PASSWORD: p.password } : {},
        });
        badInput();
        received(p);
        // What a reader of the log sees: not the setsecret lines and secret variables that carry secrets to the agent.
        const shown = run.log
          .filter((e) => {
            const c = e.vso;
            if (!c) return true;
            if (c.command === 'task.setsecret') return false;
            return !(c.command === 'task.setvariable' && (c.properties.issecret ?? '') === 'true');
          })
          .map((e) => e.raw)
          .join('\n');
        const problems = [
          ...leaks('the task log', ours(shown, p.scriptLines), p),
          ...leaks('stderr', ours(run.stderr, p.scriptLines), p),
          ...leaks('the summary', run.summary, p),
          ...leaks('.azure', azureFiles(p.root), p),
          ...p.values.flatMap((s) => secretProblems(run, s)),
        ];
        assert.deepEqual(problems, [], describeTask(run));
        const complete = run.completes.at(-1);
        assert.equal(complete?.result, 'Failed');
        assert.match(complete!.message, /connecting with \*\*\* and \*\*\* failed/);
      },
    );
  }
});

describe('secret hygiene: error paths never quote a secret', () => {
  const secret = () => `s3cr3t-${hex()}`;
  const paramProject = (files: Record<string, string>, provision?: Array<Record<string, unknown>>) =>
    makeProject({
      'azure.yaml': azureYaml({
        provision: provision ?? [{ shell: 'bash', run: 'scripts/ok.sh', parameters: 'params.json' }],
      }),
      'scripts/ok.sh': '#!/usr/bin/env bash\necho ok\n',
      ...files,
    });
  const noLeak = (r: RunResult, s: string) => {
    badInput();
    assert.equal(r.code === 0, false, 'the run fails');
    assert.ok(!`${r.stdout}${r.stderr}`.includes(s), `the secret is shown:\n${r.stdout}${r.stderr}`);
  };

  rit('a secret parameter of the wrong type: "got a value", not the value', async () => {
    const s = secret();
    const root = paramProject({
      'params.json': JSON.stringify({ parameters: { PORT: { type: 'integer', secret: true } } }),
    });
    const r = await runCli(['provision', '-e', 'dev'], { cwd: root, env: baseEnv({ PORT: s }) });
    noLeak(r, s);
    assert.match(r.stderr, /parameter PORT is declared as integer and must be an integer .*but got a value/);
  });

  rit('two parameter files disagreeing on a secret value: "another value"', async () => {
    const [a, b] = [secret(), secret()];
    const root = paramProject(
      {
        'a.json': JSON.stringify({ parameters: { TOKEN: { type: 'string', secret: true, value: a } } }),
        'b.json': JSON.stringify({ parameters: { TOKEN: { type: 'string', secret: true, value: b } } }),
      },
      [
        { shell: 'bash', run: 'scripts/ok.sh', parameters: 'a.json' },
        { shell: 'bash', run: 'scripts/ok.sh', parameters: 'b.json' },
      ],
    );
    const r = await runCli(['provision', '-e', 'dev'], { cwd: root, env: baseEnv() });
    noLeak(r, a);
    noLeak(r, b);
  });

  rit('a malformed --param or parameters line holding a secret: the line number, not the text', async () => {
    const s = secret();
    const root = paramProject({ 'params.json': JSON.stringify({ parameters: {} }) });
    noLeak(await runCli(['provision', '-e', 'dev', '--param', `DB PASSWORD=${s}`], { cwd: root, env: baseEnv() }), s);
    const gh = await runAction({ workspace: root, inputs: { environment: 'dev', parameters: `A=1\n${s}` } });
    badInput();
    assert.ok(!gh.stdout.includes(s) && !gh.stderr.includes(s), describeAction(gh));
    assert.ok(
      gh.errors.some((e) => e.message.includes('line 2')),
      describeAction(gh),
    );
    const az = await runTask({ sources: root, inputs: { environmentName: 'dev', parameters: `A=1\n\n${s}` } });
    badInput();
    assert.equal(
      az.log.some((e) => e.raw.includes(s)),
      false,
      describeTask(az),
    );
    assert.match(az.completes.at(-1)?.message ?? '', /line 3/);
  });

  rit('preview lists a secret parameter as ***', async () => {
    const s = secret();
    const root = paramProject({
      'params.json': JSON.stringify({ parameters: { TOKEN: { type: 'string', secret: true } } }),
    });
    const r = await runCli(['preview', '-e', 'dev'], { cwd: root, env: baseEnv({ TOKEN: s }) });
    badInput();
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /TOKEN = \*\*\*/);
    assert.ok(!`${r.stdout}${r.stderr}`.includes(s));
  });

  /** No 8 characters of `secret` in a row appear in the output (JSON errors quote the text around the fault). */
  const noPartialLeak = (r: RunResult, s: string) => {
    badInput();
    const output = `${r.stdout}${r.stderr}`;
    const parts = Array.from({ length: s.length - 7 }, (_, i) => s.slice(i, i + 8)).filter((part) =>
      output.includes(part),
    );
    assert.deepEqual(parts, [], `part of the secret is shown:\n${output}`);
  };

  rit('a broken outputs.json with an unquoted securestring value: the JSON error quotes no part of it', async () => {
    const s = secret();
    const root = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/w/run.sh' }] }),
      // the script forgot the quotes: printf '..."value": %s...' "$PASSWORD"
      'scripts/w/run.sh': `#!/usr/bin/env bash\nprintf '%s' '{"outputs": {"DB_PASSWORD": {"type": "securestring", "value": ${s}}}}' > scripts/w/outputs.json\n`,
    });
    const r = await runCli(['provision', '-e', 'dev'], { cwd: root, env: baseEnv() });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /outputs\.json:1:\d+: the outputs file is not valid JSON/);
    noPartialLeak(r, s);
  });

  rit('a broken parameter file with an unquoted secret value: the JSON error quotes no part of it', async () => {
    const s = secret();
    const root = paramProject({
      'params.json': `{"parameters": {"TOKEN": {"type": "string", "secret": true, "value": ${s}}}}`,
    });
    const r = await runCli(['provision', '-e', 'dev'], { cwd: root, env: baseEnv() });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /params\.json:1:\d+: the parameter file is not valid JSON/);
    noPartialLeak(r, s);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Workflow and logging commands in user-controlled text

/** Hostile text: each piece, if printed at the start of a line, would be a command of a CI agent. */
const PAYLOADS = [
  '::notice::PWNED-1',
  '::error::PWNED-2',
  '::warning::PWNED-3',
  '::add-mask::PWNED-4',
  '::group::PWNED-5',
  '::set-output name=PWNED_6::x',
  '::stop-commands::PWNED7',
  '  ::set-env name=PWNED_8::x',
  '##vso[task.setvariable variable=PWNED_9]x',
  '##[error]PWNED-10',
  '##vso[task.complete result=Succeeded;]PWNED-11',
  '##vso[task.issue type=error;sourcepath=PWNED]12',
];
const HOSTILE_NAME = `deploy\n${PAYLOADS.slice(0, 4).join('\r')}\u2028${PAYLOADS.slice(8, 10).join('\n')}`;

function hostileProject(): { root: string; scriptLines: string[] } {
  const root = makeProject({
    'azure.yaml': azureYaml({
      provision: [
        { shell: 'bash', name: HOSTILE_NAME, run: 'scripts/setup/run.sh', parameters: 'params.json' },
        { shell: 'bash', name: `fails ${PAYLOADS[10]}`, run: 'scripts/fails/run.sh' },
      ],
    }),
    'params.json': JSON.stringify({
      parameters: { NOTE: { type: 'string', value: `first\n${PAYLOADS.join('\n')}` } },
    }),
    'scripts/setup/run.sh': outputsScript({
      RESULT: { type: 'string', value: `ok\n${PAYLOADS.join('\n')}\rlast` },
      [`WEIRD`]: { type: 'string', value: `ends with a quote ${PAYLOADS[0]}"` },
    }),
    'scripts/fails/run.sh': `#!/usr/bin/env bash\ncat >&2 <<'EOF'\n${PAYLOADS.join('\n')}\nEOF\nexit 4\n`,
  });
  return { root, scriptLines: PAYLOADS };
}

/** Lines as a CI agent splits them (CR, LF, CRLF; the runner also reads U+2028 as text, so it is no break). */
function agentLines(text: string, scriptLines: string[]): string[] {
  return text.split(/\r\n|\r|\n/).filter((l) => !scriptLines.includes(l));
}

/** Commands that user text started, as GitHub's runner would execute them. */
function githubInjections(lines: string[]): string[] {
  const found: string[] = [];
  for (const line of lines) {
    const c = parseWorkflowCommand(line);
    if (!c) continue;
    const props = JSON.stringify(c.properties);
    if (
      ['notice', 'set-output', 'set-env', 'add-path', 'save-state', 'stop-commands', 'echo', 'debug'].includes(
        c.command,
      )
    )
      found.push(line);
    else if (props.includes('PWNED')) found.push(line);
    else if (c.command === 'error' && !('title' in c.properties)) found.push(line);
    else if (c.command === 'group' && !c.data.startsWith('Running script: ')) found.push(line);
    else if ((c.command === 'add-mask' || c.command === 'warning') && c.data.startsWith('PWNED')) found.push(line);
  }
  return found;
}

/** Commands that user text started, as the Azure Pipelines agent would execute them. */
function azureInjections(lines: string[], allowedVariables: string[]): string[] {
  const found: string[] = [];
  let completes = 0;
  for (const line of lines) {
    const c = parseVso(line);
    if (c) {
      if (c.command === 'task.complete') completes++;
      if (JSON.stringify(c.properties).includes('PWNED') || (c.command === 'task.complete' && completes > 1))
        found.push(line);
      else if (c.command === 'task.setvariable' && !allowedVariables.includes(c.properties.variable ?? ''))
        found.push(line);
      continue;
    }
    const format = /^##\[([a-z]+)\](.*)$/.exec(line);
    if (format && (format[1] !== 'group' || !format[2]!.startsWith('Running script: ')) && format[1] !== 'endgroup')
      found.push(line);
  }
  return found;
}

describe('no user-controlled text we print starts a workflow or logging command', () => {
  rit('GitHub Action: hostile script names, parameter and output values, and stderr quoted in the error', async () => {
    const { root, scriptLines } = hostileProject();
    const run = await runAction({ workspace: root, inputs: { environment: 'dev' } });
    const preview = await runAction({ workspace: root, inputs: { environment: 'dev', command: 'preview' } });
    badInput(2 * PAYLOADS.length);
    assert.equal(run.code, 1, describeAction(run));
    assert.equal(preview.code, 0, describeAction(preview));
    const found = [run, preview].flatMap((r) => githubInjections(agentLines(`${r.stdout}\n${r.stderr}`, scriptLines)));
    assert.deepEqual(found, [], describeAction(run));
  });

  rit(
    'Azure Pipelines task: hostile script names, parameter and output values, and stderr quoted in the error',
    async () => {
      const { root, scriptLines } = hostileProject();
      const run = await runTask({ sources: root, inputs: { environmentName: 'dev' } });
      const preview = await runTask({ sources: root, inputs: { environmentName: 'dev', command: 'preview' } });
      badInput(2 * PAYLOADS.length);
      assert.equal(run.completes.at(-1)?.result, 'Failed', describeTask(run));
      const allowed = ['RESULT', 'WEIRD', 'outputs', 'environment'];
      const found = [run, preview].flatMap((r) =>
        azureInjections(agentLines(`${r.stdout}\n${r.stderr}`, scriptLines), allowed),
      );
      assert.deepEqual(found, [], describeTask(run));
    },
  );

  rit(
    'CLI whose output lands in a CI log (CI=true): hostile names, values and stderr are neutralised too',
    async () => {
      const { root, scriptLines } = hostileProject();
      const env = baseEnv({ CI: 'true', GITHUB_ACTIONS: 'true', TF_BUILD: 'True' });
      const run = await runCli(['provision', '-e', 'dev'], { cwd: root, env });
      const state = await runCli(['state', '-e', 'dev'], { cwd: root, env });
      const preview = await runCli(['preview', '-e', 'dev'], { cwd: root, env });
      badInput(3 * PAYLOADS.length);
      assert.equal(run.code, 1, run.stderr);
      const lines = [run, state, preview].flatMap((r) => agentLines(`${r.stdout}\n${r.stderr}`, scriptLines));
      const found = [...new Set([...githubInjections(lines), ...azureInjections(lines, [])])];
      assert.deepEqual(found, [], `lines a CI agent would execute:\n${found.join('\n')}`);
    },
  );
});
