/**
 * azd's lock (DESIGN section 7; issues 10.1 and 11.8): azd >= 1.25 holds flock(2) LOCK_EX on
 * `.azure/<env>/.env.lock` around its read-merge-rename of `.env`. The BUILT CLI, Action and task take the same
 * lock: util-linux flock(1) stands in for azd, holding the lock or racing our saves with its own flock-then-write
 * loop. The lock file is azd's: never deleted nor replaced, whatever it holds. Waiting for it is reported once,
 * bounded, and ended at once by a cancel (the run then says what was saved and what was not).
 */
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { azureYaml, baseEnv, makeProject, outputsScript } from '../helpers.js';
import { formatDotenv, parseDotenv } from '../../src/core/dotenv.js';
import { describeRun as describeAction, startAction } from '../github/runner.js';
import { describeRun as describeTask, startTask } from '../azure-pipelines/agent.js';
import { fault, rit, sleep, startCli } from './support.js';

/** A project whose one script writes OUT; the environment `dev` exists. */
function project(): { dir: string; lock: string; envFile: string } {
  const dir = makeProject({
    'azure.yaml': azureYaml({ provision: [{ shell: 'bash', name: 'out', run: 'scripts/out/run.sh' }] }),
    'scripts/out/run.sh': outputsScript({ OUT: { type: 'string', value: 'saved' } }),
  });
  const envDir = path.join(dir, '.azure', 'dev');
  mkdirSync(envDir, { recursive: true });
  writeFileSync(path.join(envDir, '.env'), formatDotenv(new Map([['AZURE_ENV_NAME', 'dev']])));
  writeFileSync(path.join(envDir, 'config.json'), '{}');
  return { dir, lock: path.join(envDir, '.env.lock'), envFile: path.join(envDir, '.env') };
}

