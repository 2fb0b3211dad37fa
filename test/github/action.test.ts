/**
 * The GitHub Action as a workflow step runs it: the BUILT bundle (dist/action/index.js) started by a stand-in for
 * the runner (./runner.ts) with INPUT_* from action.yml's defaults, file commands parsed with the runner's rules,
 * and real bash scripts in temp projects. DESIGN sections 2, 3 and 6; PLATFORM-FACTS "GitHub Actions runner".
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ROOT,
  azureYaml,
  dotenvOf,
  makeProject,
  outputsScript,
  tempDir,
  type FileSpec,
  alive,
  groupMembers,
  waitFor,
  recordEnvScript,
  seen,
  touchScript,
  hideDuration,
} from '../helpers.js';
import {
  describeRun,
  firstShowing,
  groupsOf,
  inputEnvironment,
  inputVariable,
  maskIndex,
  maskProblems,
  parseFileCommands,
  parseLog,
  parseWorkflowCommand,
  runAction,
  startAction,
  type ActionRun,
} from './runner.js';

/** A workspace (GITHUB_WORKSPACE) holding a project, at the top or in folder `sub`. */
function workspace(files: Record<string, FileSpec>, sub = ''): { workspace: string; root: string } {
  const ws = makeProject(Object.fromEntries(Object.entries(files).map(([k, v]) => [sub ? `${sub}/${k}` : k, v])));
  return { workspace: ws, root: sub ? path.join(ws, sub) : ws };
}

function ok(run: ActionRun): void {
  assert.equal(run.code, 0, describeRun(run));
  assert.deepEqual(run.errors, [], describeRun(run));
}

function failed(run: ActionRun): void {
  assert.equal(run.code, 1, describeRun(run));
  assert.equal(run.signal, null, describeRun(run));
  assert.ok(run.errors.length >= 1, `expected an error annotation\n${describeRun(run)}`);
}

function indexOfLine(run: ActionRun, line: string): number {
  return run.log.findIndex((e) => !e.command && hideDuration(e.raw) === line);
}

describe('GitHub: the runner stand-in reads what the runner reads', () => {
  it('sets every input that has a default in action.yml, named as the runner names it', () => {
    const env = inputEnvironment({ force: 'true' });
    assert.equal(env['INPUT_COMMAND'], 'provision');
    assert.equal(env['INPUT_WORKING-DIRECTORY'], '.');
    assert.equal(env['INPUT_STDERR-LINES'], '50');
    assert.equal(env['INPUT_EXPORT-ENV'], 'false');
    assert.equal(env['INPUT_MASKED-OUTPUTS'], '');
    assert.equal(env['INPUT_FORCE'], 'true');
    assert.equal(inputVariable('my input-name'), 'INPUT_MY_INPUT-NAME');
    assert.throws(() => inputEnvironment({ forse: 'true' }), /forse/);
  });

  it('parses file commands with the heredoc rules and refuses NODE_OPTIONS in GITHUB_ENV', () => {
    const parsed = parseFileCommands('A=1=2\n\nB<<EOF\nx\n\ny=z\nEOF\nC<<D\nD\nE=\n');
    assert.deepEqual(
      [...parsed],
      [
        ['A', '1=2'],
        ['B', 'x\n\ny=z'],
        ['C', ''],
        ['E', ''],
      ],
    );
    assert.throws(() => parseFileCommands('B<<EOF\nx\n'), /delimiter/);
    assert.throws(() => parseFileCommands('no separator\n'), /Invalid format/);
    assert.throws(() => parseFileCommands('NODE_OPTIONS=--x\n', { refuse: ['NODE_OPTIONS'] }), /NODE_OPTIONS/);
  });

  it('parses workflow commands, unescaping data and properties', () => {
    assert.deepEqual(parseWorkflowCommand('::error file=a%2Cb.sh,line=3,title=T%3Ax::one%0Atwo%25%0D'), {
      command: 'error',
      properties: { file: 'a,b.sh', line: '3', title: 'T:x' },
      data: 'one\ntwo%\r',
    });
    assert.deepEqual(parseWorkflowCommand('  ::add-mask::s3cret'), {
      command: 'add-mask',
      properties: {},
      data: 's3cret',
    });
    assert.equal(parseWorkflowCommand('::not-a-command::x'), undefined);
    assert.equal(parseWorkflowCommand(':\u200b:group::x'), undefined);
    const groups = groupsOf(parseLog('::group::one\na\n::group::two\nb\n::endgroup::\nc\n'));
    assert.deepEqual(groups, [
      { title: 'one', start: 0, end: 2, lines: ['a'] },
      { title: 'two', start: 2, end: 4, lines: ['b'] },
    ]);
  });

  it('flags a secret shown before its ::add-mask:: or never masked line by line', () => {
    const late = { log: parseLog('value: top-secret\n::add-mask::top-secret\n') } as ActionRun;
    assert.equal(maskProblems(late, 'top-secret').length, 1);
    const early = { log: parseLog('::add-mask::top-secret\nvalue: top-secret\n') } as ActionRun;
    assert.deepEqual(maskProblems(early, 'top-secret'), []);
    const whole = { log: parseLog('::add-mask::a-line%0Ab-line\n') } as ActionRun;
    assert.equal(maskProblems(whole, 'a-line\nb-line').length, 2, 'each line needs its own mask');
  });
});

