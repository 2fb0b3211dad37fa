/**
 * Issue 10.10, CLI polish for azd users, through the built bundles: per-script durations on the progress lines,
 * a closing line with the total on every host, did-you-mean for commands and flags, `help`/`version` commands,
 * hints spelled for the host that shows them, and output values with control characters shown escaped.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { azureYaml, baseEnv, makeProject, outputsScript, runCli, tempDir, type RunResult } from '../helpers.js';
import { runAction, describeRun as describeAction } from '../github/runner.js';
import { runTask, describeRun as describeTask } from '../azure-pipelines/agent.js';
import { VERSION } from '../../src/version.js';

function cli(project: string, args: string[], env: Record<string, string> = {}): Promise<RunResult> {
  return runCli(args, { cwd: project, env: baseEnv(env) });
}

function lines(text: string): string[] {
  return text.split('\n');
}

/** Three scripts: a slow one with an output, a quick one, and one that fails with exit code 3. */
function threeScripts(options: { failing: boolean; continueOnError?: boolean }): string {
  return makeProject({
    'azure.yaml': azureYaml({
      provision: [
        { shell: 'bash', run: 'scripts/slow/run.sh', name: 'setup-db' },
        { shell: 'bash', run: 'scripts/quick.sh' },
        ...(options.failing
          ? [{ shell: 'bash', run: 'scripts/bad.sh', name: 'x', continueOnError: options.continueOnError ?? false }]
          : []),
      ],
      destroy: [{ shell: 'bash', run: 'scripts/quick.sh' }],
    }),
    'scripts/slow/run.sh': outputsScript({ DB: { type: 'string', value: 'db1' } }, 'sleep 0.35'),
    'scripts/quick.sh': '#!/usr/bin/env bash\ntrue\n',
    'scripts/bad.sh': '#!/usr/bin/env bash\nsleep 0.2\nexit 3\n',
  });
}

const DURATION = String.raw`\d+\.\ds`;

describe('issue 10.10: per-script duration on Completed:/Failed: lines', () => {
  it('Completed: <name> (<seconds>s) and Failed: <name> (exit code: <code>, <seconds>s), prefixes as in PRD REQ-9.1', async () => {
    const project = threeScripts({ failing: true });
    const r = await cli(project, ['provision', '-e', 'dev']);
    assert.equal(r.code, 1, r.stderr);
    const completed = new RegExp(`^Completed: setup-db \\((${DURATION})\\)$`, 'm').exec(r.stdout);
    assert.ok(completed, r.stdout);
    assert.ok(parseFloat(completed[1]!) >= 0.3, `setup-db slept 0.35s but took ${completed[1]}`);
    assert.match(r.stdout, new RegExp(`^Completed: quick\\.sh \\(${DURATION}\\)$`, 'm'));
    const failed = new RegExp(`^Failed: x \\(exit code: 3, (${DURATION})\\)$`, 'm').exec(r.stdout);
    assert.ok(failed, r.stdout);
    assert.ok(parseFloat(failed[1]!) >= 0.1, `x slept 0.2s but took ${failed[1]}`);
  });
});

