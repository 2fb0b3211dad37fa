/**
 * The Azure Pipelines task `AzdScripts@1` as a pipeline step runs it: the BUILT bundle (task/dist/index.js) run
 * through task-lib's MockTestRunner by a stand-in for the agent (./agent.ts: every INPUT_* from task.json, the
 * agent's variables, the sources directory as cwd), with real bash scripts in temp projects; the `##vso[...]`
 * lines it prints are what is asserted. Cancellation spawns the bundle directly so that it can be signalled.
 * DESIGN sections 2, 3 and 6; PLATFORM-FACTS "Azure Pipelines".
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { TaskCommand } from 'azure-pipelines-task-lib/taskcommand.js';
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
import { TASK_INPUTS, readTaskInputs } from '../../src/main/task-inputs.js';
import { COMMANDS } from '../../src/core/request.js';
import {
  TASK_BUNDLE,
  TASK_DIR,
  describeRun,
  firstShowing,
  groupsOf,
  inputEnvironment,
  inputVariable,
  parseLog,
  parseVso,
  runTask,
  secretIndex,
  secretProblems,
  startTask,
  taskJson,
  type TaskRun,
} from './agent.js';

/** Sources directory (Build.SourcesDirectory) holding a project, at the top or in folder `sub`. */
function sources(files: Record<string, FileSpec>, sub = ''): { sources: string; root: string } {
  const dir = makeProject(Object.fromEntries(Object.entries(files).map(([k, v]) => [sub ? `${sub}/${k}` : k, v])));
  return { sources: dir, root: sub ? path.join(dir, sub) : dir };
}

function copyQuickstart(to: string): void {
  cpSync(path.join(ROOT, 'examples', 'quickstart'), to, {
    recursive: true,
    filter: (src) => !/(^|\/)(\.azure|\.local-cloud|outputs\.json)$/.test(src),
  });
}

function ok(run: TaskRun): void {
  assert.equal(run.code, 0, describeRun(run));
  assert.equal(run.mock?.succeeded ?? true, true, describeRun(run));
  assert.deepEqual(
    run.completes.map((c) => c.result),
    ['Succeeded'],
    describeRun(run),
  );
  assert.deepEqual(run.errors, [], describeRun(run));
}

/** Failed the way the agent sees it: `task.complete result=Failed` (the last word) and a non-zero exit. */
function failed(run: TaskRun): { index: number; message: string } {
  assert.ok(run.code !== 0, `expected a non-zero exit\n${describeRun(run)}`);
  assert.equal(run.mock?.succeeded ?? false, false, describeRun(run));
  assert.equal(run.completes.length, 1, `one task.complete\n${describeRun(run)}`);
  const complete = run.completes[0]!;
  assert.equal(complete.result, 'Failed', describeRun(run));
  return complete;
}

function indexOfLine(run: TaskRun, line: string): number {
  return run.log.findIndex((e) => !e.vso && !e.format && hideDuration(e.raw) === line);
}

function output(run: TaskRun, name: string): string | undefined {
  return run.outputs.get(name)?.value;
}

describe('Azure Pipelines: the agent stand-in reads what the agent reads', () => {
  it('sets every declared input, defaults filled in, filePath inputs rooted in the sources directory', () => {
    const env = inputEnvironment({ force: 'true', workingDirectory: 'infra' }, '/src');
    assert.equal(env['INPUT_COMMAND'], 'provision');
    assert.equal(env['INPUT_ENVIRONMENTNAME'], '');
    assert.equal(env['INPUT_STDERRLINES'], '50');
    assert.equal(env['INPUT_PERSIST'], 'true');
    assert.equal(env['INPUT_EXPORTVARIABLES'], 'false');
    assert.equal(env['INPUT_FORCE'], 'true');
    assert.equal(env['INPUT_WORKINGDIRECTORY'], '/src/infra');
    assert.equal(inputEnvironment({}, '/src')['INPUT_WORKINGDIRECTORY'], '/src');
    assert.equal(Object.keys(env).length, taskJson().inputs.length);
    assert.equal(inputVariable('my.input name'), 'INPUT_MY_INPUT_NAME');
    assert.throws(() => inputEnvironment({ forse: 'true' }, '/src'), /forse/);
  });

  it('parses logging commands with the agent unescaping, in properties and message', () => {
    assert.deepEqual(
      parseVso('##vso[task.setvariable variable=A%3BB%5D;isOutput=true;issecret=false;]x%AZP250A%0Ay%0D]z;'),
      {
        command: 'task.setvariable',
        properties: { variable: 'A;B]', isOutput: 'true', issecret: 'false' },
        message: 'x%0A\ny\r]z;',
      },
    );
    assert.deepEqual(parseVso('text before ##vso[task.complete result=Failed;]boom'), {
      command: 'task.complete',
      properties: { result: 'Failed' },
      message: 'boom',
    });
    assert.equal(parseVso('##\u200bvso[task.complete result=Failed;]defused'), undefined);
    assert.equal(parseVso('plain text'), undefined);
  });

  it("reads back whatever task-lib's own TaskCommand writes", () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary', minLength: 1 }), (message, value) => {
        const line = new TaskCommand('task.setvariable', { variable: value, issecret: 'false' }, message).toString();
        assert.deepEqual(parseVso(line), {
          command: 'task.setvariable',
          properties: { variable: value, issecret: 'false' },
          message,
        });
      }),
    );
  });

  it('reads ##[group] sections; a group does not nest', () => {
    const log = parseLog('##[group]one\na\n##[group]two\n##vso[task.debug]x\nb\n##[endgroup]\nc\n');
    assert.deepEqual(groupsOf(log), [
      { title: 'one', start: 0, end: 2, lines: ['a'] },
      { title: 'two', start: 2, end: 5, lines: ['b'] },
    ]);
  });

  it('flags a secret shown before its task.setsecret, or not registered line by line', () => {
    const run = (stdout: string) => ({ log: parseLog(stdout), secrets: [] }) as unknown as TaskRun;
    const fill = (r: TaskRun) => {
      r.secrets = r.log
        .filter((e) => e.vso?.command === 'task.setsecret')
        .map((e) => ({ index: e.index, value: e.vso!.message }));
      return r;
    };
    assert.equal(
      secretProblems(fill(run('value: top-secret\n##vso[task.setsecret]top-secret\n')), 'top-secret').length,
      1,
    );
    assert.deepEqual(
      secretProblems(fill(run('##vso[task.setsecret]top-secret\nvalue: top-secret\n')), 'top-secret'),
      [],
    );
    const whole = fill(run('##vso[task.setsecret]a-line%0Ab-line\n'));
    assert.equal(secretProblems(whole, 'a-line\nb-line').length, 3, 'a line break in setsecret, and no line alone');
  });
});

