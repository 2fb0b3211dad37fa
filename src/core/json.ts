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
  } catch {
    // JSON.parse's message differs between Node versions, may lack a position, and quotes a piece of the text
    // (which may be a secret): find the position and the reason ourselves.
    const { offset, reason } = jsonSyntaxError(text);
    const { line, column } = lineAndColumn(text, offset);
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

/**
 * Where and why `text` is not JSON (RFC 8259), for a text JSON.parse rejected. Iterative, so deep nesting cannot
 * overflow the stack; the reason never quotes the text beyond one punctuation character.
 */
function jsonSyntaxError(text: string): { offset: number; reason: string } {
  let i = 0;
  const n = text.length;
  const stack: Array<'{' | '['> = [];
  const ws = () => {
    while (i < n && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const unexpected = (expected: string) => {
    if (i >= n) return { offset: n, reason: `unexpected end of the file (expected ${expected})` };
    const c = text[i]!;
    const shown = /[A-Za-z0-9]/.test(c) ? 'unexpected text' : `unexpected ${JSON.stringify(c)}`;
    return { offset: i, reason: `${shown} (expected ${expected})` };
  };
  // Scans one string starting at text[i] === '"'; returns an error or undefined.
  const string = (): { offset: number; reason: string } | undefined => {
    const start = i++;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return undefined;
      }
      if (c < 0x20)
        return { offset: i, reason: 'a control character (such as a line break) inside a string; escape it' };
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
            return { offset: i, reason: 'a bad \\u escape in a string' };
          i += 6;
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) return { offset: i, reason: 'a bad escape in a string' };
        i += 2;
        continue;
      }
      i++;
    }
    return { offset: start, reason: 'a string that is never closed' };
  };
  const value = (): { offset: number; reason: string } | 'open' | undefined => {
    ws();
    const c = text[i];
    if (c === '{' || c === '[') {
      stack.push(c);
      i++;
      return 'open';
    }
    if (c === '"') return string();
    const literal = /^(?:true|false|null|-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)/.exec(
      text.slice(i, i + 400),
    );
    if (literal && literal[0].length > 0) {
      i += literal[0].length;
      return undefined;
    }
    return unexpected('a value');
  };
  let result = value();
  for (;;) {
    if (result !== undefined && result !== 'open') return result;
    if (result === 'open') {
      ws();
      const top = stack[stack.length - 1]!;
      if (text[i] === (top === '{' ? '}' : ']')) {
        stack.pop();
        i++;
      } else if (top === '{') {
        if (text[i] !== '"') return unexpected('a "key"');
        const err = string();
        if (err) return err;
        ws();
        if (text[i] !== ':') return unexpected('":"');
        i++;
        result = value();
        continue;
      } else {
        result = value();
        continue;
      }
    }
    // After a complete value: close, comma, or the end.
    ws();
    if (stack.length === 0) return i < n ? unexpected('the end of the file') : { offset: n, reason: 'not valid JSON' };
    const top = stack[stack.length - 1]!;
    const close = top === '{' ? '}' : ']';
    if (text[i] === close) {
      stack.pop();
      i++;
      result = undefined;
      continue;
    }
    if (text[i] !== ',') return unexpected(`"," or "${close}"`);
    i++;
    ws();
    if (top === '{') {
      if (text[i] !== '"') return unexpected('a "key"');
      const err = string();
      if (err) return err;
      ws();
      if (text[i] !== ':') return unexpected('":"');
      i++;
    }
    result = value();
  }
}

const CODES: Record<string, ErrorCode> = { 'outputs file': 'OUTPUTS_INVALID', 'parameter file': 'PARAMETERS_INVALID' };

/** Compact JSON with object keys in byte order (how output objects and arrays reach scripts). */
export function stringifySorted(value: unknown, depth = 0): string {
  if (depth > MAX_DEPTH) throw new RangeError(`nested more than ${MAX_DEPTH} levels deep`);
  if (Array.isArray(value)) {
    return `[${value.map((v) => stringifySorted(v === undefined ? null : v, depth + 1)).join(',')}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const body = sortedEntries(value).map(([k, v]) => `${JSON.stringify(k)}:${stringifySorted(v, depth + 1)}`);
    return `{${body.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Deeper values are refused rather than risking the stack. */
export const MAX_DEPTH = 256;

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

/** A key written twice in one JSON object: the path of the object, the key, and where the second one starts. */
export interface DuplicateKey {
  path: string[];
  key: string;
  offset: number;
  line: number;
  column: number;
}

/**
 * The first key that appears twice in the same object of `text` (valid JSON), or undefined. JSON.parse keeps the
 * last silently; for outputs and parameters that can turn a secret into a plain value, so we refuse it.
 * Iterative, so deep nesting cannot overflow the stack; keys are compared decoded (`"a"` equals `"\u0061"`).
 */
export function findDuplicateKey(text: string): DuplicateKey | undefined {
  // Each frame knows its parent and the key it sits under, so deep nesting costs no copying.
  type Frame = { object: boolean; keys: Set<string>; parent?: Frame; under: string; expectKey: boolean };
  const pathOf = (frame: Frame): string[] => {
    const parts: string[] = [];
    for (let f: Frame | undefined = frame; f?.parent; f = f.parent) parts.push(f.under);
    return parts.reverse();
  };
  let top: Frame | undefined;
  let pendingKey = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      if (top?.object && top.expectKey) {
        const key = JSON.parse(text.slice(start, i + 1)) as string;
        if (top.keys.has(key)) return { path: pathOf(top), key, offset: start, ...lineAndColumn(text, start) };
        top.keys.add(key);
        top.expectKey = false;
        pendingKey = key;
      }
      continue;
    }
    if (c === '{' || c === '[') {
      const under = top ? (top.object ? pendingKey : '[]') : '';
      top = { object: c === '{', keys: new Set(), under, expectKey: c === '{', ...(top ? { parent: top } : {}) };
    } else if (c === '}' || c === ']') {
      top = top?.parent;
    } else if (c === ',' && top?.object) {
      top.expectKey = true;
    }
  }
  return undefined;
}
