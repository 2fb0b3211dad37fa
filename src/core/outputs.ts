/**
 * Script outputs (PRD REQ-4): `outputs.json` searched from the script's folder up to the project root, first
 * found wins; a file the script did not write (unchanged since before it started) is stale and ignored. Values
 * become strings as DESIGN section 5 says; `securestring`/`secureobject` stay secret.
 */
import { statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod/mini';
import { ScriptsError, closest } from './errors.js';
import { isEnvKey } from './dotenv.js';
import { MiB, readTextFile } from './files.js';
import { findDuplicateKey, findKeyOffset, lineAndColumn, parseJson, stringifySorted } from './json.js';
import type { OutputValue } from './request.js';

export const OUTPUTS_FILE = 'outputs.json';
const MAX_BYTES = 32 * MiB;

/** Folders from the script's own up to the project root, nearest first. */
export function outputCandidates(scriptFile: string, root: string): string[] {
  const files: string[] = [];
  let dir = path.dirname(scriptFile);
  for (;;) {
    files.push(path.join(dir, OUTPUTS_FILE));
    if (dir === root) break;
    const parent = path.dirname(dir);
    if (parent === dir || path.relative(root, parent).startsWith('..')) break;
    dir = parent;
  }
  return files;
}

/** What each candidate looked like before the script started: identity, size and times, or absent. */
export type OutputsSnapshot = Map<string, string | undefined>;

export function snapshotOutputs(candidates: string[]): OutputsSnapshot {
  return new Map(candidates.map((file) => [file, signature(file)] as const));
}

/** Synchronous on purpose: a few stats per script, where an event-loop round trip each would cost more. */
function signature(file: string): string | undefined {
  try {
    const s = statSync(file, { bigint: true });
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
  } catch {
    return undefined;
  }
}

export interface FoundOutputs {
  /** Candidates the script did not write (unchanged since it started), nearest first; passed over. */
  stale: string[];
  /** The nearest outputs.json the script wrote, and what it holds. */
  fresh?: { file: string; outputs: Map<string, OutputValue> };
}

/**
 * The outputs a script left: the nearest outputs.json it wrote. A stale file on the way is passed over (and
 * reported), so a file left by an earlier run can never hide a fresh one further up.
 */
export async function collectOutputs(before: OutputsSnapshot): Promise<FoundOutputs> {
  const stale: string[] = [];
  for (const [file, old] of before) {
    const now = signature(file);
    if (now === undefined) continue;
    if (now === old) {
      stale.push(file);
      continue;
    }
    return { stale, fresh: { file, outputs: await readOutputsFile(file) } };
  }
  return { stale };
}

/** Removes an outputs.json that was read: the next script cannot pick it up, and no secure value stays on disk. */
export async function consumeOutputs(file: string): Promise<void> {
  await rm(file, { force: true });
}

const OutputSchema = z.strictObject({ type: z.string(), value: z.unknown() });

async function readOutputsFile(file: string): Promise<Map<string, OutputValue>> {
  const text = await readTextFile(file, {
    what: 'outputs file',
    maxBytes: MAX_BYTES,
    stripBom: true,
    code: 'OUTPUTS_INVALID',
  });
  if (text === undefined) return new Map();
  return parseOutputs(text, file);
}

/** Output types (DESIGN section 5), any case. */
export const OUTPUT_TYPES = [
  'string',
  'securestring',
  'int',
  'integer',
  'number',
  'bool',
  'boolean',
  'object',
  'secureobject',
  'array',
] as const;
const WRAPPED =
  'Write {"outputs": {"NAME": {"type": "string", "value": "..."}}} or, flat, {"NAME": {"type": "string", "value": "..."}}.';

/**
 * Both shapes: wrapped `{"outputs": {NAME: {type, value}}}` (the PRD) and flat `{NAME: {type, value}}` (the
 * upstream extension). The file is wrapped when its top level has "outputs" and that is not itself an output
 * (an object with "type"); then nothing but "$schema" may stand beside it, so a misspelt output cannot hide.
 */
export function parseOutputs(text: string, file: string): Map<string, OutputValue> {
  const data = parseJson(text, file, 'outputs file');
  const failAt = (message: string, hint: string, offset: number): never => {
    const where = offset >= 0 ? lineAndColumn(text, offset) : undefined;
    const at = where ? `${file}:${where.line}:${where.column}` : file;
    throw new ScriptsError({ code: 'OUTPUTS_INVALID', message: `${at}: ${message}`, hint, file, ...(where ?? {}) });
  };
  const duplicate = findDuplicateKey(text);
  if (duplicate) {
    const owner = duplicate.path.length === 0 ? 'the top level' : `"${duplicate.path.join('.')}"`;
    failAt(
      `"${duplicate.key}" appears twice in ${owner} of the outputs file (line ${duplicate.line}); JSON readers keep the last silently, which could turn a secure output into a plain one.`,
      'Write each output once.',
      duplicate.offset,
    );
  }
  const fail = (message: string, hint: string, keys?: string[]): never =>
    failAt(message, hint, keys === undefined ? -1 : findKeyOffset(text, keys));
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    fail('the outputs file must be a JSON object.', WRAPPED);
  const top = data as Record<string, unknown>;
  const wrapped = 'outputs' in top && !looksLikeOutput(top.outputs);
  let outputs: Record<string, unknown>;
  let base: string[];
  if (wrapped) {
    for (const key of Object.keys(top)) {
      if (key === 'outputs' || key === '$schema') continue;
      const guess = closest(key, ['outputs']);
      fail(
        guess
          ? `unknown key "${key}" at the top of the outputs file; did you mean "${guess}"?`
          : `the outputs file has both "outputs" and "${key}" at the top level; it is either {"outputs": {...}} or flat {"NAME": {...}}, not both.`,
        `Move "${key}" inside "outputs" (or drop "outputs" and write every output at the top level). ${WRAPPED}`,
        [key],
      );
    }
    if (typeof top.outputs !== 'object' || top.outputs === null || Array.isArray(top.outputs))
      fail('"outputs" must be a JSON object.', WRAPPED, ['outputs']);
    outputs = top.outputs as Record<string, unknown>;
    base = ['outputs'];
  } else {
    outputs = Object.fromEntries(Object.entries(top).filter(([k]) => k !== '$schema'));
    base = [];
  }
  const result = new Map<string, OutputValue>();
  for (const [key, entry] of Object.entries(outputs)) {
    const keys = [...base, key];
    if (!isEnvKey(key)) {
      fail(
        `the output name "${key}" is not a valid environment variable name.`,
        'Output names must match [A-Za-z_][A-Za-z0-9_]* so later scripts can read them; rename it in the script.',
        keys,
      );
    }
    const guess = wrapped || looksLikeOutput(entry) ? undefined : closest(key, ['outputs']);
    if (guess) {
      fail(
        `unknown key "${key}" at the top of the outputs file; did you mean "${guess}"?`,
        `The file is either {"outputs": {...}} or flat {"NAME": {...}}. ${WRAPPED}`,
        keys,
      );
    }
    const parsed = OutputSchema.safeParse(entry);
    if (!parsed.success || !(typeof entry === 'object' && entry !== null && 'value' in entry)) {
      const unknown = parsed.success
        ? []
        : parsed.error.issues.flatMap((i) => (i.code === 'unrecognized_keys' ? i.keys : []));
      const extra = unknown[0];
      const guess = extra === undefined ? undefined : closest(extra, ['type', 'value']);
      fail(
        extra !== undefined
          ? `output ${key} has an unknown key "${extra}"${guess ? `; did you mean "${guess}"?` : '.'}`
          : `output ${key} must be an object with a string "type" and a "value".`,
        WRAPPED,
        keys,
      );
    }
    const { type, value } = parsed.data!;
    if (!(OUTPUT_TYPES as readonly string[]).includes(type.toLowerCase())) {
      const guess = closest(type, OUTPUT_TYPES);
      fail(
        `output ${key} has the unknown type ${JSON.stringify(type)}${guess ? `; did you mean "${guess}"?` : '.'} Its value was not used, so a misspelt secure type never turns a secret into a saved plain string.`,
        `Set "type" to one of ${OUTPUT_TYPES.join(', ')} (any case).`,
        [...keys, 'type'],
      );
    }
    let text: string;
    try {
      text = toText(value);
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      return fail(`the value of output ${key} is ${err.message}.`, 'Flatten the value, or pass it as a string.', keys);
    }
    if (text.includes('\0')) {
      fail(
        `output ${key} contains a NUL character, which an environment variable cannot hold.`,
        'Remove the NUL character from the value.',
        keys,
      );
    }
    const secret = isSecureType(type);
    result.set(key, { value: text, secret, masked: secret, type });
  }
  return result;
}

/** `{"type": ...}` at the top: a flat output that happens to be named "outputs". */
function looksLikeOutput(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { type?: unknown }).type === 'string'
  );
}

function isSecureType(type: string): boolean {
  const t = type.toLowerCase();
  return t === 'securestring' || t === 'secureobject';
}

/** A JSON value as the string scripts and `.env` see. */
function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  return stringifySorted(value);
}
