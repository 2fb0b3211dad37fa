/**
 * Issue 11 (security review of the built bundles), the host items: each runs the BUILT bundles (CLI, GitHub
 * Action through the runner stand-in, Azure Pipelines task through MockTestRunner) with real bash scripts in temp
 * projects, and asserts what a reader of the log, the summary, the step outputs and `.env` gets.
 */
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  CLI,
  azureYaml,
  baseEnv,
  dotenvOf,
  makeProject,
  outputsScript,
  runCli,
  runProcess,
  tempDir,
} from '../helpers.js';
import { describeRun as describeAction, maskIndex, runAction, startAction } from '../github/runner.js';
import { describeRun as describeTask, runTask, startTask } from '../azure-pipelines/agent.js';
import { badInput, fault, rit, unclearErrorProblems } from './support.js';

const MIB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------------------------
// 11.1

/** A project whose parameter CONN is built from the secret DB_PASSWORD, and whose script passes CONN on as a
 * plain output. */
function connProject(): string {
  return makeProject({
    'azure.yaml': azureYaml({
      provision: [{ shell: 'bash', name: 'db', run: 'scripts/db.sh', parameters: 'params.json' }],
    }),
    'params.json': JSON.stringify({
      parameters: {
        DB_PASSWORD: { type: 'string', secret: true },
        CONN: { type: 'string', value: 'Server=db;Password=${DB_PASSWORD}' },
      },
    }),
    'scripts/db.sh': [
      '#!/usr/bin/env bash',
      'set -e',
      `printf '{"outputs":{"CONN_OUT":{"type":"string","value":"%s"}}}' "$CONN" > "$(dirname "$0")/outputs.json"`,
      '',
    ].join('\n'),
  });
}

const PASSWORD = 'pw-inside-conn-4711';

