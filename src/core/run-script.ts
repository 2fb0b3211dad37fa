/**
 * Spawns one script (PRD REQ-2): an argv array (never a command string, never `shell: true`), the project root as
 * cwd, output forwarded chunk by chunk with backpressure, a bounded tail of stderr kept for the error message,
 * exit code and signal reported, and cancellation forwarded to the script's whole process group.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Writable } from 'node:stream';
import { Descendants, MARKER_NAME, newMarker } from './descendants.js';
import type { CancelSignal, Cancellation } from './host.js';

export interface RunScriptOptions {
  executable: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  /** `inherit`: share our terminal and process group. `closed`: stdin is EOF and the script leads its own group. */
  stdin: 'inherit' | 'closed';
  stdout: Writable;
  stderr: Writable;
  stderrLines: number;
  cancellation: Cancellation;
  /**
   * Removes secrets from the kept stderr tail before it is cut (a secret straddling the cut would otherwise leave a
   * fragment no later redaction recognises).
   */
  redact?: (bytes: Buffer) => Buffer;
  /** How long after a cancel signal before SIGTERM, then SIGKILL (ms). */
  graceMs?: number;
}

export interface ScriptExit {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** The run was cancelled while this script ran. */
  cancelled: boolean;
  stderrTail: string;
  /** The shell could not be started at all. */
  spawnError?: Error;
}

/** After the script exits, how long to keep reading pipes that a leftover background process holds open. */
const DRAIN_IDLE_MS = 250;
const MAX_DRAIN_MS = 5000;

/**
 * A sink backed by a file descriptor (our own stdout) is handed to the script as it is: the kernel then moves the
 * script's output straight to where ours goes, in real time and without a copy through this process.
 */
function descriptorOf(sink: Writable): number | undefined {
  const fd = (sink as Writable & { fd?: unknown }).fd;
  return typeof fd === 'number' && fd >= 0 ? fd : undefined;
}

/** Waits until what we wrote to `sink` has left our buffers, so it cannot appear after the script's output. */
function flushed(sink: Writable): Promise<void> {
  if (sink.writableLength === 0) return Promise.resolve();
  return new Promise((resolve) => sink.once('drain', () => resolve()));
}

export async function runScript(options: RunScriptOptions): Promise<ScriptExit> {
  const stdoutFd = descriptorOf(options.stdout);
  if (stdoutFd !== undefined) await flushed(options.stdout);
  return spawnScript(options, stdoutFd);
}

