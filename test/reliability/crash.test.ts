/**
 * Crash safety (reliability item 1): the BUILT CLI is SIGKILLed at random moments while it persists outputs,
 * hundreds of times, and after every kill `.azure/<env>/.env` must be byte for byte either the old content or
 * one of the successive new contents (and parse), `config.json` must match it, and temp files must never pile
 * up: the next write sweeps those of dead runs. Partial outputs of the scripts that succeeded survive a later
 * script's failure, a cancellation and a crash after the script completed.
 */
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { azureYaml, baseEnv, makeProject, outputsScript, runCli } from '../helpers.js';
import { formatDotenv, parseDotenv, type EnvValues } from '../../src/core/dotenv.js';
import { marshalIndentGo } from '../../src/core/json.js';
import { fault, groupMembers, rit, settleProcessesIn, sleep, startCli, type Live } from './support.js';

const ENV = 'crash';
const SCRIPTS = 10;
const LANES = 4;
const KILLS_PER_LANE = 75;

const pad = (i: number) => String(i).padStart(2, '0');

/** What script i writes to its outputs.json: text with characters .env must escape, a number, a shared key and a secret. */
function outputsOf(i: number): Record<string, { type: string; value: unknown }> {
  return {
    [`K${pad(i)}_TEXT`]: { type: 'string', value: `value ${i}: "quoted", $HOME, \`tick\`, back\\slash and\nline` },
    [`K${pad(i)}_NUM`]: { type: 'int', value: i },
    LAST: { type: 'string', value: pad(i) },
    [`K${pad(i)}_SECRET`]: { type: 'securestring', value: `never-on-disk-${i}` },
  };
}

const INITIAL: EnvValues = new Map([
  ['AZURE_ENV_NAME', ENV],
  ['AZURE_LOCATION', 'westeurope'],
  ['EXISTING', 'kept "as is" $HOME\nsecond line'],
  ['NUM', '42'],
]);
const CONFIG: Record<string, unknown> = { infra: { note: 'kept by every save' } };

/** The values after scripts 1..j completed. */
function envState(j: number): EnvValues {
  const values = new Map(INITIAL);
  for (let i = 1; i <= j; i++) {
    values.set(`K${pad(i)}_TEXT`, String(outputsOf(i)[`K${pad(i)}_TEXT`]!.value));
    values.set(`K${pad(i)}_NUM`, String(i));
    values.set('LAST', pad(i));
  }
  return values;
}

function recordedKeys(j: number): string[] {
  const keys = new Set<string>();
  for (let i = 1; i <= j; i++) ['TEXT', 'NUM'].forEach((k) => keys.add(`K${pad(i)}_${k}`));
  if (j > 0) keys.add('LAST');
  return [...keys].sort();
}

/** The type recorded beside each key (issue 10.9). */
function recordedTypes(j: number): Record<string, string> {
  return Object.fromEntries(recordedKeys(j).map((k) => [k, k.endsWith('_NUM') ? 'int' : 'string']));
}

/** Byte-exact `.env` and `config.json` after scripts 1..j: index j is the state after the j-th save. */
const ENV_STATES = Array.from({ length: SCRIPTS + 1 }, (_, j) => formatDotenv(envState(j)));
const CONFIG_STATES = Array.from({ length: SCRIPTS + 1 }, (_, j) =>
  marshalIndentGo(
    j === 0 ? CONFIG : { ...CONFIG, scripts: { outputs: recordedKeys(j), outputTypes: recordedTypes(j) } },
  ),
);

function crashProject(): { project: string; envDir: string } {
  const files: Record<string, string> = {
    'azure.yaml': azureYaml({
      provision: Array.from({ length: SCRIPTS }, (_, i) => ({
        shell: 'bash',
        name: `s${pad(i + 1)}`,
        run: `scripts/s${pad(i + 1)}/run.sh`,
      })),
    }),
    '.azure/config.json': JSON.stringify({ version: 1, defaultEnvironment: ENV }),
    '.azure/.gitignore': '# .azure is not intended to be committed\n*',
  };
  for (let i = 1; i <= SCRIPTS; i++) files[`scripts/s${pad(i)}/run.sh`] = outputsScript(outputsOf(i));
  const project = makeProject(files);
  const envDir = path.join(project, '.azure', ENV);
  mkdirSync(envDir, { recursive: true });
  return { project, envDir };
}

