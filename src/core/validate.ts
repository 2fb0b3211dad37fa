/**
 * Initialize (PRD REQ-5.1): every script of the command exists inside the project, and its shell is known and
 * installed. Problems are gathered, never thrown one at a time.
 */
import { locatedError, type Problems } from './errors.js';
import type { ReadyScript } from './context.js';
import { resolveProjectFile } from './paths.js';
import type { ListName, Project, ScriptEntry } from './project.js';
import type { Request, ScriptRun } from './request.js';
import { SHELLS, findExecutable, installHint, isShell, type Shell } from './shells.js';

/** Every script of the command exists inside the project and its shell is known and installed. */
export async function validateScripts(
  project: Project,
  list: ListName,
  osEnv: Request['env'],
  problems: Problems,
): Promise<ReadyScript[]> {
  const entries = project.lists[list];
  if (!entries || entries.length === 0) {
    problems.add({
      code: 'PROJECT_INVALID',
      message: `${project.file}: infra.config.${list} ${entries ? 'is empty' : 'is missing'}; there is nothing to run.`,
      hint: `Add the scripts to run under infra.config.${list} (each with shell and run).`,
      file: project.file,
    });
    return [];
  }
  const found = new Map<string, string | undefined>();
  const ready: ReadyScript[] = [];
  for (const entry of entries) {
    let shell: Shell | undefined;
    let executable: string | undefined;
    if (!isShell(entry.shell)) {
      problems.add(
        locatedError(
          entry.at.shell,
          'SHELL_UNKNOWN',
          `${entry.key}.shell: unknown shell "${entry.shell}"; supported shells: ${SHELLS.join(', ')}.`,
          `Set shell to one of ${SHELLS.join(', ')}. Wrap cmd.exe scripts in PowerShell.`,
        ),
      );
    } else {
      shell = entry.shell;
      if (!found.has(shell)) found.set(shell, findExecutable(shell, osEnv));
      executable = found.get(shell) ?? undefined;
      if (!executable) {
        problems.add(
          locatedError(
            entry.at.shell,
            'SHELL_NOT_FOUND',
            `${entry.key}.shell: the shell "${shell}" was not found on PATH.`,
            installHint(shell),
          ),
        );
      }
    }
    const file = await problems.collect(() =>
      resolveProjectFile(project.root, entry.run, { what: 'script', key: `${entry.key}.run`, location: entry.at.run }),
    );
    if (shell && executable && file) ready.push({ entry, shell, executable, file });
  }
  return ready;
}

export function scriptRun(entry: ScriptEntry, shell: Shell): ScriptRun {
  return { name: entry.name, shell, path: entry.run, status: 'not-run', continueOnError: entry.continueOnError };
}
