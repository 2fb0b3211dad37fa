/**
 * Shared machinery of the reliability suite (test/reliability): the tally every file reports into (faults
 * injected, bad inputs tried, failures; printed as one line by zz-summary.test.ts), live child processes, process
 * groups read from /proc, project snapshots (paths + bytes) and the "clear error" assertion.
 */
import { after, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI, alive, baseEnv, groupMembers } from '../helpers.js';

export { alive, groupMembers };

// ---------------------------------------------------------------------------------------------------------------
// The tally

/**
 * Where the files of one test run report: keyed by the test runner's pid (every test file is a child of it), so
 * concurrent or earlier runs never mix.
 */
export const TALLY_DIR = path.join(os.tmpdir(), `azd-scripts-reliability-${process.ppid}`);

export interface Tally {
  faults: number;
  inputs: number;
  tests: number;
  failed: number;
  settled: number;
}

export const tally: Tally = { faults: 0, inputs: 0, tests: 0, failed: 0, settled: 0 };

/** Counts injected faults: a kill, a signal, a planted stale lock, a run racing others. */
export function fault(n = 1): void {
  tally.faults += n;
}

/** Counts bad or hostile inputs tried (a corpus case, a generated input fed to a reader). */
export function badInput(n = 1): void {
  tally.inputs += n;
}

/** The summary file turns this off: it reads the reports, it does not write one. */
export const reporting = { enabled: true };

/** True when this test run includes the summary file (else nobody would read, nor remove, the report). */
function summaryRuns(): boolean {
  try {
    return readFileSync(`/proc/${process.ppid}/cmdline`, 'utf8').includes('zz-summary.test.ts');
  } catch {
    return false;
  }
}

after(() => {
  if (!reporting.enabled || !summaryRuns()) return;
  mkdirSync(TALLY_DIR, { recursive: true });
  const report = { pid: process.pid, file: process.argv[1] ?? '', ...tally };
  writeFileSync(path.join(TALLY_DIR, `${process.pid}.json`), JSON.stringify(report));
});

/** `it`, counting the test and its failure in the tally. */
export function rit(
  name: string,
  fn: (t: TestContext) => Promise<void> | void,
  options: { timeout?: number; skip?: boolean | string } = {},
): void {
  it(name, options, async (t) => {
    tally.tests++;
    try {
      await fn(t);
    } catch (err) {
      tally.failed++;
      throw err;
    } finally {
      tally.settled++;
    }
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Processes

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Date.now() when the process was seen to end. */
  at: number;
}

export interface Live {
  child: ChildProcess;
  pid: number;
  started: number;
  stdout(): string;
  stderr(): string;
  exited: Promise<Exit>;
  /** Resolves when `text` appears on stdout (or stderr); rejects after `ms`. */
  waitFor(text: string | RegExp, ms: number): Promise<void>;
}

/** Starts `node dist/cli/index.js ...args` with stdin closed (no TTY), output read as it arrives. */
export function startCli(args: string[], options: { cwd: string; env?: Record<string, string> }): Live {
  return startProcess(process.execPath, [CLI, ...args], { cwd: options.cwd, env: options.env ?? baseEnv() });
}

export function startProcess(
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string> },
): Live {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  const waiters = new Set<() => void>();
  const poke = () => waiters.forEach((w) => w());
  child.stdout!.setEncoding('utf8').on('data', (d: string) => {
    out += d;
    poke();
  });
  child.stderr!.setEncoding('utf8').on('data', (d: string) => {
    err += d;
    poke();
  });
  const exited = new Promise<Exit>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      resolve({ code, signal, at: Date.now() });
      poke();
    });
  });
  let done = false;
  exited.then(
    () => (done = true),
    () => (done = true),
  );
  const waitFor = (text: string | RegExp, ms: number): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const seen = () => (typeof text === 'string' ? (out + err).includes(text) : text.test(out + err));
      const check = () => {
        if (seen()) finish(resolve);
        else if (done) finish(() => reject(new Error(`the process ended before printing ${String(text)}`)));
      };
      const timer = setTimeout(() => finish(() => reject(new Error(`timed out waiting for ${String(text)}`))), ms);
      const finish = (then: () => void) => {
        clearTimeout(timer);
        waiters.delete(check);
        then();
      };
      waiters.add(check);
      check();
    });
  return { child, pid: child.pid!, started: Date.now(), stdout: () => out, stderr: () => err, exited, waitFor };
}

