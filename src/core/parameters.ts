/**
 * Parameters (PRD REQ-3, DESIGN section 4): parameter files loaded and validated before anything runs, each
 * key resolved from the first source that gives a non-empty value (request → `${VAR}` interpolation → literal →
 * the key in the azd env, then the OS env → prompt), typed, masked when secret, and either prompted for (a person
 * at a terminal) or reported all together (everywhere else).
 */
import path from 'node:path';
import { z } from 'zod/mini';
import { Problems, ScriptsError, closest, locatedError, type Location, type ScriptsErrorData } from './errors.js';
import { isEnvKey, type EnvValues } from './dotenv.js';
import { MiB, readTextFile } from './files.js';
import { findDuplicateKey, findKeyOffset, lineAndColumn, parseJson, stringifySorted } from './json.js';
import type { Prompter } from './host.js';
import { resolveProjectFile } from './paths.js';
import { pickerFor } from './pickers.js';
import type { Project, ScriptEntry } from './project.js';
import type { Command, ParameterSource, PlannedParameter } from './request.js';
import type { Secrets } from './secrets.js';
import { REQUEST_FIELD_NAMES, type OptionSpeller } from './options.js';

export const PARAMETER_TYPES = ['string', 'number', 'integer', 'boolean'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];
const TOP_KEYS = ['parameters', '$schema', 'contentVersion'] as const;
const PARAMETER_KEYS = ['type', 'value', 'name', 'secret'] as const;
const PLACEHOLDER = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

export interface Declaration {
  key: string;
  type: ParameterType;
  value?: string;
  name?: string;
  secret: boolean;
  /** The parameter file, absolute and relative to the project root. */
  file: string;
  relative: string;
  location: Location;
}

export interface ParameterFile {
  file: string;
  relative: string;
  declarations: Declaration[];
}

export interface ResolvedParameters {
  /** Every resolved value, the same for every script of the command. */
  values: Map<string, string>;
  /** Values from the request or a prompt, to write to .env (never secrets). */
  toPersist: Map<string, string>;
  plan: PlannedParameter[];
  warnings: string[];
}

const ParameterSchema = z.strictObject({
  // azd's ARM-style main.parameters.json entries have no type (DESIGN section 7).
  type: z.optional(z.enum(PARAMETER_TYPES)),
  value: z.optional(
    z.union([z.string(), z.number(), z.boolean(), z.array(z.unknown()), z.record(z.string(), z.unknown())]),
  ),
  name: z.optional(z.string()),
  secret: z.optional(z.boolean()),
});

/** Finds, checks and parses the parameter files of `entries`; problems go to `problems`. */
export async function loadParameterFiles(
  project: Project,
  entries: ScriptEntry[],
  problems: Problems,
): Promise<ParameterFile[]> {
  const files = new Map<string, ParameterFile>();
  for (const entry of entries) {
    if (entry.parameters === undefined) continue;
    const written = entry.parameters;
    const file = await problems.collect(() =>
      resolveProjectFile(project.root, written, {
        what: 'parameter file',
        key: `${entry.key}.parameters`,
        location: entry.at.parameters ?? entry.location,
      }),
    );
    if (!file || files.has(file)) continue;
    const parsed = await problems.collect(() => readParameterFile(file, path.relative(project.root, file)));
    if (parsed) files.set(file, parsed);
  }
  return [...files.values()];
}

async function readParameterFile(file: string, relative: string): Promise<ParameterFile> {
  const text = await readTextFile(file, {
    what: 'parameter file',
    maxBytes: 4 * MiB,
    stripBom: true,
    code: 'PARAMETERS_INVALID',
  });
  if (text === undefined) {
    throw new ScriptsError({ code: 'SCRIPT_NOT_FOUND', message: `Parameter file not found: ${file}`, file });
  }
  return parseParameterFile(text, file, relative);
}