describe('GitHub: the quickstart example through the built bundle', () => {
  it('provisions all three scripts with the defaults from action.yml', async () => {
    const ws = tempDir();
    const root = path.join(ws, 'quickstart');
    cpSync(path.join(ROOT, 'examples', 'quickstart'), root, {
      recursive: true,
      filter: (src) => !/(^|\/)(\.azure|\.local-cloud|outputs\.json)$/.test(src),
    });
    const run = await runAction({
      workspace: ws,
      inputs: { environment: 'dev', 'working-directory': 'quickstart', parameters: 'AZURE_LOCATION=westus2\n' },
      env: { DB_PASSWORD: 'Quick-Start-Pa55' },
    });
    ok(run);
    assert.deepEqual(
      run.groups.map((g) => g.title),
      ['Running script: setup-rg (bash)', 'Running script: setup-db (bash)', 'Running script: setup-app (bash)'],
    );
    assert.equal(run.outputs.get('RESOURCE_GROUP_NAME'), 'rg-quickstart-dev');
    assert.equal(run.outputs.get('DATABASE_NAME'), 'mydb-dev');
    assert.equal(run.outputs.get('APP_URL'), 'http://localhost:8080/dev');
    assert.equal(run.outputs.get('APP_REPLICAS'), '3');
    assert.match(run.outputs.get('DATABASE_CONNECTION_STRING') ?? '', /Password=Quick-Start-Pa55$/);
    assert.equal(run.outputs.get('environment'), 'dev');
    assert.deepEqual(JSON.parse(run.outputs.get('outputs') ?? 'null'), {
      RESOURCE_GROUP_NAME: 'rg-quickstart-dev',
      DATABASE_NAME: 'mydb-dev',
      APP_URL: 'http://localhost:8080/dev',
      APP_REPLICAS: '3',
    });
    assert.deepEqual(maskProblems(run, 'Quick-Start-Pa55'), []);
    assert.ok(maskIndex(run, 'Quick-Start-Pa55') < run.groups[0]!.start, 'the secret parameter is masked first');
    const dotenv = dotenvOf(root, 'dev') ?? '';
    assert.match(dotenv, /^AZURE_LOCATION="westus2"$/m);
    assert.match(dotenv, /^RESOURCE_GROUP_NAME="rg-quickstart-dev"$/m);
    assert.doesNotMatch(dotenv, /Quick-Start-Pa55|DATABASE_CONNECTION_STRING/);
  });

  it('takes AZURE_LOCATION from the env and the environment name from AZURE_ENV_NAME when the input is empty', async () => {
    const ws = tempDir();
    cpSync(path.join(ROOT, 'examples', 'quickstart'), ws, {
      recursive: true,
      filter: (src) => !/(^|\/)(\.azure|\.local-cloud|outputs\.json)$/.test(src),
    });
    const run = await runAction({
      workspace: ws,
      env: { DB_PASSWORD: 'pw-from-env', AZURE_LOCATION: 'northeurope', AZURE_ENV_NAME: 'ci' },
    });
    ok(run);
    assert.equal(run.outputs.get('environment'), 'ci');
    assert.equal(run.outputs.get('RESOURCE_GROUP_NAME'), 'rg-quickstart-ci');
    assert.match(dotenvOf(ws, 'ci') ?? '', /^AZURE_LOCATION="northeurope"$/m);
  });
});

