/**
 * Our own lock file, for where azd's flock cannot be taken (Windows, or no perl): the lock file is made complete
 * (holding our pid) and then hard-linked into place, so a lock never exists without its holder's pid, even when a
 * run is killed while taking it. It is never azd's `.env.lock`: it excludes runs of ours from each other only.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ScriptsError } from '../errors.js';
import { ioError, isAlive, isErrno, sweepTempFiles } from '../files.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What a wait reports to, and how it is cancelled. */
export interface Waiting {
  started(pid: number | undefined): void;
  throwIfCancelled(): void;
}

/**
 * Runs `fn` while holding `lockFile`. Holders are processes of this machine: a lock whose process is gone (or older than `staleMs`) is taken over. Waits at most
 * `timeoutMs`.
 */
export async function withFileLock<T>(
  lockFile: string,
  fn: () => Promise<T>,
  options: { timeoutMs: number; staleMs: number; what: string; waiting?: Waiting },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  await sweepTempFiles(path.dirname(lockFile), path.basename(lockFile));
  for (let attempt = 0; ; attempt++) {
    if (await tryLock(lockFile)) break;
    const holder = await readLockHolder(lockFile);
    const stale =
      (holder.pid !== undefined && holder.pid !== process.pid && !isAlive(holder.pid)) ||
      (holder.pid === undefined && holder.ageMs !== undefined && holder.ageMs > EMPTY_LOCK_STALE_MS) ||
      (holder.ageMs !== undefined && holder.ageMs > options.staleMs);
    if (stale) {
      await breakLock(lockFile, holder.pid);
      continue;
    }
    if (attempt === 0) options.waiting?.started(holder.pid);
    options.waiting?.throwIfCancelled();
    if (Date.now() >= deadline) {
      throw new ScriptsError({
        code: 'ENVIRONMENT_LOCKED',
        message: `${options.what} is locked by another run (process ${holder.pid ?? 'unknown'}, lock file ${lockFile}).`,
        hint: 'Wait for the other run to finish. If no other run is going on, delete the lock file.',
        file: lockFile,
      });
    }
    await sleep(Math.min(10 + attempt * 5, 100));
  }
  try {
    return await fn();
  } finally {
    await fs.rm(lockFile, { force: true }).catch(() => undefined);
  }
}

/** A lock file with no pid (left by an older writer killed mid-way) counts as abandoned after this long. */
const EMPTY_LOCK_STALE_MS = 2000;

/** A temp file beside the lock, in the pattern sweepTempFiles removes once its process is gone. */
function lockTemp(lockFile: string): string {
  return path.join(
    path.dirname(lockFile),
    `.${path.basename(lockFile)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`,
  );
}

async function tryLock(lockFile: string): Promise<boolean> {
  const temp = lockTemp(lockFile);
  await fs.writeFile(temp, `${process.pid}\n`, { flag: 'wx' });
  try {
    await fs.link(temp, lockFile);
    return true;
  } catch (err) {
    if (isErrno(err, 'EEXIST')) return false;
    // A file system without hard links: fall back to an exclusive create (a kill mid-way leaves an empty lock,
    // which is taken over after EMPTY_LOCK_STALE_MS).
    if (isErrno(err, 'EPERM') || isErrno(err, 'ENOTSUP') || isErrno(err, 'EOPNOTSUPP') || isErrno(err, 'ENOSYS')) {
      try {
        await fs.writeFile(lockFile, `${process.pid}\n`, { flag: 'wx' });
        return true;
      } catch (inner) {
        if (isErrno(inner, 'EEXIST')) return false;
        throw ioError(inner, lockFile, 'create the lock');
      }
    }
    throw ioError(err, lockFile, 'create the lock');
  } finally {
    await fs.rm(temp, { force: true }).catch(() => undefined);
  }
}

/**
 * Moves an abandoned lock aside. If what was moved is not the lock judged abandoned (another run took over in
 * between), it is put back, so that a live lock is never broken.
 */
async function breakLock(lockFile: string, judgedPid: number | undefined): Promise<void> {
  // Named like our other temp files, so that the next lock sweeps it if we are killed right here.
  const aside = lockTemp(lockFile);
  try {
    await fs.rename(lockFile, aside);
  } catch {
    return;
  }
  const moved = await readLockHolder(aside);
  if (moved.pid !== judgedPid) await fs.link(aside, lockFile).catch(() => undefined);
  await fs.rm(aside, { force: true }).catch(() => undefined);
}

async function readLockHolder(lockFile: string): Promise<{ pid?: number; ageMs?: number }> {
  try {
    const [text, stat] = await Promise.all([fs.readFile(lockFile, 'utf8'), fs.stat(lockFile)]);
    const pid = Number.parseInt(text, 10);
    return { ...(Number.isSafeInteger(pid) && pid > 0 ? { pid } : {}), ageMs: Date.now() - stat.mtimeMs };
  } catch {
    return {};
  }
}