export function parseParameterFile(text: string, file: string, relative: string): ParameterFile {
  const data = parseJson(text, file, 'parameter file');
  const duplicate = findDuplicateKey(text);
  if (duplicate) {
    const owner = duplicate.path.length === 0 ? 'the top level' : `"${duplicate.path.join('.')}"`;
    const where = { file, line: duplicate.line, column: duplicate.column };
    throw new ScriptsError(
      locatedError(
        where,
        'PARAMETERS_INVALID',
        `"${duplicate.key}" appears twice in ${owner} of the parameter file; JSON readers keep the last silently, which could drop a "secret": true.`,
        'Declare each parameter (and each of its keys) once.',
      ),
    );
  }
  const problems = new Problems();
  const at = (keys: string[]): Location => {
    const offset = findKeyOffset(text, keys);
    return offset < 0 ? { file } : { file, ...lineAndColumn(text, offset) };
  };
  const problem = (message: string, hint: string, where: Location): ScriptsErrorData =>
    locatedError(where, 'PARAMETERS_INVALID', message, hint);
  const shape =
    'A parameter file is {"parameters": {"NAME": {"type": "string", "value": "...", "name": "...", "secret": false}}}.';
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new ScriptsError(problem('the parameter file must be a JSON object.', shape, { file }));
  }
  const top = data as Record<string, unknown>;
  for (const key of Object.keys(top)) {
    if ((TOP_KEYS as readonly string[]).includes(key)) continue;
    const guess = closest(key, TOP_KEYS);
    problems.add(
      problem(
        `unknown key "${key}" at the top of the parameter file${guess ? `; did you mean "${guess}"?` : '.'}`,
        shape,
        at([key]),
      ),
    );
  }
  const parameters = top.parameters;
  if (parameters === undefined || typeof parameters !== 'object' || parameters === null || Array.isArray(parameters)) {
    problems.add(
      problem(
        parameters === undefined
          ? 'the parameter file has no "parameters" object.'
          : '"parameters" must be a JSON object.',
        shape,
        at(['parameters']),
      ),
    );
    problems.throwIfAny(`in ${file}`);
    return { file, relative, declarations: [] };
  }
  const declarations: Declaration[] = [];
  for (const [key, raw] of Object.entries(parameters as Record<string, unknown>)) {
    const where = at(['parameters', key]);
    if (!isEnvKey(key)) {
      problems.add(
        problem(
          `the parameter name "${key}" is not a valid environment variable name.`,
          'Parameter names reach scripts as environment variables: use [A-Za-z_][A-Za-z0-9_]*.',
          where,
        ),
      );
      continue;
    }
    const parsed = ParameterSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = typeof issue.path[0] === 'string' ? issue.path[0] : undefined;
        if (issue.code === 'unrecognized_keys') {
          for (const unknown of issue.keys) {
            const guess = closest(unknown, PARAMETER_KEYS);
            problems.add(
              problem(
                `parameter ${key}: unknown key "${unknown}"${guess ? `; did you mean "${guess}"?` : '.'}`,
                `A parameter may have: ${PARAMETER_KEYS.join(', ')}.`,
                at(['parameters', key, unknown]),
              ),
            );
          }
        } else if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
          problems.add(problem(`parameter ${key} must be an object with at least "type".`, shape, where));
          break;
        } else if (field === 'type') {
          const found = (raw as Record<string, unknown>).type;
          problems.add(
            problem(
              found === undefined
                ? `parameter ${key} has no "type"; it must be one of ${PARAMETER_TYPES.join(', ')}.`
                : `parameter ${key} has type ${JSON.stringify(found)}; it must be one of ${PARAMETER_TYPES.join(', ')}.`,
              `Set "type" to one of ${PARAMETER_TYPES.join(', ')}.`,
              found === undefined ? where : at(['parameters', key, 'type']),
            ),
          );
        } else if (field !== undefined) {
          const expected =
            field === 'secret' ? 'true or false' : field === 'value' ? 'a string (or a number or boolean)' : 'a string';
          problems.add(
            problem(`parameter ${key}: "${field}" must be ${expected}.`, shape, at(['parameters', key, field])),
          );
        }
      }
      continue;
    }
    const p = parsed.data;
    const structured = typeof p.value === 'object' && p.value !== null;
    if (structured && p.type !== undefined) {
      problems.add(
        problem(
          `parameter ${key}: "value" must be a string (or a number or boolean) for type ${p.type}.`,
          'Give the value as text, or leave out "type" (an object or array value is then passed as compact JSON).',
          at(['parameters', key, 'value']),
        ),
      );
      continue;
    }
    const type = p.type ?? literalType(p.value);
    const declaration: Declaration = { key, type, secret: p.secret ?? false, file, relative, location: where };
    if (p.value !== undefined) declaration.value = structured ? stringifySorted(p.value) : String(p.value);
    if (p.name !== undefined && p.name.trim()) declaration.name = p.name;
    declarations.push(declaration);
  }
  problems.throwIfAny(`in ${file}`);
  return { file, relative, declarations };
}