describe('issue 10.10: a closing line with the total', () => {
  it('CLI provision: SUCCESS: provisioned environment "dev": 2 scripts in <total>, as the last line', async () => {
    const project = threeScripts({ failing: false });
    const r = await cli(project, ['provision', '-e', 'dev']);
    assert.equal(r.code, 0, r.stderr);
    const out = lines(r.stdout.trimEnd());
    const last = new RegExp(`^SUCCESS: provisioned environment "dev": 2 scripts in (${DURATION})$`).exec(out.at(-1)!);
    assert.ok(last, r.stdout);
    assert.ok(parseFloat(last[1]!) >= 0.3, 'the total includes the slow script');
    assert.ok(out.includes('Outputs:'), 'outputs come before the closing line');
    assert.doesNotMatch(r.stdout, /Provisioned environment/, 'the closing line replaces the old summary line');
  });

  it('CLI provision with a tolerated failure says so on the SUCCESS line', async () => {
    const project = threeScripts({ failing: true, continueOnError: true });
    const r = await cli(project, ['provision', '-e', 'dev']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      lines(r.stdout.trimEnd()).at(-1)!,
      new RegExp(`^SUCCESS: provisioned environment "dev": 3 scripts, 1 failed \\(continueOnError\\) in ${DURATION}$`),
    );
  });

  it('CLI provision that fails: FAILED: … names the script and how many completed, after the error', async () => {
    const project = threeScripts({ failing: true });
    const r = await cli(project, ['provision', '-e', 'dev']);
    assert.equal(r.code, 1);
    assert.match(
      lines(r.stdout.trimEnd()).at(-1)!,
      new RegExp(`^FAILED: provision of environment "dev" after ${DURATION}: 2 of 3 scripts completed, "x" failed$`),
    );
    assert.match(r.stderr, /^error: Script "x" failed with exit code 3/m);
  });

  it('CLI failure before any script: FAILED: … no script was run', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/missing.sh' }] }),
    });
    const r = await cli(project, ['provision', '-e', 'dev']);
    assert.equal(r.code, 1);
    assert.match(
      lines(r.stdout.trimEnd()).at(-1)!,
      new RegExp(`^FAILED: provision of environment "dev" after ${DURATION}: no script was run$`),
    );
  });

  it('CLI down --force: SUCCESS: tore down environment "dev": 1 destroy script in <total>', async () => {
    const project = threeScripts({ failing: false });
    const r = await cli(project, ['down', '-e', 'dev', '--force']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      lines(r.stdout.trimEnd()).at(-1)!,
      new RegExp(`^SUCCESS: tore down environment "dev": 1 destroy script in ${DURATION}$`),
    );
  });

  it('preview and state print no closing line (they run no script)', async () => {
    const project = threeScripts({ failing: false });
    for (const command of ['preview', 'provision', 'state']) {
      const r = await cli(project, [command, '-e', 'dev']);
      if (command === 'provision') continue;
      assert.equal(r.code, 0, r.stderr);
      assert.doesNotMatch(r.stdout, /^(SUCCESS|FAILED|CANCELLED): /m, command);
    }
  });

  it('GitHub Action: the same closing line ends the log, after the error annotation', async () => {
    const project = threeScripts({ failing: true });
    const run = await runAction({ workspace: project, inputs: { environment: 'dev' } });
    assert.equal(run.code, 1, describeAction(run));
    const plain = run.log.filter((e) => !e.command && e.raw !== '');
    assert.match(
      plain.at(-1)!.raw,
      new RegExp(`^FAILED: provision of environment "dev" after ${DURATION}: 2 of 3 scripts completed, "x" failed$`),
      describeAction(run),
    );
    const ok = await runAction({ workspace: threeScripts({ failing: false }), inputs: { environment: 'dev' } });
    assert.equal(ok.code, 0, describeAction(ok));
    assert.ok(
      ok.log.some((e) => new RegExp(`^SUCCESS: provisioned environment "dev": 2 scripts in ${DURATION}$`).test(e.raw)),
      describeAction(ok),
    );
  });

  it('Azure Pipelines task: the same closing line, before the task result', async () => {
    const run = await runTask({ sources: threeScripts({ failing: false }), inputs: { environmentName: 'dev' } });
    const index = run.log.findIndex((e) =>
      new RegExp(`^SUCCESS: provisioned environment "dev": 2 scripts in ${DURATION}$`).test(e.raw),
    );
    assert.ok(index >= 0, describeTask(run));
    assert.ok(index < run.completes.at(-1)!.index, 'printed before ##vso[task.complete]');
    const failed = await runTask({ sources: threeScripts({ failing: true }), inputs: { environmentName: 'dev' } });
    assert.ok(
      failed.log.some((e) => /^FAILED: provision of environment "dev" after .*"x" failed$/.test(e.raw)),
      describeTask(failed),
    );
  });
});