describe('Azure Pipelines: the quickstart example through MockTestRunner', () => {
  it('provisions all three scripts: output variables, secrets registered first, .env written', async () => {
    const src = tempDir();
    const root = path.join(src, 'quickstart');
    copyQuickstart(root);
    const password = 'Quick%Start;Pa55]';
    const run = await runTask({
      sources: src,
      inputs: { environmentName: 'dev', workingDirectory: 'quickstart', parameters: 'AZURE_LOCATION=westus2\n' },
      env: { DB_PASSWORD: password },
    });
    ok(run);
    assert.equal(run.completes[0]!.message, '3 script(s) of provision succeeded');
    assert.deepEqual(
      run.groups.map((g) => g.title),
      ['Running script: setup-rg (bash)', 'Running script: setup-db (bash)', 'Running script: setup-app (bash)'],
    );
    assert.equal(output(run, 'RESOURCE_GROUP_NAME'), 'rg-quickstart-dev');
    assert.equal(output(run, 'DATABASE_NAME'), 'mydb-dev');
    assert.equal(output(run, 'APP_URL'), 'http://localhost:8080/dev');
    assert.equal(output(run, 'APP_REPLICAS'), '3');
    const conn = run.outputs.get('DATABASE_CONNECTION_STRING');
    assert.equal(conn?.value, `Server=localhost;Database=mydb-dev;User Id=app;Password=${password}`);
    assert.equal(conn?.isSecret, true);
    for (const name of ['RESOURCE_GROUP_NAME', 'DATABASE_NAME', 'APP_URL', 'APP_REPLICAS', 'outputs', 'environment'])
      assert.equal(run.outputs.get(name)?.isSecret, false, name);
    assert.equal(output(run, 'environment'), 'dev');
    assert.deepEqual(JSON.parse(output(run, 'outputs') ?? 'null'), {
      RESOURCE_GROUP_NAME: 'rg-quickstart-dev',
      DATABASE_NAME: 'mydb-dev',
      APP_URL: 'http://localhost:8080/dev',
      APP_REPLICAS: '3',
    });
    assert.equal(run.jobVariables.size, 0, 'exportVariables is false by default');
    // The secret parameter is registered before the first script starts; the connection string before the next.
    assert.deepEqual(secretProblems(run, password), [], describeRun(run));
    assert.ok(secretIndex(run, password) < run.groups[0]!.start);
    assert.ok(
      secretIndex(run, conn!.value) > run.groups[1]!.end && secretIndex(run, conn!.value) < run.groups[2]!.start,
    );
    const dotenv = dotenvOf(root, 'dev') ?? '';
    assert.match(dotenv, /^AZURE_LOCATION="westus2"$/m);
    assert.match(dotenv, /^RESOURCE_GROUP_NAME="rg-quickstart-dev"$/m);
    assert.doesNotMatch(dotenv, /Quick|DATABASE_CONNECTION_STRING/);
  });

  it('takes the environment from AZURE_ENV_NAME and the project from the sources directory when inputs are empty', async () => {
    const src = tempDir();
    copyQuickstart(src);
    const run = await runTask({
      sources: src,
      env: { DB_PASSWORD: 'pw-from-env', AZURE_LOCATION: 'northeurope', AZURE_ENV_NAME: 'ci' },
    });
    ok(run);
    assert.equal(output(run, 'environment'), 'ci');
    assert.equal(output(run, 'RESOURCE_GROUP_NAME'), 'rg-quickstart-ci');
    assert.match(dotenvOf(src, 'ci') ?? '', /^AZURE_LOCATION="northeurope"$/m);
  });
});

