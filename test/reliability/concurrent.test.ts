/**
 * Concurrent runs on one environment (reliability item 3). The decision (docs/decisions.md): merge-only — every
 * save re-reads `.env` and applies only its own changes holding azd's flock on `.azure/<env>/.env.lock`.
 * Tested with real processes: several BUILT CLI runs started together on one environment of one project, each of
 * whose scripts writes distinct output keys (and one key they all write), many rounds; a sampler reads `.env`
 * all the while. No key is ever lost (in `.env`, nor among the keys config.json records for `state` and `down`),
 * the file always parses. (azd's lock itself, and lock files left behind, are tested in azd-lock.test.ts.)
 */
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { azureYaml, baseEnv, makeProject, runCli, type RunResult } from '../helpers.js';
import { parseDotenv } from '../../src/core/dotenv.js';
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

describe('concurrent runs on one environment (merge-only saves under the flock on .env.lock)', () => {
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
        // .env.lock is azd's lock file: created when missing, never deleted.
        const left = readdirSync(path.dirname(envFile)).filter(
          (n) => !['.env', 'config.json', '.env.lock'].includes(n),
        );
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
