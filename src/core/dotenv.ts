/**
 * azd's `.env` codec, byte-compatible with azd 1.2x: the reader follows godotenv 1.5.1's parser (which azd
 * uses to load an environment), the writer follows godotenv.Marshal plus azd's fixupUnquotedDotenv.
 * Values are kept in a Map so that no key (not even `__proto__`) can reach an object's prototype.
 */
import { ScriptsError } from './errors.js';

export type EnvValues = Map<string, string>;

const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** True for a key every shell, GitHub and Azure Pipelines accept as an environment variable name. */
export function isEnvKey(key: string): boolean {
  return ENV_KEY.test(key);
}

// ---------------------------------------------------------------------------------------------------------------
// Reading (godotenv 1.5.1 parser.go)

/** godotenv's isSpace: white space that is not a line break. */
function isSpace(c: string | undefined): boolean {
  return c === '\t' || c === '\v' || c === '\f' || c === '\r' || c === ' ' || c === '\u0085' || c === '\u00a0';
}

/** Go's unicode.IsSpace. */
const UNICODE_SPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;
const KEY_CHAR = /[\p{L}\p{N}._]/u;
const ESCAPE = /\\[^\n]/g;
const UNESCAPE = /\\([^$])/g;
const EXPAND = /(\\)?(\$)(\()?\{?([A-Z0-9_]+)?\}?/g;

export class DotenvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/**
 * Parses `.env` text as godotenv 1.5.1 does: comments, `export `, `KEY: value`, unquoted values with trailing
 * ` # comment`, single quotes literal, double quotes with `\n`/`\r` and backslash escapes, and `$VAR`/`${VAR}`
 * expanded from keys earlier in the same file. Throws DotenvSyntaxError with the 1-based line at fault.
 */
export function parseDotenv(input: string): EnvValues {
  const src = input.replace(/\r\n/g, '\n');
  const out: EnvValues = new Map();
  const lineAt = (pos: number): number => {
    let line = 1;
    for (let i = src.indexOf('\n'); i !== -1 && i < pos; i = src.indexOf('\n', i + 1)) line++;
    return line;
  };
  let pos = 0;
  const n = src.length;
  for (;;) {
    // getStatementStart: skip white space and whole comment lines.
    while (pos < n && UNICODE_SPACE.test(src[pos]!)) pos++;
    if (pos >= n) break;
    if (src[pos] === '#') {
      const nl = src.indexOf('\n', pos);
      if (nl === -1) break;
      pos = nl;
      continue;
    }

    // locateKeyName
    while (pos < n && isSpace(src[pos])) pos++;
    if (src.startsWith('export', pos) && isSpace(src[pos + 6])) {
      pos += 6;
      while (pos < n && isSpace(src[pos])) pos++;
    }
    // godotenv refuses a statement that is nothing but `export ` at the end of the file ("zero length string").
    if (pos >= n) throw new DotenvSyntaxError('"export" with no variable name after it', lineAt(pos - 1));
    const keyStart = pos;
    let key = '';
    let valueStart = keyStart;
    for (let i = keyStart; i < n; i++) {
      const c = src[i]!;
      if (isSpace(c)) continue;
      if (c === '=' || c === ':') {
        key = src.slice(keyStart, i);
        valueStart = i + 1;
        break;
      }
      if (c.charCodeAt(0) < 0x80 ? KEY_CHAR.test(c) : isKeyRune(src, i)) {
        if (c.charCodeAt(0) >= 0xd800 && c.charCodeAt(0) < 0xdc00) i++;
        continue;
      }
      const shown = c === '\n' ? 'a line break' : JSON.stringify(c);
      throw new DotenvSyntaxError(
        `unexpected character ${shown} in variable name ${JSON.stringify(src.slice(keyStart, i).trim())}`,
        lineAt(i),
      );
    }
    key = key.replace(/[\s\u0085\u00a0]+$/u, '');
    pos = valueStart;
    while (pos < n && isSpace(src[pos])) pos++;

    // extractVarValue
    const quote = src[pos];
    let value: string;
    if (quote !== '"' && quote !== "'") {
      let end = pos;
      while (end < n && src[end] !== '\n' && src[end] !== '\r') end++;
      let line = src.slice(pos, end);
      for (let i = line.length - 1; i > 0; i--) {
        if (line[i] === '#' && isSpace(line[i - 1])) {
          line = line.slice(0, i);
          break;
        }
      }
      value = expandVariables(trimSpace(line), out);
      pos = end;
    } else {
      let close = -1;
      for (let i = pos + 1; i < n; i++) {
        if (src[i] === quote && src[i - 1] !== '\\') {
          close = i;
          break;
        }
      }
      if (close === -1) throw new DotenvSyntaxError(`unterminated quoted value for ${key || 'a key'}`, lineAt(pos));
      let raw = src.slice(pos, close);
      let a = 0;
      let b = raw.length;
      while (a < b && raw[a] === quote) a++;
      while (b > a && raw[b - 1] === quote) b--;
      raw = raw.slice(a, b);
      value = quote === '"' ? expandVariables(expandEscapes(raw), out) : raw;
      pos = close + 1;
    }
    out.set(key, value);
  }
  return out;
}

/**
 * godotenv checks a key byte by byte, reading each byte as if it were a Latin-1 character: a non-ASCII character
 * is accepted only when every byte of its UTF-8 form is, on its own, a letter, a digit or a space.
 */
function isKeyRune(src: string, i: number): boolean {
  const bytes = Buffer.from(String.fromCodePoint(src.codePointAt(i)!));
  return [...bytes].every((b) => {
    const c = String.fromCharCode(b);
    return isSpace(c) || /[\p{L}\p{N}]/u.test(c);
  });
}

function trimSpace(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isSpace(s[a])) a++;
  while (b > a && isSpace(s[b - 1])) b--;
  return s.slice(a, b);
}