function spawnScript(options: RunScriptOptions, stdoutFd: number | undefined): Promise<ScriptExit> {
  const tail = new StderrTail(options.stderrLines, undefined, options.redact);
  const ownGroup = options.stdin === 'closed' && process.platform !== 'win32';
  // Sharing our group (a terminal), the script's descendants are found by a marker they inherit.
  const marker = ownGroup || process.platform === 'win32' ? undefined : newMarker();
  const descendants = marker === undefined ? undefined : new Descendants(marker);
  const grace = options.graceMs ?? 2500;
  const { cancellation } = options;

  return new Promise<ScriptExit>((resolve) => {
    let child: ChildProcess;
    try {
      child = spawn(options.executable, options.args, {
        cwd: options.cwd,
        env: marker === undefined ? options.env : { ...options.env, [MARKER_NAME]: marker },
        stdio: [options.stdin === 'inherit' ? 'inherit' : 'ignore', stdoutFd ?? 'pipe', 'pipe'],
        detached: ownGroup,
        windowsHide: true,
      });
    } catch (err) {
      resolve({ exitCode: null, signal: null, cancelled: false, stderrTail: '', spawnError: err as Error });
      return;
    }

    let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    let settled = false;
    let cancelled = false;
    const timers: NodeJS.Timeout[] = [];
    let drainTimer: NodeJS.Timeout | undefined;
    let drainWait: Writable | undefined;
    let openStreams = 2;

    const signalGroup = (signal: NodeJS.Signals | 0): boolean => {
      const pid = child.pid;
      if (pid === undefined) return false;
      try {
        if (ownGroup) process.kill(-pid, signal);
        else if (!exited) process.kill(pid, signal);
        else return false;
        return true;
      } catch {
        return false;
      }
    };

    const finish = (): void => {
      if (settled || !exited) return;
      settled = true;
      timers.forEach(clearTimeout);
      if (drainTimer) clearTimeout(drainTimer);
      drainWait?.off('drain', onDrain);
      removeAbort();
      removeEscalate();
      child.stdout?.unpipe(options.stdout);
      child.stderr?.unpipe(options.stderr);
      child.stdout?.destroy();
      child.stderr?.destroy();
      const { code, signal: sig } = exited;
      void reap().then(() => resolve({ exitCode: code, signal: sig, cancelled, stderrTail: tail.text() }));
    };

    const reap = (): Promise<void> => (descendants ? reapDescendants() : reapGroup());

    /** The terminal's version of reapGroup: the script's leftover descendants, one by one. */
    const reapDescendants = async (): Promise<void> => {
      if (!cancelled || !descendants) return;
      const signalEach = (signal: NodeJS.Signals, pids: number[]): void => {
        for (const pid of pids) {
          try {
            process.kill(pid, signal);
          } catch {
            // gone meanwhile
          }
        }
      };
      signalEach('SIGTERM', descendants.remaining());
      const deadline = Date.now() + Math.min(grace, 1000);
      while (Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 25));
        if (descendants.remaining().length === 0) return;
      }
      signalEach('SIGKILL', descendants.remaining());
    };

    /**
     * After a cancelled script exits, whatever is left of its group (background jobs of a non-interactive bash
     * ignore SIGINT) gets SIGTERM, then SIGKILL, so nothing of a cancelled script outlives the run.
     */
    const reapGroup = async (): Promise<void> => {
      if (!ownGroup || !cancelled || !signalGroup('SIGTERM')) return;
      const deadline = Date.now() + Math.min(grace, 1000);
      while (Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 25));
        if (!signalGroup(0)) return;
      }
      signalGroup('SIGKILL');
    };

    const onCancel = (): void => {
      if (cancelled) return;
      cancelled = true;
      descendants?.snapshot(child.pid);
      const received: CancelSignal = cancellation.reason ?? 'SIGINT';
      // On a shared terminal the kernel already gave a Ctrl-C to the script; sending it again would be a
      // second Ctrl-C (which many tools treat as "abort now").
      if (ownGroup || received !== 'SIGINT') signalGroup(received);
      timers.push(setTimeout(() => signalGroup('SIGTERM'), grace));
      timers.push(setTimeout(() => signalGroup('SIGKILL'), grace * 2));
    };
    const onEscalate = (): void => {
      if (!cancelled) descendants?.snapshot(child.pid);
      cancelled = true;
      signalGroup('SIGKILL');
    };
    const signal = cancellation.signal;
    signal.addEventListener('abort', onCancel);
    const removeAbort = () => signal.removeEventListener('abort', onCancel);
    const removeEscalate = cancellation.onEscalate(onEscalate);
    if (signal.aborted) onCancel();

    const streamDone = (): void => {
      openStreams--;
      if (openStreams === 0) finish();
    };
    // Time spent waiting for a slow reader of our output is not idle time: the pipes still hold the script's
    // output, paused by backpressure, and cutting them off would lose it.
    const stalled = (): boolean => options.stdout.writableNeedDrain || options.stderr.writableNeedDrain;
    const finishUnlessStalled = (): void => {
      if (stalled()) return void waitForDrain();
      finish();
    };
    const waitForDrain = (): void => {
      if (drainWait) return;
      drainWait = options.stdout.writableNeedDrain ? options.stdout : options.stderr;
      drainWait.once('drain', onDrain);
    };
    const onDrain = (): void => {
      drainWait = undefined;
      armDrain();
    };
    const armDrain = (): void => {
      if (!exited || settled) return;
      if (drainTimer) clearTimeout(drainTimer);
      drainTimer = setTimeout(finishUnlessStalled, DRAIN_IDLE_MS);
    };
    const capDrain = (ms: number): void => {
      timers.push(
        setTimeout(() => {
          if (stalled()) return capDrain(ms);
          finish();
        }, ms),
      );
    };
    for (const [stream, sink] of [
      [child.stdout, options.stdout],
      [child.stderr, options.stderr],
    ] as const) {
      if (!stream) {
        streamDone();
        continue;
      }
      stream.pipe(sink, { end: false });
      stream.on('data', armDrain);
      stream.once('close', streamDone);
      stream.once('error', () => undefined);
    }
    child.stderr?.on('data', (chunk: Buffer) => tail.push(chunk));

    child.once('error', (err) => {
      if (exited) return;
      settled = true;
      timers.forEach(clearTimeout);
      removeAbort();
      removeEscalate();
      resolve({ exitCode: null, signal: null, cancelled, stderrTail: tail.text(), spawnError: err });
    });
    child.once('exit', (code, sig) => {
      exited = { code, signal: sig };
      if (openStreams === 0) return finish();
      armDrain();
      // A leftover background process that keeps writing must not hold the run open forever.
      capDrain(cancelled ? DRAIN_IDLE_MS : MAX_DRAIN_MS);
    });
  });
}