describe('issue 10.10: did-you-mean for commands and flags', () => {
  const project = () => threeScripts({ failing: false });

  it('azd-scripts provison → Did you mean "provision"? (usage error, exit 2, nothing run)', async () => {
    const r = await cli(project(), ['provison', '-e', 'dev']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^error: Unknown command "provison"\. Did you mean "provision"\?$/m);
    assert.match(r.stderr, /^hint: Commands: provision, down, preview, state, help, version\./m);
    assert.equal(r.stdout, '');
  });

  it('--env → Did you mean --environment? (a prefix of one option)', async () => {
    const r = await cli(project(), ['provision', '--env', 'dev']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^error: Unknown option --env\. Did you mean --environment\?$/m);
  });

  it('--forse and --stderr-line=5 → the option spelled nearly so', async () => {
    const forse = await cli(project(), ['down', '--forse']);
    assert.equal(forse.code, 2);
    assert.match(forse.stderr, /^error: Unknown option --forse\. Did you mean --force\?$/m);
    const lines5 = await cli(project(), ['--stderr-line=5']);
    assert.match(lines5.stderr, /^error: Unknown option --stderr-line\. Did you mean --stderr-lines\?$/m);
  });

  it('-environment dev (one dash) is refused with --environment, not read as -e nvironment', async () => {
    const root = project();
    const r = await cli(root, ['provision', '-environment', 'dev']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^error: Unknown option -environment\. Did you mean --environment\?$/m);
    assert.equal(existsSync(path.join(root, '.azure')), false, 'nothing was created');
    const force = await cli(root, ['down', '-e', 'dev', '-force']);
    assert.match(force.stderr, /^error: Unknown option -force\. Did you mean --force\?$/m);
  });

  it('a word close to nothing gets no guess', async () => {
    const r = await cli(project(), ['--zzzzzzzz']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^error: Unknown option --zzzzzzzz\.$/m);
  });
});

describe('issue 10.10: help and version as commands, like azd', () => {
  it('azd-scripts help prints the help (as --help does) and lists help and version', async () => {
    const dir = tempDir();
    const r = await cli(dir, ['help']);
    const flag = await cli(dir, ['--help']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, flag.stdout);
    assert.match(r.stdout, /^ {2}help {8}show this help$/m);
    assert.match(r.stdout, /^ {2}version {5}print the version$/m);
    const about = await cli(dir, ['help', 'down']);
    assert.equal(about.code, 0);
    assert.equal(about.stdout, flag.stdout);
  });

  it('azd-scripts version prints the version (as --version does)', async () => {
    const r = await cli(tempDir(), ['version']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, `${VERSION}\n`);
  });

  it('help with an unknown command is a usage error with a guess', async () => {
    const r = await cli(tempDir(), ['help', 'stat']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /Did you mean "state"\?/);
  });
});

