/**
 * Shared test helpers: temp projects with real files and scripts, the built CLI run as a child process, and
 * stand-in executables on PATH. Tests run real bash/sh; nothing here fakes the engine.
 */
import { spawn, type SpawnOptions } from 'node:child_process';
import {
  mkdtempSync,
  mkdirSync,
  writeFileSync,
  chmodSync,
  realpathSync,
  rmSync,
  readFileSync,
  existsSync,
  readdirSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after } from 'node:test';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CLI = path.join(ROOT, 'dist', 'cli', 'index.js');

const made: string[] = [];
after(() => {
  if (process.env.KEEP_TEST_DIRS) return;
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temp folder (realpath, so symlinked /tmp does not confuse containment checks); removed after the file's tests. */
export function tempDir(prefix = 'azd-scripts-test-'): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)));
  made.push(dir);
  return dir;
}

export type FileSpec = string | { content: string; mode?: number };

/** Writes `files` (path → content) under a new temp folder; `.sh`/`.ps1` files are made executable. */
export function makeProject(files: Record<string, FileSpec>): string {
  const dir = tempDir();
  writeFiles(dir, files);
  return dir;
}

export function writeFiles(dir: string, files: Record<string, FileSpec>): void {
  for (const [rel, spec] of Object.entries(files)) {
    const file = path.join(dir, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    const content = typeof spec === 'string' ? spec : spec.content;
    writeFileSync(file, content);
    const mode = typeof spec === 'string' ? (/\.(sh|ps1)$/.test(rel) ? 0o755 : undefined) : spec.mode;
    if (mode !== undefined) chmodSync(file, mode);
  }
}

/** azure.yaml for `provision` (and optionally `destroy`) lists of `{shell, run, ...}` entries. */
export function azureYaml(config: {
  provision?: Array<Record<string, unknown>>;
  destroy?: Array<Record<string, unknown>>;
}): string {
  const lines = ['name: test-project', 'infra:', '  provider: scripts', '  config:'];
  for (const list of ['provision', 'destroy'] as const) {
    const entries = config[list];
    if (!entries) continue;
    lines.push(`    ${list}:`);
    for (const entry of entries) {
      let first = true;
      for (const [k, v] of Object.entries(entry)) {
        lines.push(`      ${first ? '- ' : '  '}${k}: ${typeof v === 'string' ? JSON.stringify(v) : String(v)}`);
        first = false;
      }
    }
  }
  return lines.join('\n') + '\n';
}

/** A script that writes outputs.json next to itself. `outputs` maps name → {type, value}. */
export function outputsScript(outputs: Record<string, { type: string; value: unknown }>, extra = ''): string {
  const json = JSON.stringify({ outputs }).replace(/'/g, `'"'"'`);
  return `#!/usr/bin/env bash\nset -e\n${extra}\nprintf '%s' '${json}' > "$(dirname "$0")/outputs.json"\n`;
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** A minimal, predictable environment for child processes: PATH and HOME plus `extra`. */
export function baseEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' };
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

/** Runs `node <script> ...args` and collects its output. */
export function runNode(
  script: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; input?: string; timeoutMs?: number } = {},
): Promise<RunResult> {
  return runProcess(process.execPath, [script, ...args], options);
}

export function runCli(
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; input?: string; timeoutMs?: number } = {},
): Promise<RunResult> {
  return runNode(CLI, args, options);
}

export function runProcess(
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; input?: string; timeoutMs?: number } & Pick<
    SpawnOptions,
    'detached'
  > = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? ROOT,
      env: options.env ?? baseEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: options.detached,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`timed out: ${command} ${args.join(' ')}\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

/**
 * A stand-in executable named `name` in a new folder (prepend it to PATH): it appends its argv, one per line,
 * to `<dir>/<name>.argv` and then runs `body` (bash).
 */
export function standIn(name: string, body = 'exit 0'): { dir: string; argvFile: string } {
  const dir = tempDir('azd-scripts-bin-');
  const argvFile = path.join(dir, `${name}.argv`);
  writeFileSync(
    path.join(dir, name),
    `#!/usr/bin/env bash\nfor a in "$@"; do printf '%s\\n' "$a" >> ${JSON.stringify(argvFile)}; done\n${body}\n`,
    { mode: 0o755 },
  );
  return { dir, argvFile };
}

export function readIf(file: string): string | undefined {
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

export function dotenvOf(project: string, env: string): string | undefined {
  return readIf(path.join(project, '.azure', env, '.env'));
}

// ---------------------------------------------------------------------------------------------------------------
// Processes (Linux: read from /proc)

/** True while `pid` is a live process (a zombie, left for an init that reaps slowly, counts as ended). */
export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Live processes in process group `pgid`. */
export function groupMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] !== 'Z' && Number(fields[2]) === pgid) members.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return members;
}

/** Polls `check` until it holds or `ms` pass; its last answer. */
export async function eventually(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}

/** Like `eventually`, but throws naming `what` when it never holds. */
export async function waitFor(what: string, predicate: () => boolean, timeoutMs: number): Promise<void> {
  if (!(await eventually(predicate, timeoutMs))) throw new Error(`timed out waiting for ${what}`);
}

// ---------------------------------------------------------------------------------------------------------------
// Scripts that leave traces

/** A bash script that records the named environment variables (those that are set) under .seen/. */
export function recordEnvScript(keys: string[], extra = ''): string {
  return [
    '#!/usr/bin/env bash',
    'set -e',
    'mkdir -p .seen',
    `for k in ${keys.join(' ')}; do if [ -n "\${!k+x}" ]; then printf '%s' "\${!k}" > ".seen/$k"; fi; done`,
    extra,
    '',
  ].join('\n');
}

export function seen(root: string, key: string): string | undefined {
  const file = path.join(root, '.seen', key);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

export function touchScript(marker: string): string {
  return `#!/usr/bin/env bash\nmkdir -p .state\nprintf '%s' "\${AZD_PURGE:-}" > .state/${marker}\necho "${marker} ran"\n`;
}

/**
 * A progress line with its duration replaced by `<t>` (`Completed: a (<t>)`, `Failed: b (exit code: 3, <t>)`),
 * so a test can assert the whole line exactly; a line without a well-formed duration is returned unchanged.
 */
export function hideDuration(line: string): string {
  return /^(Completed|Failed): /.test(line)
    ? line.replace(/(\(|, )(\d+\.\ds|\d+m \d\ds|\d+h \d\dm)\)$/, '$1<t>)')
    : line;
}
