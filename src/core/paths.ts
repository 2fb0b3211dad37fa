/**
 * A path from azure.yaml must name a regular file inside the project root, both as written and after
 * resolving symlinks (PRD REQ-7.1): a script or parameter file can never be read from outside the project.
 */
import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { ScriptsError, formatLocation, type Location } from './errors.js';
import { isErrno } from './files.js';

export interface ProjectPathOptions {
  /** What the path is, for messages: "script", "parameter file". */
  what: string;
  /** The azure.yaml key that holds the path, for messages: "infra.config.provision[0].run". */
  key: string;
  /** Where the path is written in azure.yaml. */
  location: Location;
}

/** Returns the absolute (lexical) path of `written` under `root`, or throws a ScriptsError saying what is wrong. */
export async function resolveProjectFile(root: string, written: string, options: ProjectPathOptions): Promise<string> {
  const where = options.location;
  const fail = (code: 'PATH_OUTSIDE_PROJECT' | 'SCRIPT_NOT_FOUND', message: string, hint: string): never => {
    throw new ScriptsError({ code, message: `${formatLocation(where)}${message}`, hint, ...where });
  };
  if (written.includes('\0')) {
    fail(
      'SCRIPT_NOT_FOUND',
      `${options.key}: the ${options.what} path contains a NUL character.`,
      'Remove the NUL character from the path in azure.yaml.',
    );
  }
  if (path.posix.isAbsolute(written) || path.win32.isAbsolute(written)) {
    fail(
      'PATH_OUTSIDE_PROJECT',
      `${options.key}: the ${options.what} path "${written}" is absolute; paths must be relative to the project root (${root}).`,
      `Write it relative to the folder of azure.yaml, e.g. "scripts/${path.basename(written)}".`,
    );
  }
  const absolute = path.resolve(root, written);
  if (!isInside(root, absolute)) {
    fail(
      'PATH_OUTSIDE_PROJECT',
      `${options.key}: the ${options.what} path "${written}" leaves the project root (${root}).`,
      'Keep scripts and parameter files inside the folder of azure.yaml; copy or move the file there.',
    );
  }
  let stat;
  try {
    stat = statSync(absolute);
  } catch (err) {
    if (isErrno(err, 'ENOENT') || isErrno(err, 'ENOTDIR')) {
      fail(
        'SCRIPT_NOT_FOUND',
        `${options.key}: ${options.what} not found: ${absolute}`,
        `Create the file, or correct the path in azure.yaml (it is relative to ${root}).`,
      );
    }
    const code = (err as NodeJS.ErrnoException | undefined)?.code;
    if (!code) throw err;
    const reason =
      code === 'ELOOP'
        ? 'is a symlink loop'
        : code === 'ENAMETOOLONG'
          ? 'has a name longer than the file system allows'
          : code === 'EACCES' || code === 'EPERM'
            ? 'cannot be read (permission denied)'
            : `cannot be read (${code})`;
    return fail(
      'SCRIPT_NOT_FOUND',
      `${options.key}: the ${options.what} ${absolute} ${reason}.`,
      `Correct the path in azure.yaml, or fix the file's permissions.`,
    );
  }
  if (!stat.isFile()) {
    fail(
      'SCRIPT_NOT_FOUND',
      `${options.key}: the ${options.what} ${absolute} is not a regular file.`,
      `Point ${options.key} at a file, not a folder or device.`,
    );
  }
  let realRoot: string;
  let realFile: string;
  try {
    [realRoot, realFile] = [realRootOf(root), realpathSync.native(absolute)];
  } catch (err) {
    return fail(
      'SCRIPT_NOT_FOUND',
      `${options.key}: the ${options.what} ${absolute} cannot be resolved (${(err as NodeJS.ErrnoException).code ?? String(err)}).`,
      'Correct the path in azure.yaml.',
    );
  }
  if (!isInside(realRoot, realFile)) {
    fail(
      'PATH_OUTSIDE_PROJECT',
      `${options.key}: the ${options.what} ${absolute} resolves through a symlink to ${realFile}, outside the project root (${realRoot}).`,
      'Copy the file into the project instead of linking to it from outside.',
    );
  }
  return absolute;
}

const realRoots = new Map<string, string>();

/** The project root with symlinks resolved, once per run. */
function realRootOf(root: string): string {
  let real = realRoots.get(root);
  if (real === undefined) {
    real = realpathSync.native(root);
    realRoots.set(root, real);
  }
  return real;
}

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return !(relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative));
}
