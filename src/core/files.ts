/**
 * File reading and writing with the guarantees the engine relies on: reads are size-capped and must be UTF-8
 * (errors name the file and line); writes are atomic (temp file in the same folder, fsync, rename) so a crash
 * leaves either the old or the new content, and temp files of killed runs are swept by the next write.
 */
import { randomBytes } from 'node:crypto';
import { isUtf8 } from 'node:buffer';
import { closeSync, fstatSync, openSync, readSync, promises as fs, constants as fsConstants } from 'node:fs';
import path from 'node:path';
import { ScriptsError, type ErrorCode } from './errors.js';

export const MiB = 1024 * 1024;

export interface ReadOptions {
  /** What the file is, for messages: "parameter file", "outputs file". */
  what: string;
  maxBytes: number;
  /** Drop a leading UTF-8 byte order mark (Windows PowerShell 5.1 writes one with -Encoding utf8). */
  stripBom?: boolean;
  /** The code of a too-large or non-UTF-8 file's error (default IO_ERROR / FILE_TOO_LARGE). */
  code?: ErrorCode;
}

/**
 * Reads a text file; undefined when it does not exist. The files are small and local, so the read is synchronous:
 * on the per-script path an event-loop round trip per call costs more than the read itself. The file is opened
 * non-blocking and must be a regular file, so a FIFO or device planted in its place cannot hang the run.
 */
export async function readTextFile(file: string, options: ReadOptions): Promise<string | undefined> {
  return readTextFileSync(file, options);
}

function readTextFileSync(file: string, options: ReadOptions): string | undefined {
  let fd: number;
  try {
    fd = openSync(file, fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0));
  } catch (err) {
    if (isErrno(err, 'ENOENT') || isErrno(err, 'ENOTDIR')) return undefined;
    if (isErrno(err, 'EISDIR')) throw notAFile(file, options);
    throw ioError(err, file, `read the ${options.what}`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw notAFile(file, options);
    if (stat.size > options.maxBytes) throw tooLarge(file, stat.size, options);
    // Read up to one byte more than allowed, so that a file still growing is caught too.
    const buffer = Buffer.alloc(Math.min(stat.size, options.maxBytes) + 1);
    let length = 0;
    for (;;) {
      const bytesRead = readSync(fd, buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length === buffer.length) break;
    }
    if (length > options.maxBytes) throw tooLarge(file, length, options);
    let bytes = buffer.subarray(0, length);
    if (options.stripBom && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
    if (!isUtf8(bytes)) {
      const line = lineOfFirstInvalidByte(bytes);
      throw new ScriptsError({
        code: options.code ?? 'IO_ERROR',
        message: `${file}:${line}: the ${options.what} is not valid UTF-8 text.`,
        hint: `Save ${path.basename(file)} as UTF-8.`,
        file,
        line,
      });
    }
    return bytes.toString('utf8');
  } catch (err) {
    throw err instanceof ScriptsError ? err : ioError(err, file, `read the ${options.what}`);
  } finally {
    closeSync(fd);
  }
}

function notAFile(file: string, options: ReadOptions): ScriptsError {
  return new ScriptsError({
    code: options.code ?? 'IO_ERROR',
    message: `${file} is not a regular file, so it cannot be the ${options.what}.`,
    hint: 'Replace it with a regular file (not a folder, pipe or device).',
    file,
  });
}

function tooLarge(file: string, size: number, options: ReadOptions): ScriptsError {
  return new ScriptsError({
    code: options.code ?? 'FILE_TOO_LARGE',
    message: `${file} is ${formatSize(size)}; a ${options.what} may be at most ${formatSize(options.maxBytes)}.`,
    hint: `Make ${path.basename(file)} smaller; is it the file you meant?`,
    file,
  });
}

function formatSize(bytes: number): string {
  return bytes >= MiB ? `${(bytes / MiB).toFixed(1)} MiB` : `${bytes} bytes`;
}

/** 1-based line of the first byte that is not part of a valid UTF-8 sequence. */
function lineOfFirstInvalidByte(bytes: Buffer): number {
  let line = 1;
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    let len = 0;
    if (b < 0x80) len = 1;
    else if (b >= 0xc2 && b <= 0xdf) len = 2;
    else if (b >= 0xe0 && b <= 0xef) len = 3;
    else if (b >= 0xf0 && b <= 0xf4) len = 4;
    if (len === 0 || i + len > bytes.length || !isUtf8(bytes.subarray(i, i + len))) return line;
    if (b === 0x0a) line++;
    i += len;
  }
  return line;
}

/** Writes `content` so that readers see either the old or the new file, never a part of it. */
export async function writeFileAtomic(file: string, content: string, options: { mode?: number } = {}): Promise<void> {
  const dir = path.dirname(file);
  const base = path.basename(file);
  await sweepTempFiles(dir, base);
  let mode = options.mode ?? 0o644;
  try {
    mode = (await fs.stat(file)).mode & 0o777;
  } catch {
    // a new file gets the default mode
  }
  const temp = path.join(dir, `.${base}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await fs.open(temp, 'wx', mode);
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, file);
  } catch (err) {
    await fs.rm(temp, { force: true }).catch(() => undefined);
    throw ioError(err, file, 'write');
  }
  await syncDirectory(dir);
}

/** Removes temp files of ours whose writer is no longer alive (a run killed between write and rename). */
export async function sweepTempFiles(dir: string, base: string): Promise<void> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return;
  }
  const prefix = `.${base}.`;
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const match = /^(\d+)\.[0-9a-f]+\.tmp$/.exec(name.slice(prefix.length));
    if (!match) continue;
    const pid = Number(match[1]);
    if (pid === process.pid || isAlive(pid)) continue;
    await fs.rm(path.join(dir, name), { force: true }).catch(() => undefined);
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return isErrno(err, 'EPERM');
  }
}

async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  try {
    const handle = await fs.open(dir, fsConstants.O_RDONLY);
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // some file systems cannot fsync a directory; the rename itself is still atomic
  }
}

export function isErrno(err: unknown, code: string): boolean {
  return typeof err === 'object' && err !== null && (err as NodeJS.ErrnoException).code === code;
}

export function ioError(err: unknown, file: string, action: string): ScriptsError {
  if (err instanceof ScriptsError) return err;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  const reason =
    code === 'EACCES' || code === 'EPERM'
      ? 'permission denied'
      : code === 'ENOSPC'
        ? 'no space left on the device'
        : code === 'EROFS'
          ? 'the file system is read-only'
          : err instanceof Error
            ? err.message
            : String(err);
  return new ScriptsError({
    code: 'IO_ERROR',
    message: `Could not ${action} ${file}: ${reason}.`,
    hint: 'Check that the path exists and that this user may write it.',
    file,
  });
}