describe('GitHub: step outputs', () => {
  it('sets every output under its own name, plus outputs (JSON of non-secret, non-masked) and environment', async () => {
    const cert = '-----BEGIN CERT-----\nMIIB=abc\n-----END CERT-----';
    const { workspace: ws, root } = workspace({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', name: 'network', run: 'scripts/network/run.sh' },
          { shell: 'bash', name: 'app', run: 'scripts/app/run.sh' },
        ],
      }),
      'scripts/network/run.sh': outputsScript({
        VNET_ID: { type: 'string', value: '/subscriptions/0000/vnets/vnet-1' },
        CERT_PEM: { type: 'string', value: cert },
        SETTINGS: { type: 'object', value: { b: 2, a: [1, 'x'] } },
        PORT: { type: 'int', value: 8080 },
        ENABLED: { type: 'bool', value: true },
      }),
      'scripts/app/run.sh': outputsScript({
        DB_CONN: { type: 'securestring', value: 'Server=db;Password=hunter2-xyz' },
        API_KEY: { type: 'string', value: 'key-0123456789' },
      }),
    });
    const run = await runAction({ workspace: ws, inputs: { environment: 'dev', 'masked-outputs': 'API_KEY' } });
    ok(run);
    assert.equal(run.outputs.get('VNET_ID'), '/subscriptions/0000/vnets/vnet-1');
    assert.equal(run.outputs.get('CERT_PEM'), cert);
    assert.equal(run.outputs.get('SETTINGS'), '{"a":[1,"x"],"b":2}');
    assert.equal(run.outputs.get('PORT'), '8080');
    assert.equal(run.outputs.get('ENABLED'), 'true');
    assert.equal(run.outputs.get('DB_CONN'), 'Server=db;Password=hunter2-xyz');
    assert.equal(run.outputs.get('API_KEY'), 'key-0123456789');
    assert.equal(run.outputs.get('environment'), 'dev');
    assert.deepEqual(JSON.parse(run.outputs.get('outputs') ?? 'null'), {
      VNET_ID: '/subscriptions/0000/vnets/vnet-1',
      CERT_PEM: cert,
      SETTINGS: '{"a":[1,"x"],"b":2}',
      PORT: '8080',
      ENABLED: 'true',
    });
    // A multi-line value goes through the heredoc form (a NAME=VALUE line would cut it at the first line break).
    const raw = readFileSync(run.files.output, 'utf8');
    assert.match(raw, /^CERT_PEM<<(\S+)\n-----BEGIN CERT-----\nMIIB=abc\n-----END CERT-----\n\1$/m);
    // Persisted as azd does: non-secret outputs (masked ones too) in .env, the securestring never.
    const dotenv = dotenvOf(root, 'dev') ?? '';
    assert.match(dotenv, /^VNET_ID="\/subscriptions\/0000\/vnets\/vnet-1"$/m);
    assert.match(dotenv, /^API_KEY="key-0123456789"$/m);
    assert.doesNotMatch(dotenv, /DB_CONN|hunter2/);
  });

  it('persist: false still sets the step outputs but writes nothing under .azure', async () => {
    const { workspace: ws, root } = workspace({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', name: 'one', run: 'scripts/one.sh' }] }),
      'scripts/one.sh': outputsScript({ ONLY_HERE: { type: 'string', value: 'v1' } }),
    });
    const run = await runAction({ workspace: ws, inputs: { environment: 'dev', persist: 'false' } });
    ok(run);
    assert.equal(run.outputs.get('ONLY_HERE'), 'v1');
    assert.equal(existsSync(path.join(root, '.azure')), false);
  });
});

describe('GitHub: masks', () => {
  it('registers a multi-line secret parameter line by line before any script runs or prints it', async () => {
    const secret = 'first-secret-line\nsecond-secret-line';
    const { workspace: ws, root } = workspace({
      'azure.yaml': azureYaml({
        provision: [{ shell: 'bash', name: 'sign', run: 'scripts/sign.sh', parameters: 'scripts/params.json' }],
      }),
      'scripts/params.json': JSON.stringify({
        parameters: {
          SIGNING_KEY: { type: 'string', secret: true },
          API_SECRET: { type: 'string', secret: true },
          REGION: { type: 'string', value: 'westeurope' },
        },
      }),
      'scripts/sign.sh': [
        '#!/usr/bin/env bash',
        'echo "key is: $SIGNING_KEY"',
        'printf \'%s\\n\' "$SIGNING_KEY"',
        'echo "api secret: $API_SECRET"',
        '',
      ].join('\n'),
    });
    const run = await runAction({
      workspace: ws,
      inputs: { environment: 'dev', parameters: 'API_SECRET=api-secret-from-input' },
      env: { SIGNING_KEY: secret },
    });
    ok(run);
    assert.deepEqual(maskProblems(run, secret), [], describeRun(run));
    assert.deepEqual(maskProblems(run, 'api-secret-from-input'), [], describeRun(run));
    assert.ok(firstShowing(run, 'second-secret-line') > 0, 'the script did print the secret (the runner hides it)');
    const firstGroup = run.groups[0]!.start;
    for (const piece of [secret, 'first-secret-line', 'second-secret-line', 'api-secret-from-input'])
      assert.ok(maskIndex(run, piece) < firstGroup, `${piece} is masked before the first script starts`);
    assert.ok(!run.summary.includes('secret-line'), run.summary);
    const dotenv = dotenvOf(root, 'dev') ?? '';
    assert.ok(!/secret-line|api-secret/.test(dotenv), 'a secret is never written to .env');
  });

  it('masks secure outputs and masked-outputs before the next script runs, and keeps them out of messages', async () => {
    const token = 'tok-line-one\ntok-line-two';
    const { workspace: ws } = workspace({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', name: 'issue', run: 'scripts/issue/run.sh' },
          { shell: 'bash', name: 'use', run: 'scripts/use/run.sh' },
        ],
      }),
      'scripts/issue/run.sh': outputsScript({
        TOKEN: { type: 'secureString', value: token },
        PUBLIC_IP: { type: 'string', value: '10.1.2.3' },
      }),
      'scripts/use/run.sh': [
        '#!/usr/bin/env bash',
        'echo "token: $TOKEN"',
        'echo "ip: $PUBLIC_IP"',
        'echo "leaked $TOKEN $PUBLIC_IP" >&2',
        'exit 4',
        '',
      ].join('\n'),
    });
    const run = await runAction({ workspace: ws, inputs: { environment: 'dev', 'masked-outputs': 'PUBLIC_IP' } });
    failed(run);
    assert.deepEqual(maskProblems(run, token), [], describeRun(run));
    assert.deepEqual(maskProblems(run, '10.1.2.3'), [], describeRun(run));
    const second = run.groups[1]!;
    for (const piece of [token, 'tok-line-one', 'tok-line-two', '10.1.2.3'])
      assert.ok(maskIndex(run, piece) >= 0 && maskIndex(run, piece) < second.start, `${piece} masked before "use"`);
    // Still step outputs of their own name (the runner masks them in logs), but not in the outputs JSON.
    assert.equal(run.outputs.get('TOKEN'), token);
    assert.equal(run.outputs.get('PUBLIC_IP'), '10.1.2.3');
    assert.deepEqual(JSON.parse(run.outputs.get('outputs') ?? 'null'), {});
    // The error quotes stderr, which held both: our own message has them redacted.
    const error = run.errors[0]!;
    assert.match(error.message, /leaked \*\*\*/);
    assert.ok(!/tok-line|10\.1\.2\.3/.test(error.message), error.message);
    assert.ok(!/tok-line|10\.1\.2\.3/.test(run.summary), run.summary);
  });
});