// Temp files of an atomic write (..env.*, .config.json.*) and of taking the lock (..env.lock.*).
const TEMP = /^\.(\.env|config\.json|\.env\.lock)\.(\d+)\.[0-9a-f]+\.tmp$/;

interface LaneStats {
  kills: number;
  /** Kills after which .env held an intermediate state (the run was killed while persisting). */
  midRun: number;
  /** Kills that left a temp file (killed between creating it and renaming it). */
  tempLeft: number;
  /** Runs that could not get past a kill's leftovers. */
  stuck: number;
  problems: string[];
}

/** One lane: its own project; KILLS_PER_LANE runs killed at random moments, then one run to the end. */
async function lane(id: number): Promise<LaneStats> {
  const { project, envDir } = crashProject();
  const envFile = path.join(envDir, '.env');
  const configFile = path.join(envDir, 'config.json');
  const reset = () => {
    writeFileSync(envFile, ENV_STATES[0]!);
    writeFileSync(configFile, CONFIG_STATES[0]!);
  };
  const stats: LaneStats = { kills: 0, midRun: 0, tempLeft: 0, stuck: 0, problems: [] };
  const problem = (iteration: number, what: string) => {
    const where = iteration === 0 ? 'the run after all kills' : `kill ${iteration}`;
    if (stats.problems.length < 10) stats.problems.push(`lane ${id}, ${where}: ${what}`);
  };

  // Two full runs first: they prove the expected states and measure how long a run takes here and now (the
  // faster one, so that random kills land before the run ends).
  let fullMs = Infinity;
  for (let i = 0; i < 2; i++) {
    reset();
    const t0 = Date.now();
    const full = await runCli(['provision', '-e', ENV], { cwd: project, env: baseEnv(), timeoutMs: 30_000 });
    fullMs = Math.min(fullMs, Date.now() - t0);
    assert.equal(full.code, 0, full.stderr);
    assert.equal(readFileSync(envFile, 'utf8'), ENV_STATES[SCRIPTS], 'a full run ends in the last expected state');
    assert.equal(readFileSync(configFile, 'utf8'), CONFIG_STATES[SCRIPTS]);
  }

  for (let iteration = 1; iteration <= KILLS_PER_LANE; iteration++) {
    reset();
    const live: Live = startCli(['provision', '-e', ENV], { cwd: project });
    if (iteration % 2 === 0) {
      // Aim at the persistence window: just after "Collecting outputs from: sK" the run saves sK's outputs.
      const k = 1 + Math.floor(Math.random() * SCRIPTS);
      try {
        await live.waitFor(`Collecting outputs from: s${pad(k)}\n`, 5_000);
      } catch {
        const running = live.child.exitCode === null && live.child.signalCode === null;
        live.child.kill('SIGKILL');
        await live.exited;
        await settleProcessesIn(project, 3000);
        const lock = path.join(envDir, '.env.lock');
        const held = existsSync(lock) ? readFileSync(lock, 'utf8') : undefined;
        problem(
          iteration,
          `the run after a kill ${running ? 'was stuck' : 'ended'} before script s${pad(k)} (waited 5 s; .env.lock: ${held === undefined ? 'none' : JSON.stringify(held)})\n${live.stdout()}${live.stderr()}`,
        );
        stats.stuck++;
        stats.kills++;
        fault();
        continue;
      }
      const delay = Math.floor(Math.random() * 14);
      if (delay === 0) await new Promise((r) => setImmediate(r));
      else await sleep(delay);
    } else {
      await sleep(Math.floor(Math.random() * fullMs * 0.9));
    }
    // Counted only when the run was still there to be killed.
    if (live.child.kill('SIGKILL')) {
      fault();
      stats.kills++;
    }
    const exit = await live.exited;
    // A run that ended before its kill was faster than measured: aim the next timed kills earlier.
    if (exit.signal !== 'SIGKILL') fullMs = Math.min(fullMs, exit.at - live.started);
    await settleProcessesIn(project, 3000);

    const text = readFileSync(envFile, 'utf8');
    let parsed: EnvValues | undefined;
    try {
      parsed = parseDotenv(text);
    } catch (err) {
      problem(iteration, `.env does not parse: ${String(err)}\n${text}`);
    }
    const j = ENV_STATES.indexOf(text);
    if (j < 0) {
      problem(iteration, `.env is neither the old content nor one of the new ones:\n${text}`);
      continue;
    }
    assert.deepEqual(parsed, envState(j));
    if (j > 0 && j < SCRIPTS) stats.midRun++;
    const config = readFileSync(configFile, 'utf8');
    const c = CONFIG_STATES.indexOf(config);
    // Keys are recorded just before they are saved, so config.json may be one save ahead of .env.
    if (!(c === j || c === j + 1)) {
      problem(iteration, `config.json (state ${c}) does not match .env (state ${j}):\n${config}`);
    }
    for (const name of readdirSync(envDir)) {
      if (name === '.env' || name === 'config.json') continue;
      // azd's lock file: created when missing and never deleted; a kill releases the flock with the holder.
      if (name === '.env.lock') continue;
      const temp = TEMP.exec(name);
      if (!temp) {
        problem(iteration, `unexpected file ${name} in ${envDir}`);
        continue;
      }
      const pid = Number(temp[2]);
      if (pid === live.pid) {
        stats.tempLeft++;
        continue;
      }
      // An earlier (dead) run's temp file must be gone once this run has written the same file.
      const wrote = temp[1] === '.env' ? j > 0 : temp[1] === 'config.json' ? c > 0 : j > 0 || c > 0;
      if (wrote) problem(iteration, `${name} of a dead run was not swept by the next write`);
    }
  }

  // Then a run to the end, from whatever the last kill left: it succeeds, sweeps and unlocks.
  {
    const last = await runCli(['provision', '-e', ENV], { cwd: project, env: baseEnv(), timeoutMs: 10_000 }).catch(
      (err: unknown) => ({ code: -1, stdout: '', stderr: String(err) }),
    );
    if (last.code !== 0) problem(0, `the run after the kills failed (exit ${last.code}):\n${last.stderr}`);
    if (readFileSync(envFile, 'utf8') !== ENV_STATES[SCRIPTS]) problem(0, 'the final .env is not the full state');
    if (readFileSync(configFile, 'utf8') !== CONFIG_STATES[SCRIPTS]) problem(0, 'the final config.json is wrong');
    // .env.lock is azd's lock file: it stays.
    const left = readdirSync(envDir).filter((n) => !['.env', 'config.json', '.env.lock'].includes(n));
    if (left.length > 0) problem(0, `files left after a complete run: ${left.join(', ')}`);
  }
  return stats;
}