describe('Azure Pipelines: output variables', () => {
  it('sets every output with isOutput=true (secure and masked ones issecret=true), plus outputs and environment', async () => {
    const cert = '-----BEGIN CERT-----\nMIIB=abc\n-----END CERT-----';
    const odd = '50%;off] %0A %AZP25 ##done';
    const { sources: src, root } = sources({
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
        ODD: { type: 'string', value: odd },
      }),
      'scripts/app/run.sh': outputsScript({
        DB_CONN: { type: 'securestring', value: 'Server=db;Password=hunter2-xyz' },
        API_KEY: { type: 'string', value: 'key-0123456789' },
      }),
    });
    const run = await runTask({ sources: src, inputs: { environmentName: 'dev', maskedOutputs: 'API_KEY' } });
    ok(run);
    const expected: Record<string, [string, boolean]> = {
      VNET_ID: ['/subscriptions/0000/vnets/vnet-1', false],
      CERT_PEM: [cert, false],
      SETTINGS: ['{"a":[1,"x"],"b":2}', false],
      PORT: ['8080', false],
      ENABLED: ['true', false],
      ODD: [odd, false],
      DB_CONN: ['Server=db;Password=hunter2-xyz', true],
      API_KEY: ['key-0123456789', true],
    };
    for (const [name, [value, secret]] of Object.entries(expected)) {
      const v = run.outputs.get(name);
      assert.ok(v, `${name} is an output variable\n${describeRun(run)}`);
      assert.equal(v.value, value, name);
      assert.equal(v.isSecret, secret, `${name} issecret`);
    }
    assert.equal(output(run, 'environment'), 'dev');
    assert.deepEqual(JSON.parse(output(run, 'outputs') ?? 'null'), {
      VNET_ID: '/subscriptions/0000/vnets/vnet-1',
      CERT_PEM: cert,
      SETTINGS: '{"a":[1,"x"],"b":2}',
      PORT: '8080',
      ENABLED: 'true',
      ODD: odd,
    });
    // Each value sits on one line, escaped as task-lib escapes it.
    const raw = run.log.find((e) => e.vso?.properties.variable === 'CERT_PEM')!.raw;
    assert.equal(
      raw,
      '##vso[task.setvariable variable=CERT_PEM;isOutput=true;issecret=false;]' + cert.replace(/\n/g, '%0A'),
    );
    assert.ok(
      run.log
        .find((e) => e.vso?.properties.variable === 'ODD')!
        .raw.endsWith(']50%AZP25;off] %AZP250A %AZP25AZP25 ##done'),
    );
    // Secrets are registered before their variables are set.
    for (const [name, piece] of [
      ['DB_CONN', 'Server=db;Password=hunter2-xyz'],
      ['API_KEY', 'key-0123456789'],
    ] as const) {
      assert.ok(secretIndex(run, piece) >= 0 && secretIndex(run, piece) < run.outputs.get(name)!.index, piece);
      assert.deepEqual(secretProblems(run, piece), [], describeRun(run));
    }
    // Persisted as azd does: non-secret outputs (masked ones too) in .env, the securestring never.
    const dotenv = dotenvOf(root, 'dev') ?? '';
    assert.match(dotenv, /^VNET_ID="\/subscriptions\/0000\/vnets\/vnet-1"$/m);
    assert.match(dotenv, /^API_KEY="key-0123456789"$/m);
    assert.doesNotMatch(dotenv, /DB_CONN|hunter2/);
  });

  it('a multi-line secure output: each line registered on its own, no secret variable (a warning says so)', async () => {
    const token = 'tok-line-one\ntok-line-two\r\ntok-line-three';
    const { sources: src, root } = sources({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', name: 'issue', run: 'scripts/issue/run.sh' },
          { shell: 'bash', name: 'use', run: 'scripts/use/run.sh' },
        ],
      }),
      'scripts/issue/run.sh': outputsScript({
        TOKEN: { type: 'secureString', value: token },
        PLAIN: { type: 'string', value: 'plain' },
      }),
      'scripts/use/run.sh': recordEnvScript(['TOKEN']),
    });
    const run = await runTask({ sources: src, inputs: { environmentName: 'dev' } });
    ok(run);
    assert.deepEqual(secretProblems(run, token), [], describeRun(run));
    for (const line of ['tok-line-one', 'tok-line-two', 'tok-line-three'])
      assert.ok(secretIndex(run, line) < run.groups[1]!.start, `${line} registered before the next script`);
    assert.equal(run.outputs.has('TOKEN'), false, 'the agent refuses a multi-line secret variable');
    assert.ok(
      run.warnings.some((w) => w.message.includes('TOKEN')),
      `a warning names TOKEN\n${describeRun(run)}`,
    );
    assert.equal(output(run, 'PLAIN'), 'plain');
    assert.deepEqual(JSON.parse(output(run, 'outputs') ?? 'null'), { PLAIN: 'plain' });
    assert.equal(seen(root, 'TOKEN'), token, 'later scripts still receive it');
  });

  it('persist: false still sets the output variables but writes nothing under .azure', async () => {
    const { sources: src, root } = sources({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', name: 'one', run: 'scripts/one.sh' }] }),
      'scripts/one.sh': outputsScript({ ONLY_HERE: { type: 'string', value: 'v1' } }),
    });
    const run = await runTask({ sources: src, inputs: { environmentName: 'dev', persist: 'false' } });
    ok(run);
    assert.equal(output(run, 'ONLY_HERE'), 'v1');
    assert.equal(run.outputs.get('ONLY_HERE')?.isOutput, true);
    assert.equal(existsSync(path.join(root, '.azure')), false);
  });

  it('state sets the outputs recorded by the last provision (maskedOutputs as secrets)', async () => {
    const { sources: src } = sources({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', name: 'one', run: 'scripts/one.sh' }] }),
      'scripts/one.sh': outputsScript({
        APP_URL: { type: 'string', value: 'https://app.example' },
        APP_KEY: { type: 'string', value: 'state-key-123' },
      }),
    });
    ok(await runTask({ sources: src, inputs: { environmentName: 'dev' } }));
    const run = await runTask({
      sources: src,
      inputs: { command: 'state', environmentName: 'dev', maskedOutputs: 'APP_KEY' },
    });
    ok(run);
    assert.deepEqual(run.groups, [], 'state runs no script');
    assert.equal(output(run, 'APP_URL'), 'https://app.example');
    assert.equal(run.outputs.get('APP_URL')?.isSecret, false);
    assert.equal(output(run, 'APP_KEY'), 'state-key-123');
    assert.equal(run.outputs.get('APP_KEY')?.isSecret, true);
    assert.deepEqual(secretProblems(run, 'state-key-123'), []);
    assert.deepEqual(JSON.parse(output(run, 'outputs') ?? 'null'), { APP_URL: 'https://app.example' });
    assert.equal(output(run, 'environment'), 'dev');
  });
});