function pids(): number[] {
  return readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .map(Number);
}

/** Live processes whose working directory is `dir` or below it (a project's scripts run with cwd = root). */
export function processesIn(dir: string): number[] {
  return pids().filter((pid) => {
    if (pid === process.pid) return false;
    try {
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      return (cwd === dir || cwd.startsWith(dir + path.sep)) && alive(pid);
    } catch {
      return false;
    }
  });
}

/**
 * Waits until no process works in `dir` (scripts orphaned by a SIGKILLed run finish on their own); whatever is
 * still there after `ms` is killed, and its pids are returned.
 */
export async function settleProcessesIn(dir: string, ms = 3000): Promise<number[]> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (processesIn(dir).length === 0) return [];
    await sleep(10);
  }
  const left = processesIn(dir);
  for (const pid of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
  return left;
}

export async function eventually(check: () => boolean, ms: number, step = 20): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await sleep(step);
  }
  return check();
}

// ---------------------------------------------------------------------------------------------------------------
// Disk snapshots

/** Every entry under `dir`: relative path → `dir`, `file <mode> <sha256>` or `link -> target`. */
export function snapshot(dir: string, skip: (relative: string) => boolean = () => false): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = path.join(d, name);
      const rel = path.relative(dir, full);
      if (skip(rel)) continue;
      const st = lstatSync(full);
      if (st.isSymbolicLink()) out.set(rel, `link -> ${readlinkSync(full)}`);
      else if (st.isDirectory()) {
        out.set(rel, 'dir');
        walk(full);
      } else {
        const hash = createHash('sha256').update(readFileSync(full)).digest('hex');
        out.set(rel, `file ${(st.mode & 0o777).toString(8)} ${st.size} ${hash}`);
      }
    }
  };
  walk(dir);
  return out;
}

/** The differences between two snapshots, for assertion messages; empty when equal. */
export function snapshotDiff(before: Map<string, string>, after: Map<string, string>): string[] {
  const diff: string[] = [];
  for (const [k, v] of before) {
    if (!after.has(k)) diff.push(`removed: ${k}`);
    else if (after.get(k) !== v) diff.push(`changed: ${k}`);
  }
  for (const k of after.keys()) if (!before.has(k)) diff.push(`added: ${k}`);
  return diff;
}

// ---------------------------------------------------------------------------------------------------------------
// Clear errors

/** Problems with how a failure was reported: a stack frame, an internal error, no `error:` line. */
export function unclearErrorProblems(output: string): string[] {
  const problems: string[] = [];
  if (/^ {4}at /m.test(output)) problems.push('a stack trace ("    at ...") was printed');
  if (/Unexpected error|unexpected failure|failed unexpectedly/i.test(output)) problems.push('an unexpected error');
  if (/\bINTERNAL\b/.test(output)) problems.push('an INTERNAL error code');
  if (/\b(TypeError|RangeError|ReferenceError|SyntaxError|ZodError)\b/.test(output))
    problems.push('a raw JavaScript or zod error');
  return problems;
}

export function assertClearError(
  output: string,
  where: { file?: string; line?: number; mentions?: Array<string | RegExp> },
  context = '',
): void {
  const show = `${context}\n--- output\n${output}`;
  assert.deepEqual(unclearErrorProblems(output), [], show);
  assert.match(output, /^error: /m, `no "error:" line${show}`);
  if (where.file !== undefined) {
    const at = where.line === undefined ? where.file : `${where.file}:${where.line}`;
    assert.ok(output.includes(at), `the error does not name ${at}${show}`);
  }
  for (const m of where.mentions ?? []) {
    if (typeof m === 'string') assert.ok(output.includes(m), `the error does not mention ${JSON.stringify(m)}${show}`);
    else assert.match(output, m, show);
  }
}