describe('GitHub: log groups', () => {
  it("puts each script's output in one group titled Running script: <name> (<shell>)", async () => {
    const { workspace: ws } = workspace({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', name: 'first', run: 'scripts/first.sh' },
          { shell: 'sh', name: 'second', run: 'scripts/second.sh' },
        ],
      }),
      'scripts/first.sh': '#!/usr/bin/env bash\necho "out of first"\necho "first to stderr" >&2\n',
      'scripts/second.sh': '#!/bin/sh\necho "out of second"\n',
    });
    const run = await runAction({ workspace: ws, inputs: { environment: 'dev' } });
    ok(run);
    assert.deepEqual(
      run.groups.map((g) => g.title),
      ['Running script: first (bash)', 'Running script: second (sh)'],
    );
    const [first, second] = run.groups as [(typeof run.groups)[0], (typeof run.groups)[0]];
    assert.ok(first.end > first.start && second.end > second.start, 'both groups are closed');
    assert.ok(first.end < second.start, 'groups do not overlap');
    assert.ok(first.lines.includes('out of first'), describeRun(run));
    assert.ok(!first.lines.includes('out of second'));
    assert.ok(second.lines.includes('out of second'), describeRun(run));
    const completed = indexOfLine(run, 'Completed: first (<t>)');
    assert.ok(completed > first.end && completed < second.start, 'progress lines sit outside the groups');
  });
});

describe('GitHub: a failing script', () => {
  it('prints the failure after the group closes and annotates the script file relative to the workspace', async () => {
    const stderr = [1, 2, 3, 4, 5].map((i) => `echo "err-line-${i}" >&2`).join('\n');
    const { workspace: ws, root } = workspace(
      {
        'azure.yaml': azureYaml({
          provision: [
            { shell: 'bash', name: 'base', run: 'scripts/base/run.sh' },
            { shell: 'bash', name: 'broken', run: 'scripts/broken/run.sh' },
            { shell: 'bash', name: 'never', run: 'scripts/never/run.sh' },
          ],
        }),
        'scripts/base/run.sh': outputsScript({ BASE_ID: { type: 'string', value: 'base-42' } }),
        'scripts/broken/run.sh': `#!/usr/bin/env bash\necho "broken stdout"\n${stderr}\nexit 3\n`,
        'scripts/never/run.sh': touchScript('never'),
      },
      'infra',
    );
    const run = await runAction({
      workspace: ws,
      inputs: { environment: 'dev', 'working-directory': 'infra', 'stderr-lines': '2' },
    });
    failed(run);
    const group = run.groups.find((g) => g.title === 'Running script: broken (bash)');
    assert.ok(group && group.end > group.start, describeRun(run));
    assert.ok(group.lines.includes('broken stdout'));
    const failedLine = indexOfLine(run, 'Failed: broken (exit code: 3, <t>)');
    assert.ok(failedLine > group.end, `the Failed line follows the group\n${describeRun(run)}`);
    assert.equal(run.errors.length, 1, describeRun(run));
    const error = run.errors[0]!;
    assert.ok(error.index > group.end, 'the error annotation is printed after the group closes');
    assert.equal(error.file, 'infra/scripts/broken/run.sh');
    assert.match(error.message, /broken/);
    assert.match(error.message, /exit code 3/);
    assert.match(error.message, /err-line-4\n\s*err-line-5/);
    assert.doesNotMatch(error.message, /err-line-3/, 'stderr-lines: 2 keeps the last two lines');
    // Nothing after the failure ran; what completed is kept.
    assert.equal(existsSync(path.join(root, '.state', 'never')), false);
    assert.equal(run.groups.length, 2);
    assert.equal(run.outputs.get('BASE_ID'), 'base-42');
    assert.equal(run.outputs.get('environment'), 'dev');
    assert.match(dotenvOf(root, 'dev') ?? '', /^BASE_ID="base-42"$/m);
  });
});