describe('issue 10.10: hints worded for the host they are shown in', () => {
  const downProject = () => threeScripts({ failing: false });

  it('CONFIRMATION_REQUIRED: --force at a terminal, `force: true` in the Action and the task, never the other', async () => {
    const r = await cli(downProject(), ['down', '-e', 'dev', '--no-prompt']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /^hint: To run the destroy scripts without asking, use --force\.$/m);
    assert.doesNotMatch(r.stderr, /force: true/);

    const gh = await runAction({ workspace: downProject(), inputs: { command: 'down', environment: 'dev' } });
    assert.equal(gh.code, 1);
    const ghText = gh.errors.map((e) => e.message).join('\n');
    assert.match(ghText, /use `force: true`\./, describeAction(gh));
    assert.doesNotMatch(gh.stdout + gh.stderr, /--force/);

    const task = await runTask({ sources: downProject(), inputs: { command: 'down', environmentName: 'dev' } });
    assert.match(task.completes.at(-1)!.message, /use `force: true`\./, describeTask(task));
    assert.doesNotMatch(task.stdout + task.stderr, /--force/);
  });

  it('ENVIRONMENT_NOT_SELECTED: -e NAME / the `environment` input / the `environmentName` input', async () => {
    const r = await cli(downProject(), ['provision']);
    assert.match(r.stderr, /^hint: Name one with -e NAME, or set AZURE_ENV_NAME\.$/m);

    const gh = await runAction({ workspace: downProject() });
    const ghText = gh.errors.map((e) => e.message).join('\n');
    assert.match(ghText, /Name one with `environment: NAME`, or set AZURE_ENV_NAME\./, describeAction(gh));
    assert.doesNotMatch(ghText, /environmentName|-e NAME/);

    const task = await runTask({ sources: downProject() });
    const taskText = task.completes.at(-1)!.message;
    assert.match(taskText, /Name one with `environmentName: NAME`, or set AZURE_ENV_NAME\./, describeTask(task));
    assert.doesNotMatch(taskText, /-e NAME|`environment:/);
  });

  it('PARAMETERS_UNRESOLVED: --param KEY=VALUE at a terminal, a KEY=VALUE line in `parameters` in CI', async () => {
    const files = () =>
      makeProject({
        'azure.yaml': azureYaml({
          provision: [{ shell: 'bash', run: 'scripts/quick.sh', parameters: 'params.json' }],
        }),
        'scripts/quick.sh': '#!/usr/bin/env bash\ntrue\n',
        'params.json': JSON.stringify({ parameters: { REGION: { type: 'string' } } }),
      });
    const r = await cli(files(), ['provision', '-e', 'dev']);
    assert.match(r.stderr, /^ {2}- --param KEY=VALUE$/m);
    assert.doesNotMatch(r.stderr, /Action\/task|parameters input/);

    const gh = await runAction({ workspace: files(), inputs: { environment: 'dev' } });
    const ghText = gh.errors.map((e) => e.message).join('\n');
    assert.match(ghText, /a `KEY=VALUE` line in the `parameters` input/, describeAction(gh));
    assert.doesNotMatch(gh.stdout, /--param/);
  });

  it('PROJECT_NOT_FOUND: --cwd / the `working-directory` input / the `workingDirectory` input', async () => {
    const r = await cli(tempDir(), ['provision', '-e', 'dev', '--cwd', 'nowhere']);
    assert.match(r.stderr, /^hint: Point --cwd at your azd project folder\.$/m);
    const ws = tempDir();
    const gh = await runAction({ workspace: ws, inputs: { environment: 'dev', 'working-directory': 'nowhere' } });
    assert.match(
      gh.errors.map((e) => e.message).join('\n'),
      /Point the `working-directory` input at/,
      describeAction(gh),
    );
    const task = await runTask({ sources: ws, inputs: { environmentName: 'dev', workingDirectory: 'nowhere' } });
    assert.match(task.completes.at(-1)!.message, /Point the `workingDirectory` input at/, describeTask(task));
  });
});

describe('issue 10.10: output values with control characters are shown escaped in text mode', () => {
  const project = () =>
    makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/out.sh' }] }),
      'scripts/out.sh': outputsScript({
        MULTI: { type: 'string', value: 'line1\nFAKE=forged' },
        ESC: { type: 'string', value: 'red\u001b[31mtext\u0007' },
        QUOTE: { type: 'string', value: 'tab\there "q" \\ end' },
        PLAIN: { type: 'string', value: 'just text with spaces' },
      }),
    });

  it('provision and state show "…" with \\n, \\u001b, \\t escaped; plain values as they are; JSON keeps the value', async () => {
    const root = project();
    const r = await cli(root, ['provision', '-e', 'dev']);
    assert.equal(r.code, 0, r.stderr);
    const expected = [
      '  MULTI="line1\\nFAKE=forged"',
      '  ESC="red\\u001b[31mtext\\u0007"',
      '  QUOTE="tab\\there \\"q\\" \\\\ end"',
      '  PLAIN=just text with spaces',
    ];
    for (const line of expected) assert.ok(lines(r.stdout).includes(line), `${line} in:\n${r.stdout}`);
    assert.ok(!lines(r.stdout).includes('FAKE=forged'), 'a newline in a value forged an output line');
    assert.ok(!r.stdout.includes('\u001b'), 'an escape sequence reached the terminal');

    const state = await cli(root, ['state', '-e', 'dev']);
    assert.equal(state.code, 0, state.stderr);
    for (const line of expected) assert.ok(lines(state.stdout).includes(line), `${line} in:\n${state.stdout}`);

    const json = await cli(root, ['state', '-e', 'dev', '-o', 'json']);
    const values = JSON.parse(json.stdout) as { outputs: Record<string, { value: string }> };
    assert.equal(values.outputs.MULTI!.value, 'line1\nFAKE=forged', 'JSON output carries the real value');
  });
});