interface ResolveOptions {
  files: ParameterFile[];
  requestValues: ReadonlyMap<string, string>;
  azdEnv: EnvValues;
  osEnv: Readonly<Record<string, string | undefined>>;
  /** Present only when a person can answer. */
  prompt: Prompter | undefined;
  secrets: Secrets;
  command: Command;
  /** Where notes go (e.g. why a picker is not offered). */
  info?: (message: string) => void;
  /** How the host spells its parameters option in messages (the Host). */
  names?: OptionSpeller;
  /** A parameter these declarations make that may stay unset (not asked, not an error; one warning names it). */
  optional?: (declarations: Declaration[]) => boolean;
}

interface Unresolved {
  key: string;
  declarations: Declaration[];
  missing: string[];
}

/** Resolves every declared parameter of the command (DESIGN section 4), or fails once listing what is missing. */
export async function resolveParameters(options: ResolveOptions): Promise<ResolvedParameters> {
  const { requestValues, azdEnv, osEnv, secrets } = options;
  const names = options.names ?? REQUEST_FIELD_NAMES;
  const byKey = new Map<string, Declaration[]>();
  for (const file of options.files) {
    for (const d of file.declarations) byKey.set(d.key, [...(byKey.get(d.key) ?? []), d]);
  }
  const values = new Map<string, string>();
  const toPersist = new Map<string, string>();
  const plan: PlannedParameter[] = [];
  const warnings: string[] = [];
  const problems = new Problems();
  let unresolved: Unresolved[] = [];
  const lookup = (name: string): string | undefined => nonEmpty(azdEnv.get(name)) ?? nonEmpty(osEnv[name]);

  for (const [key, declarations] of byKey) {
    const secret = declarations.some((d) => d.secret);
    const typeConflict = declarations.find((d) => d.type !== declarations[0]!.type);
    if (typeConflict) {
      problems.add(
        conflict(key, declarations[0]!, typeConflict, `type ${declarations[0]!.type}`, `type ${typeConflict.type}`),
      );
      continue;
    }
    let found: { value: string; source: ParameterSource } | undefined;
    const fromRequest = nonEmpty(requestValues.get(key));
    const missing = new Set<string>();
    if (fromRequest !== undefined) {
      found = { value: fromRequest, source: 'request' };
    } else {
      let candidate: { value: string; source: ParameterSource; from: Declaration } | undefined;
      let conflicting = false;
      for (const d of declarations) {
        const own = fromDeclaredValue(d, lookup, missing);
        if (!own) continue;
        if (candidate && candidate.value !== own.value) {
          const show = (v: string) => (secret ? 'another value' : JSON.stringify(v));
          problems.add(conflict(key, candidate.from, d, show(candidate.value), show(own.value)));
          conflicting = true;
          break;
        }
        candidate ??= { ...own, from: d };
      }
      if (conflicting) continue;
      if (candidate) found = { value: candidate.value, source: candidate.source };
      else if (nonEmpty(azdEnv.get(key)) !== undefined) found = { value: azdEnv.get(key)!, source: 'azd-env' };
      else if (nonEmpty(osEnv[key]) !== undefined) found = { value: osEnv[key]!, source: 'os-env' };
    }
    if (!found) {
      unresolved.push({ key, declarations, missing: [...missing] });
      continue;
    }
    const typed = coerce(declarations[0]!.type, found.value);
    if (typed.error) {
      problems.add(typeError(key, declarations[0]!, found.value, typed.error, secret, found.source, names));
      continue;
    }
    if (secret) secrets.add(typed.value, 'secret', `parameter ${key}`);
    values.set(key, typed.value);
    if (found.source === 'request' && !secret) toPersist.set(key, typed.value);
    plan.push(planned(key, typed.value, secret, found.source, declarations));
  }
  const notNeeded = unresolved.filter((u) => options.optional?.(u.declarations));
  if (notNeeded.length > 0) {
    unresolved = unresolved.filter((u) => !notNeeded.includes(u));
    warnings.push(optionalWarning(notNeeded, options.command));
  }
  if (!problems.empty && unresolved.length > 0) problems.add(unresolvedError(unresolved, names));
  problems.throwIfAny('in the parameter files; nothing was run');

  if (unresolved.length > 0) {
    if (!options.prompt || options.command === 'preview') {
      if (options.command === 'preview' && options.prompt) {
        for (const u of unresolved)
          plan.push({
            ...planned(u.key, '(asked when provision runs)', false, 'prompt', u.declarations),
            secret: isSecret(u),
          });
      } else {
        throw unresolvedError(unresolved, names);
      }
    } else {
      for (const u of unresolved) {
        const d = u.declarations[0]!;
        const secret = isSecret(u);
        const label = u.declarations.find((x) => x.name)?.name ?? u.key;
        const value = await ask(options.prompt, u.key, label, d.type, secret, osEnv, options.info);
        if (secret) secrets.add(value, 'secret', `parameter ${u.key}`);
        values.set(u.key, value);
        if (!secret) toPersist.set(u.key, value);
        plan.push(planned(u.key, value, secret, 'prompt', u.declarations));
      }
    }
  }

  // Request values nobody declared still reach every script (scripts may read them directly).
  const declared = [...byKey.keys()];
  for (const [key, raw] of requestValues) {
    if (byKey.has(key)) continue;
    const value = raw;
    values.set(key, value);
    plan.push(planned(key, value, false, 'request', []));
    const guess = closest(key, declared);
    warnings.push(
      `Parameter ${key} was given, but no parameter file of this command declares it${guess ? `; did you mean ${guess}?` : '.'} It still reaches every script as an environment variable.`,
    );
  }
  return { values, toPersist, plan, warnings };
}