describe('Azure Pipelines: exportVariables', () => {
  const files = {
    'azure.yaml': azureYaml({ provision: [{ shell: 'bash', name: 'one', run: 'scripts/one.sh' }] }),
    'scripts/one.sh': outputsScript({
      APP_URL: { type: 'string', value: 'https://app.example' },
      NOTES: { type: 'string', value: 'line 1\nline 2' },
      DB_CONN: { type: 'securestring', value: 'export-secret-42' },
    }),
  };

  it('also sets every output as a plain job variable (isOutput=false), secrets still issecret=true', async () => {
    const { sources: src } = sources(files);
    const run = await runTask({ sources: src, inputs: { environmentName: 'dev', exportVariables: 'true' } });
    ok(run);
    for (const [name, value, secret] of [
      ['APP_URL', 'https://app.example', false],
      ['NOTES', 'line 1\nline 2', false],
      ['DB_CONN', 'export-secret-42', true],
    ] as const) {
      const job = run.jobVariables.get(name);
      assert.ok(job, `${name} is a job variable\n${describeRun(run)}`);
      assert.equal(job.value, value);
      assert.equal(job.isOutput, false);
      assert.equal(job.isSecret, secret, `${name} issecret`);
      assert.equal(run.outputs.get(name)?.value, value, `${name} is still an output variable`);
      assert.equal(run.outputs.get(name)?.isSecret, secret);
    }
    assert.ok(secretIndex(run, 'export-secret-42') < run.jobVariables.get('DB_CONN')!.index);
  });

  it('sets no job variables by default', async () => {
    const { sources: src } = sources(files);
    const run = await runTask({ sources: src, inputs: { environmentName: 'dev' } });
    ok(run);
    assert.deepEqual([...run.jobVariables.keys()], []);
    assert.equal(output(run, 'APP_URL'), 'https://app.example');
  });
});

describe('Azure Pipelines: secrets are registered with task.setsecret, line by line, before anything shows them', () => {
  it('secret parameters (multi-line from the env, one from the parameters input) are registered before any script runs', async () => {
    const secret = 'first-secret-line\nsecond-secret-line\r\nthird-secret-line';
    const { sources: src, root } = sources({
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
    const run = await runTask({
      sources: src,
      inputs: { environmentName: 'dev', parameters: 'API_SECRET=api-secret-from-input' },
      env: { SIGNING_KEY: secret },
    });
    ok(run);
    assert.deepEqual(secretProblems(run, secret), [], describeRun(run));
    // task-lib itself logs every input it reads in a task.debug line (shown only with System.Debug); the
    // agent masks a value that came from a secret pipeline variable. Every other line comes after setsecret.
    assert.deepEqual(secretProblems(run, 'api-secret-from-input', { ignoreDebug: true }), [], describeRun(run));
    assert.ok(firstShowing(run, 'second-secret-line') > 0, 'the script did print the secret (the agent hides it)');
    const firstGroup = run.groups[0]!.start;
    for (const piece of ['first-secret-line', 'second-secret-line', 'third-secret-line', 'api-secret-from-input'])
      assert.ok(secretIndex(run, piece) >= 0 && secretIndex(run, piece) < firstGroup, `${piece} registered first`);
    assert.ok(!/secret-line|api-secret/.test(run.summary), run.summary);
    assert.ok(!/secret-line|api-secret/.test(dotenvOf(root, 'dev') ?? ''), 'a secret is never written to .env');
  });

  it('a secret holding a bare CR is registered piece by piece too (the agent rejects CR as it rejects LF)', async () => {
    const secret = 'cr-piece-one\rcr-piece-two';
    const { sources: src } = sources({
      'azure.yaml': azureYaml({
        provision: [{ shell: 'bash', name: 'one', run: 'scripts/one.sh', parameters: 'scripts/params.json' }],
      }),
      'scripts/params.json': JSON.stringify({ parameters: { CR_SECRET: { type: 'string', secret: true } } }),
      'scripts/one.sh': '#!/usr/bin/env bash\necho "ran one"\n',
    });
    const run = await runTask({ sources: src, inputs: { environmentName: 'dev' }, env: { CR_SECRET: secret } });
    ok(run);
    assert.deepEqual(secretProblems(run, secret), [], describeRun(run));
  });

  it('secure outputs and maskedOutputs are registered before the next script, and kept out of the failure message', async () => {
    const { sources: src } = sources({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', name: 'issue', run: 'scripts/issue/run.sh' },
          { shell: 'bash', name: 'use', run: 'scripts/use/run.sh' },
        ],
      }),
      'scripts/issue/run.sh': outputsScript({
        TOKEN: { type: 'secureString', value: 'tok-value-123' },
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
    const run = await runTask({ sources: src, inputs: { environmentName: 'dev', maskedOutputs: 'PUBLIC_IP' } });
    const complete = failed(run);
    for (const piece of ['tok-value-123', '10.1.2.3']) {
      assert.deepEqual(secretProblems(run, piece), [], describeRun(run));
      assert.ok(secretIndex(run, piece) < run.groups[1]!.start, `${piece} registered before "use"`);
    }
    assert.equal(run.outputs.get('TOKEN')?.isSecret, true);
    assert.equal(run.outputs.get('PUBLIC_IP')?.isSecret, true);
    assert.deepEqual(JSON.parse(output(run, 'outputs') ?? 'null'), {});
    assert.match(complete.message, /leaked \*\*\*/);
    assert.ok(!/tok-value|10\.1\.2\.3/.test(complete.message), complete.message);
    for (const issue of run.issues) assert.ok(!/tok-value|10\.1\.2\.3/.test(issue.message), issue.message);
    assert.ok(!/tok-value|10\.1\.2\.3/.test(run.summary), run.summary);
  });
});

describe('Azure Pipelines: log groups', () => {
  it("puts each script's output in one ##[group] titled Running script: <name> (<shell>)", async () => {
    const { sources: src } = sources({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', name: 'first', run: 'scripts/first.sh' },
          { shell: 'sh', name: 'second', run: 'scripts/second.sh' },
        ],
      }),
      'scripts/first.sh': '#!/usr/bin/env bash\necho "out of first"\necho "first to stderr" >&2\n',
      'scripts/second.sh': '#!/bin/sh\necho "out of second"\n',
    });
    const run = await runTask({ sources: src, inputs: { environmentName: 'dev' } });
    ok(run);
    assert.deepEqual(
      run.groups.map((g) => g.title),
      ['Running script: first (bash)', 'Running script: second (sh)'],
    );
    const [first, second] = run.groups as [(typeof run.groups)[0], (typeof run.groups)[0]];
    assert.ok(first.end > first.start && second.end > second.start, 'both groups are closed');
    assert.equal(run.log[first.end]!.format?.name, 'endgroup', 'closed by ##[endgroup]');
    assert.equal(run.log[second.end]!.format?.name, 'endgroup', 'closed by ##[endgroup]');
    assert.ok(first.end < second.start, 'groups do not overlap');
    assert.deepEqual(first.lines, ['out of first']);
    assert.deepEqual(second.lines, ['out of second']);
    assert.match(run.stderr, /first to stderr/);
    const completed = indexOfLine(run, 'Completed: first (<t>)');
    assert.ok(completed > first.end && completed < second.start, 'progress lines sit outside the groups');
  });
});

