/**
 * How much environment a script can be started with (issue 11.4). Past these limits execve fails with E2BIG and
 * no script starts at all, so a value saved to `.env` that is too large would break every later provision and
 * down. Linux: one "KEY=value" string at most MAX_ARG_STRLEN (128 KiB with its NUL), and all of argv and envp
 * (strings, NULs and pointers) at most ARG_MAX (`getconf ARG_MAX`, a quarter of the stack limit). macOS: ARG_MAX
 * only. Windows is not checked here.
 */
import { execFileSync } from 'node:child_process';
import { ScriptsError } from './errors.js';

export interface EnvLimits {
  /** Bytes of one "KEY=value" with its NUL. */
  entry: number;
  /** Bytes of all of argv and envp, with NULs and pointers. */
  total: number;
  /** For messages: where the limit comes from. */
  entryName: string;
  totalName: string;
}

/** Room left for argv (the shell, its flags and the script path) and for what the shell adds. */
const ARGV_RESERVE = 16 * 1024;
const POINTER = 8;

let cached: EnvLimits | undefined;

export function envLimits(): EnvLimits {
  if (cached) return cached;
  if (process.platform === 'win32') {
    // Not checked: 32 767 characters per variable, and Node reports what CreateProcess says.
    cached = { entry: Infinity, total: Infinity, entryName: 'Windows', totalName: 'Windows' };
    return cached;
  }
  const fallback = process.platform === 'darwin' ? 1024 * 1024 : 2 * 1024 * 1024;
  let argMax = fallback;
  try {
    const n = Number(execFileSync('getconf', ['ARG_MAX'], { encoding: 'utf8', timeout: 2000 }).trim());
    if (Number.isSafeInteger(n) && n > 0) argMax = n;
  } catch {
    // getconf missing: the OS default
  }
  cached = {
    entry: process.platform === 'linux' ? 128 * 1024 : Infinity,
    total: argMax - ARGV_RESERVE,
    entryName: 'MAX_ARG_STRLEN',
    totalName: 'ARG_MAX',
  };
  return cached;
}

/** Bytes one variable takes: "KEY=value", its NUL and its pointer are counted separately (see totalBytes). */
export function entryBytes(key: string, value: string): number {
  return Buffer.byteLength(key) + 1 + Buffer.byteLength(value) + 1;
}

