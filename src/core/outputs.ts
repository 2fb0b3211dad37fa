/**
 * Script outputs (PRD REQ-4): `outputs.json` searched from the script's folder up to the project root, first
 * found wins; a file the script did not write (unchanged since before it started) is stale and ignored. Values
 * become strings as DESIGN section 5 says; `securestring`/`secureobject` stay secret.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod/mini';
import { ScriptsError, closest } from './errors.js';
import { isEnvKey } from './dotenv.js';
import { MiB, readTextFile } from './files.js';
import { lineAndColumn, parseJson, stringifySorted } from './json.js';
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

export type FoundOutputs =
  | { kind: 'none' }
  | { kind: 'stale'; file: string }
  | { kind: 'fresh'; file: string; outputs: Map<string, OutputValue> };

/** The outputs a script left: the nearest outputs.json, if the script wrote it. */
export async function collectOutputs(before: OutputsSnapshot): Promise<FoundOutputs> {
  for (const [file, old] of before) {
    const now = signature(file);
    if (now === undefined) continue;
    if (now === old) return { kind: 'stale', file };
    return { kind: 'fresh', file, outputs: await readOutputsFile(file) };
  }
  return { kind: 'none' };
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

export function parseOutputs(text: string, file: string): Map<string, OutputValue> {
  const data = parseJson(text, file, 'outputs file');
  const fail = (message: string, hint: string, near?: string): never => {
    const offset = near === undefined ? -1 : text.indexOf(JSON.stringify(near));
    const where = offset >= 0 ? lineAndColumn(text, offset) : undefined;
    const at = where ? `${file}:${where.line}:${where.column}` : file;
    throw new ScriptsError({ code: 'OUTPUTS_INVALID', message: `${at}: ${message}`, hint, file, ...(where ?? {}) });
  };
  const shape = 'Write {"outputs": {"NAME": {"type": "string", "value": "..."}}}.';
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    fail('the outputs file must be a JSON object.', shape);
  const top = data as Record<string, unknown>;
  for (const key of Object.keys(top)) {
    if (key === 'outputs' || key === '$schema') continue;
    const guess = closest(key, ['outputs']);
    fail(
      `unknown key "${key}" at the top of the outputs file${guess ? `; did you mean "${guess}"?` : '.'}`,
      `The file holds one key, "outputs". ${shape}`,
      key,
    );
  }
  if (!('outputs' in top)) fail('the outputs file has no "outputs" object.', shape);
  const outputs = top.outputs;
  if (typeof outputs !== 'object' || outputs === null || Array.isArray(outputs))
    fail('"outputs" must be a JSON object.', shape, 'outputs');
  const result = new Map<string, OutputValue>();
  for (const [key, entry] of Object.entries(outputs as Record<string, unknown>)) {
    if (!isEnvKey(key)) {
      fail(
        `the output name "${key}" is not a valid environment variable name.`,
        'Output names must match [A-Za-z_][A-Za-z0-9_]* so later scripts can read them; rename it in the script.',
        key,
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
        shape,
        key,
      );
    }
    const { type, value } = parsed.data!;
    let text: string;
    try {
      text = toText(value);
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      return fail(`the value of output ${key} is ${err.message}.`, 'Flatten the value, or pass it as a string.', key);
    }
    if (text.includes('\0')) {
      fail(
        `output ${key} contains a NUL character, which an environment variable cannot hold.`,
        'Remove the NUL character from the value.',
        key,
      );
    }
    const secret = isSecureType(type);
    result.set(key, { value: text, secret, masked: secret, type });
  }
  return result;
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
