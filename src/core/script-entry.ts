/**
 * One script entry of infra.config (PRD REQ-1 plus the upstream extension's fields, DESIGN section 7): read
 * strictly, the `windows`/`posix` override of this OS applied field by field, and the shell settled as written
 * (`shell:`, PRD meaning), as a `kind:` (upstream meaning) or inferred from the file extension.
 */
import path from 'node:path';
import { z } from 'zod/mini';
import { closest, formatLocation as prefix, type Location, type Problems } from './errors.js';
import { isEnvKey } from './dotenv.js';
import type { ListName } from './project.js';

export const ENTRY_KEYS = [
  'shell',
  'kind',
  'run',
  'parameters',
  'name',
  'env',
  'secrets',
  'continueOnError',
  'windows',
  'posix',
] as const;
const OVERRIDE_KEYS = ENTRY_KEYS.filter((k) => k !== 'windows' && k !== 'posix');
export const KINDS = ['sh', 'pwsh'] as const;

/** How the shell of an entry was given: `shell:` runs exactly that; `kind:` and inference follow upstream. */
export type ShellSource = 'shell' | 'kind' | 'inferred';

export interface ScriptEntry {
  list: ListName;
  index: number;
  /** `infra.config.provision[0]`, for messages. */
  key: string;
  /** As written (`shell:`), or the kind (`kind:` or inferred); checked when the command is validated. */
  shell: string;
  shellFrom: ShellSource;
  run: string;
  parameters?: string;
  /** Display name: `name`, else the script's file name. */
  name: string;
  continueOnError: boolean;
  /** Upstream `env:` templates, by key (this OS's override applied). */
  env: Record<string, string>;
  /** Upstream `secrets:` templates, by key (this OS's override applied). */
  secrets: Record<string, string>;
  location: Location;
  at: {
    shell: Location;
    run: Location;
    parameters?: Location;
    env: Record<string, Location>;
    secrets: Record<string, Location>;
  };
}

/** Finds where a YAML node is written (project.ts's Locator). */
export interface Locate {
  value(pathParts: Array<string | number>): Location;
  key(pathParts: Array<string | number>, key: string): Location;
}

const text = () => z.string().check(z.minLength(1));
// YAML reads `PORT: 8080` as a number; a variable is text either way.
const scalar = () => z.union([z.string(), z.number(), z.boolean()]);
const fields = {
  shell: z.optional(text()),
  kind: z.optional(text()),
  run: z.optional(text()),
  parameters: z.optional(text()),
  name: z.optional(text()),
  env: z.optional(z.record(z.string(), scalar())),
  secrets: z.optional(z.record(z.string(), scalar())),
  continueOnError: z.optional(z.boolean()),
};
const OverrideSchema = z.strictObject(fields);
const EntrySchema = z.strictObject({
  ...fields,
  windows: z.optional(OverrideSchema),
  posix: z.optional(OverrideSchema),
});
type Fields = z.infer<typeof OverrideSchema>;

const DESCRIPTIONS: Record<string, string> = {
  shell: 'one of bash, sh, pwsh, powershell',
  kind: 'sh or pwsh, as the upstream extension writes it',
  run: 'the script path, relative to the project root',
  parameters: 'a parameter file path, relative to the project root',
  name: 'a display name',
  env: 'a mapping of NAME: value',
  secrets: 'a mapping of NAME: value',
  continueOnError: 'true or false',
  windows: 'a mapping with the keys of a script entry, used on Windows',
  posix: 'a mapping with the keys of a script entry, used on Linux and macOS',
};