describe('GitHub: export-env', () => {
  const files = {
    'azure.yaml': azureYaml({ provision: [{ shell: 'bash', name: 'one', run: 'scripts/one.sh' }] }),
    'scripts/one.sh': outputsScript({
      APP_URL: { type: 'string', value: 'https://app.example' },
      NOTES: { type: 'string', value: 'line 1\nline 2' },
      NODE_OPTIONS: { type: 'string', value: '--max-old-space-size=64' },
    }),
  };

  it('appends every output to GITHUB_ENV (multi-line by heredoc) and refuses NODE_OPTIONS with a warning', async () => {
    const { workspace: ws } = workspace(files);
    const run = await runAction({ workspace: ws, inputs: { environment: 'dev', 'export-env': 'true' } });
    ok(run);
    // parseFileCommands throws on NODE_OPTIONS, as the runner fails the step.
    assert.equal(run.exported.get('APP_URL'), 'https://app.example');
    assert.equal(run.exported.get('NOTES'), 'line 1\nline 2');
    assert.equal(run.exported.has('NODE_OPTIONS'), false);
    assert.ok(
      run.warnings.some((w) => w.message.includes('NODE_OPTIONS')),
      `a warning names NODE_OPTIONS\n${describeRun(run)}`,
    );
    assert.equal(run.outputs.get('NODE_OPTIONS'), '--max-old-space-size=64', 'still a step output');
  });

  it('leaves GITHUB_ENV alone by default', async () => {
    const { workspace: ws } = workspace(files);
    const run = await runAction({ workspace: ws, inputs: { environment: 'dev' } });
    ok(run);
    assert.equal(run.exported.size, 0);
    assert.equal(run.outputs.get('APP_URL'), 'https://app.example');
  });
});

describe('GitHub: job summary', () => {
  it('has a table of the scripts (name, shell, result, duration) and of the outputs, secrets as ***', async () => {
    const { workspace: ws } = workspace({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', name: 'first', run: 'scripts/first/run.sh' },
          { shell: 'sh', name: 'second', run: 'scripts/second/run.sh' },
        ],
      }),
      'scripts/first/run.sh': outputsScript({
        PLAIN: { type: 'string', value: 'plain-value' },
        TOKEN: { type: 'securestring', value: 'summary-secret-777' },
      }),
      'scripts/second/run.sh': '#!/bin/sh\nexit 0\n',
    });
    const run = await runAction({ workspace: ws, inputs: { environment: 'dev' } });
    ok(run);
    const s = run.summary;
    assert.match(s, /^\| # \| Script \| Shell \| Result \| Duration \|$/m, s);
    assert.match(s, /^\| 1 \| first \| bash \| ✅ succeeded \| \d+(\.\d)? (ms|s) \|$/m, s);
    assert.match(s, /^\| 2 \| second \| sh \| ✅ succeeded \| \d+(\.\d)? (ms|s) \|$/m, s);
    assert.match(s, /^\| PLAIN \| <code>plain-value<\/code> \|$/m, s);
    assert.match(s, /^\| TOKEN \| <code>\*\*\*<\/code> \|$/m, s);
    assert.ok(!s.includes('summary-secret-777'));
  });

  it('shows the result of each script of a failed run', async () => {
    const { workspace: ws } = workspace({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', name: 'good', run: 'scripts/good.sh' },
          { shell: 'bash', name: 'bad', run: 'scripts/bad.sh' },
          { shell: 'bash', name: 'skipped', run: 'scripts/skipped.sh' },
        ],
      }),
      'scripts/good.sh': '#!/usr/bin/env bash\nexit 0\n',
      'scripts/bad.sh': '#!/usr/bin/env bash\nexit 7\n',
      'scripts/skipped.sh': '#!/usr/bin/env bash\nexit 0\n',
    });
    const run = await runAction({ workspace: ws, inputs: { environment: 'dev' } });
    failed(run);
    assert.match(run.summary, /^\| 1 \| good \| bash \| ✅ succeeded \|/m, run.summary);
    assert.match(run.summary, /^\| 2 \| bad \| bash \| ❌ failed \(exit code 7\) \|/m, run.summary);
    assert.match(run.summary, /^\| 3 \| skipped \| bash \| ⏭️ not run \|/m, run.summary);
  });

  it('shows the plan for preview, runs nothing and writes nothing', async () => {
    const { workspace: ws, root } = workspace({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', name: 'first', run: 'scripts/first.sh', parameters: 'scripts/params.json' },
          { shell: 'sh', name: 'second', run: 'scripts/second.sh' },
        ],
      }),
      'scripts/params.json': JSON.stringify({
        parameters: { DB_PASSWORD: { type: 'string', secret: true }, REGION: { type: 'string' } },
      }),
      'scripts/first.sh': touchScript('first'),
      'scripts/second.sh': touchScript('second'),
    });
    const run = await runAction({
      workspace: ws,
      inputs: { command: 'preview', environment: 'dev', parameters: 'REGION=westus' },
      env: { DB_PASSWORD: 'preview-secret-555' },
    });
    ok(run);
    const s = run.summary;
    assert.match(s, /^\| 1 \| first \| bash \| <code>scripts\/first\.sh<\/code> \|$/m, s);
    assert.match(s, /^\| 2 \| second \| sh \| <code>scripts\/second\.sh<\/code> \|$/m, s);
    assert.match(s, /^\| DB_PASSWORD \| <code>\*\*\*<\/code> \|/m, s);
    assert.match(s, /^\| REGION \| <code>westus<\/code> \|/m, s);
    assert.match(s, /Scripts cannot predict/);
    assert.ok(!s.includes('preview-secret-555'));
    assert.deepEqual(maskProblems(run, 'preview-secret-555'), []);
    assert.equal(firstShowing(run, 'preview-secret-555'), -1, 'the secret is shown nowhere but in its mask');
    assert.deepEqual(run.groups, [], 'preview runs no script');
    assert.equal(existsSync(path.join(root, '.state')), false);
    assert.equal(existsSync(path.join(root, '.azure')), false, 'preview writes nothing to disk');
    assert.equal(run.outputs.get('environment'), 'dev');
  });
});