function expandEscapes(s: string): string {
  const out = s.replace(ESCAPE, (m) => (m[1] === 'n' ? '\n' : m[1] === 'r' ? '\r' : m));
  return out.replace(UNESCAPE, '$1');
}

function expandVariables(s: string, vars: EnvValues): string {
  if (!s.includes('$')) return s;
  return s.replace(EXPAND, (m: string, backslash?: string, _dollar?: string, _paren?: string, name?: string) => {
    if (backslash === '\\') return m.slice(1);
    if (name) return vars.get(name) ?? '';
    return m;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Writing (godotenv.Marshal + azd's fixupUnquotedDotenv)

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** strconv.Atoi on a 64-bit platform: optional sign, decimal digits, within int64. */
function atoi(value: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(value)) return undefined;
  const n = BigInt(value);
  return n < INT64_MIN || n > INT64_MAX ? undefined : n;
}

const SPECIAL = /[\\\n\r"!$`]/g;
const ESCAPED: Record<string, string> = {
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '"': '\\"',
  '!': '\\!',
  $: '\\$',
  '`': '\\`',
};

/** The one line azd writes for a key. */
export function formatLine(key: string, value: string): string {
  const n = atoi(value);
  if (n !== undefined) return n.toString() === value ? `${key}=${value}` : `${key}="${value}"`;
  return `${key}="${value.replace(SPECIAL, (c) => ESCAPED[c]!)}"`;
}

/** The whole file azd writes: lines sorted byte-wise, joined by LF, one trailing LF. */
export function formatDotenv(values: EnvValues): string {
  const lines = [...values].map(([k, v]) => Buffer.from(formatLine(k, v)));
  lines.sort(Buffer.compare);
  return lines.map((b) => b.toString()).join('\n') + '\n';
}

/**
 * godotenv.Marshal alone, without azd's fixup (what `azd env get-values` prints): an Atoi-parsable value is
 * written as the integer it parses to (`01` → `1`), lines sorted, joined by LF, no trailing LF.
 */
export function marshalGodotenv(values: EnvValues): string {
  const lines = [...values].map(([k, v]) => {
    const n = atoi(v);
    return Buffer.from(n === undefined ? formatLine(k, v) : `${k}=${n.toString()}`);
  });
  lines.sort(Buffer.compare);
  return lines.map((b) => b.toString()).join('\n');
}

/**
 * Why azd could not read `value` back after writing it (undefined when it can). A value ending in `\` or `"`
 * breaks godotenv's quote scanning. Any key godotenv reads back (letters, digits, `_`, `.`) is written back as
 * azd does, even one that cannot be an environment variable name (DESIGN section 7).
 */
export function unsavableReason(key: string, value: string): string | undefined {
  if (key === '') return 'its name is empty';
  if (!value.isWellFormed()) return 'its value is not valid Unicode text';
  if (value.endsWith('\\')) return 'its value ends with a backslash, which azd cannot read back from .env';
  if (value.endsWith('"')) return 'its value ends with a double quote, which azd cannot read back from .env';
  try {
    if (parseDotenv(formatLine(key, value) + '\n').get(key) === value) return undefined;
  } catch {
    // fall through
  }
  return isEnvKey(key) || parsesAsKey(key)
    ? 'its value would not read back unchanged from .env'
    : 'its name is not one godotenv reads (letters, digits, "_" and ".")';
}

function parsesAsKey(key: string): boolean {
  try {
    return parseDotenv(`${key}=1\n`).has(key);
  } catch {
    return false;
  }
}

/** Parses a .env file's text into values, turning a syntax error into a ScriptsError that names file and line. */
export function parseDotenvFile(text: string, file: string): EnvValues {
  try {
    return parseDotenv(text);
  } catch (err) {
    if (err instanceof DotenvSyntaxError) {
      throw new ScriptsError({
        code: 'DOTENV_INVALID',
        message: `${file}:${err.line}: cannot read the azd environment: ${err.message}`,
        hint: `Fix line ${err.line} of ${file} (azd cannot read it either), then run again. The file was left unchanged.`,
        file,
        line: err.line,
      });
    }
    throw err;
  }
}
