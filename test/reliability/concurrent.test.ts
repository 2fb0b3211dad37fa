/**
 * Concurrent runs on one environment (reliability item 3). The decision (docs/decisions.md): merge-only — every
 * save re-reads `.env` and applies only its own changes under a short exclusive lock file `.azure/<env>/.env.lock`.
 * Tested with real processes: several BUILT CLI runs started together on one environment of one project, each of
 * whose scripts writes distinct output keys (and one key they all write), many rounds; a sampler reads `.env`
 * all the while. No key is ever lost (in `.env`, nor among the keys config.json records for `state` and `down`),
 * the file always parses, and lock files left by dead or stuck runs are taken over.
 */
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { azureYaml, baseEnv, makeProject, outputsScript, runCli, type RunResult } from '../helpers.js';
import { formatDotenv, parseDotenv } from '../../src/core/dotenv.js';
import { fault, rit, sleep, startCli } from './support.js';

const RUNS = 4;
const SCRIPTS_PER_RUN = 3;
const ROUNDS = 12;

/**
 * One project whose provision list holds every run's scripts; a script acts only in its own run (RUN), so the
 * runs share the project, the environment and its lock while each run's outputs are its own.
 */
function sharedProject(): string {
  const provision: Array<Record<string, unknown>> = [];
  const files: Record<string, string> = {};
  for (let r = 1; r <= RUNS; r++) {
    for (let k = 1; k <= SCRIPTS_PER_RUN; k++) {
      const rel = `scripts/r${r}k${k}/run.sh`;
      provision.push({ shell: 'bash', name: `r${r}k${k}`, run: rel });
      files[rel] = [
        '#!/usr/bin/env bash',
        `[ "$RUN" = "${r}" ] || exit 0`,
        // distinct keys per run, script and round, and one key every run writes
        // Written aside and renamed: the runs share these folders, and another run's script must never read a
        // half-written file (a concurrent run may even collect it, which only adds keys).
        `printf '{"outputs":{"R${r}_K${k}_%s":{"type":"string","value":"run ${r} script ${k} round %s"},"SHARED":{"type":"string","value":"run ${r} round %s"}}}' "$ROUND" "$ROUND" "$ROUND" > "$(dirname "$0")/outputs.json.$$"`,
        `mv "$(dirname "$0")/outputs.json.$$" "$(dirname "$0")/outputs.json"`,
        '',
      ].join('\n');
    }
  }
  files['azure.yaml'] = azureYaml({ provision });
  return makeProject(files);
}

function keysOf(round: number): string[] {
  const keys: string[] = [];
  for (let r = 1; r <= RUNS; r++) for (let k = 1; k <= SCRIPTS_PER_RUN; k++) keys.push(`R${r}_K${k}_${round}`);
  return keys;
}