/** Steps 2 and 3: the declared `value`, with every `${VAR}` filled in, or the literal. */
function fromDeclaredValue(
  d: Declaration,
  lookup: (name: string) => string | undefined,
  missing: Set<string>,
): { value: string; source: ParameterSource } | undefined {
  if (d.value === undefined) return undefined;
  const names = [...d.value.matchAll(PLACEHOLDER)].map((m) => m[1]!);
  if (names.length === 0) {
    const literal = nonEmpty(d.value);
    return literal === undefined ? undefined : { value: literal, source: 'literal' };
  }
  const absent = names.filter((n) => lookup(n) === undefined);
  if (absent.length > 0) {
    absent.forEach((n) => missing.add(n));
    return undefined;
  }
  const value = d.value.replace(PLACEHOLDER, (_m, n: string) => lookup(n)!);
  return nonEmpty(value) === undefined ? undefined : { value, source: 'interpolated' };
}

/** The type of an ARM-style entry without one: a JSON number or boolean keeps its type, the rest is a string. */
function literalType(value: unknown): ParameterType {
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return 'string';
}

export function coerce(type: ParameterType, raw: string): { value: string; error?: string } {
  const v = raw.trim();
  switch (type) {
    case 'string':
      return { value: raw };
    case 'integer':
      if (/^[+-]?\d+$/.test(v)) return { value: BigInt(v).toString() };
      return { value: raw, error: 'an integer (such as 3 or -1)' };
    case 'number':
      if (/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(v) && Number.isFinite(Number(v)))
        return { value: String(Number(v)) };
      return { value: raw, error: 'a number (such as 3 or 2.5)' };
    case 'boolean':
      if (/^(true|false)$/i.test(v)) return { value: v.toLowerCase() };
      return { value: raw, error: 'true or false' };
  }
}

async function ask(
  prompt: Prompter,
  key: string,
  label: string,
  type: ParameterType,
  secret: boolean,
  osEnv: Readonly<Record<string, string | undefined>>,
  info: ((message: string) => void) | undefined,
): Promise<string> {
  const validate = (value: string): string | undefined => {
    if (!value.trim()) return `${label} needs a value.`;
    const typed = coerce(type, value);
    return typed.error ? `${label} must be ${typed.error}.` : undefined;
  };
  const picker = secret ? undefined : pickerFor(key);
  if (picker) {
    const choices = await picker.choices(osEnv);
    if ('choices' in choices) return prompt.select({ message: label, choices: choices.choices });
    info?.(`${key}: ${choices.why}; enter it as text.`);
  }
  const answer = await prompt.text({ message: label, secret, validate });
  return coerce(type, answer).value;
}

