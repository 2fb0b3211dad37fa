/**
 * The per-run bin folder that puts our `azd` stand-in (azd-shim.ts) first on the scripts' PATH, only when the
 * scripts would find no azd of their own. It lives in a temp folder and is removed after the run.
 */
import { existsSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as io from '@actions/io';
import { SHIM_ROOT_VAR } from './azd-shim.js';
import { findExecutable } from './shells.js';

export interface AzdShimBin {
  /** The folder holding `azd` and `azd.cmd`. */
  bin: string;
  /** The project root the stand-in works on. */
  root: string;
  remove(): Promise<void>;
}

/**
 * The stand-in's bundle, `azd-shim/index.js` beside the host bundle that is running (scripts/build.mjs puts it
 * there). Undefined when running from source, where no bundle exists.
 */
function shimBundle(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const file = path.join(here, 'azd-shim', 'index.js');
  return existsSync(file) ? file : undefined;
}

/**
 * Creates the bin folder when `osEnv`'s PATH has no azd. Looked up with the scripts' PATH (not this process's,
 * which @actions/io's `which` would read): that is the PATH the scripts search.
 */
export async function installAzdShim(
  osEnv: Readonly<Record<string, string | undefined>>,
  root: string,
): Promise<AzdShimBin | undefined> {
  if (findExecutable('azd', osEnv)) return undefined;
  const shim = shimBundle();
  if (!shim) return undefined;
  // The agents' own temp folders are emptied after each job; elsewhere the folders of killed runs are swept.
  const temp = osEnv.RUNNER_TEMP || osEnv.AGENT_TEMPDIRECTORY || os.tmpdir();
  await sweepDeadRuns(temp);
  const dir = await fs.mkdtemp(path.join(temp, `${PREFIX}${process.pid}-`));
  const bin = path.join(dir, 'bin');
  await io.mkdirP(bin);
  await fs.writeFile(path.join(bin, 'azd'), `#!/bin/sh\nexec ${sh(process.execPath)} ${sh(shim)} "$@"\n`, {
    mode: 0o755,
  });
  await fs.writeFile(path.join(bin, 'azd.cmd'), `@"${process.execPath}" "${shim}" %*\r\n`);
  return { bin, root, remove: () => io.rmRF(dir) };
}

const PREFIX = 'azd-scripts-shim-';

/** Removes the bin folders of runs that were killed before they could remove their own (named by their pid). */
async function sweepDeadRuns(temp: string): Promise<void> {
  const names = await fs.readdir(temp).catch(() => [] as string[]);
  for (const name of names) {
    const pid = name.startsWith(PREFIX) ? Number(/^(\d+)-/.exec(name.slice(PREFIX.length))?.[1]) : NaN;
    if (Number.isInteger(pid) && pid !== process.pid && !running(pid)) {
      await io.rmRF(path.join(temp, name)).catch(() => undefined);
    }
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** `env` with the bin folder first on PATH and the project root for the stand-in. */
export function withAzdShim(env: Record<string, string>, shim: AzdShimBin | undefined): Record<string, string> {
  if (!shim) return env;
  const key =
    process.platform === 'win32' ? (Object.keys(env).find((k) => k.toUpperCase() === 'PATH') ?? 'Path') : 'PATH';
  env[key] = env[key] ? `${shim.bin}${path.delimiter}${env[key]}` : shim.bin;
  env[SHIM_ROOT_VAR] = shim.root;
  return env;
}

/** A POSIX sh single-quoted word. */
function sh(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
