/**
 * The lock around every read-merge-write of an azd environment's `.env` and `config.json` (DESIGN section 7).
 * On Linux and macOS it is azd's own: flock(2) LOCK_EX on `.azure/<env>/.env.lock`, held by a perl child
 * (flock-holder.ts), so `azd env set` beside a run and our saves exclude each other. On Windows (azd uses
 * LockFileEx there, which Node cannot take either) and where perl is missing, it is a lock file of our own beside
 * it, `.azure/<env>/.azd-scripts.lock`, which excludes runs of ours from each other but not azd. azd's
 * `.env.lock` is never deleted nor replaced.
 * A wait is bounded (30 s, as azd's), reported once, and ends at once when the run is cancelled.
 */
import path from 'node:path';
import { ScriptsError } from '../errors.js';
import { FlockHolder } from './flock-holder.js';
import { withFileLock } from './link-lock.js';

export const LOCK_TIMEOUT_MS = 30_000;
/** Our own lock file older than this is taken over even if its pid is alive (pid reuse). */
const STALE_MS = 60_000;

export interface EnvLockOptions {
  /** Ends a wait for the lock (the host's cancellation). */
  signal?: AbortSignal;
  /** Told once per wait that another process holds the lock, and once that azd's lock cannot be taken. */
  notify?: (message: string) => void;
}

/** One holder per lock file for the whole process: a save costs a pipe round trip, not a process start. */
const holders = new Map<string, FlockHolder>();
const queues = new Map<string, Promise<unknown>>();

export class EnvLock {
  /** azd's lock file: `.azure/<env>/.env.lock`. */
  readonly azdLockFile: string;
  /** Ours, used where azd's cannot be taken. */
  readonly ownLockFile: string;
  private fallbackNoted = false;

  constructor(
    dir: string,
    private readonly what: string,
    private readonly options: EnvLockOptions = {},
  ) {
    this.azdLockFile = path.join(dir, '.env.lock');
    this.ownLockFile = path.join(dir, '.azd-scripts.lock');
  }

  /** Runs `fn` holding the lock. */
  run<T>(fn: () => Promise<T>): Promise<T> {
    // Saves of this process to one environment go one at a time, whichever AzdEnvironment makes them: a holder
    // holds one lock at a time, and a second flock of ours on the same file would wait for the first forever.
    const previous = queues.get(this.azdLockFile) ?? Promise.resolve();
    const next = previous.then(
      () => this.locked(fn),
      () => this.locked(fn),
    );
    queues.set(
      this.azdLockFile,
      next.catch(() => undefined),
    );
    return next;
  }

  private async locked<T>(fn: () => Promise<T>): Promise<T> {
    if (process.platform !== 'win32') {
      const holder = holderFor(this.azdLockFile);
      if (holder.failure === undefined) {
        const taken = await this.takeFlock(holder);
        if (taken) {
          try {
            return await fn();
          } finally {
            holder.send('unlock');
          }
        }
      }
      this.noteFallback(holder.failure ?? 'the lock holder did not answer');
    }
    return this.takeOwn(fn);
  }

  /** True once held; false when the holder is gone (then our own lock is used). Throws on timeout or cancel. */
  private async takeFlock(holder: FlockHolder): Promise<boolean> {
    const signal = this.options.signal;
    let waiting = false;
    let stop: 'timeout' | 'cancelled' | undefined;
    const cancel = (why: 'timeout' | 'cancelled'): void => {
      if (stop !== undefined) return;
      stop = why;
      holder.send('cancel');
    };
    const onAbort = (): void => {
      if (waiting) cancel('cancelled');
    };
    let timer: NodeJS.Timeout | undefined;
    signal?.addEventListener('abort', onAbort);
    try {
      holder.send('lock');
      for (;;) {
        const line = await holder.reply();
        if (line === undefined) return false;
        if (line === 'locked') {
          if (stop === undefined) return true;
          // The lock came free just as we gave up: let it go again.
          holder.send('unlock');
          throw this.gaveUp(stop);
        }
        if (line === 'cancelled') throw this.gaveUp(stop ?? 'cancelled');
        if (line.startsWith('error ')) {
          throw new ScriptsError({
            code: 'IO_ERROR',
            message: `Could not lock ${this.azdLockFile}: ${line.slice(6)}.`,
            hint: 'Check that this user may create and open files in that folder.',
            file: this.azdLockFile,
          });
        }
        if (line === 'waiting' && !waiting) {
          waiting = true;
          this.options.notify?.(
            `Waiting for ${this.azdLockFile}: it is held by another process (azd?); giving up after ${LOCK_TIMEOUT_MS / 1000} s.`,
          );
          if (signal?.aborted) cancel('cancelled');
          timer = setTimeout(() => cancel('timeout'), LOCK_TIMEOUT_MS);
        }
      }
    } finally {
      if (timer) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  private takeOwn<T>(fn: () => Promise<T>): Promise<T> {
    const signal = this.options.signal;
    return withFileLock(this.ownLockFile, fn, {
      timeoutMs: LOCK_TIMEOUT_MS,
      staleMs: STALE_MS,
      what: this.what,
      waiting: {
        started: (pid) =>
          this.options.notify?.(
            `Waiting for ${this.ownLockFile}: another run (process ${pid ?? 'unknown'}) is saving to ${this.what}.`,
          ),
        throwIfCancelled: () => {
          if (signal?.aborted) throw this.gaveUp('cancelled', this.ownLockFile);
        },
      },
    });
  }

  private gaveUp(why: 'timeout' | 'cancelled', file = this.azdLockFile): ScriptsError {
    if (why === 'cancelled') {
      return new ScriptsError({
        code: 'CANCELLED',
        message: `Cancelled (${cancelReason(this.options.signal)}) while waiting for ${file}, held by another process; nothing more was saved to ${this.what}.`,
        hint: 'Run again to finish.',
        file,
      });
    }
    return new ScriptsError({
      code: 'ENVIRONMENT_LOCKED',
      message: `${this.what} is locked: ${file} was still held by another process (azd, or another run) after ${LOCK_TIMEOUT_MS / 1000} s.`,
      hint: 'Wait for the other azd command or run to finish, then run again. Do not delete the lock file: azd relies on it.',
      file,
    });
  }

  private noteFallback(reason: string): void {
    if (this.fallbackNoted) return;
    this.fallbackNoted = true;
    this.options.notify?.(
      `Could not take azd's lock on ${this.azdLockFile} (${reason}; it needs perl); using ${this.ownLockFile} instead, so an azd command changing ${this.what} at the same time is not held off.`,
    );
  }
}

function holderFor(lockFile: string): FlockHolder {
  // A holder that never started (no perl) stays in the map: there is no point starting it again for every save.
  let holder = holders.get(lockFile);
  if (!holder || (holder.failure !== undefined && holder.answered)) {
    holder = new FlockHolder(lockFile);
    holders.set(lockFile, holder);
  }
  return holder;
}

function cancelReason(signal: AbortSignal | undefined): string {
  const reason: unknown = signal?.reason;
  return typeof reason === 'string' ? reason : 'SIGINT';
}
