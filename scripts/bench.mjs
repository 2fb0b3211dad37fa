// `npm run bench`: what azd-scripts costs over running the same scripts by hand, measured side by side in one run.
// Each case runs several times, interleaved with its baseline (the physical limit: the same scripts run by a plain
// bash loop writing to the same sink), and reports the median of the paired ratios, plus the peak RSS of our own
// process (read by a preload that records process.resourceUsage().maxRSS at exit). Tests never assert times;
// this is the place for numbers. Linux only (it needs bash and /dev/null); no network.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const quick = process.argv.includes('--quick');
const REPEAT = quick ? 3 : 5;
const work = mkdtempSync(path.join(os.tmpdir(), 'azd-scripts-bench-'));
const probe = path.join(work, 'rss-probe.mjs');
writeFileSync(
  probe,
  `import { writeFileSync } from 'node:fs';\n` +
    `process.on('exit', () => { if (process.env.BENCH_RSS_FILE) writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS)); });\n`,
);

const HOSTS = {
  cli: { bundle: path.join(root, 'dist/cli/index.js') },
  github: { bundle: path.join(root, 'dist/action/index.js') },
  task: { bundle: path.join(root, 'task/dist/index.js') },
};

if (!process.argv.includes('--no-build')) {
  process.stderr.write('building the bundles…\n');
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
}

// ---------------------------------------------------------------------------------------------------------------
// Projects

function project(name, scripts, extra = {}) {
  const dir = path.join(work, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'scripts'), { recursive: true });
  const entries = scripts.map((body, i) => {
    const file = `scripts/s${String(i).padStart(3, '0')}.sh`;
    writeFileSync(path.join(dir, file), body, { mode: 0o755 });
    return `      - shell: bash\n        run: ${file}\n`;
  });
  writeFileSync(
    path.join(dir, 'azure.yaml'),
    `name: ${name}\ninfra:\n  provider: scripts\n  config:\n    provision:\n${entries.join('')}`,
  );
  for (const [file, content] of Object.entries(extra)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

/** Environment of a host invocation: the CLI takes flags; the Action and the task read INPUT_* variables. */
function hostCommand(host, command, dir, envName) {
  const base = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DB_PASSWORD: 'bench-secret',
    AZURE_LOCATION: 'westeurope',
  };
  if (host === 'cli') {
    return { args: [HOSTS.cli.bundle, command, '--cwd', dir, '-e', envName, '--no-prompt'], env: base };
  }
  const inputs =
    host === 'github'
      ? {
          INPUT_COMMAND: command,
          INPUT_ENVIRONMENT: envName,
          'INPUT_WORKING-DIRECTORY': dir,
          INPUT_PERSIST: 'true',
          'INPUT_STDERR-LINES': '50',
        }
      : {
          INPUT_COMMAND: command,
          INPUT_ENVIRONMENTNAME: envName,
          INPUT_WORKINGDIRECTORY: dir,
          AGENT_TEMPDIRECTORY: work,
        };
  return { args: [HOSTS[host].bundle], env: { ...base, ...inputs } };
}

// ---------------------------------------------------------------------------------------------------------------
// Measuring

