/**
 * JSON as we read it (errors with file, line and column) and as we write it: keys in byte order, like Go's
 * encoding/json writes a map, so our output matches what azd writes.
 */
import path from 'node:path';
import { ScriptsError, type ErrorCode } from './errors.js';

/** Byte offset → 1-based line and column of `text`. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Parses JSON, turning a syntax error into one that names the file, line and column. JSON.parse reports a
 * character position ("at position 42"); older and newer Node versions word the rest differently.
 */
export function parseJson(text: string, file: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    const position = /position (\d+)/.exec(detail);
    const offset = position ? Number(position[1]) : text.length;
    const { line, column } = lineAndColumn(text, offset);
    const reason = detail.replace(/ in JSON at position \d+.*$/s, '').replace(/^JSON\.parse: /, '');
    throw new ScriptsError({
      code: CODES[what] ?? 'CONFIG_INVALID',
      message: `${file}:${line}:${column}: the ${what} is not valid JSON: ${reason}.`,
      hint: `Fix the JSON at line ${line}, column ${column} of ${path.basename(file)}.`,
      file,
      line,
      column,
    });
  }
}

const CODES: Record<string, ErrorCode> = { 'outputs file': 'OUTPUTS_INVALID', 'parameter file': 'PARAMETERS_INVALID' };

/** Compact JSON with object keys in byte order (how output objects and arrays reach scripts). */
export function stringifySorted(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => stringifySorted(v === undefined ? null : v)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const body = sortedEntries(value).map(([k, v]) => `${JSON.stringify(k)}:${stringifySorted(v)}`);
    return `{${body.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function sortedEntries(value: object): Array<[string, unknown]> {
  return Object.entries(value).sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
}

/**
 * JSON as Go's json.MarshalIndent(map[string]any, "", "  ") writes it (azd's config.json): object keys in byte
 * order, two-space indent, `<`, `>`, `&`, U+2028 and U+2029 escaped, no trailing newline.
 */
export function marshalIndentGo(value: unknown, indent = ''): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const inner = indent + '  ';
    return `[\n${value.map((v) => inner + marshalIndentGo(v, inner)).join(',\n')}\n${indent}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const entries = sortedEntries(value);
    if (entries.length === 0) return '{}';
    const inner = indent + '  ';
    const body = entries.map(([k, v]) => `${inner}${goString(k)}: ${marshalIndentGo(v, inner)}`).join(',\n');
    return `{\n${body}\n${indent}}`;
  }
  if (typeof value === 'string') return goString(value);
  return JSON.stringify(value) ?? 'null';
}

function goString(s: string): string {
  return JSON.stringify(s).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Offset of the key at `keys` (each nested in the previous one) in JSON `text`, found by scanning for each
 * `"key":` in turn; -1 when not found. Good enough to point an error at the right line.
 */
export function findKeyOffset(text: string, keys: string[]): number {
  let from = 0;
  let offset = -1;
  for (const key of keys) {
    const pattern = new RegExp(`${escapeRegExp(JSON.stringify(key))}\\s*:`, 'g');
    pattern.lastIndex = from;
    const match = pattern.exec(text);
    if (!match) return offset;
    offset = match.index;
    from = match.index + match[0].length;
  }
  return offset;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