export function parseEntry(
  item: unknown,
  list: ListName,
  index: number,
  locate: Locate,
  problems: Problems,
  platform: NodeJS.Platform = process.platform,
): ScriptEntry | undefined {
  const base = ['infra', 'config', list, index];
  const key = `infra.config.${list}[${index}]`;
  const where = locate.value(base);
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    problems.add({
      code: 'PROJECT_INVALID',
      message: `${prefix(where)}${key} must be a mapping with at least run (and shell or kind).`,
      hint: 'Write a script entry as `- shell: bash` with `run: scripts/name.sh` below it.',
      ...where,
    });
    return undefined;
  }
  const parsed = EntrySchema.safeParse(item);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      reportIssue(issue, item as Record<string, unknown>, key, base, locate, problems);
    return undefined;
  }
  const e = parsed.data;
  const before = problems.list.length;
  checkKeys(e, key, base, locate, problems);
  const osKey = platform === 'win32' ? 'windows' : 'posix';
  const override = e[osKey];
  if (override) checkKeys(override, `${key}.${osKey}`, [...base, osKey], locate, problems);

  // Field by field: the override's value where it gives one (maps merge key by key, as upstream does).
  const pick = <K extends keyof Fields>(field: K): { value: NonNullable<Fields[K]>; at: Location } | undefined => {
    const mine = override?.[field];
    if (mine !== undefined) return { value: mine, at: locate.value([...base, osKey, field]) };
    const theirs = e[field];
    if (theirs !== undefined) return { value: theirs, at: locate.value([...base, field]) };
    return undefined;
  };
  const run = pick('run');
  if (!run) {
    problems.add({
      code: 'PROJECT_INVALID',
      message: `${prefix(where)}${key} is missing required key "run" (${DESCRIPTIONS.run}).`,
      hint: `Allowed keys of a script entry: ${ENTRY_KEYS.join(', ')}.`,
      ...where,
    });
    return undefined;
  }
  // The most specific level that names a shell decides; naming both at one level is ambiguous.
  const level = override && (override.shell !== undefined || override.kind !== undefined) ? override : e;
  const levelPath = level === e ? base : [...base, osKey];
  let shell: string;
  let shellFrom: ShellSource;
  let shellAt: Location;
  if (level.shell !== undefined && level.kind !== undefined) {
    const at = locate.key(levelPath, 'kind');
    problems.add({
      code: 'PROJECT_INVALID',
      message: `${prefix(at)}${key} has both "shell" and "kind"; give one (kind: sh runs bash when it is installed, shell: sh always runs sh).`,
      hint: "Keep `kind:` for the upstream extension's meaning, or `shell:` for an exact shell (bash, sh, pwsh, powershell).",
      ...at,
    });
    return undefined;
  } else if (level.shell !== undefined) {
    [shell, shellFrom, shellAt] = [level.shell, 'shell', locate.value([...levelPath, 'shell'])];
  } else if (level.kind !== undefined) {
    [shell, shellFrom, shellAt] = [level.kind, 'kind', locate.value([...levelPath, 'kind'])];
  } else {
    const inferred = inferKind(run.value);
    if (!inferred) {
      problems.add({
        code: 'PROJECT_INVALID',
        message: `${prefix(where)}${key} is missing required key "shell" (${DESCRIPTIONS.shell}); it cannot be inferred from "${run.value}", which ends in neither .sh nor .ps1.`,
        hint: 'Add `shell: bash` (or sh, pwsh, powershell), or `kind: sh` / `kind: pwsh`.',
        ...where,
      });
      return undefined;
    }
    [shell, shellFrom, shellAt] = [inferred, 'inferred', run.at];
  }
  if (problems.list.length > before) return undefined;

  const entry: ScriptEntry = {
    list,
    index,
    key,
    shell,
    shellFrom,
    run: run.value,
    name: pick('name')?.value ?? path.basename(run.value),
    continueOnError: pick('continueOnError')?.value ?? false,
    env: {},
    secrets: {},
    location: where,
    at: { shell: shellAt, run: run.at, env: {}, secrets: {} },
  };
  const parameters = pick('parameters');
  if (parameters) {
    entry.parameters = parameters.value;
    entry.at.parameters = parameters.at;
  }
  for (const map of ['env', 'secrets'] as const) {
    const levels: Array<[Fields | undefined, Array<string | number>]> = [
      [e, base],
      [override, [...base, osKey]],
    ];
    for (const [source, at] of levels) {
      for (const [name, value] of Object.entries(source?.[map] ?? {})) {
        entry[map][name] = String(value);
        entry.at[map][name] = locate.value([...at, map, name]);
      }
    }
  }
  return entry;
}

