/**
 * Mistakes in a script entry that still run, or that fail with a baffling message (issue items 10.4, 10.5):
 * a bash shebang under `sh`, CRLF line endings, arguments written into `run:`, a Windows path on Linux/macOS.
 * Each is found before anything runs, so `preview` says it too.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { Location } from './errors.js';
import type { ScriptEntry } from './script-entry.js';
import type { Shell } from './shells.js';

/** Enough of a script to see its shebang and whether its lines end in CRLF. */
const HEAD_BYTES = 64 * 1024;

export type Warn = (message: string, location?: Location) => void;

/** Shells whose scripts a POSIX sh cannot be trusted to run. */
const NON_POSIX = /^(bash|zsh|ksh|mksh|fish|pwsh|powershell)$/;

/**
 * The interpreter a shebang names: `#!/bin/bash` → bash, `#!/usr/bin/env -S bash -e` → bash; undefined
 * without a shebang.
 */
export function shebangShell(firstLine: string): string | undefined {
  if (!firstLine.startsWith('#!')) return undefined;
  const words = firstLine.slice(2).trim().split(/\s+/);
  let program = words.shift() ?? '';
  if (program.endsWith('/env') || program === 'env') {
    while (words[0]?.startsWith('-')) words.shift();
    program = words.shift() ?? '';
  }
  return program.split('/').pop() || undefined;
}

/** Warnings about the script file itself, for bash and sh scripts. */
export function checkScriptFile(entry: ScriptEntry, shell: Shell, file: string, warn: Warn): void {
  if (shell !== 'bash' && shell !== 'sh') return;
  const head = readHead(file);
  if (head === undefined) return;
  const firstLine = head.split('\n')[0]!.replace(/\r$/, '');
  const named = shebangShell(firstLine);
  if (shell === 'sh' && named && NON_POSIX.test(named)) {
    const fix =
      entry.shellFrom === 'shell'
        ? `set \`shell: bash\` for it in azure.yaml (shell: sh runs \`sh ${entry.run}\`, which ignores the shebang)`
        : 'install bash (kind: sh runs bash when it is on PATH, else sh)';
    warn(
      `${entry.key}: ${entry.run} starts with "${firstLine}" but runs with sh, so bash-only syntax in it may fail; ${fix}.`,
      entry.at.shell,
    );
  }
  if (head.includes('\r\n')) {
    warn(
      `${entry.key}: ${file} has Windows (CRLF) line endings; ${shell} then fails with "$'\\r': command not found". ` +
        'Convert it to LF (e.g. `sed -i "s/\\r$//" ' +
        entry.run +
        '`) and keep it so with a .gitattributes line `*.sh text eol=lf`.',
      { file, line: head.slice(0, head.indexOf('\r\n')).split('\n').length },
    );
  }
}

function readHead(file: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const buffer = Buffer.alloc(HEAD_BYTES);
    const n = readSync(fd, buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, n).toString('latin1');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** `scripts\x.sh` → `scripts/x.sh` where `\` is no separator (as azd does for bash hooks); undefined when unchanged. */
export function posixPath(run: string, platform: NodeJS.Platform = process.platform): string | undefined {
  if (platform === 'win32' || !run.includes('\\')) return undefined;
  return run.replace(/\\/g, '/');
}

/** `scripts/x.sh --flag` → `scripts/x.sh`: the part before the first blank, when there is more after it. */
export function commandPart(run: string): string | undefined {
  const match = /^(\S+)\s+\S/.exec(run.trim());
  return match ? match[1] : undefined;
}
