/**
 * Cancellation (reliability item 2): SIGINT, SIGTERM and SIGINT twice, sent to the BUILT CLI, the GitHub Action
 * bundle and the Azure Pipelines task bundle (to the node process only, as the agents do) while a script that
 * started children of its own runs. Each time the script's whole process group ends, the run is reported
 * cancelled with the script's name, the outputs of the script that completed are persisted, and the process
 * exits within 5 s. A script killed by a signal is reported with the signal's name.
 */
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { azureYaml, baseEnv, dotenvOf, makeProject, outputsScript, runCli, hideDuration } from '../helpers.js';
import { describeRun as describeAction, runAction, startAction } from '../github/runner.js';
import { describeRun as describeTask, runTask, startTask } from '../azure-pipelines/agent.js';
import { eventually, fault, groupMembers, alive, rit, sleep, startCli } from './support.js';

type Mode = 'SIGINT' | 'SIGTERM' | 'SIGINT twice';
const MODES: Mode[] = ['SIGINT', 'SIGTERM', 'SIGINT twice'];

/**
 * first: outputs; slow: starts a background job, a subshell and a nested bash, then waits in the foreground
 * (with SIGINT ignored when `ignoreInt`, so that only a second signal or the escalation ends it); never: must not run.
 */
function cancelProject(ignoreInt: boolean): string {
  return makeProject({
    'azure.yaml': azureYaml({
      provision: [
        { shell: 'bash', name: 'first', run: 'scripts/first/run.sh' },
        { shell: 'bash', name: 'slow', run: 'scripts/slow/run.sh' },
        { shell: 'bash', name: 'never', run: 'scripts/never/run.sh' },
      ],
    }),
    'scripts/first/run.sh': outputsScript({
      FIRST_URL: { type: 'string', value: 'https://first.example' },
      FIRST_TOKEN: { type: 'securestring', value: 'first-token-value' },
    }),
    'scripts/slow/run.sh': [
      '#!/usr/bin/env bash',
      ignoreInt ? "trap '' INT" : '',
      'mkdir -p .state',
      'sleep 300 &',
      'echo $! > .state/bg.pid',
      '( sleep 300; sleep 300 ) &',
      "bash -c 'sleep 300; sleep 300' &",
      'echo $$ > .state/sh.pid.tmp && mv .state/sh.pid.tmp .state/sh.pid',
      'echo slow-started',
      'sleep 300',
      'touch .state/slow-finished',
      '',
    ].join('\n'),
    'scripts/never/run.sh': '#!/usr/bin/env bash\ntouch .state/never-ran\n',
  });
}

interface Signalled {
  /** ms from the first signal to the process's exit. */
  elapsed: number;
  /** ms from the last signal to the process's exit. */
  afterLast: number;
  scriptPid: number;
  bgPid: number;
}