export function totalBytes(entries: Iterable<readonly [string, string | undefined]>): number {
  let total = 0;
  for (const [k, v] of entries) if (v !== undefined) total += entryBytes(k, v) + POINTER;
  return total;
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MiB`
    : bytes >= 1024
      ? `${Math.round(bytes / 1024)} KiB`
      : `${bytes} bytes`;
}

export interface Oversized {
  key: string;
  bytes: number;
}

/** The variables of `entries` that cannot be passed on at all, largest first. */
export function oversizedEntries(entries: Iterable<readonly [string, string]>, limits = envLimits()): Oversized[] {
  const found: Oversized[] = [];
  for (const [key, value] of entries) {
    const bytes = entryBytes(key, value);
    if (bytes > limits.entry) found.push({ key, bytes });
  }
  return found.sort((a, b) => b.bytes - a.bytes);
}

/** The `count` largest variables, for messages: "K (200 KiB), L (3 KiB)". */
export function largest(entries: Iterable<readonly [string, string | undefined]>, count = 3): string {
  return [...entries]
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([k, v]) => ({ key: k, bytes: entryBytes(k, v) }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count)
    .map((e) => `${e.key} (${formatBytes(e.bytes)})`)
    .join(', ');
}

/**
 * Leaves out of `values` what would stop a script from starting, given the `base` it is layered on: every value
 * too large on its own, then the largest until the whole fits. Used by `down`, which must always be able to run.
 */
export function fitValues(
  values: ReadonlyMap<string, string>,
  base: Iterable<readonly [string, string | undefined]>,
  limits = envLimits(),
): { kept: Map<string, string>; dropped: Oversized[] } {
  const kept = new Map(values);
  const dropped = oversizedEntries(values, limits);
  for (const d of dropped) kept.delete(d.key);
  const baseBytes = totalBytes(base);
  let total = baseBytes + totalBytes(kept);
  if (total > limits.total) {
    const bySize = [...kept].map(([key, v]) => ({ key, bytes: entryBytes(key, v) })).sort((a, b) => b.bytes - a.bytes);
    for (const e of bySize) {
      if (total <= limits.total) break;
      kept.delete(e.key);
      dropped.push(e);
      total -= e.bytes + POINTER;
    }
  }
  return { kept, dropped };
}

/**
 * The error for outputs of `script` that would stop every later script from starting (undefined when they fit):
 * one too large on its own, or all of them together on top of `base` (the environment later scripts get).
 */
export function outputsTooLarge(
  script: string,
  outputs: ReadonlyMap<string, { value: string }>,
  base: Iterable<readonly [string, string | undefined]>,
  limits = envLimits(),
): ScriptsError | undefined {
  const values = new Map([...outputs].map(([k, o]) => [k, o.value] as const));
  const [big] = oversizedEntries(values, limits);
  const hint =
    'Write large data to a file (or to storage) and output its path or URL instead; nothing of this script was saved, so later runs are not affected.';
  if (big) {
    return new ScriptsError({
      code: 'ENV_TOO_LARGE',
      message: `Output ${big.key} of "${script}" is ${formatBytes(big.bytes)}; one variable a script gets may be at most ${formatBytes(limits.entry)} on this OS (${limits.entryName}), so it was neither saved nor passed on.`,
      hint,
    });
  }
  const merged = new Map<string, string | undefined>(base);
  for (const [k, v] of values) merged.set(k, v);
  const total = totalBytes(merged);
  if (total <= limits.total) return undefined;
  return new ScriptsError({
    code: 'ENV_TOO_LARGE',
    message: `The ${outputs.size} output(s) of "${script}" would make the environment of later scripts ${formatBytes(total)}; this OS allows ${formatBytes(limits.total)} (${limits.totalName}, less room for arguments), so they were neither saved nor passed on. Largest: ${largest(values)}.`,
    hint,
  });
}

/**
 * Parameter values that could not be passed to a script (found before anything runs): one too large on its own, or
 * all of them on top of `base` (the OS environment and `.env`). Messages name keys and sizes, never values: a
 * parameter may be secret.
 */
export function parametersTooLarge(
  values: ReadonlyMap<string, string>,
  base: Iterable<readonly [string, string | undefined]>,
  limits = envLimits(),
): ScriptsError[] {
  const hint = 'Pass large data as a file: put its path in the parameter, and let the script read the file.';
  const problems = oversizedEntries(values, limits).map(
    (big) =>
      new ScriptsError({
        code: 'ENV_TOO_LARGE',
        message: `Parameter ${big.key} is ${formatBytes(big.bytes)}; one variable a script gets may be at most ${formatBytes(limits.entry)} on this OS (${limits.entryName}), so no script could start.`,
        hint,
      }),
  );
  if (problems.length > 0) return problems;
  const merged = new Map<string, string | undefined>(base);
  for (const [k, v] of values) merged.set(k, v);
  const total = totalBytes(merged);
  if (total <= limits.total) return [];
  return [
    new ScriptsError({
      code: 'ENV_TOO_LARGE',
      message: `The parameters with the azd and OS environments make ${formatBytes(total)}; this OS allows ${formatBytes(limits.total)} (${limits.totalName}, less room for arguments), so no script could start. Largest parameters: ${largest(values)}.`,
      hint,
    }),
  ];
}

/**
 * Problems of an azd environment whose `.env` could not be passed to any script (found before anything runs).
 * `down` does not use this: it leaves such values out (fitValues), so that it can always run.
 */
export async function dotenvTooLarge(
  env: { values: ReadonlyMap<string, string>; dotenvFile: string; lineOf(key: string): Promise<number | undefined> },
  osEnv: Readonly<Record<string, string | undefined>>,
  limits = envLimits(),
): Promise<ScriptsError[]> {
  const problems: ScriptsError[] = [];
  const hint = (keys: string) =>
    `Remove ${keys} from ${env.dotenvFile} (\`azd env set\` a short value, or edit the file), and keep large data in files; \`down\` still runs without them.`;
  for (const big of oversizedEntries(env.values, limits)) {
    const line = await env.lineOf(big.key);
    problems.push(
      new ScriptsError({
        code: 'ENV_TOO_LARGE',
        message: `${env.dotenvFile}${line === undefined ? '' : `:${line}`}: ${big.key} is ${formatBytes(big.bytes)}; one variable a script gets may be at most ${formatBytes(limits.entry)} on this OS (${limits.entryName}), so no script could start.`,
        hint: hint(big.key),
        file: env.dotenvFile,
        ...(line === undefined ? {} : { line }),
      }),
    );
  }
  if (problems.length > 0) return problems;
  const merged = new Map<string, string | undefined>(Object.entries(osEnv));
  for (const [k, v] of env.values) merged.set(k, v);
  const total = totalBytes(merged);
  if (total > limits.total) {
    problems.push(
      new ScriptsError({
        code: 'ENV_TOO_LARGE',
        message: `${env.dotenvFile}: the azd environment with the OS environment is ${formatBytes(total)}; this OS allows ${formatBytes(limits.total)} (${limits.totalName}, less room for arguments), so no script could start. Largest: ${largest(env.values)}.`,
        hint: hint('the largest values'),
        file: env.dotenvFile,
      }),
    );
  }
  return problems;
}