describe('issue 11.1: a secret inside a non-secret parameter never shows in a plan or a summary', () => {
  rit('CLI preview -o json: the plan shows CONN with the secret as ***', async () => {
    badInput();
    const root = connProject();
    const run = await runCli(['preview', '-e', 'dev', '-o', 'json'], {
      cwd: root,
      env: baseEnv({ DB_PASSWORD: PASSWORD }),
    });
    assert.equal(run.code, 0, run.stderr);
    assert.ok(!run.stdout.includes(PASSWORD) && !run.stderr.includes(PASSWORD), run.stdout + run.stderr);
    const json = JSON.parse(run.stdout) as { plan: { parameters: Array<{ key: string; value: string }> } };
    const conn = json.plan.parameters.find((p) => p.key === 'CONN');
    assert.equal(conn?.value, 'Server=db;Password=***');
  });

  rit('CLI provision (text and -o json): an output built from the secret is shown redacted', async () => {
    badInput();
    for (const args of [[], ['-o', 'json']]) {
      const root = connProject();
      const run = await runCli(['provision', '-e', 'dev', ...args], {
        cwd: root,
        env: baseEnv({ DB_PASSWORD: PASSWORD }),
      });
      assert.equal(run.code, 0, run.stderr);
      assert.ok(!run.stdout.includes(PASSWORD) && !run.stderr.includes(PASSWORD), run.stdout + run.stderr);
      // An output holding a known secret is a secret as a whole (issue 11.2): shown as *** entirely.
      assert.match(run.stdout, /CONN_OUT(=|": \{\s*"value": ")\*\*\*/, run.stdout);
    }
  });

  rit('Action: the preview summary and the provision summary show ***, the step output keeps the value', async () => {
    badInput();
    const root = connProject();
    const preview = await runAction({
      workspace: root,
      inputs: { command: 'preview', environment: 'dev' },
      env: { DB_PASSWORD: PASSWORD },
    });
    assert.equal(preview.code, 0, describeAction(preview));
    assert.ok(!preview.summary.includes(PASSWORD), preview.summary);
    assert.ok(preview.summary.includes('Server=db;Password=***'), preview.summary);

    const provision = await runAction({
      workspace: root,
      inputs: { environment: 'dev' },
      env: { DB_PASSWORD: PASSWORD },
    });
    assert.equal(provision.code, 0, describeAction(provision));
    assert.ok(!provision.summary.includes(PASSWORD), provision.summary);
    // An output holding a known secret is a secret as a whole (issue 11.2).
    assert.ok(provision.summary.includes('| CONN_OUT | <code>***</code> |'), provision.summary);
    assert.equal(provision.outputs.get('CONN_OUT'), `Server=db;Password=${PASSWORD}`, 'the data itself is not changed');
  });

  rit('Task: the preview summary and the provision summary show ***', async () => {
    badInput();
    const root = connProject();
    const preview = await runTask({
      sources: root,
      inputs: { command: 'preview', environmentName: 'dev' },
      env: { DB_PASSWORD: PASSWORD },
    });
    assert.equal(preview.code, 0, describeTask(preview));
    assert.ok(preview.summary.includes('Server=db;Password=***'), describeTask(preview));
    assert.ok(!preview.summary.includes(PASSWORD), preview.summary);
    const provision = await runTask({
      sources: root,
      inputs: { environmentName: 'dev' },
      env: { DB_PASSWORD: PASSWORD },
    });
    assert.equal(provision.code, 0, describeTask(provision));
    assert.ok(provision.summary.includes('| CONN_OUT | <code>***</code> |'), describeTask(provision));
    assert.ok(!provision.summary.includes(PASSWORD), provision.summary);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 11.5

/** Two scripts that print a lot and each leave one output. */
function chattyProject(): string {
  const script = (name: string, key: string, value: string) =>
    [
      '#!/usr/bin/env bash',
      `for i in $(seq 1 3000); do echo "line $i of ${name}"; echo "err $i of ${name}" >&2; done`,
      `printf '%s' '{"outputs":{"${key}":{"type":"string","value":"${value}"}}}' > "$(dirname "$0")/outputs.json"`,
      `echo "${name} done"`,
      '',
    ].join('\n');
  return makeProject({
    'azure.yaml': azureYaml({
      provision: [
        { shell: 'bash', name: 'one', run: 'scripts/one/run.sh' },
        { shell: 'bash', name: 'two', run: 'scripts/two/run.sh' },
      ],
    }),
    'scripts/one/run.sh': script('one', 'FIRST', 'first-value'),
    'scripts/two/run.sh': script('two', 'SECOND', 'second-value'),
  });
}

function assertBothSaved(root: string, context: string): void {
  const dotenv = dotenvOf(root, 'dev') ?? '';
  assert.match(dotenv, /^FIRST="first-value"$/m, `${context}\n--- .env\n${dotenv}`);
  assert.match(dotenv, /^SECOND="second-value"$/m, `${context}\n--- .env\n${dotenv}`);
}

describe('issue 11.5: a reader that goes away (EPIPE) never crashes the run nor costs a completed output', () => {
  for (const [label, redirect] of [
    ['stdout into `head -1`', ''],
    ['stdout and stderr into `head -1`', '2>&1'],
  ] as const) {
    rit(`CLI provision with ${label}: no crash, every output in .env, exit 0`, async () => {
      fault();
      const root = chattyProject();
      const shell = `"${process.execPath}" "${CLI}" provision -e dev ${redirect} | head -1; echo "status=\${PIPESTATUS[0]}" >&3`;
      const run = await runProcess('bash', ['-c', `exec 3>&2; ${shell}`], { cwd: root, env: baseEnv() });
      const context = `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`;
      assert.equal(run.stdout.split('\n').filter(Boolean).length, 1, context);
      assert.match(run.stderr, /status=0/, context);
      assert.deepEqual(unclearErrorProblems(run.stderr), [], context);
      assert.ok(!/EPIPE|Unhandled 'error'/.test(run.stderr), context);
      assertBothSaved(root, context);
    });
  }

  // In CI the scripts write to our stdout descriptor itself (full speed; the runner never stops reading early). If a
  // reader did go away, a script writing after it dies of SIGPIPE, as any Unix program does: the run stops cleanly,
  // with what completed saved and published, and nothing of ours crashes.
  /** Stops reading the child's stdout once `marker` has been seen. */
  function stopReadingAfter(stdout: NodeJS.ReadableStream & { destroy(): void }, marker: string): void {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (!seen.includes(marker)) return;
      stdout.off('data', onData);
      stdout.destroy();
    };
    stdout.on('data', onData);
  }

  rit(
    'Action: the runner stops reading stdout; completed outputs published and saved, the run stops cleanly',
    async () => {
      fault();
      const root = chattyProject();
      const started = startAction({ workspace: root, inputs: { environment: 'dev' } });
      stopReadingAfter(started.child.stdout!, 'Completed: one');
      const run = await started.done;
      const context = describeAction(run);
      assert.ok(!/EPIPE|Unhandled 'error'|at .*\.js:\d+/.test(run.stderr), context);
      assert.equal(run.outputs.get('FIRST'), 'first-value', context);
      assert.match(dotenvOf(root, 'dev') ?? '', /^FIRST="first-value"$/m, context);
      // "two" wrote after the reader left: SIGPIPE ended it, a failure of that script, not a crash of ours.
      assert.equal(run.code, 1, context);
      assert.ok(!run.outputs.has('SECOND'), context);
    },
  );

  rit('Task: the agent stops reading stdout; completed outputs saved, the run stops cleanly', async () => {
    fault();
    const root = chattyProject();
    const started = startTask({ sources: root, inputs: { environmentName: 'dev' } });
    stopReadingAfter(started.child.stdout!, 'Completed: one');
    const run = await started.done;
    const context = describeTask(run);
    assert.ok(!/EPIPE|Unhandled 'error'|at .*\.js:\d+/.test(run.stderr), context);
    assert.match(dotenvOf(root, 'dev') ?? '', /^FIRST="first-value"$/m, context);
    assert.equal(run.code, 1, context);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 11.7

/** Numeric and named character references back to characters: what a Markdown renderer shows for a cell. */
function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** The `<code>` content of the outputs table row of `name`. */
function outputCell(summary: string, name: string): string {
  const row = summary.split('\n').find((l) => l.startsWith(`| ${name} | `));
  assert.ok(row, `no row for ${name}\n${summary.slice(0, 4000)}`);
  const m = /<code>(.*)<\/code>/.exec(row);
  assert.ok(m, row);
  return m[1]!;
}

/** Markdown or HTML that would make a value active when rendered: links, images, tags, autolinks, emphasis. */
function activeMarkup(cell: string): string[] {
  const found: string[] = [];
  if (/!?\[[^\]]*\]\(/.test(cell)) found.push('a Markdown link or image');
  if (/<[A-Za-z/!]/.test(cell.replace(/<br>/g, ''))) found.push('an HTML tag');
  if (/\w+:\/\//.test(cell)) found.push('a URL GitHub autolinks');
  if (/www\./i.test(cell)) found.push('a www. autolink');
  if (/\S@\S/.test(cell)) found.push('an e-mail autolink');
  if (/[*~`$\\]/.test(cell.replace(/\*\*\*/g, ''))) found.push('emphasis, strikethrough, code, math or an escape');
  return found;
}

const HOSTILE: Record<string, string> = {
  IMAGE: '![x](https://evil.example/track.png)',
  LINK: '[click me](https://evil.example/login)',
  AUTOLINK: 'see https://evil.example/a and www.evil.example',
  MAIL: 'admin@evil.example',
  HTML: '<img src=x onerror=alert(1)><script>alert(2)</script>',
  EMPHASIS: '**bold** _it_ ~~gone~~ `code` $x^2$ \\[escaped\\]',
  PIPE: 'a | b\nsecond line',
};

describe('issue 11.7: summaries are bounded and inert', () => {
  const hostileProject = () =>
    makeProject({
      'azure.yaml': azureYaml({
        provision: [{ shell: 'bash', name: '![n](https://evil.example/n.png)', run: 'scripts/run.sh' }],
      }),
      'scripts/run.sh': outputsScript(
        Object.fromEntries(Object.entries(HOSTILE).map(([k, v]) => [k, { type: 'string', value: v }])),
      ),
    });

  rit('Action: Markdown and HTML in output values and script names render as text', async () => {
    badInput(Object.keys(HOSTILE).length + 1);
    const root = hostileProject();
    const run = await runAction({ workspace: root, inputs: { environment: 'dev' } });
    assert.equal(run.code, 0, describeAction(run));
    for (const [key, value] of Object.entries(HOSTILE)) {
      const cell = outputCell(run.summary, key);
      assert.deepEqual(activeMarkup(cell), [], `${key}: ${cell}`);
      assert.equal(decodeEntities(cell).replace(/<br>/g, '\n'), value, `${key} reads as the value`);
      assert.equal(run.outputs.get(key), value, 'the step output is the value itself');
    }
    const scriptRow = run.summary.split('\n').find((l) => l.startsWith('| 1 | '))!;
    assert.deepEqual(activeMarkup(scriptRow.split(' | ')[1]!), [], scriptRow);
  });

  rit('Task: Markdown and HTML in output values render as text', async () => {
    badInput(Object.keys(HOSTILE).length);
    const root = hostileProject();
    const run = await runTask({ sources: root, inputs: { environmentName: 'dev' } });
    assert.equal(run.code, 0, describeTask(run));
    for (const [key, value] of Object.entries(HOSTILE)) {
      const cell = outputCell(run.summary, key);
      assert.deepEqual(activeMarkup(cell), [], `${key}: ${cell}`);
      assert.equal(decodeEntities(cell).replace(/<br>/g, '\n'), value);
    }
  });

  const hugeStderrProject = () =>
    makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', name: 'loud', run: 'scripts/loud.sh' }] }),
      'scripts/loud.sh': `#!/usr/bin/env bash\nhead -c ${3 * MIB} /dev/zero | tr '\\0' 'x' >&2\necho >&2\nexit 4\n`,
    });

  rit('Action: a 3 MB stderr line gives an annotation under 4096 characters and a summary under 1 MiB', async () => {
    badInput();
    const root = hugeStderrProject();
    const run = await runAction({ workspace: root, inputs: { environment: 'dev' }, timeoutMs: 60_000 });
    assert.equal(run.code, 1, describeAction(run).slice(0, 4000));
    assert.equal(run.errors.length, 1);
    const error = run.errors[0]!;
    assert.ok(error.message.length <= 4096, `annotation of ${error.message.length} characters`);
    assert.match(error.message, /more characters cut/);
    assert.match(error.message, /Script "loud"/);
    assert.ok(Buffer.byteLength(run.summary) < MIB, `summary of ${Buffer.byteLength(run.summary)} bytes`);
    assert.match(run.summary, /more characters cut/);
  });

  rit('Task: a 3 MB stderr line gives a result message under 4096 characters and a summary under 1 MiB', async () => {
    badInput();
    const root = hugeStderrProject();
    // Started directly: MockTestRunner's spawnSync cannot hold 3 MB of output (ENOBUFS).
    const run = await startTask({ sources: root, inputs: { environmentName: 'dev' }, timeoutMs: 60_000 }).done;
    assert.equal(run.completes.at(-1)?.result, 'Failed', describeTask(run).slice(0, 4000));
    const message = run.completes.at(-1)!.message;
    assert.ok(message.length <= 4096, `task.complete message of ${message.length} characters`);
    assert.match(message, /more characters cut/);
    for (const issue of run.issues) assert.ok(issue.message.length <= 4096, 'an issue over 4096 characters');
    assert.ok(Buffer.byteLength(run.summary) < MIB, `summary of ${Buffer.byteLength(run.summary)} bytes`);
    assert.match(run.summary, /more characters cut/);
  });

  // Many outputs whose values grow when escaped for Markdown/HTML (`<` → `&lt;`): about 1 MB in the scripts'
  // environment (which must still fit, issue 11.4) but over 4 MB of summary before the cap.
  const COUNT = 4_000;
  const PAD = '<'.repeat(250);
  const manyOutputsProject = () =>
    makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', name: 'many', run: 'scripts/many.sh' }] }),
      'scripts/many.sh': [
        '#!/usr/bin/env bash',
        `node -e 'const o={};for(let i=0;i<${COUNT};i++)o["OUT_"+i]={type:"string",value:"${PAD}-"+i};process.stdout.write(JSON.stringify({outputs:o}))' > "$(dirname "$0")/outputs.json"`,
        '',
      ].join('\n'),
    });

  rit(`Action: ${COUNT} outputs give a summary under 1 MiB that says how many it left out`, async () => {
    badInput();
    const root = manyOutputsProject();
    const run = await runAction({
      workspace: root,
      inputs: { environment: 'dev', persist: 'false' },
      timeoutMs: 120_000,
    });
    assert.equal(run.code, 0, describeAction(run).slice(0, 4000));
    assert.equal(run.outputs.get(`OUT_${COUNT - 1}`), `${PAD}-${COUNT - 1}`, 'every output is set');
    assert.ok(Buffer.byteLength(run.summary) < MIB, `summary of ${Buffer.byteLength(run.summary)} bytes`);
    const note = /_… (\d+) more outputs not shown/.exec(run.summary);
    assert.ok(note, run.summary.slice(-2000));
    const shown = run.summary.split('\n').filter((l) => l.startsWith('| OUT_')).length;
    assert.equal(shown + Number(note[1]), COUNT, 'shown + left out = all');
  });

  rit(`Task: ${COUNT} outputs give an uploaded summary under 1 MiB that says how many it left out`, async () => {
    badInput();
    const root = manyOutputsProject();
    // Started directly: MockTestRunner's spawnSync cannot hold the output of 100 000 variables (ENOBUFS).
    const run = await startTask({
      sources: root,
      inputs: { environmentName: 'dev', persist: 'false' },
      timeoutMs: 120_000,
    }).done;
    assert.equal(run.code, 0, describeTask(run).slice(0, 4000));
    assert.equal(run.outputs.get(`OUT_${COUNT - 1}`)?.value, `${PAD}-${COUNT - 1}`);
    assert.ok(run.summary.length > 0, 'a summary was uploaded');
    assert.ok(Buffer.byteLength(run.summary) < MIB, `summary of ${Buffer.byteLength(run.summary)} bytes`);
    assert.match(run.summary, /_… \d+ more outputs not shown/);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 11.10

const HIJACKERS = ['BASH_ENV', 'LD_PRELOAD', 'GITHUB_PATH', 'RUNNER_TEMP', 'PATH', 'NODE_OPTIONS', 'ENV'];

describe('issue 11.10: output names cannot take over the runner, the agent or our own outputs', () => {
  const project = (names: string[]) =>
    makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', name: 'names', run: 'scripts/run.sh' }] }),
      'scripts/run.sh': outputsScript(
        Object.fromEntries([...names, 'APP_URL'].map((k) => [k, { type: 'string', value: `value-of-${k}` }])),
      ),
    });

  rit('Action export-env: runner, shell and loader variables are not exported, each named in a warning', async () => {
    badInput(HIJACKERS.length);
    const root = project(HIJACKERS);
    const run = await runAction({ workspace: root, inputs: { environment: 'dev', 'export-env': 'true' } });
    assert.equal(run.code, 0, describeAction(run));
    assert.equal(run.exported.get('APP_URL'), 'value-of-APP_URL');
    for (const name of HIJACKERS) {
      assert.equal(run.exported.has(name), false, `${name} was exported`);
      assert.ok(
        run.warnings.some((w) => w.message.includes(`Output ${name} was not exported`)),
        `no warning names ${name}\n${describeAction(run)}`,
      );
      assert.equal(run.outputs.get(name), `value-of-${name}`, `${name} is still a step output`);
    }
  });

  rit('Action: outputs named outputs and Environment do not replace our own; the JSON still holds them', async () => {
    badInput(2);
    const root = project(['outputs', 'Environment']);
    const run = await runAction({ workspace: root, inputs: { environment: 'dev' } });
    assert.equal(run.code, 0, describeAction(run));
    assert.equal(run.outputs.get('environment'), 'dev');
    assert.equal(run.outputs.has('Environment'), false);
    const json = JSON.parse(run.outputs.get('outputs')!) as Record<string, string>;
    assert.equal(json.outputs, 'value-of-outputs');
    assert.equal(json.APP_URL, 'value-of-APP_URL');
    for (const name of ['outputs', 'Environment'])
      assert.ok(
        run.warnings.some((w) => w.message.includes(`Output ${name} has the name of one of this action's own outputs`)),
        `no warning names ${name}\n${describeAction(run)}`,
      );
  });

  rit('Task: an output named AGENT_TEMPDIRECTORY does not move the summary', async () => {
    badInput();
    const elsewhere = tempDir('azd-scripts-elsewhere-');
    const root = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', name: 'names', run: 'scripts/run.sh' }] }),
      'scripts/run.sh': outputsScript({ AGENT_TEMPDIRECTORY: { type: 'string', value: elsewhere } }),
    });
    const run = await runTask({ sources: root, inputs: { environmentName: 'dev' } });
    assert.equal(run.code, 0, describeTask(run));
    assert.ok(run.summaryFile, describeTask(run));
    assert.notEqual(path.dirname(run.summaryFile), elsewhere, 'the summary was written where the output pointed');
    assert.deepEqual(readdirSync(elsewhere), []);
  });

  rit(
    'Task: an output named SYSTEM_UNSAFEALLOWMULTILINESECRET does not switch off the multi-line secret check',
    async () => {
      badInput();
      const root = makeProject({
        'azure.yaml': azureYaml({ provision: [{ shell: 'bash', name: 'names', run: 'scripts/run.sh' }] }),
        'scripts/run.sh': outputsScript({
          SYSTEM_UNSAFEALLOWMULTILINESECRET: { type: 'string', value: 'true' },
          DB_CONN: { type: 'string', value: 'Server=db\nDatabase=app' },
        }),
      });
      const run = await runTask({
        sources: root,
        inputs: { environmentName: 'dev' },
        env: { SECRET_DB_CONN: 'pipeline-secret-value' },
      });
      assert.equal(run.code, 0, describeTask(run));
      assert.deepEqual(
        run.variables.filter((v) => v.isSecret && /[\r\n]/.test(v.value)).map((v) => v.name),
        [],
        'a multi-line secret variable reached the agent',
      );
      assert.ok(
        run.warnings.some((w) => w.message.includes('Output DB_CONN could not be set')),
        describeTask(run),
      );
    },
  );

  rit(
    'Task exportVariables: agent, shell and loader variables are not job variables, each named in a warning',
    async () => {
      const names = [
        ...HIJACKERS.filter((n) => !n.startsWith('GITHUB_') && n !== 'RUNNER_TEMP'),
        'SYSTEM_ACCESSTOKEN',
        'AGENT_TEMPDIRECTORY',
      ];
      badInput(names.length);
      const root = project(names);
      const run = await runTask({ sources: root, inputs: { environmentName: 'dev', exportVariables: 'true' } });
      assert.equal(run.code, 0, describeTask(run));
      assert.equal(run.jobVariables.get('APP_URL')?.value, 'value-of-APP_URL');
      for (const name of names) {
        assert.equal(run.jobVariables.has(name), false, `${name} became a job variable`);
        assert.ok(
          run.warnings.some((w) => w.message.includes(`Output ${name} was not set as a job variable`)),
          `no warning names ${name}\n${describeTask(run)}`,
        );
        assert.equal(run.outputs.get(name)?.value, `value-of-${name}`, `${name} is still an output variable`);
      }
    },
  );

  rit('Task: outputs named outputs and environment do not replace our own', async () => {
    badInput(2);
    const root = project(['outputs', 'environment']);
    const run = await runTask({ sources: root, inputs: { environmentName: 'dev' } });
    assert.equal(run.code, 0, describeTask(run));
    assert.equal(run.outputs.get('environment')?.value, 'dev');
    assert.equal(
      run.variables.filter((v) => v.name.toLowerCase() === 'environment').length,
      1,
      'environment set once, by us',
    );
    const json = JSON.parse(run.outputs.get('outputs')!.value) as Record<string, string>;
    assert.equal(json.environment, 'value-of-environment');
    assert.ok(
      run.warnings.some((w) => w.message.includes('Output environment has the name')),
      describeTask(run),
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 11.11

describe('issue 11.11: one output that cannot be published never stops the rest', () => {
  rit('Task: a multi-line output named like a pipeline secret is skipped with a warning; the rest is set', async () => {
    badInput();
    const root = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', name: 'db', run: 'scripts/run.sh' }] }),
      'scripts/run.sh': outputsScript({
        A_FIRST: { type: 'string', value: 'a' },
        DB_CONN: { type: 'string', value: 'Server=db\nDatabase=app' },
        Z_LAST: { type: 'string', value: 'z' },
      }),
    });
    const run = await runTask({
      sources: root,
      inputs: { environmentName: 'dev', exportVariables: 'true' },
      env: { SECRET_DB_CONN: 'pipeline-secret-value' },
    });
    const context = describeTask(run);
    assert.equal(run.code, 0, context);
    assert.deepEqual(
      run.completes.map((c) => c.result),
      ['Succeeded'],
      context,
    );
    assert.deepEqual(unclearErrorProblems(run.stdout + run.stderr), [], context);
    assert.equal(run.outputs.get('A_FIRST')?.value, 'a');
    assert.equal(run.outputs.get('Z_LAST')?.value, 'z');
    assert.ok(run.outputs.has('outputs') && run.outputs.has('environment'), context);
    assert.ok(
      run.warnings.some((w) => w.message.includes('Output DB_CONN could not be set')),
      context,
    );
    assert.ok(run.summary.includes('Z_LAST'), 'the summary was uploaded');
    assert.match(dotenvOf(root, 'dev') ?? '', /^DB_CONN="Server=db\\nDatabase=app"$/m);
  });

  rit(
    'Action: a GITHUB_OUTPUT that cannot be written costs the step outputs, not the exports or the summary',
    async () => {
      fault();
      const root = makeProject({
        'azure.yaml': azureYaml({ provision: [{ shell: 'bash', name: 'app', run: 'scripts/run.sh' }] }),
        'scripts/run.sh': outputsScript({ APP_URL: { type: 'string', value: 'https://app.example' } }),
      });
      const missing = path.join(tempDir(), 'no-such-dir', 'set_output');
      const run = await runAction({
        workspace: root,
        inputs: { environment: 'dev', 'export-env': 'true' },
        env: { GITHUB_OUTPUT: missing },
      });
      const context = describeAction(run);
      assert.deepEqual(unclearErrorProblems(run.stdout + run.stderr), [], context);
      assert.ok(
        run.warnings.some((w) => w.message.includes('Output APP_URL could not be set')),
        context,
      );
      assert.equal(run.exported.get('APP_URL'), 'https://app.example', context);
      assert.match(run.summary, /APP_URL/, context);
    },
  );
});

// ---------------------------------------------------------------------------------------------------------------
// 11.13

describe('issue 11.13: masked-outputs names match ignoring case; a name matching nothing is reported', () => {
  const project = () =>
    makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', name: 'db', run: 'scripts/run.sh' }] }),
      'scripts/run.sh': outputsScript({
        DB_CONN: { type: 'string', value: 'conn-value-9191' },
        PLAIN: { type: 'string', value: 'plain' },
      }),
    });

  rit('Action: db_conn masks DB_CONN; no_such_output is named in a warning', async () => {
    badInput(2);
    const root = project();
    const run = await runAction({
      workspace: root,
      inputs: { environment: 'dev', 'masked-outputs': 'db_conn, no_such_output' },
    });
    const context = describeAction(run);
    assert.equal(run.code, 0, context);
    assert.ok(maskIndex(run, 'conn-value-9191') >= 0, `DB_CONN is not masked\n${context}`);
    assert.equal(outputCell(run.summary, 'DB_CONN'), '***');
    assert.equal((JSON.parse(run.outputs.get('outputs')!) as Record<string, string>).DB_CONN, undefined);
    assert.ok(
      run.warnings.some((w) => w.message.includes('masked-outputs names no_such_output')),
      context,
    );
    assert.ok(!run.warnings.some((w) => w.message.includes('masked-outputs names db_conn')), context);
  });

  rit('Task: Db_Conn marks DB_CONN secret; state matches the same way', async () => {
    badInput(2);
    const root = project();
    const run = await runTask({ sources: root, inputs: { environmentName: 'dev', maskedOutputs: 'Db_Conn' } });
    assert.equal(run.code, 0, describeTask(run));
    assert.equal(run.outputs.get('DB_CONN')?.isSecret, true, describeTask(run));
    const state = await runTask({
      sources: root,
      inputs: { command: 'state', environmentName: 'dev', maskedOutputs: 'db_CONN' },
    });
    assert.equal(state.code, 0, describeTask(state));
    assert.equal(state.outputs.get('DB_CONN')?.isSecret, true, describeTask(state));
    assert.equal(state.outputs.get('PLAIN')?.isSecret, false);
  });

  rit('a failed run does not warn about names that match nothing (it may have stopped before them)', async () => {
    badInput();
    const root = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', name: 'db', run: 'scripts/run.sh' },
          { shell: 'bash', name: 'fails', run: 'scripts/fails.sh' },
        ],
      }),
      'scripts/run.sh': outputsScript({ DB_CONN: { type: 'string', value: 'v' } }),
      'scripts/fails.sh': '#!/usr/bin/env bash\nexit 2\n',
    });
    const run = await runAction({ workspace: root, inputs: { environment: 'dev', 'masked-outputs': 'LATER_KEY' } });
    assert.equal(run.code, 1, describeAction(run));
    assert.ok(!run.warnings.some((w) => w.message.includes('masked-outputs names')), describeAction(run));
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 11.16

describe("issue 11.16: the Action's scripts do not inherit the action's inputs (INPUT_*)", () => {
  rit('no INPUT_* variable reaches a script; the runner environment still does', async () => {
    badInput();
    const root = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', name: 'env', run: 'scripts/env.sh' }] }),
      'scripts/env.sh': '#!/usr/bin/env bash\nmkdir -p .seen\nenv > .seen/env\n',
    });
    mkdirSync(path.join(root, '.seen'), { recursive: true });
    const run = await runAction({
      workspace: root,
      inputs: { environment: 'dev', parameters: 'DB_PASSWORD=input-secret-5150', 'masked-outputs': 'X' },
    });
    assert.equal(run.code, 0, describeAction(run));
    const seenEnv = readFileSync(path.join(root, '.seen', 'env'), 'utf8');
    assert.deepEqual(
      seenEnv.split('\n').filter((l) => /^INPUT_/i.test(l)),
      [],
      'INPUT_* variables reached the script',
    );
    assert.match(seenEnv, /^GITHUB_WORKSPACE=/m);
    assert.ok(existsSync(path.join(root, '.azure', 'dev', '.env')));
  });
});