/** flock(1) holding `lock` as azd does while it saves, in a process group of its own (flock's child inherits the fd). */
function holdLock(lock: string, seconds: number): { holder: ChildProcess; release: () => void; locked: Promise<void> } {
  const holder = spawn('flock', [lock, 'sh', '-c', `echo locked; exec sleep ${seconds}`], {
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const locked = new Promise<void>((resolve, reject) => {
    holder.stdout!.once('data', () => resolve());
    holder.once('error', reject);
  });
  const release = () => {
    try {
      process.kill(-holder.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  return { holder, release, locked };
}

describe('issue 10.1: mutual exclusion with azd itself (flock on .env.lock)', () => {
  rit('flock(1) holding .env.lock as azd would: the run says it waits, naming the file, then saves', async () => {
    const { dir, lock, envFile } = project();
    const held = holdLock(lock, 60);
    try {
      await held.locked;
      fault();
      const live = startCli(['provision', '-e', 'dev'], { cwd: dir });
      await live.waitFor(`Waiting for ${lock}`, 10_000);
      await sleep(1000);
      assert.doesNotMatch(readFileSync(envFile, 'utf8'), /OUT/, 'saved while azd held the lock');
      held.release();
      const exit = await live.exited;
      const all = live.stdout() + live.stderr();
      assert.equal(exit.code, 0, all);
      assert.equal(all.split(`Waiting for ${lock}`).length - 1, 1, `the wait is reported once:\n${all}`);
      assert.match(all, /held by another process \(azd\?\)/);
      assert.match(readFileSync(envFile, 'utf8'), /^OUT="saved"$/m);
      assert.ok(existsSync(lock), '.env.lock is never deleted');
    } finally {
      held.release();
    }
  });

  rit(
    "a lock never released: the run gives up after azd's 30 s, naming the file, and changes nothing",
    async () => {
      const { dir, lock, envFile } = project();
      const before = readFileSync(envFile, 'utf8');
      const held = holdLock(lock, 120);
      try {
        await held.locked;
        fault();
        const live = startCli(['provision', '-e', 'dev'], { cwd: dir });
        const timer = setTimeout(() => live.child.kill('SIGKILL'), 60_000);
        const exit = await live.exited;
        clearTimeout(timer);
        const all = live.stdout() + live.stderr();
        assert.equal(exit.code, 1, all);
        assert.ok(all.includes(`${lock} was still held by another process (azd, or another run) after 30 s`), all);
        assert.match(all, /Do not delete the lock file/);
        assert.equal(readFileSync(envFile, 'utf8'), before);
        assert.match(all, /not saved to the environment:\n {2}OUT=saved/);
      } finally {
        held.release();
      }
    },
    { timeout: 90_000 },
  );

  rit(
    "a background flock-then-write loop (azd env set's way) racing our saves: no key of either side is lost",
    async () => {
      const SCRIPTS = 6;
      const provision = Array.from({ length: SCRIPTS }, (_, k) => ({
        shell: 'bash',
        name: `s${k}`,
        run: `scripts/s${k}.sh`,
      }));
      const files: Record<string, string> = { 'azure.yaml': azureYaml({ provision }) };
      for (let k = 0; k < SCRIPTS; k++) {
        files[`scripts/s${k}.sh`] =
          `#!/usr/bin/env bash\nprintf '{"outputs":{"OURS_%s_${k}":{"type":"string","value":"round %s"}}}' "$ROUND" "$ROUND" > "$(dirname "$0")/outputs.json"\n`;
      }
      const dir = makeProject(files);
      mkdirSync(path.join(dir, '.azure', 'dev'), { recursive: true });
      const envFile = path.join(dir, '.azure', 'dev', '.env');
      const lock = path.join(dir, '.azure', 'dev', '.env.lock');
      writeFileSync(envFile, 'AZURE_ENV_NAME="dev"\n');
      writeFileSync(path.join(dir, '.azure', 'dev', 'config.json'), '{}');
      // azd's Save: under the flock, re-read .env, set one key, write a temp file beside it, rename.
      const AZD_KEYS = 250;
      const emulator = spawn(
        'bash',
        [
          '-c',
          [
            'for i in $(seq 1 "$N"); do',
            '  flock "$LOCK" bash -c \'f=$1; k=$2; t="$f.tmp-$k"; { grep -v "^$k=" "$f" || true; echo "$k=\\"azd $k\\""; } | LC_ALL=C sort > "$t"; mv "$t" "$f"\' _ "$ENVF" "AZD_$i"',
            'done',
          ].join('\n'),
        ],
        { env: { ...baseEnv(), N: String(AZD_KEYS), LOCK: lock, ENVF: envFile }, stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let emulatorErr = '';
      emulator.stderr!.setEncoding('utf8').on('data', (d: string) => (emulatorErr += d));
      const emulated = new Promise<number | null>((resolve) => emulator.on('close', (code) => resolve(code)));
      let done = false;
      void emulated.then(() => (done = true));
      let rounds = 0;
      const problems: string[] = [];
      while (!done || rounds < 2) {
        rounds++;
        fault();
        const live = startCli(['provision', '-e', 'dev'], { cwd: dir, env: baseEnv({ ROUND: String(rounds) }) });
        const exit = await live.exited;
        if (exit.code !== 0) problems.push(`round ${rounds}: exit ${exit.code}\n${live.stdout()}${live.stderr()}`);
        if (rounds > 40) break;
      }
      assert.equal(await emulated, 0, emulatorErr);
      const values = parseDotenv(readFileSync(envFile, 'utf8'));
      for (let i = 1; i <= AZD_KEYS; i++) if (values.get(`AZD_${i}`) !== `azd AZD_${i}`) problems.push(`lost AZD_${i}`);
      for (let r = 1; r <= rounds; r++) {
        for (let k = 0; k < SCRIPTS; k++) {
          if (values.get(`OURS_${r}_${k}`) !== `round ${r}`) problems.push(`lost OURS_${r}_${k}`);
        }
      }
      assert.deepEqual(problems, [], `${rounds} rounds against ${AZD_KEYS} azd saves:\n${problems.join('\n')}`);
    },
    { timeout: 120_000 },
  );

  const planted: Array<{ what: string; content: string; ageMs: number }> = [
    { what: 'the pid of a dead process (an older azd-scripts)', content: '999999999\n', ageMs: 0 },
    { what: 'a live pid, 2 minutes old', content: `${process.pid}\n`, ageMs: 120_000 },
    { what: 'nothing (as azd leaves it), 5 s old', content: '', ageMs: 5000 },
  ];
  for (const p of planted) {
    rit(`an unlocked .env.lock holding ${p.what} is not waited for, and is kept byte for byte`, async () => {
      const { dir, lock, envFile } = project();
      writeFileSync(lock, p.content);
      if (p.ageMs) utimesSync(lock, new Date(Date.now() - p.ageMs), new Date(Date.now() - p.ageMs));
      const before = statSync(lock);
      fault();
      const live = startCli(['provision', '-e', 'dev'], { cwd: dir });
      const timer = setTimeout(() => live.child.kill('SIGKILL'), 10_000);
      const exit = await live.exited;
      clearTimeout(timer);
      assert.equal(exit.code, 0, live.stdout() + live.stderr());
      assert.doesNotMatch(live.stdout(), /Waiting for/);
      assert.match(readFileSync(envFile, 'utf8'), /^OUT="saved"$/m);
      assert.equal(statSync(lock).ino, before.ino, '.env.lock was replaced');
      assert.equal(readFileSync(lock, 'utf8'), p.content, '.env.lock was rewritten');
    });
  }
});

describe('issue 11.8: cancellation while waiting for a held .env.lock', () => {
  /** Holds the lock, starts the run, waits for it to wait, sends `signal`; returns ms from signal to exit. */
  async function cancelWhileWaiting(
    start: (dir: string) => { kill: (s: NodeJS.Signals) => void; output: () => string; exited: Promise<unknown> },
    signal: NodeJS.Signals,
  ): Promise<{ dir: string; lock: string; envFile: string; ms: number }> {
    const p = project();
    const held = holdLock(p.lock, 60);
    try {
      await held.locked;
      const run = start(p.dir);
      const deadline = Date.now() + 15_000;
      while (!run.output().includes(`Waiting for ${p.lock}`)) {
        assert.ok(Date.now() < deadline, `the run never waited for the lock:\n${run.output()}`);
        await sleep(20);
      }
      const sent = Date.now();
      run.kill(signal);
      fault();
      await run.exited;
      const ms = Date.now() - sent;
      assert.doesNotMatch(readFileSync(p.envFile, 'utf8'), /OUT/, 'nothing is saved without the lock');
      assert.ok(existsSync(p.lock));
      return { ...p, ms };
    } finally {
      held.release();
    }
  }

  rit('CLI, SIGTERM: exits at once, says it was waiting for the file, and does not call OUT kept', async () => {
    let live: ReturnType<typeof startCli> | undefined;
    const r = await cancelWhileWaiting((dir) => {
      live = startCli(['provision', '-e', 'dev'], { cwd: dir });
      return { kill: (s) => live!.child.kill(s), output: () => live!.stdout() + live!.stderr(), exited: live.exited };
    }, 'SIGTERM');
    const exit = await live!.exited;
    const all = live!.stdout() + live!.stderr();
    assert.ok(r.ms < 3000, `exited ${r.ms} ms after SIGTERM`);
    assert.equal(exit.code, 130, all);
    assert.ok(all.includes(`error: Cancelled (SIGTERM) while waiting for ${r.lock}`), all);
    assert.doesNotMatch(all, /\(kept\):\n {2}OUT=/, `OUT was not saved, yet reported as kept:\n${all}`);
    assert.match(all, /not saved to the environment:\n {2}OUT=saved/);
  });

  rit('GitHub Action, SIGTERM: a failed step with a Cancelled annotation naming the lock file', async () => {
    let running: ReturnType<typeof startAction> | undefined;
    const r = await cancelWhileWaiting((dir) => {
      running = startAction({ workspace: dir, inputs: { environment: 'dev' }, timeoutMs: 40_000 });
      return { kill: (s) => running!.child.kill(s), output: () => running!.stdout(), exited: running.done };
    }, 'SIGTERM');
    const run = await running!.done;
    assert.ok(r.ms < 3000, `exited ${r.ms} ms after SIGTERM`);
    assert.equal(run.code, 1, describeAction(run));
    assert.ok(
      run.errors.some((e) => e.title === 'Cancelled' && e.message.includes(`while waiting for ${r.lock}`)),
      describeAction(run),
    );
  });

  rit('Azure Pipelines task, SIGINT: task.complete Failed naming the lock file', async () => {
    let running: ReturnType<typeof startTask> | undefined;
    const r = await cancelWhileWaiting((dir) => {
      running = startTask({ sources: dir, inputs: { environmentName: 'dev' }, timeoutMs: 40_000 });
      return { kill: (s) => running!.child.kill(s), output: () => running!.stdout(), exited: running.done };
    }, 'SIGINT');
    const run = await running!.done;
    assert.ok(r.ms < 3000, `exited ${r.ms} ms after SIGINT`);
    assert.equal(run.code, 1, describeTask(run));
    const complete = run.completes.at(-1);
    assert.equal(complete?.result, 'Failed', describeTask(run));
    assert.ok(complete!.message.includes(`Cancelled (SIGINT) while waiting for ${r.lock}`), describeTask(run));
  });
});