/** Runs a command with stdout/stderr to /dev/null; resolves wall time (ms), exit code and our peak RSS (MiB). */
function measure(
  command,
  args,
  { env = process.env, cwd = work, rss = false, stderrPipe = false, captureStdout = false } = {},
) {
  return new Promise((resolve, reject) => {
    const rssFile = path.join(work, `rss-${process.hrtime.bigint()}`);
    const fullArgs = rss ? ['--import', probe, ...args] : args;
    const started = performance.now();
    const child = spawn(command, fullArgs, {
      cwd,
      env: rss ? { ...env, BENCH_RSS_FILE: rssFile } : env,
      stdio: ['ignore', captureStdout ? 'pipe' : 'ignore', stderrPipe ? 'pipe' : 'ignore'],
    });
    let stderr = '';
    let stdout = '';
    child.stdout?.setEncoding('utf8').on('data', (d) => (stdout += d));
    child.stderr?.setEncoding('utf8').on('data', (d) => (stderr = (stderr + d).slice(-1_000_000)));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      let peak;
      if (rss && existsSync(rssFile)) peak = Number(readFileSync(rssFile, 'utf8')) / 1024;
      resolve({ ms, code, peak, stderr, stdout });
    });
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * Runs ours and the baseline alternately `n` times; the median of the per-pair ratios (ours / baseline). Both
 * write to the same sinks (/dev/null); our peak RSS comes from one extra run with the probe, so the probe's own
 * cost is not in the times.
 */
async function paired(n, ours, baseline, setup = async () => {}, oursWithRss = undefined) {
  const ratios = [];
  const peaks = [];
  const oursMs = [];
  const baseMs = [];
  for (let i = 0; i < n; i++) {
    await setup();
    const b = await baseline();
    await setup();
    const o = await ours();
    if (o.code !== 0 && !o.allowFail) throw new Error(`our run failed (exit ${o.code}):\n${o.stderr ?? ''}`);
    ratios.push(o.ms / b.ms);
    oursMs.push(o.ms);
    baseMs.push(b.ms);
    if (o.peak !== undefined) peaks.push(o.peak);
  }
  if (oursWithRss) {
    await setup();
    const o = await oursWithRss();
    if (o.code !== 0) throw new Error(`our run failed (exit ${o.code}):\n${o.stderr ?? ''}`);
    peaks.push(o.peak);
  }
  return {
    ratio: median(ratios),
    ours: median(oursMs),
    base: median(baseMs),
    peak: peaks.length ? Math.max(...peaks) : undefined,
  };
}

const rows = [];
function row(name, measureText, value, target, pass, detail = '') {
  rows.push({ name, measureText, value, target, verdict: pass ? 'PASS' : 'MISS', detail });
  process.stderr.write(`  ${pass ? 'PASS' : 'MISS'}  ${name}: ${value} (target ${target}) ${detail}\n`);
}

/** A reference row: no target, shown to say where the physical floor is. */
function info(name, measureText, value, detail = '') {
  rows.push({ name, measureText, value, target: '—', verdict: 'INFO', detail });
  process.stderr.write(`  INFO  ${name}: ${value} ${detail}\n`);
}

const fmt = (x, d = 2) => x.toFixed(d);

// ---------------------------------------------------------------------------------------------------------------
// Cases

async function startup() {
  const quickstart = path.join(work, 'quickstart');
  rmSync(quickstart, { recursive: true, force: true });
  execFileSync('cp', ['-r', path.join(root, 'examples/quickstart'), quickstart]);
  rmSync(path.join(quickstart, '.azure'), { recursive: true, force: true });
  for (const host of Object.keys(HOSTS)) {
    const { args, env } = hostCommand(host, 'preview', quickstart, 'bench');
    const r = await paired(
      REPEAT * 2,
      () => measure(process.execPath, args, { env }),
      () => measure(process.execPath, ['-e', '0']),
      async () => {},
      () => measure(process.execPath, args, { env, rss: true, stderrPipe: true }),
    );
    row(
      `start-up: preview of the quickstart (${host}) vs node -e 0`,
      'wall ratio',
      fmt(r.ratio),
      '≤ 2.5',
      r.ratio <= 2.5,
      `${fmt(r.ours, 0)} ms vs ${fmt(r.base, 0)} ms, peak RSS ${fmt(r.peak, 0)} MiB`,
    );
  }
}

/**
 * The floor for any Node.js runner: a bare node program that only spawns the same scripts one after another (as we
 * do: own process group, stdout inherited, stderr piped) and waits for each.
 */
const NODE_LOOP = `
const { spawn } = require('node:child_process');
const { readdirSync } = require('node:fs');
(async () => {
  for (const f of readdirSync('scripts').filter((n) => n.endsWith('.sh')).sort()) {
    await new Promise((resolve) => {
      const c = spawn('bash', ['scripts/' + f], { stdio: ['ignore', 1, 'pipe'], detached: true });
      c.stderr.resume();
      c.on('close', resolve);
    });
  }
})();`;

async function manyScripts(count, body, name, target) {
  const dir = project(
    name,
    Array.from({ length: count }, () => `#!/usr/bin/env bash\n${body}\n`),
  );
  const { args, env } = hostCommand('cli', 'provision', dir, 'bench');
  const bashLoop = () => measure('bash', ['-c', 'for f in scripts/s*.sh; do bash "$f"; done'], { cwd: dir });
  const r = await paired(REPEAT, () => measure(process.execPath, args, { env }), bashLoop);
  const floor = await paired(REPEAT, () => measure(process.execPath, ['-e', NODE_LOOP], { cwd: dir }), bashLoop);
  const label = `${count} scripts that each ${name.replace(/-/g, ' ')}`;
  row(
    label,
    'wall ratio vs bash loop',
    fmt(r.ratio, 3),
    `≤ ${target}`,
    r.ratio <= target,
    `${fmt(r.ours, 0)} ms vs ${fmt(r.base, 0)} ms`,
  );
  info(
    `↳ floor for ${count} scripts: a bare node spawn loop`,
    'wall ratio vs bash loop',
    fmt(floor.ratio, 3),
    `${fmt(floor.ours, 0)} ms vs ${fmt(floor.base, 0)} ms`,
  );
}

/**
 * The sink of the output cases: reads stdin in 1 MiB blocks and records how long the script's stream took from
 * its first byte to its last, so throughput is the streaming rate (start-up is measured by its own case).
 */
const SINK = `
const { readSync, writeFileSync } = require('node:fs');
const buf = Buffer.allocUnsafe(1 << 20);
const ZERO = Buffer.alloc(1 << 20);
let bytes = 0, zeros = 0, first, last;
for (;;) {
  let n;
  try { n = readSync(0, buf, 0, buf.length, null); } catch (e) { if (e.code === 'EAGAIN') continue; throw e; }
  if (n === 0) break;
  bytes += n;
  // The script writes NUL bytes (from /dev/zero); our own progress lines are text. Time the script's stream only.
  let z = n;
  if (buf.compare(ZERO, 0, n, 0, n) !== 0) {
    z = 0;
    for (let i = 0; i < n; i++) if (buf[i] === 0) z++;
  }
  if (z > 0) {
    const now = process.hrtime.bigint();
    if (first === undefined) first = now;
    last = now;
    zeros += z;
  }
}
const seconds = first === undefined ? 0 : Number(last - first) / 1e9;
writeFileSync(process.env.SINK_FILE, JSON.stringify({ bytes, zeros, seconds }));`;

async function bigOutput(bytes, label, hosts, withThroughput) {
  const dir = project(`stdout-${label}`, [`#!/usr/bin/env bash\nhead -c ${bytes} /dev/zero\n`]);
  const sink = path.join(work, 'sink.cjs');
  writeFileSync(sink, SINK);
  const sinkFile = path.join(work, 'sink.json');
  const streamed = () => JSON.parse(readFileSync(sinkFile, 'utf8'));
  for (const host of hosts) {
    const { args, env } = hostCommand(host, 'provision', dir, 'bench');
    const rates = [];
    const walls = [];
    for (let i = 0; i < REPEAT; i++) {
      // Both deliver through a pipe into the same sink: ours is `node … | sink`, the baseline `bash s.sh | sink`.
      const base = await measure('bash', ['-c', `bash scripts/s000.sh | "${process.execPath}" "${sink}"`], {
        cwd: dir,
        env: { ...process.env, SINK_FILE: sinkFile },
      });
      const b = streamed();
      const ours = await measure(
        'bash',
        ['-c', `"$0" "$@" | "${process.execPath}" "${sink}"`, process.execPath, ...args],
        {
          env: { ...env, SINK_FILE: sinkFile },
        },
      );
      const o = streamed();
      // Ours also carries our own few progress lines.
      if (o.zeros !== bytes || b.zeros !== bytes)
        throw new Error(`the sink got ${o.zeros} / ${b.zeros} of ${bytes} bytes of the script`);
      rates.push(b.seconds / o.seconds);
      walls.push([ours.ms, base.ms]);
    }
    const probe = await measure(process.execPath, args, { env, rss: true, stderrPipe: true });
    if (withThroughput) {
      const ratio = median(rates);
      const wall = walls.sort((x, y) => x[0] / x[1] - y[0] / y[1])[Math.floor(walls.length / 2)];
      row(
        `one script writing ${label} to stdout (${host})`,
        'throughput ratio',
        fmt(ratio),
        '≥ 0.7',
        ratio >= 0.7,
        `streaming rate ours/baseline; whole runs ${fmt(wall[0], 0)} ms vs ${fmt(wall[1], 0)} ms`,
      );
    }
    row(`peak RSS, ${label} of stdout (${host})`, 'MiB', fmt(probe.peak, 0), '≤ 120', probe.peak <= 120);
    if (withThroughput && host === 'cli') await passThroughFloor(dir, sink, sinkFile, streamed);
  }
}

/**
 * The CLI passes a script's output through itself when its own stdout is a pipe (so that `| head` cannot kill a
 * script with SIGPIPE, issue 11.5). The floor of that: a bare Node.js program that does nothing but pipe the
 * script's stdout to its own, into the same sink.
 */
async function passThroughFloor(dir, sink, sinkFile, streamed) {
  const bare = path.join(work, 'bare-pipe.mjs');
  writeFileSync(
    bare,
    `import { spawn } from 'node:child_process';\n` +
      `const c = spawn('bash', ['scripts/s000.sh'], { stdio: ['ignore', 'pipe', 'inherit'] });\n` +
      `c.stdout.pipe(process.stdout);\n`,
  );
  const rates = [];
  for (let i = 0; i < REPEAT; i++) {
    await measure('bash', ['-c', `bash scripts/s000.sh | "${process.execPath}" "${sink}"`], {
      cwd: dir,
      env: { ...process.env, SINK_FILE: sinkFile },
    });
    const b = streamed();
    await measure('bash', ['-c', `"${process.execPath}" "${bare}" | "${process.execPath}" "${sink}"`], {
      cwd: dir,
      env: { ...process.env, SINK_FILE: sinkFile },
    });
    const o = streamed();
    rates.push(b.seconds / o.seconds);
  }
  info('↳ floor for a piped CLI: a bare node pipe of the script', 'throughput ratio', fmt(median(rates)));
}

async function stderrFlood() {
  const lines = 2_000_000;
  const dir = project('stderr-flood', [`#!/usr/bin/env bash\nseq 1 ${lines} >&2\nexit 1\n`]);
  const { args, env } = hostCommand('cli', 'provision', dir, 'bench');
  let worst = 0;
  let exact = true;
  for (let i = 0; i < (quick ? 1 : 2); i++) {
    const r = await measure(process.execPath, [...args, '-o', 'json'], { env, rss: true, captureStdout: true });
    worst = Math.max(worst, r.peak);
    const tail = JSON.parse(r.stdout).scripts[0].stderrTail;
    const expected = Array.from({ length: 50 }, (_, k) => String(lines - 49 + k)).join('\n');
    exact &&= tail === expected;
  }
  row(
    '2 million stderr lines then exit 1 (tail of 50 kept)',
    'peak RSS MiB',
    fmt(worst, 0),
    '≤ 120, tail exact',
    worst <= 120 && exact,
    exact ? 'tail exact' : 'TAIL WRONG',
  );
}

async function envScaling() {
  const make = (keys) => {
    const env =
      Array.from({ length: keys }, (_, i) => `KEY_${String(i).padStart(5, '0')}="value number ${i} with some text"`)
        .sort()
        .join('\n') + '\n';
    return project(
      `env-${keys}`,
      ['#!/usr/bin/env bash\nprintf \'{"outputs":{"RESULT":{"type":"string","value":"x"}}}\' > scripts/outputs.json\n'],
      {
        '.azure/bench/.env': env,
        '.azure/bench/config.json': '{}',
      },
    );
  };
  const small = make(1000);
  const large = make(10000);
  const run = (dir) => {
    const { args, env } = hostCommand('cli', 'provision', dir, 'bench');
    return measure(process.execPath, args, { env, stderrPipe: true });
  };
  const r = await paired(
    REPEAT,
    () => run(large),
    () => run(small),
  );
  row(
    '.env of 10 000 vs 1 000 keys, one provision',
    'time ratio',
    fmt(r.ratio),
    '≤ 12',
    r.ratio <= 12,
    `${fmt(r.ours, 0)} ms vs ${fmt(r.base, 0)} ms`,
  );
}

async function outputsScaling() {
  const make = (n) => {
    const outputs = {};
    for (let i = 0; i < n; i++) outputs[`OUT_${i}`] = { type: 'string', value: `value ${i}` };
    const json = JSON.stringify({ outputs });
    return project(`outputs-${n}`, [`#!/usr/bin/env bash\ncp scripts/template.json scripts/outputs.json\n`], {
      'scripts/template.json': json,
    });
  };
  const small = make(100);
  const large = make(10000);
  const run = (dir) => {
    const { args, env } = hostCommand('cli', 'provision', dir, 'bench');
    return measure(process.execPath, args, { env, stderrPipe: true });
  };
  const reset = async () => {
    for (const dir of [small, large]) rmSync(path.join(dir, '.azure'), { recursive: true, force: true });
  };
  const r = await paired(
    REPEAT,
    () => run(large),
    () => run(small),
    reset,
  );
  row(
    'outputs.json of 10 000 vs 100 outputs',
    'time ratio',
    fmt(r.ratio),
    '≤ 15',
    r.ratio <= 15,
    `${fmt(r.ours, 0)} ms vs ${fmt(r.base, 0)} ms`,
  );
}

// ---------------------------------------------------------------------------------------------------------------

const started = Date.now();
process.stderr.write(`benchmarking in ${work} (${REPEAT} paired runs per case)\n`);
try {
  await startup();
  await manyScripts(100, 'true', 'run-true', 2.0);
  await manyScripts(20, 'sleep 0.05', 'do-50-ms-of-work', 1.05);
  await bigOutput(2 ** 30, '1 GiB', ['cli', 'github', 'task'], true);
  await bigOutput(64 * 2 ** 20, '64 MiB', ['cli'], false);
  await stderrFlood();
  await envScaling();
  await outputsScaling();
} finally {
  rmSync(work, { recursive: true, force: true });
}

const cpus = os.cpus();
const header = `| case | measure | result | target | verdict | detail |\n|---|---|---|---|---|---|`;
const table = rows
  .map((r) => `| ${r.name} | ${r.measureText} | ${r.value} | ${r.target} | ${r.verdict} | ${r.detail} |`)
  .join('\n');
console.log(
  `azd-scripts benchmark — ${new Date().toISOString()} — node ${process.version}, ${os.platform()} ${os.release()}, ` +
    `${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${fmt(os.totalmem() / 2 ** 30, 0)} GiB — ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
);
console.log(`${header}\n${table}\n`);
const missed = rows.filter((r) => r.verdict === 'MISS').length;
const passed = rows.filter((r) => r.verdict === 'PASS').length;
console.log(`${passed} PASS, ${missed} MISS`);
process.exitCode = missed > 0 ? 1 : 0;