function recorded(project: string): string[] {
  const file = path.join(project, '.azure', 'dev', 'config.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as { scripts?: { outputs?: string[] } };
  return config.scripts?.outputs ?? [];
}

describe('concurrent runs on one environment (merge-only saves under .env.lock)', () => {
  rit(
    `${ROUNDS} rounds of ${RUNS} runs started together: no key is ever lost from .env, the file always parses`,
    async (t) => {
      const project = sharedProject();
      const envFile = path.join(project, '.azure', 'dev', '.env');
      const expected = new Set<string>();
      const problems: string[] = [];
      let samples = 0;
      for (let round = 1; round <= ROUNDS; round++) {
        for (const dir of readdirSync(path.join(project, 'scripts'))) {
          rmSync(path.join(project, 'scripts', dir, 'outputs.json'), { force: true });
        }
        // Round 1 starts without .azure: the runs also race to create the environment.
        const runs = Array.from({ length: RUNS }, (_, i) =>
          startCli(['provision', '-e', 'dev'], {
            cwd: project,
            env: baseEnv({ RUN: String(i + 1), ROUND: String(round) }),
          }),
        );
        fault(RUNS);
        // Sample .env while the runs write it: it always parses and never loses a key it held.
        let running = true;
        const sampler = (async () => {
          let previous = new Set<string>();
          while (running) {
            if (existsSync(envFile)) {
              const text = readFileSync(envFile, 'utf8');
              samples++;
              try {
                const keys = new Set(parseDotenv(text).keys());
                for (const k of previous) if (!keys.has(k)) problems.push(`round ${round}: ${k} disappeared from .env`);
                previous = keys;
              } catch (err) {
                problems.push(`round ${round}: .env did not parse: ${String(err)}\n${text}`);
              }
            }
            await sleep(2);
          }
        })();
        const exits = await Promise.all(runs.map((r) => r.exited));
        running = false;
        await sampler;
        exits.forEach((e, i) => {
          if (e.code !== 0) problems.push(`round ${round}: run ${i + 1} exited ${e.code}\n${runs[i]!.stderr()}`);
        });
        keysOf(round).forEach((k) => expected.add(k));
        const values = parseDotenv(readFileSync(envFile, 'utf8'));
        const lost = [...expected].filter((k) => !values.has(k));
        if (lost.length > 0) problems.push(`round ${round}: lost from .env: ${lost.join(', ')}`);
        for (const k of keysOf(round)) {
          const [, r, s] = /^R(\d+)_K(\d+)_/.exec(k)!;
          if (values.has(k) && values.get(k) !== `run ${r} script ${s} round ${round}`)
            problems.push(`round ${round}: ${k} has the wrong value ${values.get(k)}`);
        }
        const shared = values.get('SHARED') ?? '';
        if (!/^run [1-9] round \d+$/.test(shared) || !shared.endsWith(` round ${round}`))
          problems.push(`round ${round}: SHARED is ${JSON.stringify(shared)}, not one run's value of this round`);
        const left = readdirSync(path.dirname(envFile)).filter((n) => n !== '.env' && n !== 'config.json');
        if (left.length > 0) problems.push(`round ${round}: left in the environment folder: ${left.join(', ')}`);
        if (problems.length > 0) break;
      }
      t.diagnostic(`${samples} samples of .env read during the rounds`);
      assert.deepEqual(problems, [], problems.join('\n'));
    },
    { timeout: 120_000 },
  );

  rit(
    `the output keys recorded in config.json (used by state and down) lose none of the concurrent runs' keys`,
    async () => {
      const project = sharedProject();
      mkdirSync(path.join(project, '.azure', 'dev'), { recursive: true });
      writeFileSync(path.join(project, '.azure', 'dev', '.env'), 'AZURE_ENV_NAME="dev"\n');
      writeFileSync(path.join(project, '.azure', 'dev', 'config.json'), '{}');
      const expected = new Set<string>(['SHARED']);
      const problems: string[] = [];
      for (let round = 1; round <= 4; round++) {
        const exits = await Promise.all(
          Array.from({ length: RUNS }, (_, i) =>
            runCli(['provision', '-e', 'dev'], {
              cwd: project,
              env: baseEnv({ RUN: String(i + 1), ROUND: String(round) }),
            }),
          ),
        );
        fault(RUNS);
        exits.forEach((e: RunResult, i) => assert.equal(e.code, 0, `run ${i + 1}: ${e.stderr}`));
        keysOf(round).forEach((k) => expected.add(k));
        const missing = [...expected].filter((k) => !recorded(project).includes(k));
        if (missing.length > 0) problems.push(`round ${round}: not recorded in config.json: ${missing.join(', ')}`);
      }
      // What the records are for: `state` shows every output, `down` removes every output.
      const state = await runCli(['state', '-e', 'dev', '-o', 'json'], { cwd: project, env: baseEnv() });
      const shown = Object.keys((JSON.parse(state.stdout) as { outputs: Record<string, unknown> }).outputs);
      const notShown = [...expected].filter((k) => !shown.includes(k));
      if (notShown.length > 0) problems.push(`state does not show: ${notShown.join(', ')}`);
      assert.deepEqual(problems, [], problems.join('\n'));
    },
  );
});

describe('lock files left behind', () => {
  const project = () => {
    const dir = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', name: 'out', run: 'scripts/out/run.sh' }] }),
      'scripts/out/run.sh': outputsScript({ OUT: { type: 'string', value: 'saved' } }),
    });
    mkdirSync(path.join(dir, '.azure', 'dev'), { recursive: true });
    writeFileSync(path.join(dir, '.azure', 'dev', '.env'), formatDotenv(new Map([['AZURE_ENV_NAME', 'dev']])));
    writeFileSync(path.join(dir, '.azure', 'dev', 'config.json'), '{}');
    return { dir, lock: path.join(dir, '.azure', 'dev', '.env.lock') };
  };

  /** The pid of a process that has ended. */
  async function deadPid(): Promise<number> {
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((r) => child.on('close', r));
    return child.pid!;
  }

  async function runWithin(dir: string, ms: number): Promise<RunResult & { ms: number }> {
    const started = Date.now();
    const live = startCli(['provision', '-e', 'dev'], { cwd: dir });
    const timer = setTimeout(() => live.child.kill('SIGKILL'), ms);
    const exit = await live.exited;
    clearTimeout(timer);
    return {
      code: exit.code,
      signal: exit.signal,
      stdout: live.stdout(),
      stderr: live.stderr(),
      ms: Date.now() - started,
    };
  }

  rit('a lock file of a dead process is taken over at once', async () => {
    const { dir, lock } = project();
    writeFileSync(lock, `${await deadPid()}\n`);
    fault();
    const r = await runWithin(dir, 10_000);
    assert.equal(r.code, 0, `exit ${r.code} (${r.signal}) after ${r.ms} ms\n${r.stderr}`);
    assert.ok(r.ms < 5000, `took ${r.ms} ms`);
    assert.match(readFileSync(path.join(dir, '.azure', 'dev', '.env'), 'utf8'), /^OUT="saved"$/m);
    assert.equal(existsSync(lock), false, 'the lock is released');
  });

  rit('a lock file older than 60 s is taken over even if its pid is alive (pid reuse)', async () => {
    const { dir, lock } = project();
    writeFileSync(lock, `${process.pid}\n`);
    const old = new Date(Date.now() - 120_000);
    utimesSync(lock, old, old);
    fault();
    const r = await runWithin(dir, 10_000);
    assert.equal(r.code, 0, `exit ${r.code} (${r.signal}) after ${r.ms} ms\n${r.stderr}`);
    assert.match(readFileSync(path.join(dir, '.azure', 'dev', '.env'), 'utf8'), /^OUT="saved"$/m);
    assert.equal(existsSync(lock), false);
  });

  rit('a lock held by a live run is waited for, then taken (the lock is exclusive)', async () => {
    const { dir, lock } = project();
    writeFileSync(lock, `${process.pid}\n`);
    const release = setTimeout(() => rmSync(lock, { force: true }), 1500);
    const r = await runWithin(dir, 15_000);
    clearTimeout(release);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(r.ms >= 1400, `the run did not wait for the lock (took ${r.ms} ms)`);
    assert.match(readFileSync(path.join(dir, '.azure', 'dev', '.env'), 'utf8'), /^OUT="saved"$/m);
  });

  rit(
    'an empty lock file, left by a run killed between creating the lock and writing its pid, is taken over',
    async () => {
      // The crash test hits this: SIGKILL right after open(".env.lock", "wx") and before the pid is written.
      const { dir, lock } = project();
      writeFileSync(lock, '');
      const old = new Date(Date.now() - 5000);
      utimesSync(lock, old, old);
      fault();
      const r = await runWithin(dir, 8000);
      assert.equal(
        r.code,
        0,
        `the run did not finish within 8 s (exit ${r.code}, signal ${r.signal}): an empty lock of a dead run blocks the environment\n${r.stdout}${r.stderr}`,
      );
      assert.match(readFileSync(path.join(dir, '.azure', 'dev', '.env'), 'utf8'), /^OUT="saved"$/m);
    },
  );
});