describe('GitHub: down', () => {
  const files = {
    'azure.yaml': azureYaml({
      provision: [{ shell: 'bash', name: 'up', run: 'scripts/up.sh' }],
      destroy: [{ shell: 'bash', name: 'teardown', run: 'scripts/teardown.sh' }],
    }),
    'scripts/up.sh': touchScript('up'),
    'scripts/teardown.sh': touchScript('teardown'),
  };

  it('fails without force: true before running anything', async () => {
    const { workspace: ws, root } = workspace(files);
    const run = await runAction({ workspace: ws, inputs: { command: 'down', environment: 'dev' } });
    failed(run);
    assert.match(run.errors[0]!.message, /force/);
    assert.deepEqual(run.groups, []);
    assert.equal(existsSync(path.join(root, '.state')), false);
  });

  it('runs the destroy scripts with force: true (and AZD_PURGE=true with purge: true)', async () => {
    const { workspace: ws, root } = workspace(files);
    const run = await runAction({
      workspace: ws,
      inputs: { command: 'down', environment: 'dev', force: 'true', purge: 'true' },
    });
    ok(run);
    assert.deepEqual(
      run.groups.map((g) => g.title),
      ['Running script: teardown (bash)'],
    );
    assert.equal(readFileSync(path.join(root, '.state', 'teardown'), 'utf8'), 'true');
    assert.equal(existsSync(path.join(root, '.state', 'up')), false);
  });
});

describe('GitHub: missing parameters', () => {
  const files = {
    'azure.yaml': azureYaml({
      provision: [
        { shell: 'bash', name: 'first', run: 'scripts/first.sh', parameters: 'scripts/params.json' },
        { shell: 'bash', name: 'second', run: 'scripts/second.sh' },
      ],
    }),
    'scripts/params.json': JSON.stringify({
      parameters: {
        REGION: { type: 'string' },
        VM_SIZE: { type: 'string', value: '${SIZE_FROM_ENV}' },
        SKU: { type: 'string', value: 'Standard' },
      },
    }),
    'scripts/first.sh': recordEnvScript(['REGION', 'VM_SIZE', 'SKU']),
    'scripts/second.sh': touchScript('second'),
  };

  it('fails once, naming every missing parameter, before any script runs', async () => {
    const { workspace: ws, root } = workspace(files);
    const run = await runAction({ workspace: ws, inputs: { environment: 'dev' } });
    failed(run);
    assert.deepEqual(run.groups, [], 'no script ran');
    assert.equal(existsSync(path.join(root, '.seen')), false);
    assert.equal(existsSync(path.join(root, '.state')), false);
    // One message lists both, with the placeholder that did not resolve and the ways to supply a value.
    const message = /^2 parameters have no value.*\n(?:[ \t].*\n)*Supply each one.*\n(?:[ \t].*\n)*/m.exec(
      run.stdout,
    )?.[0];
    assert.ok(message, `one message names both parameters\n${describeRun(run)}`);
    assert.match(message, /^\s+- REGION\b/m);
    assert.match(message, /^\s+- VM_SIZE\b.*\$\{SIZE_FROM_ENV\}/m);
    assert.doesNotMatch(message, /\bSKU\b/, 'a parameter that resolved is not listed');
    assert.match(message, /`parameters` input/);
    assert.match(message, /environment variable/);
    assert.match(message, /azd env set/);
    for (const e of run.errors) assert.equal(e.file, 'scripts/params.json');
  });

  it('one missing parameter is one error annotation on the parameter file', async () => {
    const { workspace: ws } = workspace(files);
    const run = await runAction({ workspace: ws, inputs: { environment: 'dev' }, env: { SIZE_FROM_ENV: 'B1s' } });
    failed(run);
    assert.equal(run.errors.length, 1, describeRun(run));
    assert.match(run.errors[0]!.message, /REGION/);
    assert.doesNotMatch(run.errors[0]!.message, /VM_SIZE/);
    assert.equal(run.errors[0]!.file, 'scripts/params.json');
    assert.deepEqual(run.groups, []);
  });

  it('runs once the values come from the parameters input and the env', async () => {
    const { workspace: ws, root } = workspace(files);
    const run = await runAction({
      workspace: ws,
      inputs: { environment: 'dev', parameters: 'REGION=westus' },
      env: { SIZE_FROM_ENV: 'B1s' },
    });
    ok(run);
    assert.equal(seen(root, 'REGION'), 'westus');
    assert.equal(seen(root, 'VM_SIZE'), 'B1s');
    assert.equal(seen(root, 'SKU'), 'Standard');
  });
});

