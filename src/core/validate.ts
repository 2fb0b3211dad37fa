/**
 * Initialize (PRD REQ-5.1): every script of the command exists inside the project, and its shell is known and
 * installed. Problems are gathered, never thrown one at a time.
 */
import { ScriptsError, locatedError, type Problems } from './errors.js';
import type { ReadyScript } from './context.js';
import { resolveProjectFile } from './paths.js';
import type { ListName, Project, ScriptEntry } from './project.js';
import type { Request, ScriptRun } from './request.js';
import { checkScriptFile, commandPart, posixPath, type Warn } from './script-checks.js';
import { KINDS } from './script-entry.js';
import { SHELLS, findExecutable, installHint, isShell, type Shell } from './shells.js';

/** Every script of the command exists inside the project and its shell is known and installed. */
export async function validateScripts(
  project: Project,
  list: ListName,
  osEnv: Request['env'],
  problems: Problems,
  warn: Warn,
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
  const lookup = (name: Shell): string | undefined => {
    if (!found.has(name)) found.set(name, findExecutable(name, osEnv));
    return found.get(name);
  };
  for (const entry of entries) {
    const { shell, executable } = chooseShell(entry, lookup, problems);
    const file = await resolveRun(project.root, entry, problems, warn);
    if (shell && file) checkScriptFile(entry, shell, file, warn);
    if (shell && executable && file) ready.push({ entry, shell, executable, file });
  }
  return ready;
}

export function scriptRun(entry: ScriptEntry, shell: Shell): ScriptRun {
  return { name: entry.name, shell, path: entry.run, status: 'not-run', continueOnError: entry.continueOnError };
}

/** The shell an entry runs with: `shell:` exactly; `kind: sh` (or `.sh`) bash when installed, else sh (upstream). */
function chooseShell(
  entry: ScriptEntry,
  lookup: (shell: Shell) => string | undefined,
  problems: Problems,
): { shell?: Shell; executable?: string } {
  let shell: Shell;
  if (entry.shellFrom === 'shell') {
    if (!isShell(entry.shell)) {
      problems.add(
        locatedError(
          entry.at.shell,
          'SHELL_UNKNOWN',
          `${entry.key}.shell: unknown shell "${entry.shell}"; supported shells: ${SHELLS.join(', ')}.`,
          `Set shell to one of ${SHELLS.join(', ')}. Wrap cmd.exe scripts in PowerShell.`,
        ),
      );
      return {};
    }
    shell = entry.shell;
  } else if (entry.shell === 'sh') {
    shell = lookup('bash') ? 'bash' : 'sh';
  } else if (entry.shell === 'pwsh') {
    shell = 'pwsh';
  } else {
    problems.add(
      locatedError(
        entry.at.shell,
        'SHELL_UNKNOWN',
        `${entry.key}.kind: unknown kind "${entry.shell}"; kind is one of ${KINDS.join(', ')}.`,
        `Set kind to ${KINDS.join(' or ')}, or use shell: with one of ${SHELLS.join(', ')}.`,
      ),
    );
    return {};
  }
  const executable = lookup(shell);
  if (!executable) {
    const what = entry.shellFrom === 'shell' ? 'shell' : entry.shellFrom === 'kind' ? 'kind' : 'run';
    problems.add(
      locatedError(
        entry.at.shell,
        'SHELL_NOT_FOUND',
        `${entry.key}.${what}: the shell "${shell}" was not found on PATH.`,
        installHint(shell),
      ),
    );
  }
  return { shell, executable };
}

/** The script file of `run:`, with the two mistakes of issue 10.5 turned into what the user meant or a hint. */
async function resolveRun(root: string, entry: ScriptEntry, problems: Problems, warn: Warn) {
  const options = { what: 'script', key: `${entry.key}.run`, location: entry.at.run };
  const resolve = (written: string) => resolveProjectFile(root, written, options).catch((err: unknown) => err);
  let run = entry.run;
  const attempt = await resolve(run);
  if (typeof attempt === 'string') return attempt;
  // A file really named `a\b.sh` (legal here) wins; otherwise `\` was meant as a separator.
  const slashed = posixPath(run);
  if (slashed !== undefined && attempt instanceof ScriptsError && attempt.code === 'SCRIPT_NOT_FOUND') {
    const retry = await resolve(slashed);
    if (typeof retry === 'string') {
      warn(
        `${entry.key}.run: "${run}" uses \\ as a separator; using "${slashed}" here, as azd does for bash scripts. Write it with / so it works everywhere.`,
        entry.at.run,
      );
      return retry;
    }
    run = slashed;
  }
  const command = commandPart(run);
  if (command !== undefined && attempt instanceof ScriptsError && attempt.code === 'SCRIPT_NOT_FOUND') {
    const exists = await resolveProjectFile(root, command, options).then(
      () => true,
      () => false,
    );
    if (exists) {
      problems.add(
        locatedError(
          entry.at.run,
          'PROJECT_INVALID',
          `${entry.key}.run: "${run}" is a command line, but run takes a file; arguments are not supported: use parameters.`,
          `Set run to "${command}" and pass the values as parameters (a parameter file) or env: entries; the script reads them as environment variables.`,
        ),
      );
      return undefined;
    }
  }
  return problems.collect(() => {
    throw attempt;
  });
}