describe('Azure Pipelines: a failing script', () => {
  it('task.complete result=Failed names the script, exit code and stderr tail; task.issue points at the script file', async () => {
    const stderr = [1, 2, 3, 4, 5].map((i) => `echo "err-line-${i}" >&2`).join('\n');
    const { sources: src, root } = sources(
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
    const run = await runTask({
      sources: src,
      inputs: { environmentName: 'dev', workingDirectory: 'infra', stderrLines: '2' },
    });
    const complete = failed(run);
    assert.equal(run.code, 1);
    assert.match(complete.message, /broken/);
    assert.match(complete.message, /scripts\/broken\/run\.sh/);
    assert.match(complete.message, /exit code 3/);
    assert.match(complete.message, /err-line-4\n\s*err-line-5/);
    assert.doesNotMatch(complete.message, /err-line-3/, 'stderrLines: 2 keeps the last two lines');
    const group = run.groups.find((g) => g.title === 'Running script: broken (bash)');
    assert.ok(group && group.end > group.start, describeRun(run));
    assert.deepEqual(group.lines, ['broken stdout']);
    assert.ok(indexOfLine(run, 'Failed: broken (exit code: 3, <t>)') > group.end, 'the Failed line follows the group');
    // The annotation on the script file, relative to the sources directory.
    const onFile = run.errors.filter((e) => e.properties.sourcepath !== undefined);
    assert.equal(onFile.length, 1, describeRun(run));
    assert.equal(onFile[0]!.properties.sourcepath, 'infra/scripts/broken/run.sh');
    assert.match(onFile[0]!.message, /broken.*exit code 3/);
    assert.ok(onFile[0]!.index > group.end && onFile[0]!.index < complete.index, 'after the group, before the result');
    assert.ok(complete.index > group.end);
    assert.ok(
      run.mock!.errorIssues.some((m) => m.includes('exit code 3')),
      'MockTestRunner sees the error issue',
    );
    // Nothing after the failure ran; what completed is kept and set.
    assert.equal(existsSync(path.join(root, '.state', 'never')), false);
    assert.equal(run.groups.length, 2);
    assert.equal(output(run, 'BASE_ID'), 'base-42');
    assert.equal(output(run, 'environment'), 'dev');
    assert.match(dotenvOf(root, 'dev') ?? '', /^BASE_ID="base-42"$/m);
  });

  it('a bad parameter file fails before any script runs, with a task.issue on that file', async () => {
    const { sources: src, root } = sources({
      'azure.yaml': azureYaml({
        provision: [{ shell: 'bash', name: 'one', run: 'scripts/one.sh', parameters: 'scripts/params.json' }],
      }),
      'scripts/params.json': JSON.stringify({ parameters: { REGION: { type: 'string' } } }),
      'scripts/one.sh': touchScript('one'),
    });
    const run = await runTask({ sources: src, inputs: { environmentName: 'dev' } });
    const complete = failed(run);
    assert.match(complete.message, /REGION/);
    assert.deepEqual(run.groups, []);
    assert.equal(existsSync(path.join(root, '.state')), false);
    assert.ok(
      run.errors.some((e) => e.properties.sourcepath === 'scripts/params.json'),
      `an issue on scripts/params.json\n${describeRun(run)}`,
    );
  });
});

describe('Azure Pipelines: the uploaded summary', () => {
  it('is attached with task.uploadsummary: a table of the scripts and of the outputs, secrets as ***', async () => {
    const { sources: src } = sources({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', name: 'first', run: 'scripts/first/run.sh' },
          { shell: 'sh', name: 'second', run: 'scripts/second/run.sh' },
        ],
      }),
      'scripts/first/run.sh': outputsScript({
        PLAIN: { type: 'string', value: 'plain-value' },
        TOKEN: { type: 'securestring', value: 'summary-secret-777' },
        SHOWN: { type: 'string', value: 'masked-by-input-888' },
      }),
      'scripts/second/run.sh': '#!/bin/sh\nexit 0\n',
    });
    const run = await runTask({ sources: src, inputs: { environmentName: 'dev', maskedOutputs: 'SHOWN' } });
    ok(run);
    assert.ok(run.summaryFile && path.isAbsolute(run.summaryFile), describeRun(run));
    assert.ok(existsSync(run.summaryFile), 'the summary file exists when the agent uploads it');
    const s = run.summary;
    assert.match(s, /^## azd-scripts provision <code>dev<\/code>: ✅ succeeded$/m, s);
    assert.match(s, /^\| # \| Script \| Shell \| Result \| Duration \|$/m, s);
    assert.match(s, /^\| 1 \| first \| bash \| ✅ succeeded \| \d+(\.\d)? (ms|s) \|$/m, s);
    assert.match(s, /^\| 2 \| second \| sh \| ✅ succeeded \| \d+(\.\d)? (ms|s) \|$/m, s);
    assert.match(s, /^\| PLAIN \| <code>plain-value<\/code> \|$/m, s);
    assert.match(s, /^\| TOKEN \| <code>\*\*\*<\/code> \|$/m, s);
    assert.match(s, /^\| SHOWN \| <code>\*\*\*<\/code> \|$/m, s);
    assert.ok(!/summary-secret-777|masked-by-input-888/.test(s), s);
  });

  it('shows the result of each script of a failed run, and the error', async () => {
    const { sources: src } = sources({
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
    const run = await runTask({ sources: src, inputs: { environmentName: 'dev' } });
    failed(run);
    assert.match(run.summary, /: ❌ failed$/m, run.summary);
    assert.match(run.summary, /^\| 1 \| good \| bash \| ✅ succeeded \|/m, run.summary);
    assert.match(run.summary, /^\| 2 \| bad \| bash \| ❌ failed \(exit code 7\) \|/m, run.summary);
    assert.match(run.summary, /^\| 3 \| skipped \| bash \| ⏭️ not run \|/m, run.summary);
    assert.match(run.summary, /^### Error$/m);
  });

  it('shows the plan for preview, which runs nothing and writes nothing', async () => {
    const { sources: src, root } = sources({
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
    const run = await runTask({
      sources: src,
      inputs: { command: 'preview', environmentName: 'dev', parameters: 'REGION=westus' },
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
    assert.deepEqual(secretProblems(run, 'preview-secret-555'), []);
    assert.deepEqual(run.groups, [], 'preview runs no script');
    assert.equal(existsSync(path.join(root, '.state')), false);
    assert.equal(existsSync(path.join(root, '.azure')), false, 'preview writes nothing to disk');
    assert.equal(output(run, 'environment'), 'dev');
  });
});

describe('Azure Pipelines: down', () => {
  const files = {
    'azure.yaml': azureYaml({
      provision: [{ shell: 'bash', name: 'up', run: 'scripts/up.sh' }],
      destroy: [{ shell: 'bash', name: 'teardown', run: 'scripts/teardown.sh' }],
    }),
    'scripts/up.sh': touchScript('up'),
    'scripts/teardown.sh': touchScript('teardown'),
  };

  it('fails without force before running anything', async () => {
    const { sources: src, root } = sources(files);
    const run = await runTask({ sources: src, inputs: { command: 'down', environmentName: 'dev' } });
    const complete = failed(run);
    assert.match(complete.message, /force/i);
    assert.deepEqual(run.groups, []);
    assert.equal(existsSync(path.join(root, '.state')), false);
    assert.equal(existsSync(path.join(root, '.azure')), false);
  });

  it('runs the destroy scripts with force: true (and AZD_PURGE=true with purge: true)', async () => {
    const { sources: src, root } = sources(files);
    const run = await runTask({
      sources: src,
      inputs: { command: 'down', environmentName: 'dev', force: 'true', purge: 'true' },
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

describe('Azure Pipelines: invalid inputs', () => {
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
    ['exportVariables', { exportVariables: '2' }],
    ['stderrLines', { stderrLines: 'many' }],
    ['command', { command: 'destroy' }],
    ['parameters', { parameters: 'REGION=westus\nnot a pair hunter2-value' }],
  ];
  for (const [name, inputs] of cases) {
    it(`${JSON.stringify(inputs)} fails naming "${name}" and runs nothing`, async () => {
      const { sources: src, root } = sources(files);
      const run = await runTask({ sources: src, inputs: { environmentName: 'dev', ...inputs } });
      const complete = failed(run);
      assert.ok(complete.message.includes(name), describeRun(run));
      assert.ok(!complete.message.includes('hunter2'), 'an input error never quotes a parameter value');
      assert.deepEqual(run.groups, []);
      assert.equal(existsSync(path.join(root, '.state')), false);
      assert.equal(existsSync(path.join(root, '.azure')), false);
    });
  }
});

describe('Azure Pipelines: the environment scripts see', () => {
  it('has no INPUT_* or SECRET_* variable, but the rest of the agent environment and AZURE_ENV_NAME', async () => {
    const { sources: src, root } = sources({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', name: 'one', run: 'scripts/one.sh' }] }),
      'scripts/one.sh': '#!/usr/bin/env bash\nset -e\nmkdir -p .seen\nenv -0 > .seen/env0\n',
    });
    const run = await runTask({
      sources: src,
      inputs: { environmentName: 'dev', parameters: 'REGION=westus' },
      env: {
        MY_PIPELINE_VAR: 'from-the-pipeline',
        SECRET_MY_SECRET: 'agent-secret-value',
        VSTS_TASKVARIABLE_TASKVAR: 'task-variable-value',
      },
    });
    ok(run);
    const env = new Map(
      readFileSync(path.join(root, '.seen', 'env0'), 'utf8')
        .split('\0')
        .filter(Boolean)
        .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)] as const),
    );
    const leaked = [...env.keys()].filter((k) => /^(INPUT_|SECRET_|VSTS_TASKVARIABLE_)/.test(k));
    assert.deepEqual(leaked, [], 'task-lib removes INPUT_*, SECRET_* and VSTS_TASKVARIABLE_* before scripts start');
    assert.ok(![...env.values()].some((v) => v.includes('agent-secret-value')));
    assert.equal(env.get('SYSTEM_TEAMPROJECT'), 'azd-scripts-tests');
    assert.equal(env.get('BUILD_SOURCESDIRECTORY'), src);
    assert.equal(env.get('TF_BUILD'), 'True');
    assert.equal(env.get('MY_PIPELINE_VAR'), 'from-the-pipeline');
    assert.equal(env.get('AZURE_ENV_NAME'), 'dev');
    assert.equal(env.get('REGION'), 'westus', 'the inputs were read before task-lib removed them');
  });
});

describe('Azure Pipelines: cancellation', () => {
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
    it(`${signal} to the node process mid-script ends the script's process group, sets partial outputs and fails with "Cancelled" within 5 s`, async () => {
      const { sources: src, root } = sources(files);
      const task = startTask({ sources: src, inputs: { environmentName: 'dev', exportVariables: 'true' } });
      const shPid = path.join(root, '.state', 'sh.pid');
      await waitFor('the slow script to start', () => existsSync(shPid), 15_000);
      await waitFor('the slow script to print', () => task.stdout().includes('slow script waiting'), 5_000);
      const bg = Number(readFileSync(path.join(root, '.state', 'bg.pid'), 'utf8'));
      const sh = Number(readFileSync(shPid, 'utf8'));
      assert.ok(alive(bg) && alive(sh));
      const sent = Date.now();
      task.child.kill(signal); // the node process only, as the agent does
      const run = await task.done;
      const elapsed = Date.now() - sent;
      assert.ok(elapsed < 5000, `exited ${elapsed} ms after ${signal}`);
      assert.equal(run.signal, null, `the task handles ${signal} itself\n${describeRun(run)}`);
      const complete = failed(run);
      assert.match(complete.message, /Cancelled/);
      assert.match(complete.message, new RegExp(signal));
      // The whole group is gone: the script and the background child it started.
      await waitFor('the process group to end', () => groupMembers(sh).length === 0, 1000).catch(() => undefined);
      assert.deepEqual(groupMembers(sh), [], 'no process of the script group is left');
      assert.equal(alive(bg), false, 'the background child is gone');
      assert.equal(existsSync(path.join(root, '.state', 'slow-finished')), false);
      assert.equal(existsSync(path.join(root, '.state', 'third')), false, 'no further script starts');
      // The completed script's outputs are persisted and set as variables.
      assert.match(dotenvOf(root, 'dev') ?? '', /^FIRST_URL="https:\/\/first\.example"$/m);
      assert.equal(output(run, 'FIRST_URL'), 'https://first.example');
      assert.equal(run.jobVariables.get('FIRST_URL')?.value, 'https://first.example');
      assert.equal(output(run, 'environment'), 'dev');
      assert.match(run.summary, /cancelled/);
      const slow = run.groups.find((g) => g.title === 'Running script: slow (bash)');
      assert.ok(slow && slow.end > slow.start && slow.end < complete.index, 'the group is closed before the result');
    });
  }
});

describe('task.json', () => {
  const task = taskJson();
  const declared = task.inputs.map((i) => i.name);

  it('declares exactly the inputs the task reads (TASK_INPUTS), both ways', () => {
    assert.deepEqual([...declared].sort(), [...TASK_INPUTS].sort());
    assert.equal(new Set(declared).size, declared.length, 'no input declared twice');
  });

  it('readTaskInputs reads every declared input exactly once, and nothing else', () => {
    const reads: string[] = [];
    readTaskInputs(
      (name) => {
        reads.push(name);
        return undefined;
      },
      {},
      '/src',
    );
    assert.deepEqual([...reads].sort(), [...declared].sort());
  });

  it('every input the sources read by name is declared, and every declared input is read by name', () => {
    const files = ['src/main/task.ts', 'src/main/task-inputs.ts'];
    const text = files.map((f) => readFileSync(path.join(ROOT, f), 'utf8')).join('\n');
    const read = new Set<string>();
    const reader =
      /\b(?:getInput|getInputRequired|getBoolInput|getPathInput|getPathInputRequired|getDelimitedInput|getInput\w*|input)\(\s*(['"`])([^'"`]+)\1/g;
    for (const m of text.matchAll(reader)) read.add(m[2]!);
    // task.ts hands task-lib's getInput to readTaskInputs; a literal name anywhere else would bypass it.
    const literalTl = [...text.matchAll(/\btl\.get\w*Input\w*\(\s*['"`]/g)];
    assert.deepEqual(
      literalTl.map((m) => m[0]),
      [],
      'every input is read through readTaskInputs',
    );
    assert.deepEqual(
      [...read].filter((n) => !declared.includes(n)),
      [],
      'read but not declared',
    );
    assert.deepEqual(
      declared.filter((n) => !read.has(n)),
      [],
      'declared but never read',
    );
    // No other source file reads a task input.
    const others = ['src/hosts/azure-pipelines.ts', 'src/hosts/inputs.ts'].map((f) =>
      readFileSync(path.join(ROOT, f), 'utf8'),
    );
    for (const other of others) assert.doesNotMatch(other, /\btl\.get\w*Input\w*\(/);
  });

  it('friendlyName has at most 40 characters; id is a GUID; version Major 1; minimumAgentVersion present', () => {
    assert.ok(task.friendlyName.length > 0 && task.friendlyName.length <= 40, task.friendlyName);
    assert.match(task.id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    assert.equal(task.name, 'AzdScripts');
    assert.equal(task.version.Major, 1);
    assert.ok(Number.isInteger(task.version.Minor) && Number.isInteger(task.version.Patch));
    assert.match(task.minimumAgentVersion ?? '', /^\d+\.\d+\.\d+$/);
  });

  it('inputs are camelCase with a label and helpMarkDown; groups, defaults and options are consistent', () => {
    const groups = new Set((task.groups ?? []).map((g) => g.name));
    for (const input of task.inputs) {
      assert.match(input.name, /^[a-z][a-zA-Z0-9]*$/, `${input.name} is camelCase`);
      assert.ok(input.helpMarkDown && input.helpMarkDown.trim().length > 0, `${input.name} has helpMarkDown`);
      assert.ok(input.label && input.label.trim().length > 0, `${input.name} has a label`);
      if (input.groupName) assert.ok(groups.has(input.groupName), `${input.name}: group ${input.groupName}`);
      if (input.type === 'boolean') assert.match(input.defaultValue ?? '', /^(true|false)$/, input.name);
    }
    const command = task.inputs.find((i) => i.name === 'command')!;
    assert.equal(command.defaultValue, 'provision');
    assert.deepEqual(Object.keys(command.options ?? {}).sort(), [...COMMANDS].sort());
    assert.equal(task.inputs.find((i) => i.name === 'stderrLines')?.defaultValue, '50');
    assert.equal(task.inputs.find((i) => i.name === 'persist')?.defaultValue, 'true');
    for (const ref of (task.instanceNameFormat ?? '').matchAll(/\$\((\w+)\)/g))
      assert.ok(declared.includes(ref[1]!), `instanceNameFormat names input ${ref[1]}`);
  });

  it('force and purge are visible only for command = down', () => {
    for (const name of ['force', 'purge']) {
      assert.equal(task.inputs.find((i) => i.name === name)?.visibleRule, 'command = down', name);
    }
  });

  it('declares exactly the output variables outputs and environment, with valid names', () => {
    const names = (task.outputVariables ?? []).map((o) => o.name);
    for (const name of names) assert.match(name, /^[A-Za-z][A-Za-z0-9]*$/);
    assert.deepEqual([...names].sort(), ['environment', 'outputs']);
  });

  it('has Node24 and Node20_1 handlers that both run the built ESM bundle', () => {
    for (const handler of ['Node24', 'Node20_1']) {
      const target = task.execution[handler]?.target;
      assert.ok(target, `${handler} handler`);
      const file = path.join(TASK_DIR, target);
      assert.ok(existsSync(file), `${handler} target ${target} exists`);
      assert.equal(file, TASK_BUNDLE);
    }
    const pkg = JSON.parse(readFileSync(path.join(path.dirname(TASK_BUNDLE), 'package.json'), 'utf8')) as {
      type?: string;
    };
    assert.equal(pkg.type, 'module', 'task/dist/package.json makes the bundle ESM');
    assert.deepEqual(
      inputEnvironment({}, '/src'),
      Object.fromEntries(
        task.inputs.map((i) => [inputVariable(i.name), i.type === 'filePath' ? '/src' : (i.defaultValue ?? '')]),
      ),
    );
  });
});

describe('issue 10.4 in the task: a CRLF script is a warning issue naming the file', () => {
  it('logissue type=warning with the script path, before the script runs', async () => {
    const { sources: src } = sources({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/crlf.sh' }] }),
      'scripts/crlf.sh': '#!/usr/bin/env bash\r\ntrue\r\n',
    });
    const run = await runTask({ sources: src, inputs: { environmentName: 'dev', command: 'preview' } });
    ok(run);
    const warning = run.warnings.find((w) => w.message.includes('CRLF'));
    assert.ok(warning, describeRun(run));
    assert.equal(warning.properties.sourcepath, 'scripts/crlf.sh', 'relative to the sources folder');
    assert.match(warning.message, /\*\.sh text eol=lf/);
  });
});