describe('crash safety: SIGKILL while outputs are persisted', () => {
  rit(
    `${LANES * KILLS_PER_LANE} SIGKILLs at random moments: .env is always the old or a new content, config.json matches, temp files never pile up`,
    async (t) => {
      const lanes = await Promise.all(Array.from({ length: LANES }, (_, i) => lane(i + 1)));
      const total = lanes.reduce(
        (a, s) => ({
          kills: a.kills + s.kills,
          midRun: a.midRun + s.midRun,
          tempLeft: a.tempLeft + s.tempLeft,
          stuck: a.stuck + s.stuck,
        }),
        { kills: 0, midRun: 0, tempLeft: 0, stuck: 0 },
      );
      t.diagnostic(
        `${total.kills} kills: ${total.midRun} mid-run, ${total.tempLeft} left a temp file, ${total.stuck} next runs stuck`,
      );
      const problems = lanes.flatMap((s) => s.problems);
      assert.deepEqual(problems, [], `${total.stuck} run(s) stuck after a kill\n${problems.join('\n\n')}`);
      // The kills really landed while outputs were being persisted, not only before or after the run.
      assert.ok(total.midRun >= total.kills / 4, `only ${total.midRun} of ${total.kills} kills landed mid-run`);
    },
    { timeout: 170_000 },
  );
});