function isSecret(u: Unresolved): boolean {
  return u.declarations.some((d) => d.secret);
}

function planned(
  key: string,
  value: string,
  secret: boolean,
  source: ParameterSource,
  declarations: Declaration[],
): PlannedParameter {
  return {
    key,
    value: secret ? '***' : value,
    secret,
    source,
    files: [...new Set(declarations.map((d) => d.relative))],
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

function conflict(key: string, a: Declaration, b: Declaration, aWhat: string, bWhat: string): ScriptsErrorData {
  return {
    code: 'PARAMETERS_CONFLICT',
    message: `Parameter ${key} is declared with ${aWhat} in ${a.relative} and ${bWhat} in ${b.relative}; every script of a run gets the same parameters, so they must agree.`,
    hint: `Make the two declarations of ${key} agree, or rename one of them.`,
    ...b.location,
  };
}

function typeError(
  key: string,
  d: Declaration,
  value: string,
  expected: string,
  secret: boolean,
  source: ParameterSource,
  names: OptionSpeller,
): ScriptsErrorData {
  const shown = secret ? 'a value' : JSON.stringify(value);
  const from =
    source === 'request'
      ? names.option('parameters')
      : source === 'azd-env'
        ? 'the azd environment'
        : source === 'os-env'
          ? 'the OS environment'
          : 'the parameter file';
  return {
    code: 'PARAMETERS_INVALID',
    message: `${d.relative}: parameter ${key} is declared as ${d.type} and must be ${expected}, but got ${shown} (from ${from}).`,
    hint: `Give ${key} a value that is ${expected}, or change its "type" in ${d.relative}.`,
    ...d.location,
  };
}

function unresolvedError(unresolved: Unresolved[], names: OptionSpeller): ScriptsError {
  const lines = unresolved.map((u) => {
    const files = [...new Set(u.declarations.map((d) => d.relative))].join(', ');
    const placeholders =
      u.missing.length > 0 ? `; placeholders that did not resolve: ${u.missing.map((m) => `\${${m}}`).join(', ')}` : '';
    return `  - ${u.key} (declared in ${files}${placeholders})`;
  });
  const first = unresolved[0]!;
  const n = unresolved.length;
  return new ScriptsError({
    code: 'PARAMETERS_UNRESOLVED',
    message:
      `${n} parameter${n === 1 ? ' has' : 's have'} no value, and this run cannot prompt for ${n === 1 ? 'it' : 'them'}:\n${lines.join('\n')}\n` +
      `Supply each one in any of these ways:\n` +
      `  - ${names.option('parameters', 'KEY=VALUE')}\n` +
      `  - an environment variable of the same name (in CI, from a secret for secret values)\n` +
      `  - azd env set KEY VALUE (stored in .azure/<environment>/.env)`,
    hint: 'Nothing was run. Supply the values listed above and run again.',
    ...first.declarations[0]!.location,
    problems: unresolved.map((u) => ({
      code: 'PARAMETERS_UNRESOLVED' as const,
      message: `${u.declarations[0]!.relative}: parameter ${u.key} has no value${u.missing.length > 0 ? ` (\${${u.missing.join('}, ${')}} did not resolve)` : ''}.`,
      hint: `Supply ${u.key} with ${names.option('parameters', `${u.key}=VALUE`)}, an environment variable, or azd env set.`,
      ...u.declarations[0]!.location,
    })),
  });
}

/** The parameters a command runs without (down: those only provision's parameter files declare). */
function optionalWarning(unresolved: Unresolved[], command: Command): string {
  const list = unresolved.map((u) => `${u.key} (${[...new Set(u.declarations.map((d) => d.relative))].join(', ')})`);
  return (
    `${command} runs without ${list.length === 1 ? 'parameter' : 'parameters'} ${list.join(', ')}: no value was found, ` +
    `and ${list.length === 1 ? 'it is' : 'they are'} declared only in parameter files that provision scripts use too, so ${command} does not require ${list.length === 1 ? 'it' : 'them'}. ` +
    'A destroy script that needs one gets it from the parameters input, an environment variable of that name, or .env.'
  );
}