/** Upstream's inference: `.sh` → sh, `.ps1` → pwsh (any case); anything else needs a shell. */
export function inferKind(run: string): 'sh' | 'pwsh' | undefined {
  const ext = path.extname(run.replace(/\\/g, '/')).toLowerCase();
  return ext === '.sh' ? 'sh' : ext === '.ps1' ? 'pwsh' : undefined;
}

/** Names in env/secrets must be variable names; a name in both is ambiguous. */
function checkKeys(
  fields: Fields,
  key: string,
  base: Array<string | number>,
  locate: Locate,
  problems: Problems,
): void {
  for (const map of ['env', 'secrets'] as const) {
    for (const name of Object.keys(fields[map] ?? {})) {
      if (isEnvKey(name)) continue;
      const at = locate.key([...base, map], name);
      problems.add({
        code: 'PROJECT_INVALID',
        message: `${prefix(at)}${key}.${map}: "${name}" is not a valid environment variable name.`,
        hint: 'Use letters, digits and _ only, not starting with a digit ([A-Za-z_][A-Za-z0-9_]*).',
        ...at,
      });
    }
  }
  for (const name of Object.keys(fields.secrets ?? {})) {
    if (fields.env?.[name] === undefined) continue;
    const at = locate.key([...base, 'secrets'], name);
    problems.add({
      code: 'PROJECT_INVALID',
      message: `${prefix(at)}${key}: "${name}" is in both env and secrets.`,
      hint: `Keep ${name} in secrets only, so its value is masked.`,
      ...at,
    });
  }
}

interface Issue {
  code: string;
  path: PropertyKey[];
  keys?: string[];
}

function reportIssue(
  issue: Issue,
  item: Record<string, unknown>,
  key: string,
  base: Array<string | number>,
  locate: Locate,
  problems: Problems,
): void {
  const parts = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  const owner = [key, ...parts].join('.');
  if (issue.code === 'unrecognized_keys' && issue.keys) {
    const allowed = parts.length === 0 ? ENTRY_KEYS : OVERRIDE_KEYS;
    for (const unknown of issue.keys)
      problems.add(unknownKey(unknown, owner, allowed, locate.key([...base, ...parts], unknown)));
    return;
  }
  let value: unknown = item;
  for (const p of parts) value = (value as Record<string | number, unknown> | undefined)?.[p];
  const field = String(parts[0] ?? '');
  const leaf = String(parts[parts.length - 1] ?? '');
  const at = value === undefined ? locate.value(base) : locate.value([...base, ...parts]);
  const inMap = parts.length >= 2 && (parts[parts.length - 2] === 'env' || parts[parts.length - 2] === 'secrets');
  const expected = inMap
    ? 'a string'
    : leaf === 'continueOnError'
      ? 'true or false'
      : leaf === 'env' || leaf === 'secrets' || leaf === 'windows' || leaf === 'posix'
        ? 'a mapping'
        : 'a string';
  const described = DESCRIPTIONS[inMap ? 'env' : leaf] ?? DESCRIPTIONS[field];
  const message =
    typeof value === 'string' && value === ''
      ? `${owner} must not be empty (${described}).`
      : `${owner} must be ${expected}${inMap ? '' : ` (${described})`}, not ${describe(value)}.`;
  problems.add({
    code: 'PROJECT_INVALID',
    message: `${prefix(at)}${message}`,
    hint: `Allowed keys of a script entry: ${ENTRY_KEYS.join(', ')}.`,
    ...at,
  });
}

export function unknownKey(key: string, owner: string, allowed: readonly string[], where: Location) {
  const guess = closest(key, allowed);
  return {
    code: 'PROJECT_INVALID' as const,
    message: `${prefix(where)}unknown key "${key}" in ${owner}${guess ? `; did you mean "${guess}"?` : '.'}`,
    hint: `Allowed keys in ${owner}: ${allowed.join(', ')}.`,
    ...where,
  };
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return JSON.stringify(value);
}