/**
 * The last `maxLines` lines of a stream, in memory bounded by the lines kept (and at most 1 MiB of bytes, for
 * a stream without line breaks). Chunks are kept as they arrive and compacted only now and then, so the cost
 * stays linear in the output and per-chunk work is a newline count.
 */
export class StderrTail {
  private chunks: Buffer[] = [];
  private bytes = 0;
  private newlines = 0;
  private readonly maxBytes: number;

  constructor(
    private readonly maxLines: number,
    maxBytes = 1024 * 1024,
    private readonly redact: (bytes: Buffer) => Buffer = (bytes) => bytes,
  ) {
    this.maxBytes = maxBytes;
  }

  push(chunk: Buffer): void {
    if (this.maxLines <= 0) return;
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    this.newlines += countNewlines(chunk);
    if (this.newlines > 2 * this.maxLines + 2 || this.bytes > 2 * this.maxBytes) this.compact();
  }

  private compact(): void {
    // Redact first, then cut: what is kept was redacted whole, so no part of a secret survives at the cut.
    let data = this.redact(Buffer.concat(this.chunks, this.bytes));
    // Keep from just after the (maxLines + 1)-th newline counted from the end: that holds the last maxLines
    // complete lines plus a trailing partial line.
    let cut = data.length;
    let seen = 0;
    while (seen <= this.maxLines) {
      const i = data.lastIndexOf(0x0a, cut - 1);
      if (i < 0) {
        cut = 0;
        break;
      }
      cut = i;
      seen++;
    }
    if (seen > this.maxLines) data = data.subarray(cut + 1);
    if (data.length > this.maxBytes) data = data.subarray(data.length - this.maxBytes);
    data = Buffer.from(data);
    this.chunks = [data];
    this.bytes = data.length;
    this.newlines = countNewlines(data);
  }

  text(): string {
    if (this.maxLines <= 0 || this.bytes === 0) return '';
    this.compact();
    let text = Buffer.concat(this.chunks, this.bytes).toString('utf8');
    if (text.endsWith('\n')) text = text.slice(0, -1);
    const lines = text.split('\n');
    return lines.slice(-this.maxLines).join('\n').replace(/\r$/gm, '');
  }
}

function countNewlines(chunk: Buffer): number {
  let n = 0;
  for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1)) n++;
  return n;
}