describe('GitHub: invalid inputs', () => {
  const files = {
    'azure.yaml': azureYaml({
      provision: [{ shell: 'bash', name: 'up', run: 'scripts/up.sh' }],
      destroy: [{ shell: 'bash', name: 'down', run: 'scripts/down.sh' }],
    }),
    'scripts/up.sh': touchScript('up'),
    'scripts/down.sh': touchScript('down'),
  };
  const cases: Array<[string, Record<string, string>]> = [
    ['force', { command: 'down', force: 'maybe' }],
    ['purge', { purge: 'nah' }],
    ['persist', { persist: 'perhaps' }],
    ['export-env', { 'export-env': '2' }],
    ['stderr-lines', { 'stderr-lines': 'many' }],
    ['stderr-lines', { 'stderr-lines': '-5' }],
    ['command', { command: 'destroy' }],
  ];
  for (const [name, inputs] of cases) {
    it(`${JSON.stringify(inputs)} fails naming "${name}" and runs nothing`, async () => {
      const { workspace: ws, root } = workspace(files);
      const run = await runAction({ workspace: ws, inputs: { environment: 'dev', ...inputs } });
      failed(run);
      assert.ok(run.errors[0]!.message.includes(name), describeRun(run));
      assert.deepEqual(run.groups, []);
      assert.equal(existsSync(path.join(root, '.state')), false);
      assert.equal(existsSync(path.join(root, '.azure')), false);
    });
  }
});

describe('GitHub: the parameters input', () => {
  const files = {
    'azure.yaml': azureYaml({ provision: [{ shell: 'bash', name: 'one', run: 'scripts/one.sh' }] }),
    'scripts/one.sh': recordEnvScript(['REGION', 'CONN', 'SPACED', 'COMMENTED', 'LAST']),
  };

  it('reads KEY=VALUE lines: the value is everything after the first =, comments and blank lines skipped', async () => {
    const { workspace: ws, root } = workspace(files);
    const parameters = [
      '# the region',
      'REGION=westus',
      '',
      '  CONN=Server=db;Database=app;Opt=a=b',
      '#COMMENTED=1',
      'SPACED=  padded  ',
      'LAST=end',
    ].join('\n');
    const run = await runAction({ workspace: ws, inputs: { environment: 'dev', parameters } });
    ok(run);
    assert.equal(seen(root, 'REGION'), 'westus');
    assert.equal(seen(root, 'CONN'), 'Server=db;Database=app;Opt=a=b');
    assert.equal(seen(root, 'SPACED'), '  padded  ');
    assert.equal(seen(root, 'LAST'), 'end');
    assert.equal(seen(root, 'COMMENTED'), undefined);
  });

  const malformed: Array<[string, string, string]> = [
    ['a line without =', 'REGION=westus\n\n# note\nnot a pair hunter2-value\n', 'line 4'],
    ['a key that is not a name', 'REGION=westus\n9BAD=x-secret-value', 'line 2'],
    ['an empty key', 'REGION=westus\n=orphan-secret-value', 'line 2'],
    ['leading blank lines (they count)', '\n\nREGION=westus\noops-secret-value', 'line 4'],
  ];
  for (const [what, parameters, line] of malformed) {
    it(`${what}: the error names ${line} but never the value`, async () => {
      const { workspace: ws, root } = workspace(files);
      const run = await runAction({ workspace: ws, inputs: { environment: 'dev', parameters } });
      failed(run);
      const message = run.errors[0]!.message;
      assert.match(message, /parameters/);
      assert.ok(message.includes(line), `expected "${line}" in: ${message}`);
      assert.ok(!/hunter2|secret-value/.test(run.stdout + run.stderr), describeRun(run));
      assert.deepEqual(run.groups, []);
      assert.equal(existsSync(path.join(root, '.seen')), false);
    });
  }
});