describe('crash safety: partial outputs of succeeded scripts survive', () => {
  const project = (second: string) =>
    makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', name: 'first', run: 'scripts/first/run.sh' },
          { shell: 'bash', name: 'second', run: 'scripts/second/run.sh' },
          { shell: 'bash', name: 'third', run: 'scripts/third/run.sh' },
        ],
      }),
      'scripts/first/run.sh': outputsScript({
        FIRST_URL: { type: 'string', value: 'https://first.example' },
        FIRST_KEY: { type: 'securestring', value: 'first-secret' },
      }),
      'scripts/second/run.sh': `#!/usr/bin/env bash\n${second}\n`,
      'scripts/third/run.sh': '#!/usr/bin/env bash\ntouch third.ran\n',
    });
  const recorded = (dir: string) =>
    (JSON.parse(readFileSync(path.join(dir, '.azure', 'dev', 'config.json'), 'utf8')) as { scripts?: unknown }).scripts;
  const dotenv = (dir: string) => readFileSync(path.join(dir, '.azure', 'dev', '.env'), 'utf8');

  rit("a later script's failure", async () => {
    const dir = project('echo broken >&2\nexit 7');
    const r = await runCli(['provision', '-e', 'dev'], { cwd: dir, env: baseEnv() });
    fault();
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /Script "second" failed with exit code 7/);
    assert.match(dotenv(dir), /^FIRST_URL="https:\/\/first\.example"$/m);
    assert.doesNotMatch(dotenv(dir), /first-secret/);
    assert.deepEqual(recorded(dir), { outputs: ['FIRST_URL'], outputTypes: { FIRST_URL: 'string' } });
    assert.equal(existsSync(path.join(dir, 'third.ran')), false);
  });

  rit('a cancellation (SIGINT) during a later script', async () => {
    const dir = project('echo $$ > second.pid\necho second-started\nsleep 30');
    const live = startCli(['provision', '-e', 'dev'], { cwd: dir });
    await live.waitFor('second-started', 15_000);
    live.child.kill('SIGINT');
    fault();
    const exit = await live.exited;
    assert.equal(exit.code, 130, live.stderr());
    assert.match(dotenv(dir), /^FIRST_URL="https:\/\/first\.example"$/m);
    assert.deepEqual(recorded(dir), { outputs: ['FIRST_URL'], outputTypes: { FIRST_URL: 'string' } });
    assert.deepEqual(groupMembers(Number(readFileSync(path.join(dir, 'second.pid'), 'utf8'))), []);
  });

  rit('a crash (SIGKILL of the run) after the script completed', async () => {
    const dir = project('echo $$ > second.pid\nif [ -e block ]; then echo second-started; sleep 30; fi');
    writeFileSync(path.join(dir, 'block'), '');
    const live = startCli(['provision', '-e', 'dev'], { cwd: dir });
    await live.waitFor('second-started', 15_000);
    live.child.kill('SIGKILL');
    fault();
    const exit = await live.exited;
    assert.equal(exit.signal, 'SIGKILL');
    // SIGKILL cannot be forwarded: the orphaned script is ended here, as a CI agent ends a job's orphans.
    const pgid = Number(readFileSync(path.join(dir, 'second.pid'), 'utf8'));
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // already gone
    }
    assert.match(dotenv(dir), /^FIRST_URL="https:\/\/first\.example"$/m);
    assert.deepEqual(recorded(dir), { outputs: ['FIRST_URL'], outputTypes: { FIRST_URL: 'string' } });
    assert.equal(parseDotenv(dotenv(dir)).get('FIRST_URL'), 'https://first.example');
    // The next run completes and leaves nothing behind.
    rmSync(path.join(dir, 'block'));
    const next = await runCli(['provision', '-e', 'dev'], { cwd: dir, env: baseEnv(), timeoutMs: 20_000 });
    assert.equal(next.code, 0, next.stderr);
    // .env.lock is azd's lock file: it stays (the kernel dropped the flock with the killed run's holder).
    assert.deepEqual(readdirSync(path.join(dir, '.azure', 'dev')).sort(), ['.env', '.env.lock', 'config.json']);
    assert.equal(existsSync(path.join(dir, 'third.ran')), true);
  });
});
