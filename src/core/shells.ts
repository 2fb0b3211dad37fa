/**
 * The shell table (PRD REQ-1.4, REQ-2.3): which shells exist, how each is invoked, how to find it on PATH and
 * how to install it. Scripts are always started as an argv array; nothing here builds a command string.
 */
import { accessSync, statSync, constants as fsConstants } from 'node:fs';
import path from 'node:path';

export const SHELLS = ['bash', 'sh', 'pwsh', 'powershell'] as const;
export type Shell = (typeof SHELLS)[number];

export function isShell(value: string): value is Shell {
  return (SHELLS as readonly string[]).includes(value);
}

/** Arguments after the executable. The script path is absolute, so a file named `-x.sh` is never an option. */
export function shellArguments(shell: Shell, scriptPath: string): string[] {
  switch (shell) {
    case 'bash':
    case 'sh':
      return [scriptPath];
    case 'pwsh':
    case 'powershell':
      return ['-NoProfile', '-NonInteractive', '-File', scriptPath];
  }
}

/** How to get a missing shell, on each platform. */
export function installHint(shell: Shell): string {
  switch (shell) {
    case 'bash':
      return (
        "Install bash: Linux `sudo apt-get install bash` (or your distribution's package); macOS ships bash " +
        '(`brew install bash` for a current one); Windows: install Git for Windows (`winget install Git.Git`, ' +
        'which brings Git Bash) or use WSL, and make sure bash is on PATH.'
      );
    case 'sh':
      return (
        'Install a POSIX sh: Linux and macOS ship /bin/sh (`sudo apt-get install dash` if it is missing); ' +
        'Windows: install Git for Windows (`winget install Git.Git`) and put its usr\\bin on PATH, or use ' +
        '`shell: pwsh` instead.'
      );
    case 'pwsh':
      return (
        'Install PowerShell 7: Linux https://learn.microsoft.com/powershell/scripting/install/installing-powershell-on-linux ' +
        '(e.g. `sudo snap install powershell --classic`); macOS `brew install --cask powershell`; Windows ' +
        '`winget install --id Microsoft.PowerShell`.'
      );
    case 'powershell':
      return (
        'Windows PowerShell 5.1 (`powershell`) exists only on Windows, where it ships with the system. On Linux ' +
        'and macOS use `shell: pwsh` (PowerShell 7): Linux `sudo snap install powershell --classic`, macOS ' +
        '`brew install --cask powershell`.'
      );
  }
}

/** Looks `name` up on the PATH of `env`, as the OS would; undefined when it is not there. */
export function findExecutable(name: string, env: Readonly<Record<string, string | undefined>>): string | undefined {
  const windows = process.platform === 'win32';
  const pathKey = windows ? (Object.keys(env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH') : 'PATH';
  const dirs = (env[pathKey] ?? '').split(path.delimiter).filter(Boolean);
  const extensions = windows ? (env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean) : [''];
  for (const dir of dirs) {
    for (const ext of extensions) {
      const candidate = path.join(dir, name + ext);
      try {
        if (!statSync(candidate).isFile()) continue;
        if (!windows) accessSync(candidate, fsConstants.X_OK);
        return candidate;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}