describe('GitHub: cancellation', () => {
  const files = {
    'azure.yaml': azureYaml({
      provision: [
        { shell: 'bash', name: 'first', run: 'scripts/first/run.sh' },
        { shell: 'bash', name: 'slow', run: 'scripts/slow/run.sh' },
        { shell: 'bash', name: 'third', run: 'scripts/third/run.sh' },
      ],
    }),
    'scripts/first/run.sh': outputsScript({ FIRST_URL: { type: 'string', value: 'https://first.example' } }),
    'scripts/slow/run.sh': [
      '#!/usr/bin/env bash',
      'mkdir -p .state',
      'sleep 300 &',
      'echo "$!" > .state/bg.pid',
      'echo "$$" > .state/sh.pid.tmp && mv .state/sh.pid.tmp .state/sh.pid',
      'echo "slow script waiting"',
      'sleep 300',
      'touch .state/slow-finished',
      '',
    ].join('\n'),
    'scripts/third/run.sh': touchScript('third'),
  };

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal} to the node process mid-script ends the script's process group, keeps earlier outputs and exits non-zero within 5 s`, async () => {
      const { workspace: ws, root } = workspace(files);
      const action = startAction({ workspace: ws, inputs: { environment: 'dev', 'export-env': 'true' } });
      const shPid = path.join(root, '.state', 'sh.pid');
      await waitFor('the slow script to start', () => existsSync(shPid), 15_000);
      await waitFor('the slow script to print', () => action.stdout().includes('slow script waiting'), 5_000);
      const bg = Number(readFileSync(path.join(root, '.state', 'bg.pid'), 'utf8'));
      const sh = Number(readFileSync(shPid, 'utf8'));
      assert.ok(alive(bg) && alive(sh));
      const sent = Date.now();
      action.child.kill(signal); // the node process only, as the runner does
      const run = await action.done;
      const elapsed = Date.now() - sent;
      assert.ok(elapsed < 5000, `exited ${elapsed} ms after ${signal}`);
      assert.equal(run.signal, null, `the action handles ${signal} itself\n${describeRun(run)}`);
      assert.ok(typeof run.code === 'number' && run.code !== 0, describeRun(run));
      assert.match(run.stdout, /Cancelled/);
      assert.ok(
        run.errors.some((e) => e.message.includes('Cancelled') || e.title === 'Cancelled'),
        describeRun(run),
      );
      // The whole group is gone: the script and the background child it started.
      await waitFor('the process group to end', () => groupMembers(sh).length === 0, 1000).catch(() => undefined);
      assert.deepEqual(groupMembers(sh), [], 'no process of the script group is left');
      assert.equal(alive(bg), false, 'the background child is gone');
      assert.equal(existsSync(path.join(root, '.state', 'slow-finished')), false);
      assert.equal(existsSync(path.join(root, '.state', 'third')), false, 'no further script starts');
      // The completed script's outputs are persisted and set as step outputs.
      assert.match(dotenvOf(root, 'dev') ?? '', /^FIRST_URL="https:\/\/first\.example"$/m);
      assert.equal(run.outputs.get('FIRST_URL'), 'https://first.example');
      assert.equal(run.outputs.get('environment'), 'dev');
      assert.equal(run.exported.get('FIRST_URL'), 'https://first.example');
      assert.match(run.summary, /cancelled/);
    });
  }
});

describe('issue 10.4 and 10.6 in the Action: warnings are annotations, secrets are masked first', () => {
  it('shell: sh with a bash shebang: a warning annotation on the azure.yaml line, before the script group', async () => {
    const { workspace: ws } = workspace({
      'azure.yaml': azureYaml({ provision: [{ shell: 'sh', run: 'setup.sh' }] }),
      'setup.sh': '#!/bin/bash\ntrue\n',
    });
    const run = await runAction({ workspace: ws, inputs: { environment: 'dev' } });
    ok(run);
    const warning = run.warnings.find((w) => w.message.includes('#!/bin/bash'));
    assert.ok(warning, describeRun(run));
    assert.match(warning.message, /shell: bash/);
    assert.equal(warning.file, 'azure.yaml', 'relative to the workspace');
    assert.equal(warning.line, '6');
    assert.ok(warning.index < run.groups[0]!.start, 'warned before the script ran');
  });

  it('a secrets: value is masked before the script starts and is no output', async () => {
    const secret = 'gh-Secret-value-77';
    const { workspace: ws } = workspace({
      'azure.yaml': [
        'name: demo',
        'infra:',
        '  provider: scripts',
        '  config:',
        '    provision:',
        '      - run: use.sh',
        '        secrets:',
        '          TOKEN: ${MY_TOKEN}',
        '',
      ].join('\n'),
      'use.sh': '#!/usr/bin/env bash\necho "token is $TOKEN"\n',
    });
    const run = await runAction({ workspace: ws, inputs: { environment: 'dev' }, env: { MY_TOKEN: secret } });
    ok(run);
    assert.deepEqual(maskProblems(run, secret), [], describeRun(run));
    assert.ok(maskIndex(run, secret) < run.groups[0]!.start, 'masked before the script group');
    assert.equal([...run.outputs.values()].includes(secret), false);
  });
});