/** Waits for the slow script, sends the signal(s) of `mode` to `pid`, waits for `exited`. */
async function signal(
  root: string,
  mode: Mode,
  kill: (s: NodeJS.Signals) => void,
  output: () => string,
  exited: Promise<unknown>,
): Promise<Signalled> {
  const shPid = path.join(root, '.state', 'sh.pid');
  assert.ok(
    await eventually(() => existsSync(shPid) && output().includes('slow-started'), 20_000),
    `the slow script never started:\n${output()}`,
  );
  const scriptPid = Number(readFileSync(shPid, 'utf8'));
  const bgPid = Number(readFileSync(path.join(root, '.state', 'bg.pid'), 'utf8'));
  assert.ok(groupMembers(scriptPid).length >= 4, 'the script and its children run in one process group');
  let exitedAt = 0;
  exited.then(
    () => (exitedAt = Date.now()),
    () => undefined, // a run that times out fails below, where `exited` is awaited
  );
  const first = Date.now();
  let last = first;
  if (mode === 'SIGINT twice') {
    kill('SIGINT');
    fault();
    await sleep(300);
    assert.equal(exitedAt, 0, 'a script that ignores SIGINT is still running after the first SIGINT');
    last = Date.now();
    kill('SIGINT');
    fault();
  } else {
    kill(mode);
    fault();
  }
  const timer = setTimeout(() => kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
  const at = exitedAt || Date.now();
  return { elapsed: at - first, afterLast: at - last, scriptPid, bgPid };
}

/** Checks shared by every host: time, the whole group gone, nothing after the cancel, partial outputs kept. */
async function checkCancelled(root: string, mode: Mode, s: Signalled): Promise<void> {
  assert.ok(s.elapsed < 5000, `exited ${s.elapsed} ms after the first signal`);
  if (mode === 'SIGINT twice') {
    // The script ignores SIGINT: only the second signal (killing the group at once) can end it this early;
    // the escalation schedule would take 2.5 s.
    assert.ok(s.afterLast < 2000, `exited ${s.afterLast} ms after the second SIGINT`);
  }
  const gone = await eventually(() => groupMembers(s.scriptPid).length === 0, 2000);
  const left = groupMembers(s.scriptPid);
  for (const pid of left) process.kill(pid, 'SIGKILL');
  assert.ok(gone, `processes of the script's group outlived the run: ${left.join(', ')}`);
  assert.equal(alive(s.bgPid), false, 'the background child is gone');
  for (const marker of ['slow-finished', 'never-ran']) {
    assert.equal(existsSync(path.join(root, '.state', marker)), false, `${marker} exists`);
  }
  const dotenv = dotenvOf(root, 'dev') ?? '';
  assert.match(dotenv, /^FIRST_URL="https:\/\/first\.example"$/m, 'the completed script’s output is persisted');
  assert.doesNotMatch(dotenv, /first-token-value/);
  const config = JSON.parse(readFileSync(path.join(root, '.azure', 'dev', 'config.json'), 'utf8')) as unknown;
  assert.deepEqual(config, { scripts: { outputs: ['FIRST_URL'], outputTypes: { FIRST_URL: 'string' } } });
}

describe('cancellation of the CLI', () => {
  for (const mode of MODES) {
    rit(`${mode}: exit 130, "Cancelled ... script "slow"", the group gone, partial outputs kept`, async () => {
      const root = cancelProject(mode === 'SIGINT twice');
      const live = startCli(['provision', '-e', 'dev'], { cwd: root });
      const s = await signal(root, mode, (sig) => live.child.kill(sig), live.stdout, live.exited);
      const exit = await live.exited;
      const all = `${live.stdout()}${live.stderr()}`;
      assert.equal(exit.code, 130, `exit ${exit.code} (${exit.signal})\n${all}`);
      const sent = mode === 'SIGTERM' ? 'SIGTERM' : 'SIGINT';
      assert.ok(
        all.includes(`error: Cancelled (${sent}) while running script "slow"`),
        `no cancellation message naming the script:\n${all}`,
      );
      assert.match(live.stdout(), /^Failed: slow \(signal: SIG[A-Z]+, \d+\.\ds\)$/m);
      assert.doesNotMatch(all, /^ {4}at /m);
      await checkCancelled(root, mode, s);
    });
  }
});

describe('cancellation of the GitHub Action bundle', () => {
  for (const mode of MODES) {
    rit(
      `${mode}: a failed step with a "Cancelled" annotation naming "slow", the group gone, partial outputs kept`,
      async () => {
        const root = cancelProject(mode === 'SIGINT twice');
        const action = startAction({ workspace: root, inputs: { environment: 'dev' }, timeoutMs: 30_000 });
        const s = await signal(root, mode, (sig) => action.child.kill(sig), action.stdout, action.done);
        const run = await action.done;
        assert.equal(run.signal, null, describeAction(run));
        assert.equal(run.code, 1, describeAction(run));
        assert.ok(
          run.errors.some((e) => e.title === 'Cancelled' && e.message.includes('while running script "slow"')),
          describeAction(run),
        );
        assert.equal(run.outputs.get('FIRST_URL'), 'https://first.example');
        assert.match(run.summary, /cancelled/);
        await checkCancelled(root, mode, s);
      },
    );
  }
});

describe('cancellation of the Azure Pipelines task bundle', () => {
  for (const mode of MODES) {
    rit(
      `${mode}: task.complete Failed with "Cancelled ... script "slow"", the group gone, partial outputs kept`,
      async () => {
        const root = cancelProject(mode === 'SIGINT twice');
        const task = startTask({ sources: root, inputs: { environmentName: 'dev' }, timeoutMs: 30_000 });
        const s = await signal(root, mode, (sig) => task.child.kill(sig), task.stdout, task.done);
        const run = await task.done;
        assert.equal(run.signal, null, describeTask(run));
        assert.equal(run.code, 1, describeTask(run));
        const complete = run.completes.at(-1);
        assert.equal(complete?.result, 'Failed', describeTask(run));
        assert.match(complete!.message, /Cancelled \(SIG(INT|TERM)\) while running script "slow"/);
        assert.equal(run.outputs.get('FIRST_URL')?.value, 'https://first.example');
        assert.match(run.summary, /cancelled/);
        await checkCancelled(root, mode, s);
      },
    );
  }
});

describe('a script killed by a signal is reported with the signal name', () => {
  const project = (signalName: string) =>
    makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', name: 'ok', run: 'scripts/ok/run.sh' },
          { shell: 'bash', name: 'dies', run: 'scripts/dies/run.sh' },
        ],
      }),
      'scripts/ok/run.sh': outputsScript({ OK_OUT: { type: 'string', value: 'kept' } }),
      'scripts/dies/run.sh': `#!/usr/bin/env bash\necho about to die >&2\nkill -${signalName} $$\nsleep 5\n`,
    });

  for (const sig of ['KILL', 'TERM', 'SEGV']) {
    rit(`CLI: a script ended by SIG${sig}: "Failed: dies (signal: SIG${sig})" and the error names it`, async () => {
      const root = project(sig);
      const r = await runCli(['provision', '-e', 'dev'], { cwd: root, env: baseEnv() });
      fault();
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stdout, new RegExp(`^Failed: dies \\(signal: SIG${sig}, \\d+\\.\\ds\\)$`, 'm'));
      assert.match(r.stderr, new RegExp(`error: Script "dies" was terminated by signal SIG${sig}`));
      assert.match(r.stderr, /about to die/);
      assert.match(dotenvOf(root, 'dev') ?? '', /^OK_OUT="kept"$/m);
    });
  }

  rit('GitHub Action: SIGKILL named in the log and the error annotation', async () => {
    const root = project('KILL');
    const run = await runAction({ workspace: root, inputs: { environment: 'dev' } });
    fault();
    assert.equal(run.code, 1, describeAction(run));
    assert.ok(
      run.log.some((e) => hideDuration(e.raw) === 'Failed: dies (signal: SIGKILL, <t>)'),
      describeAction(run),
    );
    assert.ok(
      run.errors.some((e) => e.message.includes('was terminated by signal SIGKILL')),
      describeAction(run),
    );
    assert.match(run.summary, /signal SIGKILL/);
  });

  rit('Azure Pipelines task: SIGKILL named in the log and the failed result', async () => {
    const root = project('KILL');
    const run = await runTask({ sources: root, inputs: { environmentName: 'dev' } });
    fault();
    assert.ok(
      run.log.some((e) => hideDuration(e.raw) === 'Failed: dies (signal: SIGKILL, <t>)'),
      describeTask(run),
    );
    const complete = run.completes.at(-1);
    assert.equal(complete?.result, 'Failed');
    assert.match(complete!.message, /was terminated by signal SIGKILL/);
  });
});
