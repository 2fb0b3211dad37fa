#!/usr/bin/env node
import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 8571:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   a: () => (/* binding */ formatDuration)
/* harmony export */ });
/**
 * How long something took, as people read it in a log: `0.4s`, `12.4s`, `2m 05s`, `1h 02m`. Tenths of a second
 * under a minute (a script's duration is what a user compares between runs); whole units above it.
 */
function formatDuration(ms) {
    const safe = Number.isFinite(ms) && ms > 0 ? ms : 0;
    if (safe < 59_950)
        return `${(safe / 1000).toFixed(1)}s`;
    const seconds = Math.round(safe / 1000);
    const h = Math.floor(seconds / 3600);
    const m = Math.floor((seconds % 3600) / 60);
    const s = seconds % 60;
    const pad = (n) => String(n).padStart(2, '0');
    return h > 0 ? `${h}h ${pad(m)}m` : `${m}m ${pad(s)}s`;
}


/***/ }),

/***/ 4296:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Js: () => (/* binding */ locatedError),
/* harmony export */   Zw: () => (/* binding */ Problems),
/* harmony export */   j$: () => (/* binding */ formatLocation),
/* harmony export */   jW: () => (/* binding */ ScriptsError),
/* harmony export */   kp: () => (/* binding */ closest),
/* harmony export */   qb: () => (/* binding */ toScriptsError)
/* harmony export */ });
/**
 * Errors as data. Every failure a user can cause is a ScriptsError: a stable code, a message that names
 * what is wrong, a hint that says what to do next, and where it is (file, line). Hosts decide how to show
 * it (a terminal line, a GitHub annotation, a logissue); the engine never prints a stack for user error.
 */
class ScriptsError extends Error {
    code;
    hint;
    file;
    line;
    column;
    problems;
    constructor(data) {
        super(data.message);
        this.name = 'ScriptsError';
        this.code = data.code;
        if (data.hint !== undefined)
            this.hint = data.hint;
        if (data.file !== undefined)
            this.file = data.file;
        if (data.line !== undefined)
            this.line = data.line;
        if (data.column !== undefined)
            this.column = data.column;
        if (data.problems !== undefined)
            this.problems = data.problems;
    }
    toData() {
        const data = { code: this.code, message: this.message };
        if (this.hint !== undefined)
            data.hint = this.hint;
        if (this.file !== undefined)
            data.file = this.file;
        if (this.line !== undefined)
            data.line = this.line;
        if (this.column !== undefined)
            data.column = this.column;
        if (this.problems !== undefined)
            data.problems = this.problems;
        return data;
    }
}
/** Gathers problems so that validation can report all of them at once, in one error. */
class Problems {
    list = [];
    add(problem) {
        this.list.push(problem instanceof ScriptsError ? problem.toData() : problem);
    }
    /** Runs `fn`, recording a ScriptsError it throws instead of letting it escape. */
    async collect(fn) {
        try {
            return await fn();
        }
        catch (err) {
            if (err instanceof ScriptsError) {
                if (err.code === 'VALIDATION_FAILED' && err.problems)
                    err.problems.forEach((p) => this.add(p));
                else
                    this.add(err);
                return undefined;
            }
            throw err;
        }
    }
    get empty() {
        return this.list.length === 0;
    }
    /** Throws one error listing every problem, or nothing when there is none. */
    throwIfAny(what) {
        if (this.list.length === 0)
            return;
        if (this.list.length === 1)
            throw new ScriptsError(this.list[0]);
        const lines = this.list.map((p) => `  - ${p.message.replace(/\n/g, '\n    ')}`);
        throw new ScriptsError({
            code: 'VALIDATION_FAILED',
            message: `${this.list.length} problems found ${what}:\n${lines.join('\n')}`,
            hint: 'Fix each problem listed above, then run again. Nothing was run.',
            problems: this.list,
        });
    }
}
/** An error about the text at `where`: the message starts with `file:line:column: `. */
function locatedError(where, code, message, hint) {
    return { code, message: `${formatLocation(where)}${message}`, hint, ...where };
}
/** `file:line:column: ` when known, else an empty string. */
function formatLocation(loc, relativeTo) {
    if (!loc.file)
        return '';
    const file = relativeTo ? relativeTo(loc.file) : loc.file;
    if (loc.line === undefined)
        return `${file}: `;
    if (loc.column === undefined)
        return `${file}:${loc.line}: `;
    return `${file}:${loc.line}:${loc.column}: `;
}
/** Turns anything thrown into a ScriptsError; an unexpected error keeps its message but is marked INTERNAL. */
function toScriptsError(err) {
    if (err instanceof ScriptsError)
        return err;
    const message = err instanceof Error ? err.message : String(err);
    return new ScriptsError({
        code: 'INTERNAL',
        message: `Unexpected error: ${message}`,
        hint: 'This is a bug in azd-scripts; please report it with the command you ran.',
    });
}
/** Closest candidate by edit distance, for did-you-mean hints; undefined when nothing is close. */
function closest(word, candidates) {
    let best;
    let bestDistance = Infinity;
    for (const candidate of candidates) {
        const d = editDistance(word.toLowerCase(), candidate.toLowerCase());
        if (d < bestDistance) {
            bestDistance = d;
            best = candidate;
        }
    }
    const limit = Math.max(2, Math.floor(word.length / 3));
    return bestDistance <= limit ? best : undefined;
}
/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps cost 1. */
function editDistance(a, b) {
    const rows = a.length + 1;
    const cols = b.length + 1;
    const d = Array.from({ length: rows }, (_, i) => {
        const row = new Array(cols).fill(0);
        row[0] = i;
        return row;
    });
    for (let j = 0; j < cols; j++)
        d[0][j] = j;
    for (let i = 1; i < rows; i++) {
        for (let j = 1; j < cols; j++) {
            const cost = a[i - 1] === b[j - 1] ? 0 : 1;
            let v = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
            if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
                v = Math.min(v, d[i - 2][j - 2] + 1);
            d[i][j] = v;
        }
    }
    return d[a.length][b.length];
}


/***/ }),

/***/ 5024:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  e: () => (/* binding */ run)
});

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __nccwpck_require__(6760);
var external_node_path_default = /*#__PURE__*/__nccwpck_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/core/errors.ts
var core_errors = __nccwpck_require__(4296);
;// CONCATENATED MODULE: ./src/core/context.ts
/**
 * What every lifecycle step shares: the request, the host, the result being built and the run's secrets; and the
 * two things each step may do on its own (warn, stop when cancelled).
 */

function warn(ctx, message, location) {
    const text = ctx.secrets.redact(message);
    ctx.result.warnings.push({ message: text, ...location });
    ctx.host.warning(text, location);
}
function throwIfCancelled(ctx) {
    const reason = ctx.host.cancellation.reason;
    if (reason === undefined)
        return;
    throw new core_errors/* ScriptsError */.jW({
        code: 'CANCELLED',
        message: `Cancelled (${reason}) before the next script started.`,
        hint: 'Run again to finish.',
    });
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __nccwpck_require__(3024);
;// CONCATENATED MODULE: ./src/core/dotenv.ts
/**
 * azd's `.env` codec, byte-compatible with azd 1.2x: the reader follows godotenv 1.5.1's parser (which azd
 * uses to load an environment), the writer follows godotenv.Marshal plus azd's fixupUnquotedDotenv.
 * Values are kept in a Map so that no key (not even `__proto__`) can reach an object's prototype.
 */

const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** True for a key every shell, GitHub and Azure Pipelines accept as an environment variable name. */
function isEnvKey(key) {
    return ENV_KEY.test(key);
}
// ---------------------------------------------------------------------------------------------------------------
// Reading (godotenv 1.5.1 parser.go)
/** godotenv's isSpace: white space that is not a line break. */
function isSpace(c) {
    return c === '\t' || c === '\v' || c === '\f' || c === '\r' || c === ' ' || c === '\u0085' || c === '\u00a0';
}
/** Go's unicode.IsSpace. */
const UNICODE_SPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;
const KEY_CHAR = /[\p{L}\p{N}._]/u;
const ESCAPE = /\\[^\n]/g;
const UNESCAPE = /\\([^$])/g;
const EXPAND = /(\\)?(\$)(\()?\{?([A-Z0-9_]+)?\}?/g;
class DotenvSyntaxError extends Error {
    line;
    constructor(message, line) {
        super(message);
        this.line = line;
    }
}
/**
 * Parses `.env` text as godotenv 1.5.1 does: comments, `export `, `KEY: value`, unquoted values with trailing
 * ` # comment`, single quotes literal, double quotes with `\n`/`\r` and backslash escapes, and `$VAR`/`${VAR}`
 * expanded from keys earlier in the same file. Throws DotenvSyntaxError with the 1-based line at fault.
 */
function parseDotenv(input) {
    const src = input.replace(/\r\n/g, '\n');
    const out = new Map();
    const lineAt = (pos) => {
        let line = 1;
        for (let i = src.indexOf('\n'); i !== -1 && i < pos; i = src.indexOf('\n', i + 1))
            line++;
        return line;
    };
    let pos = 0;
    const n = src.length;
    for (;;) {
        // getStatementStart: skip white space and whole comment lines.
        while (pos < n && UNICODE_SPACE.test(src[pos]))
            pos++;
        if (pos >= n)
            break;
        if (src[pos] === '#') {
            const nl = src.indexOf('\n', pos);
            if (nl === -1)
                break;
            pos = nl;
            continue;
        }
        // locateKeyName
        while (pos < n && isSpace(src[pos]))
            pos++;
        if (src.startsWith('export', pos) && isSpace(src[pos + 6])) {
            pos += 6;
            while (pos < n && isSpace(src[pos]))
                pos++;
        }
        // godotenv refuses a statement that is nothing but `export ` at the end of the file ("zero length string").
        if (pos >= n)
            throw new DotenvSyntaxError('"export" with no variable name after it', lineAt(pos - 1));
        const keyStart = pos;
        let key = '';
        let valueStart = keyStart;
        for (let i = keyStart; i < n; i++) {
            const c = src[i];
            if (isSpace(c))
                continue;
            if (c === '=' || c === ':') {
                key = src.slice(keyStart, i);
                valueStart = i + 1;
                break;
            }
            if (c.charCodeAt(0) < 0x80 ? KEY_CHAR.test(c) : isKeyRune(src, i)) {
                if (c.charCodeAt(0) >= 0xd800 && c.charCodeAt(0) < 0xdc00)
                    i++;
                continue;
            }
            const shown = c === '\n' ? 'a line break' : JSON.stringify(c);
            throw new DotenvSyntaxError(`unexpected character ${shown} in variable name ${JSON.stringify(src.slice(keyStart, i).trim())}`, lineAt(i));
        }
        key = key.replace(/[\s\u0085\u00a0]+$/u, '');
        pos = valueStart;
        while (pos < n && isSpace(src[pos]))
            pos++;
        // extractVarValue
        const quote = src[pos];
        let value;
        if (quote !== '"' && quote !== "'") {
            let end = pos;
            while (end < n && src[end] !== '\n' && src[end] !== '\r')
                end++;
            let line = src.slice(pos, end);
            for (let i = line.length - 1; i > 0; i--) {
                if (line[i] === '#' && isSpace(line[i - 1])) {
                    line = line.slice(0, i);
                    break;
                }
            }
            value = expandVariables(trimSpace(line), out);
            pos = end;
        }
        else {
            let close = -1;
            for (let i = pos + 1; i < n; i++) {
                if (src[i] === quote && src[i - 1] !== '\\') {
                    close = i;
                    break;
                }
            }
            if (close === -1)
                throw new DotenvSyntaxError(`unterminated quoted value for ${key || 'a key'}`, lineAt(pos));
            let raw = src.slice(pos, close);
            let a = 0;
            let b = raw.length;
            while (a < b && raw[a] === quote)
                a++;
            while (b > a && raw[b - 1] === quote)
                b--;
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
function isKeyRune(src, i) {
    const bytes = Buffer.from(String.fromCodePoint(src.codePointAt(i)));
    return [...bytes].every((b) => {
        const c = String.fromCharCode(b);
        return isSpace(c) || /[\p{L}\p{N}]/u.test(c);
    });
}
function trimSpace(s) {
    let a = 0;
    let b = s.length;
    while (a < b && isSpace(s[a]))
        a++;
    while (b > a && isSpace(s[b - 1]))
        b--;
    return s.slice(a, b);
}
function expandEscapes(s) {
    const out = s.replace(ESCAPE, (m) => (m[1] === 'n' ? '\n' : m[1] === 'r' ? '\r' : m));
    return out.replace(UNESCAPE, '$1');
}
function expandVariables(s, vars) {
    if (!s.includes('$'))
        return s;
    return s.replace(EXPAND, (m, backslash, _dollar, _paren, name) => {
        if (backslash === '\\')
            return m.slice(1);
        if (name)
            return vars.get(name) ?? '';
        return m;
    });
}
// ---------------------------------------------------------------------------------------------------------------
// Writing (godotenv.Marshal + azd's fixupUnquotedDotenv)
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
/** strconv.Atoi on a 64-bit platform: optional sign, decimal digits, within int64. */
function atoi(value) {
    if (!/^[+-]?[0-9]+$/.test(value))
        return undefined;
    const n = BigInt(value);
    return n < INT64_MIN || n > INT64_MAX ? undefined : n;
}
const SPECIAL = /[\\\n\r"!$`]/g;
const ESCAPED = {
    '\\': '\\\\',
    '\n': '\\n',
    '\r': '\\r',
    '"': '\\"',
    '!': '\\!',
    $: '\\$',
    '`': '\\`',
};
/** The one line azd writes for a key. */
function formatLine(key, value) {
    const n = atoi(value);
    if (n !== undefined)
        return n.toString() === value ? `${key}=${value}` : `${key}="${value}"`;
    return `${key}="${value.replace(SPECIAL, (c) => ESCAPED[c])}"`;
}
/** The whole file azd writes: lines sorted byte-wise, joined by LF, one trailing LF. */
function formatDotenv(values) {
    const lines = [...values].map(([k, v]) => Buffer.from(formatLine(k, v)));
    lines.sort(Buffer.compare);
    return lines.map((b) => b.toString()).join('\n') + '\n';
}
/**
 * godotenv.Marshal alone, without azd's fixup (what `azd env get-values` prints): an Atoi-parsable value is
 * written as the integer it parses to (`01` → `1`), lines sorted, joined by LF, no trailing LF.
 */
function dotenv_marshalGodotenv(values) {
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
function dotenv_unsavableReason(key, value) {
    if (key === '')
        return 'its name is empty';
    if (!value.isWellFormed())
        return 'its value is not valid Unicode text';
    if (value.endsWith('\\'))
        return 'its value ends with a backslash, which azd cannot read back from .env';
    if (value.endsWith('"'))
        return 'its value ends with a double quote, which azd cannot read back from .env';
    try {
        if (parseDotenv(formatLine(key, value) + '\n').get(key) === value)
            return undefined;
    }
    catch {
        // fall through
    }
    return isEnvKey(key) || parsesAsKey(key)
        ? 'its value would not read back unchanged from .env'
        : 'its name is not one godotenv reads (letters, digits, "_" and ".")';
}
function parsesAsKey(key) {
    try {
        return parseDotenv(`${key}=1\n`).has(key);
    }
    catch {
        return false;
    }
}
/** Parses a .env file's text into values, turning a syntax error into a ScriptsError that names file and line. */
function dotenv_parseDotenvFile(text, file) {
    try {
        return parseDotenv(text);
    }
    catch (err) {
        if (err instanceof DotenvSyntaxError) {
            throw new core_errors/* ScriptsError */.jW({
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

;// CONCATENATED MODULE: external "node:crypto"
const external_node_crypto_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");
;// CONCATENATED MODULE: external "node:buffer"
const external_node_buffer_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:buffer");
;// CONCATENATED MODULE: ./src/core/files.ts
/**
 * File reading and writing with the guarantees the engine relies on: reads are size-capped and must be UTF-8
 * (errors name the file and line); writes are atomic (temp file in the same folder, fsync, rename) so a crash
 * leaves either the old or the new content, and temp files of killed runs are swept by the next write.
 */





const MiB = 1024 * 1024;
/**
 * Reads a text file; undefined when it does not exist. The files are small and local, so the read is synchronous:
 * on the per-script path an event-loop round trip per call costs more than the read itself. The file is opened
 * non-blocking and must be a regular file, so a FIFO or device planted in its place cannot hang the run.
 */
async function readTextFile(file, options) {
    return readTextFileSync(file, options);
}
function readTextFileSync(file, options) {
    let fd;
    try {
        fd = (0,external_node_fs_.openSync)(file, external_node_fs_.constants.O_RDONLY | (external_node_fs_.constants.O_NONBLOCK ?? 0));
    }
    catch (err) {
        if (isErrno(err, 'ENOENT') || isErrno(err, 'ENOTDIR'))
            return undefined;
        if (isErrno(err, 'EISDIR'))
            throw notAFile(file, options);
        throw ioError(err, file, `read the ${options.what}`);
    }
    try {
        const stat = (0,external_node_fs_.fstatSync)(fd);
        if (!stat.isFile())
            throw notAFile(file, options);
        if (stat.size > options.maxBytes)
            throw tooLarge(file, stat.size, options);
        // Read up to one byte more than allowed, so that a file still growing is caught too.
        const buffer = Buffer.alloc(Math.min(stat.size, options.maxBytes) + 1);
        let length = 0;
        for (;;) {
            const bytesRead = (0,external_node_fs_.readSync)(fd, buffer, length, buffer.length - length, length);
            if (bytesRead === 0)
                break;
            length += bytesRead;
            if (length === buffer.length)
                break;
        }
        if (length > options.maxBytes)
            throw tooLarge(file, length, options);
        let bytes = buffer.subarray(0, length);
        if (options.stripBom && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
            bytes = bytes.subarray(3);
        if (!(0,external_node_buffer_namespaceObject.isUtf8)(bytes)) {
            const line = lineOfFirstInvalidByte(bytes);
            throw new core_errors/* ScriptsError */.jW({
                code: options.code ?? 'IO_ERROR',
                message: `${file}:${line}: the ${options.what} is not valid UTF-8 text.`,
                hint: `Save ${external_node_path_default().basename(file)} as UTF-8.`,
                file,
                line,
            });
        }
        return bytes.toString('utf8');
    }
    catch (err) {
        throw err instanceof core_errors/* ScriptsError */.jW ? err : ioError(err, file, `read the ${options.what}`);
    }
    finally {
        (0,external_node_fs_.closeSync)(fd);
    }
}
function notAFile(file, options) {
    return new core_errors/* ScriptsError */.jW({
        code: options.code ?? 'IO_ERROR',
        message: `${file} is not a regular file, so it cannot be the ${options.what}.`,
        hint: 'Replace it with a regular file (not a folder, pipe or device).',
        file,
    });
}
function tooLarge(file, size, options) {
    return new core_errors/* ScriptsError */.jW({
        code: options.code ?? 'FILE_TOO_LARGE',
        message: `${file} is ${formatSize(size)}; a ${options.what} may be at most ${formatSize(options.maxBytes)}.`,
        hint: `Make ${external_node_path_default().basename(file)} smaller; is it the file you meant?`,
        file,
    });
}
function formatSize(bytes) {
    return bytes >= MiB ? `${(bytes / MiB).toFixed(1)} MiB` : `${bytes} bytes`;
}
/** 1-based line of the first byte that is not part of a valid UTF-8 sequence. */
function lineOfFirstInvalidByte(bytes) {
    let line = 1;
    let i = 0;
    while (i < bytes.length) {
        const b = bytes[i];
        let len = 0;
        if (b < 0x80)
            len = 1;
        else if (b >= 0xc2 && b <= 0xdf)
            len = 2;
        else if (b >= 0xe0 && b <= 0xef)
            len = 3;
        else if (b >= 0xf0 && b <= 0xf4)
            len = 4;
        if (len === 0 || i + len > bytes.length || !(0,external_node_buffer_namespaceObject.isUtf8)(bytes.subarray(i, i + len)))
            return line;
        if (b === 0x0a)
            line++;
        i += len;
    }
    return line;
}
/** Writes `content` so that readers see either the old or the new file, never a part of it. */
async function writeFileAtomic(file, content, options = {}) {
    const dir = external_node_path_default().dirname(file);
    const base = external_node_path_default().basename(file);
    await sweepTempFiles(dir, base);
    let mode = options.mode ?? 0o644;
    try {
        mode = (await external_node_fs_.promises.stat(file)).mode & 0o777;
    }
    catch {
        // a new file gets the default mode
    }
    const temp = external_node_path_default().join(dir, `.${base}.${process.pid}.${(0,external_node_crypto_namespaceObject.randomBytes)(6).toString('hex')}.tmp`);
    try {
        const handle = await external_node_fs_.promises.open(temp, 'wx', mode);
        try {
            await handle.writeFile(content);
            await handle.sync();
        }
        finally {
            await handle.close();
        }
        await external_node_fs_.promises.rename(temp, file);
    }
    catch (err) {
        await external_node_fs_.promises.rm(temp, { force: true }).catch(() => undefined);
        throw ioError(err, file, 'write');
    }
    await syncDirectory(dir);
}
/** Removes temp files of ours whose writer is no longer alive (a run killed between write and rename). */
async function sweepTempFiles(dir, base) {
    let names;
    try {
        names = await external_node_fs_.promises.readdir(dir);
    }
    catch {
        return;
    }
    const prefix = `.${base}.`;
    for (const name of names) {
        if (!name.startsWith(prefix) || !name.endsWith('.tmp'))
            continue;
        const match = /^(\d+)\.[0-9a-f]+\.tmp$/.exec(name.slice(prefix.length));
        if (!match)
            continue;
        const pid = Number(match[1]);
        if (pid === process.pid || isAlive(pid))
            continue;
        await external_node_fs_.promises.rm(external_node_path_default().join(dir, name), { force: true }).catch(() => undefined);
    }
}
function isAlive(pid) {
    try {
        process.kill(pid, 0);
        return true;
    }
    catch (err) {
        return isErrno(err, 'EPERM');
    }
}
async function syncDirectory(dir) {
    if (process.platform === 'win32')
        return;
    try {
        const handle = await external_node_fs_.promises.open(dir, external_node_fs_.constants.O_RDONLY);
        try {
            await handle.sync();
        }
        finally {
            await handle.close();
        }
    }
    catch {
        // some file systems cannot fsync a directory; the rename itself is still atomic
    }
}
function isErrno(err, code) {
    return typeof err === 'object' && err !== null && err.code === code;
}
function ioError(err, file, action) {
    if (err instanceof core_errors/* ScriptsError */.jW)
        return err;
    const code = err?.code;
    const reason = code === 'EACCES' || code === 'EPERM'
        ? 'permission denied'
        : code === 'ENOSPC'
            ? 'no space left on the device'
            : code === 'EROFS'
                ? 'the file system is read-only'
                : err instanceof Error
                    ? err.message
                    : String(err);
    return new core_errors/* ScriptsError */.jW({
        code: 'IO_ERROR',
        message: `Could not ${action} ${file}: ${reason}.`,
        hint: 'Check that the path exists and that this user may write it.',
        file,
    });
}

;// CONCATENATED MODULE: external "node:child_process"
const external_node_child_process_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:child_process");
;// CONCATENATED MODULE: ./src/core/lock/flock-holder.ts
/**
 * azd's own lock (DESIGN section 7): `flock(2)` LOCK_EX on `.azure/<env>/.env.lock`. Node has no flock() and a
 * native addon would not be self-contained across runner OSes, so a small perl child holds the lock for us (perl
 * and its Fcntl module are on every GitHub Linux and macOS runner and in Debian's essential perl-base).
 *
 * One holder lives as long as our process and takes and drops the lock on request over its stdin, so a save costs
 * a pipe round trip, not a process start. When our process dies, for any reason, the holder reads EOF and exits,
 * and the kernel drops its lock: a crash of ours can never leave the environment locked. The holder creates the
 * lock file when missing (mode 0600, as azd's gofrs/flock does) and never deletes or replaces it.
 */


/*
 * Protocol, one line each way: we send `lock`, `unlock` or `cancel`; it answers `lock` with `waiting` (once, when
 * another process holds the lock) and then `locked`, `cancelled` or `error <reason>`. It polls with LOCK_NB every
 * 50 ms (as azd does), reading its stdin in between, so a wait can be cancelled. Stdin is read unbuffered
 * (sysread) so that select() sees every line.
 */
const HOLDER = String.raw `
use strict; use warnings; use Fcntl qw(:flock O_RDWR O_CREAT);
$| = 1; $SIG{INT} = 'IGNORE';
my $path = $ARGV[0]; my $buf = ''; my $held;
sub next_line {
  my ($timeout) = @_;
  while (1) {
    return $1 if $buf =~ s/^([^\n]*)\n//;
    if (defined $timeout) {
      my $rin = ''; vec($rin, fileno(STDIN), 1) = 1;
      my $n = select(my $rout = $rin, undef, undef, $timeout);
      return undef if $n <= 0;
    }
    my $r = sysread(STDIN, $buf, 4096, length $buf);
    exit 0 unless $r;
  }
}
while (1) {
  my $cmd = next_line(undef);
  if ($cmd eq 'lock') {
    my $fh;
    unless (sysopen($fh, $path, O_RDWR | O_CREAT, 0600)) { print "error $!\n"; next; }
    my ($told, $ok) = (0, 1);
    until (flock($fh, LOCK_EX | LOCK_NB)) {
      unless ($!{EWOULDBLOCK} || $!{EAGAIN}) { print "error $!\n"; $ok = 0; last; }
      unless ($told) { print "waiting\n"; $told = 1; }
      my $line = next_line(0.05);
      if (defined $line && $line eq 'cancel') { print "cancelled\n"; $ok = 0; last; }
    }
    if ($ok) { $held = $fh; print "locked\n"; } else { close $fh; }
  } elsif ($cmd eq 'unlock' && $held) {
    flock($held, LOCK_UN); close $held; undef $held;
  }
}
`;
/** Where perl is: the system one first (a PATH the user narrowed must not hide it), else whatever PATH finds. */
function perlExecutable() {
    for (const candidate of ['/usr/bin/perl', '/bin/perl'])
        if ((0,external_node_fs_.existsSync)(candidate))
            return candidate;
    return 'perl';
}
/** The perl child; `request` sends a line, `replies` yields the lines it answers. */
class FlockHolder {
    child;
    buffer = '';
    queue = [];
    waiter;
    ended;
    hasAnswered = false;
    constructor(lockFile) {
        // A process group of its own: a Ctrl-C on the terminal must not end the holder in the middle of a save (it
        // also ignores SIGINT); it ends when our end of its stdin closes. It pins no folder of the project.
        this.child = (0,external_node_child_process_namespaceObject.spawn)(perlExecutable(), ['-e', HOLDER, lockFile], {
            stdio: 'pipe',
            detached: true,
            cwd: '/',
            env: { PATH: process.env.PATH ?? '' },
        });
        this.child.stdout.setEncoding('utf8');
        this.child.stdout.on('data', (chunk) => {
            this.buffer += chunk;
            for (let nl = this.buffer.indexOf('\n'); nl !== -1; nl = this.buffer.indexOf('\n')) {
                this.push(this.buffer.slice(0, nl));
                this.buffer = this.buffer.slice(nl + 1);
            }
        });
        this.child.stderr.on('data', () => undefined);
        this.child.stdin.on('error', () => undefined);
        this.child.on('error', (err) => this.end(err.message));
        this.child.on('exit', (code, signal) => this.end(`the lock holder exited (${signal ?? `exit code ${code}`})`));
        this.idle();
    }
    /** Why the holder is gone, once it is. */
    get failure() {
        return this.ended;
    }
    send(command) {
        if (this.ended === undefined)
            this.child.stdin.write(`${command}\n`);
    }
    /** The next reply; undefined when the holder is gone. Keeps our process alive while waiting for it. */
    async reply() {
        if (this.queue.length > 0)
            return this.queue.shift();
        if (this.ended !== undefined)
            return undefined;
        this.busy();
        try {
            return await new Promise((resolve) => (this.waiter = resolve));
        }
        finally {
            this.waiter = undefined;
            this.idle();
        }
    }
    /** True once the holder has answered: a holder that worked and then died may be started again. */
    get answered() {
        return this.hasAnswered;
    }
    push(line) {
        this.hasAnswered = true;
        if (this.waiter)
            this.waiter(line);
        else
            this.queue.push(line);
    }
    end(reason) {
        if (this.ended !== undefined)
            return;
        this.ended = reason;
        this.waiter?.(undefined);
    }
    /** An idle holder must not keep our process alive (it exits when we do). */
    idle() {
        this.child.unref();
        for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr])
            stream.unref?.();
    }
    busy() {
        this.child.ref();
        for (const stream of [this.child.stdin, this.child.stdout])
            stream.ref?.();
    }
}

;// CONCATENATED MODULE: ./src/core/lock/link-lock.ts
/**
 * Our own lock file, for where azd's flock cannot be taken (Windows, or no perl): the lock file is made complete
 * (holding our pid) and then hard-linked into place, so a lock never exists without its holder's pid, even when a
 * run is killed while taking it. It is never azd's `.env.lock`: it excludes runs of ours from each other only.
 */





const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * Runs `fn` while holding `lockFile`. Holders are processes of this machine: a lock whose process is gone (or older than `staleMs`) is taken over. Waits at most
 * `timeoutMs`.
 */
async function withFileLock(lockFile, fn, options) {
    const deadline = Date.now() + options.timeoutMs;
    await sweepTempFiles(external_node_path_default().dirname(lockFile), external_node_path_default().basename(lockFile));
    for (let attempt = 0;; attempt++) {
        if (await tryLock(lockFile))
            break;
        const holder = await readLockHolder(lockFile);
        const stale = (holder.pid !== undefined && holder.pid !== process.pid && !isAlive(holder.pid)) ||
            (holder.pid === undefined && holder.ageMs !== undefined && holder.ageMs > EMPTY_LOCK_STALE_MS) ||
            (holder.ageMs !== undefined && holder.ageMs > options.staleMs);
        if (stale) {
            await breakLock(lockFile, holder.pid);
            continue;
        }
        if (attempt === 0)
            options.waiting?.started(holder.pid);
        options.waiting?.throwIfCancelled();
        if (Date.now() >= deadline) {
            throw new core_errors/* ScriptsError */.jW({
                code: 'ENVIRONMENT_LOCKED',
                message: `${options.what} is locked by another run (process ${holder.pid ?? 'unknown'}, lock file ${lockFile}).`,
                hint: 'Wait for the other run to finish. If no other run is going on, delete the lock file.',
                file: lockFile,
            });
        }
        await sleep(Math.min(10 + attempt * 5, 100));
    }
    try {
        return await fn();
    }
    finally {
        await external_node_fs_.promises.rm(lockFile, { force: true }).catch(() => undefined);
    }
}
/** A lock file with no pid (left by an older writer killed mid-way) counts as abandoned after this long. */
const EMPTY_LOCK_STALE_MS = 2000;
/** A temp file beside the lock, in the pattern sweepTempFiles removes once its process is gone. */
function lockTemp(lockFile) {
    return external_node_path_default().join(external_node_path_default().dirname(lockFile), `.${external_node_path_default().basename(lockFile)}.${process.pid}.${(0,external_node_crypto_namespaceObject.randomBytes)(6).toString('hex')}.tmp`);
}
async function tryLock(lockFile) {
    const temp = lockTemp(lockFile);
    await external_node_fs_.promises.writeFile(temp, `${process.pid}\n`, { flag: 'wx' });
    try {
        await external_node_fs_.promises.link(temp, lockFile);
        return true;
    }
    catch (err) {
        if (isErrno(err, 'EEXIST'))
            return false;
        // A file system without hard links: fall back to an exclusive create (a kill mid-way leaves an empty lock,
        // which is taken over after EMPTY_LOCK_STALE_MS).
        if (isErrno(err, 'EPERM') || isErrno(err, 'ENOTSUP') || isErrno(err, 'EOPNOTSUPP') || isErrno(err, 'ENOSYS')) {
            try {
                await external_node_fs_.promises.writeFile(lockFile, `${process.pid}\n`, { flag: 'wx' });
                return true;
            }
            catch (inner) {
                if (isErrno(inner, 'EEXIST'))
                    return false;
                throw ioError(inner, lockFile, 'create the lock');
            }
        }
        throw ioError(err, lockFile, 'create the lock');
    }
    finally {
        await external_node_fs_.promises.rm(temp, { force: true }).catch(() => undefined);
    }
}
/**
 * Moves an abandoned lock aside. If what was moved is not the lock judged abandoned (another run took over in
 * between), it is put back, so that a live lock is never broken.
 */
async function breakLock(lockFile, judgedPid) {
    // Named like our other temp files, so that the next lock sweeps it if we are killed right here.
    const aside = lockTemp(lockFile);
    try {
        await external_node_fs_.promises.rename(lockFile, aside);
    }
    catch {
        return;
    }
    const moved = await readLockHolder(aside);
    if (moved.pid !== judgedPid)
        await external_node_fs_.promises.link(aside, lockFile).catch(() => undefined);
    await external_node_fs_.promises.rm(aside, { force: true }).catch(() => undefined);
}
async function readLockHolder(lockFile) {
    try {
        const [text, stat] = await Promise.all([external_node_fs_.promises.readFile(lockFile, 'utf8'), external_node_fs_.promises.stat(lockFile)]);
        const pid = Number.parseInt(text, 10);
        return { ...(Number.isSafeInteger(pid) && pid > 0 ? { pid } : {}), ageMs: Date.now() - stat.mtimeMs };
    }
    catch {
        return {};
    }
}

;// CONCATENATED MODULE: ./src/core/lock/env-lock.ts
/**
 * The lock around every read-merge-write of an azd environment's `.env` and `config.json` (DESIGN section 7).
 * On Linux and macOS it is azd's own: flock(2) LOCK_EX on `.azure/<env>/.env.lock`, held by a perl child
 * (flock-holder.ts), so `azd env set` beside a run and our saves exclude each other. On Windows (azd uses
 * LockFileEx there, which Node cannot take either) and where perl is missing, it is a lock file of our own beside
 * it, `.azure/<env>/.azd-scripts.lock`, which excludes runs of ours from each other but not azd. azd's
 * `.env.lock` is never deleted nor replaced.
 * A wait is bounded (30 s, as azd's), reported once, and ends at once when the run is cancelled.
 */




const LOCK_TIMEOUT_MS = 30_000;
/** Our own lock file older than this is taken over even if its pid is alive (pid reuse). */
const STALE_MS = 60_000;
/** One holder per lock file for the whole process: a save costs a pipe round trip, not a process start. */
const holders = new Map();
const queues = new Map();
class EnvLock {
    what;
    options;
    /** azd's lock file: `.azure/<env>/.env.lock`. */
    azdLockFile;
    /** Ours, used where azd's cannot be taken. */
    ownLockFile;
    fallbackNoted = false;
    constructor(dir, what, options = {}) {
        this.what = what;
        this.options = options;
        this.azdLockFile = external_node_path_default().join(dir, '.env.lock');
        this.ownLockFile = external_node_path_default().join(dir, '.azd-scripts.lock');
    }
    /** Runs `fn` holding the lock. */
    run(fn) {
        // Saves of this process to one environment go one at a time, whichever AzdEnvironment makes them: a holder
        // holds one lock at a time, and a second flock of ours on the same file would wait for the first forever.
        const previous = queues.get(this.azdLockFile) ?? Promise.resolve();
        const next = previous.then(() => this.locked(fn), () => this.locked(fn));
        queues.set(this.azdLockFile, next.catch(() => undefined));
        return next;
    }
    async locked(fn) {
        if (process.platform !== 'win32') {
            const holder = holderFor(this.azdLockFile);
            if (holder.failure === undefined) {
                const taken = await this.takeFlock(holder);
                if (taken) {
                    try {
                        return await fn();
                    }
                    finally {
                        holder.send('unlock');
                    }
                }
            }
            this.noteFallback(holder.failure ?? 'the lock holder did not answer');
        }
        return this.takeOwn(fn);
    }
    /** True once held; false when the holder is gone (then our own lock is used). Throws on timeout or cancel. */
    async takeFlock(holder) {
        const signal = this.options.signal;
        let waiting = false;
        let stop;
        const cancel = (why) => {
            if (stop !== undefined)
                return;
            stop = why;
            holder.send('cancel');
        };
        const onAbort = () => {
            if (waiting)
                cancel('cancelled');
        };
        let timer;
        signal?.addEventListener('abort', onAbort);
        try {
            holder.send('lock');
            for (;;) {
                const line = await holder.reply();
                if (line === undefined)
                    return false;
                if (line === 'locked') {
                    if (stop === undefined)
                        return true;
                    // The lock came free just as we gave up: let it go again.
                    holder.send('unlock');
                    throw this.gaveUp(stop);
                }
                if (line === 'cancelled')
                    throw this.gaveUp(stop ?? 'cancelled');
                if (line.startsWith('error ')) {
                    throw new core_errors/* ScriptsError */.jW({
                        code: 'IO_ERROR',
                        message: `Could not lock ${this.azdLockFile}: ${line.slice(6)}.`,
                        hint: 'Check that this user may create and open files in that folder.',
                        file: this.azdLockFile,
                    });
                }
                if (line === 'waiting' && !waiting) {
                    waiting = true;
                    this.options.notify?.(`Waiting for ${this.azdLockFile}: it is held by another process (azd?); giving up after ${LOCK_TIMEOUT_MS / 1000} s.`);
                    if (signal?.aborted)
                        cancel('cancelled');
                    timer = setTimeout(() => cancel('timeout'), LOCK_TIMEOUT_MS);
                }
            }
        }
        finally {
            if (timer)
                clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
        }
    }
    takeOwn(fn) {
        const signal = this.options.signal;
        return withFileLock(this.ownLockFile, fn, {
            timeoutMs: LOCK_TIMEOUT_MS,
            staleMs: STALE_MS,
            what: this.what,
            waiting: {
                started: (pid) => this.options.notify?.(`Waiting for ${this.ownLockFile}: another run (process ${pid ?? 'unknown'}) is saving to ${this.what}.`),
                throwIfCancelled: () => {
                    if (signal?.aborted)
                        throw this.gaveUp('cancelled', this.ownLockFile);
                },
            },
        });
    }
    gaveUp(why, file = this.azdLockFile) {
        if (why === 'cancelled') {
            return new core_errors/* ScriptsError */.jW({
                code: 'CANCELLED',
                message: `Cancelled (${cancelReason(this.options.signal)}) while waiting for ${file}, held by another process; nothing more was saved to ${this.what}.`,
                hint: 'Run again to finish.',
                file,
            });
        }
        return new core_errors/* ScriptsError */.jW({
            code: 'ENVIRONMENT_LOCKED',
            message: `${this.what} is locked: ${file} was still held by another process (azd, or another run) after ${LOCK_TIMEOUT_MS / 1000} s.`,
            hint: 'Wait for the other azd command or run to finish, then run again. Do not delete the lock file: azd relies on it.',
            file,
        });
    }
    noteFallback(reason) {
        if (this.fallbackNoted)
            return;
        this.fallbackNoted = true;
        this.options.notify?.(`Could not take azd's lock on ${this.azdLockFile} (${reason}; it needs perl); using ${this.ownLockFile} instead, so an azd command changing ${this.what} at the same time is not held off.`);
    }
}
function holderFor(lockFile) {
    // A holder that never started (no perl) stays in the map: there is no point starting it again for every save.
    let holder = holders.get(lockFile);
    if (!holder || (holder.failure !== undefined && holder.answered)) {
        holder = new FlockHolder(lockFile);
        holders.set(lockFile, holder);
    }
    return holder;
}
function cancelReason(signal) {
    const reason = signal?.reason;
    return typeof reason === 'string' ? reason : 'SIGINT';
}

;// CONCATENATED MODULE: ./src/core/json.ts
/**
 * JSON as we read it (errors with file, line and column) and as we write it: keys in byte order, like Go's
 * encoding/json writes a map, so our output matches what azd writes.
 */


/** Byte offset → 1-based line and column of `text`. */
function lineAndColumn(text, offset) {
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
function parseJson(text, file, what) {
    try {
        return JSON.parse(text);
    }
    catch {
        // JSON.parse's message differs between Node versions, may lack a position, and quotes a piece of the text
        // (which may be a secret): find the position and the reason ourselves.
        const { offset, reason } = jsonSyntaxError(text);
        const { line, column } = lineAndColumn(text, offset);
        throw new core_errors/* ScriptsError */.jW({
            code: CODES[what] ?? 'CONFIG_INVALID',
            message: `${file}:${line}:${column}: the ${what} is not valid JSON: ${reason}.`,
            hint: `Fix the JSON at line ${line}, column ${column} of ${external_node_path_default().basename(file)}.`,
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
function jsonSyntaxError(text) {
    let i = 0;
    const n = text.length;
    const stack = [];
    const ws = () => {
        while (i < n && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r'))
            i++;
    };
    const unexpected = (expected) => {
        if (i >= n)
            return { offset: n, reason: `unexpected end of the file (expected ${expected})` };
        const c = text[i];
        const shown = /[A-Za-z0-9]/.test(c) ? 'unexpected text' : `unexpected ${JSON.stringify(c)}`;
        return { offset: i, reason: `${shown} (expected ${expected})` };
    };
    // Scans one string starting at text[i] === '"'; returns an error or undefined.
    const string = () => {
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
                if (e === undefined || !'"\\/bfnrt'.includes(e))
                    return { offset: i, reason: 'a bad escape in a string' };
                i += 2;
                continue;
            }
            i++;
        }
        return { offset: start, reason: 'a string that is never closed' };
    };
    const value = () => {
        ws();
        const c = text[i];
        if (c === '{' || c === '[') {
            stack.push(c);
            i++;
            return 'open';
        }
        if (c === '"')
            return string();
        const literal = /^(?:true|false|null|-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)/.exec(text.slice(i, i + 400));
        if (literal && literal[0].length > 0) {
            i += literal[0].length;
            return undefined;
        }
        return unexpected('a value');
    };
    let result = value();
    for (;;) {
        if (result !== undefined && result !== 'open')
            return result;
        if (result === 'open') {
            ws();
            const top = stack[stack.length - 1];
            if (text[i] === (top === '{' ? '}' : ']')) {
                stack.pop();
                i++;
            }
            else if (top === '{') {
                if (text[i] !== '"')
                    return unexpected('a "key"');
                const err = string();
                if (err)
                    return err;
                ws();
                if (text[i] !== ':')
                    return unexpected('":"');
                i++;
                result = value();
                continue;
            }
            else {
                result = value();
                continue;
            }
        }
        // After a complete value: close, comma, or the end.
        ws();
        if (stack.length === 0)
            return i < n ? unexpected('the end of the file') : { offset: n, reason: 'not valid JSON' };
        const top = stack[stack.length - 1];
        const close = top === '{' ? '}' : ']';
        if (text[i] === close) {
            stack.pop();
            i++;
            result = undefined;
            continue;
        }
        if (text[i] !== ',')
            return unexpected(`"," or "${close}"`);
        i++;
        ws();
        if (top === '{') {
            if (text[i] !== '"')
                return unexpected('a "key"');
            const err = string();
            if (err)
                return err;
            ws();
            if (text[i] !== ':')
                return unexpected('":"');
            i++;
        }
        result = value();
    }
}
const CODES = { 'outputs file': 'OUTPUTS_INVALID', 'parameter file': 'PARAMETERS_INVALID' };
/** Compact JSON with object keys in byte order (how output objects and arrays reach scripts). */
function stringifySorted(value, depth = 0) {
    if (depth > MAX_DEPTH)
        throw new RangeError(`nested more than ${MAX_DEPTH} levels deep`);
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
const MAX_DEPTH = 256;
function sortedEntries(value) {
    return Object.entries(value).sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
}
/**
 * JSON as Go's json.MarshalIndent(map[string]any, "", "  ") writes it (azd's config.json): object keys in byte
 * order, two-space indent, `<`, `>`, `&`, U+2028 and U+2029 escaped, no trailing newline.
 */
function json_marshalIndentGo(value, indent = '') {
    if (Array.isArray(value)) {
        if (value.length === 0)
            return '[]';
        const inner = indent + '  ';
        return `[\n${value.map((v) => inner + json_marshalIndentGo(v, inner)).join(',\n')}\n${indent}]`;
    }
    if (typeof value === 'object' && value !== null) {
        const entries = sortedEntries(value);
        if (entries.length === 0)
            return '{}';
        const inner = indent + '  ';
        const body = entries.map(([k, v]) => `${inner}${goString(k)}: ${json_marshalIndentGo(v, inner)}`).join(',\n');
        return `{\n${body}\n${indent}}`;
    }
    if (typeof value === 'string')
        return goString(value);
    return JSON.stringify(value) ?? 'null';
}
function goString(s) {
    return JSON.stringify(s).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
/**
 * Offset of the key at `keys` (each nested in the previous one) in JSON `text`, found by scanning for each
 * `"key":` in turn; -1 when not found. Good enough to point an error at the right line.
 */
function findKeyOffset(text, keys) {
    let from = 0;
    let offset = -1;
    for (const key of keys) {
        const pattern = new RegExp(`${escapeRegExp(JSON.stringify(key))}\\s*:`, 'g');
        pattern.lastIndex = from;
        const match = pattern.exec(text);
        if (!match)
            return offset;
        offset = match.index;
        from = match.index + match[0].length;
    }
    return offset;
}
function escapeRegExp(s) {
    return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
/**
 * The first key that appears twice in the same object of `text` (valid JSON), or undefined. JSON.parse keeps the
 * last silently; for outputs and parameters that can turn a secret into a plain value, so we refuse it.
 * Iterative, so deep nesting cannot overflow the stack; keys are compared decoded (`"a"` equals `"\u0061"`).
 */
function findDuplicateKey(text) {
    const pathOf = (frame) => {
        const parts = [];
        for (let f = frame; f?.parent; f = f.parent)
            parts.push(f.under);
        return parts.reverse();
    };
    let top;
    let pendingKey = '';
    for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (c === '"') {
            const start = i;
            for (i++; i < text.length && text[i] !== '"'; i++)
                if (text[i] === '\\')
                    i++;
            if (top?.object && top.expectKey) {
                const key = JSON.parse(text.slice(start, i + 1));
                if (top.keys.has(key))
                    return { path: pathOf(top), key, offset: start, ...lineAndColumn(text, start) };
                top.keys.add(key);
                top.expectKey = false;
                pendingKey = key;
            }
            continue;
        }
        if (c === '{' || c === '[') {
            const under = top ? (top.object ? pendingKey : '[]') : '';
            top = { object: c === '{', keys: new Set(), under, expectKey: c === '{', ...(top ? { parent: top } : {}) };
        }
        else if (c === '}' || c === ']') {
            top = top?.parent;
        }
        else if (c === ',' && top?.object) {
            top.expectKey = true;
        }
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/core/options.ts
/** For callers with no host at hand (unit tests, tools): names the Request field itself. */
const REQUEST_FIELD_NAMES = {
    option: (field, value) => (value === undefined ? `the ${field} option` : `${field} = ${value}`),
};

;// CONCATENATED MODULE: ./src/core/environment.ts
/**
 * The azd environment on disk (DESIGN section 5): `.azure/<env>/.env` and `config.json`, `.azure/config.json` and
 * `.azure/.gitignore`, laid out and written byte for byte as azd 1.2x writes them. Every save re-reads the file
 * and applies only our changes, under a short lock, through an atomic write; a file we cannot read is never
 * overwritten.
 */








const ENV_NAME = /^[a-zA-Z0-9\-()_.]{1,64}$/;
const GITIGNORE = '# .azure is not intended to be committed\n*';
/** Keys azd's EnsureEnv copies from the OS environment into a new environment. */
const SEEDED_KEYS = ['AZURE_LOCATION', 'AZURE_SUBSCRIPTION_ID'];
/** A `.env` we create is private to its user, as azd's temp-file-and-rename leaves it (os.CreateTemp: 0600). */
const NEW_DOTENV_MODE = 0o600;
/** The environment name: explicit, else AZURE_ENV_NAME, else `.azure/config.json` defaultEnvironment. */
async function environment_selectEnvironmentName(root, explicit, osEnv, names = REQUEST_FIELD_NAMES) {
    const fromInput = explicit?.trim();
    const fromOs = osEnv.AZURE_ENV_NAME?.trim();
    let name = fromInput || fromOs;
    let source = fromInput ? names.option('environment') : 'AZURE_ENV_NAME';
    if (!name) {
        const file = external_node_path_default().join(root, '.azure', 'config.json');
        const text = await readTextFile(file, { what: 'azd configuration', maxBytes: MiB, code: 'CONFIG_INVALID' });
        if (text !== undefined) {
            const config = parseJson(text, file, 'azd configuration');
            const value = typeof config === 'object' && config !== null
                ? config.defaultEnvironment
                : undefined;
            if (typeof value === 'string' && value) {
                name = value;
                source = `defaultEnvironment in ${file}`;
            }
        }
    }
    if (!name) {
        throw new core_errors/* ScriptsError */.jW({
            code: 'ENVIRONMENT_NOT_SELECTED',
            message: 'No azd environment selected: no environment was given, AZURE_ENV_NAME is not set, and .azure/config.json names no default.',
            hint: `Name one with ${names.option('environment', 'NAME')}, or set AZURE_ENV_NAME.`,
        });
    }
    if (!ENV_NAME.test(name) || name === '.' || name === '..') {
        throw new core_errors/* ScriptsError */.jW({
            code: 'ENVIRONMENT_NAME_INVALID',
            message: `The environment name "${name}" (from ${source}) is not valid: use 1 to 64 letters, digits, '-', '(', ')', '_' or '.' (and not just "." or "..").`,
            hint: 'Choose a name such as "dev" or "staging-eastus".',
        });
    }
    return name;
}
class environment_AzdEnvironment {
    root;
    name;
    persist;
    dir;
    dotenvFile;
    configFile;
    /** The values as last read from disk (plus our own changes when not persisting). */
    values = new Map();
    onDisk = false;
    /** Changes kept in memory when not persisting, re-applied over each reload. */
    pending = new Map();
    pendingRemoved = new Set();
    /** The last text read or written, and its values. */
    parsed;
    lock;
    constructor(root, name, persist, lock = {}) {
        this.root = root;
        this.name = name;
        this.persist = persist;
        this.dir = external_node_path_default().join(root, '.azure', name);
        this.dotenvFile = external_node_path_default().join(this.dir, '.env');
        this.configFile = external_node_path_default().join(this.dir, 'config.json');
        this.lock = new EnvLock(this.dir, `the azd environment "${name}"`, lock);
    }
    /** True when `.azure/<name>` exists. */
    get exists() {
        return this.onDisk;
    }
    static async open(root, name, options) {
        const env = new environment_AzdEnvironment(root, name, options.persist, options.lock);
        env.onDisk = await isDirectory(env.dir);
        if (env.onDisk) {
            await env.reload();
            return env;
        }
        if (!options.create) {
            throw new core_errors/* ScriptsError */.jW({
                code: 'ENVIRONMENT_NOT_FOUND',
                message: `The azd environment "${name}" does not exist (${env.dir} not found).`,
                hint: `Run provision for "${name}" first, or choose an existing environment.`,
            });
        }
        const initial = new Map([['AZURE_ENV_NAME', name]]);
        for (const key of SEEDED_KEYS) {
            const value = options.osEnv[key];
            if (value)
                initial.set(key, value);
        }
        env.values = initial;
        if (options.persist)
            await env.create(initial);
        return env;
    }
    /** Creates `.azure/<name>/` as azd does under --no-prompt; the new environment becomes the default. */
    async create(initial) {
        const azure = external_node_path_default().dirname(this.dir);
        await external_node_fs_.promises.mkdir(this.dir, { recursive: true });
        const gitignore = external_node_path_default().join(azure, '.gitignore');
        if (!(await exists(gitignore)))
            await writeFileAtomic(gitignore, GITIGNORE);
        await writeFileAtomic(external_node_path_default().join(azure, 'config.json'), JSON.stringify({ version: 1, defaultEnvironment: this.name }));
        await this.withLock(async () => {
            // Under the lock, as azd writes it, and only when missing: a run racing us may have recorded outputs in it.
            if (!(await exists(this.configFile)))
                await writeFileAtomic(this.configFile, '{}');
            const current = await this.read();
            for (const [k, v] of initial)
                if (!current.has(k))
                    current.set(k, v);
            await writeFileAtomic(this.dotenvFile, formatDotenv(current), { mode: NEW_DOTENV_MODE });
            this.values = current;
        });
        this.onDisk = true;
    }
    /** Reads `.env` again (a script may have changed it). */
    async reload() {
        if (!this.persist && !this.onDisk)
            return this.values;
        const fresh = await this.read();
        if (!this.persist) {
            for (const k of this.pendingRemoved)
                fresh.delete(k);
            for (const [k, v] of this.pending)
                fresh.set(k, v);
        }
        this.values = fresh;
        return fresh;
    }
    /**
     * `.env` as it is on disk now. The file is read before every script, but parsed again only when its bytes
     * changed: a large environment then costs one read per script, not one parse.
     */
    async read() {
        const text = await readTextFile(this.dotenvFile, {
            what: 'azd environment file',
            maxBytes: 64 * MiB,
            code: 'DOTENV_INVALID',
        });
        if (text === undefined)
            return new Map();
        if (text !== this.parsed?.text)
            this.parsed = { text, values: dotenv_parseDotenvFile(text, this.dotenvFile) };
        return new Map(this.parsed.values);
    }
    remember(text, values) {
        this.parsed = { text, values: new Map(values) };
    }
    /**
     * Applies `set` and `remove` on top of what is on disk now. A value azd could not read back is not written
     * (returned as skipped); a file we cannot parse is left untouched and the save fails.
     */
    async save(changes) {
        const skipped = [];
        const set = new Map();
        for (const [key, value] of changes.set ?? []) {
            const reason = dotenv_unsavableReason(key, value);
            if (reason)
                skipped.push({ key, reason });
            else
                set.set(key, value);
        }
        const remove = [...(changes.remove ?? [])];
        if (!this.persist) {
            for (const key of remove) {
                this.values.delete(key);
                this.pending.delete(key);
                this.pendingRemoved.add(key);
            }
            for (const [k, v] of set) {
                this.values.set(k, v);
                this.pending.set(k, v);
                this.pendingRemoved.delete(k);
            }
            return skipped;
        }
        if (set.size === 0 && remove.length === 0)
            return skipped;
        await external_node_fs_.promises.mkdir(this.dir, { recursive: true });
        await this.withLock(async () => {
            const current = await this.read();
            for (const key of remove)
                current.delete(key);
            for (const [k, v] of set)
                current.set(k, v);
            const [unsavable] = await this.unsavable(current, set);
            if (unsavable)
                throw unsavable;
            const text = formatDotenv(current);
            await writeFileAtomic(this.dotenvFile, text, { mode: NEW_DOTENV_MODE });
            this.remember(text, current);
            this.values = current;
        });
        this.onDisk = true;
        return skipped;
    }
    /**
     * Values now in `.env` that could not be written back (DOTENV_UNSAVABLE, naming file:line): Initialize reports
     * them before any script runs, and a save refuses to rewrite the file while one is there.
     */
    async unsavableValues() {
        if (!this.onDisk)
            return [];
        return this.unsavable(await this.read(), new Map());
    }
    async unsavable(values, except) {
        const errors = [];
        for (const [key, value] of values) {
            const reason = except.has(key) || key === '' ? undefined : dotenv_unsavableReason(key, value);
            if (!reason)
                continue;
            const line = await this.lineOf(key);
            const at = line === undefined ? this.dotenvFile : `${this.dotenvFile}:${line}`;
            errors.push(new core_errors/* ScriptsError */.jW({
                code: 'DOTENV_UNSAVABLE',
                message: `${at}: the existing value of ${key} cannot be written back: ${reason}.`,
                hint: `Change or remove ${key} in ${this.dotenvFile} (azd would corrupt the file saving it too). The file was left unchanged.`,
                file: this.dotenvFile,
                ...(line === undefined ? {} : { line }),
            }));
        }
        return errors;
    }
    /** The 1-based line where `key` is last assigned in `.env`, for messages. */
    async lineOf(key) {
        const text = await readTextFile(this.dotenvFile, { what: 'azd environment file', maxBytes: 64 * MiB });
        if (text === undefined)
            return undefined;
        const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        const pattern = new RegExp(`^\\s*(export\\s+)?${escaped}\\s*[=:]`);
        const lines = text.split('\n');
        for (let i = lines.length - 1; i >= 0; i--)
            if (pattern.test(lines[i]))
                return i + 1;
        return undefined;
    }
    /** `.azure/<env>/config.json` as an object ({} when missing). */
    async readConfig() {
        const text = await readTextFile(this.configFile, {
            what: 'environment configuration',
            maxBytes: 16 * MiB,
            code: 'CONFIG_INVALID',
        });
        if (text === undefined)
            return {};
        const data = parseJson(text, this.configFile, 'environment configuration');
        if (typeof data !== 'object' || data === null || Array.isArray(data)) {
            throw new core_errors/* ScriptsError */.jW({
                code: 'CONFIG_INVALID',
                message: `${this.configFile}: the environment configuration must be a JSON object.`,
                hint: `Fix ${this.configFile} (azd reads it too), or replace it with {}.`,
                file: this.configFile,
            });
        }
        return data;
    }
    /**
     * Changes config.json under the lock, on top of what it holds now, keeping every key `change` leaves alone
     * (records.ts keeps provision's records there). `change` returns false when it changed nothing.
     */
    async updateConfig(change) {
        if (!this.persist)
            return;
        await external_node_fs_.promises.mkdir(this.dir, { recursive: true });
        await this.withLock(async () => {
            const config = await this.readConfig();
            if (change(config))
                await writeFileAtomic(this.configFile, json_marshalIndentGo(config));
        });
    }
    withLock(fn) {
        return this.lock.run(fn);
    }
}
async function isDirectory(dir) {
    try {
        return (await external_node_fs_.promises.stat(dir)).isDirectory();
    }
    catch {
        return false;
    }
}
async function exists(file) {
    try {
        await external_node_fs_.promises.lstat(file);
        return true;
    }
    catch {
        return false;
    }
}

// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __nccwpck_require__(8815);
// EXTERNAL MODULE: ./node_modules/zod/v4/mini/schemas.js + 5 modules
var schemas = __nccwpck_require__(8395);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/api.js + 1 modules
var api = __nccwpck_require__(3305);
;// CONCATENATED MODULE: ./src/core/script-entry.ts
/**
 * One script entry of infra.config (PRD REQ-1 plus the upstream extension's fields, DESIGN section 7): read
 * strictly, the `windows`/`posix` override of this OS applied field by field, and the shell settled as written
 * (`shell:`, PRD meaning), as a `kind:` (upstream meaning) or inferred from the file extension.
 */




const ENTRY_KEYS = [
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
];
const OVERRIDE_KEYS = ENTRY_KEYS.filter((k) => k !== 'windows' && k !== 'posix');
const KINDS = ['sh', 'pwsh'];
const script_entry_text = () => schemas/* string */.YjP().check(api/* _minLength */.m9(1));
// YAML reads `PORT: 8080` as a number; a variable is text either way.
const scalar = () => schemas/* union */.KCZ([schemas/* string */.YjP(), schemas/* number */.aig(), schemas/* boolean */.zMY()]);
const fields = {
    shell: schemas/* optional */.lqM(script_entry_text()),
    kind: schemas/* optional */.lqM(script_entry_text()),
    run: schemas/* optional */.lqM(script_entry_text()),
    parameters: schemas/* optional */.lqM(script_entry_text()),
    name: schemas/* optional */.lqM(script_entry_text()),
    env: schemas/* optional */.lqM(schemas/* record */.g1P(schemas/* string */.YjP(), scalar())),
    secrets: schemas/* optional */.lqM(schemas/* record */.g1P(schemas/* string */.YjP(), scalar())),
    continueOnError: schemas/* optional */.lqM(schemas/* boolean */.zMY()),
};
const OverrideSchema = schemas/* strictObject */.rej(fields);
const EntrySchema = schemas/* strictObject */.rej({
    ...fields,
    windows: schemas/* optional */.lqM(OverrideSchema),
    posix: schemas/* optional */.lqM(OverrideSchema),
});
const DESCRIPTIONS = {
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
function parseEntry(item, list, index, locate, problems, platform = process.platform) {
    const base = ['infra', 'config', list, index];
    const key = `infra.config.${list}[${index}]`;
    const where = locate.value(base);
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
        problems.add({
            code: 'PROJECT_INVALID',
            message: `${(0,core_errors/* formatLocation */.j$)(where)}${key} must be a mapping with at least run (and shell or kind).`,
            hint: 'Write a script entry as `- shell: bash` with `run: scripts/name.sh` below it.',
            ...where,
        });
        return undefined;
    }
    const parsed = EntrySchema.safeParse(item);
    if (!parsed.success) {
        for (const issue of parsed.error.issues)
            reportIssue(issue, item, key, base, locate, problems);
        return undefined;
    }
    const e = parsed.data;
    const before = problems.list.length;
    checkKeys(e, key, base, locate, problems);
    const osKey = platform === 'win32' ? 'windows' : 'posix';
    const override = e[osKey];
    if (override)
        checkKeys(override, `${key}.${osKey}`, [...base, osKey], locate, problems);
    // Field by field: the override's value where it gives one (maps merge key by key, as upstream does).
    const pick = (field) => {
        const mine = override?.[field];
        if (mine !== undefined)
            return { value: mine, at: locate.value([...base, osKey, field]) };
        const theirs = e[field];
        if (theirs !== undefined)
            return { value: theirs, at: locate.value([...base, field]) };
        return undefined;
    };
    const run = pick('run');
    if (!run) {
        problems.add({
            code: 'PROJECT_INVALID',
            message: `${(0,core_errors/* formatLocation */.j$)(where)}${key} is missing required key "run" (${DESCRIPTIONS.run}).`,
            hint: `Allowed keys of a script entry: ${ENTRY_KEYS.join(', ')}.`,
            ...where,
        });
        return undefined;
    }
    // The most specific level that names a shell decides; naming both at one level is ambiguous.
    const level = override && (override.shell !== undefined || override.kind !== undefined) ? override : e;
    const levelPath = level === e ? base : [...base, osKey];
    let shell;
    let shellFrom;
    let shellAt;
    if (level.shell !== undefined && level.kind !== undefined) {
        const at = locate.key(levelPath, 'kind');
        problems.add({
            code: 'PROJECT_INVALID',
            message: `${(0,core_errors/* formatLocation */.j$)(at)}${key} has both "shell" and "kind"; give one (kind: sh runs bash when it is installed, shell: sh always runs sh).`,
            hint: "Keep `kind:` for the upstream extension's meaning, or `shell:` for an exact shell (bash, sh, pwsh, powershell).",
            ...at,
        });
        return undefined;
    }
    else if (level.shell !== undefined) {
        [shell, shellFrom, shellAt] = [level.shell, 'shell', locate.value([...levelPath, 'shell'])];
    }
    else if (level.kind !== undefined) {
        [shell, shellFrom, shellAt] = [level.kind, 'kind', locate.value([...levelPath, 'kind'])];
    }
    else {
        const inferred = inferKind(run.value);
        if (!inferred) {
            problems.add({
                code: 'PROJECT_INVALID',
                message: `${(0,core_errors/* formatLocation */.j$)(where)}${key} is missing required key "shell" (${DESCRIPTIONS.shell}); it cannot be inferred from "${run.value}", which ends in neither .sh nor .ps1.`,
                hint: 'Add `shell: bash` (or sh, pwsh, powershell), or `kind: sh` / `kind: pwsh`.',
                ...where,
            });
            return undefined;
        }
        [shell, shellFrom, shellAt] = [inferred, 'inferred', run.at];
    }
    if (problems.list.length > before)
        return undefined;
    const entry = {
        list,
        index,
        key,
        shell,
        shellFrom,
        run: run.value,
        name: pick('name')?.value ?? external_node_path_default().basename(run.value),
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
    for (const map of ['env', 'secrets']) {
        const levels = [
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
function inferKind(run) {
    const ext = external_node_path_default().extname(run.replace(/\\/g, '/')).toLowerCase();
    return ext === '.sh' ? 'sh' : ext === '.ps1' ? 'pwsh' : undefined;
}
/** Names in env/secrets must be variable names; a name in both is ambiguous. */
function checkKeys(fields, key, base, locate, problems) {
    for (const map of ['env', 'secrets']) {
        for (const name of Object.keys(fields[map] ?? {})) {
            if (isEnvKey(name))
                continue;
            const at = locate.key([...base, map], name);
            problems.add({
                code: 'PROJECT_INVALID',
                message: `${(0,core_errors/* formatLocation */.j$)(at)}${key}.${map}: "${name}" is not a valid environment variable name.`,
                hint: 'Use letters, digits and _ only, not starting with a digit ([A-Za-z_][A-Za-z0-9_]*).',
                ...at,
            });
        }
    }
    for (const name of Object.keys(fields.secrets ?? {})) {
        if (fields.env?.[name] === undefined)
            continue;
        const at = locate.key([...base, 'secrets'], name);
        problems.add({
            code: 'PROJECT_INVALID',
            message: `${(0,core_errors/* formatLocation */.j$)(at)}${key}: "${name}" is in both env and secrets.`,
            hint: `Keep ${name} in secrets only, so its value is masked.`,
            ...at,
        });
    }
}
function reportIssue(issue, item, key, base, locate, problems) {
    const parts = issue.path.filter((p) => typeof p !== 'symbol');
    const owner = [key, ...parts].join('.');
    if (issue.code === 'unrecognized_keys' && issue.keys) {
        const allowed = parts.length === 0 ? ENTRY_KEYS : OVERRIDE_KEYS;
        for (const unknown of issue.keys)
            problems.add(unknownKey(unknown, owner, allowed, locate.key([...base, ...parts], unknown)));
        return;
    }
    let value = item;
    for (const p of parts)
        value = value?.[p];
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
    const message = typeof value === 'string' && value === ''
        ? `${owner} must not be empty (${described}).`
        : `${owner} must be ${expected}${inMap ? '' : ` (${described})`}, not ${describe(value)}.`;
    problems.add({
        code: 'PROJECT_INVALID',
        message: `${(0,core_errors/* formatLocation */.j$)(at)}${message}`,
        hint: `Allowed keys of a script entry: ${ENTRY_KEYS.join(', ')}.`,
        ...at,
    });
}
function unknownKey(key, owner, allowed, where) {
    const guess = (0,core_errors/* closest */.kp)(key, allowed);
    return {
        code: 'PROJECT_INVALID',
        message: `${(0,core_errors/* formatLocation */.j$)(where)}unknown key "${key}" in ${owner}${guess ? `; did you mean "${guess}"?` : '.'}`,
        hint: `Allowed keys in ${owner}: ${allowed.join(', ')}.`,
        ...where,
    };
}
function describe(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'a list';
    if (typeof value === 'object')
        return 'a mapping';
    return JSON.stringify(value);
}

;// CONCATENATED MODULE: ./src/core/project-state.ts
/**
 * azure.yaml's `state` section (azd's schema: `state: {remote: {backend, config}}`), read as far as the engine
 * needs: its shape, with file:line and did-you-mean for misspelt keys. What `backend` and `config` hold belongs
 * to the store that implements the backend (src/stores/<backend>/), which gets the raw values and a way to
 * point at them.
 */


const STATE_KEYS = ['remote'];
const REMOTE_KEYS = ['backend', 'config'];
/**
 * The `state.remote` section of a parsed azure.yaml, or undefined when there is none (no `state`, or `state` or
 * `remote` empty: azd then looks in the user config). Shape problems are added to `problems`.
 */
function parseStateSection(state, file, locate, problems) {
    if (state === undefined || state === null)
        return undefined;
    if (!isMapping(state)) {
        const where = locate.value(['state']);
        problems.add({
            code: 'PROJECT_INVALID',
            message: `${(0,core_errors/* formatLocation */.j$)(where)}state must be a mapping with a remote: section, not ${describe(state)}.`,
            hint: 'Write `state:` with `remote:` below it (backend: AzureBlobStorage and its config), or remove it.',
            ...where,
        });
        return undefined;
    }
    for (const key of Object.keys(state)) {
        if (!STATE_KEYS.includes(key))
            problems.add(unknownKey(key, 'state', STATE_KEYS, locate.key(['state'], key)));
    }
    const remote = state.remote;
    if (remote === undefined || remote === null)
        return undefined;
    if (!isMapping(remote)) {
        const where = locate.value(['state', 'remote']);
        problems.add({
            code: 'PROJECT_INVALID',
            message: `${(0,core_errors/* formatLocation */.j$)(where)}state.remote must be a mapping with backend: and config:, not ${describe(remote)}.`,
            hint: 'Write `backend: AzureBlobStorage` and `config:` (with accountName) under state.remote.',
            ...where,
        });
        return undefined;
    }
    let shapeOk = true;
    for (const key of Object.keys(remote)) {
        if (REMOTE_KEYS.includes(key))
            continue;
        problems.add(unknownKey(key, 'state.remote', REMOTE_KEYS, locate.key(['state', 'remote'], key)));
        shapeOk = false;
    }
    if (!shapeOk)
        return undefined;
    return {
        file,
        where: locate.key(['state'], 'remote'),
        backend: remote.backend,
        config: remote.config,
        locate: (path) => locate.value(['state', 'remote', ...path]),
        locateKey: (path, key) => locate.key(['state', 'remote', ...path], key),
    };
}
function isMapping(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}

;// CONCATENATED MODULE: ./src/core/project.ts
/**
 * The project: azure.yaml found by walking up from the working directory, its `infra` section read strictly
 * (PRD REQ-1). Every problem carries the file and line of the YAML node at fault; all problems of the
 * configuration are reported together.
 */








const PROJECT_FILES = ['azure.yaml', 'azure.yml'];
const LISTS = ['provision', 'destroy'];
/** Walks up from `cwd` to the first folder holding azure.yaml (or azure.yml). */
async function findProjectFile(cwd, names = REQUEST_FIELD_NAMES) {
    let dir = external_node_path_default().resolve(cwd);
    // A mistyped folder must not silently select the project above it (think `down --force`).
    const start = await external_node_fs_.promises.stat(dir).catch(() => undefined);
    if (!start?.isDirectory()) {
        throw new core_errors/* ScriptsError */.jW({
            code: 'PROJECT_NOT_FOUND',
            message: `The working directory ${dir} ${start ? 'is not a folder' : 'does not exist'}.`,
            hint: `Point ${names.option('cwd')} at your azd project folder.`,
        });
    }
    for (;;) {
        for (const name of PROJECT_FILES) {
            const candidate = external_node_path_default().join(dir, name);
            try {
                if ((await external_node_fs_.promises.stat(candidate)).isFile())
                    return candidate;
            }
            catch {
                // keep looking
            }
        }
        const parent = external_node_path_default().dirname(dir);
        if (parent === dir)
            break;
        dir = parent;
    }
    throw new core_errors/* ScriptsError */.jW({
        code: 'PROJECT_NOT_FOUND',
        message: `No azure.yaml found in ${external_node_path_default().resolve(cwd)} or any folder above it.`,
        hint: `Run from your azd project folder, or point ${names.option('cwd')} at it.`,
    });
}
async function loadProject(cwd, names = REQUEST_FIELD_NAMES) {
    const file = await findProjectFile(cwd, names);
    const text = await readTextFile(file, { what: 'project file', maxBytes: 4 * MiB, stripBom: true });
    if (text === undefined)
        throw new core_errors/* ScriptsError */.jW({ code: 'PROJECT_NOT_FOUND', message: `${file} disappeared.`, file });
    return parseProject(text, file);
}
/** `platform` picks the windows/posix override (tests pass another OS). */
function parseProject(text, file, platform = process.platform) {
    const root = external_node_path_default().dirname(file);
    const lineCounter = new dist/* LineCounter */.HN();
    const doc = (0,dist/* parseDocument */.Tp)(text, { lineCounter, prettyErrors: false, uniqueKeys: true, strict: true });
    const at = (offset) => {
        if (offset === undefined)
            return { file };
        const { line, col } = lineCounter.linePos(offset);
        return { file, line, column: col };
    };
    const yamlError = doc.errors[0];
    if (yamlError) {
        const where = at(yamlError.pos[0]);
        throw new core_errors/* ScriptsError */.jW({
            code: 'PROJECT_INVALID',
            message: `${(0,core_errors/* formatLocation */.j$)(where)}azure.yaml is not valid YAML: ${firstLine(yamlError.message)}`,
            hint: 'Fix the YAML at that line (indent with spaces, not tabs; each key once per mapping).',
            ...where,
        });
    }
    let data;
    try {
        data = doc.toJS({ maxAliasCount: 100 });
    }
    catch (err) {
        throw new core_errors/* ScriptsError */.jW({
            code: 'PROJECT_INVALID',
            message: `${file}: azure.yaml could not be read: ${firstLine(err instanceof Error ? err.message : String(err))}`,
            hint: 'Remove the excessive YAML aliases (&anchor / *alias) from azure.yaml.',
            file,
        });
    }
    const locate = new Locator(doc, at);
    const fail = (message, hint, where, code = 'PROJECT_INVALID') => {
        throw new core_errors/* ScriptsError */.jW({ code, message: `${(0,core_errors/* formatLocation */.j$)(where)}${message}`, hint, ...where });
    };
    if (!isObject(data))
        fail('azure.yaml must be a YAML mapping (key: value).', 'See the quickstart example for the shape of azure.yaml.', {
            file,
        });
    const project = data;
    if (!('infra' in project) || project.infra === null) {
        fail('azure.yaml has no infra section, so azd would provision with Bicep.', 'Add `infra:` with `provider: scripts` and a `config:` listing your scripts.', { file }, 'PROVIDER_NOT_SCRIPTS');
    }
    if (!isObject(project.infra))
        fail('infra must be a mapping.', 'Write `infra:` with `provider: scripts` and `config:` below it.', locate.value(['infra']));
    const infra = project.infra;
    if (infra.provider !== 'scripts') {
        const found = infra.provider === undefined
            ? 'not set (azd then uses bicep)'
            : typeof infra.provider === 'string'
                ? `"${infra.provider}"`
                : describe(infra.provider);
        fail(`infra.provider is ${found}; azd-scripts runs only projects with infra.provider: scripts.`, 'Set `provider: scripts` under infra, or use azd itself for Bicep and Terraform projects.', infra.provider === undefined ? locate.value(['infra']) : locate.value(['infra', 'provider']), 'PROVIDER_NOT_SCRIPTS');
    }
    if (!isObject(infra.config)) {
        fail(infra.config === undefined || infra.config === null
            ? 'infra.config is missing; it lists the scripts to run.'
            : 'infra.config must be a mapping with `provision` and/or `destroy` lists.', 'Add `config:` under infra with a `provision:` list (and a `destroy:` list for down).', infra.config === undefined ? locate.value(['infra']) : locate.value(['infra', 'config']));
    }
    const config = infra.config;
    const problems = new core_errors/* Problems */.Zw();
    for (const key of Object.keys(config)) {
        if (LISTS.includes(key))
            continue;
        problems.add(unknownKey(key, 'infra.config', LISTS, locate.key(['infra', 'config'], key)));
    }
    if (config.provision === undefined && config.destroy === undefined) {
        problems.add({
            code: 'PROJECT_INVALID',
            message: `${(0,core_errors/* formatLocation */.j$)(locate.value(['infra', 'config']))}infra.config has neither a provision nor a destroy list.`,
            hint: 'Add `provision:` (and `destroy:`) lists of scripts under infra.config.',
            ...locate.value(['infra', 'config']),
        });
    }
    const lists = {};
    for (const list of LISTS) {
        const raw = config[list];
        if (raw === undefined)
            continue;
        if (raw === null) {
            lists[list] = [];
            continue;
        }
        if (!Array.isArray(raw)) {
            const where = locate.value(['infra', 'config', list]);
            problems.add({
                code: 'PROJECT_INVALID',
                message: `${(0,core_errors/* formatLocation */.j$)(where)}infra.config.${list} must be a list of scripts (- shell: bash / run: path).`,
                hint: `Write each script as a list item under ${list}:, starting with "- ".`,
                ...where,
            });
            continue;
        }
        const entries = [];
        raw.forEach((item, index) => {
            const entry = parseEntry(item, list, index, locate, problems, platform);
            if (entry)
                entries.push(entry);
        });
        lists[list] = entries;
    }
    const remoteState = parseStateSection(project.state, file, locate, problems);
    problems.throwIfAny(`in ${file}`);
    const result = { root, file, lists };
    const name = project.name;
    if (typeof name === 'string' || typeof name === 'number')
        result.name = String(name);
    if (remoteState)
        result.remoteState = remoteState;
    return result;
}
/** Finds the YAML node behind a path, for file:line in messages. */
class Locator {
    doc;
    at;
    constructor(doc, at) {
        this.doc = doc;
        this.at = at;
    }
    /** Where the value at `path` starts (or the closest ancestor that exists). */
    value(pathParts) {
        for (let n = pathParts.length; n >= 0; n--) {
            const node = this.doc.getIn(pathParts.slice(0, n), true);
            if (node && typeof node === 'object' && 'range' in node && Array.isArray(node.range)) {
                return this.at(node.range[0]);
            }
        }
        return this.at(undefined);
    }
    /** Where the key `key` of the mapping at `pathParts` is written. */
    key(pathParts, key) {
        const node = this.doc.getIn(pathParts, true);
        if ((0,dist/* isMap */.jh)(node)) {
            for (const pair of node.items) {
                if ((0,dist/* isScalar */.jn)(pair.key) && String(pair.key.value) === key && pair.key.range)
                    return this.at(pair.key.range[0]);
            }
        }
        if ((0,dist/* isSeq */.oP)(node) && node.range)
            return this.at(node.range[0]);
        return this.value(pathParts);
    }
}
function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function firstLine(message) {
    return message.split('\n')[0].trim();
}

;// CONCATENATED MODULE: ./src/core/paths.ts
/**
 * A path from azure.yaml must name a regular file inside the project root, both as written and after
 * resolving symlinks (PRD REQ-7.1): a script or parameter file can never be read from outside the project.
 */




/** Returns the absolute (lexical) path of `written` under `root`, or throws a ScriptsError saying what is wrong. */
async function resolveProjectFile(root, written, options) {
    const where = options.location;
    const fail = (code, message, hint) => {
        throw new core_errors/* ScriptsError */.jW({ code, message: `${(0,core_errors/* formatLocation */.j$)(where)}${message}`, hint, ...where });
    };
    if (written.includes('\0')) {
        fail('SCRIPT_NOT_FOUND', `${options.key}: the ${options.what} path contains a NUL character.`, 'Remove the NUL character from the path in azure.yaml.');
    }
    if (external_node_path_default().posix.isAbsolute(written) || external_node_path_default().win32.isAbsolute(written)) {
        fail('PATH_OUTSIDE_PROJECT', `${options.key}: the ${options.what} path "${written}" is absolute; paths must be relative to the project root (${root}).`, `Write it relative to the folder of azure.yaml, e.g. "scripts/${external_node_path_default().basename(written)}".`);
    }
    const absolute = external_node_path_default().resolve(root, written);
    if (!isInside(root, absolute)) {
        fail('PATH_OUTSIDE_PROJECT', `${options.key}: the ${options.what} path "${written}" leaves the project root (${root}).`, 'Keep scripts and parameter files inside the folder of azure.yaml; copy or move the file there.');
    }
    let stat;
    try {
        stat = (0,external_node_fs_.statSync)(absolute);
    }
    catch (err) {
        if (isErrno(err, 'ENOENT') || isErrno(err, 'ENOTDIR')) {
            fail('SCRIPT_NOT_FOUND', `${options.key}: ${options.what} not found: ${absolute}`, `Create the file, or correct the path in azure.yaml (it is relative to ${root}).`);
        }
        const code = err?.code;
        if (!code)
            throw err;
        const reason = code === 'ELOOP'
            ? 'is a symlink loop'
            : code === 'ENAMETOOLONG'
                ? 'has a name longer than the file system allows'
                : code === 'EACCES' || code === 'EPERM'
                    ? 'cannot be read (permission denied)'
                    : `cannot be read (${code})`;
        return fail('SCRIPT_NOT_FOUND', `${options.key}: the ${options.what} ${absolute} ${reason}.`, `Correct the path in azure.yaml, or fix the file's permissions.`);
    }
    if (!stat.isFile()) {
        fail('SCRIPT_NOT_FOUND', `${options.key}: the ${options.what} ${absolute} is not a regular file.`, `Point ${options.key} at a file, not a folder or device.`);
    }
    let realRoot;
    let realFile;
    try {
        [realRoot, realFile] = [realRootOf(root), external_node_fs_.realpathSync.native(absolute)];
    }
    catch (err) {
        return fail('SCRIPT_NOT_FOUND', `${options.key}: the ${options.what} ${absolute} cannot be resolved (${err.code ?? String(err)}).`, 'Correct the path in azure.yaml.');
    }
    if (!isInside(realRoot, realFile)) {
        fail('PATH_OUTSIDE_PROJECT', `${options.key}: the ${options.what} ${absolute} resolves through a symlink to ${realFile}, outside the project root (${realRoot}).`, 'Copy the file into the project instead of linking to it from outside.');
    }
    return absolute;
}
const realRoots = new Map();
/** The project root with symlinks resolved, once per run. */
function realRootOf(root) {
    let real = realRoots.get(root);
    if (real === undefined) {
        real = external_node_fs_.realpathSync.native(root);
        realRoots.set(root, real);
    }
    return real;
}
function isInside(root, candidate) {
    const relative = external_node_path_default().relative(root, candidate);
    return !(relative === '..' || relative.startsWith(`..${(external_node_path_default()).sep}`) || external_node_path_default().isAbsolute(relative));
}

;// CONCATENATED MODULE: ./src/core/shells.ts
/**
 * The shell table (PRD REQ-1.4, REQ-2.3): which shells exist, how each is invoked, how to find it on PATH and
 * how to install it. Scripts are always started as an argv array; nothing here builds a command string.
 */


const SHELLS = ['bash', 'sh', 'pwsh', 'powershell'];
function isShell(value) {
    return SHELLS.includes(value);
}
/** Arguments after the executable. The script path is absolute, so a file named `-x.sh` is never an option. */
function shellArguments(shell, scriptPath) {
    switch (shell) {
        case 'bash':
        case 'sh':
            return [scriptPath];
        case 'pwsh':
        case 'powershell':
            return ['-NoProfile', '-NonInteractive', '-File', scriptPath];
    }
}
/** How to get a missing shell, on each platform. */
function installHint(shell) {
    switch (shell) {
        case 'bash':
            return ("Install bash: Linux `sudo apt-get install bash` (or your distribution's package); macOS ships bash " +
                '(`brew install bash` for a current one); Windows: install Git for Windows (`winget install Git.Git`, ' +
                'which brings Git Bash) or use WSL, and make sure bash is on PATH.');
        case 'sh':
            return ('Install a POSIX sh: Linux and macOS ship /bin/sh (`sudo apt-get install dash` if it is missing); ' +
                'Windows: install Git for Windows (`winget install Git.Git`) and put its usr\\bin on PATH, or use ' +
                '`shell: pwsh` instead.');
        case 'pwsh':
            return ('Install PowerShell 7: Linux https://learn.microsoft.com/powershell/scripting/install/installing-powershell-on-linux ' +
                '(e.g. `sudo snap install powershell --classic`); macOS `brew install --cask powershell`; Windows ' +
                '`winget install --id Microsoft.PowerShell`.');
        case 'powershell':
            return ('Windows PowerShell 5.1 (`powershell`) exists only on Windows, where it ships with the system. On Linux ' +
                'and macOS use `shell: pwsh` (PowerShell 7): Linux `sudo snap install powershell --classic`, macOS ' +
                '`brew install --cask powershell`.');
    }
}
/** Looks `name` up on the PATH of `env`, as the OS would; undefined when it is not there. */
function findExecutable(name, env) {
    const windows = process.platform === 'win32';
    const pathKey = windows ? (Object.keys(env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH') : 'PATH';
    const dirs = (env[pathKey] ?? '').split((external_node_path_default()).delimiter).filter(Boolean);
    const extensions = windows ? (env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean) : [''];
    for (const dir of dirs) {
        for (const ext of extensions) {
            const candidate = external_node_path_default().join(dir, name + ext);
            try {
                if (!(0,external_node_fs_.statSync)(candidate).isFile())
                    continue;
                if (!windows)
                    (0,external_node_fs_.accessSync)(candidate, external_node_fs_.constants.X_OK);
                return candidate;
            }
            catch {
                // not here
            }
        }
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/core/pickers.ts
/**
 * Pick-lists for AZURE_LOCATION and AZURE_SUBSCRIPTION_ID (PRD REQ-3.4), filled from the Azure CLI the person
 * already uses. When `az` is missing or not logged in, the caller falls back to a plain prompt and says why.
 */

function pickerFor(key) {
    if (key === 'AZURE_LOCATION')
        return { choices: (env) => locations(env) };
    if (key === 'AZURE_SUBSCRIPTION_ID')
        return { choices: (env) => subscriptions(env) };
    return undefined;
}
async function locations(env) {
    const data = await az(['account', 'list-locations', '-o', 'json'], env);
    if ('why' in data)
        return data;
    const list = data.json
        .filter((l) => typeof l.name === 'string' && (l.metadata?.regionType ?? 'Physical') === 'Physical')
        .sort((a, b) => (a.displayName ?? a.name).localeCompare(b.displayName ?? b.name));
    if (list.length === 0)
        return { why: '`az account list-locations` returned no locations' };
    return { choices: list.map((l) => ({ name: `${l.displayName ?? l.name} (${l.name})`, value: l.name })) };
}
async function subscriptions(env) {
    const data = await az(['account', 'list', '-o', 'json'], env);
    if ('why' in data)
        return data;
    const list = data.json
        .filter((s) => typeof s.id === 'string' && (s.state ?? 'Enabled') === 'Enabled')
        .sort((a, b) => Number(b.isDefault ?? false) - Number(a.isDefault ?? false) || (a.name ?? '').localeCompare(b.name ?? ''));
    if (list.length === 0)
        return { why: '`az account list` returned no enabled subscriptions (run `az login`)' };
    return {
        choices: list.map((s) => ({ name: `${s.name ?? s.id} (${s.id})${s.isDefault ? ' [default]' : ''}`, value: s.id })),
    };
}
async function az(args, env) {
    const executable = findExecutable('az', env);
    if (!executable)
        return { why: 'the Azure CLI (az) is not on PATH, so no pick-list can be offered' };
    const clean = Object.fromEntries(Object.entries(env).filter((e) => e[1] !== undefined));
    try {
        // Loaded only when a pick-list is offered: no other run needs it.
        const { getExecOutput } = await __nccwpck_require__.e(/* import() */ 955).then(__nccwpck_require__.bind(__nccwpck_require__, 1955));
        const out = await getExecOutput(executable, args, { silent: true, ignoreReturnCode: true, env: clean });
        if (out.exitCode !== 0) {
            const reason = out.stderr.trim().split('\n')[0] || `exit code ${out.exitCode}`;
            return { why: `\`az ${args.join(' ')}\` failed (${reason})` };
        }
        const json = JSON.parse(out.stdout);
        if (!Array.isArray(json))
            return { why: `\`az ${args.join(' ')}\` did not return a list` };
        return { json };
    }
    catch (err) {
        return { why: `\`az ${args.join(' ')}\` could not run (${err instanceof Error ? err.message : String(err)})` };
    }
}

;// CONCATENATED MODULE: ./src/core/parameters.ts
/**
 * Parameters (PRD REQ-3, DESIGN section 4): parameter files loaded and validated before anything runs, each
 * key resolved from the first source that gives a non-empty value (request → `${VAR}` interpolation → literal →
 * the key in the azd env, then the OS env → prompt), typed, masked when secret, and either prompted for (a person
 * at a terminal) or reported all together (everywhere else).
 */









const PARAMETER_TYPES = ['string', 'number', 'integer', 'boolean'];
const TOP_KEYS = ['parameters', '$schema', 'contentVersion'];
const PARAMETER_KEYS = ['type', 'value', 'name', 'secret'];
const PLACEHOLDER = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const ParameterSchema = schemas/* strictObject */.rej({
    // azd's ARM-style main.parameters.json entries have no type (DESIGN section 7).
    type: schemas/* optional */.lqM(schemas/* enum */.k5n(PARAMETER_TYPES)),
    value: schemas/* optional */.lqM(schemas/* union */.KCZ([schemas/* string */.YjP(), schemas/* number */.aig(), schemas/* boolean */.zMY(), schemas/* array */.YOg(schemas/* unknown */.L5J()), schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* unknown */.L5J())])),
    name: schemas/* optional */.lqM(schemas/* string */.YjP()),
    secret: schemas/* optional */.lqM(schemas/* boolean */.zMY()),
});
/** Finds, checks and parses the parameter files of `entries`; problems go to `problems`. */
async function loadParameterFiles(project, entries, problems) {
    const files = new Map();
    for (const entry of entries) {
        if (entry.parameters === undefined)
            continue;
        const written = entry.parameters;
        const file = await problems.collect(() => resolveProjectFile(project.root, written, {
            what: 'parameter file',
            key: `${entry.key}.parameters`,
            location: entry.at.parameters ?? entry.location,
        }));
        if (!file || files.has(file))
            continue;
        const parsed = await problems.collect(() => readParameterFile(file, external_node_path_default().relative(project.root, file)));
        if (parsed)
            files.set(file, parsed);
    }
    return [...files.values()];
}
async function readParameterFile(file, relative) {
    const text = await readTextFile(file, {
        what: 'parameter file',
        maxBytes: 4 * MiB,
        stripBom: true,
        code: 'PARAMETERS_INVALID',
    });
    if (text === undefined) {
        throw new core_errors/* ScriptsError */.jW({ code: 'SCRIPT_NOT_FOUND', message: `Parameter file not found: ${file}`, file });
    }
    return parseParameterFile(text, file, relative);
}
function parseParameterFile(text, file, relative) {
    const data = parseJson(text, file, 'parameter file');
    const duplicate = findDuplicateKey(text);
    if (duplicate) {
        const owner = duplicate.path.length === 0 ? 'the top level' : `"${duplicate.path.join('.')}"`;
        const where = { file, line: duplicate.line, column: duplicate.column };
        throw new core_errors/* ScriptsError */.jW((0,core_errors/* locatedError */.Js)(where, 'PARAMETERS_INVALID', `"${duplicate.key}" appears twice in ${owner} of the parameter file; JSON readers keep the last silently, which could drop a "secret": true.`, 'Declare each parameter (and each of its keys) once.'));
    }
    const problems = new core_errors/* Problems */.Zw();
    const at = (keys) => {
        const offset = findKeyOffset(text, keys);
        return offset < 0 ? { file } : { file, ...lineAndColumn(text, offset) };
    };
    const problem = (message, hint, where) => (0,core_errors/* locatedError */.Js)(where, 'PARAMETERS_INVALID', message, hint);
    const shape = 'A parameter file is {"parameters": {"NAME": {"type": "string", "value": "...", "name": "...", "secret": false}}}.';
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
        throw new core_errors/* ScriptsError */.jW(problem('the parameter file must be a JSON object.', shape, { file }));
    }
    const top = data;
    for (const key of Object.keys(top)) {
        if (TOP_KEYS.includes(key))
            continue;
        const guess = (0,core_errors/* closest */.kp)(key, TOP_KEYS);
        problems.add(problem(`unknown key "${key}" at the top of the parameter file${guess ? `; did you mean "${guess}"?` : '.'}`, shape, at([key])));
    }
    const parameters = top.parameters;
    if (parameters === undefined || typeof parameters !== 'object' || parameters === null || Array.isArray(parameters)) {
        problems.add(problem(parameters === undefined
            ? 'the parameter file has no "parameters" object.'
            : '"parameters" must be a JSON object.', shape, at(['parameters'])));
        problems.throwIfAny(`in ${file}`);
        return { file, relative, declarations: [] };
    }
    const declarations = [];
    for (const [key, raw] of Object.entries(parameters)) {
        const where = at(['parameters', key]);
        if (!isEnvKey(key)) {
            problems.add(problem(`the parameter name "${key}" is not a valid environment variable name.`, 'Parameter names reach scripts as environment variables: use [A-Za-z_][A-Za-z0-9_]*.', where));
            continue;
        }
        const parsed = ParameterSchema.safeParse(raw);
        if (!parsed.success) {
            for (const issue of parsed.error.issues) {
                const field = typeof issue.path[0] === 'string' ? issue.path[0] : undefined;
                if (issue.code === 'unrecognized_keys') {
                    for (const unknown of issue.keys) {
                        const guess = (0,core_errors/* closest */.kp)(unknown, PARAMETER_KEYS);
                        problems.add(problem(`parameter ${key}: unknown key "${unknown}"${guess ? `; did you mean "${guess}"?` : '.'}`, `A parameter may have: ${PARAMETER_KEYS.join(', ')}.`, at(['parameters', key, unknown])));
                    }
                }
                else if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
                    problems.add(problem(`parameter ${key} must be an object with at least "type".`, shape, where));
                    break;
                }
                else if (field === 'type') {
                    const found = raw.type;
                    problems.add(problem(found === undefined
                        ? `parameter ${key} has no "type"; it must be one of ${PARAMETER_TYPES.join(', ')}.`
                        : `parameter ${key} has type ${JSON.stringify(found)}; it must be one of ${PARAMETER_TYPES.join(', ')}.`, `Set "type" to one of ${PARAMETER_TYPES.join(', ')}.`, found === undefined ? where : at(['parameters', key, 'type'])));
                }
                else if (field !== undefined) {
                    const expected = field === 'secret' ? 'true or false' : field === 'value' ? 'a string (or a number or boolean)' : 'a string';
                    problems.add(problem(`parameter ${key}: "${field}" must be ${expected}.`, shape, at(['parameters', key, field])));
                }
            }
            continue;
        }
        const p = parsed.data;
        const structured = typeof p.value === 'object' && p.value !== null;
        if (structured && p.type !== undefined) {
            problems.add(problem(`parameter ${key}: "value" must be a string (or a number or boolean) for type ${p.type}.`, 'Give the value as text, or leave out "type" (an object or array value is then passed as compact JSON).', at(['parameters', key, 'value'])));
            continue;
        }
        const type = p.type ?? literalType(p.value);
        const declaration = { key, type, secret: p.secret ?? false, file, relative, location: where };
        if (p.value !== undefined)
            declaration.value = structured ? stringifySorted(p.value) : String(p.value);
        if (p.name !== undefined && p.name.trim())
            declaration.name = p.name;
        declarations.push(declaration);
    }
    problems.throwIfAny(`in ${file}`);
    return { file, relative, declarations };
}
/** Resolves every declared parameter of the command (DESIGN section 4), or fails once listing what is missing. */
async function resolveParameters(options) {
    const { requestValues, azdEnv, osEnv, secrets } = options;
    const names = options.names ?? REQUEST_FIELD_NAMES;
    const byKey = new Map();
    for (const file of options.files) {
        for (const d of file.declarations)
            byKey.set(d.key, [...(byKey.get(d.key) ?? []), d]);
    }
    const values = new Map();
    const toPersist = new Map();
    const plan = [];
    const warnings = [];
    const problems = new core_errors/* Problems */.Zw();
    let unresolved = [];
    const lookup = (name) => nonEmpty(azdEnv.get(name)) ?? nonEmpty(osEnv[name]);
    for (const [key, declarations] of byKey) {
        const secret = declarations.some((d) => d.secret);
        const typeConflict = declarations.find((d) => d.type !== declarations[0].type);
        if (typeConflict) {
            problems.add(conflict(key, declarations[0], typeConflict, `type ${declarations[0].type}`, `type ${typeConflict.type}`));
            continue;
        }
        let found;
        const fromRequest = nonEmpty(requestValues.get(key));
        const missing = new Set();
        if (fromRequest !== undefined) {
            found = { value: fromRequest, source: 'request' };
        }
        else {
            let candidate;
            let conflicting = false;
            for (const d of declarations) {
                const own = fromDeclaredValue(d, lookup, missing);
                if (!own)
                    continue;
                if (candidate && candidate.value !== own.value) {
                    const show = (v) => (secret ? 'another value' : JSON.stringify(v));
                    problems.add(conflict(key, candidate.from, d, show(candidate.value), show(own.value)));
                    conflicting = true;
                    break;
                }
                candidate ??= { ...own, from: d };
            }
            if (conflicting)
                continue;
            if (candidate)
                found = { value: candidate.value, source: candidate.source };
            else if (nonEmpty(azdEnv.get(key)) !== undefined)
                found = { value: azdEnv.get(key), source: 'azd-env' };
            else if (nonEmpty(osEnv[key]) !== undefined)
                found = { value: osEnv[key], source: 'os-env' };
        }
        if (!found) {
            unresolved.push({ key, declarations, missing: [...missing] });
            continue;
        }
        const typed = coerce(declarations[0].type, found.value);
        if (typed.error) {
            problems.add(typeError(key, declarations[0], found.value, typed.error, secret, found.source, names));
            continue;
        }
        if (secret)
            secrets.add(typed.value, 'secret', `parameter ${key}`);
        values.set(key, typed.value);
        if (found.source === 'request' && !secret)
            toPersist.set(key, typed.value);
        plan.push(planned(key, typed.value, secret, found.source, declarations));
    }
    const notNeeded = unresolved.filter((u) => options.optional?.(u.declarations));
    if (notNeeded.length > 0) {
        unresolved = unresolved.filter((u) => !notNeeded.includes(u));
        warnings.push(optionalWarning(notNeeded, options.command));
    }
    if (!problems.empty && unresolved.length > 0)
        problems.add(unresolvedError(unresolved, names));
    problems.throwIfAny('in the parameter files; nothing was run');
    if (unresolved.length > 0) {
        if (!options.prompt || options.command === 'preview') {
            if (options.command === 'preview' && options.prompt) {
                for (const u of unresolved)
                    plan.push({
                        ...planned(u.key, '(asked when provision runs)', false, 'prompt', u.declarations),
                        secret: isSecret(u),
                    });
            }
            else {
                throw unresolvedError(unresolved, names);
            }
        }
        else {
            for (const u of unresolved) {
                const d = u.declarations[0];
                const secret = isSecret(u);
                const label = u.declarations.find((x) => x.name)?.name ?? u.key;
                const value = await ask(options.prompt, u.key, label, d.type, secret, osEnv, options.info);
                if (secret)
                    secrets.add(value, 'secret', `parameter ${u.key}`);
                values.set(u.key, value);
                if (!secret)
                    toPersist.set(u.key, value);
                plan.push(planned(u.key, value, secret, 'prompt', u.declarations));
            }
        }
    }
    // Request values nobody declared still reach every script (scripts may read them directly).
    const declared = [...byKey.keys()];
    for (const [key, raw] of requestValues) {
        if (byKey.has(key))
            continue;
        const value = raw;
        values.set(key, value);
        plan.push(planned(key, value, false, 'request', []));
        const guess = (0,core_errors/* closest */.kp)(key, declared);
        warnings.push(`Parameter ${key} was given, but no parameter file of this command declares it${guess ? `; did you mean ${guess}?` : '.'} It still reaches every script as an environment variable.`);
    }
    return { values, toPersist, plan, warnings };
}
/** Steps 2 and 3: the declared `value`, with every `${VAR}` filled in, or the literal. */
function fromDeclaredValue(d, lookup, missing) {
    if (d.value === undefined)
        return undefined;
    const names = [...d.value.matchAll(PLACEHOLDER)].map((m) => m[1]);
    if (names.length === 0) {
        const literal = nonEmpty(d.value);
        return literal === undefined ? undefined : { value: literal, source: 'literal' };
    }
    const absent = names.filter((n) => lookup(n) === undefined);
    if (absent.length > 0) {
        absent.forEach((n) => missing.add(n));
        return undefined;
    }
    const value = d.value.replace(PLACEHOLDER, (_m, n) => lookup(n));
    return nonEmpty(value) === undefined ? undefined : { value, source: 'interpolated' };
}
/** The type of an ARM-style entry without one: a JSON number or boolean keeps its type, the rest is a string. */
function literalType(value) {
    if (typeof value === 'boolean')
        return 'boolean';
    if (typeof value === 'number')
        return Number.isInteger(value) ? 'integer' : 'number';
    return 'string';
}
function coerce(type, raw) {
    const v = raw.trim();
    switch (type) {
        case 'string':
            return { value: raw };
        case 'integer':
            if (/^[+-]?\d+$/.test(v))
                return { value: BigInt(v).toString() };
            return { value: raw, error: 'an integer (such as 3 or -1)' };
        case 'number':
            if (/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(v) && Number.isFinite(Number(v)))
                return { value: String(Number(v)) };
            return { value: raw, error: 'a number (such as 3 or 2.5)' };
        case 'boolean':
            if (/^(true|false)$/i.test(v))
                return { value: v.toLowerCase() };
            return { value: raw, error: 'true or false' };
    }
}
async function ask(prompt, key, label, type, secret, osEnv, info) {
    const validate = (value) => {
        if (!value.trim())
            return `${label} needs a value.`;
        const typed = coerce(type, value);
        return typed.error ? `${label} must be ${typed.error}.` : undefined;
    };
    const picker = secret ? undefined : pickerFor(key);
    if (picker) {
        const choices = await picker.choices(osEnv);
        if ('choices' in choices)
            return prompt.select({ message: label, choices: choices.choices });
        info?.(`${key}: ${choices.why}; enter it as text.`);
    }
    const answer = await prompt.text({ message: label, secret, validate });
    return coerce(type, answer).value;
}
function isSecret(u) {
    return u.declarations.some((d) => d.secret);
}
function planned(key, value, secret, source, declarations) {
    return {
        key,
        value: secret ? '***' : value,
        secret,
        source,
        files: [...new Set(declarations.map((d) => d.relative))],
    };
}
function nonEmpty(value) {
    return value === undefined || value === '' ? undefined : value;
}
function conflict(key, a, b, aWhat, bWhat) {
    return {
        code: 'PARAMETERS_CONFLICT',
        message: `Parameter ${key} is declared with ${aWhat} in ${a.relative} and ${bWhat} in ${b.relative}; every script of a run gets the same parameters, so they must agree.`,
        hint: `Make the two declarations of ${key} agree, or rename one of them.`,
        ...b.location,
    };
}
function typeError(key, d, value, expected, secret, source, names) {
    const shown = secret ? 'a value' : JSON.stringify(value);
    const from = source === 'request'
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
function unresolvedError(unresolved, names) {
    const lines = unresolved.map((u) => {
        const files = [...new Set(u.declarations.map((d) => d.relative))].join(', ');
        const placeholders = u.missing.length > 0 ? `; placeholders that did not resolve: ${u.missing.map((m) => `\${${m}}`).join(', ')}` : '';
        return `  - ${u.key} (declared in ${files}${placeholders})`;
    });
    const first = unresolved[0];
    const n = unresolved.length;
    return new core_errors/* ScriptsError */.jW({
        code: 'PARAMETERS_UNRESOLVED',
        message: `${n} parameter${n === 1 ? ' has' : 's have'} no value, and this run cannot prompt for ${n === 1 ? 'it' : 'them'}:\n${lines.join('\n')}\n` +
            `Supply each one in any of these ways:\n` +
            `  - ${names.option('parameters', 'KEY=VALUE')}\n` +
            `  - an environment variable of the same name (in CI, from a secret for secret values)\n` +
            `  - azd env set KEY VALUE (stored in .azure/<environment>/.env)`,
        hint: 'Nothing was run. Supply the values listed above and run again.',
        ...first.declarations[0].location,
        problems: unresolved.map((u) => ({
            code: 'PARAMETERS_UNRESOLVED',
            message: `${u.declarations[0].relative}: parameter ${u.key} has no value${u.missing.length > 0 ? ` (\${${u.missing.join('}, ${')}} did not resolve)` : ''}.`,
            hint: `Supply ${u.key} with ${names.option('parameters', `${u.key}=VALUE`)}, an environment variable, or azd env set.`,
            ...u.declarations[0].location,
        })),
    });
}
/** The parameters a command runs without (down: those only provision's parameter files declare). */
function optionalWarning(unresolved, command) {
    const list = unresolved.map((u) => `${u.key} (${[...new Set(u.declarations.map((d) => d.relative))].join(', ')})`);
    return (`${command} runs without ${list.length === 1 ? 'parameter' : 'parameters'} ${list.join(', ')}: no value was found, ` +
        `and ${list.length === 1 ? 'it is' : 'they are'} declared only in parameter files that provision scripts use too, so ${command} does not require ${list.length === 1 ? 'it' : 'them'}. ` +
        'A destroy script that needs one gets it from the parameters input, an environment variable of that name, or .env.');
}

;// CONCATENATED MODULE: ./src/core/fresh-checkout.ts
/**
 * What `state` and `down` say on a machine where provision never ran (a fresh CI checkout): `.azure/` is
 * git-ignored, so a new runner has no recorded outputs. Only ways that exist today are named.
 */

/** How the recorded state of an environment reaches another job or machine. */
function sharingHint(name) {
    const folder = external_node_path_default().posix.join('.azure', name);
    return (`Run state and down in the same job or workspace as provision, or carry the ${folder} folder over: ` +
        `save it with actions/cache or actions/upload-artifact (GitHub) or PublishPipelineArtifact (Azure Pipelines) ` +
        `after provision, and restore it into the project folder before state or down.`);
}
/** Why nothing is recorded here. */
function nothingRecordedHere(name, dir) {
    return (`Nothing was recorded for environment "${name}" on this machine: ${dir} does not exist. ` +
        `.azure/ is git-ignored, so a fresh checkout (a new CI runner) has no state from an earlier provision.`);
}

;// CONCATENATED MODULE: ./src/core/masked-names.ts
/**
 * `masked-outputs` names. GitHub treats output names case-insensitively, and so does Azure Pipelines for
 * variables, so `db_conn` names the output `DB_CONN`. A name that matches no output is almost always a typo that
 * would leave a value unmasked, so it is reported.
 */

function isMaskedName(request, key) {
    if (request.maskedOutputs.size === 0)
        return false;
    const upper = key.toUpperCase();
    for (const name of request.maskedOutputs)
        if (name.toUpperCase() === upper)
            return true;
    return false;
}
/**
 * Warns about masked-outputs names that match no output. Only after a run that succeeded and collected outputs:
 * a failed run may have stopped before the script that writes the named output, and a run without outputs
 * (a script that writes none, `down`, `preview`) has nothing to match against.
 */
function warnUnmatchedMaskedNames(ctx) {
    const { request, result } = ctx;
    if (request.maskedOutputs.size === 0 || result.status !== 'succeeded' || result.outputs.size === 0)
        return;
    const keys = new Set([...result.outputs.keys()].map((k) => k.toUpperCase()));
    for (const name of request.maskedOutputs) {
        if (keys.has(name.toUpperCase()))
            continue;
        warn(ctx, `masked-outputs names ${name}, but no output of this run has that name (names are matched ignoring case). Check the spelling; outputs: ${[...result.outputs.keys()].slice(0, 20).join(', ')}${result.outputs.size > 20 ? ', …' : ''}.`);
    }
}

;// CONCATENATED MODULE: ./src/core/records.ts
/** Never recorded, never removed: azd's own name of the environment. */
const NEVER_REMOVED = new Set(['AZURE_ENV_NAME']);
/**
 * azd's own configuration keys (set by `azd env set` or azd's EnsureEnv, read by the next provision). A key that an
 * older version recorded without a type may have been one of these, set before provision: `down` keeps it.
 */
const AZD_SETTINGS = new Set(['AZURE_ENV_NAME', 'AZURE_LOCATION', 'AZURE_SUBSCRIPTION_ID', 'AZURE_TENANT_ID']);
/** The outputs recorded in config.json, in key order. */
async function recordedOutputs(env) {
    return readRecords(await env.readConfig());
}
function scriptsSection(config) {
    const scripts = config.scripts;
    return typeof scripts === 'object' && scripts !== null && !Array.isArray(scripts)
        ? { ...scripts }
        : {};
}
function readRecords(config) {
    const scripts = scriptsSection(config);
    const keys = Array.isArray(scripts.outputs) ? scripts.outputs.filter((k) => typeof k === 'string') : [];
    const types = typeof scripts.outputTypes === 'object' && scripts.outputTypes !== null && !Array.isArray(scripts.outputTypes)
        ? scripts.outputTypes
        : {};
    return [...new Set(keys)].sort().map((key) => {
        const type = Object.hasOwn(types, key) ? types[key] : undefined;
        return typeof type === 'string' ? { key, type } : { key };
    });
}
function writeRecords(config, records) {
    const scripts = scriptsSection(config);
    const sorted = [...records].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    scripts.outputs = sorted.map((r) => r.key);
    const types = {};
    for (const r of sorted)
        if (r.type !== undefined)
            Object.defineProperty(types, r.key, { value: r.type, enumerable: true });
    // Left out when empty, so a torn-down environment's config.json is what earlier versions wrote.
    if (Object.keys(types).length > 0)
        scripts.outputTypes = types;
    else
        delete scripts.outputTypes;
    config.scripts = scripts;
}
/**
 * Records the outputs a provision saved to `.env`. Created when the run starts, it remembers which keys `.env` held
 * then; only keys that were not there (or that an earlier provision recorded) are recorded.
 */
class OutputRecorder {
    env;
    before;
    constructor(env, keysAtStart) {
        this.env = env;
        this.before = new Set(keysAtStart);
    }
    /** Records `outputs` (key, type as written in outputs.json) that this run introduced or that are ours already. */
    async record(outputs) {
        const wanted = [...outputs].filter((o) => !NEVER_REMOVED.has(o.key));
        if (wanted.length === 0)
            return;
        await this.env.updateConfig((config) => {
            const records = new Map(readRecords(config).map((r) => [r.key, r]));
            let changed = false;
            for (const { key, type } of wanted) {
                const existing = records.get(key);
                if (!existing && this.before.has(key))
                    continue;
                // An older version recorded every output, azd's own settings included: giving such a record a type now
                // would make down remove a setting that was there before.
                if (existing && existing.type === undefined && this.before.has(key) && AZD_SETTINGS.has(key))
                    continue;
                if (existing?.type === type)
                    continue;
                records.set(key, { key, type });
                changed = true;
            }
            if (!changed)
                return false;
            writeRecords(config, [...records.values()]);
            return true;
        });
    }
}
/**
 * After every destroy script succeeded: deletes from `.env` the keys provision introduced and forgets them. Returns
 * the keys removed. Keys recorded by an older version (no type) are removed too, except azd's own settings.
 */
async function removeRecordedOutputs(env) {
    const records = await recordedOutputs(env);
    const remove = records
        .filter((r) => !NEVER_REMOVED.has(r.key) && !(r.type === undefined && AZD_SETTINGS.has(r.key)))
        .map((r) => r.key);
    if (remove.length > 0)
        await env.save({ remove });
    if (records.length > 0) {
        await env.updateConfig((config) => {
            const left = readRecords(config).filter((r) => !records.some((done) => done.key === r.key));
            writeRecords(config, left);
            return true;
        });
    }
    return remove;
}

// EXTERNAL MODULE: ./src/core/request.ts
var request = __nccwpck_require__(8506);
// EXTERNAL MODULE: ./src/core/secrets.ts
var secrets = __nccwpck_require__(8198);
;// CONCATENATED MODULE: ./src/core/preview.ts


function preview(ctx, scripts, parameters) {
    const { host } = ctx;
    const plan = {
        scripts: scripts.map(({ entry, shell }) => ({
            name: entry.name,
            shell,
            path: entry.run,
            continueOnError: entry.continueOnError,
            ...(entry.parameters ? { parameters: entry.parameters } : {}),
            ...(Object.keys(entry.env).length > 0
                ? { env: Object.fromEntries(Object.entries(entry.env).map(([k, v]) => [k, ctx.secrets.redact(v)])) }
                : {}),
            ...(Object.keys(entry.secrets).length > 0 ? { secrets: Object.keys(entry.secrets).sort() } : {}),
        })),
        // Redacted here, once, so that no renderer (text, JSON, summaries) can show a secret held inside a
        // non-secret value such as "Server=db;Password=${DB_PASSWORD}".
        parameters: parameters.plan.map((p) => ({ ...p, value: p.secret ? secrets/* REDACTED */.XF : ctx.secrets.redact(p.value) })),
        note: request/* PREVIEW_NOTE */.c,
    };
    ctx.result.plan = plan;
    host.info(`Preview of provision for environment "${ctx.result.environment}": ${scripts.length} script(s) would run, in this order:`);
    plan.scripts.forEach((s, i) => {
        host.info(`  ${i + 1}. ${s.name} (${s.shell}) ${s.path}${s.continueOnError ? ' [continueOnError]' : ''}`);
        for (const [key, value] of Object.entries(s.env ?? {}).sort(([a], [b]) => (a < b ? -1 : 1)))
            host.info(`     env ${key} = ${value}`);
        for (const key of s.secrets ?? [])
            host.info(`     secret ${key} = ${secrets/* REDACTED */.XF}`);
    });
    if (plan.parameters.length > 0) {
        host.info('Parameters:');
        for (const p of plan.parameters) {
            const files = p.files.length > 0 ? `, declared in ${p.files.join(', ')}` : '';
            host.info(`  ${p.key} = ${p.value} (from ${describeSource(p.source, host)}${files})`);
        }
    }
    host.info(request/* PREVIEW_NOTE */.c);
}
function describeSource(source, names) {
    switch (source) {
        case 'request':
            return names.option('parameters');
        case 'interpolated':
            return 'the value in the parameter file, with ${…} filled in';
        case 'literal':
            return 'the value in the parameter file';
        case 'azd-env':
            return 'the azd environment';
        case 'os-env':
            return 'the OS environment';
        default:
            return 'a prompt';
    }
}

;// CONCATENATED MODULE: external "node:os"
const external_node_os_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");
var external_node_os_default = /*#__PURE__*/__nccwpck_require__.n(external_node_os_namespaceObject);
;// CONCATENATED MODULE: external "node:url"
const external_node_url_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");
// EXTERNAL MODULE: ./node_modules/@actions/io/lib/io.js + 1 modules
var io = __nccwpck_require__(5366);
;// CONCATENATED MODULE: ./src/core/azd-shim.ts
/**
 * Our stand-in for `azd` (DESIGN section 7), put on the scripts' PATH when no azd is installed, so hook-style
 * scripts that call `azd env set` / `azd env get-value` / `azd env get-values` work anyway. It answers those three
 * commands as azd's cmd/env.go does (same forms, same stdout, same exit codes) through the same store, lock and
 * .env format as the engine; every other command fails and says what this stand-in does and does not do.
 *
 * Host-neutral: it returns what to print and the exit code; src/main/azd-shim.ts writes them out.
 */






/** The project root we set for scripts; `--cwd` overrides it, as azd's own search from --cwd would. */
const SHIM_ROOT_VAR = 'AZD_SCRIPTS_SHIM_ROOT';
const SUPPORTED = (/* unused pure expression or super */ null && (['env set', 'env get-value', 'env get-values']));
/** Flags taking a value, long name → shorthand (azd's global --cwd/-C, EnvFlag's -e, get-values' -o, set's --file). */
const VALUE_FLAGS = { cwd: 'C', environment: 'e', output: 'o', file: undefined };
/** Boolean global flags azd accepts everywhere; they change nothing here. */
const BOOL_FLAGS = { 'no-prompt': undefined, debug: undefined, help: 'h' };
/** Which command accepts which command-specific flag (pflag rejects the rest as unknown). */
const COMMAND_FLAGS = {
    'env set': ['file'],
    'env get-value': [],
    'env get-values': ['output'],
};
const UNSUPPORTED_HINT = (/* unused pure expression or super */ null && ('This is the azd stand-in of azd-scripts, put on PATH because no azd is installed. It supports only ' +
    '`azd env set`, `azd env get-value` and `azd env get-values` (with -e/--environment, -C/--cwd, and ' +
    '--output json|dotenv for get-values), on the .azure/<env>/.env of the project being provisioned. ' +
    'Install azd (https://aka.ms/azd-install) to use any other azd command from a script.'));
/** An error printed the way azd's UX middleware prints it. */
class AzdError extends Error {
    suggestion;
    constructor(message, suggestion) {
        super(message);
        this.suggestion = suggestion;
    }
}
async function runAzdShim(argv, env, cwd) {
    const out = { stdout: '', stderr: '', exitCode: 0 };
    let json = false;
    try {
        const parsed = parseArgs(argv);
        const command = `${parsed.positional[0] ?? ''} ${parsed.positional[1] ?? ''}`.trim();
        if (parsed.flags.has('help') && (command === 'env' || isSupported(command) || command === '')) {
            out.stdout = `${UNSUPPORTED_HINT}\n`;
            return out;
        }
        if (!isSupported(command)) {
            const shown = ['azd', ...argv].join(' ');
            out.stderr = `azd-scripts: \`${shown}\` is not supported here.\n${UNSUPPORTED_HINT}\n`;
            out.exitCode = 1;
            return out;
        }
        for (const flag of parsed.flags.keys()) {
            if (flag in VALUE_FLAGS && flag !== 'cwd' && flag !== 'environment' && !COMMAND_FLAGS[command].includes(flag)) {
                throw new AzdError(`unknown flag: --${flag}`);
            }
        }
        const args = parsed.positional.slice(2);
        if (command === 'env get-values') {
            const format = (parsed.flags.get('output') ?? 'dotenv').trim().toLowerCase();
            if (format !== 'dotenv' && format !== 'json')
                throw new AzdError(`unsupported format '${format}' for --output`);
            json = format === 'json';
            out.stdout = await getValues(args, parsed.flags, env, cwd, json);
        }
        else if (command === 'env get-value') {
            out.stdout = await getValue(args, parsed.flags, env, cwd);
        }
        else {
            out.stdout = await set(args, parsed.flags, env, cwd);
        }
    }
    catch (err) {
        out.exitCode = 1;
        const error = err instanceof AzdError ? err : new AzdError(azd_shim_describe(err));
        if (json)
            out.stderr += jsonError(error);
        else
            out.stdout += textError(error);
    }
    return out;
}
function isSupported(command) {
    return SUPPORTED.includes(command);
}
/** pflag's parsing: `--name value`, `--name=value`, `-x value`, `-xvalue`, `-x=value`, `--` ends the flags. */
function parseArgs(argv) {
    const positional = [];
    const flags = new Map();
    for (let i = 0; i < argv.length; i++) {
        const arg = argv[i];
        if (arg === '--') {
            positional.push(...argv.slice(i + 1));
            break;
        }
        if (arg.startsWith('--')) {
            const eq = arg.indexOf('=');
            const name = arg.slice(2, eq === -1 ? undefined : eq);
            if (name in VALUE_FLAGS) {
                if (eq !== -1)
                    flags.set(name, arg.slice(eq + 1));
                else if (i + 1 < argv.length)
                    flags.set(name, argv[++i]);
                else
                    throw new AzdError(`flag needs an argument: --${name}`);
            }
            else if (name in BOOL_FLAGS) {
                flags.set(name, 'true');
            }
            else {
                throw new AzdError(`unknown flag: --${name}`);
            }
        }
        else if (arg.startsWith('-') && arg.length > 1) {
            const short = arg[1];
            const long = Object.keys(VALUE_FLAGS).find((k) => VALUE_FLAGS[k] === short);
            if (long) {
                const rest = arg.slice(2);
                if (rest)
                    flags.set(long, rest.startsWith('=') ? rest.slice(1) : rest);
                else if (i + 1 < argv.length)
                    flags.set(long, argv[++i]);
                else
                    throw new AzdError(`flag needs an argument: '${short}' in -${short}`);
            }
            else if (short === 'h' && arg.length === 2) {
                flags.set('help', 'true');
            }
            else {
                throw new AzdError(`unknown shorthand flag: '${short}' in ${arg}`);
            }
        }
        else {
            positional.push(arg);
        }
    }
    return { positional, flags };
}
/** The project root: found upward from --cwd as azd does, else the one we set for scripts, else upward from cwd. */
async function projectRoot(flags, env, cwd) {
    const fromFlag = flags.get('cwd');
    if (fromFlag === undefined && env[SHIM_ROOT_VAR])
        return env[SHIM_ROOT_VAR];
    let dir = path.resolve(cwd, fromFlag ?? '.');
    for (;;) {
        for (const name of ['azure.yaml', 'azure.yml']) {
            const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
            if (stat && !stat.isDirectory())
                return dir;
        }
        const parent = path.dirname(dir);
        if (parent === dir)
            throw new AzdError('no project exists; to create a new project, run `azd init`');
        dir = parent;
    }
}
/** The environment azd's EnvFlag picks: -e, else AZURE_ENV_NAME, else the project's default environment. */
async function environmentName(root, flags, env) {
    return selectEnvironmentName(root, flags.get('environment'), env);
}
async function openExisting(flags, env, cwd, notFound) {
    const root = await projectRoot(flags, env, cwd);
    const name = await environmentName(root, flags, env);
    try {
        return await AzdEnvironment.open(root, name, { create: false, persist: true, osEnv: env });
    }
    catch (err) {
        if (err instanceof ScriptsError && err.code === 'ENVIRONMENT_NOT_FOUND')
            throw notFound(name);
        throw err;
    }
}
/** `azd env get-value <key>`: the value and a newline; a missing key is an error (exit 1). */
async function getValue(args, flags, env, cwd) {
    if (args.length > 1)
        throw new AzdError(`accepts at most 1 arg(s), received ${args.length}`);
    const key = args[0];
    if (key === undefined) {
        throw new AzdError('no key name provided', "Run 'azd env get-value <key>' specifying the key name.");
    }
    const azdEnv = await openExisting(flags, env, cwd, (name) => new AzdError(`environment '${name}' does not exist: environment not found`, `Run 'azd env list' to see environments, or 'azd env new ${name}' to create it.`));
    const value = azdEnv.values.get(key);
    if (value === undefined) {
        throw new AzdError(`key not found in environment values: '${key}'`, "Run 'azd env get-values' to see available keys, or 'azd env set <key> <value>' to set one.");
    }
    return `${value}\n`;
}
/** `azd env get-values`: godotenv.Marshal of the whole .env (or MarshalIndent JSON), then a newline. */
async function getValues(args, flags, env, cwd, json) {
    if (args.length > 0)
        throw new AzdError(`unknown command "${args[0]}" for "azd env get-values"`);
    const azdEnv = await openExisting(flags, env, cwd, () => new AzdError('environment does not exist: environment not found', "Run 'azd env new <name>' to create an environment."));
    if (json)
        return `${marshalIndentGo(Object.fromEntries(azdEnv.values))}\n`;
    return `${marshalGodotenv(azdEnv.values)}\n`;
}
const NO_VALUES = new AzdError('no environment values provided', "Provide values as 'azd env set <key> <value>', 'azd env set <key>=<value>', or 'azd env set --file <path>'.");
/** `azd env set KEY VALUE` | `KEY=VALUE ...` | `--file <path>`: merged into .env under the lock; prints nothing. */
async function set(args, flags, env, cwd) {
    const values = new Map();
    const file = flags.get('file');
    if (file) {
        if (args.length > 0) {
            throw new AzdError('cannot combine --file flag with key-value arguments: invalid flag combination', "Use either '--file <path>' or '<key> <value>' arguments, not both.");
        }
        // azd changes to --cwd before it runs the command, so a relative --file is taken from there.
        const full = path.resolve(cwd, flags.get('cwd') ?? '.', file);
        let text;
        try {
            text = await fs.readFile(full, 'utf8');
        }
        catch (err) {
            const reason = err.code === 'ENOENT' ? 'no such file or directory' : azd_shim_describe(err);
            throw new AzdError(`failed to open file ${file}: open ${file}: ${reason}`);
        }
        try {
            for (const [k, v] of parseDotenvFile(text, full))
                values.set(k, v);
        }
        catch (err) {
            throw new AzdError(`failed to parse file ${file}: ${azd_shim_describe(err)}`);
        }
    }
    else if (args.length === 0) {
        throw NO_VALUES;
    }
    else if (args.length === 2 && !args[0].includes('=')) {
        values.set(args[0], args[1]);
    }
    else {
        for (const arg of args) {
            const eq = arg.indexOf('=');
            if (eq === -1)
                throw new AzdError(`invalid key=value format: ${arg}`);
            values.set(arg.slice(0, eq), arg.slice(eq + 1));
        }
    }
    if (values.size === 0)
        throw NO_VALUES;
    // Refuse before writing anything: azd would write such a value and then fail to read the whole file back.
    for (const [key, value] of values) {
        const reason = unsavableReason(key, value);
        if (reason)
            throw new AzdError(`cannot set ${key}: ${reason}`);
    }
    const root = await projectRoot(flags, env, cwd);
    const name = await environmentName(root, flags, env);
    const existed = await fs.stat(path.join(root, '.azure', name)).then((s) => s.isDirectory(), () => false);
    // azd creates a missing environment here (its LoadOrInitInteractive answers "yes" without a terminal).
    const azdEnv = await AzdEnvironment.open(root, name, { create: true, persist: true, osEnv: env });
    let printed = existed ? '' : `\nNew environment '${name}' created and set as default\n`;
    const seen = new Map(azdEnv.values);
    for (const [key, value] of values) {
        printed += caseConflictWarning(seen, key);
        seen.set(key, value);
    }
    await azdEnv.save({ set: values });
    return printed;
}
/** azd's warnKeyCaseConflicts: a key that differs from existing ones only in case is probably a typo. */
function caseConflictWarning(values, key) {
    const conflicts = [...values.keys()]
        .filter((k) => k !== key && k.toLowerCase() === key.toLowerCase())
        .map((k) => `'${k}'`);
    if (conflicts.length === 0)
        return '';
    if (conflicts.length === 1) {
        return `WARNING: '${key}' already exists as ${conflicts[0]}. Did you mean to set ${conflicts[0]} instead?\n`;
    }
    conflicts.sort();
    return `WARNING: '${key}' already exists as ${listAsText(conflicts)}\n`;
}
/** ux.ListAsText: "a, b and c". */
function listAsText(items) {
    if (items.length <= 1)
        return items.join('');
    return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
function azd_shim_describe(err) {
    if (err instanceof ScriptsError)
        return err.hint ? `${err.message} ${err.hint}` : err.message;
    return err instanceof Error ? err.message : String(err);
}
/** azd's text-mode error: a blank line, `ERROR: …`, then `Suggestion: …` when it has one (all on stdout). */
function textError(error) {
    if (error.suggestion === undefined)
        return `\nERROR: ${error.message}\n`;
    return `\nERROR: ${error.message}\n\nSuggestion: ${error.suggestion}\n\n`;
}
/** azd under --output json: messages go to stderr as JSON, one per line. */
function jsonError(error) {
    if (error.suggestion !== undefined) {
        return `${JSON.stringify({ error: error.message, suggestion: error.suggestion })}\n`;
    }
    const event = {
        type: 'consoleMessage',
        timestamp: new Date().toISOString(),
        data: { message: `\nERROR: ${error.message}\n` },
    };
    return `${JSON.stringify(event)}\n`;
}

;// CONCATENATED MODULE: ./src/core/azd-shim-bin.ts
/**
 * The per-run bin folder that puts our `azd` stand-in (azd-shim.ts) first on the scripts' PATH, only when the
 * scripts would find no azd of their own. It lives in a temp folder and is removed after the run.
 */







/**
 * The stand-in's bundle, `azd-shim/index.js` beside the host bundle that is running (scripts/build.mjs puts it
 * there). Undefined when running from source, where no bundle exists.
 */
function shimBundle() {
    const here = external_node_path_default().dirname((0,external_node_url_namespaceObject.fileURLToPath)(import.meta.url));
    const file = external_node_path_default().join(here, 'azd-shim', 'index.js');
    return (0,external_node_fs_.existsSync)(file) ? file : undefined;
}
/**
 * Creates the bin folder when `osEnv`'s PATH has no azd. Looked up with the scripts' PATH (not this process's,
 * which @actions/io's `which` would read): that is the PATH the scripts search.
 */
async function installAzdShim(osEnv, root) {
    if (findExecutable('azd', osEnv))
        return undefined;
    const shim = shimBundle();
    if (!shim)
        return undefined;
    // The agents' own temp folders are emptied after each job; elsewhere the folders of killed runs are swept.
    const temp = osEnv.RUNNER_TEMP || osEnv.AGENT_TEMPDIRECTORY || external_node_os_default().tmpdir();
    await sweepDeadRuns(temp);
    const dir = await external_node_fs_.promises.mkdtemp(external_node_path_default().join(temp, `${PREFIX}${process.pid}-`));
    const bin = external_node_path_default().join(dir, 'bin');
    await io/* mkdirP */.U$(bin);
    await external_node_fs_.promises.writeFile(external_node_path_default().join(bin, 'azd'), `#!/bin/sh\nexec ${sh(process.execPath)} ${sh(shim)} "$@"\n`, {
        mode: 0o755,
    });
    await external_node_fs_.promises.writeFile(external_node_path_default().join(bin, 'azd.cmd'), `@"${process.execPath}" "${shim}" %*\r\n`);
    return { bin, root, remove: () => io/* rmRF */.Yz(dir) };
}
const PREFIX = 'azd-scripts-shim-';
/** Removes the bin folders of runs that were killed before they could remove their own (named by their pid). */
async function sweepDeadRuns(temp) {
    const names = await external_node_fs_.promises.readdir(temp).catch(() => []);
    for (const name of names) {
        const pid = name.startsWith(PREFIX) ? Number(/^(\d+)-/.exec(name.slice(PREFIX.length))?.[1]) : NaN;
        if (Number.isInteger(pid) && pid !== process.pid && !running(pid)) {
            await io/* rmRF */.Yz(external_node_path_default().join(temp, name)).catch(() => undefined);
        }
    }
}
function running(pid) {
    try {
        process.kill(pid, 0);
        return true;
    }
    catch (err) {
        // EPERM: the process exists but belongs to someone else.
        return err.code === 'EPERM';
    }
}
/** `env` with the bin folder first on PATH and the project root for the stand-in. */
function withAzdShim(env, shim) {
    if (!shim)
        return env;
    const key = process.platform === 'win32' ? (Object.keys(env).find((k) => k.toUpperCase() === 'PATH') ?? 'Path') : 'PATH';
    env[key] = env[key] ? `${shim.bin}${(external_node_path_default()).delimiter}${env[key]}` : shim.bin;
    env[SHIM_ROOT_VAR] = shim.root;
    return env;
}
/** A POSIX sh single-quoted word. */
function sh(word) {
    return `'${word.replace(/'/g, `'\\''`)}'`;
}

;// CONCATENATED MODULE: ./src/core/env-limits.ts
/**
 * How much environment a script can be started with (issue 11.4). Past these limits execve fails with E2BIG and
 * no script starts at all, so a value saved to `.env` that is too large would break every later provision and
 * down. Linux: one "KEY=value" string at most MAX_ARG_STRLEN (128 KiB with its NUL), and all of argv and envp
 * (strings, NULs and pointers) at most ARG_MAX (`getconf ARG_MAX`, a quarter of the stack limit). macOS: ARG_MAX
 * only. Windows is not checked here.
 */


/** Room left for argv (the shell, its flags and the script path) and for what the shell adds. */
const ARGV_RESERVE = 16 * 1024;
const POINTER = 8;
let cached;
function envLimits() {
    if (cached)
        return cached;
    if (process.platform === 'win32') {
        // Not checked: 32 767 characters per variable, and Node reports what CreateProcess says.
        cached = { entry: Infinity, total: Infinity, entryName: 'Windows', totalName: 'Windows' };
        return cached;
    }
    const fallback = process.platform === 'darwin' ? 1024 * 1024 : 2 * 1024 * 1024;
    let argMax = fallback;
    try {
        const n = Number((0,external_node_child_process_namespaceObject.execFileSync)('getconf', ['ARG_MAX'], { encoding: 'utf8', timeout: 2000 }).trim());
        if (Number.isSafeInteger(n) && n > 0)
            argMax = n;
    }
    catch {
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
function entryBytes(key, value) {
    return Buffer.byteLength(key) + 1 + Buffer.byteLength(value) + 1;
}
function totalBytes(entries) {
    let total = 0;
    for (const [k, v] of entries)
        if (v !== undefined)
            total += entryBytes(k, v) + POINTER;
    return total;
}
function formatBytes(bytes) {
    return bytes >= 1024 * 1024
        ? `${(bytes / 1024 / 1024).toFixed(1)} MiB`
        : bytes >= 1024
            ? `${Math.round(bytes / 1024)} KiB`
            : `${bytes} bytes`;
}
/** The variables of `entries` that cannot be passed on at all, largest first. */
function oversizedEntries(entries, limits = envLimits()) {
    const found = [];
    for (const [key, value] of entries) {
        const bytes = entryBytes(key, value);
        if (bytes > limits.entry)
            found.push({ key, bytes });
    }
    return found.sort((a, b) => b.bytes - a.bytes);
}
/** The `count` largest variables, for messages: "K (200 KiB), L (3 KiB)". */
function largest(entries, count = 3) {
    return [...entries]
        .filter((e) => e[1] !== undefined)
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
function fitValues(values, base, limits = envLimits()) {
    const kept = new Map(values);
    const dropped = oversizedEntries(values, limits);
    for (const d of dropped)
        kept.delete(d.key);
    const baseBytes = totalBytes(base);
    let total = baseBytes + totalBytes(kept);
    if (total > limits.total) {
        const bySize = [...kept].map(([key, v]) => ({ key, bytes: entryBytes(key, v) })).sort((a, b) => b.bytes - a.bytes);
        for (const e of bySize) {
            if (total <= limits.total)
                break;
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
function outputsTooLarge(script, outputs, base, limits = envLimits()) {
    const values = new Map([...outputs].map(([k, o]) => [k, o.value]));
    const [big] = oversizedEntries(values, limits);
    const hint = 'Write large data to a file (or to storage) and output its path or URL instead; nothing of this script was saved, so later runs are not affected.';
    if (big) {
        return new core_errors/* ScriptsError */.jW({
            code: 'ENV_TOO_LARGE',
            message: `Output ${big.key} of "${script}" is ${formatBytes(big.bytes)}; one variable a script gets may be at most ${formatBytes(limits.entry)} on this OS (${limits.entryName}), so it was neither saved nor passed on.`,
            hint,
        });
    }
    const merged = new Map(base);
    for (const [k, v] of values)
        merged.set(k, v);
    const total = totalBytes(merged);
    if (total <= limits.total)
        return undefined;
    return new core_errors/* ScriptsError */.jW({
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
function parametersTooLarge(values, base, limits = envLimits()) {
    const hint = 'Pass large data as a file: put its path in the parameter, and let the script read the file.';
    const problems = oversizedEntries(values, limits).map((big) => new core_errors/* ScriptsError */.jW({
        code: 'ENV_TOO_LARGE',
        message: `Parameter ${big.key} is ${formatBytes(big.bytes)}; one variable a script gets may be at most ${formatBytes(limits.entry)} on this OS (${limits.entryName}), so no script could start.`,
        hint,
    }));
    if (problems.length > 0)
        return problems;
    const merged = new Map(base);
    for (const [k, v] of values)
        merged.set(k, v);
    const total = totalBytes(merged);
    if (total <= limits.total)
        return [];
    return [
        new core_errors/* ScriptsError */.jW({
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
async function dotenvTooLarge(env, osEnv, limits = envLimits()) {
    const problems = [];
    const hint = (keys) => `Remove ${keys} from ${env.dotenvFile} (\`azd env set\` a short value, or edit the file), and keep large data in files; \`down\` still runs without them.`;
    for (const big of oversizedEntries(env.values, limits)) {
        const line = await env.lineOf(big.key);
        problems.push(new core_errors/* ScriptsError */.jW({
            code: 'ENV_TOO_LARGE',
            message: `${env.dotenvFile}${line === undefined ? '' : `:${line}`}: ${big.key} is ${formatBytes(big.bytes)}; one variable a script gets may be at most ${formatBytes(limits.entry)} on this OS (${limits.entryName}), so no script could start.`,
            hint: hint(big.key),
            file: env.dotenvFile,
            ...(line === undefined ? {} : { line }),
        }));
    }
    if (problems.length > 0)
        return problems;
    const merged = new Map(Object.entries(osEnv));
    for (const [k, v] of env.values)
        merged.set(k, v);
    const total = totalBytes(merged);
    if (total > limits.total) {
        problems.push(new core_errors/* ScriptsError */.jW({
            code: 'ENV_TOO_LARGE',
            message: `${env.dotenvFile}: the azd environment with the OS environment is ${formatBytes(total)}; this OS allows ${formatBytes(limits.total)} (${limits.totalName}, less room for arguments), so no script could start. Largest: ${largest(env.values)}.`,
            hint: hint('the largest values'),
            file: env.dotenvFile,
        }));
    }
    return problems;
}

;// CONCATENATED MODULE: external "node:fs/promises"
const promises_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");
;// CONCATENATED MODULE: ./src/core/outputs.ts
/**
 * Script outputs (PRD REQ-4): `outputs.json` searched from the script's folder up to the project root, first
 * found wins; a file the script did not write (unchanged since before it started) is stale and ignored. Values
 * become strings as DESIGN section 5 says; `securestring`/`secureobject` stay secret.
 */








const OUTPUTS_FILE = 'outputs.json';
const MAX_BYTES = 32 * MiB;
/** Folders from the script's own up to the project root, nearest first. */
function outputCandidates(scriptFile, root) {
    const files = [];
    let dir = external_node_path_default().dirname(scriptFile);
    for (;;) {
        files.push(external_node_path_default().join(dir, OUTPUTS_FILE));
        if (dir === root)
            break;
        const parent = external_node_path_default().dirname(dir);
        if (parent === dir || external_node_path_default().relative(root, parent).startsWith('..'))
            break;
        dir = parent;
    }
    return files;
}
function snapshotOutputs(candidates) {
    return new Map(candidates.map((file) => [file, signature(file)]));
}
/** Synchronous on purpose: a few stats per script, where an event-loop round trip each would cost more. */
function signature(file) {
    try {
        const s = (0,external_node_fs_.statSync)(file, { bigint: true });
        return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
    }
    catch {
        return undefined;
    }
}
/**
 * The outputs a script left: the nearest outputs.json it wrote. A stale file on the way is passed over (and
 * reported), so a file left by an earlier run can never hide a fresh one further up.
 */
async function collectOutputs(before) {
    const stale = [];
    for (const [file, old] of before) {
        const now = signature(file);
        if (now === undefined)
            continue;
        if (now === old) {
            stale.push(file);
            continue;
        }
        return { stale, fresh: { file, outputs: await readOutputsFile(file) } };
    }
    return { stale };
}
/** Removes an outputs.json that was read: the next script cannot pick it up, and no secure value stays on disk. */
async function consumeOutputs(file) {
    await (0,promises_namespaceObject.rm)(file, { force: true });
}
const OutputSchema = schemas/* strictObject */.rej({ type: schemas/* string */.YjP(), value: schemas/* unknown */.L5J() });
async function readOutputsFile(file) {
    const text = await readTextFile(file, {
        what: 'outputs file',
        maxBytes: MAX_BYTES,
        stripBom: true,
        code: 'OUTPUTS_INVALID',
    });
    if (text === undefined)
        return new Map();
    return parseOutputs(text, file);
}
/** Output types (DESIGN section 5), any case. */
const OUTPUT_TYPES = [
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
];
const WRAPPED = 'Write {"outputs": {"NAME": {"type": "string", "value": "..."}}} or, flat, {"NAME": {"type": "string", "value": "..."}}.';
/**
 * Both shapes: wrapped `{"outputs": {NAME: {type, value}}}` (the PRD) and flat `{NAME: {type, value}}` (the
 * upstream extension). The file is wrapped when its top level has "outputs" and that is not itself an output
 * (an object with "type"); then nothing but "$schema" may stand beside it, so a misspelt output cannot hide.
 */
function parseOutputs(text, file) {
    const data = parseJson(text, file, 'outputs file');
    const failAt = (message, hint, offset) => {
        const where = offset >= 0 ? lineAndColumn(text, offset) : undefined;
        const at = where ? `${file}:${where.line}:${where.column}` : file;
        throw new core_errors/* ScriptsError */.jW({ code: 'OUTPUTS_INVALID', message: `${at}: ${message}`, hint, file, ...(where ?? {}) });
    };
    const duplicate = findDuplicateKey(text);
    if (duplicate) {
        const owner = duplicate.path.length === 0 ? 'the top level' : `"${duplicate.path.join('.')}"`;
        failAt(`"${duplicate.key}" appears twice in ${owner} of the outputs file (line ${duplicate.line}); JSON readers keep the last silently, which could turn a secure output into a plain one.`, 'Write each output once.', duplicate.offset);
    }
    const fail = (message, hint, keys) => failAt(message, hint, keys === undefined ? -1 : findKeyOffset(text, keys));
    if (typeof data !== 'object' || data === null || Array.isArray(data))
        fail('the outputs file must be a JSON object.', WRAPPED);
    const top = data;
    const wrapped = 'outputs' in top && !looksLikeOutput(top.outputs);
    let outputs;
    let base;
    if (wrapped) {
        for (const key of Object.keys(top)) {
            if (key === 'outputs' || key === '$schema')
                continue;
            const guess = (0,core_errors/* closest */.kp)(key, ['outputs']);
            fail(guess
                ? `unknown key "${key}" at the top of the outputs file; did you mean "${guess}"?`
                : `the outputs file has both "outputs" and "${key}" at the top level; it is either {"outputs": {...}} or flat {"NAME": {...}}, not both.`, `Move "${key}" inside "outputs" (or drop "outputs" and write every output at the top level). ${WRAPPED}`, [key]);
        }
        if (typeof top.outputs !== 'object' || top.outputs === null || Array.isArray(top.outputs))
            fail('"outputs" must be a JSON object.', WRAPPED, ['outputs']);
        outputs = top.outputs;
        base = ['outputs'];
    }
    else {
        outputs = Object.fromEntries(Object.entries(top).filter(([k]) => k !== '$schema'));
        base = [];
    }
    const result = new Map();
    for (const [key, entry] of Object.entries(outputs)) {
        const keys = [...base, key];
        if (!isEnvKey(key)) {
            fail(`the output name "${key}" is not a valid environment variable name.`, 'Output names must match [A-Za-z_][A-Za-z0-9_]* so later scripts can read them; rename it in the script.', keys);
        }
        const guess = wrapped || looksLikeOutput(entry) ? undefined : (0,core_errors/* closest */.kp)(key, ['outputs']);
        if (guess) {
            fail(`unknown key "${key}" at the top of the outputs file; did you mean "${guess}"?`, `The file is either {"outputs": {...}} or flat {"NAME": {...}}. ${WRAPPED}`, keys);
        }
        const parsed = OutputSchema.safeParse(entry);
        if (!parsed.success || !(typeof entry === 'object' && entry !== null && 'value' in entry)) {
            const unknown = parsed.success
                ? []
                : parsed.error.issues.flatMap((i) => (i.code === 'unrecognized_keys' ? i.keys : []));
            const extra = unknown[0];
            const guess = extra === undefined ? undefined : (0,core_errors/* closest */.kp)(extra, ['type', 'value']);
            fail(extra !== undefined
                ? `output ${key} has an unknown key "${extra}"${guess ? `; did you mean "${guess}"?` : '.'}`
                : `output ${key} must be an object with a string "type" and a "value".`, WRAPPED, keys);
        }
        const { type, value } = parsed.data;
        if (!OUTPUT_TYPES.includes(type.toLowerCase())) {
            const guess = (0,core_errors/* closest */.kp)(type, OUTPUT_TYPES);
            fail(`output ${key} has the unknown type ${JSON.stringify(type)}${guess ? `; did you mean "${guess}"?` : '.'} Its value was not used, so a misspelt secure type never turns a secret into a saved plain string.`, `Set "type" to one of ${OUTPUT_TYPES.join(', ')} (any case).`, [...keys, 'type']);
        }
        let text;
        try {
            text = toText(value);
        }
        catch (err) {
            if (!(err instanceof RangeError))
                throw err;
            return fail(`the value of output ${key} is ${err.message}.`, 'Flatten the value, or pass it as a string.', keys);
        }
        if (text.includes('\0')) {
            fail(`output ${key} contains a NUL character, which an environment variable cannot hold.`, 'Remove the NUL character from the value.', keys);
        }
        const secret = isSecureType(type);
        result.set(key, { value: text, secret, masked: secret, type });
    }
    return result;
}
/** `{"type": ...}` at the top: a flat output that happens to be named "outputs". */
function looksLikeOutput(value) {
    return (typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        typeof value.type === 'string');
}
function isSecureType(type) {
    const t = type.toLowerCase();
    return t === 'securestring' || t === 'secureobject';
}
/** A JSON value as the string scripts and `.env` see. */
function toText(value) {
    if (typeof value === 'string')
        return value;
    if (value === null || value === undefined)
        return '';
    if (typeof value === 'boolean' || typeof value === 'number')
        return String(value);
    return stringifySorted(value);
}

;// CONCATENATED MODULE: ./src/core/collect.ts
/**
 * Collecting a script's outputs (PRD REQ-4): read outputs.json and remove it, pass the values on, persist the
 * non-secret ones at once and record their keys for `state` and `down`.
 */





/**
 * Reads the outputs a script left, passes them on, and persists the non-secret ones at once. Returns the keys
 * outputs.json gave (undefined when no outputs.json was read).
 */
async function collect(ctx, env, entry, before, outputs) {
    const found = await collectOutputs(before);
    for (const file of found.stale) {
        warn(ctx, `${file} was not written by "${entry.name}" (unchanged since before it started), so its outputs are ignored${found.fresh ? ` and ${found.fresh.file} is read instead` : ''}. Delete the old file; outputs.json is removed once it has been read.`, { file });
    }
    if (!found.fresh)
        return undefined;
    const fresh = found.fresh;
    ctx.host.info(`Collecting outputs from: ${entry.name}`);
    const base = [
        ...Object.entries(ctx.request.env),
        ...env.values,
        ...[...outputs].map(([k, o]) => [k, o.value]),
    ];
    // Checked before the file is consumed: outputs that cannot be passed on leave outputs.json for the user to see.
    const tooLarge = outputsTooLarge(entry.name, fresh.outputs, base);
    if (tooLarge)
        throw tooLarge;
    await consumeOutputs(fresh.file);
    const toSave = new Map();
    // Secure outputs first: a plain output before them in the file may hold one.
    for (const [key, collected] of fresh.outputs)
        if (collected.secret)
            registerSecure(ctx, key, collected);
    for (const [key, collected] of fresh.outputs) {
        const output = guardOutput(ctx, entry, key, {
            ...collected,
            masked: collected.masked || isMaskedName(ctx.request, key),
        });
        outputs.set(key, output);
        ctx.result.outputs.set(key, output);
        if (!output.secret)
            toSave.set(key, output.value);
    }
    const keys = new Set(fresh.outputs.keys());
    if (!ctx.request.persist || toSave.size === 0)
        return keys;
    // Recorded before they are saved: a run killed between the two steps then leaves keys that are recorded but not
    // yet in .env (state warns about them), never keys in .env that look like the user's to the next provision.
    const savable = [...toSave].filter(([k, v]) => dotenv_unsavableReason(k, v) === undefined).map(([k]) => k);
    await ctx.recorder?.record(savable.map((key) => ({ key, type: fresh.outputs.get(key).type })));
    const skipped = await env.save({ set: toSave });
    for (const s of skipped) {
        warn(ctx, `Output ${s.key} of "${entry.name}" was not saved to ${env.dotenvFile}: ${s.reason}. Later scripts and step outputs still get it.`, { file: fresh.file });
    }
    const saved = [...toSave.keys()].filter((k) => !skipped.some((s) => s.key === k));
    for (const key of saved)
        outputs.get(key).saved = true;
    return keys;
}
/** A secure output's value (a secureobject's every string leaf too), registered before anything can print it. */
function registerSecure(ctx, key, output) {
    if (output.type.toLowerCase() === 'secureobject')
        ctx.secrets.addObject(output.value, `output ${key}`);
    else
        ctx.secrets.add(output.value, 'secret', `output ${key}`);
}
/**
 * An output holding a secret the run knows is treated as that secret (issue 11.2): a `string` built from a secret
 * parameter must not land in .env, the outputs JSON or a summary in clear.
 */
function guardOutput(ctx, entry, key, output) {
    if (output.secret)
        return output;
    const holds = ctx.secrets.contained(output.value);
    if (holds?.kind === 'secret') {
        ctx.secrets.add(output.value, 'secret', `output ${key}`);
        warn(ctx, `Output ${key} of "${entry.name}" contains the value of ${holds.what}, so it is treated as a secret: masked, not saved to .env and left out of the outputs JSON. Declare it "securestring" in outputs.json.`);
        return { ...output, secret: true, masked: true };
    }
    if (output.masked || holds) {
        ctx.secrets.add(output.value, 'masked', `output ${key}`);
        return { ...output, masked: true };
    }
    return output;
}

;// CONCATENATED MODULE: ./src/core/env-changes.ts


/** What `.env` held when the script started (a copy: the store may change its own map later). */
function snapshotEnv(values) {
    return new Map(values);
}
/** Keys whose value is new or different now; removed keys are not outputs. */
async function envChanges(env, before) {
    const after = await env.reload();
    const changed = new Map();
    for (const [key, value] of after) {
        // Keys godotenv reads but that are no variable name (`a.b`) cannot be step outputs or reach a script.
        if (isEnvKey(key) && before.get(key) !== value)
            changed.set(key, value);
    }
    return changed;
}
/**
 * Turns the changed keys into outputs (type `string`, masked when named in maskedOutputs or holding a known
 * secret) and records them for `state` and `down`. A key outputs.json also gave keeps the outputs.json value: it
 * is the declared one, with its type, and the one that was saved last.
 */
async function collectEnvChanges(ctx, entry, changed, fromOutputsJson, outputs) {
    const keys = [...changed.keys()].filter((k) => !fromOutputsJson?.has(k));
    if (keys.length === 0)
        return;
    if (!fromOutputsJson)
        ctx.host.info(`Collecting outputs from: ${entry.name}`);
    for (const key of keys) {
        const value = changed.get(key);
        // A value holding a secret we know (a script may store a connection string built from a secret parameter)
        // is masked like a masked-outputs one, so it stays out of the outputs JSON and summaries.
        const masked = isMaskedName(ctx.request, key) || ctx.secrets.contained(value) !== undefined;
        const output = { value, secret: false, masked, type: 'string' };
        if (output.masked)
            ctx.secrets.add(value, 'masked', `output ${key}`);
        outputs.set(key, output);
        ctx.result.outputs.set(key, output);
    }
    if (ctx.request.persist)
        await ctx.recorder?.record(keys.map((key) => ({ key, type: 'string' })));
}

;// CONCATENATED MODULE: ./src/core/descendants.ts
/**
 * A script's descendants when it shares our process group (the CLI on a terminal, issue 11.9): they cannot be
 * signalled as a group, and once the script exits they are reparented to init, out of reach of a parent-child
 * walk. So each such script gets a marker in its environment, which every descendant inherits: on Linux the
 * processes carrying it are found in /proc/<pid>/environ, orphans included. Elsewhere (macOS) the tree under the
 * script is read with `ps` while the script still runs (at cancel time).
 */



const MARKER_NAME = 'AZD_SCRIPTS_RUN_ID';
function newMarker() {
    return (0,external_node_crypto_namespaceObject.randomBytes)(8).toString('hex');
}
/** Linux: live processes (other than us) whose environment holds MARKER_NAME=marker. */
function markedProcesses(marker) {
    const needle = Buffer.from(`\0${MARKER_NAME}=${marker}\0`);
    const first = Buffer.from(`${MARKER_NAME}=${marker}\0`);
    const found = [];
    for (const name of (0,external_node_fs_.readdirSync)('/proc')) {
        if (!/^\d+$/.test(name) || Number(name) === process.pid)
            continue;
        try {
            const environ = (0,external_node_fs_.readFileSync)(`/proc/${name}/environ`);
            if (environ.includes(needle) || environ.subarray(0, first.length).equals(first))
                found.push(Number(name));
        }
        catch {
            // gone meanwhile, or another user's process
        }
    }
    return found;
}
/** Processes under `pid` (not `pid` itself), from `ps`. */
function treeUnder(pid) {
    let text;
    try {
        text = (0,external_node_child_process_namespaceObject.execFileSync)('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8', timeout: 5000 });
    }
    catch {
        return [];
    }
    const children = new Map();
    for (const line of text.split('\n')) {
        const [p, pp] = line.trim().split(/\s+/).map(Number);
        if (!p || pp === undefined || Number.isNaN(pp))
            continue;
        children.set(pp, [...(children.get(pp) ?? []), p]);
    }
    const out = [];
    const stack = [...(children.get(pid) ?? [])];
    while (stack.length > 0) {
        const p = stack.pop();
        if (p === process.pid || out.includes(p))
            continue;
        out.push(p);
        stack.push(...(children.get(p) ?? []));
    }
    return out;
}
/**
 * The descendants of one script that shares our process group. `snapshot` is called while the script runs (at
 * cancel time); `remaining` after it exited.
 */
class Descendants {
    marker;
    seen = [];
    constructor(marker) {
        this.marker = marker;
    }
    snapshot(scriptPid) {
        if (process.platform === 'linux' || scriptPid === undefined)
            return;
        this.seen = treeUnder(scriptPid);
    }
    remaining() {
        if (process.platform === 'linux')
            return markedProcesses(this.marker);
        return this.seen.filter((pid) => descendants_isAlive(pid));
    }
}
function descendants_isAlive(pid) {
    try {
        process.kill(pid, 0);
        return true;
    }
    catch {
        return false;
    }
}

;// CONCATENATED MODULE: ./src/core/run-script.ts
/**
 * Spawns one script (PRD REQ-2): an argv array (never a command string, never `shell: true`), the project root as
 * cwd, output forwarded chunk by chunk with backpressure, a bounded tail of stderr kept for the error message,
 * exit code and signal reported, and cancellation forwarded to the script's whole process group.
 */


/** After the script exits, how long to keep reading pipes that a leftover background process holds open. */
const DRAIN_IDLE_MS = 250;
const MAX_DRAIN_MS = 5000;
/**
 * A sink backed by a file descriptor (our own stdout) is handed to the script as it is: the kernel then moves the
 * script's output straight to where ours goes, in real time and without a copy through this process.
 */
function descriptorOf(sink) {
    const fd = sink.fd;
    return typeof fd === 'number' && fd >= 0 ? fd : undefined;
}
/** Waits until what we wrote to `sink` has left our buffers, so it cannot appear after the script's output. */
function flushed(sink) {
    if (sink.writableLength === 0)
        return Promise.resolve();
    return new Promise((resolve) => sink.once('drain', () => resolve()));
}
async function runScript(options) {
    const stdoutFd = descriptorOf(options.stdout);
    if (stdoutFd !== undefined)
        await flushed(options.stdout);
    return spawnScript(options, stdoutFd);
}
function spawnScript(options, stdoutFd) {
    const tail = new StderrTail(options.stderrLines, undefined, options.redact);
    const ownGroup = options.stdin === 'closed' && process.platform !== 'win32';
    // Sharing our group (a terminal), the script's descendants are found by a marker they inherit.
    const marker = ownGroup || process.platform === 'win32' ? undefined : newMarker();
    const descendants = marker === undefined ? undefined : new Descendants(marker);
    const grace = options.graceMs ?? 2500;
    const { cancellation } = options;
    return new Promise((resolve) => {
        let child;
        try {
            child = (0,external_node_child_process_namespaceObject.spawn)(options.executable, options.args, {
                cwd: options.cwd,
                env: marker === undefined ? options.env : { ...options.env, [MARKER_NAME]: marker },
                stdio: [options.stdin === 'inherit' ? 'inherit' : 'ignore', stdoutFd ?? 'pipe', 'pipe'],
                detached: ownGroup,
                windowsHide: true,
            });
        }
        catch (err) {
            resolve({ exitCode: null, signal: null, cancelled: false, stderrTail: '', spawnError: err });
            return;
        }
        let exited;
        let settled = false;
        let cancelled = false;
        const timers = [];
        let drainTimer;
        let drainWait;
        let openStreams = 2;
        const signalGroup = (signal) => {
            const pid = child.pid;
            if (pid === undefined)
                return false;
            try {
                if (ownGroup)
                    process.kill(-pid, signal);
                else if (!exited)
                    process.kill(pid, signal);
                else
                    return false;
                return true;
            }
            catch {
                return false;
            }
        };
        const finish = () => {
            if (settled || !exited)
                return;
            settled = true;
            timers.forEach(clearTimeout);
            if (drainTimer)
                clearTimeout(drainTimer);
            drainWait?.off('drain', onDrain);
            removeAbort();
            removeEscalate();
            child.stdout?.unpipe(options.stdout);
            child.stderr?.unpipe(options.stderr);
            child.stdout?.destroy();
            child.stderr?.destroy();
            const { code, signal: sig } = exited;
            void reap().then(() => resolve({ exitCode: code, signal: sig, cancelled, stderrTail: tail.text() }));
        };
        const reap = () => (descendants ? reapDescendants() : reapGroup());
        /** The terminal's version of reapGroup: the script's leftover descendants, one by one. */
        const reapDescendants = async () => {
            if (!cancelled || !descendants)
                return;
            const signalEach = (signal, pids) => {
                for (const pid of pids) {
                    try {
                        process.kill(pid, signal);
                    }
                    catch {
                        // gone meanwhile
                    }
                }
            };
            signalEach('SIGTERM', descendants.remaining());
            const deadline = Date.now() + Math.min(grace, 1000);
            while (Date.now() < deadline) {
                await new Promise((r) => setTimeout(r, 25));
                if (descendants.remaining().length === 0)
                    return;
            }
            signalEach('SIGKILL', descendants.remaining());
        };
        /**
         * After a cancelled script exits, whatever is left of its group (background jobs of a non-interactive bash
         * ignore SIGINT) gets SIGTERM, then SIGKILL, so nothing of a cancelled script outlives the run.
         */
        const reapGroup = async () => {
            if (!ownGroup || !cancelled || !signalGroup('SIGTERM'))
                return;
            const deadline = Date.now() + Math.min(grace, 1000);
            while (Date.now() < deadline) {
                await new Promise((r) => setTimeout(r, 25));
                if (!signalGroup(0))
                    return;
            }
            signalGroup('SIGKILL');
        };
        const onCancel = () => {
            if (cancelled)
                return;
            cancelled = true;
            descendants?.snapshot(child.pid);
            const received = cancellation.reason ?? 'SIGINT';
            // On a shared terminal the kernel already gave a Ctrl-C to the script; sending it again would be a
            // second Ctrl-C (which many tools treat as "abort now").
            if (ownGroup || received !== 'SIGINT')
                signalGroup(received);
            timers.push(setTimeout(() => signalGroup('SIGTERM'), grace));
            timers.push(setTimeout(() => signalGroup('SIGKILL'), grace * 2));
        };
        const onEscalate = () => {
            if (!cancelled)
                descendants?.snapshot(child.pid);
            cancelled = true;
            signalGroup('SIGKILL');
        };
        const signal = cancellation.signal;
        signal.addEventListener('abort', onCancel);
        const removeAbort = () => signal.removeEventListener('abort', onCancel);
        const removeEscalate = cancellation.onEscalate(onEscalate);
        if (signal.aborted)
            onCancel();
        const streamDone = () => {
            openStreams--;
            if (openStreams === 0)
                finish();
        };
        // Time spent waiting for a slow reader of our output is not idle time: the pipes still hold the script's
        // output, paused by backpressure, and cutting them off would lose it.
        const stalled = () => options.stdout.writableNeedDrain || options.stderr.writableNeedDrain;
        const finishUnlessStalled = () => {
            if (stalled())
                return void waitForDrain();
            finish();
        };
        const waitForDrain = () => {
            if (drainWait)
                return;
            drainWait = options.stdout.writableNeedDrain ? options.stdout : options.stderr;
            drainWait.once('drain', onDrain);
        };
        const onDrain = () => {
            drainWait = undefined;
            armDrain();
        };
        const armDrain = () => {
            if (!exited || settled)
                return;
            if (drainTimer)
                clearTimeout(drainTimer);
            drainTimer = setTimeout(finishUnlessStalled, DRAIN_IDLE_MS);
        };
        const capDrain = (ms) => {
            timers.push(setTimeout(() => {
                if (stalled())
                    return capDrain(ms);
                finish();
            }, ms));
        };
        for (const [stream, sink] of [
            [child.stdout, options.stdout],
            [child.stderr, options.stderr],
        ]) {
            if (!stream) {
                streamDone();
                continue;
            }
            stream.pipe(sink, { end: false });
            stream.on('data', armDrain);
            stream.once('close', streamDone);
            stream.once('error', () => undefined);
        }
        child.stderr?.on('data', (chunk) => tail.push(chunk));
        child.once('error', (err) => {
            if (exited)
                return;
            settled = true;
            timers.forEach(clearTimeout);
            removeAbort();
            removeEscalate();
            resolve({ exitCode: null, signal: null, cancelled, stderrTail: tail.text(), spawnError: err });
        });
        child.once('exit', (code, sig) => {
            exited = { code, signal: sig };
            if (openStreams === 0)
                return finish();
            armDrain();
            // A leftover background process that keeps writing must not hold the run open forever.
            capDrain(cancelled ? DRAIN_IDLE_MS : MAX_DRAIN_MS);
        });
    });
}
/**
 * The last `maxLines` lines of a stream, in memory bounded by the lines kept (and at most 1 MiB of bytes, for
 * a stream without line breaks). Chunks are kept as they arrive and compacted only now and then, so the cost
 * stays linear in the output and per-chunk work is a newline count.
 */
class StderrTail {
    maxLines;
    redact;
    chunks = [];
    bytes = 0;
    newlines = 0;
    maxBytes;
    constructor(maxLines, maxBytes = 1024 * 1024, redact = (bytes) => bytes) {
        this.maxLines = maxLines;
        this.redact = redact;
        this.maxBytes = maxBytes;
    }
    push(chunk) {
        if (this.maxLines <= 0)
            return;
        this.chunks.push(chunk);
        this.bytes += chunk.length;
        this.newlines += countNewlines(chunk);
        if (this.newlines > 2 * this.maxLines + 2 || this.bytes > 2 * this.maxBytes)
            this.compact();
    }
    compact() {
        // Redact first, then cut: what is kept was redacted whole, so no part of a secret survives at the cut.
        let data = this.redact(Buffer.concat(this.chunks, this.bytes));
        // Keep from just after the (maxLines + 1)-th newline counted from the end: that holds the last maxLines
        // complete lines plus a trailing partial line.
        let cut = data.length;
        let seen = 0;
        while (seen <= this.maxLines) {
            const i = data.lastIndexOf(0x0a, cut - 1);
            if (i < 0) {
                cut = 0;
                break;
            }
            cut = i;
            seen++;
        }
        if (seen > this.maxLines)
            data = data.subarray(cut + 1);
        if (data.length > this.maxBytes)
            data = data.subarray(data.length - this.maxBytes);
        data = Buffer.from(data);
        this.chunks = [data];
        this.bytes = data.length;
        this.newlines = countNewlines(data);
    }
    text() {
        if (this.maxLines <= 0 || this.bytes === 0)
            return '';
        this.compact();
        let text = Buffer.concat(this.chunks, this.bytes).toString('utf8');
        if (text.endsWith('\n'))
            text = text.slice(0, -1);
        const lines = text.split('\n');
        return lines.slice(-this.maxLines).join('\n').replace(/\r$/gm, '');
    }
}
function countNewlines(chunk) {
    let n = 0;
    for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1))
        n++;
    return n;
}

;// CONCATENATED MODULE: ./src/core/entry-env.ts
/**
 * The upstream extension's `env:` and `secrets:` maps (DESIGN section 7): each value a template where `${NAME}`
 * is replaced by the variable NAME as the script would otherwise see it (OS env < azd env < parameters <
 * earlier outputs), keys taken in sorted order so one may use another; env first, then secrets. Checked before
 * anything runs: a malformed template is an error, and so is a reference nothing can provide.
 */

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** The names a template refers to, or why it is not a template we expand. */
function templateReferences(value) {
    const names = [];
    for (let i = value.indexOf('${'); i !== -1; i = value.indexOf('${', i + 2)) {
        const close = value.indexOf('}', i + 2);
        if (close === -1)
            return { names, error: 'has a "${" that is never closed with "}"' };
        const inner = value.slice(i + 2, close);
        if (!NAME.test(inner)) {
            const bad = `\${${inner}}`;
            return { names, bad, error: 'only ${NAME} references are expanded (no defaults, no expressions)' };
        }
        names.push(inner);
    }
    return { names };
}
/** `${NAME}` → the value of NAME; an unset variable expands to nothing, as upstream's envsubst does. */
function expandTemplate(value, lookup) {
    return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_m, name) => lookup(name) ?? '');
}
/** env then secrets, each in sorted key order. */
function orderedPairs(entry) {
    const sorted = (map) => Object.keys(map).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return [
        ...sorted(entry.env).map((k) => ['env', k, entry.env[k]]),
        ...sorted(entry.secrets).map((k) => ['secrets', k, entry.secrets[k]]),
    ];
}
/** The variables an entry adds, expanded against `lookup` and each other; `secret` for the secrets map. */
function entryVariables(entry, lookup) {
    const own = new Map();
    const out = [];
    for (const [map, key, template] of orderedPairs(entry)) {
        const value = expandTemplate(template, (name) => own.get(name) ?? lookup(name));
        own.set(key, value);
        out.push({ key, value, secret: map === 'secrets' });
    }
    return out;
}
/**
 * Before anything runs: every template parses, and every reference is known now (OS env, azd env, parameters,
 * an earlier key of the same entry) — or, for a script after the first, may come from an earlier script's
 * outputs, which only a run can tell: then a warning says it will be empty unless one does. Literal secrets are
 * masked at once.
 */
function checkEntryVariables(entries, known, problems, warn, mask) {
    entries.forEach((entry, position) => {
        const own = new Set();
        for (const [map, key, template] of orderedPairs(entry)) {
            const at = entry.at[map][key] ?? entry.location;
            const { names, error, bad } = templateReferences(template);
            if (map === 'secrets' && names.length === 0 && !error)
                mask(template);
            if (error) {
                problems.add((0,core_errors/* locatedError */.Js)(at, 'PROJECT_INVALID', bad === undefined
                    ? `${entry.key}.${map}.${key} ${error}.`
                    : `${entry.key}.${map}.${key} has ${map === 'secrets' ? 'a ${…} that is not a ${NAME} reference' : `"${bad}"`}, but ${error}.`, 'Write ${NAME} for the value of the variable NAME; put any default in the azd environment (azd env set NAME value).'));
                continue;
            }
            for (const name of new Set(names)) {
                if (known.has(name) || own.has(name))
                    continue;
                const guess = (0,core_errors/* closest */.kp)(name, [...known, ...own]);
                const didYouMean = guess ? ` Did you mean \${${guess}}?` : '';
                if (position === 0) {
                    problems.add((0,core_errors/* locatedError */.Js)(at, 'PROJECT_INVALID', `${entry.key}.${map}.${key} refers to \${${name}}, which is not in the OS environment, the azd environment or the parameters, and no earlier script can output it.${didYouMean}`, `Set it first (azd env set ${name} <value>, or export ${name}), or correct the name.`));
                }
                else {
                    warn(`${entry.key}.${map}.${key} refers to \${${name}}, which is not set now; it will be empty unless an earlier script outputs ${name}.${didYouMean}`, at);
                }
            }
            own.add(key);
        }
    });
}

;// CONCATENATED MODULE: ./src/core/script-env.ts
/**
 * The environment a script starts with (PRD REQ-8): OS env < azd env < parameters < earlier outputs.
 */


/**
 * OS env < azd env < parameters < earlier outputs < the entry's env and secrets (expanded against the layers
 * below, each secret handed to `onSecret` before the script starts); then AZURE_ENV_NAME and AZD_PURGE.
 */
function scriptEnvironment(request, name, values, parameters, outputs, entry, onSecret) {
    const env = Object.create(null);
    const windows = process.platform === 'win32';
    const names = new Map();
    const put = (key, value) => {
        if (value === undefined || !key || key.includes('=') || key.includes('\0') || value.includes('\0'))
            return;
        let target = key;
        if (windows) {
            const upper = key.toUpperCase();
            const existing = names.get(upper);
            if (existing !== undefined)
                target = existing;
            else
                names.set(upper, key);
        }
        // A null-prototype object: assigning any key, even __proto__, makes an own property.
        env[target] = value;
    };
    for (const [k, v] of Object.entries(request.env))
        put(k, v);
    // godotenv keys such as `a.b` stay in .env but are no environment variable names (warned about once).
    for (const [k, v] of values)
        if (isEnvKey(k))
            put(k, v);
    for (const [k, v] of parameters)
        put(k, v);
    for (const [k, v] of outputs)
        put(k, v.value);
    if (entry) {
        const lookup = (key) => env[windows ? (names.get(key.toUpperCase()) ?? key) : key];
        for (const v of entryVariables(entry, lookup)) {
            if (v.secret)
                onSecret?.(v.value);
            put(v.key, v.value);
        }
    }
    put('AZURE_ENV_NAME', name);
    // Exactly as azd sets it: `true` for `down --purge`, absent otherwise, whatever .env or the job environment say.
    if (request.command === 'down' && request.purge)
        put('AZD_PURGE', 'true');
    else
        for (const key of Object.keys(env))
            if (key === 'AZD_PURGE' || (windows && key.toUpperCase() === 'AZD_PURGE'))
                delete env[key];
    return env;
}
/** Keys of the azd environment that scripts do not get as variables (not [A-Za-z_][A-Za-z0-9_]*), sorted. */
function keysNotPassed(values) {
    return [...values.keys()].filter((k) => !isEnvKey(k)).sort();
}

// EXTERNAL MODULE: ./src/core/duration.ts
var duration = __nccwpck_require__(8571);
;// CONCATENATED MODULE: ./src/core/run-list.ts
/**
 * Deploy / Destroy (PRD REQ-5.2, 5.4): the command's scripts in order, each in its log group, outputs passed on
 * and persisted as each one completes, a failure stopping the rest unless continueOnError.
 */











/**
 * Runs the scripts in order, with our azd stand-in on their PATH when they have no azd. Returns true when every
 * script succeeded.
 */
async function runList(ctx, project, env, scripts, parameters) {
    const shim = await installAzdShim(ctx.request.env, project.root).catch((err) => {
        // Scripts that never call azd must not fail for it: say why `azd` will be missing, and go on.
        warn(ctx, `No azd is on PATH and the azd stand-in for scripts could not be set up (${err instanceof Error ? err.message : String(err)}), so scripts that call azd will fail. Install azd, or make the temp folder writable.`);
        return undefined;
    });
    try {
        return await runScripts(ctx, project, env, scripts, parameters, shim);
    }
    finally {
        await shim?.remove();
    }
}
async function runScripts(ctx, project, env, scripts, parameters, shim) {
    const { request, host, result } = ctx;
    const outputs = new Map();
    const left = new Set();
    let allSucceeded = true;
    for (const [index, script] of scripts.entries()) {
        const { entry, file } = script;
        const run = result.scripts[index];
        throwIfCancelled(ctx);
        const values = fitForDown(ctx, await env.reload(), parameters, left);
        const childEnv = withAzdShim(scriptEnvironment(request, env.name, values, parameters.values, outputs, entry, (secret) => ctx.secrets.add(secret)), shim);
        const collects = request.command === 'provision';
        const before = collects ? snapshotOutputs(outputCandidates(file, project.root)) : undefined;
        const envBefore = collects ? snapshotEnv(values) : undefined;
        const exit = await runOne(ctx, script, project.root, childEnv, run);
        if (exit.cancelled) {
            run.status = 'cancelled';
            host.info(`Failed: ${entry.name} (${howItEnded(exit)}, ${(0,duration/* formatDuration */.a)(run.durationMs ?? 0)})`);
            throw cancelledWhile(ctx, script);
        }
        let failure = failureOf(ctx, script, exit, run, childEnv);
        if (failure) {
            host.info(`Failed: ${entry.name} (${howItEnded(exit)}, ${(0,duration/* formatDuration */.a)(run.durationMs ?? 0)})`);
        }
        else {
            run.status = 'succeeded';
            host.info(`Completed: ${entry.name} (${(0,duration/* formatDuration */.a)(run.durationMs ?? 0)})`);
            if (before && envBefore) {
                failure = await envChanges(env, envBefore)
                    .then(async (changed) => {
                    const fromJson = await collect(ctx, env, entry, before, outputs);
                    await collectEnvChanges(ctx, entry, changed, fromJson, outputs);
                })
                    .then(() => undefined, core_errors/* toScriptsError */.qb);
            }
        }
        if (failure) {
            run.status = 'failed';
            allSucceeded = false;
            // A cancel (while waiting for the environment's lock) is never a failure to go on after.
            if (!entry.continueOnError || failure.code === 'CANCELLED')
                throw failure;
            warn(ctx, `${failure.message}\ncontinueOnError is true for "${entry.name}", so the run goes on.`, { file });
        }
    }
    return allSucceeded;
}
/** One script in its log group; records its duration, exit code and signal on `run`. */
async function runOne(ctx, { entry, shell, executable, file }, root, env, run) {
    const { host } = ctx;
    host.startGroup(`Running script: ${entry.name} (${shell})`);
    const started = Date.now();
    const exit = await runScript({
        executable,
        args: shellArguments(shell, file),
        cwd: root,
        env,
        stdin: host.scriptStdin,
        stdout: host.stdout,
        stderr: host.stderr,
        stderrLines: ctx.request.stderrLines,
        redact: (bytes) => ctx.secrets.redactBytes(bytes),
        cancellation: host.cancellation,
    });
    host.endGroup();
    run.durationMs = Date.now() - started;
    if (exit.exitCode !== null)
        run.exitCode = exit.exitCode;
    if (exit.signal)
        run.signal = exit.signal;
    return exit;
}
/** `exit code: 3` or `signal: SIGKILL`, as in the progress line (the duration follows it). */
function howItEnded(exit) {
    return exit.signal ? `signal: ${exit.signal}` : `exit code: ${exit.exitCode ?? 'none'}`;
}
/** The error of a script that could not start or did not exit 0; undefined when it succeeded. */
function failureOf(ctx, { entry, shell, executable, file }, exit, run, env) {
    if (exit.spawnError && exit.spawnError.code === 'E2BIG') {
        const entries = Object.entries(env);
        return new core_errors/* ScriptsError */.jW({
            code: 'ENV_TOO_LARGE',
            message: `Script "${entry.name}" could not be started: its environment is too large for the OS (E2BIG, ${formatBytes(totalBytes(entries))} in ${entries.length} variables). Largest: ${ctx.secrets.redact(largest(entries))}.`,
            hint: 'Shorten the largest values (in .env, the parameters or the OS environment) and keep large data in files.',
            file,
        });
    }
    if (exit.spawnError) {
        return new core_errors/* ScriptsError */.jW({
            code: 'SCRIPT_FAILED',
            message: `Script "${entry.name}" could not be started: ${shell} (${executable}) failed to start: ${exit.spawnError.message}.`,
            hint: installHint(shell),
            file,
        });
    }
    if (exit.exitCode === 0 && !exit.signal)
        return undefined;
    const how = exit.signal ? `was terminated by signal ${exit.signal}` : `failed with exit code ${exit.exitCode}`;
    run.stderrTail = ctx.secrets.redact(exit.stderrTail);
    const tail = run.stderrTail
        ? `\nLast ${run.stderrTail.split('\n').length} line(s) of stderr:\n${indent(run.stderrTail)}`
        : '\n(no stderr output)';
    return new core_errors/* ScriptsError */.jW({
        code: 'SCRIPT_FAILED',
        message: `Script "${entry.name}" ${how}: ${entry.run} (${file}).${tail}`,
        hint: 'Fix the script or the values it uses and run again; outputs of the scripts that completed were kept.',
        file,
    });
}
function cancelledWhile(ctx, { entry, file }) {
    const { request, result, host } = ctx;
    const done = result.scripts.filter((s) => s.status === 'succeeded').length;
    const kept = request.command === 'provision' && request.persist ? ' and their outputs were kept' : '';
    return new core_errors/* ScriptsError */.jW({
        code: 'CANCELLED',
        message: `Cancelled (${host.cancellation.reason ?? 'SIGINT'}) while running script "${entry.name}" (${entry.run}); ${done} script(s) had completed${kept}.`,
        hint: 'Run again to finish; scripts should be safe to re-run.',
        file,
    });
}
function indent(text) {
    return text
        .split('\n')
        .map((l) => `  ${l}`)
        .join('\n');
}
/**
 * `down` must always be able to run: values of `.env` too large for a script's environment are left out of it,
 * each named once in a warning (provision refuses them before anything runs instead).
 */
function fitForDown(ctx, values, parameters, warned) {
    if (ctx.request.command !== 'down')
        return values;
    const { kept, dropped } = fitValues(values, [...Object.entries(ctx.request.env), ...parameters.values]);
    const fresh = dropped.filter((d) => !warned.has(d.key));
    if (fresh.length > 0) {
        for (const d of fresh)
            warned.add(d.key);
        warn(ctx, `Left out of the destroy scripts' environment, too large to pass to a script: ${fresh.map((d) => `${d.key} (${formatBytes(d.bytes)})`).join(', ')}. They stay in .env.`);
    }
    return kept;
}

;// CONCATENATED MODULE: ./src/core/variables-check.ts
/**
 * Initialize's check of the entries' env/secrets templates against what is known before anything runs.
 */



function checkVariables(ctx, scripts, azdEnv, parameterKeys, problems) {
    const known = new Set(['AZURE_ENV_NAME']);
    for (const [k, v] of Object.entries(ctx.request.env))
        if (v !== undefined && isEnvKey(k))
            known.add(k);
    for (const k of azdEnv.keys())
        known.add(k);
    for (const k of parameterKeys)
        known.add(k);
    if (ctx.request.command === 'down' && ctx.request.purge)
        known.add('AZD_PURGE');
    checkEntryVariables(scripts.map((s) => s.entry), known, problems, (message, at) => warn(ctx, message, at), (secret) => ctx.secrets.add(secret));
}

;// CONCATENATED MODULE: ./src/core/state.ts
/**
 * State (PRD REQ-5.5): the outputs recorded by the last successful provision of the environment.
 */







async function state(ctx, project) {
    const { request, result } = ctx;
    const name = await environment_selectEnvironmentName(project.root, request.environment, request.env, ctx.host);
    result.environment = name;
    const env = await environment_AzdEnvironment.open(project.root, name, {
        create: false,
        persist: false,
        osEnv: request.env,
    }).catch((err) => {
        if (!(err instanceof core_errors/* ScriptsError */.jW) || err.code !== 'ENVIRONMENT_NOT_FOUND')
            throw err;
        const dir = external_node_path_default().join(project.root, '.azure', name);
        throw new core_errors/* ScriptsError */.jW({
            code: 'ENVIRONMENT_NOT_FOUND',
            message: nothingRecordedHere(name, dir),
            hint: sharingHint(name),
        });
    });
    const recorded = await recordedOutputs(env);
    for (const { key, type } of recorded) {
        const value = env.values.get(key);
        if (value === undefined) {
            warn(ctx, `Output ${key} is recorded in ${env.configFile} but missing from ${env.dotenvFile}.`, {
                file: env.dotenvFile,
            });
            continue;
        }
        const masked = isMaskedName(request, key);
        if (masked)
            ctx.secrets.add(value, 'masked', `output ${key}`);
        result.outputs.set(key, { value, secret: false, masked, type: type ?? 'string' });
    }
    if (recorded.length === 0)
        ctx.host.info(`No outputs recorded for environment "${name}": provision has not completed a script with outputs yet.`);
}

;// CONCATENATED MODULE: ./src/core/script-checks.ts
/**
 * Mistakes in a script entry that still run, or that fail with a baffling message (issue items 10.4, 10.5):
 * a bash shebang under `sh`, CRLF line endings, arguments written into `run:`, a Windows path on Linux/macOS.
 * Each is found before anything runs, so `preview` says it too.
 */

/** Enough of a script to see its shebang and whether its lines end in CRLF. */
const HEAD_BYTES = 64 * 1024;
/** Shells whose scripts a POSIX sh cannot be trusted to run. */
const NON_POSIX = /^(bash|zsh|ksh|mksh|fish|pwsh|powershell)$/;
/**
 * The interpreter a shebang names: `#!/bin/bash` → bash, `#!/usr/bin/env -S bash -e` → bash; undefined
 * without a shebang.
 */
function shebangShell(firstLine) {
    if (!firstLine.startsWith('#!'))
        return undefined;
    const words = firstLine.slice(2).trim().split(/\s+/);
    let program = words.shift() ?? '';
    if (program.endsWith('/env') || program === 'env') {
        while (words[0]?.startsWith('-'))
            words.shift();
        program = words.shift() ?? '';
    }
    return program.split('/').pop() || undefined;
}
/** Warnings about the script file itself, for bash and sh scripts. */
function checkScriptFile(entry, shell, file, warn) {
    if (shell !== 'bash' && shell !== 'sh')
        return;
    const head = readHead(file);
    if (head === undefined)
        return;
    const firstLine = head.split('\n')[0].replace(/\r$/, '');
    const named = shebangShell(firstLine);
    if (shell === 'sh' && named && NON_POSIX.test(named)) {
        const fix = entry.shellFrom === 'shell'
            ? `set \`shell: bash\` for it in azure.yaml (shell: sh runs \`sh ${entry.run}\`, which ignores the shebang)`
            : 'install bash (kind: sh runs bash when it is on PATH, else sh)';
        warn(`${entry.key}: ${entry.run} starts with "${firstLine}" but runs with sh, so bash-only syntax in it may fail; ${fix}.`, entry.at.shell);
    }
    if (head.includes('\r\n')) {
        warn(`${entry.key}: ${file} has Windows (CRLF) line endings; ${shell} then fails with "$'\\r': command not found". ` +
            'Convert it to LF (e.g. `sed -i "s/\\r$//" ' +
            entry.run +
            '`) and keep it so with a .gitattributes line `*.sh text eol=lf`.', { file, line: head.slice(0, head.indexOf('\r\n')).split('\n').length });
    }
}
function readHead(file) {
    let fd;
    try {
        fd = (0,external_node_fs_.openSync)(file, 'r');
        const buffer = Buffer.alloc(HEAD_BYTES);
        const n = (0,external_node_fs_.readSync)(fd, buffer, 0, HEAD_BYTES, 0);
        return buffer.subarray(0, n).toString('latin1');
    }
    catch {
        return undefined;
    }
    finally {
        if (fd !== undefined)
            (0,external_node_fs_.closeSync)(fd);
    }
}
/** `scripts\x.sh` → `scripts/x.sh` where `\` is no separator (as azd does for bash hooks); undefined when unchanged. */
function posixPath(run, platform = process.platform) {
    if (platform === 'win32' || !run.includes('\\'))
        return undefined;
    return run.replace(/\\/g, '/');
}
/** `scripts/x.sh --flag` → `scripts/x.sh`: the part before the first blank, when there is more after it. */
function commandPart(run) {
    const match = /^(\S+)\s+\S/.exec(run.trim());
    return match ? match[1] : undefined;
}

;// CONCATENATED MODULE: ./src/core/validate.ts
/**
 * Initialize (PRD REQ-5.1): every script of the command exists inside the project, and its shell is known and
 * installed. Problems are gathered, never thrown one at a time.
 */





/** Every script of the command exists inside the project and its shell is known and installed. */
async function validateScripts(project, list, osEnv, problems, warn) {
    const entries = project.lists[list];
    if (!entries || entries.length === 0) {
        problems.add({
            code: 'PROJECT_INVALID',
            message: `${project.file}: infra.config.${list} ${entries ? 'is empty' : 'is missing'}; there is nothing to run.`,
            hint: `Add the scripts to run under infra.config.${list} (each with shell and run).`,
            file: project.file,
        });
        return [];
    }
    const found = new Map();
    const ready = [];
    const lookup = (name) => {
        if (!found.has(name))
            found.set(name, findExecutable(name, osEnv));
        return found.get(name);
    };
    for (const entry of entries) {
        const { shell, executable } = chooseShell(entry, lookup, problems);
        const file = await resolveRun(project.root, entry, problems, warn);
        if (shell && file)
            checkScriptFile(entry, shell, file, warn);
        if (shell && executable && file)
            ready.push({ entry, shell, executable, file });
    }
    return ready;
}
function scriptRun(entry, shell) {
    return { name: entry.name, shell, path: entry.run, status: 'not-run', continueOnError: entry.continueOnError };
}
/** The shell an entry runs with: `shell:` exactly; `kind: sh` (or `.sh`) bash when installed, else sh (upstream). */
function chooseShell(entry, lookup, problems) {
    let shell;
    if (entry.shellFrom === 'shell') {
        if (!isShell(entry.shell)) {
            problems.add((0,core_errors/* locatedError */.Js)(entry.at.shell, 'SHELL_UNKNOWN', `${entry.key}.shell: unknown shell "${entry.shell}"; supported shells: ${SHELLS.join(', ')}.`, `Set shell to one of ${SHELLS.join(', ')}. Wrap cmd.exe scripts in PowerShell.`));
            return {};
        }
        shell = entry.shell;
    }
    else if (entry.shell === 'sh') {
        shell = lookup('bash') ? 'bash' : 'sh';
    }
    else if (entry.shell === 'pwsh') {
        shell = 'pwsh';
    }
    else {
        problems.add((0,core_errors/* locatedError */.Js)(entry.at.shell, 'SHELL_UNKNOWN', `${entry.key}.kind: unknown kind "${entry.shell}"; kind is one of ${KINDS.join(', ')}.`, `Set kind to ${KINDS.join(' or ')}, or use shell: with one of ${SHELLS.join(', ')}.`));
        return {};
    }
    const executable = lookup(shell);
    if (!executable) {
        const what = entry.shellFrom === 'shell' ? 'shell' : entry.shellFrom === 'kind' ? 'kind' : 'run';
        problems.add((0,core_errors/* locatedError */.Js)(entry.at.shell, 'SHELL_NOT_FOUND', `${entry.key}.${what}: the shell "${shell}" was not found on PATH.`, installHint(shell)));
    }
    return { shell, executable };
}
/** The script file of `run:`, with the two mistakes of issue 10.5 turned into what the user meant or a hint. */
async function resolveRun(root, entry, problems, warn) {
    const options = { what: 'script', key: `${entry.key}.run`, location: entry.at.run };
    const resolve = (written) => resolveProjectFile(root, written, options).catch((err) => err);
    let run = entry.run;
    const attempt = await resolve(run);
    if (typeof attempt === 'string')
        return attempt;
    // A file really named `a\b.sh` (legal here) wins; otherwise `\` was meant as a separator.
    const slashed = posixPath(run);
    if (slashed !== undefined && attempt instanceof core_errors/* ScriptsError */.jW && attempt.code === 'SCRIPT_NOT_FOUND') {
        const retry = await resolve(slashed);
        if (typeof retry === 'string') {
            warn(`${entry.key}.run: "${run}" uses \\ as a separator; using "${slashed}" here, as azd does for bash scripts. Write it with / so it works everywhere.`, entry.at.run);
            return retry;
        }
        run = slashed;
    }
    const command = commandPart(run);
    if (command !== undefined && attempt instanceof core_errors/* ScriptsError */.jW && attempt.code === 'SCRIPT_NOT_FOUND') {
        const exists = await resolveProjectFile(root, command, options).then(() => true, () => false);
        if (exists) {
            problems.add((0,core_errors/* locatedError */.Js)(entry.at.run, 'PROJECT_INVALID', `${entry.key}.run: "${run}" is a command line, but run takes a file; arguments are not supported: use parameters.`, `Set run to "${command}" and pass the values as parameters (a parameter file) or env: entries; the script reads them as environment variables.`));
            return undefined;
        }
    }
    return problems.collect(() => {
        throw attempt;
    });
}

;// CONCATENATED MODULE: ./src/core/provider.ts
/**
 * The lifecycle (PRD REQ-5): provision, down, preview and state. Validate everything first and report every
 * problem at once (Initialize/EnsureEnv); then run the command's scripts in order, passing each one's outputs
 * to the next, persisting them as soon as a script completes, and returning partial results on failure.
 * Each step lives in its own module: validate, preview, run-list (with collect and script-env), state.
 */

















/** Runs one request to the end. Never throws: every failure is in `result.error`. */
async function run(request, host) {
    const result = {
        command: request.command,
        status: 'succeeded',
        scripts: [],
        outputs: new Map(),
        warnings: [],
    };
    const ctx = { request, host, result, secrets: new secrets/* Secrets */.Sb(host) };
    const started = Date.now();
    try {
        await dispatch(ctx);
        warnUnmatchedMaskedNames(ctx);
    }
    catch (err) {
        const error = (0,core_errors/* toScriptsError */.qb)(err);
        result.status = error.code === 'CANCELLED' ? 'cancelled' : 'failed';
        result.error = ctx.secrets.redactError(error.toData());
    }
    result.durationMs = Date.now() - started;
    return result;
}
async function dispatch(ctx) {
    const { request, host } = ctx;
    throwIfCancelled(ctx);
    const project = await loadProject(request.cwd, host);
    ctx.result.projectRoot = project.root;
    if (request.command === 'state')
        return state(ctx, project);
    const list = request.command === 'down' ? 'destroy' : 'provision';
    if (request.command === 'down' && !request.force && !(request.interactive && host.prompt)) {
        throw new core_errors/* ScriptsError */.jW({
            code: 'CONFIRMATION_REQUIRED',
            message: "down destroys the environment's resources and needs confirmation, but this run cannot ask (non-interactive).",
            hint: `To run the destroy scripts without asking, use ${host.option('force', 'true')}.`,
        });
    }
    // Initialize / EnsureEnv: every check that can fail before a script runs, all problems reported together.
    const problems = new core_errors/* Problems */.Zw();
    const name = await environment_selectEnvironmentName(project.root, request.environment, request.env, host);
    ctx.result.environment = name;
    const view = await problems.collect(() => environment_AzdEnvironment.open(project.root, name, { create: true, persist: false, osEnv: request.env }));
    // A value already in .env that could not be written back would fail the first save, after a script ran.
    if (view && request.persist)
        for (const problem of await view.unsavableValues())
            problems.add(problem);
    // down leaves values too large for a script's environment out instead (run-list), so that it can always run.
    if (view && request.command !== 'down')
        for (const problem of await dotenvTooLarge(view, request.env))
            problems.add(problem);
    const scripts = await validateScripts(project, list, request.env, problems, (message, at) => warn(ctx, message, at));
    const files = await loadParameterFiles(project, project.lists[list] ?? [], problems);
    // Prompt only when nothing else is wrong; otherwise gather the missing values into the same error.
    const mayPrompt = problems.empty && request.interactive ? host.prompt : undefined;
    const parameters = view
        ? await problems.collect(() => resolveParameters({
            files,
            requestValues: request.parameters,
            azdEnv: view.values,
            osEnv: request.env,
            prompt: mayPrompt,
            secrets: ctx.secrets,
            command: request.command,
            names: host,
            info: (message) => host.info(message),
            optional: request.command === 'down' ? provisionOnly(project) : undefined,
        }))
        : undefined;
    const parameterKeys = parameters?.values.keys() ?? files.flatMap((f) => f.declarations.map((d) => d.key));
    if (view)
        checkVariables(ctx, scripts, view.values, parameterKeys, problems);
    // Values too large for a script's environment would fail at the first spawn (E2BIG): say so now, by key and size.
    // (down fits .env around the parameters instead, so there only the OS environment is their base.)
    if (parameters && view) {
        const base = [...Object.entries(request.env), ...(request.command === 'down' ? [] : view.values)];
        for (const problem of parametersTooLarge(parameters.values, base))
            problems.add(problem);
    }
    problems.throwIfAny(`in ${project.file} and the files it names; nothing was run`);
    if (!parameters)
        return;
    for (const message of parameters.warnings)
        warn(ctx, message);
    const notPassed = view ? keysNotPassed(view.values) : [];
    if (notPassed.length > 0) {
        warn(ctx, `${notPassed.join(', ')} in ${view.dotenvFile} ${notPassed.length === 1 ? 'is' : 'are'} kept, but not passed to the scripts: not a valid environment variable name ([A-Za-z_][A-Za-z0-9_]*).`, { file: view.dotenvFile });
    }
    ctx.result.scripts = scripts.map((s) => scriptRun(s.entry, s.shell));
    if (request.command === 'preview')
        return preview(ctx, scripts, parameters);
    if (request.command === 'down' && !request.force) {
        const yes = await host.prompt.confirm(`Run the ${scripts.length} destroy script(s) of environment "${name}"? This deletes what they tear down.`);
        if (!yes) {
            throw new core_errors/* ScriptsError */.jW({
                code: 'DECLINED',
                message: `down was not confirmed: no destroy script was run, environment "${name}" is unchanged.`,
                hint: `Run again and confirm, or use ${host.option('force', 'true')}.`,
            });
        }
    }
    throwIfCancelled(ctx);
    if (request.command === 'down' && view && !view.exists) {
        warn(ctx, `${nothingRecordedHere(name, view.dir)} The destroy scripts get the job environment and the parameters, but no outputs of that provision. ${sharingHint(name)}`);
    }
    const env = await environment_AzdEnvironment.open(project.root, name, {
        create: true,
        persist: request.persist,
        osEnv: request.env,
        lock: { signal: host.cancellation.signal, notify: (message) => host.info(message) },
    });
    if (request.command === 'provision')
        ctx.recorder = new OutputRecorder(env, env.values.keys());
    if (parameters.toPersist.size > 0) {
        for (const skipped of await env.save({ set: parameters.toPersist })) {
            warn(ctx, `Parameter ${skipped.key} was not saved to ${env.dotenvFile}: ${skipped.reason}.`);
        }
    }
    const completed = await runList(ctx, project, env, scripts, parameters);
    if (request.command === 'down' && completed) {
        const removed = await removeRecordedOutputs(env);
        if (removed.length > 0)
            host.info(`Removed ${removed.length} output(s) recorded at provision time from environment "${name}".`);
    }
}
/** down: parameters declared only in parameter files that provision scripts use too are not required. */
function provisionOnly(project) {
    const provisionFiles = new Set((project.lists.provision ?? []).flatMap((e) => e.parameters === undefined ? [] : [external_node_path_default().relative(project.root, external_node_path_default().resolve(project.root, e.parameters))]));
    return (declarations) => declarations.every((d) => provisionFiles.has(d.relative));
}


/***/ }),

/***/ 8506:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   L: () => (/* binding */ COMMANDS),
/* harmony export */   c: () => (/* binding */ PREVIEW_NOTE)
/* harmony export */ });
/** What `preview` says about what it cannot know (PRD REQ-5.3). */
const PREVIEW_NOTE = 'Scripts cannot predict infrastructure changes: this lists what would run and with which values, not what it would change.';
const COMMANDS = ['provision', 'down', 'preview', 'state'];


/***/ }),

/***/ 8198:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Sb: () => (/* binding */ Secrets),
/* harmony export */   XF: () => (/* binding */ REDACTED)
/* harmony export */ });
/* unused harmony export MIN_CONTAINED_SECRET */
const REDACTED = '***';
/**
 * The shortest secret that makes an output holding it secret too. Shorter ones (`1`, `dev`, `true`) occur in
 * ordinary values by chance; treating every output that holds them as secret would keep all outputs off disk.
 * 8 is the usual minimum length of a password or key.
 */
const MIN_CONTAINED_SECRET = 8;
class Secrets {
    host;
    values = new Set();
    /** Values (and their lines) that must never reach the disk, with what they are, for messages. */
    unsaved = new Map();
    maskedOnly = new Map();
    sorted;
    constructor(host) {
        this.host = host;
    }
    /** Registers `value` (and each of its lines); `what` names it in warnings ("parameter DB_PASSWORD"). */
    add(value, kind = 'secret', what = 'a secret') {
        if (!value)
            return;
        const known = kind === 'secret' ? this.unsaved : this.maskedOnly;
        // A multi-line secret can be printed one line at a time; each line is a secret of its own.
        const pieces = [value, ...value.split(/\r\n|\r|\n/).filter((line) => line.trim() && line !== value)];
        for (const piece of pieces)
            if (!known.has(piece))
                known.set(piece, what);
        if (this.values.has(value))
            return;
        this.host.mask(value);
        for (const piece of pieces)
            this.values.add(piece);
        this.sorted = undefined;
    }
    /**
     * A secureobject: the whole JSON and every string leaf (and each line of it), so a script printing one field
     * does not show it. Numbers, booleans and null are not registered: masking every `5432` or `true` in the log
     * would hide ordinary text, and a secret is a string.
     */
    addObject(json, what = 'a secret') {
        this.add(json, 'secret', what);
        let data;
        try {
            data = JSON.parse(json);
        }
        catch {
            return;
        }
        for (const leaf of stringLeaves(data))
            if (leaf.trim())
                this.add(leaf, 'secret', what);
    }
    has(value) {
        return this.values.has(value);
    }
    /**
     * What a value holds of the run's secrets, if anything: a never-saved secret wins over a masked-only value.
     * Only secrets of at least MIN_CONTAINED_SECRET characters count.
     */
    contained(value) {
        for (const [kind, known] of [
            ['secret', this.unsaved],
            ['masked', this.maskedOnly],
        ]) {
            for (const [secret, what] of known) {
                if (secret.length >= MIN_CONTAINED_SECRET && value.includes(secret))
                    return { kind, what };
            }
        }
        return undefined;
    }
    redact(text) {
        if (this.values.size === 0 || !text)
            return text;
        this.sorted ??= [...this.values].sort((a, b) => b.length - a.length);
        let out = text;
        for (const secret of this.sorted)
            if (out.includes(secret))
                out = out.split(secret).join(REDACTED);
        return out;
    }
    /**
     * Redacts raw bytes (a stream's tail, which may end inside a UTF-8 character): each byte maps to one latin1
     * character, so matching the secrets' UTF-8 bytes works without decoding.
     */
    redactBytes(bytes) {
        if (this.values.size === 0 || bytes.length === 0)
            return bytes;
        let text = bytes.toString('latin1');
        let changed = false;
        this.sorted ??= [...this.values].sort((a, b) => b.length - a.length);
        for (const secret of this.sorted) {
            // `*` or `**` would grow with each pass over text that was redacted already.
            if (REDACTED.includes(secret))
                continue;
            const raw = Buffer.from(secret, 'utf8').toString('latin1');
            if (!text.includes(raw))
                continue;
            text = text.split(raw).join(REDACTED);
            changed = true;
        }
        return changed ? Buffer.from(text, 'latin1') : bytes;
    }
    redactError(error) {
        const out = { ...error, message: this.redact(error.message) };
        if (error.hint !== undefined)
            out.hint = this.redact(error.hint);
        if (error.problems)
            out.problems = error.problems.map((p) => this.redactError(p));
        return out;
    }
}
function* stringLeaves(data) {
    if (typeof data === 'string')
        yield data;
    else if (Array.isArray(data))
        for (const item of data)
            yield* stringLeaves(item);
    else if (typeof data === 'object' && data !== null)
        for (const item of Object.values(data))
            yield* stringLeaves(item);
}


/***/ }),

/***/ 5355:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   o: () => (/* binding */ closingLine)
/* harmony export */ });
/* harmony import */ var _core_duration_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(8571);
/**
 * The last line of a run, in the spirit of azd's `SUCCESS: Your application was provisioned in 1 minute 5
 * seconds.`: what happened to which environment, how many scripts, how long in total. The same line ends the
 * CLI's output and the Action's and the task's logs, so a reader finds the verdict in one place on every host.
 */

/** The closing line, or undefined for commands that run no script (preview, state) and for a declined `down`. */
function closingLine(result) {
    if (result.command !== 'provision' && result.command !== 'down')
        return undefined;
    if (result.error?.code === 'DECLINED')
        return undefined;
    const took = (0,_core_duration_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a)(result.durationMs ?? 0);
    const env = result.environment ? ` environment "${result.environment}"` : '';
    const total = result.scripts.length;
    const succeeded = result.scripts.filter((s) => s.status === 'succeeded').length;
    const failed = result.scripts.filter((s) => s.status === 'failed');
    if (result.status === 'succeeded') {
        const verb = result.command === 'provision' ? `provisioned${env}` : `tore down${env}`;
        const tolerated = failed.length > 0 ? `, ${failed.length} failed (continueOnError)` : '';
        return `SUCCESS: ${verb}: ${count(total, result.command === 'down' ? 'destroy script' : 'script')}${tolerated} in ${took}`;
    }
    const what = env ? `${result.command} of${env}` : result.command;
    const stopped = result.scripts.find((s) => s.status === 'cancelled' || (s.status === 'failed' && !s.continueOnError));
    const ran = result.scripts.some((s) => s.status !== 'not-run');
    const progress = ran
        ? `${succeeded} of ${count(total, 'script')} completed${stopped ? `, "${stopped.name}" ${result.status === 'cancelled' ? 'was stopped' : 'failed'}` : ''}`
        : 'no script was run';
    return `${result.status === 'cancelled' ? 'CANCELLED' : 'FAILED'}: ${what} after ${took}: ${progress}`;
}
function count(n, noun) {
    return `${n} ${noun}${n === 1 ? '' : 's'}`;
}


/***/ }),

/***/ 7152:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Kw: () => (/* binding */ neutralizeCommands)
/* harmony export */ });
/* unused harmony exports neutralizeWorkflowCommands, neutralizeLoggingCommands */
/**
 * Text we print that a user controls (script names, paths, output values, stderr quoted in errors) must not be
 * read as a command by a CI agent. A zero-width space after the marker's first character defuses it and is
 * invisible in the log. Script output itself is passed through untouched (scripts may use commands on purpose).
 */
/** GitHub: a line starting with `::` is a workflow command. */
function neutralizeWorkflowCommands(text) {
    return text.replace(/^(\s*)::/gm, '$1:\u200b:');
}
/** Azure Pipelines: `##vso[` (anywhere in a line) and `##[` are logging commands. */
function neutralizeLoggingCommands(text) {
    return text.replace(/##(vso)?\[/g, (m) => `##\u200b${m.slice(2)}`);
}
/** Both: for a host that may itself run inside either CI system (the CLI in a script step). */
function neutralizeCommands(text) {
    return neutralizeLoggingCommands(neutralizeWorkflowCommands(text));
}


/***/ }),

/***/ 6894:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  Nj: () => (/* binding */ guarded),
  jN: () => (/* binding */ ignoreOutputErrors),
  Zu: () => (/* binding */ scriptSink)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __nccwpck_require__(3024);
;// CONCATENATED MODULE: external "node:stream"
const external_node_stream_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream");
;// CONCATENATED MODULE: ./src/hosts/output-streams.ts
/**
 * Our own stdout and stderr may go away while we run: `azd-scripts provision | head -1` closes the pipe after one
 * line. Node then emits an unhandled 'error' (EPIPE) and the process dies between two scripts, before the
 * outputs of the one that just finished are saved. Provisioning is the point of the run and printing is not, so
 * a write error on our own streams is ignored from then on, and the run goes on (issue 11.5).
 */


/** Stops write errors on process.stdout and process.stderr from ending the process. Call once, first thing. */
function ignoreOutputErrors() {
    for (const stream of [process.stdout, process.stderr]) {
        if (stream.listenerCount('error') === 0)
            stream.on('error', () => undefined);
    }
}
/**
 * Where scripts' output goes. A terminal or a file is handed to the script as it is (the kernel moves the output,
 * and a script on a terminal still sees one). A pipe or socket is wrapped: the script writes into our pipe, which
 * we always drain, so a reader that went away neither kills the script with SIGPIPE nor stalls it; what cannot be
 * delivered is dropped.
 */
function scriptSink(stream) {
    if (!mayBreak(stream))
        return stream;
    return guarded(stream);
}
/** A Writable that forwards to `stream` until a write to it fails, then drops everything. Never errors. */
function guarded(stream) {
    let broken = false;
    stream.once('error', () => (broken = true));
    return new external_node_stream_namespaceObject.Writable({
        write(chunk, _encoding, callback) {
            if (broken || stream.destroyed || !stream.writable) {
                broken = true;
                return callback();
            }
            // Handed on at once, in call order with our own lines (progress, ::endgroup::): waiting for the flush
            // before taking the next chunk would let a later line of ours overtake script output still queued here.
            // Backpressure is kept: when the stream's buffer is full, the next chunk waits for 'drain'.
            let more;
            try {
                more = stream.write(chunk, (err) => {
                    if (err)
                        broken = true;
                });
            }
            catch {
                broken = true;
                return callback();
            }
            if (more || broken)
                return callback();
            const resume = () => {
                stream.off('drain', resume);
                stream.off('error', resume);
                callback();
            };
            stream.on('drain', resume);
            stream.on('error', resume);
        },
    });
}
function mayBreak(stream) {
    if (stream.isTTY)
        return false;
    const fd = stream.fd;
    if (typeof fd !== 'number')
        return true;
    try {
        const stat = (0,external_node_fs_.fstatSync)(fd);
        return stat.isFIFO() || stat.isSocket();
    }
    catch {
        return true;
    }
}


/***/ }),

/***/ 8456:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   g: () => (/* binding */ printable)
/* harmony export */ });
/**
 * A value shown on one line of a terminal. An output value is whatever a script wrote: a newline would forge
 * the next `KEY=value` line, an escape sequence would recolour or rewrite the screen, a bidi control would
 * reorder what is read. Such a value is shown quoted with those characters escaped (`"a\nb"`, `"\u001b[31m"`);
 * any other value is shown as it is, so the common case stays copy-pasteable.
 */
// C0 controls, DEL, C1 controls, line/paragraph separators and the bidi embedding/isolate controls.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const UNPRINTABLE_ALL = new RegExp(UNPRINTABLE.source, 'g');
const SHORT = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
function printable(value) {
    if (!UNPRINTABLE.test(value))
        return value;
    const escaped = value
        .replace(/["\\]/g, (c) => `\\${c}`)
        .replace(UNPRINTABLE_ALL, (c) => SHORT[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    return `"${escaped}"`;
}


/***/ }),

/***/ 7822:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   d: () => (/* binding */ cancelOnSignals)
/* harmony export */ });
/** Routes SIGINT and SIGTERM to `cancellation` until the returned function is called. */
function cancelOnSignals(cancellation) {
    const onSigint = () => cancellation.cancel('SIGINT');
    const onSigterm = () => cancellation.cancel('SIGTERM');
    process.on('SIGINT', onSigint);
    process.on('SIGTERM', onSigterm);
    return () => {
        process.off('SIGINT', onSigint);
        process.off('SIGTERM', onSigterm);
    };
}


/***/ }),

/***/ 6557:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  L: () => (/* binding */ TerminalHost)
});

;// CONCATENATED MODULE: ./src/hosts/option-names.ts
const FLAGS = {
    command: 'the command',
    environment: '-e/--environment',
    cwd: '--cwd',
    parameters: '--param',
    force: '--force',
    purge: '--purge',
    stderrLines: '--stderr-lines',
    persist: '--no-persist',
};
const terminalOptions = {
    option(field, value) {
        if (value === undefined)
            return FLAGS[field];
        switch (field) {
            case 'command':
                return `azd-scripts ${value}`;
            case 'environment':
                return `-e ${value}`;
            case 'force':
            case 'purge':
                return FLAGS[field];
            case 'persist':
                return value === 'false' ? '--no-persist' : 'no --no-persist';
            default:
                return `${FLAGS[field]} ${value}`;
        }
    },
};
/** A pipeline's `with:`/`inputs:` block: `name: value`; `parameters` takes one KEY=VALUE per line. */
function yamlInputs(names) {
    return {
        option(field, value) {
            const name = names[field];
            if (value === undefined)
                return `the \`${name}\` input`;
            if (field === 'parameters')
                return `a \`${value}\` line in the \`${name}\` input`;
            return `\`${name}: ${value}\``;
        },
    };
}
const githubOptions = yamlInputs({
    command: 'command',
    environment: 'environment',
    cwd: 'working-directory',
    parameters: 'parameters',
    force: 'force',
    purge: 'purge',
    stderrLines: 'stderr-lines',
    persist: 'persist',
});
const azurePipelinesOptions = yamlInputs({
    command: 'command',
    environment: 'environmentName',
    cwd: 'workingDirectory',
    parameters: 'parameters',
    force: 'force',
    purge: 'purge',
    stderrLines: 'stderrLines',
    persist: 'persist',
});

;// CONCATENATED MODULE: ./src/core/host.ts
/**
 * How a host tells the engine to stop. The first `cancel` aborts `signal` (the running script's process group
 * gets the same signal); each further `cancel` escalates (the group is killed at once).
 */
class Cancellation {
    controller = new AbortController();
    escalations = new Set();
    received;
    get signal() {
        return this.controller.signal;
    }
    /** The first signal received, if any. */
    get reason() {
        return this.received;
    }
    cancel(signal) {
        if (this.received === undefined) {
            this.received = signal;
            this.controller.abort(signal);
            return;
        }
        for (const listener of [...this.escalations])
            listener();
    }
    onEscalate(listener) {
        this.escalations.add(listener);
        return () => this.escalations.delete(listener);
    }
}

// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __nccwpck_require__(4296);
// EXTERNAL MODULE: ./src/core/secrets.ts
var secrets = __nccwpck_require__(8198);
// EXTERNAL MODULE: ./src/hosts/neutralize.ts
var neutralize = __nccwpck_require__(7152);
;// CONCATENATED MODULE: ./src/hosts/terminal.ts





class TerminalHost {
    options;
    cancellation = new Cancellation();
    option = terminalOptions.option;
    stdout;
    stderr;
    scriptStdin;
    prompt;
    color;
    errorColor;
    secrets = new secrets/* Secrets */.Sb({ mask: () => undefined });
    constructor(options) {
        this.options = options;
        this.stdout = options.scriptStdout;
        this.stderr = options.scriptStderr;
        this.scriptStdin = options.scriptStdin;
        this.color = colors(options.log, options.env);
        this.errorColor = colors(options.errors, options.env);
        if (options.prompt)
            this.prompt = new InquirerPrompter();
    }
    info(raw) {
        const message = (0,neutralize/* neutralizeCommands */.Kw)(raw);
        const styled = /^(Running script|Completed|Collecting outputs from): /.test(message)
            ? this.color.bold(message)
            : message.startsWith('Failed: ')
                ? this.color.red(message)
                : message;
        this.options.log.write(`${styled}\n`);
    }
    warning(message, location) {
        void location;
        this.options.errors.write(`${this.errorColor.yellow('warning:')} ${(0,neutralize/* neutralizeCommands */.Kw)(message)}\n`);
    }
    startGroup(title) {
        this.options.log.write(`${this.color.cyan((0,neutralize/* neutralizeCommands */.Kw)(title))}\n`);
    }
    endGroup() { }
    /**
     * A terminal has no log to mask: secrets are never printed by us, and values that hold one (an output built
     * from a secret parameter) are shown with it redacted.
     */
    mask(secret) {
        this.secrets.add(secret);
    }
    redact(text) {
        return this.secrets.redact(text);
    }
    error(message, hint) {
        this.options.errors.write(`${this.errorColor.red('error:')} ${(0,neutralize/* neutralizeCommands */.Kw)(message)}\n`);
        if (hint)
            this.options.errors.write(`${this.errorColor.dim('hint:')} ${(0,neutralize/* neutralizeCommands */.Kw)(hint)}\n`);
    }
    style() {
        return this.color;
    }
}
function colors(stream, env) {
    const on = stream.isTTY === true && !env.NO_COLOR && env.TERM !== 'dumb';
    const wrap = (open, close) => (s) => (on ? `\u001b[${open}m${s}\u001b[${close}m` : s);
    return {
        bold: wrap(1, 22),
        dim: wrap(2, 22),
        red: wrap(31, 39),
        yellow: wrap(33, 39),
        cyan: wrap(36, 39),
        green: wrap(32, 39),
    };
}
/** Ctrl-C at a prompt ends the run as a cancellation, not as an error of ours. */
async function asked(question) {
    try {
        return await question();
    }
    catch (err) {
        if (err instanceof Error && err.name === 'ExitPromptError') {
            throw new errors/* ScriptsError */.jW({
                code: 'CANCELLED',
                message: 'Cancelled (Ctrl-C) at a prompt; no script was run.',
                hint: 'Run again to finish, or supply the values with --param.',
            });
        }
        throw err;
    }
}
/** Prompts through @inquirer/prompts, loaded only when a question is actually asked. */
class InquirerPrompter {
    async confirm(message) {
        const { confirm } = await __nccwpck_require__.e(/* import() */ 731).then(__nccwpck_require__.bind(__nccwpck_require__, 5731));
        return asked(() => confirm({ message, default: false }));
    }
    async text(options) {
        const { input, password } = await __nccwpck_require__.e(/* import() */ 731).then(__nccwpck_require__.bind(__nccwpck_require__, 5731));
        const validate = (value) => options.validate?.(value) ?? true;
        return asked(() => options.secret
            ? password({ message: options.message, mask: '*', validate })
            : input({ message: options.message, validate }));
    }
    async select(options) {
        const { select } = await __nccwpck_require__.e(/* import() */ 731).then(__nccwpck_require__.bind(__nccwpck_require__, 5731));
        return asked(() => select({ message: options.message, choices: options.choices, pageSize: 15 }));
    }
}


/***/ }),

/***/ 4506:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  _: () => (/* binding */ HELP),
  e: () => (/* binding */ readCliInputs)
});

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __nccwpck_require__(6760);
var external_node_path_default = /*#__PURE__*/__nccwpck_require__.n(external_node_path_);
// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __nccwpck_require__(7975);
// EXTERNAL MODULE: ./src/core/request.ts
var request = __nccwpck_require__(8506);
// EXTERNAL MODULE: ./src/core/errors.ts
var errors = __nccwpck_require__(4296);
// EXTERNAL MODULE: ./node_modules/zod/v4/mini/schemas.js + 5 modules
var schemas = __nccwpck_require__(8395);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/api.js + 1 modules
var api = __nccwpck_require__(3305);
;// CONCATENATED MODULE: ./src/hosts/inputs.ts
/**
 * Input values every host reads the same way (DESIGN section 2), validated with zod and reported with our own
 * messages: the name of the input at fault and what it takes, never the value (it may be a secret).
 */



const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
class InputError extends errors/* ScriptsError */.jW {
    constructor(message, hint) {
        super({ code: 'INPUT_INVALID', message, hint });
    }
}
/** `KEY=VALUE` lines: the value is everything after the first `=`; blank lines and `#` comments are skipped. */
function parseParameterLines(text, inputName) {
    const values = new Map();
    text.split(/\r?\n/).forEach((raw, index) => {
        const line = raw.replace(/^\s+/, '');
        if (line === '' || line.startsWith('#'))
            return;
        const eq = line.indexOf('=');
        const key = eq === -1 ? line.trim() : line.slice(0, eq).trim();
        if (eq === -1 || !KEY.test(key)) {
            throw new InputError(`${inputName}, line ${index + 1}: expected KEY=VALUE with KEY matching [A-Za-z_][A-Za-z0-9_]*${eq === -1 ? ' (no "=" found)' : ''}.`, `Write one parameter per line as NAME=value; lines starting with # are comments.`);
        }
        values.set(key, line.slice(eq + 1));
    });
    return values;
}
/** One `KEY=VALUE` (a CLI `--param`). */
function parseParameterPair(pair, flag, occurrence) {
    const eq = pair.indexOf('=');
    const key = eq === -1 ? pair : pair.slice(0, eq);
    if (eq === -1 || !KEY.test(key)) {
        throw new InputError(`${flag} #${occurrence}: expected KEY=VALUE with KEY matching [A-Za-z_][A-Za-z0-9_]*${eq === -1 ? ' (no "=" found)' : ''}.`, `Pass parameters as ${flag} NAME=value.`);
    }
    return [key, pair.slice(eq + 1)];
}
const booleanInput = schemas/* enum */.k5n(['true', 'false', 'yes', 'no', '1', '0']);
const TRUE = new Set(['true', 'yes', '1']);
/** A boolean input: true/false (also yes/no, 1/0, any case); empty means `fallback`. */
function parseBoolean(value, inputName, fallback) {
    if (value === undefined || value.trim() === '')
        return fallback;
    const parsed = booleanInput.safeParse(value.trim().toLowerCase());
    if (!parsed.success)
        throw new InputError(`${inputName} must be true or false, not "${value.trim()}".`, `Set ${inputName} to true or false.`);
    return TRUE.has(parsed.data);
}
const countInput = schemas/* int */.Whr().check(api/* _gte */.qm(0), api/* _lte */.Zm(100_000));
/** A whole number of lines, 0 to 100000. */
function parseLineCount(value, inputName, fallback) {
    if (value === undefined || value.trim() === '')
        return fallback;
    const parsed = /^\s*\d+\s*$/.test(value) ? countInput.safeParse(Number(value)) : undefined;
    if (!parsed?.success)
        throw new InputError(`${inputName} must be a whole number from 0 to 100000, not "${value.trim()}".`, `Set ${inputName} to a number of lines, e.g. 50.`);
    return parsed.data;
}
function parseCommand(value, inputName) {
    const command = (value ?? '').trim() || 'provision';
    if (!request/* COMMANDS */.L.includes(command)) {
        throw new InputError(`${inputName} must be one of ${request/* COMMANDS */.L.join(', ')}, not "${command}".`, `Set ${inputName} to ${request/* COMMANDS */.L.join(', ')}.`);
    }
    return command;
}
/** A comma- or newline-separated list of names (masked-outputs). */
function parseNameList(value) {
    return (value ?? '')
        .split(/[\s,]+/)
        .map((s) => s.trim())
        .filter(Boolean);
}

// EXTERNAL MODULE: ./src/version.ts + 1 modules
var version = __nccwpck_require__(1013);
;// CONCATENATED MODULE: ./src/main/cli-inputs.ts
/**
 * The one place the CLI reads its inputs: argv and the environment into a Request (DESIGN section 2).
 */






const HELP = `azd-scripts ${version/* VERSION */.x}: run an azd project's provisioning scripts (infra.provider: scripts)
and keep its azd environment (.azure/<env>/.env) as azd keeps it.

Usage: azd-scripts [command] [options]

Commands:
  provision   run the provision scripts in order and save their outputs (default)
  down        run the destroy scripts, then remove the outputs provision recorded
  preview     check everything and list what provision would run; runs nothing, writes nothing
  state       print the outputs recorded by the last provision
  help        show this help
  version     print the version

Options:
  -e, --environment NAME   azd environment (default: AZURE_ENV_NAME, then defaultEnvironment
                           in .azure/config.json)
      --cwd DIR            project folder; azure.yaml is searched from here upward (default: .)
  -p, --param KEY=VALUE    a parameter value (repeatable); overrides parameter files
      --force              down: do not ask for confirmation
      --purge              down: scripts see AZD_PURGE=true
      --stderr-lines N     stderr lines of a failed script kept in its error (default: 50)
      --no-persist         write nothing under .azure/
      --no-prompt          never ask; fail listing every missing value instead
                           (also when stdin/stdout is not a terminal or CI is set)
  -o, --output FORMAT      text (default) or json (the result as JSON on stdout)
  -h, --help               show this help
  -v, --version            print the version

Exit status: 0 success, 1 failure, 2 usage error, 130 cancelled.

Examples:
  azd-scripts provision -e dev
  azd-scripts preview -e dev -p AZURE_LOCATION=westeurope
  azd-scripts down -e dev --force --purge
  azd-scripts state -e dev -o json`;
const OPTIONS = {
    environment: { type: 'string', short: 'e' },
    cwd: { type: 'string' },
    param: { type: 'string', short: 'p', multiple: true },
    force: { type: 'boolean' },
    purge: { type: 'boolean' },
    'stderr-lines': { type: 'string' },
    'no-persist': { type: 'boolean' },
    'no-prompt': { type: 'boolean' },
    output: { type: 'string', short: 'o' },
    help: { type: 'boolean', short: 'h' },
    version: { type: 'boolean', short: 'v' },
};
const ALL_COMMANDS = [...request/* COMMANDS */.L, 'help', 'version'];
/** An unknown command says which one was probably meant (`provison` → provision). */
function checkCommand(word) {
    if (ALL_COMMANDS.includes(word))
        return;
    const guess = (0,errors/* closest */.kp)(word, ALL_COMMANDS);
    throw new InputError(`Unknown command "${word}".${guess ? ` Did you mean "${guess}"?` : ''}`, `Commands: ${ALL_COMMANDS.join(', ')}. Run azd-scripts help for the options.`);
}
/**
 * parseArgs' error, worded for a person: an unknown flag says which one was probably meant, by prefix first
 * (`--env` → --environment, as azd's own abbreviations read) and then by spelling (`--forse` → --force).
 */
function unknownOptionError(err) {
    const message = err instanceof Error ? err.message.replace(/\. To specify a positional.*$/s, '.') : String(err);
    const code = err.code;
    const flag = /'(-[^']*)'/.exec(message)?.[1];
    if (code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || !flag) {
        return new InputError(message, 'Run azd-scripts help for the options.');
    }
    const name = flag.replace(/^-+/, '').split('=')[0];
    const longs = Object.keys(OPTIONS);
    const byPrefix = name.length >= 2 ? longs.filter((o) => o.startsWith(name.toLowerCase())) : [];
    const guess = byPrefix.length === 1 ? byPrefix[0] : (0,errors/* closest */.kp)(name, longs);
    return new InputError(`Unknown option ${flag.split('=')[0]}.${guess ? ` Did you mean --${guess}?` : ''}`, 'Run azd-scripts help for the options.');
}
/**
 * `-environment dev` would parse as `-e nvironment` and pick an environment nobody named; `-force` as an unknown
 * `-f`. A long option written with one dash is refused with the spelling meant, as azd (cobra) refuses it.
 */
function checkSingleDashLongOptions(argv) {
    for (const arg of argv) {
        if (arg === '--')
            return;
        const name = /^-([a-z][a-z-]+)(?:=|$)/.exec(arg)?.[1];
        if (name && Object.hasOwn(OPTIONS, name)) {
            throw new InputError(`Unknown option ${arg.split('=')[0]}. Did you mean --${name}?`, 'Run azd-scripts help for the options.');
        }
    }
}
/** The one place the CLI reads its inputs: argv and the environment into a Request. */
function readCliInputs(argv, env, cwd, terminal) {
    checkSingleDashLongOptions(argv);
    let parsed;
    try {
        parsed = (0,external_node_util_.parseArgs)({ args: argv, allowPositionals: true, strict: true, options: OPTIONS });
    }
    catch (err) {
        throw unknownOptionError(err);
    }
    const { values, positionals } = parsed;
    if (values.help)
        return 'help';
    if (values.version)
        return 'version';
    // `help` and `version` are commands as well, as in azd (`azd help`, `azd version`).
    if (positionals[0] === 'help' && positionals.length <= 2) {
        if (positionals[1] !== undefined)
            checkCommand(positionals[1]);
        return 'help';
    }
    if (positionals[0] === 'version' && positionals.length === 1)
        return 'version';
    if (positionals.length > 1) {
        throw new InputError(`Expected one command, got "${positionals.join(' ')}".`, `Commands: ${ALL_COMMANDS.join(', ')}.`);
    }
    if (positionals[0] !== undefined)
        checkCommand(positionals[0]);
    const command = parseCommand(positionals[0], 'the command');
    const output = values.output ?? 'text';
    if (output !== 'text' && output !== 'json')
        throw new InputError(`--output must be text or json, not "${output}".`, 'Use -o json for machine-readable output.');
    const parameters = new Map();
    (values.param ?? []).forEach((pair, i) => {
        const [key, value] = parseParameterPair(pair, '--param', i + 1);
        parameters.set(key, value);
    });
    const interactive = !values['no-prompt'] && terminal.stdinTTY && terminal.stdoutTTY && !env.CI;
    const request = {
        command,
        cwd: external_node_path_default().resolve(cwd, values.cwd ?? '.'),
        parameters,
        force: values.force ?? false,
        purge: values.purge ?? false,
        stderrLines: parseLineCount(values['stderr-lines'], '--stderr-lines', 50),
        persist: !values['no-persist'],
        maskedOutputs: new Set(),
        interactive,
        env,
    };
    if (values.environment !== undefined)
        request.environment = values.environment;
    return { request, output };
}


/***/ }),

/***/ 4503:
/***/ ((module, __webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   i: () => (/* binding */ main)
/* harmony export */ });
/* harmony import */ var _core_provider_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(5024);
/* harmony import */ var _core_secrets_js__WEBPACK_IMPORTED_MODULE_9__ = __nccwpck_require__(8198);
/* harmony import */ var _core_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(4296);
/* harmony import */ var _hosts_terminal_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(6557);
/* harmony import */ var _hosts_neutralize_js__WEBPACK_IMPORTED_MODULE_7__ = __nccwpck_require__(7152);
/* harmony import */ var _version_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(1013);
/* harmony import */ var _cli_inputs_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(4506);
/* harmony import */ var _hosts_signals_js__WEBPACK_IMPORTED_MODULE_8__ = __nccwpck_require__(7822);
/* harmony import */ var _hosts_closing_line_js__WEBPACK_IMPORTED_MODULE_10__ = __nccwpck_require__(5355);
/* harmony import */ var _hosts_output_streams_js__WEBPACK_IMPORTED_MODULE_5__ = __nccwpck_require__(6894);
/* harmony import */ var _hosts_printable_js__WEBPACK_IMPORTED_MODULE_6__ = __nccwpck_require__(8456);
/**
 * `azd-scripts`: the engine for a person at a terminal. Reads argv into a Request, runs it, prints the Result.
 * Exit codes: 0 success, 1 failure, 2 usage error, 130 cancelled.
 */











async function main() {
    (0,_hosts_output_streams_js__WEBPACK_IMPORTED_MODULE_5__/* .ignoreOutputErrors */ .jN)();
    const terminal = { stdinTTY: process.stdin.isTTY === true, stdoutTTY: process.stdout.isTTY === true };
    let settings;
    try {
        settings = (0,_cli_inputs_js__WEBPACK_IMPORTED_MODULE_4__/* .readCliInputs */ .e)(process.argv.slice(2), process.env, process.cwd(), terminal);
    }
    catch (err) {
        if (!(err instanceof _core_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ScriptsError */ .jW))
            throw err;
        process.stderr.write((0,_hosts_neutralize_js__WEBPACK_IMPORTED_MODULE_7__/* .neutralizeCommands */ .Kw)(`error: ${err.message}\nhint: ${err.hint ?? 'Run azd-scripts --help.'}\n`));
        return 2;
    }
    if (settings === 'help') {
        process.stdout.write(`${_cli_inputs_js__WEBPACK_IMPORTED_MODULE_4__/* .HELP */ ._}\n`);
        return 0;
    }
    if (settings === 'version') {
        process.stdout.write(`${_version_js__WEBPACK_IMPORTED_MODULE_3__/* .VERSION */ .x}\n`);
        return 0;
    }
    const json = settings.output === 'json';
    const host = new _hosts_terminal_js__WEBPACK_IMPORTED_MODULE_2__/* .TerminalHost */ .L({
        log: json ? process.stderr : process.stdout,
        errors: process.stderr,
        scriptStdout: (0,_hosts_output_streams_js__WEBPACK_IMPORTED_MODULE_5__/* .scriptSink */ .Zu)(json ? process.stderr : process.stdout),
        scriptStderr: (0,_hosts_output_streams_js__WEBPACK_IMPORTED_MODULE_5__/* .guarded */ .Nj)(process.stderr),
        scriptStdin: terminal.stdinTTY ? 'inherit' : 'closed',
        prompt: settings.request.interactive,
        env: process.env,
    });
    const stopListening = (0,_hosts_signals_js__WEBPACK_IMPORTED_MODULE_8__/* .cancelOnSignals */ .d)(host.cancellation);
    const result = await (0,_core_provider_js__WEBPACK_IMPORTED_MODULE_0__/* .run */ .e)(settings.request, host);
    stopListening();
    // `[` after `##vso` written as \u005b: the same JSON value, but no Azure Pipelines logging command in the log.
    if (json)
        process.stdout.write(`${JSON.stringify(resultJson(result, host), null, 2).replace(/##(vso)?\[/g, (m) => `${m.slice(0, -1)}\\u005b`)}\n`);
    else
        render(result, host);
    return result.status === 'succeeded' ? 0 : result.status === 'cancelled' ? 130 : 1;
}
/** The Result as JSON: outputs as an object, secret values (and secrets inside other values) replaced by `***`. */
function resultJson(result, host) {
    const outputs = {};
    for (const [key, o] of result.outputs) {
        Object.defineProperty(outputs, key, {
            value: { value: o.masked ? _core_secrets_js__WEBPACK_IMPORTED_MODULE_9__/* .REDACTED */ .XF : host.redact(o.value), secret: o.secret, masked: o.masked, type: o.type },
            enumerable: true,
        });
    }
    return { ...result, outputs };
}
function render(result, host) {
    const c = host.style();
    const env = result.environment ? ` "${result.environment}"` : '';
    const outputLines = [...result.outputs].map(([k, o]) => `  ${k}=${o.masked ? _core_secrets_js__WEBPACK_IMPORTED_MODULE_9__/* .REDACTED */ .XF : (0,_hosts_printable_js__WEBPACK_IMPORTED_MODULE_6__/* .printable */ .g)(host.redact(o.value))}`);
    const closing = (0,_hosts_closing_line_js__WEBPACK_IMPORTED_MODULE_10__/* .closingLine */ .o)(result);
    if (result.status === 'succeeded') {
        if (result.command === 'provision' && outputLines.length > 0)
            host.info(['Outputs:', ...outputLines].join('\n'));
        if (result.command === 'state' && outputLines.length > 0)
            host.info([`Outputs of environment${env}, recorded by provision:`, ...outputLines].join('\n'));
        if (closing)
            host.info(c.green(closing));
        return;
    }
    const error = result.error;
    // Saying no is an answer, not an error: a plain line (the exit status is still 1, see docs/decisions).
    if (error?.code === 'DECLINED')
        return host.info(error.message);
    if (error)
        host.error(error.message, error.hint);
    if (result.command === 'provision' && outputLines.length > 0) {
        const line = ([k, o]) => `  ${k}=${o.masked ? _core_secrets_js__WEBPACK_IMPORTED_MODULE_9__/* .REDACTED */ .XF : o.value}`;
        const kept = [...result.outputs].filter(([, o]) => o.saved).map(line);
        const lost = [...result.outputs].filter(([, o]) => !o.saved).map(line);
        if (kept.length > 0)
            host.info(['Outputs of the scripts that completed (kept):', ...kept].join('\n'));
        if (lost.length > 0)
            host.info(['Outputs of this run not saved to the environment:', ...lost].join('\n'));
    }
    if (closing)
        host.info(result.status === 'cancelled' ? c.yellow(closing) : c.red(closing));
}
const exitCode = await main().catch((err) => {
    process.stderr.write(`error: unexpected failure: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    return 1;
});
process.exitCode = exitCode;

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 1013:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  x: () => (/* binding */ VERSION)
});

;// CONCATENATED MODULE: ./package.json
const package_namespaceObject = {"rE":"1.0.0"};
;// CONCATENATED MODULE: ./src/version.ts

/** The package version, read from package.json at build time. */
const VERSION = package_namespaceObject.rE;


/***/ }),

/***/ 181:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("buffer");

/***/ }),

/***/ 5317:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("child_process");

/***/ }),

/***/ 4434:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("events");

/***/ }),

/***/ 6698:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:async_hooks");

/***/ }),

/***/ 3024:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");

/***/ }),

/***/ 6760:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");

/***/ }),

/***/ 1708:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:process");

/***/ }),

/***/ 481:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:readline");

/***/ }),

/***/ 7975:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");

/***/ }),

/***/ 857:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("os");

/***/ }),

/***/ 6928:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("path");

/***/ }),

/***/ 932:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("process");

/***/ }),

/***/ 2203:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("stream");

/***/ }),

/***/ 3193:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("string_decoder");

/***/ }),

/***/ 3557:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("timers");

/***/ }),

/***/ 2018:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("tty");

/***/ }),

/***/ 7349:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var Scalar = __nccwpck_require__(3301);
var YAMLMap = __nccwpck_require__(4454);
var YAMLSeq = __nccwpck_require__(2223);
var resolveBlockMap = __nccwpck_require__(7103);
var resolveBlockSeq = __nccwpck_require__(334);
var resolveFlowCollection = __nccwpck_require__(3142);

function resolveCollection(CN, ctx, token, onError, tagName, tag) {
    const coll = token.type === 'block-map'
        ? resolveBlockMap.resolveBlockMap(CN, ctx, token, onError, tag)
        : token.type === 'block-seq'
            ? resolveBlockSeq.resolveBlockSeq(CN, ctx, token, onError, tag)
            : resolveFlowCollection.resolveFlowCollection(CN, ctx, token, onError, tag);
    const Coll = coll.constructor;
    // If we got a tagName matching the class, or the tag name is '!',
    // then use the tagName from the node class used to create it.
    if (tagName === '!' || tagName === Coll.tagName) {
        coll.tag = Coll.tagName;
        return coll;
    }
    if (tagName)
        coll.tag = tagName;
    return coll;
}
function composeCollection(CN, ctx, token, props, onError) {
    const tagToken = props.tag;
    const tagName = !tagToken
        ? null
        : ctx.directives.tagName(tagToken.source, msg => onError(tagToken, 'TAG_RESOLVE_FAILED', msg));
    if (token.type === 'block-seq') {
        const { anchor, newlineAfterProp: nl } = props;
        const lastProp = anchor && tagToken
            ? anchor.offset > tagToken.offset
                ? anchor
                : tagToken
            : (anchor ?? tagToken);
        if (lastProp && (!nl || nl.offset < lastProp.offset)) {
            const message = 'Missing newline after block sequence props';
            onError(lastProp, 'MISSING_CHAR', message);
        }
    }
    const expType = token.type === 'block-map'
        ? 'map'
        : token.type === 'block-seq'
            ? 'seq'
            : token.start.source === '{'
                ? 'map'
                : 'seq';
    // shortcut: check if it's a generic YAMLMap or YAMLSeq
    // before jumping into the custom tag logic.
    if (!tagToken ||
        !tagName ||
        tagName === '!' ||
        (tagName === YAMLMap.YAMLMap.tagName && expType === 'map') ||
        (tagName === YAMLSeq.YAMLSeq.tagName && expType === 'seq')) {
        return resolveCollection(CN, ctx, token, onError, tagName);
    }
    let tag = ctx.schema.tags.find(t => t.tag === tagName && t.collection === expType);
    if (!tag) {
        const kt = ctx.schema.knownTags[tagName];
        if (kt?.collection === expType) {
            ctx.schema.tags.push(Object.assign({}, kt, { default: false }));
            tag = kt;
        }
        else {
            if (kt) {
                onError(tagToken, 'BAD_COLLECTION_TYPE', `${kt.tag} used for ${expType} collection, but expects ${kt.collection ?? 'scalar'}`, true);
            }
            else {
                onError(tagToken, 'TAG_RESOLVE_FAILED', `Unresolved tag: ${tagName}`, true);
            }
            return resolveCollection(CN, ctx, token, onError, tagName);
        }
    }
    const coll = resolveCollection(CN, ctx, token, onError, tagName, tag);
    const res = tag.resolve?.(coll, msg => onError(tagToken, 'TAG_RESOLVE_FAILED', msg), ctx.options) ?? coll;
    const node = identity.isNode(res)
        ? res
        : new Scalar.Scalar(res);
    node.range = coll.range;
    node.tag = tagName;
    if (tag?.format)
        node.format = tag.format;
    return node;
}

exports.composeCollection = composeCollection;


/***/ }),

/***/ 3683:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Document = __nccwpck_require__(3021);
var composeNode = __nccwpck_require__(5937);
var resolveEnd = __nccwpck_require__(7788);
var resolveProps = __nccwpck_require__(4631);

function composeDoc(options, directives, { offset, start, value, end }, onError) {
    const opts = Object.assign({ _directives: directives }, options);
    const doc = new Document.Document(undefined, opts);
    const ctx = {
        atKey: false,
        atRoot: true,
        directives: doc.directives,
        options: doc.options,
        schema: doc.schema
    };
    const props = resolveProps.resolveProps(start, {
        indicator: 'doc-start',
        next: value ?? end?.[0],
        offset,
        onError,
        parentIndent: 0,
        startOnNewline: true
    });
    if (props.found) {
        doc.directives.docStart = true;
        if (value &&
            (value.type === 'block-map' || value.type === 'block-seq') &&
            !props.hasNewline)
            onError(props.end, 'MISSING_CHAR', 'Block collection cannot start on same line with directives-end marker');
    }
    // @ts-expect-error If Contents is set, let's trust the user
    doc.contents = value
        ? composeNode.composeNode(ctx, value, props, onError)
        : composeNode.composeEmptyNode(ctx, props.end, start, null, props, onError);
    const contentEnd = doc.contents.range[2];
    const re = resolveEnd.resolveEnd(end, contentEnd, false, onError);
    if (re.comment)
        doc.comment = re.comment;
    doc.range = [offset, contentEnd, re.offset];
    return doc;
}

exports.composeDoc = composeDoc;


/***/ }),

/***/ 5937:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Alias = __nccwpck_require__(4065);
var identity = __nccwpck_require__(1127);
var composeCollection = __nccwpck_require__(7349);
var composeScalar = __nccwpck_require__(5413);
var resolveEnd = __nccwpck_require__(7788);
var utilEmptyScalarPosition = __nccwpck_require__(2599);

const CN = { composeNode, composeEmptyNode };
function composeNode(ctx, token, props, onError) {
    const atKey = ctx.atKey;
    const { spaceBefore, comment, anchor, tag } = props;
    let node;
    let isSrcToken = true;
    switch (token.type) {
        case 'alias':
            node = composeAlias(ctx, token, onError);
            if (anchor || tag)
                onError(token, 'ALIAS_PROPS', 'An alias node must not specify any properties');
            break;
        case 'scalar':
        case 'single-quoted-scalar':
        case 'double-quoted-scalar':
        case 'block-scalar':
            node = composeScalar.composeScalar(ctx, token, tag, onError);
            if (anchor)
                node.anchor = anchor.source.substring(1);
            break;
        case 'block-map':
        case 'block-seq':
        case 'flow-collection':
            try {
                node = composeCollection.composeCollection(CN, ctx, token, props, onError);
                if (anchor)
                    node.anchor = anchor.source.substring(1);
            }
            catch (error) {
                // Almost certainly here due to a stack overflow
                const message = error instanceof Error ? error.message : String(error);
                onError(token, 'RESOURCE_EXHAUSTION', message);
            }
            break;
        default: {
            const message = token.type === 'error'
                ? token.message
                : `Unsupported token (type: ${token.type})`;
            onError(token, 'UNEXPECTED_TOKEN', message);
            isSrcToken = false;
        }
    }
    node ?? (node = composeEmptyNode(ctx, token.offset, undefined, null, props, onError));
    if (anchor && node.anchor === '')
        onError(anchor, 'BAD_ALIAS', 'Anchor cannot be an empty string');
    if (atKey &&
        ctx.options.stringKeys &&
        (!identity.isScalar(node) ||
            typeof node.value !== 'string' ||
            (node.tag && node.tag !== 'tag:yaml.org,2002:str'))) {
        const msg = 'With stringKeys, all keys must be strings';
        onError(tag ?? token, 'NON_STRING_KEY', msg);
    }
    if (spaceBefore)
        node.spaceBefore = true;
    if (comment) {
        if (token.type === 'scalar' && token.source === '')
            node.comment = comment;
        else
            node.commentBefore = comment;
    }
    // @ts-expect-error Type checking misses meaning of isSrcToken
    if (ctx.options.keepSourceTokens && isSrcToken)
        node.srcToken = token;
    return node;
}
function composeEmptyNode(ctx, offset, before, pos, { spaceBefore, comment, anchor, tag, end }, onError) {
    const token = {
        type: 'scalar',
        offset: utilEmptyScalarPosition.emptyScalarPosition(offset, before, pos),
        indent: -1,
        source: ''
    };
    const node = composeScalar.composeScalar(ctx, token, tag, onError);
    if (anchor) {
        node.anchor = anchor.source.substring(1);
        if (node.anchor === '')
            onError(anchor, 'BAD_ALIAS', 'Anchor cannot be an empty string');
    }
    if (spaceBefore)
        node.spaceBefore = true;
    if (comment) {
        node.comment = comment;
        node.range[2] = end;
    }
    return node;
}
function composeAlias({ options }, { offset, source, end }, onError) {
    const alias = new Alias.Alias(source.substring(1));
    if (alias.source === '')
        onError(offset, 'BAD_ALIAS', 'Alias cannot be an empty string');
    if (alias.source.endsWith(':'))
        onError(offset + source.length - 1, 'BAD_ALIAS', 'Alias ending in : is ambiguous', true);
    const valueEnd = offset + source.length;
    const re = resolveEnd.resolveEnd(end, valueEnd, options.strict, onError);
    alias.range = [offset, valueEnd, re.offset];
    if (re.comment)
        alias.comment = re.comment;
    return alias;
}

exports.composeEmptyNode = composeEmptyNode;
exports.composeNode = composeNode;


/***/ }),

/***/ 5413:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var Scalar = __nccwpck_require__(3301);
var resolveBlockScalar = __nccwpck_require__(8913);
var resolveFlowScalar = __nccwpck_require__(6842);

function composeScalar(ctx, token, tagToken, onError) {
    const { value, type, comment, range } = token.type === 'block-scalar'
        ? resolveBlockScalar.resolveBlockScalar(ctx, token, onError)
        : resolveFlowScalar.resolveFlowScalar(token, ctx.options.strict, onError);
    const tagName = tagToken
        ? ctx.directives.tagName(tagToken.source, msg => onError(tagToken, 'TAG_RESOLVE_FAILED', msg))
        : null;
    let tag;
    if (ctx.options.stringKeys && ctx.atKey) {
        tag = ctx.schema[identity.SCALAR];
    }
    else if (tagName)
        tag = findScalarTagByName(ctx.schema, value, tagName, tagToken, onError);
    else if (token.type === 'scalar')
        tag = findScalarTagByTest(ctx, value, token, onError);
    else
        tag = ctx.schema[identity.SCALAR];
    let scalar;
    try {
        const res = tag.resolve(value, msg => onError(tagToken ?? token, 'TAG_RESOLVE_FAILED', msg), ctx.options);
        scalar = identity.isScalar(res) ? res : new Scalar.Scalar(res);
    }
    catch (error) {
        const msg = error instanceof Error ? error.message : String(error);
        onError(tagToken ?? token, 'TAG_RESOLVE_FAILED', msg);
        scalar = new Scalar.Scalar(value);
    }
    scalar.range = range;
    scalar.source = value;
    if (type)
        scalar.type = type;
    if (tagName)
        scalar.tag = tagName;
    if (tag.format)
        scalar.format = tag.format;
    if (comment)
        scalar.comment = comment;
    return scalar;
}
function findScalarTagByName(schema, value, tagName, tagToken, onError) {
    if (tagName === '!')
        return schema[identity.SCALAR]; // non-specific tag
    const matchWithTest = [];
    for (const tag of schema.tags) {
        if (!tag.collection && tag.tag === tagName) {
            if (tag.default && tag.test)
                matchWithTest.push(tag);
            else
                return tag;
        }
    }
    for (const tag of matchWithTest)
        if (tag.test?.test(value))
            return tag;
    const kt = schema.knownTags[tagName];
    if (kt && !kt.collection) {
        // Ensure that the known tag is available for stringifying,
        // but does not get used by default.
        schema.tags.push(Object.assign({}, kt, { default: false, test: undefined }));
        return kt;
    }
    onError(tagToken, 'TAG_RESOLVE_FAILED', `Unresolved tag: ${tagName}`, tagName !== 'tag:yaml.org,2002:str');
    return schema[identity.SCALAR];
}
function findScalarTagByTest({ atKey, directives, schema }, value, token, onError) {
    const tag = schema.tags.find(tag => (tag.default === true || (atKey && tag.default === 'key')) &&
        tag.test?.test(value)) || schema[identity.SCALAR];
    if (schema.compat) {
        const compat = schema.compat.find(tag => tag.default && tag.test?.test(value)) ??
            schema[identity.SCALAR];
        if (tag.tag !== compat.tag) {
            const ts = directives.tagString(tag.tag);
            const cs = directives.tagString(compat.tag);
            const msg = `Value may be parsed as either ${ts} or ${cs}`;
            onError(token, 'TAG_RESOLVE_FAILED', msg, true);
        }
    }
    return tag;
}

exports.composeScalar = composeScalar;


/***/ }),

/***/ 9984:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var node_process = __nccwpck_require__(932);
var directives = __nccwpck_require__(1342);
var Document = __nccwpck_require__(3021);
var errors = __nccwpck_require__(1464);
var identity = __nccwpck_require__(1127);
var composeDoc = __nccwpck_require__(3683);
var resolveEnd = __nccwpck_require__(7788);

function getErrorPos(src) {
    if (typeof src === 'number')
        return [src, src + 1];
    if (Array.isArray(src))
        return src.length === 2 ? src : [src[0], src[1]];
    const { offset, source } = src;
    return [offset, offset + (typeof source === 'string' ? source.length : 1)];
}
function parsePrelude(prelude) {
    let comment = '';
    let atComment = false;
    let afterEmptyLine = false;
    for (let i = 0; i < prelude.length; ++i) {
        const source = prelude[i];
        switch (source[0]) {
            case '#':
                comment +=
                    (comment === '' ? '' : afterEmptyLine ? '\n\n' : '\n') +
                        (source.substring(1) || ' ');
                atComment = true;
                afterEmptyLine = false;
                break;
            case '%':
                if (prelude[i + 1]?.[0] !== '#')
                    i += 1;
                atComment = false;
                break;
            default:
                // This may be wrong after doc-end, but in that case it doesn't matter
                if (!atComment)
                    afterEmptyLine = true;
                atComment = false;
        }
    }
    return { comment, afterEmptyLine };
}
/**
 * Compose a stream of CST nodes into a stream of YAML Documents.
 *
 * ```ts
 * import { Composer, Parser } from 'yaml'
 *
 * const src: string = ...
 * const tokens = new Parser().parse(src)
 * const docs = new Composer().compose(tokens)
 * ```
 */
class Composer {
    constructor(options = {}) {
        this.doc = null;
        this.atDirectives = false;
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
        this.onError = (source, code, message, warning) => {
            const pos = getErrorPos(source);
            if (warning)
                this.warnings.push(new errors.YAMLWarning(pos, code, message));
            else
                this.errors.push(new errors.YAMLParseError(pos, code, message));
        };
        // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
        this.directives = new directives.Directives({ version: options.version || '1.2' });
        this.options = options;
    }
    decorate(doc, afterDoc) {
        const { comment, afterEmptyLine } = parsePrelude(this.prelude);
        //console.log({ dc: doc.comment, prelude, comment })
        if (comment) {
            const dc = doc.contents;
            if (afterDoc) {
                doc.comment = doc.comment ? `${doc.comment}\n${comment}` : comment;
            }
            else if (afterEmptyLine || doc.directives.docStart || !dc) {
                doc.commentBefore = comment;
            }
            else if (identity.isCollection(dc) && !dc.flow && dc.items.length > 0) {
                let it = dc.items[0];
                if (identity.isPair(it))
                    it = it.key;
                const cb = it.commentBefore;
                it.commentBefore = cb ? `${comment}\n${cb}` : comment;
            }
            else {
                const cb = dc.commentBefore;
                dc.commentBefore = cb ? `${comment}\n${cb}` : comment;
            }
        }
        if (afterDoc) {
            for (let i = 0; i < this.errors.length; ++i)
                doc.errors.push(this.errors[i]);
            for (let i = 0; i < this.warnings.length; ++i)
                doc.warnings.push(this.warnings[i]);
        }
        else {
            doc.errors = this.errors;
            doc.warnings = this.warnings;
        }
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
    }
    /**
     * Current stream status information.
     *
     * Mostly useful at the end of input for an empty stream.
     */
    streamInfo() {
        return {
            comment: parsePrelude(this.prelude).comment,
            directives: this.directives,
            errors: this.errors,
            warnings: this.warnings
        };
    }
    /**
     * Compose tokens into documents.
     *
     * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
     * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
     */
    *compose(tokens, forceDoc = false, endOffset = -1) {
        for (const token of tokens)
            yield* this.next(token);
        yield* this.end(forceDoc, endOffset);
    }
    /** Advance the composer by one CST token. */
    *next(token) {
        if (node_process.env.LOG_STREAM)
            console.dir(token, { depth: null });
        switch (token.type) {
            case 'directive':
                this.directives.add(token.source, (offset, message, warning) => {
                    const pos = getErrorPos(token);
                    pos[0] += offset;
                    this.onError(pos, 'BAD_DIRECTIVE', message, warning);
                });
                this.prelude.push(token.source);
                this.atDirectives = true;
                break;
            case 'document': {
                const doc = composeDoc.composeDoc(this.options, this.directives, token, this.onError);
                if (this.atDirectives && !doc.directives.docStart)
                    this.onError(token, 'MISSING_CHAR', 'Missing directives-end/doc-start indicator line');
                this.decorate(doc, false);
                if (this.doc)
                    yield this.doc;
                this.doc = doc;
                this.atDirectives = false;
                break;
            }
            case 'byte-order-mark':
            case 'space':
                break;
            case 'comment':
            case 'newline':
                this.prelude.push(token.source);
                break;
            case 'error': {
                const msg = token.source
                    ? `${token.message}: ${JSON.stringify(token.source)}`
                    : token.message;
                const error = new errors.YAMLParseError(getErrorPos(token), 'UNEXPECTED_TOKEN', msg);
                if (this.atDirectives || !this.doc)
                    this.errors.push(error);
                else
                    this.doc.errors.push(error);
                break;
            }
            case 'doc-end': {
                if (!this.doc) {
                    const msg = 'Unexpected doc-end without preceding document';
                    this.errors.push(new errors.YAMLParseError(getErrorPos(token), 'UNEXPECTED_TOKEN', msg));
                    break;
                }
                this.doc.directives.docEnd = true;
                const end = resolveEnd.resolveEnd(token.end, token.offset + token.source.length, this.doc.options.strict, this.onError);
                this.decorate(this.doc, true);
                if (end.comment) {
                    const dc = this.doc.comment;
                    this.doc.comment = dc ? `${dc}\n${end.comment}` : end.comment;
                }
                this.doc.range[2] = end.offset;
                break;
            }
            default:
                this.errors.push(new errors.YAMLParseError(getErrorPos(token), 'UNEXPECTED_TOKEN', `Unsupported token ${token.type}`));
        }
    }
    /**
     * Call at end of input to yield any remaining document.
     *
     * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
     * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
     */
    *end(forceDoc = false, endOffset = -1) {
        if (this.doc) {
            this.decorate(this.doc, true);
            yield this.doc;
            this.doc = null;
        }
        else if (forceDoc) {
            const opts = Object.assign({ _directives: this.directives }, this.options);
            const doc = new Document.Document(undefined, opts);
            if (this.atDirectives)
                this.onError(endOffset, 'MISSING_CHAR', 'Missing directives-end indicator line');
            doc.range = [0, endOffset, endOffset];
            this.decorate(doc, false);
            yield doc;
        }
    }
}

exports.Composer = Composer;


/***/ }),

/***/ 7103:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Pair = __nccwpck_require__(7165);
var YAMLMap = __nccwpck_require__(4454);
var resolveProps = __nccwpck_require__(4631);
var utilContainsNewline = __nccwpck_require__(9499);
var utilFlowIndentCheck = __nccwpck_require__(4051);
var utilMapIncludes = __nccwpck_require__(1187);

const startColMsg = 'All mapping items must start at the same column';
function resolveBlockMap({ composeNode, composeEmptyNode }, ctx, bm, onError, tag) {
    const NodeClass = tag?.nodeClass ?? YAMLMap.YAMLMap;
    const map = new NodeClass(ctx.schema);
    if (ctx.atRoot)
        ctx.atRoot = false;
    let offset = bm.offset;
    let commentEnd = null;
    for (const collItem of bm.items) {
        const { start, key, sep, value } = collItem;
        // key properties
        const keyProps = resolveProps.resolveProps(start, {
            indicator: 'explicit-key-ind',
            next: key ?? sep?.[0],
            offset,
            onError,
            parentIndent: bm.indent,
            startOnNewline: true
        });
        const implicitKey = !keyProps.found;
        if (implicitKey) {
            if (key) {
                if (key.type === 'block-seq')
                    onError(offset, 'BLOCK_AS_IMPLICIT_KEY', 'A block sequence may not be used as an implicit map key');
                else if ('indent' in key && key.indent !== bm.indent)
                    onError(offset, 'BAD_INDENT', startColMsg);
            }
            if (!keyProps.anchor && !keyProps.tag && !sep) {
                commentEnd = keyProps.end;
                if (keyProps.comment) {
                    if (map.comment)
                        map.comment += '\n' + keyProps.comment;
                    else
                        map.comment = keyProps.comment;
                }
                continue;
            }
            if (keyProps.newlineAfterProp || utilContainsNewline.containsNewline(key)) {
                onError(key ?? start[start.length - 1], 'MULTILINE_IMPLICIT_KEY', 'Implicit keys need to be on a single line');
            }
        }
        else if (keyProps.found?.indent !== bm.indent) {
            onError(offset, 'BAD_INDENT', startColMsg);
        }
        // key value
        ctx.atKey = true;
        const keyStart = keyProps.end;
        const keyNode = key
            ? composeNode(ctx, key, keyProps, onError)
            : composeEmptyNode(ctx, keyStart, start, null, keyProps, onError);
        if (ctx.schema.compat)
            utilFlowIndentCheck.flowIndentCheck(bm.indent, key, onError);
        ctx.atKey = false;
        if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
            onError(keyStart, 'DUPLICATE_KEY', 'Map keys must be unique');
        // value properties
        const valueProps = resolveProps.resolveProps(sep ?? [], {
            indicator: 'map-value-ind',
            next: value,
            offset: keyNode.range[2],
            onError,
            parentIndent: bm.indent,
            startOnNewline: !key || key.type === 'block-scalar'
        });
        offset = valueProps.end;
        if (valueProps.found) {
            if (implicitKey) {
                if (value?.type === 'block-map' && !valueProps.hasNewline)
                    onError(offset, 'BLOCK_AS_IMPLICIT_KEY', 'Nested mappings are not allowed in compact mappings');
                if (ctx.options.strict &&
                    keyProps.start < valueProps.found.offset - 1024)
                    onError(keyNode.range, 'KEY_OVER_1024_CHARS', 'The : indicator must be at most 1024 chars after the start of an implicit block mapping key');
            }
            // value value
            const valueNode = value
                ? composeNode(ctx, value, valueProps, onError)
                : composeEmptyNode(ctx, offset, sep, null, valueProps, onError);
            if (ctx.schema.compat)
                utilFlowIndentCheck.flowIndentCheck(bm.indent, value, onError);
            offset = valueNode.range[2];
            const pair = new Pair.Pair(keyNode, valueNode);
            if (ctx.options.keepSourceTokens)
                pair.srcToken = collItem;
            map.items.push(pair);
        }
        else {
            // key with no value
            if (implicitKey)
                onError(keyNode.range, 'MISSING_CHAR', 'Implicit map keys need to be followed by map values');
            if (valueProps.comment) {
                if (keyNode.comment)
                    keyNode.comment += '\n' + valueProps.comment;
                else
                    keyNode.comment = valueProps.comment;
            }
            const pair = new Pair.Pair(keyNode);
            if (ctx.options.keepSourceTokens)
                pair.srcToken = collItem;
            map.items.push(pair);
        }
    }
    if (commentEnd && commentEnd < offset)
        onError(commentEnd, 'IMPOSSIBLE', 'Map comment with trailing content');
    map.range = [bm.offset, offset, commentEnd ?? offset];
    return map;
}

exports.resolveBlockMap = resolveBlockMap;


/***/ }),

/***/ 8913:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Scalar = __nccwpck_require__(3301);

function resolveBlockScalar(ctx, scalar, onError) {
    const start = scalar.offset;
    const header = parseBlockScalarHeader(scalar, ctx.options.strict, onError);
    if (!header)
        return { value: '', type: null, comment: '', range: [start, start, start] };
    const type = header.mode === '>' ? Scalar.Scalar.BLOCK_FOLDED : Scalar.Scalar.BLOCK_LITERAL;
    const lines = scalar.source ? splitLines(scalar.source) : [];
    // determine the end of content & start of chomping
    let chompStart = lines.length;
    for (let i = lines.length - 1; i >= 0; --i) {
        const content = lines[i][1];
        if (content === '' || content === '\r')
            chompStart = i;
        else
            break;
    }
    // shortcut for empty contents
    if (chompStart === 0) {
        const value = header.chomp === '+' && lines.length > 0
            ? '\n'.repeat(Math.max(1, lines.length - 1))
            : '';
        let end = start + header.length;
        if (scalar.source)
            end += scalar.source.length;
        return { value, type, comment: header.comment, range: [start, end, end] };
    }
    // find the indentation level to trim from start
    let trimIndent = scalar.indent + header.indent;
    let offset = scalar.offset + header.length;
    let contentStart = 0;
    for (let i = 0; i < chompStart; ++i) {
        const [indent, content] = lines[i];
        if (content === '' || content === '\r') {
            if (header.indent === 0 && indent.length > trimIndent)
                trimIndent = indent.length;
        }
        else {
            if (indent.length < trimIndent) {
                const message = 'Block scalars with more-indented leading empty lines must use an explicit indentation indicator';
                onError(offset + indent.length, 'MISSING_CHAR', message);
            }
            if (header.indent === 0)
                trimIndent = indent.length;
            contentStart = i;
            if (trimIndent === 0 && !ctx.atRoot) {
                const message = 'Block scalar values in collections must be indented';
                onError(offset, 'BAD_INDENT', message);
            }
            break;
        }
        offset += indent.length + content.length + 1;
    }
    // include trailing more-indented empty lines in content
    for (let i = lines.length - 1; i >= chompStart; --i) {
        if (lines[i][0].length > trimIndent)
            chompStart = i + 1;
    }
    let value = '';
    let sep = '';
    let prevMoreIndented = false;
    // leading whitespace is kept intact
    for (let i = 0; i < contentStart; ++i)
        value += lines[i][0].slice(trimIndent) + '\n';
    for (let i = contentStart; i < chompStart; ++i) {
        let [indent, content] = lines[i];
        offset += indent.length + content.length + 1;
        const crlf = content[content.length - 1] === '\r';
        if (crlf)
            content = content.slice(0, -1);
        /* istanbul ignore if already caught in lexer */
        if (content && indent.length < trimIndent) {
            const src = header.indent
                ? 'explicit indentation indicator'
                : 'first line';
            const message = `Block scalar lines must not be less indented than their ${src}`;
            onError(offset - content.length - (crlf ? 2 : 1), 'BAD_INDENT', message);
            indent = '';
        }
        if (type === Scalar.Scalar.BLOCK_LITERAL) {
            value += sep + indent.slice(trimIndent) + content;
            sep = '\n';
        }
        else if (indent.length > trimIndent || content[0] === '\t') {
            // more-indented content within a folded block
            if (sep === ' ')
                sep = '\n';
            else if (!prevMoreIndented && sep === '\n')
                sep = '\n\n';
            value += sep + indent.slice(trimIndent) + content;
            sep = '\n';
            prevMoreIndented = true;
        }
        else if (content === '') {
            // empty line
            if (sep === '\n')
                value += '\n';
            else
                sep = '\n';
        }
        else {
            value += sep + content;
            sep = ' ';
            prevMoreIndented = false;
        }
    }
    switch (header.chomp) {
        case '-':
            break;
        case '+':
            for (let i = chompStart; i < lines.length; ++i)
                value += '\n' + lines[i][0].slice(trimIndent);
            if (value[value.length - 1] !== '\n')
                value += '\n';
            break;
        default:
            value += '\n';
    }
    const end = start + header.length + scalar.source.length;
    return { value, type, comment: header.comment, range: [start, end, end] };
}
function parseBlockScalarHeader({ offset, props }, strict, onError) {
    /* istanbul ignore if should not happen */
    if (props[0].type !== 'block-scalar-header') {
        onError(props[0], 'IMPOSSIBLE', 'Block scalar header not found');
        return null;
    }
    const { source } = props[0];
    const mode = source[0];
    let indent = 0;
    let chomp = '';
    let error = -1;
    for (let i = 1; i < source.length; ++i) {
        const ch = source[i];
        if (!chomp && (ch === '-' || ch === '+'))
            chomp = ch;
        else {
            const n = Number(ch);
            if (!indent && n)
                indent = n;
            else if (error === -1)
                error = offset + i;
        }
    }
    if (error !== -1)
        onError(error, 'UNEXPECTED_TOKEN', `Block scalar header includes extra characters: ${source}`);
    let hasSpace = false;
    let comment = '';
    let length = source.length;
    for (let i = 1; i < props.length; ++i) {
        const token = props[i];
        switch (token.type) {
            case 'space':
                hasSpace = true;
            // fallthrough
            case 'newline':
                length += token.source.length;
                break;
            case 'comment':
                if (strict && !hasSpace) {
                    const message = 'Comments must be separated from other tokens by white space characters';
                    onError(token, 'MISSING_CHAR', message);
                }
                length += token.source.length;
                comment = token.source.substring(1);
                break;
            case 'error':
                onError(token, 'UNEXPECTED_TOKEN', token.message);
                length += token.source.length;
                break;
            /* istanbul ignore next should not happen */
            default: {
                const message = `Unexpected token in block scalar header: ${token.type}`;
                onError(token, 'UNEXPECTED_TOKEN', message);
                const ts = token.source;
                if (ts && typeof ts === 'string')
                    length += ts.length;
            }
        }
    }
    return { mode, indent, chomp, comment, length };
}
/** @returns Array of lines split up as `[indent, content]` */
function splitLines(source) {
    const split = source.split(/\n( *)/);
    const first = split[0];
    const m = first.match(/^( *)/);
    const line0 = m?.[1]
        ? [m[1], first.slice(m[1].length)]
        : ['', first];
    const lines = [line0];
    for (let i = 1; i < split.length; i += 2)
        lines.push([split[i], split[i + 1]]);
    return lines;
}

exports.resolveBlockScalar = resolveBlockScalar;


/***/ }),

/***/ 334:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var YAMLSeq = __nccwpck_require__(2223);
var resolveProps = __nccwpck_require__(4631);
var utilFlowIndentCheck = __nccwpck_require__(4051);

function resolveBlockSeq({ composeNode, composeEmptyNode }, ctx, bs, onError, tag) {
    const NodeClass = tag?.nodeClass ?? YAMLSeq.YAMLSeq;
    const seq = new NodeClass(ctx.schema);
    if (ctx.atRoot)
        ctx.atRoot = false;
    if (ctx.atKey)
        ctx.atKey = false;
    let offset = bs.offset;
    let commentEnd = null;
    for (const { start, value } of bs.items) {
        const props = resolveProps.resolveProps(start, {
            indicator: 'seq-item-ind',
            next: value,
            offset,
            onError,
            parentIndent: bs.indent,
            startOnNewline: true
        });
        if (!props.found) {
            if (props.anchor || props.tag || value) {
                if (value?.type === 'block-seq')
                    onError(props.end, 'BAD_INDENT', 'All sequence items must start at the same column');
                else
                    onError(offset, 'MISSING_CHAR', 'Sequence item without - indicator');
            }
            else {
                commentEnd = props.end;
                if (props.comment)
                    seq.comment = props.comment;
                continue;
            }
        }
        const node = value
            ? composeNode(ctx, value, props, onError)
            : composeEmptyNode(ctx, props.end, start, null, props, onError);
        if (ctx.schema.compat)
            utilFlowIndentCheck.flowIndentCheck(bs.indent, value, onError);
        offset = node.range[2];
        seq.items.push(node);
    }
    seq.range = [bs.offset, offset, commentEnd ?? offset];
    return seq;
}

exports.resolveBlockSeq = resolveBlockSeq;


/***/ }),

/***/ 7788:
/***/ ((__unused_webpack_module, exports) => {



function resolveEnd(end, offset, reqSpace, onError) {
    let comment = '';
    if (end) {
        let hasSpace = false;
        let sep = '';
        for (const token of end) {
            const { source, type } = token;
            switch (type) {
                case 'space':
                    hasSpace = true;
                    break;
                case 'comment': {
                    if (reqSpace && !hasSpace)
                        onError(token, 'MISSING_CHAR', 'Comments must be separated from other tokens by white space characters');
                    const cb = source.substring(1) || ' ';
                    if (!comment)
                        comment = cb;
                    else
                        comment += sep + cb;
                    sep = '';
                    break;
                }
                case 'newline':
                    if (comment)
                        sep += source;
                    hasSpace = true;
                    break;
                default:
                    onError(token, 'UNEXPECTED_TOKEN', `Unexpected ${type} at node end`);
            }
            offset += source.length;
        }
    }
    return { comment, offset };
}

exports.resolveEnd = resolveEnd;


/***/ }),

/***/ 3142:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var Pair = __nccwpck_require__(7165);
var YAMLMap = __nccwpck_require__(4454);
var YAMLSeq = __nccwpck_require__(2223);
var resolveEnd = __nccwpck_require__(7788);
var resolveProps = __nccwpck_require__(4631);
var utilContainsNewline = __nccwpck_require__(9499);
var utilMapIncludes = __nccwpck_require__(1187);

const blockMsg = 'Block collections are not allowed within flow collections';
const isBlock = (token) => token && (token.type === 'block-map' || token.type === 'block-seq');
function resolveFlowCollection({ composeNode, composeEmptyNode }, ctx, fc, onError, tag) {
    const isMap = fc.start.source === '{';
    const fcName = isMap ? 'flow map' : 'flow sequence';
    const NodeClass = (tag?.nodeClass ?? (isMap ? YAMLMap.YAMLMap : YAMLSeq.YAMLSeq));
    const coll = new NodeClass(ctx.schema);
    coll.flow = true;
    const atRoot = ctx.atRoot;
    if (atRoot)
        ctx.atRoot = false;
    if (ctx.atKey)
        ctx.atKey = false;
    let offset = fc.offset + fc.start.source.length;
    for (let i = 0; i < fc.items.length; ++i) {
        const collItem = fc.items[i];
        const { start, key, sep, value } = collItem;
        const props = resolveProps.resolveProps(start, {
            flow: fcName,
            indicator: 'explicit-key-ind',
            next: key ?? sep?.[0],
            offset,
            onError,
            parentIndent: fc.indent,
            startOnNewline: false
        });
        if (!props.found) {
            if (!props.anchor && !props.tag && !sep && !value) {
                if (i === 0 && props.comma)
                    onError(props.comma, 'UNEXPECTED_TOKEN', `Unexpected , in ${fcName}`);
                else if (i < fc.items.length - 1)
                    onError(props.start, 'UNEXPECTED_TOKEN', `Unexpected empty item in ${fcName}`);
                if (props.comment) {
                    if (coll.comment)
                        coll.comment += '\n' + props.comment;
                    else
                        coll.comment = props.comment;
                }
                offset = props.end;
                continue;
            }
            if (!isMap && ctx.options.strict && utilContainsNewline.containsNewline(key))
                onError(key, // checked by containsNewline()
                'MULTILINE_IMPLICIT_KEY', 'Implicit keys of flow sequence pairs need to be on a single line');
        }
        if (i === 0) {
            if (props.comma)
                onError(props.comma, 'UNEXPECTED_TOKEN', `Unexpected , in ${fcName}`);
        }
        else {
            if (!props.comma)
                onError(props.start, 'MISSING_CHAR', `Missing , between ${fcName} items`);
            if (props.comment) {
                let prevItemComment = '';
                loop: for (const st of start) {
                    switch (st.type) {
                        case 'comma':
                        case 'space':
                            break;
                        case 'comment':
                            prevItemComment = st.source.substring(1);
                            break loop;
                        default:
                            break loop;
                    }
                }
                if (prevItemComment) {
                    let prev = coll.items[coll.items.length - 1];
                    if (identity.isPair(prev))
                        prev = prev.value ?? prev.key;
                    if (prev.comment)
                        prev.comment += '\n' + prevItemComment;
                    else
                        prev.comment = prevItemComment;
                    props.comment = props.comment.substring(prevItemComment.length + 1);
                }
            }
        }
        if (!isMap && !sep && !props.found) {
            // item is a value in a seq
            // → key & sep are empty, start does not include ? or :
            const valueNode = value
                ? composeNode(ctx, value, props, onError)
                : composeEmptyNode(ctx, props.end, sep, null, props, onError);
            coll.items.push(valueNode);
            offset = valueNode.range[2];
            if (isBlock(value))
                onError(valueNode.range, 'BLOCK_IN_FLOW', blockMsg);
        }
        else {
            // item is a key+value pair
            // key value
            ctx.atKey = true;
            const keyStart = props.end;
            const keyNode = key
                ? composeNode(ctx, key, props, onError)
                : composeEmptyNode(ctx, keyStart, start, null, props, onError);
            if (isBlock(key))
                onError(keyNode.range, 'BLOCK_IN_FLOW', blockMsg);
            ctx.atKey = false;
            // value properties
            const valueProps = resolveProps.resolveProps(sep ?? [], {
                flow: fcName,
                indicator: 'map-value-ind',
                next: value,
                offset: keyNode.range[2],
                onError,
                parentIndent: fc.indent,
                startOnNewline: false
            });
            if (valueProps.found) {
                if (!isMap && !props.found && ctx.options.strict) {
                    if (sep)
                        for (const st of sep) {
                            if (st === valueProps.found)
                                break;
                            if (st.type === 'newline') {
                                onError(st, 'MULTILINE_IMPLICIT_KEY', 'Implicit keys of flow sequence pairs need to be on a single line');
                                break;
                            }
                        }
                    if (props.start < valueProps.found.offset - 1024)
                        onError(valueProps.found, 'KEY_OVER_1024_CHARS', 'The : indicator must be at most 1024 chars after the start of an implicit flow sequence key');
                }
            }
            else if (value) {
                if ('source' in value && value.source?.[0] === ':')
                    onError(value, 'MISSING_CHAR', `Missing space after : in ${fcName}`);
                else
                    onError(valueProps.start, 'MISSING_CHAR', `Missing , or : between ${fcName} items`);
            }
            // value value
            const valueNode = value
                ? composeNode(ctx, value, valueProps, onError)
                : valueProps.found
                    ? composeEmptyNode(ctx, valueProps.end, sep, null, valueProps, onError)
                    : null;
            if (valueNode) {
                if (isBlock(value))
                    onError(valueNode.range, 'BLOCK_IN_FLOW', blockMsg);
            }
            else if (valueProps.comment) {
                if (keyNode.comment)
                    keyNode.comment += '\n' + valueProps.comment;
                else
                    keyNode.comment = valueProps.comment;
            }
            const pair = new Pair.Pair(keyNode, valueNode);
            if (ctx.options.keepSourceTokens)
                pair.srcToken = collItem;
            if (isMap) {
                const map = coll;
                if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
                    onError(keyStart, 'DUPLICATE_KEY', 'Map keys must be unique');
                map.items.push(pair);
            }
            else {
                const map = new YAMLMap.YAMLMap(ctx.schema);
                map.flow = true;
                map.items.push(pair);
                const endRange = (valueNode ?? keyNode).range;
                map.range = [keyNode.range[0], endRange[1], endRange[2]];
                coll.items.push(map);
            }
            offset = valueNode ? valueNode.range[2] : valueProps.end;
        }
    }
    const expectedEnd = isMap ? '}' : ']';
    const [ce, ...ee] = fc.end;
    let cePos = offset;
    if (ce?.source === expectedEnd)
        cePos = ce.offset + ce.source.length;
    else {
        const name = fcName[0].toUpperCase() + fcName.substring(1);
        const msg = atRoot
            ? `${name} must end with a ${expectedEnd}`
            : `${name} in block collection must be sufficiently indented and end with a ${expectedEnd}`;
        onError(offset, atRoot ? 'MISSING_CHAR' : 'BAD_INDENT', msg);
        if (ce && ce.source.length !== 1)
            ee.unshift(ce);
    }
    if (ee.length > 0) {
        const end = resolveEnd.resolveEnd(ee, cePos, ctx.options.strict, onError);
        if (end.comment) {
            if (coll.comment)
                coll.comment += '\n' + end.comment;
            else
                coll.comment = end.comment;
        }
        coll.range = [fc.offset, cePos, end.offset];
    }
    else {
        coll.range = [fc.offset, cePos, cePos];
    }
    return coll;
}

exports.resolveFlowCollection = resolveFlowCollection;


/***/ }),

/***/ 6842:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Scalar = __nccwpck_require__(3301);
var resolveEnd = __nccwpck_require__(7788);

function resolveFlowScalar(scalar, strict, onError) {
    const { offset, type, source, end } = scalar;
    let _type;
    let value;
    const _onError = (rel, code, msg) => onError(offset + rel, code, msg);
    switch (type) {
        case 'scalar':
            _type = Scalar.Scalar.PLAIN;
            value = plainValue(source, _onError);
            break;
        case 'single-quoted-scalar':
            _type = Scalar.Scalar.QUOTE_SINGLE;
            value = singleQuotedValue(source, _onError);
            break;
        case 'double-quoted-scalar':
            _type = Scalar.Scalar.QUOTE_DOUBLE;
            value = doubleQuotedValue(source, _onError);
            break;
        /* istanbul ignore next should not happen */
        default:
            onError(scalar, 'UNEXPECTED_TOKEN', `Expected a flow scalar value, but found: ${type}`);
            return {
                value: '',
                type: null,
                comment: '',
                range: [offset, offset + source.length, offset + source.length]
            };
    }
    const valueEnd = offset + source.length;
    const re = resolveEnd.resolveEnd(end, valueEnd, strict, onError);
    return {
        value,
        type: _type,
        comment: re.comment,
        range: [offset, valueEnd, re.offset]
    };
}
function plainValue(source, onError) {
    let badChar = '';
    switch (source[0]) {
        /* istanbul ignore next should not happen */
        case '\t':
            badChar = 'a tab character';
            break;
        case ',':
            badChar = 'flow indicator character ,';
            break;
        case '%':
            badChar = 'directive indicator character %';
            break;
        case '|':
        case '>': {
            badChar = `block scalar indicator ${source[0]}`;
            break;
        }
        case '@':
        case '`': {
            badChar = `reserved character ${source[0]}`;
            break;
        }
    }
    if (badChar)
        onError(0, 'BAD_SCALAR_START', `Plain value cannot start with ${badChar}`);
    return unfoldLines(source);
}
function singleQuotedValue(source, onError) {
    if (source[source.length - 1] !== "'" || source.length === 1)
        onError(source.length, 'MISSING_CHAR', "Missing closing 'quote");
    return unfoldLines(source.slice(1, -1)).replace(/''/g, "'");
}
function unfoldLines(source) {
    const line = /(.*?)\r?\n/sy;
    let match = line.exec(source);
    if (!match)
        return source;
    /**
     * The negative lookbehinds in these RegExps are to
     * prevent causing a polynomial search time in certain cases.
     *
     * The try-catch is for Safari < 16.4 and other old browsers:
     * https://caniuse.com/js-regexp-lookbehind
     */
    let trimEnd, trimBoth;
    try {
        trimEnd = new RegExp('(?<![ \t])[ \t]+$');
        trimBoth = new RegExp('^[ \t]+|(?<![ \t])[ \t]+$', 'g');
    }
    catch {
        trimEnd = /[ \t]+$/;
        trimBoth = /^[ \t]+|[ \t]+$/g;
    }
    let res = match[1].replace(trimEnd, '');
    let sep = ' ';
    let pos = line.lastIndex;
    while ((match = line.exec(source))) {
        const lm = match[1].replace(trimBoth, '');
        if (lm === '') {
            if (sep === '\n')
                res += sep;
            else
                sep = '\n';
        }
        else {
            res += sep + lm;
            sep = ' ';
        }
        pos = line.lastIndex;
    }
    const last = /[ \t]*(.*)/sy;
    last.lastIndex = pos;
    match = last.exec(source);
    return res + sep + (match?.[1] ?? '');
}
function doubleQuotedValue(source, onError) {
    let res = '';
    for (let i = 1; i < source.length - 1; ++i) {
        const ch = source[i];
        if (ch === '\r' && source[i + 1] === '\n')
            continue;
        if (ch === '\n') {
            const { fold, offset } = foldNewline(source, i);
            res += fold;
            i = offset;
        }
        else if (ch === '\\') {
            let next = source[++i];
            const cc = escapeCodes[next];
            if (cc)
                res += cc;
            else if (next === '\n') {
                // skip escaped newlines, but still trim the following line
                next = source[i + 1];
                while (next === ' ' || next === '\t')
                    next = source[++i + 1];
            }
            else if (next === '\r' && source[i + 1] === '\n') {
                // skip escaped CRLF newlines, but still trim the following line
                next = source[++i + 1];
                while (next === ' ' || next === '\t')
                    next = source[++i + 1];
            }
            else if (next === 'x' || next === 'u' || next === 'U') {
                const length = next === 'x' ? 2 : next === 'u' ? 4 : 8;
                res += parseCharCode(source, i + 1, length, onError);
                i += length;
            }
            else {
                const raw = source.substr(i - 1, 2);
                onError(i - 1, 'BAD_DQ_ESCAPE', `Invalid escape sequence ${raw}`);
                res += raw;
            }
        }
        else if (ch === ' ' || ch === '\t') {
            // trim trailing whitespace
            const wsStart = i;
            let next = source[i + 1];
            while (next === ' ' || next === '\t')
                next = source[++i + 1];
            if (next !== '\n' && !(next === '\r' && source[i + 2] === '\n'))
                res += i > wsStart ? source.slice(wsStart, i + 1) : ch;
        }
        else {
            res += ch;
        }
    }
    if (source[source.length - 1] !== '"' || source.length === 1)
        onError(source.length, 'MISSING_CHAR', 'Missing closing "quote');
    return res;
}
/**
 * Fold a single newline into a space, multiple newlines to N - 1 newlines.
 * Presumes `source[offset] === '\n'`
 */
function foldNewline(source, offset) {
    let fold = '';
    let ch = source[offset + 1];
    while (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
        if (ch === '\r' && source[offset + 2] !== '\n')
            break;
        if (ch === '\n')
            fold += '\n';
        offset += 1;
        ch = source[offset + 1];
    }
    if (!fold)
        fold = ' ';
    return { fold, offset };
}
const escapeCodes = {
    '0': '\0', // null character
    a: '\x07', // bell character
    b: '\b', // backspace
    e: '\x1b', // escape character
    f: '\f', // form feed
    n: '\n', // line feed
    r: '\r', // carriage return
    t: '\t', // horizontal tab
    v: '\v', // vertical tab
    N: '\u0085', // Unicode next line
    _: '\u00a0', // Unicode non-breaking space
    L: '\u2028', // Unicode line separator
    P: '\u2029', // Unicode paragraph separator
    ' ': ' ',
    '"': '"',
    '/': '/',
    '\\': '\\',
    '\t': '\t'
};
function parseCharCode(source, offset, length, onError) {
    const cc = source.substr(offset, length);
    const ok = cc.length === length && /^[0-9a-fA-F]+$/.test(cc);
    const code = ok ? parseInt(cc, 16) : NaN;
    try {
        return String.fromCodePoint(code);
    }
    catch {
        const raw = source.substr(offset - 2, length + 2);
        onError(offset - 2, 'BAD_DQ_ESCAPE', `Invalid escape sequence ${raw}`);
        return raw;
    }
}

exports.resolveFlowScalar = resolveFlowScalar;


/***/ }),

/***/ 4631:
/***/ ((__unused_webpack_module, exports) => {



function resolveProps(tokens, { flow, indicator, next, offset, onError, parentIndent, startOnNewline }) {
    let spaceBefore = false;
    let atNewline = startOnNewline;
    let hasSpace = startOnNewline;
    let comment = '';
    let commentSep = '';
    let hasNewline = false;
    let reqSpace = false;
    let tab = null;
    let anchor = null;
    let tag = null;
    let newlineAfterProp = null;
    let comma = null;
    let found = null;
    let start = null;
    for (const token of tokens) {
        if (reqSpace) {
            if (token.type !== 'space' &&
                token.type !== 'newline' &&
                token.type !== 'comma')
                onError(token.offset, 'MISSING_CHAR', 'Tags and anchors must be separated from the next token by white space');
            reqSpace = false;
        }
        if (tab) {
            if (atNewline && token.type !== 'comment' && token.type !== 'newline') {
                onError(tab, 'TAB_AS_INDENT', 'Tabs are not allowed as indentation');
            }
            tab = null;
        }
        switch (token.type) {
            case 'space':
                // At the doc level, tabs at line start may be parsed
                // as leading white space rather than indentation.
                // In a flow collection, only the parser handles indent.
                if (!flow &&
                    (indicator !== 'doc-start' || next?.type !== 'flow-collection') &&
                    token.source.includes('\t')) {
                    tab = token;
                }
                hasSpace = true;
                break;
            case 'comment': {
                if (!hasSpace)
                    onError(token, 'MISSING_CHAR', 'Comments must be separated from other tokens by white space characters');
                const cb = token.source.substring(1) || ' ';
                if (!comment)
                    comment = cb;
                else
                    comment += commentSep + cb;
                commentSep = '';
                atNewline = false;
                break;
            }
            case 'newline':
                if (atNewline) {
                    if (comment)
                        comment += token.source;
                    else if (!found || indicator !== 'seq-item-ind')
                        spaceBefore = true;
                }
                else
                    commentSep += token.source;
                atNewline = true;
                hasNewline = true;
                if (anchor || tag)
                    newlineAfterProp = token;
                hasSpace = true;
                break;
            case 'anchor':
                if (anchor)
                    onError(token, 'MULTIPLE_ANCHORS', 'A node can have at most one anchor');
                if (token.source.endsWith(':'))
                    onError(token.offset + token.source.length - 1, 'BAD_ALIAS', 'Anchor ending in : is ambiguous', true);
                anchor = token;
                start ?? (start = token.offset);
                atNewline = false;
                hasSpace = false;
                reqSpace = true;
                break;
            case 'tag': {
                if (tag)
                    onError(token, 'MULTIPLE_TAGS', 'A node can have at most one tag');
                tag = token;
                start ?? (start = token.offset);
                atNewline = false;
                hasSpace = false;
                reqSpace = true;
                break;
            }
            case indicator:
                // Could here handle preceding comments differently
                if (anchor || tag)
                    onError(token, 'BAD_PROP_ORDER', `Anchors and tags must be after the ${token.source} indicator`);
                if (found)
                    onError(token, 'UNEXPECTED_TOKEN', `Unexpected ${token.source} in ${flow ?? 'collection'}`);
                found = token;
                atNewline =
                    indicator === 'seq-item-ind' || indicator === 'explicit-key-ind';
                hasSpace = false;
                break;
            case 'comma':
                if (flow) {
                    if (comma)
                        onError(token, 'UNEXPECTED_TOKEN', `Unexpected , in ${flow}`);
                    comma = token;
                    atNewline = false;
                    hasSpace = false;
                    break;
                }
            // else fallthrough
            default:
                onError(token, 'UNEXPECTED_TOKEN', `Unexpected ${token.type} token`);
                atNewline = false;
                hasSpace = false;
        }
    }
    const last = tokens[tokens.length - 1];
    const end = last ? last.offset + last.source.length : offset;
    if (reqSpace &&
        next &&
        next.type !== 'space' &&
        next.type !== 'newline' &&
        next.type !== 'comma' &&
        (next.type !== 'scalar' || next.source !== '')) {
        onError(next.offset, 'MISSING_CHAR', 'Tags and anchors must be separated from the next token by white space');
    }
    if (tab &&
        ((atNewline && tab.indent <= parentIndent) ||
            next?.type === 'block-map' ||
            next?.type === 'block-seq'))
        onError(tab, 'TAB_AS_INDENT', 'Tabs are not allowed as indentation');
    return {
        comma,
        found,
        spaceBefore,
        comment,
        hasNewline,
        anchor,
        tag,
        newlineAfterProp,
        end,
        start: start ?? end
    };
}

exports.resolveProps = resolveProps;


/***/ }),

/***/ 9499:
/***/ ((__unused_webpack_module, exports) => {



function containsNewline(key) {
    if (!key)
        return null;
    switch (key.type) {
        case 'alias':
        case 'scalar':
        case 'double-quoted-scalar':
        case 'single-quoted-scalar':
            if (key.source.includes('\n'))
                return true;
            if (key.end)
                for (const st of key.end)
                    if (st.type === 'newline')
                        return true;
            return false;
        case 'flow-collection':
            for (const it of key.items) {
                for (const st of it.start)
                    if (st.type === 'newline')
                        return true;
                if (it.sep)
                    for (const st of it.sep)
                        if (st.type === 'newline')
                            return true;
                if (containsNewline(it.key) || containsNewline(it.value))
                    return true;
            }
            return false;
        default:
            return true;
    }
}

exports.containsNewline = containsNewline;


/***/ }),

/***/ 2599:
/***/ ((__unused_webpack_module, exports) => {



function emptyScalarPosition(offset, before, pos) {
    if (before) {
        pos ?? (pos = before.length);
        for (let i = pos - 1; i >= 0; --i) {
            let st = before[i];
            switch (st.type) {
                case 'space':
                case 'comment':
                case 'newline':
                    offset -= st.source.length;
                    continue;
            }
            // Technically, an empty scalar is immediately after the last non-empty
            // node, but it's more useful to place it after any whitespace.
            st = before[++i];
            while (st?.type === 'space') {
                offset += st.source.length;
                st = before[++i];
            }
            break;
        }
    }
    return offset;
}

exports.emptyScalarPosition = emptyScalarPosition;


/***/ }),

/***/ 4051:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var utilContainsNewline = __nccwpck_require__(9499);

function flowIndentCheck(indent, fc, onError) {
    if (fc?.type === 'flow-collection') {
        const end = fc.end[0];
        if (end.indent === indent &&
            (end.source === ']' || end.source === '}') &&
            utilContainsNewline.containsNewline(fc)) {
            const msg = 'Flow end indicator should be more indented than parent';
            onError(end, 'BAD_INDENT', msg, true);
        }
    }
}

exports.flowIndentCheck = flowIndentCheck;


/***/ }),

/***/ 1187:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);

function mapIncludes(ctx, items, search) {
    const { uniqueKeys } = ctx.options;
    if (uniqueKeys === false)
        return false;
    const isEqual = typeof uniqueKeys === 'function'
        ? uniqueKeys
        : (a, b) => a === b || (identity.isScalar(a) && identity.isScalar(b) && a.value === b.value);
    return items.some(pair => isEqual(pair.key, search));
}

exports.mapIncludes = mapIncludes;


/***/ }),

/***/ 3021:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Alias = __nccwpck_require__(4065);
var Collection = __nccwpck_require__(101);
var identity = __nccwpck_require__(1127);
var Pair = __nccwpck_require__(7165);
var toJS = __nccwpck_require__(4043);
var Schema = __nccwpck_require__(5840);
var stringifyDocument = __nccwpck_require__(6829);
var anchors = __nccwpck_require__(1596);
var applyReviver = __nccwpck_require__(3661);
var createNode = __nccwpck_require__(2404);
var directives = __nccwpck_require__(1342);

class Document {
    constructor(value, replacer, options) {
        /** A comment before this Document */
        this.commentBefore = null;
        /** A comment immediately after this Document */
        this.comment = null;
        /** Errors encountered during parsing. */
        this.errors = [];
        /** Warnings encountered during parsing. */
        this.warnings = [];
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.DOC });
        let _replacer = null;
        if (typeof replacer === 'function' || Array.isArray(replacer)) {
            _replacer = replacer;
        }
        else if (options === undefined && replacer) {
            options = replacer;
            replacer = undefined;
        }
        const opt = Object.assign({
            intAsBigInt: false,
            keepSourceTokens: false,
            logLevel: 'warn',
            prettyErrors: true,
            strict: true,
            stringKeys: false,
            uniqueKeys: true,
            version: '1.2'
        }, options);
        this.options = opt;
        let { version } = opt;
        if (options?._directives) {
            this.directives = options._directives.atDocument();
            if (this.directives.yaml.explicit)
                version = this.directives.yaml.version;
        }
        else
            this.directives = new directives.Directives({ version });
        this.setSchema(version, options);
        // @ts-expect-error We can't really know that this matches Contents.
        this.contents =
            value === undefined ? null : this.createNode(value, _replacer, options);
    }
    /**
     * Create a deep copy of this Document and its contents.
     *
     * Custom Node values that inherit from `Object` still refer to their original instances.
     */
    clone() {
        const copy = Object.create(Document.prototype, {
            [identity.NODE_TYPE]: { value: identity.DOC }
        });
        copy.commentBefore = this.commentBefore;
        copy.comment = this.comment;
        copy.errors = this.errors.slice();
        copy.warnings = this.warnings.slice();
        copy.options = Object.assign({}, this.options);
        if (this.directives)
            copy.directives = this.directives.clone();
        copy.schema = this.schema.clone();
        // @ts-expect-error We can't really know that this matches Contents.
        copy.contents = identity.isNode(this.contents)
            ? this.contents.clone(copy.schema)
            : this.contents;
        if (this.range)
            copy.range = this.range.slice();
        return copy;
    }
    /** Adds a value to the document. */
    add(value) {
        if (assertCollection(this.contents))
            this.contents.add(value);
    }
    /** Adds a value to the document. */
    addIn(path, value) {
        if (assertCollection(this.contents))
            this.contents.addIn(path, value);
    }
    /**
     * Create a new `Alias` node, ensuring that the target `node` has the required anchor.
     *
     * If `node` already has an anchor, `name` is ignored.
     * Otherwise, the `node.anchor` value will be set to `name`,
     * or if an anchor with that name is already present in the document,
     * `name` will be used as a prefix for a new unique anchor.
     * If `name` is undefined, the generated anchor will use 'a' as a prefix.
     */
    createAlias(node, name) {
        if (!node.anchor) {
            const prev = anchors.anchorNames(this);
            node.anchor =
                // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
                !name || prev.has(name) ? anchors.findNewAnchor(name || 'a', prev) : name;
        }
        return new Alias.Alias(node.anchor);
    }
    createNode(value, replacer, options) {
        let _replacer = undefined;
        if (typeof replacer === 'function') {
            value = replacer.call({ '': value }, '', value);
            _replacer = replacer;
        }
        else if (Array.isArray(replacer)) {
            const keyToStr = (v) => typeof v === 'number' || v instanceof String || v instanceof Number;
            const asStr = replacer.filter(keyToStr).map(String);
            if (asStr.length > 0)
                replacer = replacer.concat(asStr);
            _replacer = replacer;
        }
        else if (options === undefined && replacer) {
            options = replacer;
            replacer = undefined;
        }
        const { aliasDuplicateObjects, anchorPrefix, flow, keepUndefined, onTagObj, tag } = options ?? {};
        const { onAnchor, setAnchors, sourceObjects } = anchors.createNodeAnchors(this, 
        // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
        anchorPrefix || 'a');
        const ctx = {
            aliasDuplicateObjects: aliasDuplicateObjects ?? true,
            keepUndefined: keepUndefined ?? false,
            onAnchor,
            onTagObj,
            replacer: _replacer,
            schema: this.schema,
            sourceObjects
        };
        const node = createNode.createNode(value, tag, ctx);
        if (flow && identity.isCollection(node))
            node.flow = true;
        setAnchors();
        return node;
    }
    /**
     * Convert a key and a value into a `Pair` using the current schema,
     * recursively wrapping all values as `Scalar` or `Collection` nodes.
     */
    createPair(key, value, options = {}) {
        const k = this.createNode(key, null, options);
        const v = this.createNode(value, null, options);
        return new Pair.Pair(k, v);
    }
    /**
     * Removes a value from the document.
     * @returns `true` if the item was found and removed.
     */
    delete(key) {
        return assertCollection(this.contents) ? this.contents.delete(key) : false;
    }
    /**
     * Removes a value from the document.
     * @returns `true` if the item was found and removed.
     */
    deleteIn(path) {
        if (Collection.isEmptyPath(path)) {
            if (this.contents == null)
                return false;
            // @ts-expect-error Presumed impossible if Strict extends false
            this.contents = null;
            return true;
        }
        return assertCollection(this.contents)
            ? this.contents.deleteIn(path)
            : false;
    }
    /**
     * Returns item at `key`, or `undefined` if not found. By default unwraps
     * scalar values from their surrounding node; to disable set `keepScalar` to
     * `true` (collections are always returned intact).
     */
    get(key, keepScalar) {
        return identity.isCollection(this.contents)
            ? this.contents.get(key, keepScalar)
            : undefined;
    }
    /**
     * Returns item at `path`, or `undefined` if not found. By default unwraps
     * scalar values from their surrounding node; to disable set `keepScalar` to
     * `true` (collections are always returned intact).
     */
    getIn(path, keepScalar) {
        if (Collection.isEmptyPath(path))
            return !keepScalar && identity.isScalar(this.contents)
                ? this.contents.value
                : this.contents;
        return identity.isCollection(this.contents)
            ? this.contents.getIn(path, keepScalar)
            : undefined;
    }
    /**
     * Checks if the document includes a value with the key `key`.
     */
    has(key) {
        return identity.isCollection(this.contents) ? this.contents.has(key) : false;
    }
    /**
     * Checks if the document includes a value at `path`.
     */
    hasIn(path) {
        if (Collection.isEmptyPath(path))
            return this.contents !== undefined;
        return identity.isCollection(this.contents) ? this.contents.hasIn(path) : false;
    }
    /**
     * Sets a value in this document. For `!!set`, `value` needs to be a
     * boolean to add/remove the item from the set.
     */
    set(key, value) {
        if (this.contents == null) {
            // @ts-expect-error We can't really know that this matches Contents.
            this.contents = Collection.collectionFromPath(this.schema, [key], value);
        }
        else if (assertCollection(this.contents)) {
            this.contents.set(key, value);
        }
    }
    /**
     * Sets a value in this document. For `!!set`, `value` needs to be a
     * boolean to add/remove the item from the set.
     */
    setIn(path, value) {
        if (Collection.isEmptyPath(path)) {
            // @ts-expect-error We can't really know that this matches Contents.
            this.contents = value;
        }
        else if (this.contents == null) {
            // @ts-expect-error We can't really know that this matches Contents.
            this.contents = Collection.collectionFromPath(this.schema, Array.from(path), value);
        }
        else if (assertCollection(this.contents)) {
            this.contents.setIn(path, value);
        }
    }
    /**
     * Change the YAML version and schema used by the document.
     * A `null` version disables support for directives, explicit tags, anchors, and aliases.
     * It also requires the `schema` option to be given as a `Schema` instance value.
     *
     * Overrides all previously set schema options.
     */
    setSchema(version, options = {}) {
        if (typeof version === 'number')
            version = String(version);
        let opt;
        switch (version) {
            case '1.1':
                if (this.directives)
                    this.directives.yaml.version = '1.1';
                else
                    this.directives = new directives.Directives({ version: '1.1' });
                opt = { resolveKnownTags: false, schema: 'yaml-1.1' };
                break;
            case '1.2':
            case 'next':
                if (this.directives)
                    this.directives.yaml.version = version;
                else
                    this.directives = new directives.Directives({ version });
                opt = { resolveKnownTags: true, schema: 'core' };
                break;
            case null:
                if (this.directives)
                    delete this.directives;
                opt = null;
                break;
            default: {
                const sv = JSON.stringify(version);
                throw new Error(`Expected '1.1', '1.2' or null as first argument, but found: ${sv}`);
            }
        }
        // Not using `instanceof Schema` to allow for duck typing
        if (options.schema instanceof Object)
            this.schema = options.schema;
        else if (opt)
            this.schema = new Schema.Schema(Object.assign(opt, options));
        else
            throw new Error(`With a null YAML version, the { schema: Schema } option is required`);
    }
    // json & jsonArg are only used from toJSON()
    toJS({ json, jsonArg, mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        const ctx = {
            anchors: new Map(),
            doc: this,
            keep: !json,
            mapAsMap: mapAsMap === true,
            mapKeyWarned: false,
            maxAliasCount: typeof maxAliasCount === 'number' ? maxAliasCount : 100
        };
        const res = toJS.toJS(this.contents, jsonArg ?? '', ctx);
        if (typeof onAnchor === 'function')
            for (const { count, res } of ctx.anchors.values())
                onAnchor(res, count);
        return typeof reviver === 'function'
            ? applyReviver.applyReviver(reviver, { '': res }, '', res)
            : res;
    }
    /**
     * A JSON representation of the document `contents`.
     *
     * @param jsonArg Used by `JSON.stringify` to indicate the array index or
     *   property name.
     */
    toJSON(jsonArg, onAnchor) {
        return this.toJS({ json: true, jsonArg, mapAsMap: false, onAnchor });
    }
    /** A YAML representation of the document. */
    toString(options = {}) {
        if (this.errors.length > 0)
            throw new Error('Document with errors cannot be stringified');
        if ('indent' in options &&
            (!Number.isInteger(options.indent) || Number(options.indent) <= 0)) {
            const s = JSON.stringify(options.indent);
            throw new Error(`"indent" option must be a positive integer, not ${s}`);
        }
        return stringifyDocument.stringifyDocument(this, options);
    }
}
function assertCollection(contents) {
    if (identity.isCollection(contents))
        return true;
    throw new Error('Expected a YAML collection as document contents');
}

exports.Document = Document;


/***/ }),

/***/ 1596:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var visit = __nccwpck_require__(204);

/**
 * Verify that the input string is a valid anchor.
 *
 * Will throw on errors.
 */
function anchorIsValid(anchor) {
    if (/[\x00-\x19\s,[\]{}]/.test(anchor)) {
        const sa = JSON.stringify(anchor);
        const msg = `Anchor must not contain whitespace or control characters: ${sa}`;
        throw new Error(msg);
    }
    return true;
}
function anchorNames(root) {
    const anchors = new Set();
    visit.visit(root, {
        Value(_key, node) {
            if (node.anchor)
                anchors.add(node.anchor);
        }
    });
    return anchors;
}
/** Find a new anchor name with the given `prefix` and a one-indexed suffix. */
function findNewAnchor(prefix, exclude) {
    for (let i = 1; true; ++i) {
        const name = `${prefix}${i}`;
        if (!exclude.has(name))
            return name;
    }
}
function createNodeAnchors(doc, prefix) {
    const aliasObjects = [];
    const sourceObjects = new Map();
    let prevAnchors = null;
    return {
        onAnchor: (source) => {
            aliasObjects.push(source);
            prevAnchors ?? (prevAnchors = anchorNames(doc));
            const anchor = findNewAnchor(prefix, prevAnchors);
            prevAnchors.add(anchor);
            return anchor;
        },
        /**
         * With circular references, the source node is only resolved after all
         * of its child nodes are. This is why anchors are set only after all of
         * the nodes have been created.
         */
        setAnchors: () => {
            for (const source of aliasObjects) {
                const ref = sourceObjects.get(source);
                if (typeof ref === 'object' &&
                    ref.anchor &&
                    (identity.isScalar(ref.node) || identity.isCollection(ref.node))) {
                    ref.node.anchor = ref.anchor;
                }
                else {
                    const error = new Error('Failed to resolve repeated object (this should not happen)');
                    error.source = source;
                    throw error;
                }
            }
        },
        sourceObjects
    };
}

exports.anchorIsValid = anchorIsValid;
exports.anchorNames = anchorNames;
exports.createNodeAnchors = createNodeAnchors;
exports.findNewAnchor = findNewAnchor;


/***/ }),

/***/ 3661:
/***/ ((__unused_webpack_module, exports) => {



/**
 * Applies the JSON.parse reviver algorithm as defined in the ECMA-262 spec,
 * in section 24.5.1.1 "Runtime Semantics: InternalizeJSONProperty" of the
 * 2021 edition: https://tc39.es/ecma262/#sec-json.parse
 *
 * Includes extensions for handling Map and Set objects.
 */
function applyReviver(reviver, obj, key, val) {
    if (val && typeof val === 'object') {
        if (Array.isArray(val)) {
            for (let i = 0, len = val.length; i < len; ++i) {
                const v0 = val[i];
                const v1 = applyReviver(reviver, val, String(i), v0);
                // eslint-disable-next-line @typescript-eslint/no-array-delete
                if (v1 === undefined)
                    delete val[i];
                else if (v1 !== v0)
                    val[i] = v1;
            }
        }
        else if (val instanceof Map) {
            for (const k of Array.from(val.keys())) {
                const v0 = val.get(k);
                const v1 = applyReviver(reviver, val, k, v0);
                if (v1 === undefined)
                    val.delete(k);
                else if (v1 !== v0)
                    val.set(k, v1);
            }
        }
        else if (val instanceof Set) {
            for (const v0 of Array.from(val)) {
                const v1 = applyReviver(reviver, val, v0, v0);
                if (v1 === undefined)
                    val.delete(v0);
                else if (v1 !== v0) {
                    val.delete(v0);
                    val.add(v1);
                }
            }
        }
        else {
            for (const [k, v0] of Object.entries(val)) {
                const v1 = applyReviver(reviver, val, k, v0);
                if (v1 === undefined)
                    delete val[k];
                else if (v1 !== v0)
                    val[k] = v1;
            }
        }
    }
    return reviver.call(obj, key, val);
}

exports.applyReviver = applyReviver;


/***/ }),

/***/ 2404:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Alias = __nccwpck_require__(4065);
var identity = __nccwpck_require__(1127);
var Scalar = __nccwpck_require__(3301);

const defaultTagPrefix = 'tag:yaml.org,2002:';
function findTagObject(value, tagName, tags) {
    if (tagName) {
        const match = tags.filter(t => t.tag === tagName);
        const tagObj = match.find(t => !t.format) ?? match[0];
        if (!tagObj)
            throw new Error(`Tag ${tagName} not found`);
        return tagObj;
    }
    return tags.find(t => t.identify?.(value) && !t.format);
}
function createNode(value, tagName, ctx) {
    if (identity.isDocument(value))
        value = value.contents;
    if (identity.isNode(value))
        return value;
    if (identity.isPair(value)) {
        const map = ctx.schema[identity.MAP].createNode?.(ctx.schema, null, ctx);
        map.items.push(value);
        return map;
    }
    if (value instanceof String ||
        value instanceof Number ||
        value instanceof Boolean ||
        (typeof BigInt !== 'undefined' && value instanceof BigInt) // not supported everywhere
    ) {
        // https://tc39.es/ecma262/#sec-serializejsonproperty
        value = value.valueOf();
    }
    const { aliasDuplicateObjects, onAnchor, onTagObj, schema, sourceObjects } = ctx;
    // Detect duplicate references to the same object & use Alias nodes for all
    // after first. The `ref` wrapper allows for circular references to resolve.
    let ref = undefined;
    if (aliasDuplicateObjects && value && typeof value === 'object') {
        ref = sourceObjects.get(value);
        if (ref) {
            ref.anchor ?? (ref.anchor = onAnchor(value));
            return new Alias.Alias(ref.anchor);
        }
        else {
            ref = { anchor: null, node: null };
            sourceObjects.set(value, ref);
        }
    }
    if (tagName?.startsWith('!!'))
        tagName = defaultTagPrefix + tagName.slice(2);
    let tagObj = findTagObject(value, tagName, schema.tags);
    if (!tagObj) {
        if (value && typeof value.toJSON === 'function') {
            // eslint-disable-next-line @typescript-eslint/no-unsafe-call
            value = value.toJSON();
        }
        if (!value || typeof value !== 'object') {
            const node = new Scalar.Scalar(value);
            if (ref)
                ref.node = node;
            return node;
        }
        tagObj =
            value instanceof Map
                ? schema[identity.MAP]
                : Symbol.iterator in Object(value)
                    ? schema[identity.SEQ]
                    : schema[identity.MAP];
    }
    if (onTagObj) {
        onTagObj(tagObj);
        delete ctx.onTagObj;
    }
    const node = tagObj?.createNode
        ? tagObj.createNode(ctx.schema, value, ctx)
        : typeof tagObj?.nodeClass?.from === 'function'
            ? tagObj.nodeClass.from(ctx.schema, value, ctx)
            : new Scalar.Scalar(value);
    if (tagName)
        node.tag = tagName;
    else if (!tagObj.default)
        node.tag = tagObj.tag;
    if (ref)
        ref.node = node;
    return node;
}

exports.createNode = createNode;


/***/ }),

/***/ 1342:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var visit = __nccwpck_require__(204);

const escapeChars = {
    '!': '%21',
    ',': '%2C',
    '[': '%5B',
    ']': '%5D',
    '{': '%7B',
    '}': '%7D'
};
const escapeTagName = (tn) => tn.replace(/[!,[\]{}]/g, ch => escapeChars[ch]);
class Directives {
    constructor(yaml, tags) {
        /**
         * The directives-end/doc-start marker `---`. If `null`, a marker may still be
         * included in the document's stringified representation.
         */
        this.docStart = null;
        /** The doc-end marker `...`.  */
        this.docEnd = false;
        this.yaml = Object.assign({}, Directives.defaultYaml, yaml);
        this.tags = Object.assign({}, Directives.defaultTags, tags);
    }
    clone() {
        const copy = new Directives(this.yaml, this.tags);
        copy.docStart = this.docStart;
        return copy;
    }
    /**
     * During parsing, get a Directives instance for the current document and
     * update the stream state according to the current version's spec.
     */
    atDocument() {
        const res = new Directives(this.yaml, this.tags);
        switch (this.yaml.version) {
            case '1.1':
                this.atNextDocument = true;
                break;
            case '1.2':
                this.atNextDocument = false;
                this.yaml = {
                    explicit: Directives.defaultYaml.explicit,
                    version: '1.2'
                };
                this.tags = Object.assign({}, Directives.defaultTags);
                break;
        }
        return res;
    }
    /**
     * @param onError - May be called even if the action was successful
     * @returns `true` on success
     */
    add(line, onError) {
        if (this.atNextDocument) {
            this.yaml = { explicit: Directives.defaultYaml.explicit, version: '1.1' };
            this.tags = Object.assign({}, Directives.defaultTags);
            this.atNextDocument = false;
        }
        const parts = line.trim().split(/[ \t]+/);
        const name = parts.shift();
        switch (name) {
            case '%TAG': {
                if (parts.length !== 2) {
                    onError(0, '%TAG directive should contain exactly two parts');
                    if (parts.length < 2)
                        return false;
                }
                const [handle, prefix] = parts;
                this.tags[handle] = prefix;
                return true;
            }
            case '%YAML': {
                this.yaml.explicit = true;
                if (parts.length !== 1) {
                    onError(0, '%YAML directive should contain exactly one part');
                    return false;
                }
                const [version] = parts;
                if (version === '1.1' || version === '1.2') {
                    this.yaml.version = version;
                    return true;
                }
                else {
                    const isValid = /^\d+\.\d+$/.test(version);
                    onError(6, `Unsupported YAML version ${version}`, isValid);
                    return false;
                }
            }
            default:
                onError(0, `Unknown directive ${name}`, true);
                return false;
        }
    }
    /**
     * Resolves a tag, matching handles to those defined in %TAG directives.
     *
     * @returns Resolved tag, which may also be the non-specific tag `'!'` or a
     *   `'!local'` tag, or `null` if unresolvable.
     */
    tagName(source, onError) {
        if (source === '!')
            return '!'; // non-specific tag
        if (source[0] !== '!') {
            onError(`Not a valid tag: ${source}`);
            return null;
        }
        if (source[1] === '<') {
            const verbatim = source.slice(2, -1);
            if (verbatim === '!' || verbatim === '!!') {
                onError(`Verbatim tags aren't resolved, so ${source} is invalid.`);
                return null;
            }
            if (source[source.length - 1] !== '>')
                onError('Verbatim tags must end with a >');
            return verbatim;
        }
        const [, handle, suffix] = source.match(/^(.*!)([^!]*)$/s);
        if (!suffix)
            onError(`The ${source} tag has no suffix`);
        const prefix = this.tags[handle];
        if (prefix) {
            try {
                return prefix + decodeURIComponent(suffix);
            }
            catch (error) {
                onError(String(error));
                return null;
            }
        }
        if (handle === '!')
            return source; // local tag
        onError(`Could not resolve tag: ${source}`);
        return null;
    }
    /**
     * Given a fully resolved tag, returns its printable string form,
     * taking into account current tag prefixes and defaults.
     */
    tagString(tag) {
        for (const [handle, prefix] of Object.entries(this.tags)) {
            if (tag.startsWith(prefix))
                return handle + escapeTagName(tag.substring(prefix.length));
        }
        return tag[0] === '!' ? tag : `!<${tag}>`;
    }
    toString(doc) {
        const lines = this.yaml.explicit
            ? [`%YAML ${this.yaml.version || '1.2'}`]
            : [];
        const tagEntries = Object.entries(this.tags);
        let tagNames;
        if (doc && tagEntries.length > 0 && identity.isNode(doc.contents)) {
            const tags = {};
            visit.visit(doc.contents, (_key, node) => {
                if (identity.isNode(node) && node.tag)
                    tags[node.tag] = true;
            });
            tagNames = Object.keys(tags);
        }
        else
            tagNames = [];
        for (const [handle, prefix] of tagEntries) {
            if (handle === '!!' && prefix === 'tag:yaml.org,2002:')
                continue;
            if (!doc || tagNames.some(tn => tn.startsWith(prefix)))
                lines.push(`%TAG ${handle} ${prefix}`);
        }
        return lines.join('\n');
    }
}
Directives.defaultYaml = { explicit: false, version: '1.2' };
Directives.defaultTags = { '!!': 'tag:yaml.org,2002:' };

exports.Directives = Directives;


/***/ }),

/***/ 1464:
/***/ ((__unused_webpack_module, exports) => {



class YAMLError extends Error {
    constructor(name, pos, code, message) {
        super();
        this.name = name;
        this.code = code;
        this.message = message;
        this.pos = pos;
    }
}
class YAMLParseError extends YAMLError {
    constructor(pos, code, message) {
        super('YAMLParseError', pos, code, message);
    }
}
class YAMLWarning extends YAMLError {
    constructor(pos, code, message) {
        super('YAMLWarning', pos, code, message);
    }
}
const prettifyError = (src, lc) => (error) => {
    if (error.pos[0] === -1)
        return;
    error.linePos = error.pos.map(pos => lc.linePos(pos));
    const { line, col } = error.linePos[0];
    error.message += ` at line ${line}, column ${col}`;
    let ci = col - 1;
    let lineStr = src
        .substring(lc.lineStarts[line - 1], lc.lineStarts[line])
        .replace(/[\n\r]+$/, '');
    // Trim to max 80 chars, keeping col position near the middle
    if (ci >= 60 && lineStr.length > 80) {
        const trimStart = Math.min(ci - 39, lineStr.length - 79);
        lineStr = '…' + lineStr.substring(trimStart);
        ci -= trimStart - 1;
    }
    if (lineStr.length > 80)
        lineStr = lineStr.substring(0, 79) + '…';
    // Include previous line in context if pointing at line start
    if (line > 1 && /^ *$/.test(lineStr.substring(0, ci))) {
        // Regexp won't match if start is trimmed
        let prev = src.substring(lc.lineStarts[line - 2], lc.lineStarts[line - 1]);
        if (prev.length > 80)
            prev = prev.substring(0, 79) + '…\n';
        lineStr = prev + lineStr;
    }
    if (/[^ ]/.test(lineStr)) {
        let count = 1;
        const end = error.linePos[1];
        if (end?.line === line && end.col > col) {
            count = Math.max(1, Math.min(end.col - col, 80 - ci));
        }
        const pointer = ' '.repeat(ci) + '^'.repeat(count);
        error.message += `:\n\n${lineStr}\n${pointer}\n`;
    }
};

exports.YAMLError = YAMLError;
exports.YAMLParseError = YAMLParseError;
exports.YAMLWarning = YAMLWarning;
exports.prettifyError = prettifyError;


/***/ }),

/***/ 8815:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {

var __webpack_unused_export__;


var composer = __nccwpck_require__(9984);
var Document = __nccwpck_require__(3021);
var Schema = __nccwpck_require__(5840);
var errors = __nccwpck_require__(1464);
var Alias = __nccwpck_require__(4065);
var identity = __nccwpck_require__(1127);
var Pair = __nccwpck_require__(7165);
var Scalar = __nccwpck_require__(3301);
var YAMLMap = __nccwpck_require__(4454);
var YAMLSeq = __nccwpck_require__(2223);
var cst = __nccwpck_require__(3461);
var lexer = __nccwpck_require__(361);
var lineCounter = __nccwpck_require__(6628);
var parser = __nccwpck_require__(3456);
var publicApi = __nccwpck_require__(4047);
var visit = __nccwpck_require__(204);



__webpack_unused_export__ = composer.Composer;
__webpack_unused_export__ = Document.Document;
__webpack_unused_export__ = Schema.Schema;
__webpack_unused_export__ = errors.YAMLError;
__webpack_unused_export__ = errors.YAMLParseError;
__webpack_unused_export__ = errors.YAMLWarning;
__webpack_unused_export__ = Alias.Alias;
__webpack_unused_export__ = identity.isAlias;
__webpack_unused_export__ = identity.isCollection;
__webpack_unused_export__ = identity.isDocument;
exports.jh = identity.isMap;
__webpack_unused_export__ = identity.isNode;
__webpack_unused_export__ = identity.isPair;
exports.jn = identity.isScalar;
exports.oP = identity.isSeq;
__webpack_unused_export__ = Pair.Pair;
__webpack_unused_export__ = Scalar.Scalar;
__webpack_unused_export__ = YAMLMap.YAMLMap;
__webpack_unused_export__ = YAMLSeq.YAMLSeq;
__webpack_unused_export__ = cst;
__webpack_unused_export__ = lexer.Lexer;
exports.HN = lineCounter.LineCounter;
__webpack_unused_export__ = parser.Parser;
__webpack_unused_export__ = publicApi.parse;
__webpack_unused_export__ = publicApi.parseAllDocuments;
exports.Tp = publicApi.parseDocument;
__webpack_unused_export__ = publicApi.stringify;
__webpack_unused_export__ = visit.visit;
__webpack_unused_export__ = visit.visitAsync;


/***/ }),

/***/ 7249:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var node_process = __nccwpck_require__(932);

function debug(logLevel, ...messages) {
    if (logLevel === 'debug')
        console.log(...messages);
}
function warn(logLevel, warning) {
    if (logLevel === 'debug' || logLevel === 'warn') {
        if (typeof node_process.emitWarning === 'function')
            node_process.emitWarning(warning);
        else
            console.warn(warning);
    }
}

exports.debug = debug;
exports.warn = warn;


/***/ }),

/***/ 4065:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var anchors = __nccwpck_require__(1596);
var visit = __nccwpck_require__(204);
var identity = __nccwpck_require__(1127);
var Node = __nccwpck_require__(6673);
var toJS = __nccwpck_require__(4043);

class Alias extends Node.NodeBase {
    constructor(source) {
        super(identity.ALIAS);
        this.source = source;
        Object.defineProperty(this, 'tag', {
            set() {
                throw new Error('Alias nodes cannot have tags');
            }
        });
    }
    /**
     * Resolve the value of this alias within `doc`, finding the last
     * instance of the `source` anchor before this node.
     */
    resolve(doc, ctx) {
        if (ctx?.maxAliasCount === 0)
            throw new ReferenceError('Alias resolution is disabled');
        let nodes;
        if (ctx?.aliasResolveCache) {
            nodes = ctx.aliasResolveCache;
        }
        else {
            nodes = [];
            visit.visit(doc, {
                Node: (_key, node) => {
                    if (identity.isAlias(node) || identity.hasAnchor(node))
                        nodes.push(node);
                }
            });
            if (ctx)
                ctx.aliasResolveCache = nodes;
        }
        let found = undefined;
        for (const node of nodes) {
            if (node === this)
                break;
            if (node.anchor === this.source)
                found = node;
        }
        if (found && ctx) {
            const { anchors, doc, maxAliasCount } = ctx;
            let data = anchors.get(found);
            if (!data) {
                // Resolve anchors for Node.prototype.toJS()
                toJS.toJS(found, null, ctx);
                data = anchors.get(found);
            }
            /* istanbul ignore if */
            if (data?.res === undefined) {
                const msg = 'This should not happen: Alias anchor was not resolved?';
                throw new ReferenceError(msg);
            }
            if (maxAliasCount >= 0) {
                data.count += 1;
                if (data.aliasCount === 0)
                    data.aliasCount = getAliasCount(doc, found, anchors);
                if (data.count * data.aliasCount > maxAliasCount) {
                    const msg = 'Excessive alias count indicates a resource exhaustion attack';
                    throw new ReferenceError(msg);
                }
            }
        }
        return found;
    }
    toJSON(_arg, ctx) {
        if (!ctx)
            return { source: this.source };
        const source = this.resolve(ctx.doc, ctx);
        if (!source) {
            const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
            throw new ReferenceError(msg);
        }
        return ctx.anchors.get(source).res;
    }
    toString(ctx, _onComment, _onChompKeep) {
        const src = `*${this.source}`;
        if (ctx) {
            anchors.anchorIsValid(this.source);
            if (ctx.options.verifyAliasOrder && !ctx.anchors.has(this.source)) {
                const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
                throw new Error(msg);
            }
            if (ctx.implicitKey)
                return `${src} `;
        }
        return src;
    }
}
function getAliasCount(doc, node, anchors) {
    if (identity.isAlias(node)) {
        const source = node.resolve(doc);
        const anchor = anchors && source && anchors.get(source);
        return anchor ? anchor.count * anchor.aliasCount : 0;
    }
    else if (identity.isCollection(node)) {
        let count = 0;
        for (const item of node.items) {
            const c = getAliasCount(doc, item, anchors);
            if (c > count)
                count = c;
        }
        return count;
    }
    else if (identity.isPair(node)) {
        const kc = getAliasCount(doc, node.key, anchors);
        const vc = getAliasCount(doc, node.value, anchors);
        return Math.max(kc, vc);
    }
    return 1;
}

exports.Alias = Alias;


/***/ }),

/***/ 101:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var createNode = __nccwpck_require__(2404);
var identity = __nccwpck_require__(1127);
var Node = __nccwpck_require__(6673);

function collectionFromPath(schema, path, value) {
    let v = value;
    for (let i = path.length - 1; i >= 0; --i) {
        const k = path[i];
        if (typeof k === 'number' && Number.isInteger(k) && k >= 0) {
            const a = [];
            a[k] = v;
            v = a;
        }
        else {
            v = new Map([[k, v]]);
        }
    }
    return createNode.createNode(v, undefined, {
        aliasDuplicateObjects: false,
        keepUndefined: false,
        onAnchor: () => {
            throw new Error('This should not happen, please report a bug.');
        },
        schema,
        sourceObjects: new Map()
    });
}
// Type guard is intentionally a little wrong so as to be more useful,
// as it does not cover untypable empty non-string iterables (e.g. []).
const isEmptyPath = (path) => path == null ||
    (typeof path === 'object' && !!path[Symbol.iterator]().next().done);
class Collection extends Node.NodeBase {
    constructor(type, schema) {
        super(type);
        Object.defineProperty(this, 'schema', {
            value: schema,
            configurable: true,
            enumerable: false,
            writable: true
        });
    }
    /**
     * Create a copy of this collection.
     *
     * @param schema - If defined, overwrites the original's schema
     */
    clone(schema) {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (schema)
            copy.schema = schema;
        copy.items = copy.items.map(it => identity.isNode(it) || identity.isPair(it) ? it.clone(schema) : it);
        if (this.range)
            copy.range = this.range.slice();
        return copy;
    }
    /**
     * Adds a value to the collection. For `!!map` and `!!omap` the value must
     * be a Pair instance or a `{ key, value }` object, which may not have a key
     * that already exists in the map.
     */
    addIn(path, value) {
        if (isEmptyPath(path))
            this.add(value);
        else {
            const [key, ...rest] = path;
            const node = this.get(key, true);
            if (identity.isCollection(node))
                node.addIn(rest, value);
            else if (node === undefined && this.schema)
                this.set(key, collectionFromPath(this.schema, rest, value));
            else
                throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
    }
    /**
     * Removes a value from the collection.
     * @returns `true` if the item was found and removed.
     */
    deleteIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
            return this.delete(key);
        const node = this.get(key, true);
        if (identity.isCollection(node))
            return node.deleteIn(rest);
        else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
    }
    /**
     * Returns item at `key`, or `undefined` if not found. By default unwraps
     * scalar values from their surrounding node; to disable set `keepScalar` to
     * `true` (collections are always returned intact).
     */
    getIn(path, keepScalar) {
        const [key, ...rest] = path;
        const node = this.get(key, true);
        if (rest.length === 0)
            return !keepScalar && identity.isScalar(node) ? node.value : node;
        else
            return identity.isCollection(node) ? node.getIn(rest, keepScalar) : undefined;
    }
    hasAllNullValues(allowScalar) {
        return this.items.every(node => {
            if (!identity.isPair(node))
                return false;
            const n = node.value;
            return (n == null ||
                (allowScalar &&
                    identity.isScalar(n) &&
                    n.value == null &&
                    !n.commentBefore &&
                    !n.comment &&
                    !n.tag));
        });
    }
    /**
     * Checks if the collection includes a value with the key `key`.
     */
    hasIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
            return this.has(key);
        const node = this.get(key, true);
        return identity.isCollection(node) ? node.hasIn(rest) : false;
    }
    /**
     * Sets a value in this collection. For `!!set`, `value` needs to be a
     * boolean to add/remove the item from the set.
     */
    setIn(path, value) {
        const [key, ...rest] = path;
        if (rest.length === 0) {
            this.set(key, value);
        }
        else {
            const node = this.get(key, true);
            if (identity.isCollection(node))
                node.setIn(rest, value);
            else if (node === undefined && this.schema)
                this.set(key, collectionFromPath(this.schema, rest, value));
            else
                throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
    }
}

exports.Collection = Collection;
exports.collectionFromPath = collectionFromPath;
exports.isEmptyPath = isEmptyPath;


/***/ }),

/***/ 6673:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var applyReviver = __nccwpck_require__(3661);
var identity = __nccwpck_require__(1127);
var toJS = __nccwpck_require__(4043);

class NodeBase {
    constructor(type) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: type });
    }
    /** Create a copy of this node.  */
    clone() {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (this.range)
            copy.range = this.range.slice();
        return copy;
    }
    /** A plain JavaScript representation of this node. */
    toJS(doc, { mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        if (!identity.isDocument(doc))
            throw new TypeError('A document argument is required');
        const ctx = {
            anchors: new Map(),
            doc,
            keep: true,
            mapAsMap: mapAsMap === true,
            mapKeyWarned: false,
            maxAliasCount: typeof maxAliasCount === 'number' ? maxAliasCount : 100
        };
        const res = toJS.toJS(this, '', ctx);
        if (typeof onAnchor === 'function')
            for (const { count, res } of ctx.anchors.values())
                onAnchor(res, count);
        return typeof reviver === 'function'
            ? applyReviver.applyReviver(reviver, { '': res }, '', res)
            : res;
    }
}

exports.NodeBase = NodeBase;


/***/ }),

/***/ 7165:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var createNode = __nccwpck_require__(2404);
var stringifyPair = __nccwpck_require__(9748);
var addPairToJSMap = __nccwpck_require__(7104);
var identity = __nccwpck_require__(1127);

function createPair(key, value, ctx) {
    const k = createNode.createNode(key, undefined, ctx);
    const v = createNode.createNode(value, undefined, ctx);
    return new Pair(k, v);
}
class Pair {
    constructor(key, value = null) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.PAIR });
        this.key = key;
        this.value = value;
    }
    clone(schema) {
        let { key, value } = this;
        if (identity.isNode(key))
            key = key.clone(schema);
        if (identity.isNode(value))
            value = value.clone(schema);
        return new Pair(key, value);
    }
    toJSON(_, ctx) {
        const pair = ctx?.mapAsMap ? new Map() : {};
        return addPairToJSMap.addPairToJSMap(ctx, pair, this);
    }
    toString(ctx, onComment, onChompKeep) {
        return ctx?.doc
            ? stringifyPair.stringifyPair(this, ctx, onComment, onChompKeep)
            : JSON.stringify(this);
    }
}

exports.Pair = Pair;
exports.createPair = createPair;


/***/ }),

/***/ 3301:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var Node = __nccwpck_require__(6673);
var toJS = __nccwpck_require__(4043);

const isScalarValue = (value) => !value || (typeof value !== 'function' && typeof value !== 'object');
class Scalar extends Node.NodeBase {
    constructor(value) {
        super(identity.SCALAR);
        this.value = value;
    }
    toJSON(arg, ctx) {
        return ctx?.keep ? this.value : toJS.toJS(this.value, arg, ctx);
    }
    toString() {
        return String(this.value);
    }
}
Scalar.BLOCK_FOLDED = 'BLOCK_FOLDED';
Scalar.BLOCK_LITERAL = 'BLOCK_LITERAL';
Scalar.PLAIN = 'PLAIN';
Scalar.QUOTE_DOUBLE = 'QUOTE_DOUBLE';
Scalar.QUOTE_SINGLE = 'QUOTE_SINGLE';

exports.Scalar = Scalar;
exports.isScalarValue = isScalarValue;


/***/ }),

/***/ 4454:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var stringifyCollection = __nccwpck_require__(1212);
var addPairToJSMap = __nccwpck_require__(7104);
var Collection = __nccwpck_require__(101);
var identity = __nccwpck_require__(1127);
var Pair = __nccwpck_require__(7165);
var Scalar = __nccwpck_require__(3301);

function findPair(items, key) {
    const k = identity.isScalar(key) ? key.value : key;
    for (const it of items) {
        if (identity.isPair(it)) {
            if (it.key === key || it.key === k)
                return it;
            if (identity.isScalar(it.key) && it.key.value === k)
                return it;
        }
    }
    return undefined;
}
class YAMLMap extends Collection.Collection {
    static get tagName() {
        return 'tag:yaml.org,2002:map';
    }
    constructor(schema) {
        super(identity.MAP, schema);
        this.items = [];
    }
    /**
     * A generic collection parsing method that can be extended
     * to other node classes that inherit from YAMLMap
     */
    static from(schema, obj, ctx) {
        const { keepUndefined, replacer } = ctx;
        const map = new this(schema);
        const add = (key, value) => {
            if (typeof replacer === 'function')
                value = replacer.call(obj, key, value);
            else if (Array.isArray(replacer) && !replacer.includes(key))
                return;
            if (value !== undefined || keepUndefined)
                map.items.push(Pair.createPair(key, value, ctx));
        };
        if (obj instanceof Map) {
            for (const [key, value] of obj)
                add(key, value);
        }
        else if (obj && typeof obj === 'object') {
            for (const key of Object.keys(obj))
                add(key, obj[key]);
        }
        if (typeof schema.sortMapEntries === 'function') {
            map.items.sort(schema.sortMapEntries);
        }
        return map;
    }
    /**
     * Adds a value to the collection.
     *
     * @param overwrite - If not set `true`, using a key that is already in the
     *   collection will throw. Otherwise, overwrites the previous value.
     */
    add(pair, overwrite) {
        let _pair;
        if (identity.isPair(pair))
            _pair = pair;
        else if (!pair || typeof pair !== 'object' || !('key' in pair)) {
            // In TypeScript, this never happens.
            _pair = new Pair.Pair(pair, pair?.value);
        }
        else
            _pair = new Pair.Pair(pair.key, pair.value);
        const prev = findPair(this.items, _pair.key);
        const sortEntries = this.schema?.sortMapEntries;
        if (prev) {
            if (!overwrite)
                throw new Error(`Key ${_pair.key} already set`);
            // For scalars, keep the old node & its comments and anchors
            if (identity.isScalar(prev.value) && Scalar.isScalarValue(_pair.value))
                prev.value.value = _pair.value;
            else
                prev.value = _pair.value;
        }
        else if (sortEntries) {
            const i = this.items.findIndex(item => sortEntries(_pair, item) < 0);
            if (i === -1)
                this.items.push(_pair);
            else
                this.items.splice(i, 0, _pair);
        }
        else {
            this.items.push(_pair);
        }
    }
    delete(key) {
        const it = findPair(this.items, key);
        if (!it)
            return false;
        const del = this.items.splice(this.items.indexOf(it), 1);
        return del.length > 0;
    }
    get(key, keepScalar) {
        const it = findPair(this.items, key);
        const node = it?.value;
        return (!keepScalar && identity.isScalar(node) ? node.value : node) ?? undefined;
    }
    has(key) {
        return !!findPair(this.items, key);
    }
    set(key, value) {
        this.add(new Pair.Pair(key, value), true);
    }
    /**
     * @param ctx - Conversion context, originally set in Document#toJS()
     * @param {Class} Type - If set, forces the returned collection type
     * @returns Instance of Type, Map, or Object
     */
    toJSON(_, ctx, Type) {
        const map = Type ? new Type() : ctx?.mapAsMap ? new Map() : {};
        if (ctx?.onCreate)
            ctx.onCreate(map);
        for (const item of this.items)
            addPairToJSMap.addPairToJSMap(ctx, map, item);
        return map;
    }
    toString(ctx, onComment, onChompKeep) {
        if (!ctx)
            return JSON.stringify(this);
        for (const item of this.items) {
            if (!identity.isPair(item))
                throw new Error(`Map items must all be pairs; found ${JSON.stringify(item)} instead`);
        }
        if (!ctx.allNullValues && this.hasAllNullValues(false))
            ctx = Object.assign({}, ctx, { allNullValues: true });
        return stringifyCollection.stringifyCollection(this, ctx, {
            blockItemPrefix: '',
            flowChars: { start: '{', end: '}' },
            itemIndent: ctx.indent || '',
            onChompKeep,
            onComment
        });
    }
}

exports.YAMLMap = YAMLMap;
exports.findPair = findPair;


/***/ }),

/***/ 2223:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var createNode = __nccwpck_require__(2404);
var stringifyCollection = __nccwpck_require__(1212);
var Collection = __nccwpck_require__(101);
var identity = __nccwpck_require__(1127);
var Scalar = __nccwpck_require__(3301);
var toJS = __nccwpck_require__(4043);

class YAMLSeq extends Collection.Collection {
    static get tagName() {
        return 'tag:yaml.org,2002:seq';
    }
    constructor(schema) {
        super(identity.SEQ, schema);
        this.items = [];
    }
    add(value) {
        this.items.push(value);
    }
    /**
     * Removes a value from the collection.
     *
     * `key` must contain a representation of an integer for this to succeed.
     * It may be wrapped in a `Scalar`.
     *
     * @returns `true` if the item was found and removed.
     */
    delete(key) {
        const idx = asItemIndex(key);
        if (typeof idx !== 'number')
            return false;
        const del = this.items.splice(idx, 1);
        return del.length > 0;
    }
    get(key, keepScalar) {
        const idx = asItemIndex(key);
        if (typeof idx !== 'number')
            return undefined;
        const it = this.items[idx];
        return !keepScalar && identity.isScalar(it) ? it.value : it;
    }
    /**
     * Checks if the collection includes a value with the key `key`.
     *
     * `key` must contain a representation of an integer for this to succeed.
     * It may be wrapped in a `Scalar`.
     */
    has(key) {
        const idx = asItemIndex(key);
        return typeof idx === 'number' && idx < this.items.length;
    }
    /**
     * Sets a value in this collection. For `!!set`, `value` needs to be a
     * boolean to add/remove the item from the set.
     *
     * If `key` does not contain a representation of an integer, this will throw.
     * It may be wrapped in a `Scalar`.
     */
    set(key, value) {
        const idx = asItemIndex(key);
        if (typeof idx !== 'number')
            throw new Error(`Expected a valid index, not ${key}.`);
        const prev = this.items[idx];
        if (identity.isScalar(prev) && Scalar.isScalarValue(value))
            prev.value = value;
        else
            this.items[idx] = value;
    }
    toJSON(_, ctx) {
        const seq = [];
        if (ctx?.onCreate)
            ctx.onCreate(seq);
        let i = 0;
        for (const item of this.items)
            seq.push(toJS.toJS(item, String(i++), ctx));
        return seq;
    }
    toString(ctx, onComment, onChompKeep) {
        if (!ctx)
            return JSON.stringify(this);
        return stringifyCollection.stringifyCollection(this, ctx, {
            blockItemPrefix: '- ',
            flowChars: { start: '[', end: ']' },
            itemIndent: (ctx.indent || '') + '  ',
            onChompKeep,
            onComment
        });
    }
    static from(schema, obj, ctx) {
        const { replacer } = ctx;
        const seq = new this(schema);
        if (obj && Symbol.iterator in Object(obj)) {
            let i = 0;
            for (let it of obj) {
                if (typeof replacer === 'function') {
                    const key = obj instanceof Set ? it : String(i++);
                    it = replacer.call(obj, key, it);
                }
                seq.items.push(createNode.createNode(it, undefined, ctx));
            }
        }
        return seq;
    }
}
function asItemIndex(key) {
    let idx = identity.isScalar(key) ? key.value : key;
    if (idx && typeof idx === 'string')
        idx = Number(idx);
    return typeof idx === 'number' && Number.isInteger(idx) && idx >= 0
        ? idx
        : null;
}

exports.YAMLSeq = YAMLSeq;


/***/ }),

/***/ 7104:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var log = __nccwpck_require__(7249);
var merge = __nccwpck_require__(452);
var stringify = __nccwpck_require__(2148);
var identity = __nccwpck_require__(1127);
var toJS = __nccwpck_require__(4043);

function addPairToJSMap(ctx, map, { key, value }) {
    if (identity.isNode(key) && key.addToJSMap)
        key.addToJSMap(ctx, map, value);
    // TODO: Should drop this special case for bare << handling
    else if (merge.isMergeKey(ctx, key))
        merge.addMergeToJSMap(ctx, map, value);
    else {
        const jsKey = toJS.toJS(key, '', ctx);
        if (map instanceof Map) {
            map.set(jsKey, toJS.toJS(value, jsKey, ctx));
        }
        else if (map instanceof Set) {
            map.add(jsKey);
        }
        else {
            const stringKey = stringifyKey(key, jsKey, ctx);
            const jsValue = toJS.toJS(value, stringKey, ctx);
            if (stringKey in map)
                Object.defineProperty(map, stringKey, {
                    value: jsValue,
                    writable: true,
                    enumerable: true,
                    configurable: true
                });
            else
                map[stringKey] = jsValue;
        }
    }
    return map;
}
function stringifyKey(key, jsKey, ctx) {
    if (jsKey === null)
        return '';
    // eslint-disable-next-line @typescript-eslint/no-base-to-string
    if (typeof jsKey !== 'object')
        return String(jsKey);
    if (identity.isNode(key) && ctx?.doc) {
        const strCtx = stringify.createStringifyContext(ctx.doc, {});
        strCtx.anchors = new Set();
        for (const node of ctx.anchors.keys())
            strCtx.anchors.add(node.anchor);
        strCtx.inFlow = true;
        strCtx.inStringifyKey = true;
        const strKey = key.toString(strCtx);
        if (!ctx.mapKeyWarned) {
            let jsonStr = JSON.stringify(strKey);
            if (jsonStr.length > 40)
                jsonStr = jsonStr.substring(0, 36) + '..."';
            log.warn(ctx.doc.options.logLevel, `Keys with collection values will be stringified due to JS Object restrictions: ${jsonStr}. Set mapAsMap: true to use object keys.`);
            ctx.mapKeyWarned = true;
        }
        return strKey;
    }
    return JSON.stringify(jsKey);
}

exports.addPairToJSMap = addPairToJSMap;


/***/ }),

/***/ 1127:
/***/ ((__unused_webpack_module, exports) => {



const ALIAS = Symbol.for('yaml.alias');
const DOC = Symbol.for('yaml.document');
const MAP = Symbol.for('yaml.map');
const PAIR = Symbol.for('yaml.pair');
const SCALAR = Symbol.for('yaml.scalar');
const SEQ = Symbol.for('yaml.seq');
const NODE_TYPE = Symbol.for('yaml.node.type');
const isAlias = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === ALIAS;
const isDocument = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === DOC;
const isMap = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === MAP;
const isPair = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === PAIR;
const isScalar = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === SCALAR;
const isSeq = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === SEQ;
function isCollection(node) {
    if (node && typeof node === 'object')
        switch (node[NODE_TYPE]) {
            case MAP:
            case SEQ:
                return true;
        }
    return false;
}
function isNode(node) {
    if (node && typeof node === 'object')
        switch (node[NODE_TYPE]) {
            case ALIAS:
            case MAP:
            case SCALAR:
            case SEQ:
                return true;
        }
    return false;
}
const hasAnchor = (node) => (isScalar(node) || isCollection(node)) && !!node.anchor;

exports.ALIAS = ALIAS;
exports.DOC = DOC;
exports.MAP = MAP;
exports.NODE_TYPE = NODE_TYPE;
exports.PAIR = PAIR;
exports.SCALAR = SCALAR;
exports.SEQ = SEQ;
exports.hasAnchor = hasAnchor;
exports.isAlias = isAlias;
exports.isCollection = isCollection;
exports.isDocument = isDocument;
exports.isMap = isMap;
exports.isNode = isNode;
exports.isPair = isPair;
exports.isScalar = isScalar;
exports.isSeq = isSeq;


/***/ }),

/***/ 4043:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);

/**
 * Recursively convert any node or its contents to native JavaScript
 *
 * @param value - The input value
 * @param arg - If `value` defines a `toJSON()` method, use this
 *   as its first argument
 * @param ctx - Conversion context, originally set in Document#toJS(). If
 *   `{ keep: true }` is not set, output should be suitable for JSON
 *   stringification.
 */
function toJS(value, arg, ctx) {
    // eslint-disable-next-line @typescript-eslint/no-unsafe-return
    if (Array.isArray(value))
        return value.map((v, i) => toJS(v, String(i), ctx));
    if (value && typeof value.toJSON === 'function') {
        // eslint-disable-next-line @typescript-eslint/no-unsafe-call
        if (!ctx || !identity.hasAnchor(value))
            return value.toJSON(arg, ctx);
        const data = { aliasCount: 0, count: 1, res: undefined };
        ctx.anchors.set(value, data);
        ctx.onCreate = res => {
            data.res = res;
            delete ctx.onCreate;
        };
        const res = value.toJSON(arg, ctx);
        if (ctx.onCreate)
            ctx.onCreate(res);
        return res;
    }
    if (typeof value === 'bigint' && !ctx?.keep)
        return Number(value);
    return value;
}

exports.toJS = toJS;


/***/ }),

/***/ 110:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var resolveBlockScalar = __nccwpck_require__(8913);
var resolveFlowScalar = __nccwpck_require__(6842);
var errors = __nccwpck_require__(1464);
var stringifyString = __nccwpck_require__(3069);

function resolveAsScalar(token, strict = true, onError) {
    if (token) {
        const _onError = (pos, code, message) => {
            const offset = typeof pos === 'number' ? pos : Array.isArray(pos) ? pos[0] : pos.offset;
            if (onError)
                onError(offset, code, message);
            else
                throw new errors.YAMLParseError([offset, offset + 1], code, message);
        };
        switch (token.type) {
            case 'scalar':
            case 'single-quoted-scalar':
            case 'double-quoted-scalar':
                return resolveFlowScalar.resolveFlowScalar(token, strict, _onError);
            case 'block-scalar':
                return resolveBlockScalar.resolveBlockScalar({ options: { strict } }, token, _onError);
        }
    }
    return null;
}
/**
 * Create a new scalar token with `value`
 *
 * Values that represent an actual string but may be parsed as a different type should use a `type` other than `'PLAIN'`,
 * as this function does not support any schema operations and won't check for such conflicts.
 *
 * @param value The string representation of the value, which will have its content properly indented.
 * @param context.end Comments and whitespace after the end of the value, or after the block scalar header. If undefined, a newline will be added.
 * @param context.implicitKey Being within an implicit key may affect the resolved type of the token's value.
 * @param context.indent The indent level of the token.
 * @param context.inFlow Is this scalar within a flow collection? This may affect the resolved type of the token's value.
 * @param context.offset The offset position of the token.
 * @param context.type The preferred type of the scalar token. If undefined, the previous type of the `token` will be used, defaulting to `'PLAIN'`.
 */
function createScalarToken(value, context) {
    const { implicitKey = false, indent, inFlow = false, offset = -1, type = 'PLAIN' } = context;
    const source = stringifyString.stringifyString({ type, value }, {
        implicitKey,
        indent: indent > 0 ? ' '.repeat(indent) : '',
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
    });
    const end = context.end ?? [
        { type: 'newline', offset: -1, indent, source: '\n' }
    ];
    switch (source[0]) {
        case '|':
        case '>': {
            const he = source.indexOf('\n');
            const head = source.substring(0, he);
            const body = source.substring(he + 1) + '\n';
            const props = [
                { type: 'block-scalar-header', offset, indent, source: head }
            ];
            if (!addEndtoBlockProps(props, end))
                props.push({ type: 'newline', offset: -1, indent, source: '\n' });
            return { type: 'block-scalar', offset, indent, props, source: body };
        }
        case '"':
            return { type: 'double-quoted-scalar', offset, indent, source, end };
        case "'":
            return { type: 'single-quoted-scalar', offset, indent, source, end };
        default:
            return { type: 'scalar', offset, indent, source, end };
    }
}
/**
 * Set the value of `token` to the given string `value`, overwriting any previous contents and type that it may have.
 *
 * Best efforts are made to retain any comments previously associated with the `token`,
 * though all contents within a collection's `items` will be overwritten.
 *
 * Values that represent an actual string but may be parsed as a different type should use a `type` other than `'PLAIN'`,
 * as this function does not support any schema operations and won't check for such conflicts.
 *
 * @param token Any token. If it does not include an `indent` value, the value will be stringified as if it were an implicit key.
 * @param value The string representation of the value, which will have its content properly indented.
 * @param context.afterKey In most cases, values after a key should have an additional level of indentation.
 * @param context.implicitKey Being within an implicit key may affect the resolved type of the token's value.
 * @param context.inFlow Being within a flow collection may affect the resolved type of the token's value.
 * @param context.type The preferred type of the scalar token. If undefined, the previous type of the `token` will be used, defaulting to `'PLAIN'`.
 */
function setScalarValue(token, value, context = {}) {
    let { afterKey = false, implicitKey = false, inFlow = false, type } = context;
    let indent = 'indent' in token ? token.indent : null;
    if (afterKey && typeof indent === 'number')
        indent += 2;
    if (!type)
        switch (token.type) {
            case 'single-quoted-scalar':
                type = 'QUOTE_SINGLE';
                break;
            case 'double-quoted-scalar':
                type = 'QUOTE_DOUBLE';
                break;
            case 'block-scalar': {
                const header = token.props[0];
                if (header.type !== 'block-scalar-header')
                    throw new Error('Invalid block scalar header');
                type = header.source[0] === '>' ? 'BLOCK_FOLDED' : 'BLOCK_LITERAL';
                break;
            }
            default:
                type = 'PLAIN';
        }
    const source = stringifyString.stringifyString({ type, value }, {
        implicitKey: implicitKey || indent === null,
        indent: indent !== null && indent > 0 ? ' '.repeat(indent) : '',
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
    });
    switch (source[0]) {
        case '|':
        case '>':
            setBlockScalarValue(token, source);
            break;
        case '"':
            setFlowScalarValue(token, source, 'double-quoted-scalar');
            break;
        case "'":
            setFlowScalarValue(token, source, 'single-quoted-scalar');
            break;
        default:
            setFlowScalarValue(token, source, 'scalar');
    }
}
function setBlockScalarValue(token, source) {
    const he = source.indexOf('\n');
    const head = source.substring(0, he);
    const body = source.substring(he + 1) + '\n';
    if (token.type === 'block-scalar') {
        const header = token.props[0];
        if (header.type !== 'block-scalar-header')
            throw new Error('Invalid block scalar header');
        header.source = head;
        token.source = body;
    }
    else {
        const { offset } = token;
        const indent = 'indent' in token ? token.indent : -1;
        const props = [
            { type: 'block-scalar-header', offset, indent, source: head }
        ];
        if (!addEndtoBlockProps(props, 'end' in token ? token.end : undefined))
            props.push({ type: 'newline', offset: -1, indent, source: '\n' });
        for (const key of Object.keys(token))
            if (key !== 'type' && key !== 'offset')
                delete token[key];
        Object.assign(token, { type: 'block-scalar', indent, props, source: body });
    }
}
/** @returns `true` if last token is a newline */
function addEndtoBlockProps(props, end) {
    if (end)
        for (const st of end)
            switch (st.type) {
                case 'space':
                case 'comment':
                    props.push(st);
                    break;
                case 'newline':
                    props.push(st);
                    return true;
            }
    return false;
}
function setFlowScalarValue(token, source, type) {
    switch (token.type) {
        case 'scalar':
        case 'double-quoted-scalar':
        case 'single-quoted-scalar':
            token.type = type;
            token.source = source;
            break;
        case 'block-scalar': {
            const end = token.props.slice(1);
            let oa = source.length;
            if (token.props[0].type === 'block-scalar-header')
                oa -= token.props[0].source.length;
            for (const tok of end)
                tok.offset += oa;
            delete token.props;
            Object.assign(token, { type, source, end });
            break;
        }
        case 'block-map':
        case 'block-seq': {
            const offset = token.offset + source.length;
            const nl = { type: 'newline', offset, indent: token.indent, source: '\n' };
            delete token.items;
            Object.assign(token, { type, source, end: [nl] });
            break;
        }
        default: {
            const indent = 'indent' in token ? token.indent : -1;
            const end = 'end' in token && Array.isArray(token.end)
                ? token.end.filter(st => st.type === 'space' ||
                    st.type === 'comment' ||
                    st.type === 'newline')
                : [];
            for (const key of Object.keys(token))
                if (key !== 'type' && key !== 'offset')
                    delete token[key];
            Object.assign(token, { type, indent, source, end });
        }
    }
}

exports.createScalarToken = createScalarToken;
exports.resolveAsScalar = resolveAsScalar;
exports.setScalarValue = setScalarValue;


/***/ }),

/***/ 1733:
/***/ ((__unused_webpack_module, exports) => {



/**
 * Stringify a CST document, token, or collection item
 *
 * Fair warning: This applies no validation whatsoever, and
 * simply concatenates the sources in their logical order.
 */
const stringify = (cst) => 'type' in cst ? stringifyToken(cst) : stringifyItem(cst);
function stringifyToken(token) {
    switch (token.type) {
        case 'block-scalar': {
            let res = '';
            for (const tok of token.props)
                res += stringifyToken(tok);
            return res + token.source;
        }
        case 'block-map':
        case 'block-seq': {
            let res = '';
            for (const item of token.items)
                res += stringifyItem(item);
            return res;
        }
        case 'flow-collection': {
            let res = token.start.source;
            for (const item of token.items)
                res += stringifyItem(item);
            for (const st of token.end)
                res += st.source;
            return res;
        }
        case 'document': {
            let res = stringifyItem(token);
            if (token.end)
                for (const st of token.end)
                    res += st.source;
            return res;
        }
        default: {
            let res = token.source;
            if ('end' in token && token.end)
                for (const st of token.end)
                    res += st.source;
            return res;
        }
    }
}
function stringifyItem({ start, key, sep, value }) {
    let res = '';
    for (const st of start)
        res += st.source;
    if (key)
        res += stringifyToken(key);
    if (sep)
        for (const st of sep)
            res += st.source;
    if (value)
        res += stringifyToken(value);
    return res;
}

exports.stringify = stringify;


/***/ }),

/***/ 7715:
/***/ ((__unused_webpack_module, exports) => {



const BREAK = Symbol('break visit');
const SKIP = Symbol('skip children');
const REMOVE = Symbol('remove item');
/**
 * Apply a visitor to a CST document or item.
 *
 * Walks through the tree (depth-first) starting from the root, calling a
 * `visitor` function with two arguments when entering each item:
 *   - `item`: The current item, which included the following members:
 *     - `start: SourceToken[]` – Source tokens before the key or value,
 *       possibly including its anchor or tag.
 *     - `key?: Token | null` – Set for pair values. May then be `null`, if
 *       the key before the `:` separator is empty.
 *     - `sep?: SourceToken[]` – Source tokens between the key and the value,
 *       which should include the `:` map value indicator if `value` is set.
 *     - `value?: Token` – The value of a sequence item, or of a map pair.
 *   - `path`: The steps from the root to the current node, as an array of
 *     `['key' | 'value', number]` tuples.
 *
 * The return value of the visitor may be used to control the traversal:
 *   - `undefined` (default): Do nothing and continue
 *   - `visit.SKIP`: Do not visit the children of this token, continue with
 *      next sibling
 *   - `visit.BREAK`: Terminate traversal completely
 *   - `visit.REMOVE`: Remove the current item, then continue with the next one
 *   - `number`: Set the index of the next step. This is useful especially if
 *     the index of the current token has changed.
 *   - `function`: Define the next visitor for this item. After the original
 *     visitor is called on item entry, next visitors are called after handling
 *     a non-empty `key` and when exiting the item.
 */
function visit(cst, visitor) {
    if ('type' in cst && cst.type === 'document')
        cst = { start: cst.start, value: cst.value };
    _visit(Object.freeze([]), cst, visitor);
}
// Without the `as symbol` casts, TS declares these in the `visit`
// namespace using `var`, but then complains about that because
// `unique symbol` must be `const`.
/** Terminate visit traversal completely */
visit.BREAK = BREAK;
/** Do not visit the children of the current item */
visit.SKIP = SKIP;
/** Remove the current item */
visit.REMOVE = REMOVE;
/** Find the item at `path` from `cst` as the root */
visit.itemAtPath = (cst, path) => {
    let item = cst;
    for (const [field, index] of path) {
        const tok = item?.[field];
        if (tok && 'items' in tok) {
            item = tok.items[index];
        }
        else
            return undefined;
    }
    return item;
};
/**
 * Get the immediate parent collection of the item at `path` from `cst` as the root.
 *
 * Throws an error if the collection is not found, which should never happen if the item itself exists.
 */
visit.parentCollection = (cst, path) => {
    const parent = visit.itemAtPath(cst, path.slice(0, -1));
    const field = path[path.length - 1][0];
    const coll = parent?.[field];
    if (coll && 'items' in coll)
        return coll;
    throw new Error('Parent collection not found');
};
function _visit(path, item, visitor) {
    let ctrl = visitor(item, path);
    if (typeof ctrl === 'symbol')
        return ctrl;
    for (const field of ['key', 'value']) {
        const token = item[field];
        if (token && 'items' in token) {
            for (let i = 0; i < token.items.length; ++i) {
                const ci = _visit(Object.freeze(path.concat([[field, i]])), token.items[i], visitor);
                if (typeof ci === 'number')
                    i = ci - 1;
                else if (ci === BREAK)
                    return BREAK;
                else if (ci === REMOVE) {
                    token.items.splice(i, 1);
                    i -= 1;
                }
            }
            if (typeof ctrl === 'function' && field === 'key')
                ctrl = ctrl(item, path);
        }
    }
    return typeof ctrl === 'function' ? ctrl(item, path) : ctrl;
}

exports.visit = visit;


/***/ }),

/***/ 3461:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var cstScalar = __nccwpck_require__(110);
var cstStringify = __nccwpck_require__(1733);
var cstVisit = __nccwpck_require__(7715);

/** The byte order mark */
const BOM = '\u{FEFF}';
/** Start of doc-mode */
const DOCUMENT = '\x02'; // C0: Start of Text
/** Unexpected end of flow-mode */
const FLOW_END = '\x18'; // C0: Cancel
/** Next token is a scalar value */
const SCALAR = '\x1f'; // C0: Unit Separator
/** @returns `true` if `token` is a flow or block collection */
const isCollection = (token) => !!token && 'items' in token;
/** @returns `true` if `token` is a flow or block scalar; not an alias */
const isScalar = (token) => !!token &&
    (token.type === 'scalar' ||
        token.type === 'single-quoted-scalar' ||
        token.type === 'double-quoted-scalar' ||
        token.type === 'block-scalar');
/* istanbul ignore next */
/** Get a printable representation of a lexer token */
function prettyToken(token) {
    switch (token) {
        case BOM:
            return '<BOM>';
        case DOCUMENT:
            return '<DOC>';
        case FLOW_END:
            return '<FLOW_END>';
        case SCALAR:
            return '<SCALAR>';
        default:
            return JSON.stringify(token);
    }
}
/** Identify the type of a lexer token. May return `null` for unknown tokens. */
function tokenType(source) {
    switch (source) {
        case BOM:
            return 'byte-order-mark';
        case DOCUMENT:
            return 'doc-mode';
        case FLOW_END:
            return 'flow-error-end';
        case SCALAR:
            return 'scalar';
        case '---':
            return 'doc-start';
        case '...':
            return 'doc-end';
        case '':
        case '\n':
        case '\r\n':
            return 'newline';
        case '-':
            return 'seq-item-ind';
        case '?':
            return 'explicit-key-ind';
        case ':':
            return 'map-value-ind';
        case '{':
            return 'flow-map-start';
        case '}':
            return 'flow-map-end';
        case '[':
            return 'flow-seq-start';
        case ']':
            return 'flow-seq-end';
        case ',':
            return 'comma';
    }
    switch (source[0]) {
        case ' ':
        case '\t':
            return 'space';
        case '#':
            return 'comment';
        case '%':
            return 'directive-line';
        case '*':
            return 'alias';
        case '&':
            return 'anchor';
        case '!':
            return 'tag';
        case "'":
            return 'single-quoted-scalar';
        case '"':
            return 'double-quoted-scalar';
        case '|':
        case '>':
            return 'block-scalar-header';
    }
    return null;
}

exports.createScalarToken = cstScalar.createScalarToken;
exports.resolveAsScalar = cstScalar.resolveAsScalar;
exports.setScalarValue = cstScalar.setScalarValue;
exports.stringify = cstStringify.stringify;
exports.visit = cstVisit.visit;
exports.BOM = BOM;
exports.DOCUMENT = DOCUMENT;
exports.FLOW_END = FLOW_END;
exports.SCALAR = SCALAR;
exports.isCollection = isCollection;
exports.isScalar = isScalar;
exports.prettyToken = prettyToken;
exports.tokenType = tokenType;


/***/ }),

/***/ 361:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var cst = __nccwpck_require__(3461);

/*
START -> stream

stream
  directive -> line-end -> stream
  indent + line-end -> stream
  [else] -> line-start

line-end
  comment -> line-end
  newline -> .
  input-end -> END

line-start
  doc-start -> doc
  doc-end -> stream
  [else] -> indent -> block-start

block-start
  seq-item-start -> block-start
  explicit-key-start -> block-start
  map-value-start -> block-start
  [else] -> doc

doc
  line-end -> line-start
  spaces -> doc
  anchor -> doc
  tag -> doc
  flow-start -> flow -> doc
  flow-end -> error -> doc
  seq-item-start -> error -> doc
  explicit-key-start -> error -> doc
  map-value-start -> doc
  alias -> doc
  quote-start -> quoted-scalar -> doc
  block-scalar-header -> line-end -> block-scalar(min) -> line-start
  [else] -> plain-scalar(false, min) -> doc

flow
  line-end -> flow
  spaces -> flow
  anchor -> flow
  tag -> flow
  flow-start -> flow -> flow
  flow-end -> .
  seq-item-start -> error -> flow
  explicit-key-start -> flow
  map-value-start -> flow
  alias -> flow
  quote-start -> quoted-scalar -> flow
  comma -> flow
  [else] -> plain-scalar(true, 0) -> flow

quoted-scalar
  quote-end -> .
  [else] -> quoted-scalar

block-scalar(min)
  newline + peek(indent < min) -> .
  [else] -> block-scalar(min)

plain-scalar(is-flow, min)
  scalar-end(is-flow) -> .
  peek(newline + (indent < min)) -> .
  [else] -> plain-scalar(min)
*/
function isEmpty(ch) {
    switch (ch) {
        case undefined:
        case ' ':
        case '\n':
        case '\r':
        case '\t':
            return true;
        default:
            return false;
    }
}
const hexDigits = new Set('0123456789ABCDEFabcdef');
const tagChars = new Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-#;/?:@&=+$_.!~*'()");
const flowIndicatorChars = new Set(',[]{}');
const invalidAnchorChars = new Set(' ,[]{}\n\r\t');
const isNotAnchorChar = (ch) => !ch || invalidAnchorChars.has(ch);
/**
 * Splits an input string into lexical tokens, i.e. smaller strings that are
 * easily identifiable by `tokens.tokenType()`.
 *
 * Lexing starts always in a "stream" context. Incomplete input may be buffered
 * until a complete token can be emitted.
 *
 * In addition to slices of the original input, the following control characters
 * may also be emitted:
 *
 * - `\x02` (Start of Text): A document starts with the next token
 * - `\x18` (Cancel): Unexpected end of flow-mode (indicates an error)
 * - `\x1f` (Unit Separator): Next token is a scalar value
 * - `\u{FEFF}` (Byte order mark): Emitted separately outside documents
 */
class Lexer {
    constructor() {
        /**
         * Flag indicating whether the end of the current buffer marks the end of
         * all input
         */
        this.atEnd = false;
        /**
         * Explicit indent set in block scalar header, as an offset from the current
         * minimum indent, so e.g. set to 1 from a header `|2+`. Set to -1 if not
         * explicitly set.
         */
        this.blockScalarIndent = -1;
        /**
         * Block scalars that include a + (keep) chomping indicator in their header
         * include trailing empty lines, which are otherwise excluded from the
         * scalar's contents.
         */
        this.blockScalarKeep = false;
        /** Current input */
        this.buffer = '';
        /**
         * Flag noting whether the map value indicator : can immediately follow this
         * node within a flow context.
         */
        this.flowKey = false;
        /** Count of surrounding flow collection levels. */
        this.flowLevel = 0;
        /**
         * Minimum level of indentation required for next lines to be parsed as a
         * part of the current scalar value.
         */
        this.indentNext = 0;
        /** Indentation level of the current line. */
        this.indentValue = 0;
        /** Position of the next \n character. */
        this.lineEndPos = null;
        /** Stores the state of the lexer if reaching the end of incpomplete input */
        this.next = null;
        /** A pointer to `buffer`; the current position of the lexer. */
        this.pos = 0;
    }
    /**
     * Generate YAML tokens from the `source` string. If `incomplete`,
     * a part of the last line may be left as a buffer for the next call.
     *
     * @returns A generator of lexical tokens
     */
    *lex(source, incomplete = false) {
        if (source) {
            if (typeof source !== 'string')
                throw TypeError('source is not a string');
            this.buffer = this.buffer ? this.buffer + source : source;
            this.lineEndPos = null;
        }
        this.atEnd = !incomplete;
        let next = this.next ?? 'stream';
        while (next && (incomplete || this.hasChars(1)))
            next = yield* this.parseNext(next);
    }
    atLineEnd() {
        let i = this.pos;
        let ch = this.buffer[i];
        while (ch === ' ' || ch === '\t')
            ch = this.buffer[++i];
        if (!ch || ch === '#' || ch === '\n')
            return true;
        if (ch === '\r')
            return this.buffer[i + 1] === '\n';
        return false;
    }
    charAt(n) {
        return this.buffer[this.pos + n];
    }
    continueScalar(offset) {
        let ch = this.buffer[offset];
        if (this.indentNext > 0) {
            let indent = 0;
            while (ch === ' ')
                ch = this.buffer[++indent + offset];
            if (ch === '\r') {
                const next = this.buffer[indent + offset + 1];
                if (next === '\n' || (!next && !this.atEnd))
                    return offset + indent + 1;
            }
            return ch === '\n' || indent >= this.indentNext || (!ch && !this.atEnd)
                ? offset + indent
                : -1;
        }
        if (ch === '-' || ch === '.') {
            const dt = this.buffer.substr(offset, 3);
            if ((dt === '---' || dt === '...') && isEmpty(this.buffer[offset + 3]))
                return -1;
        }
        return offset;
    }
    getLine() {
        let end = this.lineEndPos;
        if (typeof end !== 'number' || (end !== -1 && end < this.pos)) {
            end = this.buffer.indexOf('\n', this.pos);
            this.lineEndPos = end;
        }
        if (end === -1)
            return this.atEnd ? this.buffer.substring(this.pos) : null;
        if (this.buffer[end - 1] === '\r')
            end -= 1;
        return this.buffer.substring(this.pos, end);
    }
    hasChars(n) {
        return this.pos + n <= this.buffer.length;
    }
    setNext(state) {
        this.buffer = this.buffer.substring(this.pos);
        this.pos = 0;
        this.lineEndPos = null;
        this.next = state;
        return null;
    }
    peek(n) {
        return this.buffer.substr(this.pos, n);
    }
    *parseNext(next) {
        switch (next) {
            case 'stream':
                return yield* this.parseStream();
            case 'line-start':
                return yield* this.parseLineStart();
            case 'block-start':
                return yield* this.parseBlockStart();
            case 'doc':
                return yield* this.parseDocument();
            case 'flow':
                return yield* this.parseFlowCollection();
            case 'quoted-scalar':
                return yield* this.parseQuotedScalar();
            case 'block-scalar':
                return yield* this.parseBlockScalar();
            case 'plain-scalar':
                return yield* this.parsePlainScalar();
        }
    }
    *parseStream() {
        let line = this.getLine();
        if (line === null)
            return this.setNext('stream');
        if (line[0] === cst.BOM) {
            yield* this.pushCount(1);
            line = line.substring(1);
        }
        if (line[0] === '%') {
            let dirEnd = line.length;
            let cs = line.indexOf('#');
            while (cs !== -1) {
                const ch = line[cs - 1];
                if (ch === ' ' || ch === '\t') {
                    dirEnd = cs - 1;
                    break;
                }
                else {
                    cs = line.indexOf('#', cs + 1);
                }
            }
            while (true) {
                const ch = line[dirEnd - 1];
                if (ch === ' ' || ch === '\t')
                    dirEnd -= 1;
                else
                    break;
            }
            const n = (yield* this.pushCount(dirEnd)) + (yield* this.pushSpaces(true));
            yield* this.pushCount(line.length - n); // possible comment
            this.pushNewline();
            return 'stream';
        }
        if (this.atLineEnd()) {
            const sp = yield* this.pushSpaces(true);
            yield* this.pushCount(line.length - sp);
            yield* this.pushNewline();
            return 'stream';
        }
        yield cst.DOCUMENT;
        return yield* this.parseLineStart();
    }
    *parseLineStart() {
        const ch = this.charAt(0);
        if (!ch && !this.atEnd)
            return this.setNext('line-start');
        if (ch === '-' || ch === '.') {
            if (!this.atEnd && !this.hasChars(4))
                return this.setNext('line-start');
            const s = this.peek(3);
            if ((s === '---' || s === '...') && isEmpty(this.charAt(3))) {
                yield* this.pushCount(3);
                this.indentValue = 0;
                this.indentNext = 0;
                return s === '---' ? 'doc' : 'stream';
            }
        }
        this.indentValue = yield* this.pushSpaces(false);
        if (this.indentNext > this.indentValue && !isEmpty(this.charAt(1)))
            this.indentNext = this.indentValue;
        return yield* this.parseBlockStart();
    }
    *parseBlockStart() {
        const [ch0, ch1] = this.peek(2);
        if (!ch1 && !this.atEnd)
            return this.setNext('block-start');
        if ((ch0 === '-' || ch0 === '?' || ch0 === ':') && isEmpty(ch1)) {
            const n = (yield* this.pushCount(1)) + (yield* this.pushSpaces(true));
            this.indentNext = this.indentValue + 1;
            this.indentValue += n;
            return 'block-start';
        }
        return 'doc';
    }
    *parseDocument() {
        yield* this.pushSpaces(true);
        const line = this.getLine();
        if (line === null)
            return this.setNext('doc');
        let n = yield* this.pushIndicators();
        switch (line[n]) {
            case '#':
                yield* this.pushCount(line.length - n);
            // fallthrough
            case undefined:
                yield* this.pushNewline();
                return yield* this.parseLineStart();
            case '{':
            case '[':
                yield* this.pushCount(1);
                this.flowKey = false;
                this.flowLevel = 1;
                return 'flow';
            case '}':
            case ']':
                // this is an error
                yield* this.pushCount(1);
                return 'doc';
            case '*':
                yield* this.pushUntil(isNotAnchorChar);
                return 'doc';
            case '"':
            case "'":
                return yield* this.parseQuotedScalar();
            case '|':
            case '>':
                n += yield* this.parseBlockScalarHeader();
                n += yield* this.pushSpaces(true);
                yield* this.pushCount(line.length - n);
                yield* this.pushNewline();
                return yield* this.parseBlockScalar();
            default:
                return yield* this.parsePlainScalar();
        }
    }
    *parseFlowCollection() {
        let nl, sp;
        let indent = -1;
        do {
            nl = yield* this.pushNewline();
            if (nl > 0) {
                sp = yield* this.pushSpaces(false);
                this.indentValue = indent = sp;
            }
            else {
                sp = 0;
            }
            sp += yield* this.pushSpaces(true);
        } while (nl + sp > 0);
        const line = this.getLine();
        if (line === null)
            return this.setNext('flow');
        if ((indent !== -1 && indent < this.indentNext && line[0] !== '#') ||
            (indent === 0 &&
                (line.startsWith('---') || line.startsWith('...')) &&
                isEmpty(line[3]))) {
            // Allowing for the terminal ] or } at the same (rather than greater)
            // indent level as the initial [ or { is technically invalid, but
            // failing here would be surprising to users.
            const atFlowEndMarker = indent === this.indentNext - 1 &&
                this.flowLevel === 1 &&
                (line[0] === ']' || line[0] === '}');
            if (!atFlowEndMarker) {
                // this is an error
                this.flowLevel = 0;
                yield cst.FLOW_END;
                return yield* this.parseLineStart();
            }
        }
        let n = 0;
        while (line[n] === ',') {
            n += yield* this.pushCount(1);
            n += yield* this.pushSpaces(true);
            this.flowKey = false;
        }
        n += yield* this.pushIndicators();
        switch (line[n]) {
            case undefined:
                return 'flow';
            case '#':
                yield* this.pushCount(line.length - n);
                return 'flow';
            case '{':
            case '[':
                yield* this.pushCount(1);
                this.flowKey = false;
                this.flowLevel += 1;
                return 'flow';
            case '}':
            case ']':
                yield* this.pushCount(1);
                this.flowKey = true;
                this.flowLevel -= 1;
                return this.flowLevel ? 'flow' : 'doc';
            case '*':
                yield* this.pushUntil(isNotAnchorChar);
                return 'flow';
            case '"':
            case "'":
                this.flowKey = true;
                return yield* this.parseQuotedScalar();
            case ':': {
                const next = this.charAt(1);
                if (this.flowKey || isEmpty(next) || next === ',') {
                    this.flowKey = false;
                    yield* this.pushCount(1);
                    yield* this.pushSpaces(true);
                    return 'flow';
                }
            }
            // fallthrough
            default:
                this.flowKey = false;
                return yield* this.parsePlainScalar();
        }
    }
    *parseQuotedScalar() {
        const quote = this.charAt(0);
        let end = this.buffer.indexOf(quote, this.pos + 1);
        if (quote === "'") {
            while (end !== -1 && this.buffer[end + 1] === "'")
                end = this.buffer.indexOf("'", end + 2);
        }
        else {
            // double-quote
            while (end !== -1) {
                let n = 0;
                while (this.buffer[end - 1 - n] === '\\')
                    n += 1;
                if (n % 2 === 0)
                    break;
                end = this.buffer.indexOf('"', end + 1);
            }
        }
        // Only looking for newlines within the quotes
        const qb = this.buffer.substring(0, end);
        let nl = qb.indexOf('\n', this.pos);
        if (nl !== -1) {
            while (nl !== -1) {
                const cs = this.continueScalar(nl + 1);
                if (cs === -1)
                    break;
                nl = qb.indexOf('\n', cs);
            }
            if (nl !== -1) {
                // this is an error caused by an unexpected unindent
                end = nl - (qb[nl - 1] === '\r' ? 2 : 1);
            }
        }
        if (end === -1) {
            if (!this.atEnd)
                return this.setNext('quoted-scalar');
            end = this.buffer.length;
        }
        yield* this.pushToIndex(end + 1, false);
        return this.flowLevel ? 'flow' : 'doc';
    }
    *parseBlockScalarHeader() {
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        let i = this.pos;
        while (true) {
            const ch = this.buffer[++i];
            if (ch === '+')
                this.blockScalarKeep = true;
            else if (ch > '0' && ch <= '9')
                this.blockScalarIndent = Number(ch) - 1;
            else if (ch !== '-')
                break;
        }
        return yield* this.pushUntil(ch => isEmpty(ch) || ch === '#');
    }
    *parseBlockScalar() {
        let nl = this.pos - 1; // may be -1 if this.pos === 0
        let indent = 0;
        let ch;
        loop: for (let i = this.pos; (ch = this.buffer[i]); ++i) {
            switch (ch) {
                case ' ':
                    indent += 1;
                    break;
                case '\n':
                    nl = i;
                    indent = 0;
                    break;
                case '\r': {
                    const next = this.buffer[i + 1];
                    if (!next && !this.atEnd)
                        return this.setNext('block-scalar');
                    if (next === '\n')
                        break;
                } // fallthrough
                default:
                    break loop;
            }
        }
        if (!ch && !this.atEnd)
            return this.setNext('block-scalar');
        if (indent >= this.indentNext) {
            if (this.blockScalarIndent === -1)
                this.indentNext = indent;
            else {
                this.indentNext =
                    this.blockScalarIndent + (this.indentNext === 0 ? 1 : this.indentNext);
            }
            do {
                const cs = this.continueScalar(nl + 1);
                if (cs === -1)
                    break;
                nl = this.buffer.indexOf('\n', cs);
            } while (nl !== -1);
            if (nl === -1) {
                if (!this.atEnd)
                    return this.setNext('block-scalar');
                nl = this.buffer.length;
            }
        }
        // Trailing insufficiently indented tabs are invalid.
        // To catch that during parsing, we include them in the block scalar value.
        let i = nl + 1;
        ch = this.buffer[i];
        while (ch === ' ')
            ch = this.buffer[++i];
        if (ch === '\t') {
            while (ch === '\t' || ch === ' ' || ch === '\r' || ch === '\n')
                ch = this.buffer[++i];
            nl = i - 1;
        }
        else if (!this.blockScalarKeep) {
            do {
                let i = nl - 1;
                let ch = this.buffer[i];
                if (ch === '\r')
                    ch = this.buffer[--i];
                const lastChar = i; // Drop the line if last char not more indented
                while (ch === ' ')
                    ch = this.buffer[--i];
                if (ch === '\n' && i >= this.pos && i + 1 + indent > lastChar)
                    nl = i;
                else
                    break;
            } while (true);
        }
        yield cst.SCALAR;
        yield* this.pushToIndex(nl + 1, true);
        return yield* this.parseLineStart();
    }
    *parsePlainScalar() {
        const inFlow = this.flowLevel > 0;
        let end = this.pos - 1;
        let i = this.pos - 1;
        let ch;
        while ((ch = this.buffer[++i])) {
            if (ch === ':') {
                const next = this.buffer[i + 1];
                if (isEmpty(next) || (inFlow && flowIndicatorChars.has(next)))
                    break;
                end = i;
            }
            else if (isEmpty(ch)) {
                let next = this.buffer[i + 1];
                if (ch === '\r') {
                    if (next === '\n') {
                        i += 1;
                        ch = '\n';
                        next = this.buffer[i + 1];
                    }
                    else
                        end = i;
                }
                if (next === '#' || (inFlow && flowIndicatorChars.has(next)))
                    break;
                if (ch === '\n') {
                    const cs = this.continueScalar(i + 1);
                    if (cs === -1)
                        break;
                    i = Math.max(i, cs - 2); // to advance, but still account for ' #'
                }
            }
            else {
                if (inFlow && flowIndicatorChars.has(ch))
                    break;
                end = i;
            }
        }
        if (!ch && !this.atEnd)
            return this.setNext('plain-scalar');
        yield cst.SCALAR;
        yield* this.pushToIndex(end + 1, true);
        return inFlow ? 'flow' : 'doc';
    }
    *pushCount(n) {
        if (n > 0) {
            yield this.buffer.substr(this.pos, n);
            this.pos += n;
            return n;
        }
        return 0;
    }
    *pushToIndex(i, allowEmpty) {
        const s = this.buffer.slice(this.pos, i);
        if (s) {
            yield s;
            this.pos += s.length;
            return s.length;
        }
        else if (allowEmpty)
            yield '';
        return 0;
    }
    *pushIndicators() {
        let n = 0;
        loop: while (true) {
            switch (this.charAt(0)) {
                case '!':
                    n += yield* this.pushTag();
                    n += yield* this.pushSpaces(true);
                    continue loop;
                case '&':
                    n += yield* this.pushUntil(isNotAnchorChar);
                    n += yield* this.pushSpaces(true);
                    continue loop;
                case '-': // this is an error
                case '?': // this is an error outside flow collections
                case ':': {
                    const inFlow = this.flowLevel > 0;
                    const ch1 = this.charAt(1);
                    if (isEmpty(ch1) || (inFlow && flowIndicatorChars.has(ch1))) {
                        if (!inFlow)
                            this.indentNext = this.indentValue + 1;
                        else if (this.flowKey)
                            this.flowKey = false;
                        n += yield* this.pushCount(1);
                        n += yield* this.pushSpaces(true);
                        continue loop;
                    }
                }
            }
            break loop;
        }
        return n;
    }
    *pushTag() {
        if (this.charAt(1) === '<') {
            let i = this.pos + 2;
            let ch = this.buffer[i];
            while (!isEmpty(ch) && ch !== '>')
                ch = this.buffer[++i];
            return yield* this.pushToIndex(ch === '>' ? i + 1 : i, false);
        }
        else {
            let i = this.pos + 1;
            let ch = this.buffer[i];
            while (ch) {
                if (tagChars.has(ch))
                    ch = this.buffer[++i];
                else if (ch === '%' &&
                    hexDigits.has(this.buffer[i + 1]) &&
                    hexDigits.has(this.buffer[i + 2])) {
                    ch = this.buffer[(i += 3)];
                }
                else
                    break;
            }
            return yield* this.pushToIndex(i, false);
        }
    }
    *pushNewline() {
        const ch = this.buffer[this.pos];
        if (ch === '\n')
            return yield* this.pushCount(1);
        else if (ch === '\r' && this.charAt(1) === '\n')
            return yield* this.pushCount(2);
        else
            return 0;
    }
    *pushSpaces(allowTabs) {
        let i = this.pos - 1;
        let ch;
        do {
            ch = this.buffer[++i];
        } while (ch === ' ' || (allowTabs && ch === '\t'));
        const n = i - this.pos;
        if (n > 0) {
            yield this.buffer.substr(this.pos, n);
            this.pos = i;
        }
        return n;
    }
    *pushUntil(test) {
        let i = this.pos;
        let ch = this.buffer[i];
        while (!test(ch))
            ch = this.buffer[++i];
        return yield* this.pushToIndex(i, false);
    }
}

exports.Lexer = Lexer;


/***/ }),

/***/ 6628:
/***/ ((__unused_webpack_module, exports) => {



/**
 * Tracks newlines during parsing in order to provide an efficient API for
 * determining the one-indexed `{ line, col }` position for any offset
 * within the input.
 */
class LineCounter {
    constructor() {
        this.lineStarts = [];
        /**
         * Should be called in ascending order. Otherwise, call
         * `lineCounter.lineStarts.sort()` before calling `linePos()`.
         */
        this.addNewLine = (offset) => this.lineStarts.push(offset);
        /**
         * Performs a binary search and returns the 1-indexed { line, col }
         * position of `offset`. If `line === 0`, `addNewLine` has never been
         * called or `offset` is before the first known newline.
         */
        this.linePos = (offset) => {
            let low = 0;
            let high = this.lineStarts.length;
            while (low < high) {
                const mid = (low + high) >> 1; // Math.floor((low + high) / 2)
                if (this.lineStarts[mid] < offset)
                    low = mid + 1;
                else
                    high = mid;
            }
            if (this.lineStarts[low] === offset)
                return { line: low + 1, col: 1 };
            if (low === 0)
                return { line: 0, col: offset };
            const start = this.lineStarts[low - 1];
            return { line: low, col: offset - start + 1 };
        };
    }
}

exports.LineCounter = LineCounter;


/***/ }),

/***/ 3456:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var node_process = __nccwpck_require__(932);
var cst = __nccwpck_require__(3461);
var lexer = __nccwpck_require__(361);

function includesToken(list, type) {
    for (let i = 0; i < list.length; ++i)
        if (list[i].type === type)
            return true;
    return false;
}
function findNonEmptyIndex(list) {
    for (let i = 0; i < list.length; ++i) {
        switch (list[i].type) {
            case 'space':
            case 'comment':
            case 'newline':
                break;
            default:
                return i;
        }
    }
    return -1;
}
function isFlowToken(token) {
    switch (token?.type) {
        case 'alias':
        case 'scalar':
        case 'single-quoted-scalar':
        case 'double-quoted-scalar':
        case 'flow-collection':
            return true;
        default:
            return false;
    }
}
function getPrevProps(parent) {
    switch (parent.type) {
        case 'document':
            return parent.start;
        case 'block-map': {
            const it = parent.items[parent.items.length - 1];
            return it.sep ?? it.start;
        }
        case 'block-seq':
            return parent.items[parent.items.length - 1].start;
        /* istanbul ignore next should not happen */
        default:
            return [];
    }
}
/** Note: May modify input array */
function getFirstKeyStartProps(prev) {
    if (prev.length === 0)
        return [];
    let i = prev.length;
    loop: while (--i >= 0) {
        switch (prev[i].type) {
            case 'doc-start':
            case 'explicit-key-ind':
            case 'map-value-ind':
            case 'seq-item-ind':
            case 'newline':
                break loop;
        }
    }
    while (prev[++i]?.type === 'space') {
        /* loop */
    }
    return prev.splice(i, prev.length);
}
function arrayPushArray(target, source) {
    // May exhaust call stack with large `source` array
    if (source.length < 1e5)
        Array.prototype.push.apply(target, source);
    else
        for (let i = 0; i < source.length; ++i)
            target.push(source[i]);
}
function fixFlowSeqItems(fc) {
    if (fc.start.type === 'flow-seq-start') {
        for (const it of fc.items) {
            if (it.sep &&
                !it.value &&
                !includesToken(it.start, 'explicit-key-ind') &&
                !includesToken(it.sep, 'map-value-ind')) {
                if (it.key)
                    it.value = it.key;
                delete it.key;
                if (isFlowToken(it.value)) {
                    if (it.value.end)
                        arrayPushArray(it.value.end, it.sep);
                    else
                        it.value.end = it.sep;
                }
                else
                    arrayPushArray(it.start, it.sep);
                delete it.sep;
            }
        }
    }
}
/**
 * A YAML concrete syntax tree (CST) parser
 *
 * ```ts
 * const src: string = ...
 * for (const token of new Parser().parse(src)) {
 *   // token: Token
 * }
 * ```
 *
 * To use the parser with a user-provided lexer:
 *
 * ```ts
 * function* parse(source: string, lexer: Lexer) {
 *   const parser = new Parser()
 *   for (const lexeme of lexer.lex(source))
 *     yield* parser.next(lexeme)
 *   yield* parser.end()
 * }
 *
 * const src: string = ...
 * const lexer = new Lexer()
 * for (const token of parse(src, lexer)) {
 *   // token: Token
 * }
 * ```
 */
class Parser {
    /**
     * @param onNewLine - If defined, called separately with the start position of
     *   each new line (in `parse()`, including the start of input).
     */
    constructor(onNewLine) {
        /** If true, space and sequence indicators count as indentation */
        this.atNewLine = true;
        /** If true, next token is a scalar value */
        this.atScalar = false;
        /** Current indentation level */
        this.indent = 0;
        /** Current offset since the start of parsing */
        this.offset = 0;
        /** On the same line with a block map key */
        this.onKeyLine = false;
        /** Top indicates the node that's currently being built */
        this.stack = [];
        /** The source of the current token, set in parse() */
        this.source = '';
        /** The type of the current token, set in parse() */
        this.type = '';
        // Must be defined after `next()`
        this.lexer = new lexer.Lexer();
        this.onNewLine = onNewLine;
    }
    /**
     * Parse `source` as a YAML stream.
     * If `incomplete`, a part of the last line may be left as a buffer for the next call.
     *
     * Errors are not thrown, but yielded as `{ type: 'error', message }` tokens.
     *
     * @returns A generator of tokens representing each directive, document, and other structure.
     */
    *parse(source, incomplete = false) {
        if (this.onNewLine && this.offset === 0)
            this.onNewLine(0);
        for (const lexeme of this.lexer.lex(source, incomplete))
            yield* this.next(lexeme);
        if (!incomplete)
            yield* this.end();
    }
    /**
     * Advance the parser by the `source` of one lexical token.
     */
    *next(source) {
        this.source = source;
        if (node_process.env.LOG_TOKENS)
            console.log('|', cst.prettyToken(source));
        if (this.atScalar) {
            this.atScalar = false;
            yield* this.step();
            this.offset += source.length;
            return;
        }
        const type = cst.tokenType(source);
        if (!type) {
            const message = `Not a YAML token: ${source}`;
            yield* this.pop({ type: 'error', offset: this.offset, message, source });
            this.offset += source.length;
        }
        else if (type === 'scalar') {
            this.atNewLine = false;
            this.atScalar = true;
            this.type = 'scalar';
        }
        else {
            this.type = type;
            yield* this.step();
            switch (type) {
                case 'newline':
                    this.atNewLine = true;
                    this.indent = 0;
                    if (this.onNewLine)
                        this.onNewLine(this.offset + source.length);
                    break;
                case 'space':
                    if (this.atNewLine && source[0] === ' ')
                        this.indent += source.length;
                    break;
                case 'explicit-key-ind':
                case 'map-value-ind':
                case 'seq-item-ind':
                    if (this.atNewLine)
                        this.indent += source.length;
                    break;
                case 'doc-mode':
                case 'flow-error-end':
                    return;
                default:
                    this.atNewLine = false;
            }
            this.offset += source.length;
        }
    }
    /** Call at end of input to push out any remaining constructions */
    *end() {
        while (this.stack.length > 0)
            yield* this.pop();
    }
    get sourceToken() {
        const st = {
            type: this.type,
            offset: this.offset,
            indent: this.indent,
            source: this.source
        };
        return st;
    }
    *step() {
        const top = this.peek(1);
        if (this.type === 'doc-end' && top?.type !== 'doc-end') {
            while (this.stack.length > 0)
                yield* this.pop();
            this.stack.push({
                type: 'doc-end',
                offset: this.offset,
                source: this.source
            });
            return;
        }
        if (!top)
            return yield* this.stream();
        switch (top.type) {
            case 'document':
                return yield* this.document(top);
            case 'alias':
            case 'scalar':
            case 'single-quoted-scalar':
            case 'double-quoted-scalar':
                return yield* this.scalar(top);
            case 'block-scalar':
                return yield* this.blockScalar(top);
            case 'block-map':
                return yield* this.blockMap(top);
            case 'block-seq':
                return yield* this.blockSequence(top);
            case 'flow-collection':
                return yield* this.flowCollection(top);
            case 'doc-end':
                return yield* this.documentEnd(top);
        }
        /* istanbul ignore next should not happen */
        yield* this.pop();
    }
    peek(n) {
        return this.stack[this.stack.length - n];
    }
    *pop(error) {
        const token = error ?? this.stack.pop();
        /* istanbul ignore if should not happen */
        if (!token) {
            const message = 'Tried to pop an empty stack';
            yield { type: 'error', offset: this.offset, source: '', message };
        }
        else if (this.stack.length === 0) {
            yield token;
        }
        else {
            const top = this.peek(1);
            if (token.type === 'block-scalar') {
                // Block scalars use their parent rather than header indent
                token.indent = 'indent' in top ? top.indent : 0;
            }
            else if (token.type === 'flow-collection' && top.type === 'document') {
                // Ignore all indent for top-level flow collections
                token.indent = 0;
            }
            if (token.type === 'flow-collection')
                fixFlowSeqItems(token);
            switch (top.type) {
                case 'document':
                    top.value = token;
                    break;
                case 'block-scalar':
                    top.props.push(token); // error
                    break;
                case 'block-map': {
                    const it = top.items[top.items.length - 1];
                    if (it.value) {
                        top.items.push({ start: [], key: token, sep: [] });
                        this.onKeyLine = true;
                        return;
                    }
                    else if (it.sep) {
                        it.value = token;
                    }
                    else {
                        Object.assign(it, { key: token, sep: [] });
                        this.onKeyLine = !it.explicitKey;
                        return;
                    }
                    break;
                }
                case 'block-seq': {
                    const it = top.items[top.items.length - 1];
                    if (it.value)
                        top.items.push({ start: [], value: token });
                    else
                        it.value = token;
                    break;
                }
                case 'flow-collection': {
                    const it = top.items[top.items.length - 1];
                    if (!it || it.value)
                        top.items.push({ start: [], key: token, sep: [] });
                    else if (it.sep)
                        it.value = token;
                    else
                        Object.assign(it, { key: token, sep: [] });
                    return;
                }
                /* istanbul ignore next should not happen */
                default:
                    yield* this.pop();
                    yield* this.pop(token);
            }
            if ((top.type === 'document' ||
                top.type === 'block-map' ||
                top.type === 'block-seq') &&
                (token.type === 'block-map' || token.type === 'block-seq')) {
                const last = token.items[token.items.length - 1];
                if (last &&
                    !last.sep &&
                    !last.value &&
                    last.start.length > 0 &&
                    findNonEmptyIndex(last.start) === -1 &&
                    (token.indent === 0 ||
                        last.start.every(st => st.type !== 'comment' || st.indent < token.indent))) {
                    if (top.type === 'document')
                        top.end = last.start;
                    else
                        top.items.push({ start: last.start });
                    token.items.splice(-1, 1);
                }
            }
        }
    }
    *stream() {
        switch (this.type) {
            case 'directive-line':
                yield { type: 'directive', offset: this.offset, source: this.source };
                return;
            case 'byte-order-mark':
            case 'space':
            case 'comment':
            case 'newline':
                yield this.sourceToken;
                return;
            case 'doc-mode':
            case 'doc-start': {
                const doc = {
                    type: 'document',
                    offset: this.offset,
                    start: []
                };
                if (this.type === 'doc-start')
                    doc.start.push(this.sourceToken);
                this.stack.push(doc);
                return;
            }
        }
        yield {
            type: 'error',
            offset: this.offset,
            message: `Unexpected ${this.type} token in YAML stream`,
            source: this.source
        };
    }
    *document(doc) {
        if (doc.value)
            return yield* this.lineEnd(doc);
        switch (this.type) {
            case 'doc-start': {
                if (findNonEmptyIndex(doc.start) !== -1) {
                    yield* this.pop();
                    yield* this.step();
                }
                else
                    doc.start.push(this.sourceToken);
                return;
            }
            case 'anchor':
            case 'tag':
            case 'space':
            case 'comment':
            case 'newline':
                doc.start.push(this.sourceToken);
                return;
        }
        const bv = this.startBlockValue(doc);
        if (bv)
            this.stack.push(bv);
        else {
            yield {
                type: 'error',
                offset: this.offset,
                message: `Unexpected ${this.type} token in YAML document`,
                source: this.source
            };
        }
    }
    *scalar(scalar) {
        if (this.type === 'map-value-ind') {
            const prev = getPrevProps(this.peek(2));
            const start = getFirstKeyStartProps(prev);
            let sep;
            if (scalar.end) {
                sep = scalar.end;
                sep.push(this.sourceToken);
                delete scalar.end;
            }
            else
                sep = [this.sourceToken];
            const map = {
                type: 'block-map',
                offset: scalar.offset,
                indent: scalar.indent,
                items: [{ start, key: scalar, sep }]
            };
            this.onKeyLine = true;
            this.stack[this.stack.length - 1] = map;
        }
        else
            yield* this.lineEnd(scalar);
    }
    *blockScalar(scalar) {
        switch (this.type) {
            case 'space':
            case 'comment':
            case 'newline':
                scalar.props.push(this.sourceToken);
                return;
            case 'scalar':
                scalar.source = this.source;
                // block-scalar source includes trailing newline
                this.atNewLine = true;
                this.indent = 0;
                if (this.onNewLine) {
                    let nl = this.source.indexOf('\n') + 1;
                    while (nl !== 0) {
                        this.onNewLine(this.offset + nl);
                        nl = this.source.indexOf('\n', nl) + 1;
                    }
                }
                yield* this.pop();
                break;
            /* istanbul ignore next should not happen */
            default:
                yield* this.pop();
                yield* this.step();
        }
    }
    *blockMap(map) {
        const it = map.items[map.items.length - 1];
        // it.sep is true-ish if pair already has key or : separator
        switch (this.type) {
            case 'newline':
                this.onKeyLine = false;
                if (it.value) {
                    const end = 'end' in it.value ? it.value.end : undefined;
                    const last = Array.isArray(end) ? end[end.length - 1] : undefined;
                    if (last?.type === 'comment')
                        end?.push(this.sourceToken);
                    else
                        map.items.push({ start: [this.sourceToken] });
                }
                else if (it.sep) {
                    it.sep.push(this.sourceToken);
                }
                else {
                    it.start.push(this.sourceToken);
                }
                return;
            case 'space':
            case 'comment':
                if (it.value) {
                    map.items.push({ start: [this.sourceToken] });
                }
                else if (it.sep) {
                    it.sep.push(this.sourceToken);
                }
                else {
                    if (this.atIndentedComment(it.start, map.indent)) {
                        const prev = map.items[map.items.length - 2];
                        const end = prev?.value?.end;
                        if (Array.isArray(end)) {
                            arrayPushArray(end, it.start);
                            end.push(this.sourceToken);
                            map.items.pop();
                            return;
                        }
                    }
                    it.start.push(this.sourceToken);
                }
                return;
        }
        if (this.indent >= map.indent) {
            const atMapIndent = !this.onKeyLine && this.indent === map.indent;
            const atNextItem = atMapIndent &&
                (it.sep || it.explicitKey) &&
                this.type !== 'seq-item-ind';
            // For empty nodes, assign newline-separated not indented empty tokens to following node
            let start = [];
            if (atNextItem && it.sep && !it.value) {
                const nl = [];
                for (let i = 0; i < it.sep.length; ++i) {
                    const st = it.sep[i];
                    switch (st.type) {
                        case 'newline':
                            nl.push(i);
                            break;
                        case 'space':
                            break;
                        case 'comment':
                            if (st.indent > map.indent)
                                nl.length = 0;
                            break;
                        default:
                            nl.length = 0;
                    }
                }
                if (nl.length >= 2)
                    start = it.sep.splice(nl[1]);
            }
            switch (this.type) {
                case 'anchor':
                case 'tag':
                    if (atNextItem || it.value) {
                        start.push(this.sourceToken);
                        map.items.push({ start });
                        this.onKeyLine = true;
                    }
                    else if (it.sep) {
                        it.sep.push(this.sourceToken);
                    }
                    else {
                        it.start.push(this.sourceToken);
                    }
                    return;
                case 'explicit-key-ind':
                    if (!it.sep && !it.explicitKey) {
                        it.start.push(this.sourceToken);
                        it.explicitKey = true;
                    }
                    else if (atNextItem || it.value) {
                        start.push(this.sourceToken);
                        map.items.push({ start, explicitKey: true });
                    }
                    else {
                        this.stack.push({
                            type: 'block-map',
                            offset: this.offset,
                            indent: this.indent,
                            items: [{ start: [this.sourceToken], explicitKey: true }]
                        });
                    }
                    this.onKeyLine = true;
                    return;
                case 'map-value-ind':
                    if (it.explicitKey) {
                        if (!it.sep) {
                            if (includesToken(it.start, 'newline')) {
                                Object.assign(it, { key: null, sep: [this.sourceToken] });
                            }
                            else {
                                const start = getFirstKeyStartProps(it.start);
                                this.stack.push({
                                    type: 'block-map',
                                    offset: this.offset,
                                    indent: this.indent,
                                    items: [{ start, key: null, sep: [this.sourceToken] }]
                                });
                            }
                        }
                        else if (it.value) {
                            map.items.push({ start: [], key: null, sep: [this.sourceToken] });
                        }
                        else if (includesToken(it.sep, 'map-value-ind')) {
                            this.stack.push({
                                type: 'block-map',
                                offset: this.offset,
                                indent: this.indent,
                                items: [{ start, key: null, sep: [this.sourceToken] }]
                            });
                        }
                        else if (isFlowToken(it.key) &&
                            !includesToken(it.sep, 'newline')) {
                            const start = getFirstKeyStartProps(it.start);
                            const key = it.key;
                            const sep = it.sep;
                            sep.push(this.sourceToken);
                            // @ts-expect-error type guard is wrong here
                            delete it.key;
                            // @ts-expect-error type guard is wrong here
                            delete it.sep;
                            this.stack.push({
                                type: 'block-map',
                                offset: this.offset,
                                indent: this.indent,
                                items: [{ start, key, sep }]
                            });
                        }
                        else if (start.length > 0) {
                            // Not actually at next item
                            it.sep = it.sep.concat(start, this.sourceToken);
                        }
                        else {
                            it.sep.push(this.sourceToken);
                        }
                    }
                    else {
                        if (!it.sep) {
                            Object.assign(it, { key: null, sep: [this.sourceToken] });
                        }
                        else if (it.value || atNextItem) {
                            map.items.push({ start, key: null, sep: [this.sourceToken] });
                        }
                        else if (includesToken(it.sep, 'map-value-ind')) {
                            this.stack.push({
                                type: 'block-map',
                                offset: this.offset,
                                indent: this.indent,
                                items: [{ start: [], key: null, sep: [this.sourceToken] }]
                            });
                        }
                        else {
                            it.sep.push(this.sourceToken);
                        }
                    }
                    this.onKeyLine = true;
                    return;
                case 'alias':
                case 'scalar':
                case 'single-quoted-scalar':
                case 'double-quoted-scalar': {
                    const fs = this.flowScalar(this.type);
                    if (atNextItem || it.value) {
                        map.items.push({ start, key: fs, sep: [] });
                        this.onKeyLine = true;
                    }
                    else if (it.sep) {
                        this.stack.push(fs);
                    }
                    else {
                        Object.assign(it, { key: fs, sep: [] });
                        this.onKeyLine = true;
                    }
                    return;
                }
                default: {
                    const bv = this.startBlockValue(map);
                    if (bv) {
                        if (bv.type === 'block-seq') {
                            if (!it.explicitKey &&
                                it.sep &&
                                !includesToken(it.sep, 'newline')) {
                                yield* this.pop({
                                    type: 'error',
                                    offset: this.offset,
                                    message: 'Unexpected block-seq-ind on same line with key',
                                    source: this.source
                                });
                                return;
                            }
                        }
                        else if (atMapIndent) {
                            map.items.push({ start });
                        }
                        this.stack.push(bv);
                        return;
                    }
                }
            }
        }
        yield* this.pop();
        yield* this.step();
    }
    *blockSequence(seq) {
        const it = seq.items[seq.items.length - 1];
        switch (this.type) {
            case 'newline':
                if (it.value) {
                    const end = 'end' in it.value ? it.value.end : undefined;
                    const last = Array.isArray(end) ? end[end.length - 1] : undefined;
                    if (last?.type === 'comment')
                        end?.push(this.sourceToken);
                    else
                        seq.items.push({ start: [this.sourceToken] });
                }
                else
                    it.start.push(this.sourceToken);
                return;
            case 'space':
            case 'comment':
                if (it.value)
                    seq.items.push({ start: [this.sourceToken] });
                else {
                    if (this.atIndentedComment(it.start, seq.indent)) {
                        const prev = seq.items[seq.items.length - 2];
                        const end = prev?.value?.end;
                        if (Array.isArray(end)) {
                            arrayPushArray(end, it.start);
                            end.push(this.sourceToken);
                            seq.items.pop();
                            return;
                        }
                    }
                    it.start.push(this.sourceToken);
                }
                return;
            case 'anchor':
            case 'tag':
                if (it.value || this.indent <= seq.indent)
                    break;
                it.start.push(this.sourceToken);
                return;
            case 'seq-item-ind':
                if (this.indent !== seq.indent)
                    break;
                if (it.value || includesToken(it.start, 'seq-item-ind'))
                    seq.items.push({ start: [this.sourceToken] });
                else
                    it.start.push(this.sourceToken);
                return;
        }
        if (this.indent > seq.indent) {
            const bv = this.startBlockValue(seq);
            if (bv) {
                this.stack.push(bv);
                return;
            }
        }
        yield* this.pop();
        yield* this.step();
    }
    *flowCollection(fc) {
        const it = fc.items[fc.items.length - 1];
        if (this.type === 'flow-error-end') {
            let top;
            do {
                yield* this.pop();
                top = this.peek(1);
            } while (top?.type === 'flow-collection');
        }
        else if (fc.end.length === 0) {
            switch (this.type) {
                case 'comma':
                case 'explicit-key-ind':
                    if (!it || it.sep)
                        fc.items.push({ start: [this.sourceToken] });
                    else
                        it.start.push(this.sourceToken);
                    return;
                case 'map-value-ind':
                    if (!it || it.value)
                        fc.items.push({ start: [], key: null, sep: [this.sourceToken] });
                    else if (it.sep)
                        it.sep.push(this.sourceToken);
                    else
                        Object.assign(it, { key: null, sep: [this.sourceToken] });
                    return;
                case 'space':
                case 'comment':
                case 'newline':
                case 'anchor':
                case 'tag':
                    if (!it || it.value)
                        fc.items.push({ start: [this.sourceToken] });
                    else if (it.sep)
                        it.sep.push(this.sourceToken);
                    else
                        it.start.push(this.sourceToken);
                    return;
                case 'alias':
                case 'scalar':
                case 'single-quoted-scalar':
                case 'double-quoted-scalar': {
                    const fs = this.flowScalar(this.type);
                    if (!it || it.value)
                        fc.items.push({ start: [], key: fs, sep: [] });
                    else if (it.sep)
                        this.stack.push(fs);
                    else
                        Object.assign(it, { key: fs, sep: [] });
                    return;
                }
                case 'flow-map-end':
                case 'flow-seq-end':
                    fc.end.push(this.sourceToken);
                    return;
            }
            const bv = this.startBlockValue(fc);
            /* istanbul ignore else should not happen */
            if (bv)
                this.stack.push(bv);
            else {
                yield* this.pop();
                yield* this.step();
            }
        }
        else {
            const parent = this.peek(2);
            if (parent.type === 'block-map' &&
                ((this.type === 'map-value-ind' && parent.indent === fc.indent) ||
                    (this.type === 'newline' &&
                        !parent.items[parent.items.length - 1].sep))) {
                yield* this.pop();
                yield* this.step();
            }
            else if (this.type === 'map-value-ind' &&
                parent.type !== 'flow-collection') {
                const prev = getPrevProps(parent);
                const start = getFirstKeyStartProps(prev);
                fixFlowSeqItems(fc);
                const sep = fc.end.splice(1, fc.end.length);
                sep.push(this.sourceToken);
                const map = {
                    type: 'block-map',
                    offset: fc.offset,
                    indent: fc.indent,
                    items: [{ start, key: fc, sep }]
                };
                this.onKeyLine = true;
                this.stack[this.stack.length - 1] = map;
            }
            else {
                yield* this.lineEnd(fc);
            }
        }
    }
    flowScalar(type) {
        if (this.onNewLine) {
            let nl = this.source.indexOf('\n') + 1;
            while (nl !== 0) {
                this.onNewLine(this.offset + nl);
                nl = this.source.indexOf('\n', nl) + 1;
            }
        }
        return {
            type,
            offset: this.offset,
            indent: this.indent,
            source: this.source
        };
    }
    startBlockValue(parent) {
        switch (this.type) {
            case 'alias':
            case 'scalar':
            case 'single-quoted-scalar':
            case 'double-quoted-scalar':
                return this.flowScalar(this.type);
            case 'block-scalar-header':
                return {
                    type: 'block-scalar',
                    offset: this.offset,
                    indent: this.indent,
                    props: [this.sourceToken],
                    source: ''
                };
            case 'flow-map-start':
            case 'flow-seq-start':
                return {
                    type: 'flow-collection',
                    offset: this.offset,
                    indent: this.indent,
                    start: this.sourceToken,
                    items: [],
                    end: []
                };
            case 'seq-item-ind':
                return {
                    type: 'block-seq',
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: [this.sourceToken] }]
                };
            case 'explicit-key-ind': {
                this.onKeyLine = true;
                const prev = getPrevProps(parent);
                const start = getFirstKeyStartProps(prev);
                start.push(this.sourceToken);
                return {
                    type: 'block-map',
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start, explicitKey: true }]
                };
            }
            case 'map-value-ind': {
                this.onKeyLine = true;
                const prev = getPrevProps(parent);
                const start = getFirstKeyStartProps(prev);
                return {
                    type: 'block-map',
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start, key: null, sep: [this.sourceToken] }]
                };
            }
        }
        return null;
    }
    atIndentedComment(start, indent) {
        if (this.type !== 'comment')
            return false;
        if (this.indent <= indent)
            return false;
        return start.every(st => st.type === 'newline' || st.type === 'space');
    }
    *documentEnd(docEnd) {
        if (this.type !== 'doc-mode') {
            if (docEnd.end)
                docEnd.end.push(this.sourceToken);
            else
                docEnd.end = [this.sourceToken];
            if (this.type === 'newline')
                yield* this.pop();
        }
    }
    *lineEnd(token) {
        switch (this.type) {
            case 'comma':
            case 'doc-start':
            case 'doc-end':
            case 'flow-seq-end':
            case 'flow-map-end':
            case 'map-value-ind':
                yield* this.pop();
                yield* this.step();
                break;
            case 'newline':
                this.onKeyLine = false;
            // fallthrough
            case 'space':
            case 'comment':
            default:
                // all other values are errors
                if (token.end)
                    token.end.push(this.sourceToken);
                else
                    token.end = [this.sourceToken];
                if (this.type === 'newline')
                    yield* this.pop();
        }
    }
}

exports.Parser = Parser;


/***/ }),

/***/ 4047:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var composer = __nccwpck_require__(9984);
var Document = __nccwpck_require__(3021);
var errors = __nccwpck_require__(1464);
var log = __nccwpck_require__(7249);
var identity = __nccwpck_require__(1127);
var lineCounter = __nccwpck_require__(6628);
var parser = __nccwpck_require__(3456);

function parseOptions(options) {
    const prettyErrors = options.prettyErrors !== false;
    const lineCounter$1 = options.lineCounter || (prettyErrors && new lineCounter.LineCounter()) || null;
    return { lineCounter: lineCounter$1, prettyErrors };
}
/**
 * Parse the input as a stream of YAML documents.
 *
 * Documents should be separated from each other by `...` or `---` marker lines.
 *
 * @returns If an empty `docs` array is returned, it will be of type
 *   EmptyStream and contain additional stream information. In
 *   TypeScript, you should use `'empty' in docs` as a type guard for it.
 */
function parseAllDocuments(source, options = {}) {
    const { lineCounter, prettyErrors } = parseOptions(options);
    const parser$1 = new parser.Parser(lineCounter?.addNewLine);
    const composer$1 = new composer.Composer(options);
    const docs = Array.from(composer$1.compose(parser$1.parse(source)));
    if (prettyErrors && lineCounter)
        for (const doc of docs) {
            doc.errors.forEach(errors.prettifyError(source, lineCounter));
            doc.warnings.forEach(errors.prettifyError(source, lineCounter));
        }
    if (docs.length > 0)
        return docs;
    return Object.assign([], { empty: true }, composer$1.streamInfo());
}
/** Parse an input string into a single YAML.Document */
function parseDocument(source, options = {}) {
    const { lineCounter, prettyErrors } = parseOptions(options);
    const parser$1 = new parser.Parser(lineCounter?.addNewLine);
    const composer$1 = new composer.Composer(options);
    // `doc` is always set by compose.end(true) at the very latest
    let doc = null;
    for (const _doc of composer$1.compose(parser$1.parse(source), true, source.length)) {
        if (!doc)
            doc = _doc;
        else if (doc.options.logLevel !== 'silent') {
            doc.errors.push(new errors.YAMLParseError(_doc.range.slice(0, 2), 'MULTIPLE_DOCS', 'Source contains multiple documents; please use YAML.parseAllDocuments()'));
            break;
        }
    }
    if (prettyErrors && lineCounter) {
        doc.errors.forEach(errors.prettifyError(source, lineCounter));
        doc.warnings.forEach(errors.prettifyError(source, lineCounter));
    }
    return doc;
}
function parse(src, reviver, options) {
    let _reviver = undefined;
    if (typeof reviver === 'function') {
        _reviver = reviver;
    }
    else if (options === undefined && reviver && typeof reviver === 'object') {
        options = reviver;
    }
    const doc = parseDocument(src, options);
    if (!doc)
        return null;
    doc.warnings.forEach(warning => log.warn(doc.options.logLevel, warning));
    if (doc.errors.length > 0) {
        if (doc.options.logLevel !== 'silent')
            throw doc.errors[0];
        else
            doc.errors = [];
    }
    return doc.toJS(Object.assign({ reviver: _reviver }, options));
}
function stringify(value, replacer, options) {
    let _replacer = null;
    if (typeof replacer === 'function' || Array.isArray(replacer)) {
        _replacer = replacer;
    }
    else if (options === undefined && replacer) {
        options = replacer;
    }
    if (typeof options === 'string')
        options = options.length;
    if (typeof options === 'number') {
        const indent = Math.round(options);
        options = indent < 1 ? undefined : indent > 8 ? { indent: 8 } : { indent };
    }
    if (value === undefined) {
        const { keepUndefined } = options ?? replacer ?? {};
        if (!keepUndefined)
            return undefined;
    }
    if (identity.isDocument(value) && !_replacer)
        return value.toString(options);
    return new Document.Document(value, _replacer, options).toString(options);
}

exports.parse = parse;
exports.parseAllDocuments = parseAllDocuments;
exports.parseDocument = parseDocument;
exports.stringify = stringify;


/***/ }),

/***/ 5840:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var map = __nccwpck_require__(7451);
var seq = __nccwpck_require__(1706);
var string = __nccwpck_require__(6464);
var tags = __nccwpck_require__(18);

const sortMapEntriesByKey = (a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
class Schema {
    constructor({ compat, customTags, merge, resolveKnownTags, schema, sortMapEntries, toStringDefaults }) {
        this.compat = Array.isArray(compat)
            ? tags.getTags(compat, 'compat')
            : compat
                ? tags.getTags(null, compat)
                : null;
        this.name = (typeof schema === 'string' && schema) || 'core';
        this.knownTags = resolveKnownTags ? tags.coreKnownTags : {};
        this.tags = tags.getTags(customTags, this.name, merge);
        this.toStringOptions = toStringDefaults ?? null;
        Object.defineProperty(this, identity.MAP, { value: map.map });
        Object.defineProperty(this, identity.SCALAR, { value: string.string });
        Object.defineProperty(this, identity.SEQ, { value: seq.seq });
        // Used by createMap()
        this.sortMapEntries =
            typeof sortMapEntries === 'function'
                ? sortMapEntries
                : sortMapEntries === true
                    ? sortMapEntriesByKey
                    : null;
    }
    clone() {
        const copy = Object.create(Schema.prototype, Object.getOwnPropertyDescriptors(this));
        copy.tags = this.tags.slice();
        return copy;
    }
}

exports.Schema = Schema;


/***/ }),

/***/ 7451:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var YAMLMap = __nccwpck_require__(4454);

const map = {
    collection: 'map',
    default: true,
    nodeClass: YAMLMap.YAMLMap,
    tag: 'tag:yaml.org,2002:map',
    resolve(map, onError) {
        if (!identity.isMap(map))
            onError('Expected a mapping for this tag');
        return map;
    },
    createNode: (schema, obj, ctx) => YAMLMap.YAMLMap.from(schema, obj, ctx)
};

exports.map = map;


/***/ }),

/***/ 3632:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Scalar = __nccwpck_require__(3301);

const nullTag = {
    identify: value => value == null,
    createNode: () => new Scalar.Scalar(null),
    default: true,
    tag: 'tag:yaml.org,2002:null',
    test: /^(?:~|[Nn]ull|NULL)?$/,
    resolve: () => new Scalar.Scalar(null),
    stringify: ({ source }, ctx) => typeof source === 'string' && nullTag.test.test(source)
        ? source
        : ctx.options.nullStr
};

exports.nullTag = nullTag;


/***/ }),

/***/ 1706:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var YAMLSeq = __nccwpck_require__(2223);

const seq = {
    collection: 'seq',
    default: true,
    nodeClass: YAMLSeq.YAMLSeq,
    tag: 'tag:yaml.org,2002:seq',
    resolve(seq, onError) {
        if (!identity.isSeq(seq))
            onError('Expected a sequence for this tag');
        return seq;
    },
    createNode: (schema, obj, ctx) => YAMLSeq.YAMLSeq.from(schema, obj, ctx)
};

exports.seq = seq;


/***/ }),

/***/ 6464:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var stringifyString = __nccwpck_require__(3069);

const string = {
    identify: value => typeof value === 'string',
    default: true,
    tag: 'tag:yaml.org,2002:str',
    resolve: str => str,
    stringify(item, ctx, onComment, onChompKeep) {
        ctx = Object.assign({ actualString: true }, ctx);
        return stringifyString.stringifyString(item, ctx, onComment, onChompKeep);
    }
};

exports.string = string;


/***/ }),

/***/ 3959:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Scalar = __nccwpck_require__(3301);

const boolTag = {
    identify: value => typeof value === 'boolean',
    default: true,
    tag: 'tag:yaml.org,2002:bool',
    test: /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
    resolve: str => new Scalar.Scalar(str[0] === 't' || str[0] === 'T'),
    stringify({ source, value }, ctx) {
        if (source && boolTag.test.test(source)) {
            const sv = source[0] === 't' || source[0] === 'T';
            if (value === sv)
                return source;
        }
        return value ? ctx.options.trueStr : ctx.options.falseStr;
    }
};

exports.boolTag = boolTag;


/***/ }),

/***/ 8405:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Scalar = __nccwpck_require__(3301);
var stringifyNumber = __nccwpck_require__(8689);

const floatNaN = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
    resolve: str => str.slice(-3).toLowerCase() === 'nan'
        ? NaN
        : str[0] === '-'
            ? Number.NEGATIVE_INFINITY
            : Number.POSITIVE_INFINITY,
    stringify: stringifyNumber.stringifyNumber
};
const floatExp = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    format: 'EXP',
    test: /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
    resolve: str => parseFloat(str),
    stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
    }
};
const float = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    test: /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
    resolve(str) {
        const node = new Scalar.Scalar(parseFloat(str));
        const dot = str.indexOf('.');
        if (dot !== -1 && str[str.length - 1] === '0')
            node.minFractionDigits = str.length - dot - 1;
        return node;
    },
    stringify: stringifyNumber.stringifyNumber
};

exports.float = float;
exports.floatExp = floatExp;
exports.floatNaN = floatNaN;


/***/ }),

/***/ 9874:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var stringifyNumber = __nccwpck_require__(8689);

const intIdentify = (value) => typeof value === 'bigint' || Number.isInteger(value);
const intResolve = (str, offset, radix, { intAsBigInt }) => (intAsBigInt ? BigInt(str) : parseInt(str.substring(offset), radix));
function intStringify(node, radix, prefix) {
    const { value } = node;
    if (intIdentify(value) && value >= 0)
        return prefix + value.toString(radix);
    return stringifyNumber.stringifyNumber(node);
}
const intOct = {
    identify: value => intIdentify(value) && value >= 0,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    format: 'OCT',
    test: /^0o[0-7]+$/,
    resolve: (str, _onError, opt) => intResolve(str, 2, 8, opt),
    stringify: node => intStringify(node, 8, '0o')
};
const int = {
    identify: intIdentify,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    test: /^[-+]?[0-9]+$/,
    resolve: (str, _onError, opt) => intResolve(str, 0, 10, opt),
    stringify: stringifyNumber.stringifyNumber
};
const intHex = {
    identify: value => intIdentify(value) && value >= 0,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    format: 'HEX',
    test: /^0x[0-9a-fA-F]+$/,
    resolve: (str, _onError, opt) => intResolve(str, 2, 16, opt),
    stringify: node => intStringify(node, 16, '0x')
};

exports.int = int;
exports.intHex = intHex;
exports.intOct = intOct;


/***/ }),

/***/ 896:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var map = __nccwpck_require__(7451);
var _null = __nccwpck_require__(3632);
var seq = __nccwpck_require__(1706);
var string = __nccwpck_require__(6464);
var bool = __nccwpck_require__(3959);
var float = __nccwpck_require__(8405);
var int = __nccwpck_require__(9874);

const schema = [
    map.map,
    seq.seq,
    string.string,
    _null.nullTag,
    bool.boolTag,
    int.intOct,
    int.int,
    int.intHex,
    float.floatNaN,
    float.floatExp,
    float.float
];

exports.schema = schema;


/***/ }),

/***/ 3559:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Scalar = __nccwpck_require__(3301);
var map = __nccwpck_require__(7451);
var seq = __nccwpck_require__(1706);

function intIdentify(value) {
    return typeof value === 'bigint' || Number.isInteger(value);
}
const stringifyJSON = ({ value }) => JSON.stringify(value);
const jsonScalars = [
    {
        identify: value => typeof value === 'string',
        default: true,
        tag: 'tag:yaml.org,2002:str',
        resolve: str => str,
        stringify: stringifyJSON
    },
    {
        identify: value => value == null,
        createNode: () => new Scalar.Scalar(null),
        default: true,
        tag: 'tag:yaml.org,2002:null',
        test: /^null$/,
        resolve: () => null,
        stringify: stringifyJSON
    },
    {
        identify: value => typeof value === 'boolean',
        default: true,
        tag: 'tag:yaml.org,2002:bool',
        test: /^true$|^false$/,
        resolve: str => str === 'true',
        stringify: stringifyJSON
    },
    {
        identify: intIdentify,
        default: true,
        tag: 'tag:yaml.org,2002:int',
        test: /^-?(?:0|[1-9][0-9]*)$/,
        resolve: (str, _onError, { intAsBigInt }) => intAsBigInt ? BigInt(str) : parseInt(str, 10),
        stringify: ({ value }) => intIdentify(value) ? value.toString() : JSON.stringify(value)
    },
    {
        identify: value => typeof value === 'number',
        default: true,
        tag: 'tag:yaml.org,2002:float',
        test: /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$/,
        resolve: str => parseFloat(str),
        stringify: stringifyJSON
    }
];
const jsonError = {
    default: true,
    tag: '',
    test: /^/,
    resolve(str, onError) {
        onError(`Unresolved plain scalar ${JSON.stringify(str)}`);
        return str;
    }
};
const schema = [map.map, seq.seq].concat(jsonScalars, jsonError);

exports.schema = schema;


/***/ }),

/***/ 18:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var map = __nccwpck_require__(7451);
var _null = __nccwpck_require__(3632);
var seq = __nccwpck_require__(1706);
var string = __nccwpck_require__(6464);
var bool = __nccwpck_require__(3959);
var float = __nccwpck_require__(8405);
var int = __nccwpck_require__(9874);
var schema = __nccwpck_require__(896);
var schema$1 = __nccwpck_require__(3559);
var binary = __nccwpck_require__(6083);
var merge = __nccwpck_require__(452);
var omap = __nccwpck_require__(303);
var pairs = __nccwpck_require__(8385);
var schema$2 = __nccwpck_require__(5913);
var set = __nccwpck_require__(1528);
var timestamp = __nccwpck_require__(6752);

const schemas = new Map([
    ['core', schema.schema],
    ['failsafe', [map.map, seq.seq, string.string]],
    ['json', schema$1.schema],
    ['yaml11', schema$2.schema],
    ['yaml-1.1', schema$2.schema]
]);
const tagsByName = {
    binary: binary.binary,
    bool: bool.boolTag,
    float: float.float,
    floatExp: float.floatExp,
    floatNaN: float.floatNaN,
    floatTime: timestamp.floatTime,
    int: int.int,
    intHex: int.intHex,
    intOct: int.intOct,
    intTime: timestamp.intTime,
    map: map.map,
    merge: merge.merge,
    null: _null.nullTag,
    omap: omap.omap,
    pairs: pairs.pairs,
    seq: seq.seq,
    set: set.set,
    timestamp: timestamp.timestamp
};
const coreKnownTags = {
    'tag:yaml.org,2002:binary': binary.binary,
    'tag:yaml.org,2002:merge': merge.merge,
    'tag:yaml.org,2002:omap': omap.omap,
    'tag:yaml.org,2002:pairs': pairs.pairs,
    'tag:yaml.org,2002:set': set.set,
    'tag:yaml.org,2002:timestamp': timestamp.timestamp
};
function getTags(customTags, schemaName, addMergeTag) {
    const schemaTags = schemas.get(schemaName);
    if (schemaTags && !customTags) {
        return addMergeTag && !schemaTags.includes(merge.merge)
            ? schemaTags.concat(merge.merge)
            : schemaTags.slice();
    }
    let tags = schemaTags;
    if (!tags) {
        if (Array.isArray(customTags))
            tags = [];
        else {
            const keys = Array.from(schemas.keys())
                .filter(key => key !== 'yaml11')
                .map(key => JSON.stringify(key))
                .join(', ');
            throw new Error(`Unknown schema "${schemaName}"; use one of ${keys} or define customTags array`);
        }
    }
    if (Array.isArray(customTags)) {
        for (const tag of customTags)
            tags = tags.concat(tag);
    }
    else if (typeof customTags === 'function') {
        tags = customTags(tags.slice());
    }
    if (addMergeTag)
        tags = tags.concat(merge.merge);
    return tags.reduce((tags, tag) => {
        const tagObj = typeof tag === 'string' ? tagsByName[tag] : tag;
        if (!tagObj) {
            const tagName = JSON.stringify(tag);
            const keys = Object.keys(tagsByName)
                .map(key => JSON.stringify(key))
                .join(', ');
            throw new Error(`Unknown custom tag ${tagName}; use one of ${keys}`);
        }
        if (!tags.includes(tagObj))
            tags.push(tagObj);
        return tags;
    }, []);
}

exports.coreKnownTags = coreKnownTags;
exports.getTags = getTags;


/***/ }),

/***/ 6083:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var node_buffer = __nccwpck_require__(181);
var Scalar = __nccwpck_require__(3301);
var stringifyString = __nccwpck_require__(3069);

const binary = {
    identify: value => value instanceof Uint8Array, // Buffer inherits from Uint8Array
    default: false,
    tag: 'tag:yaml.org,2002:binary',
    /**
     * Returns a Buffer in node and an Uint8Array in browsers
     *
     * To use the resulting buffer as an image, you'll want to do something like:
     *
     *   const blob = new Blob([buffer], { type: 'image/jpeg' })
     *   document.querySelector('#photo').src = URL.createObjectURL(blob)
     */
    resolve(src, onError) {
        if (typeof node_buffer.Buffer === 'function') {
            return node_buffer.Buffer.from(src, 'base64');
        }
        else if (typeof atob === 'function') {
            // On IE 11, atob() can't handle newlines
            const str = atob(src.replace(/[\n\r]/g, ''));
            const buffer = new Uint8Array(str.length);
            for (let i = 0; i < str.length; ++i)
                buffer[i] = str.charCodeAt(i);
            return buffer;
        }
        else {
            onError('This environment does not support reading binary tags; either Buffer or atob is required');
            return src;
        }
    },
    stringify({ comment, type, value }, ctx, onComment, onChompKeep) {
        if (!value)
            return '';
        const buf = value; // checked earlier by binary.identify()
        let str;
        if (typeof node_buffer.Buffer === 'function') {
            str =
                buf instanceof node_buffer.Buffer
                    ? buf.toString('base64')
                    : node_buffer.Buffer.from(buf.buffer).toString('base64');
        }
        else if (typeof btoa === 'function') {
            let s = '';
            for (let i = 0; i < buf.length; ++i)
                s += String.fromCharCode(buf[i]);
            str = btoa(s);
        }
        else {
            throw new Error('This environment does not support writing binary tags; either Buffer or btoa is required');
        }
        type ?? (type = Scalar.Scalar.BLOCK_LITERAL);
        if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
            const lineWidth = Math.max(ctx.options.lineWidth - ctx.indent.length, ctx.options.minContentWidth);
            const n = Math.ceil(str.length / lineWidth);
            const lines = new Array(n);
            for (let i = 0, o = 0; i < n; ++i, o += lineWidth) {
                lines[i] = str.substr(o, lineWidth);
            }
            str = lines.join(type === Scalar.Scalar.BLOCK_LITERAL ? '\n' : ' ');
        }
        return stringifyString.stringifyString({ comment, type, value: str }, ctx, onComment, onChompKeep);
    }
};

exports.binary = binary;


/***/ }),

/***/ 8398:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Scalar = __nccwpck_require__(3301);

function boolStringify({ value, source }, ctx) {
    const boolObj = value ? trueTag : falseTag;
    if (source && boolObj.test.test(source))
        return source;
    return value ? ctx.options.trueStr : ctx.options.falseStr;
}
const trueTag = {
    identify: value => value === true,
    default: true,
    tag: 'tag:yaml.org,2002:bool',
    test: /^(?:Y|y|[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON)$/,
    resolve: () => new Scalar.Scalar(true),
    stringify: boolStringify
};
const falseTag = {
    identify: value => value === false,
    default: true,
    tag: 'tag:yaml.org,2002:bool',
    test: /^(?:N|n|[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF)$/,
    resolve: () => new Scalar.Scalar(false),
    stringify: boolStringify
};

exports.falseTag = falseTag;
exports.trueTag = trueTag;


/***/ }),

/***/ 5782:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Scalar = __nccwpck_require__(3301);
var stringifyNumber = __nccwpck_require__(8689);

const floatNaN = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
    resolve: (str) => str.slice(-3).toLowerCase() === 'nan'
        ? NaN
        : str[0] === '-'
            ? Number.NEGATIVE_INFINITY
            : Number.POSITIVE_INFINITY,
    stringify: stringifyNumber.stringifyNumber
};
const floatExp = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    format: 'EXP',
    test: /^[-+]?(?:[0-9][0-9_]*)?(?:\.[0-9_]*)?[eE][-+]?[0-9]+$/,
    resolve: (str) => parseFloat(str.replace(/_/g, '')),
    stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
    }
};
const float = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    test: /^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*$/,
    resolve(str) {
        const node = new Scalar.Scalar(parseFloat(str.replace(/_/g, '')));
        const dot = str.indexOf('.');
        if (dot !== -1) {
            const f = str.substring(dot + 1).replace(/_/g, '');
            if (f[f.length - 1] === '0')
                node.minFractionDigits = f.length;
        }
        return node;
    },
    stringify: stringifyNumber.stringifyNumber
};

exports.float = float;
exports.floatExp = floatExp;
exports.floatNaN = floatNaN;


/***/ }),

/***/ 873:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var stringifyNumber = __nccwpck_require__(8689);

const intIdentify = (value) => typeof value === 'bigint' || Number.isInteger(value);
function intResolve(str, offset, radix, { intAsBigInt }) {
    const sign = str[0];
    if (sign === '-' || sign === '+')
        offset += 1;
    str = str.substring(offset).replace(/_/g, '');
    if (intAsBigInt) {
        switch (radix) {
            case 2:
                str = `0b${str}`;
                break;
            case 8:
                str = `0o${str}`;
                break;
            case 16:
                str = `0x${str}`;
                break;
        }
        const n = BigInt(str);
        return sign === '-' ? BigInt(-1) * n : n;
    }
    const n = parseInt(str, radix);
    return sign === '-' ? -1 * n : n;
}
function intStringify(node, radix, prefix) {
    const { value } = node;
    if (intIdentify(value)) {
        const str = value.toString(radix);
        return value < 0 ? '-' + prefix + str.substr(1) : prefix + str;
    }
    return stringifyNumber.stringifyNumber(node);
}
const intBin = {
    identify: intIdentify,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    format: 'BIN',
    test: /^[-+]?0b[0-1_]+$/,
    resolve: (str, _onError, opt) => intResolve(str, 2, 2, opt),
    stringify: node => intStringify(node, 2, '0b')
};
const intOct = {
    identify: intIdentify,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    format: 'OCT',
    test: /^[-+]?0[0-7_]+$/,
    resolve: (str, _onError, opt) => intResolve(str, 1, 8, opt),
    stringify: node => intStringify(node, 8, '0')
};
const int = {
    identify: intIdentify,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    test: /^[-+]?[0-9][0-9_]*$/,
    resolve: (str, _onError, opt) => intResolve(str, 0, 10, opt),
    stringify: stringifyNumber.stringifyNumber
};
const intHex = {
    identify: intIdentify,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    format: 'HEX',
    test: /^[-+]?0x[0-9a-fA-F_]+$/,
    resolve: (str, _onError, opt) => intResolve(str, 2, 16, opt),
    stringify: node => intStringify(node, 16, '0x')
};

exports.int = int;
exports.intBin = intBin;
exports.intHex = intHex;
exports.intOct = intOct;


/***/ }),

/***/ 452:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var Scalar = __nccwpck_require__(3301);

// If the value associated with a merge key is a single mapping node, each of
// its key/value pairs is inserted into the current mapping, unless the key
// already exists in it. If the value associated with the merge key is a
// sequence, then this sequence is expected to contain mapping nodes and each
// of these nodes is merged in turn according to its order in the sequence.
// Keys in mapping nodes earlier in the sequence override keys specified in
// later mapping nodes. -- http://yaml.org/type/merge.html
const MERGE_KEY = '<<';
const merge = {
    identify: value => value === MERGE_KEY ||
        (typeof value === 'symbol' && value.description === MERGE_KEY),
    default: 'key',
    tag: 'tag:yaml.org,2002:merge',
    test: /^<<$/,
    resolve: () => Object.assign(new Scalar.Scalar(Symbol(MERGE_KEY)), {
        addToJSMap: addMergeToJSMap
    }),
    stringify: () => MERGE_KEY
};
const isMergeKey = (ctx, key) => (merge.identify(key) ||
    (identity.isScalar(key) &&
        (!key.type || key.type === Scalar.Scalar.PLAIN) &&
        merge.identify(key.value))) &&
    ctx?.doc.schema.tags.some(tag => tag.tag === merge.tag && tag.default);
function addMergeToJSMap(ctx, map, value) {
    const source = resolveAliasValue(ctx, value);
    if (identity.isSeq(source))
        for (const it of source.items)
            mergeValue(ctx, map, it);
    else if (Array.isArray(source))
        for (const it of source)
            mergeValue(ctx, map, it);
    else
        mergeValue(ctx, map, source);
}
function mergeValue(ctx, map, value) {
    const source = resolveAliasValue(ctx, value);
    if (!identity.isMap(source))
        throw new Error('Merge sources must be maps or map aliases');
    const srcMap = source.toJSON(null, ctx, Map);
    for (const [key, value] of srcMap) {
        if (map instanceof Map) {
            if (!map.has(key))
                map.set(key, value);
        }
        else if (map instanceof Set) {
            map.add(key);
        }
        else if (!Object.prototype.hasOwnProperty.call(map, key)) {
            Object.defineProperty(map, key, {
                value,
                writable: true,
                enumerable: true,
                configurable: true
            });
        }
    }
    return map;
}
function resolveAliasValue(ctx, value) {
    return ctx && identity.isAlias(value) ? value.resolve(ctx.doc, ctx) : value;
}

exports.addMergeToJSMap = addMergeToJSMap;
exports.isMergeKey = isMergeKey;
exports.merge = merge;


/***/ }),

/***/ 303:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var toJS = __nccwpck_require__(4043);
var YAMLMap = __nccwpck_require__(4454);
var YAMLSeq = __nccwpck_require__(2223);
var pairs = __nccwpck_require__(8385);

class YAMLOMap extends YAMLSeq.YAMLSeq {
    constructor() {
        super();
        this.add = YAMLMap.YAMLMap.prototype.add.bind(this);
        this.delete = YAMLMap.YAMLMap.prototype.delete.bind(this);
        this.get = YAMLMap.YAMLMap.prototype.get.bind(this);
        this.has = YAMLMap.YAMLMap.prototype.has.bind(this);
        this.set = YAMLMap.YAMLMap.prototype.set.bind(this);
        this.tag = YAMLOMap.tag;
    }
    /**
     * If `ctx` is given, the return type is actually `Map<unknown, unknown>`,
     * but TypeScript won't allow widening the signature of a child method.
     */
    toJSON(_, ctx) {
        if (!ctx)
            return super.toJSON(_);
        const map = new Map();
        if (ctx?.onCreate)
            ctx.onCreate(map);
        for (const pair of this.items) {
            let key, value;
            if (identity.isPair(pair)) {
                key = toJS.toJS(pair.key, '', ctx);
                value = toJS.toJS(pair.value, key, ctx);
            }
            else {
                key = toJS.toJS(pair, '', ctx);
            }
            if (map.has(key))
                throw new Error('Ordered maps must not include duplicate keys');
            map.set(key, value);
        }
        return map;
    }
    static from(schema, iterable, ctx) {
        const pairs$1 = pairs.createPairs(schema, iterable, ctx);
        const omap = new this();
        omap.items = pairs$1.items;
        return omap;
    }
}
YAMLOMap.tag = 'tag:yaml.org,2002:omap';
const omap = {
    collection: 'seq',
    identify: value => value instanceof Map,
    nodeClass: YAMLOMap,
    default: false,
    tag: 'tag:yaml.org,2002:omap',
    resolve(seq, onError) {
        const pairs$1 = pairs.resolvePairs(seq, onError);
        const seenKeys = [];
        for (const { key } of pairs$1.items) {
            if (identity.isScalar(key)) {
                if (seenKeys.includes(key.value)) {
                    onError(`Ordered maps must not include duplicate keys: ${key.value}`);
                }
                else {
                    seenKeys.push(key.value);
                }
            }
        }
        return Object.assign(new YAMLOMap(), pairs$1);
    },
    createNode: (schema, iterable, ctx) => YAMLOMap.from(schema, iterable, ctx)
};

exports.YAMLOMap = YAMLOMap;
exports.omap = omap;


/***/ }),

/***/ 8385:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var Pair = __nccwpck_require__(7165);
var Scalar = __nccwpck_require__(3301);
var YAMLSeq = __nccwpck_require__(2223);

function resolvePairs(seq, onError) {
    if (identity.isSeq(seq)) {
        for (let i = 0; i < seq.items.length; ++i) {
            let item = seq.items[i];
            if (identity.isPair(item))
                continue;
            else if (identity.isMap(item)) {
                if (item.items.length > 1)
                    onError('Each pair must have its own sequence indicator');
                const pair = item.items[0] || new Pair.Pair(new Scalar.Scalar(null));
                if (item.commentBefore)
                    pair.key.commentBefore = pair.key.commentBefore
                        ? `${item.commentBefore}\n${pair.key.commentBefore}`
                        : item.commentBefore;
                if (item.comment) {
                    const cn = pair.value ?? pair.key;
                    cn.comment = cn.comment
                        ? `${item.comment}\n${cn.comment}`
                        : item.comment;
                }
                item = pair;
            }
            seq.items[i] = identity.isPair(item) ? item : new Pair.Pair(item);
        }
    }
    else
        onError('Expected a sequence for this tag');
    return seq;
}
function createPairs(schema, iterable, ctx) {
    const { replacer } = ctx;
    const pairs = new YAMLSeq.YAMLSeq(schema);
    pairs.tag = 'tag:yaml.org,2002:pairs';
    let i = 0;
    if (iterable && Symbol.iterator in Object(iterable))
        for (let it of iterable) {
            if (typeof replacer === 'function')
                it = replacer.call(iterable, String(i++), it);
            let key, value;
            if (Array.isArray(it)) {
                if (it.length === 2) {
                    key = it[0];
                    value = it[1];
                }
                else
                    throw new TypeError(`Expected [key, value] tuple: ${it}`);
            }
            else if (it && it instanceof Object) {
                const keys = Object.keys(it);
                if (keys.length === 1) {
                    key = keys[0];
                    value = it[key];
                }
                else {
                    throw new TypeError(`Expected tuple with one key, not ${keys.length} keys`);
                }
            }
            else {
                key = it;
            }
            pairs.items.push(Pair.createPair(key, value, ctx));
        }
    return pairs;
}
const pairs = {
    collection: 'seq',
    default: false,
    tag: 'tag:yaml.org,2002:pairs',
    resolve: resolvePairs,
    createNode: createPairs
};

exports.createPairs = createPairs;
exports.pairs = pairs;
exports.resolvePairs = resolvePairs;


/***/ }),

/***/ 5913:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var map = __nccwpck_require__(7451);
var _null = __nccwpck_require__(3632);
var seq = __nccwpck_require__(1706);
var string = __nccwpck_require__(6464);
var binary = __nccwpck_require__(6083);
var bool = __nccwpck_require__(8398);
var float = __nccwpck_require__(5782);
var int = __nccwpck_require__(873);
var merge = __nccwpck_require__(452);
var omap = __nccwpck_require__(303);
var pairs = __nccwpck_require__(8385);
var set = __nccwpck_require__(1528);
var timestamp = __nccwpck_require__(6752);

const schema = [
    map.map,
    seq.seq,
    string.string,
    _null.nullTag,
    bool.trueTag,
    bool.falseTag,
    int.intBin,
    int.intOct,
    int.int,
    int.intHex,
    float.floatNaN,
    float.floatExp,
    float.float,
    binary.binary,
    merge.merge,
    omap.omap,
    pairs.pairs,
    set.set,
    timestamp.intTime,
    timestamp.floatTime,
    timestamp.timestamp
];

exports.schema = schema;


/***/ }),

/***/ 1528:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var Pair = __nccwpck_require__(7165);
var YAMLMap = __nccwpck_require__(4454);

class YAMLSet extends YAMLMap.YAMLMap {
    constructor(schema) {
        super(schema);
        this.tag = YAMLSet.tag;
    }
    add(key) {
        let pair;
        if (identity.isPair(key))
            pair = key;
        else if (key &&
            typeof key === 'object' &&
            'key' in key &&
            'value' in key &&
            key.value === null)
            pair = new Pair.Pair(key.key, null);
        else
            pair = new Pair.Pair(key, null);
        const prev = YAMLMap.findPair(this.items, pair.key);
        if (!prev)
            this.items.push(pair);
    }
    /**
     * If `keepPair` is `true`, returns the Pair matching `key`.
     * Otherwise, returns the value of that Pair's key.
     */
    get(key, keepPair) {
        const pair = YAMLMap.findPair(this.items, key);
        return !keepPair && identity.isPair(pair)
            ? identity.isScalar(pair.key)
                ? pair.key.value
                : pair.key
            : pair;
    }
    set(key, value) {
        if (typeof value !== 'boolean')
            throw new Error(`Expected boolean value for set(key, value) in a YAML set, not ${typeof value}`);
        const prev = YAMLMap.findPair(this.items, key);
        if (prev && !value) {
            this.items.splice(this.items.indexOf(prev), 1);
        }
        else if (!prev && value) {
            this.items.push(new Pair.Pair(key));
        }
    }
    toJSON(_, ctx) {
        return super.toJSON(_, ctx, Set);
    }
    toString(ctx, onComment, onChompKeep) {
        if (!ctx)
            return JSON.stringify(this);
        if (this.hasAllNullValues(true))
            return super.toString(Object.assign({}, ctx, { allNullValues: true }), onComment, onChompKeep);
        else
            throw new Error('Set items must all have null values');
    }
    static from(schema, iterable, ctx) {
        const { replacer } = ctx;
        const set = new this(schema);
        if (iterable && Symbol.iterator in Object(iterable))
            for (let value of iterable) {
                if (typeof replacer === 'function')
                    value = replacer.call(iterable, value, value);
                set.items.push(Pair.createPair(value, null, ctx));
            }
        return set;
    }
}
YAMLSet.tag = 'tag:yaml.org,2002:set';
const set = {
    collection: 'map',
    identify: value => value instanceof Set,
    nodeClass: YAMLSet,
    default: false,
    tag: 'tag:yaml.org,2002:set',
    createNode: (schema, iterable, ctx) => YAMLSet.from(schema, iterable, ctx),
    resolve(map, onError) {
        if (identity.isMap(map)) {
            if (map.hasAllNullValues(true))
                return Object.assign(new YAMLSet(), map);
            else
                onError('Set items must all have null values');
        }
        else
            onError('Expected a mapping for this tag');
        return map;
    }
};

exports.YAMLSet = YAMLSet;
exports.set = set;


/***/ }),

/***/ 6752:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var stringifyNumber = __nccwpck_require__(8689);

/** Internal types handle bigint as number, because TS can't figure it out. */
function parseSexagesimal(str, asBigInt) {
    const sign = str[0];
    const parts = sign === '-' || sign === '+' ? str.substring(1) : str;
    const num = (n) => asBigInt ? BigInt(n) : Number(n);
    const res = parts
        .replace(/_/g, '')
        .split(':')
        .reduce((res, p) => res * num(60) + num(p), num(0));
    return (sign === '-' ? num(-1) * res : res);
}
/**
 * hhhh:mm:ss.sss
 *
 * Internal types handle bigint as number, because TS can't figure it out.
 */
function stringifySexagesimal(node) {
    let { value } = node;
    let num = (n) => n;
    if (typeof value === 'bigint')
        num = n => BigInt(n);
    else if (isNaN(value) || !isFinite(value))
        return stringifyNumber.stringifyNumber(node);
    let sign = '';
    if (value < 0) {
        sign = '-';
        value *= num(-1);
    }
    const _60 = num(60);
    const parts = [value % _60]; // seconds, including ms
    if (value < 60) {
        parts.unshift(0); // at least one : is required
    }
    else {
        value = (value - parts[0]) / _60;
        parts.unshift(value % _60); // minutes
        if (value >= 60) {
            value = (value - parts[0]) / _60;
            parts.unshift(value); // hours
        }
    }
    return (sign +
        parts
            .map(n => String(n).padStart(2, '0'))
            .join(':')
            .replace(/000000\d*$/, '') // % 60 may introduce error
    );
}
const intTime = {
    identify: value => typeof value === 'bigint' || Number.isInteger(value),
    default: true,
    tag: 'tag:yaml.org,2002:int',
    format: 'TIME',
    test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+$/,
    resolve: (str, _onError, { intAsBigInt }) => parseSexagesimal(str, intAsBigInt),
    stringify: stringifySexagesimal
};
const floatTime = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    format: 'TIME',
    test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*$/,
    resolve: str => parseSexagesimal(str, false),
    stringify: stringifySexagesimal
};
const timestamp = {
    identify: value => value instanceof Date,
    default: true,
    tag: 'tag:yaml.org,2002:timestamp',
    // If the time zone is omitted, the timestamp is assumed to be specified in UTC. The time part
    // may be omitted altogether, resulting in a date format. In such a case, the time part is
    // assumed to be 00:00:00Z (start of day, UTC).
    test: RegExp('^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})' + // YYYY-Mm-Dd
        '(?:' + // time is optional
        '(?:t|T|[ \\t]+)' + // t | T | whitespace
        '([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2}(\\.[0-9]+)?)' + // Hh:Mm:Ss(.ss)?
        '(?:[ \\t]*(Z|[-+][012]?[0-9](?::[0-9]{2})?))?' + // Z | +5 | -03:30
        ')?$'),
    resolve(str) {
        const match = str.match(timestamp.test);
        if (!match)
            throw new Error('!!timestamp expects a date, starting with yyyy-mm-dd');
        const [, year, month, day, hour, minute, second] = match.map(Number);
        const millisec = match[7] ? Number((match[7] + '00').substr(1, 3)) : 0;
        let date = Date.UTC(year, month - 1, day, hour || 0, minute || 0, second || 0, millisec);
        const tz = match[8];
        if (tz && tz !== 'Z') {
            let d = parseSexagesimal(tz, false);
            if (Math.abs(d) < 30)
                d *= 60;
            date -= 60000 * d;
        }
        return new Date(date);
    },
    stringify: ({ value }) => value?.toISOString().replace(/(T00:00:00)?\.000Z$/, '') ?? ''
};

exports.floatTime = floatTime;
exports.intTime = intTime;
exports.timestamp = timestamp;


/***/ }),

/***/ 4475:
/***/ ((__unused_webpack_module, exports) => {



const FOLD_FLOW = 'flow';
const FOLD_BLOCK = 'block';
const FOLD_QUOTED = 'quoted';
/**
 * Tries to keep input at up to `lineWidth` characters, splitting only on spaces
 * not followed by newlines or spaces unless `mode` is `'quoted'`. Lines are
 * terminated with `\n` and started with `indent`.
 */
function foldFlowLines(text, indent, mode = 'flow', { indentAtStart, lineWidth = 80, minContentWidth = 20, onFold, onOverflow } = {}) {
    if (!lineWidth || lineWidth < 0)
        return text;
    if (lineWidth < minContentWidth)
        minContentWidth = 0;
    const endStep = Math.max(1 + minContentWidth, 1 + lineWidth - indent.length);
    if (text.length <= endStep)
        return text;
    const folds = [];
    const escapedFolds = {};
    let end = lineWidth - indent.length;
    if (typeof indentAtStart === 'number') {
        if (indentAtStart > lineWidth - Math.max(2, minContentWidth))
            folds.push(0);
        else
            end = lineWidth - indentAtStart;
    }
    let split = undefined;
    let prev = undefined;
    let overflow = false;
    let i = -1;
    let escStart = -1;
    let escEnd = -1;
    if (mode === FOLD_BLOCK) {
        i = consumeMoreIndentedLines(text, i, indent.length);
        if (i !== -1)
            end = i + endStep;
    }
    for (let ch; (ch = text[(i += 1)]);) {
        if (mode === FOLD_QUOTED && ch === '\\') {
            escStart = i;
            switch (text[i + 1]) {
                case 'x':
                    i += 3;
                    break;
                case 'u':
                    i += 5;
                    break;
                case 'U':
                    i += 9;
                    break;
                default:
                    i += 1;
            }
            escEnd = i;
        }
        if (ch === '\n') {
            if (mode === FOLD_BLOCK)
                i = consumeMoreIndentedLines(text, i, indent.length);
            end = i + indent.length + endStep;
            split = undefined;
        }
        else {
            if (ch === ' ' &&
                prev &&
                prev !== ' ' &&
                prev !== '\n' &&
                prev !== '\t') {
                // space surrounded by non-space can be replaced with newline + indent
                const next = text[i + 1];
                if (next && next !== ' ' && next !== '\n' && next !== '\t')
                    split = i;
            }
            if (i >= end) {
                if (split) {
                    folds.push(split);
                    end = split + endStep;
                    split = undefined;
                }
                else if (mode === FOLD_QUOTED) {
                    // white-space collected at end may stretch past lineWidth
                    while (prev === ' ' || prev === '\t') {
                        prev = ch;
                        ch = text[(i += 1)];
                        overflow = true;
                    }
                    // Account for newline escape, but don't break preceding escape
                    const j = i > escEnd + 1 ? i - 2 : escStart - 1;
                    // Bail out if lineWidth & minContentWidth are shorter than an escape string
                    if (escapedFolds[j])
                        return text;
                    folds.push(j);
                    escapedFolds[j] = true;
                    end = j + endStep;
                    split = undefined;
                }
                else {
                    overflow = true;
                }
            }
        }
        prev = ch;
    }
    if (overflow && onOverflow)
        onOverflow();
    if (folds.length === 0)
        return text;
    if (onFold)
        onFold();
    let res = text.slice(0, folds[0]);
    for (let i = 0; i < folds.length; ++i) {
        const fold = folds[i];
        const end = folds[i + 1] || text.length;
        if (fold === 0)
            res = `\n${indent}${text.slice(0, end)}`;
        else {
            if (mode === FOLD_QUOTED && escapedFolds[fold])
                res += `${text[fold]}\\`;
            res += `\n${indent}${text.slice(fold + 1, end)}`;
        }
    }
    return res;
}
/**
 * Presumes `i + 1` is at the start of a line
 * @returns index of last newline in more-indented block
 */
function consumeMoreIndentedLines(text, i, indent) {
    let end = i;
    let start = i + 1;
    let ch = text[start];
    while (ch === ' ' || ch === '\t') {
        if (i < start + indent) {
            ch = text[++i];
        }
        else {
            do {
                ch = text[++i];
            } while (ch && ch !== '\n');
            end = i;
            start = i + 1;
            ch = text[start];
        }
    }
    return end;
}

exports.FOLD_BLOCK = FOLD_BLOCK;
exports.FOLD_FLOW = FOLD_FLOW;
exports.FOLD_QUOTED = FOLD_QUOTED;
exports.foldFlowLines = foldFlowLines;


/***/ }),

/***/ 2148:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var anchors = __nccwpck_require__(1596);
var identity = __nccwpck_require__(1127);
var stringifyComment = __nccwpck_require__(9799);
var stringifyString = __nccwpck_require__(3069);

function createStringifyContext(doc, options) {
    const opt = Object.assign({
        blockQuote: true,
        commentString: stringifyComment.stringifyComment,
        defaultKeyType: null,
        defaultStringType: 'PLAIN',
        directives: null,
        doubleQuotedAsJSON: false,
        doubleQuotedMinMultiLineLength: 40,
        falseStr: 'false',
        flowCollectionPadding: true,
        indentSeq: true,
        lineWidth: 80,
        minContentWidth: 20,
        nullStr: 'null',
        simpleKeys: false,
        singleQuote: null,
        trailingComma: false,
        trueStr: 'true',
        verifyAliasOrder: true
    }, doc.schema.toStringOptions, options);
    let inFlow;
    switch (opt.collectionStyle) {
        case 'block':
            inFlow = false;
            break;
        case 'flow':
            inFlow = true;
            break;
        default:
            inFlow = null;
    }
    return {
        anchors: new Set(),
        doc,
        flowCollectionPadding: opt.flowCollectionPadding ? ' ' : '',
        indent: '',
        indentStep: typeof opt.indent === 'number' ? ' '.repeat(opt.indent) : '  ',
        inFlow,
        options: opt
    };
}
function getTagObject(tags, item) {
    if (item.tag) {
        const match = tags.filter(t => t.tag === item.tag);
        if (match.length > 0)
            return match.find(t => t.format === item.format) ?? match[0];
    }
    let tagObj = undefined;
    let obj;
    if (identity.isScalar(item)) {
        obj = item.value;
        let match = tags.filter(t => t.identify?.(obj));
        if (match.length > 1) {
            const testMatch = match.filter(t => t.test);
            if (testMatch.length > 0)
                match = testMatch;
        }
        tagObj =
            match.find(t => t.format === item.format) ?? match.find(t => !t.format);
    }
    else {
        obj = item;
        tagObj = tags.find(t => t.nodeClass && obj instanceof t.nodeClass);
    }
    if (!tagObj) {
        const name = obj?.constructor?.name ?? (obj === null ? 'null' : typeof obj);
        throw new Error(`Tag not resolved for ${name} value`);
    }
    return tagObj;
}
// needs to be called before value stringifier to allow for circular anchor refs
function stringifyProps(node, tagObj, { anchors: anchors$1, doc }) {
    if (!doc.directives)
        return '';
    const props = [];
    const anchor = (identity.isScalar(node) || identity.isCollection(node)) && node.anchor;
    if (anchor && anchors.anchorIsValid(anchor)) {
        anchors$1.add(anchor);
        props.push(`&${anchor}`);
    }
    const tag = node.tag ?? (tagObj.default ? null : tagObj.tag);
    if (tag)
        props.push(doc.directives.tagString(tag));
    return props.join(' ');
}
function stringify(item, ctx, onComment, onChompKeep) {
    if (identity.isPair(item))
        return item.toString(ctx, onComment, onChompKeep);
    if (identity.isAlias(item)) {
        if (ctx.doc.directives)
            return item.toString(ctx);
        if (ctx.resolvedAliases?.has(item)) {
            throw new TypeError(`Cannot stringify circular structure without alias nodes`);
        }
        else {
            if (ctx.resolvedAliases)
                ctx.resolvedAliases.add(item);
            else
                ctx.resolvedAliases = new Set([item]);
            item = item.resolve(ctx.doc);
        }
    }
    let tagObj = undefined;
    const node = identity.isNode(item)
        ? item
        : ctx.doc.createNode(item, { onTagObj: o => (tagObj = o) });
    tagObj ?? (tagObj = getTagObject(ctx.doc.schema.tags, node));
    const props = stringifyProps(node, tagObj, ctx);
    if (props.length > 0)
        ctx.indentAtStart = (ctx.indentAtStart ?? 0) + props.length + 1;
    const str = typeof tagObj.stringify === 'function'
        ? tagObj.stringify(node, ctx, onComment, onChompKeep)
        : identity.isScalar(node)
            ? stringifyString.stringifyString(node, ctx, onComment, onChompKeep)
            : node.toString(ctx, onComment, onChompKeep);
    if (!props)
        return str;
    return identity.isScalar(node) || str[0] === '{' || str[0] === '['
        ? `${props} ${str}`
        : `${props}\n${ctx.indent}${str}`;
}

exports.createStringifyContext = createStringifyContext;
exports.stringify = stringify;


/***/ }),

/***/ 1212:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var stringify = __nccwpck_require__(2148);
var stringifyComment = __nccwpck_require__(9799);

function stringifyCollection(collection, ctx, options) {
    const flow = ctx.inFlow ?? collection.flow;
    const stringify = flow ? stringifyFlowCollection : stringifyBlockCollection;
    return stringify(collection, ctx, options);
}
function stringifyBlockCollection({ comment, items }, ctx, { blockItemPrefix, flowChars, itemIndent, onChompKeep, onComment }) {
    const { indent, options: { commentString } } = ctx;
    const itemCtx = Object.assign({}, ctx, { indent: itemIndent, type: null });
    let chompKeep = false; // flag for the preceding node's status
    const lines = [];
    for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment = null;
        if (identity.isNode(item)) {
            if (!chompKeep && item.spaceBefore)
                lines.push('');
            addCommentBefore(ctx, lines, item.commentBefore, chompKeep);
            if (item.comment)
                comment = item.comment;
        }
        else if (identity.isPair(item)) {
            const ik = identity.isNode(item.key) ? item.key : null;
            if (ik) {
                if (!chompKeep && ik.spaceBefore)
                    lines.push('');
                addCommentBefore(ctx, lines, ik.commentBefore, chompKeep);
            }
        }
        chompKeep = false;
        let str = stringify.stringify(item, itemCtx, () => (comment = null), () => (chompKeep = true));
        if (comment)
            str += stringifyComment.lineComment(str, itemIndent, commentString(comment));
        if (chompKeep && comment)
            chompKeep = false;
        lines.push(blockItemPrefix + str);
    }
    let str;
    if (lines.length === 0) {
        str = flowChars.start + flowChars.end;
    }
    else {
        str = lines[0];
        for (let i = 1; i < lines.length; ++i) {
            const line = lines[i];
            str += line ? `\n${indent}${line}` : '\n';
        }
    }
    if (comment) {
        str += '\n' + stringifyComment.indentComment(commentString(comment), indent);
        if (onComment)
            onComment();
    }
    else if (chompKeep && onChompKeep)
        onChompKeep();
    return str;
}
function stringifyFlowCollection({ items }, ctx, { flowChars, itemIndent }) {
    const { indent, indentStep, flowCollectionPadding: fcPadding, options: { commentString } } = ctx;
    itemIndent += indentStep;
    const itemCtx = Object.assign({}, ctx, {
        indent: itemIndent,
        inFlow: true,
        type: null
    });
    let reqNewline = false;
    let linesAtValue = 0;
    const lines = [];
    for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment = null;
        if (identity.isNode(item)) {
            if (item.spaceBefore)
                lines.push('');
            addCommentBefore(ctx, lines, item.commentBefore, false);
            if (item.comment)
                comment = item.comment;
        }
        else if (identity.isPair(item)) {
            const ik = identity.isNode(item.key) ? item.key : null;
            if (ik) {
                if (ik.spaceBefore)
                    lines.push('');
                addCommentBefore(ctx, lines, ik.commentBefore, false);
                if (ik.comment)
                    reqNewline = true;
            }
            const iv = identity.isNode(item.value) ? item.value : null;
            if (iv) {
                if (iv.comment)
                    comment = iv.comment;
                if (iv.commentBefore)
                    reqNewline = true;
            }
            else if (item.value == null && ik?.comment) {
                comment = ik.comment;
            }
        }
        if (comment)
            reqNewline = true;
        let str = stringify.stringify(item, itemCtx, () => (comment = null));
        reqNewline || (reqNewline = lines.length > linesAtValue || str.includes('\n'));
        if (i < items.length - 1) {
            str += ',';
        }
        else if (ctx.options.trailingComma) {
            if (ctx.options.lineWidth > 0) {
                reqNewline || (reqNewline = lines.reduce((sum, line) => sum + line.length + 2, 2) +
                    (str.length + 2) >
                    ctx.options.lineWidth);
            }
            if (reqNewline) {
                str += ',';
            }
        }
        if (comment)
            str += stringifyComment.lineComment(str, itemIndent, commentString(comment));
        lines.push(str);
        linesAtValue = lines.length;
    }
    const { start, end } = flowChars;
    if (lines.length === 0) {
        return start + end;
    }
    else {
        if (!reqNewline) {
            const len = lines.reduce((sum, line) => sum + line.length + 2, 2);
            reqNewline = ctx.options.lineWidth > 0 && len > ctx.options.lineWidth;
        }
        if (reqNewline) {
            let str = start;
            for (const line of lines)
                str += line ? `\n${indentStep}${indent}${line}` : '\n';
            return `${str}\n${indent}${end}`;
        }
        else {
            return `${start}${fcPadding}${lines.join(' ')}${fcPadding}${end}`;
        }
    }
}
function addCommentBefore({ indent, options: { commentString } }, lines, comment, chompKeep) {
    if (comment && chompKeep)
        comment = comment.replace(/^\n+/, '');
    if (comment) {
        const ic = stringifyComment.indentComment(commentString(comment), indent);
        lines.push(ic.trimStart()); // Avoid double indent on first line
    }
}

exports.stringifyCollection = stringifyCollection;


/***/ }),

/***/ 9799:
/***/ ((__unused_webpack_module, exports) => {



/**
 * Stringifies a comment.
 *
 * Empty comment lines are left empty,
 * lines consisting of a single space are replaced by `#`,
 * and all other lines are prefixed with a `#`.
 */
const stringifyComment = (str) => str.replace(/^(?!$)(?: $)?/gm, '#');
function indentComment(comment, indent) {
    if (/^\n+$/.test(comment))
        return comment.substring(1);
    return indent ? comment.replace(/^(?! *$)/gm, indent) : comment;
}
const lineComment = (str, indent, comment) => str.endsWith('\n')
    ? indentComment(comment, indent)
    : comment.includes('\n')
        ? '\n' + indentComment(comment, indent)
        : (str.endsWith(' ') ? '' : ' ') + comment;

exports.indentComment = indentComment;
exports.lineComment = lineComment;
exports.stringifyComment = stringifyComment;


/***/ }),

/***/ 6829:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var stringify = __nccwpck_require__(2148);
var stringifyComment = __nccwpck_require__(9799);

function stringifyDocument(doc, options) {
    const lines = [];
    let hasDirectives = options.directives === true;
    if (options.directives !== false && doc.directives) {
        const dir = doc.directives.toString(doc);
        if (dir) {
            lines.push(dir);
            hasDirectives = true;
        }
        else if (doc.directives.docStart)
            hasDirectives = true;
    }
    if (hasDirectives)
        lines.push('---');
    const ctx = stringify.createStringifyContext(doc, options);
    const { commentString } = ctx.options;
    if (doc.commentBefore) {
        if (lines.length !== 1)
            lines.unshift('');
        const cs = commentString(doc.commentBefore);
        lines.unshift(stringifyComment.indentComment(cs, ''));
    }
    let chompKeep = false;
    let contentComment = null;
    if (doc.contents) {
        if (identity.isNode(doc.contents)) {
            if (doc.contents.spaceBefore && hasDirectives)
                lines.push('');
            if (doc.contents.commentBefore) {
                const cs = commentString(doc.contents.commentBefore);
                lines.push(stringifyComment.indentComment(cs, ''));
            }
            // top-level block scalars need to be indented if followed by a comment
            ctx.forceBlockIndent = !!doc.comment;
            contentComment = doc.contents.comment;
        }
        const onChompKeep = contentComment ? undefined : () => (chompKeep = true);
        let body = stringify.stringify(doc.contents, ctx, () => (contentComment = null), onChompKeep);
        if (contentComment)
            body += stringifyComment.lineComment(body, '', commentString(contentComment));
        if ((body[0] === '|' || body[0] === '>') &&
            lines[lines.length - 1] === '---') {
            // Top-level block scalars with a preceding doc marker ought to use the
            // same line for their header.
            lines[lines.length - 1] = `--- ${body}`;
        }
        else
            lines.push(body);
    }
    else {
        lines.push(stringify.stringify(doc.contents, ctx));
    }
    if (doc.directives?.docEnd) {
        if (doc.comment) {
            const cs = commentString(doc.comment);
            if (cs.includes('\n')) {
                lines.push('...');
                lines.push(stringifyComment.indentComment(cs, ''));
            }
            else {
                lines.push(`... ${cs}`);
            }
        }
        else {
            lines.push('...');
        }
    }
    else {
        let dc = doc.comment;
        if (dc && chompKeep)
            dc = dc.replace(/^\n+/, '');
        if (dc) {
            if ((!chompKeep || contentComment) && lines[lines.length - 1] !== '')
                lines.push('');
            lines.push(stringifyComment.indentComment(commentString(dc), ''));
        }
    }
    return lines.join('\n') + '\n';
}

exports.stringifyDocument = stringifyDocument;


/***/ }),

/***/ 8689:
/***/ ((__unused_webpack_module, exports) => {



function stringifyNumber({ format, minFractionDigits, tag, value }) {
    if (typeof value === 'bigint')
        return String(value);
    const num = typeof value === 'number' ? value : Number(value);
    if (!isFinite(num))
        return isNaN(num) ? '.nan' : num < 0 ? '-.inf' : '.inf';
    let n = Object.is(value, -0) ? '-0' : JSON.stringify(value);
    if (!format &&
        minFractionDigits &&
        (!tag || tag === 'tag:yaml.org,2002:float') &&
        /^-?\d/.test(n) &&
        !n.includes('e')) {
        let i = n.indexOf('.');
        if (i < 0) {
            i = n.length;
            n += '.';
        }
        let d = minFractionDigits - (n.length - i - 1);
        while (d-- > 0)
            n += '0';
    }
    return n;
}

exports.stringifyNumber = stringifyNumber;


/***/ }),

/***/ 9748:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var Scalar = __nccwpck_require__(3301);
var stringify = __nccwpck_require__(2148);
var stringifyComment = __nccwpck_require__(9799);

function stringifyPair({ key, value }, ctx, onComment, onChompKeep) {
    const { allNullValues, doc, indent, indentStep, options: { commentString, indentSeq, simpleKeys } } = ctx;
    let keyComment = (identity.isNode(key) && key.comment) || null;
    if (simpleKeys) {
        if (keyComment) {
            throw new Error('With simple keys, key nodes cannot have comments');
        }
        if (identity.isCollection(key) || (!identity.isNode(key) && typeof key === 'object')) {
            const msg = 'With simple keys, collection cannot be used as a key value';
            throw new Error(msg);
        }
    }
    let explicitKey = !simpleKeys &&
        (!key ||
            (keyComment && value == null && !ctx.inFlow) ||
            identity.isCollection(key) ||
            (identity.isScalar(key)
                ? key.type === Scalar.Scalar.BLOCK_FOLDED || key.type === Scalar.Scalar.BLOCK_LITERAL
                : typeof key === 'object'));
    ctx = Object.assign({}, ctx, {
        allNullValues: false,
        implicitKey: !explicitKey && (simpleKeys || !allNullValues),
        indent: indent + indentStep
    });
    let keyCommentDone = false;
    let chompKeep = false;
    let str = stringify.stringify(key, ctx, () => (keyCommentDone = true), () => (chompKeep = true));
    if (!explicitKey && !ctx.inFlow && str.length > 1024) {
        if (simpleKeys)
            throw new Error('With simple keys, single line scalar must not span more than 1024 characters');
        explicitKey = true;
    }
    if (ctx.inFlow) {
        if (allNullValues || value == null) {
            if (keyCommentDone && onComment)
                onComment();
            return str === '' ? '?' : explicitKey ? `? ${str}` : str;
        }
    }
    else if ((allNullValues && !simpleKeys) || (value == null && explicitKey)) {
        str = `? ${str}`;
        if (keyComment && !keyCommentDone) {
            str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
        }
        else if (chompKeep && onChompKeep)
            onChompKeep();
        return str;
    }
    if (keyCommentDone)
        keyComment = null;
    if (explicitKey) {
        if (keyComment)
            str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
        str = `? ${str}\n${indent}:`;
    }
    else {
        str = `${str}:`;
        if (keyComment)
            str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
    }
    let vsb, vcb, valueComment;
    if (identity.isNode(value)) {
        vsb = !!value.spaceBefore;
        vcb = value.commentBefore;
        valueComment = value.comment;
    }
    else {
        vsb = false;
        vcb = null;
        valueComment = null;
        if (value && typeof value === 'object')
            value = doc.createNode(value);
    }
    ctx.implicitKey = false;
    if (!explicitKey && !keyComment && identity.isScalar(value))
        ctx.indentAtStart = str.length + 1;
    chompKeep = false;
    if (!indentSeq &&
        indentStep.length >= 2 &&
        !ctx.inFlow &&
        !explicitKey &&
        identity.isSeq(value) &&
        !value.flow &&
        !value.tag &&
        !value.anchor) {
        // If indentSeq === false, consider '- ' as part of indentation where possible
        ctx.indent = ctx.indent.substring(2);
    }
    let valueCommentDone = false;
    const valueStr = stringify.stringify(value, ctx, () => (valueCommentDone = true), () => (chompKeep = true));
    let ws = ' ';
    if (keyComment || vsb || vcb) {
        ws = vsb ? '\n' : '';
        if (vcb) {
            const cs = commentString(vcb);
            ws += `\n${stringifyComment.indentComment(cs, ctx.indent)}`;
        }
        if (valueStr === '' && !ctx.inFlow) {
            if (ws === '\n' && valueComment)
                ws = '\n\n';
        }
        else {
            ws += `\n${ctx.indent}`;
        }
    }
    else if (!explicitKey && identity.isCollection(value)) {
        const vs0 = valueStr[0];
        const nl0 = valueStr.indexOf('\n');
        const hasNewline = nl0 !== -1;
        const flow = ctx.inFlow ?? value.flow ?? value.items.length === 0;
        if (hasNewline || !flow) {
            let hasPropsLine = false;
            if (hasNewline && (vs0 === '&' || vs0 === '!')) {
                let sp0 = valueStr.indexOf(' ');
                if (vs0 === '&' &&
                    sp0 !== -1 &&
                    sp0 < nl0 &&
                    valueStr[sp0 + 1] === '!') {
                    sp0 = valueStr.indexOf(' ', sp0 + 1);
                }
                if (sp0 === -1 || nl0 < sp0)
                    hasPropsLine = true;
            }
            if (!hasPropsLine)
                ws = `\n${ctx.indent}`;
        }
    }
    else if (valueStr === '' || valueStr[0] === '\n') {
        ws = '';
    }
    str += ws + valueStr;
    if (ctx.inFlow) {
        if (valueCommentDone && onComment)
            onComment();
    }
    else if (valueComment && !valueCommentDone) {
        str += stringifyComment.lineComment(str, ctx.indent, commentString(valueComment));
    }
    else if (chompKeep && onChompKeep) {
        onChompKeep();
    }
    return str;
}

exports.stringifyPair = stringifyPair;


/***/ }),

/***/ 3069:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Scalar = __nccwpck_require__(3301);
var foldFlowLines = __nccwpck_require__(4475);

const getFoldOptions = (ctx, isBlock) => ({
    indentAtStart: isBlock ? ctx.indent.length : ctx.indentAtStart,
    lineWidth: ctx.options.lineWidth,
    minContentWidth: ctx.options.minContentWidth
});
// Also checks for lines starting with %, as parsing the output as YAML 1.1 will
// presume that's starting a new document.
const containsDocumentMarker = (str) => /^(%|---|\.\.\.)/m.test(str);
function lineLengthOverLimit(str, lineWidth, indentLength) {
    if (!lineWidth || lineWidth < 0)
        return false;
    const limit = lineWidth - indentLength;
    const strLen = str.length;
    if (strLen <= limit)
        return false;
    for (let i = 0, start = 0; i < strLen; ++i) {
        if (str[i] === '\n') {
            if (i - start > limit)
                return true;
            start = i + 1;
            if (strLen - start <= limit)
                return false;
        }
    }
    return true;
}
function doubleQuotedString(value, ctx) {
    const json = JSON.stringify(value);
    if (ctx.options.doubleQuotedAsJSON)
        return json;
    const { implicitKey } = ctx;
    const minMultiLineLength = ctx.options.doubleQuotedMinMultiLineLength;
    const indent = ctx.indent || (containsDocumentMarker(value) ? '  ' : '');
    let str = '';
    let start = 0;
    for (let i = 0, ch = json[i]; ch; ch = json[++i]) {
        if (ch === ' ' && json[i + 1] === '\\' && json[i + 2] === 'n') {
            // space before newline needs to be escaped to not be folded
            str += json.slice(start, i) + '\\ ';
            i += 1;
            start = i;
            ch = '\\';
        }
        if (ch === '\\')
            switch (json[i + 1]) {
                case 'u':
                    {
                        str += json.slice(start, i);
                        const code = json.substr(i + 2, 4);
                        switch (code) {
                            case '0000':
                                str += '\\0';
                                break;
                            case '0007':
                                str += '\\a';
                                break;
                            case '000b':
                                str += '\\v';
                                break;
                            case '001b':
                                str += '\\e';
                                break;
                            case '0085':
                                str += '\\N';
                                break;
                            case '00a0':
                                str += '\\_';
                                break;
                            case '2028':
                                str += '\\L';
                                break;
                            case '2029':
                                str += '\\P';
                                break;
                            default:
                                if (code.substr(0, 2) === '00')
                                    str += '\\x' + code.substr(2);
                                else
                                    str += json.substr(i, 6);
                        }
                        i += 5;
                        start = i + 1;
                    }
                    break;
                case 'n':
                    if (implicitKey ||
                        json[i + 2] === '"' ||
                        json.length < minMultiLineLength) {
                        i += 1;
                    }
                    else {
                        // folding will eat first newline
                        str += json.slice(start, i) + '\n\n';
                        while (json[i + 2] === '\\' &&
                            json[i + 3] === 'n' &&
                            json[i + 4] !== '"') {
                            str += '\n';
                            i += 2;
                        }
                        str += indent;
                        // space after newline needs to be escaped to not be folded
                        if (json[i + 2] === ' ')
                            str += '\\';
                        i += 1;
                        start = i + 1;
                    }
                    break;
                default:
                    i += 1;
            }
    }
    str = start ? str + json.slice(start) : json;
    return implicitKey
        ? str
        : foldFlowLines.foldFlowLines(str, indent, foldFlowLines.FOLD_QUOTED, getFoldOptions(ctx, false));
}
function singleQuotedString(value, ctx) {
    if (ctx.options.singleQuote === false ||
        (ctx.implicitKey && value.includes('\n')) ||
        /[ \t]\n|\n[ \t]/.test(value) // single quoted string can't have leading or trailing whitespace around newline
    )
        return doubleQuotedString(value, ctx);
    const indent = ctx.indent || (containsDocumentMarker(value) ? '  ' : '');
    const res = "'" + value.replace(/'/g, "''").replace(/\n+/g, `$&\n${indent}`) + "'";
    return ctx.implicitKey
        ? res
        : foldFlowLines.foldFlowLines(res, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
}
function quotedString(value, ctx) {
    const { singleQuote } = ctx.options;
    let qs;
    if (singleQuote === false)
        qs = doubleQuotedString;
    else {
        const hasDouble = value.includes('"');
        const hasSingle = value.includes("'");
        if (hasDouble && !hasSingle)
            qs = singleQuotedString;
        else if (hasSingle && !hasDouble)
            qs = doubleQuotedString;
        else
            qs = singleQuote ? singleQuotedString : doubleQuotedString;
    }
    return qs(value, ctx);
}
// The negative lookbehind avoids a polynomial search,
// but isn't supported yet on Safari: https://caniuse.com/js-regexp-lookbehind
let blockEndNewlines;
try {
    blockEndNewlines = new RegExp('(^|(?<!\n))\n+(?!\n|$)', 'g');
}
catch {
    blockEndNewlines = /\n+(?!\n|$)/g;
}
function blockString({ comment, type, value }, ctx, onComment, onChompKeep) {
    const { blockQuote, commentString, lineWidth } = ctx.options;
    // 1. Block can't end in whitespace unless the last line is non-empty.
    // 2. Strings consisting of only whitespace are best rendered explicitly.
    if (!blockQuote || /\n[\t ]+$/.test(value)) {
        return quotedString(value, ctx);
    }
    const indent = ctx.indent ||
        (ctx.forceBlockIndent || containsDocumentMarker(value) ? '  ' : '');
    const literal = blockQuote === 'literal'
        ? true
        : blockQuote === 'folded' || type === Scalar.Scalar.BLOCK_FOLDED
            ? false
            : type === Scalar.Scalar.BLOCK_LITERAL
                ? true
                : !lineLengthOverLimit(value, lineWidth, indent.length);
    if (!value)
        return literal ? '|\n' : '>\n';
    // determine chomping from whitespace at value end
    let chomp;
    let endStart;
    for (endStart = value.length; endStart > 0; --endStart) {
        const ch = value[endStart - 1];
        if (ch !== '\n' && ch !== '\t' && ch !== ' ')
            break;
    }
    let end = value.substring(endStart);
    const endNlPos = end.indexOf('\n');
    if (endNlPos === -1) {
        chomp = '-'; // strip
    }
    else if (value === end || endNlPos !== end.length - 1) {
        chomp = '+'; // keep
        if (onChompKeep)
            onChompKeep();
    }
    else {
        chomp = ''; // clip
    }
    if (end) {
        value = value.slice(0, -end.length);
        if (end[end.length - 1] === '\n')
            end = end.slice(0, -1);
        end = end.replace(blockEndNewlines, `$&${indent}`);
    }
    // determine indent indicator from whitespace at value start
    let startWithSpace = false;
    let startEnd;
    let startNlPos = -1;
    for (startEnd = 0; startEnd < value.length; ++startEnd) {
        const ch = value[startEnd];
        if (ch === ' ')
            startWithSpace = true;
        else if (ch === '\n')
            startNlPos = startEnd;
        else
            break;
    }
    let start = value.substring(0, startNlPos < startEnd ? startNlPos + 1 : startEnd);
    if (start) {
        value = value.substring(start.length);
        start = start.replace(/\n+/g, `$&${indent}`);
    }
    const indentSize = indent ? '2' : '1'; // root is at -1
    // Leading | or > is added later
    let header = (startWithSpace ? indentSize : '') + chomp;
    if (comment) {
        header += ' ' + commentString(comment.replace(/ ?[\r\n]+/g, ' '));
        if (onComment)
            onComment();
    }
    if (!literal) {
        const foldedValue = value
            .replace(/\n+/g, '\n$&')
            .replace(/(?:^|\n)([\t ].*)(?:([\n\t ]*)\n(?![\n\t ]))?/g, '$1$2') // more-indented lines aren't folded
            //                ^ more-ind. ^ empty     ^ capture next empty lines only at end of indent
            .replace(/\n+/g, `$&${indent}`);
        let literalFallback = false;
        const foldOptions = getFoldOptions(ctx, true);
        if (blockQuote !== 'folded' && type !== Scalar.Scalar.BLOCK_FOLDED) {
            foldOptions.onOverflow = () => {
                literalFallback = true;
            };
        }
        const body = foldFlowLines.foldFlowLines(`${start}${foldedValue}${end}`, indent, foldFlowLines.FOLD_BLOCK, foldOptions);
        if (!literalFallback)
            return `>${header}\n${indent}${body}`;
    }
    value = value.replace(/\n+/g, `$&${indent}`);
    return `|${header}\n${indent}${start}${value}${end}`;
}
function plainString(item, ctx, onComment, onChompKeep) {
    const { type, value } = item;
    const { actualString, implicitKey, indent, indentStep, inFlow } = ctx;
    if ((implicitKey && value.includes('\n')) ||
        (inFlow && /[[\]{},]/.test(value))) {
        return quotedString(value, ctx);
    }
    if (/^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/.test(value)) {
        // not allowed:
        // - '-' or '?'
        // - start with an indicator character (except [?:-]) or /[?-] /
        // - '\n ', ': ' or ' \n' anywhere
        // - '#' not preceded by a non-space char
        // - end with ' ' or ':'
        return implicitKey || inFlow || !value.includes('\n')
            ? quotedString(value, ctx)
            : blockString(item, ctx, onComment, onChompKeep);
    }
    if (!implicitKey &&
        !inFlow &&
        type !== Scalar.Scalar.PLAIN &&
        value.includes('\n')) {
        // Where allowed & type not set explicitly, prefer block style for multiline strings
        return blockString(item, ctx, onComment, onChompKeep);
    }
    if (containsDocumentMarker(value)) {
        if (indent === '') {
            ctx.forceBlockIndent = true;
            return blockString(item, ctx, onComment, onChompKeep);
        }
        else if (implicitKey && indent === indentStep) {
            return quotedString(value, ctx);
        }
    }
    const str = value.replace(/\n+/g, `$&\n${indent}`);
    // Verify that output will be parsed as a string, as e.g. plain numbers and
    // booleans get parsed with those types in v1.2 (e.g. '42', 'true' & '0.9e-3'),
    // and others in v1.1.
    if (actualString) {
        const test = (tag) => tag.default && tag.tag !== 'tag:yaml.org,2002:str' && tag.test?.test(str);
        const { compat, tags } = ctx.doc.schema;
        if (tags.some(test) || compat?.some(test))
            return quotedString(value, ctx);
    }
    return implicitKey
        ? str
        : foldFlowLines.foldFlowLines(str, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
}
function stringifyString(item, ctx, onComment, onChompKeep) {
    const { implicitKey, inFlow } = ctx;
    const ss = typeof item.value === 'string'
        ? item
        : Object.assign({}, item, { value: String(item.value) });
    let { type } = item;
    if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
        // force double quotes on control characters & unpaired surrogates
        if (/[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u.test(ss.value))
            type = Scalar.Scalar.QUOTE_DOUBLE;
    }
    const _stringify = (_type) => {
        switch (_type) {
            case Scalar.Scalar.BLOCK_FOLDED:
            case Scalar.Scalar.BLOCK_LITERAL:
                return implicitKey || inFlow
                    ? quotedString(ss.value, ctx) // blocks are not valid inside flow containers
                    : blockString(ss, ctx, onComment, onChompKeep);
            case Scalar.Scalar.QUOTE_DOUBLE:
                return doubleQuotedString(ss.value, ctx);
            case Scalar.Scalar.QUOTE_SINGLE:
                return singleQuotedString(ss.value, ctx);
            case Scalar.Scalar.PLAIN:
                return plainString(ss, ctx, onComment, onChompKeep);
            default:
                return null;
        }
    };
    let res = _stringify(type);
    if (res === null) {
        const { defaultKeyType, defaultStringType } = ctx.options;
        const t = (implicitKey && defaultKeyType) || defaultStringType;
        res = _stringify(t);
        if (res === null)
            throw new Error(`Unsupported default string type ${t}`);
    }
    return res;
}

exports.stringifyString = stringifyString;


/***/ }),

/***/ 204:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);

const BREAK = Symbol('break visit');
const SKIP = Symbol('skip children');
const REMOVE = Symbol('remove node');
/**
 * Apply a visitor to an AST node or document.
 *
 * Walks through the tree (depth-first) starting from `node`, calling a
 * `visitor` function with three arguments:
 *   - `key`: For sequence values and map `Pair`, the node's index in the
 *     collection. Within a `Pair`, `'key'` or `'value'`, correspondingly.
 *     `null` for the root node.
 *   - `node`: The current node.
 *   - `path`: The ancestry of the current node.
 *
 * The return value of the visitor may be used to control the traversal:
 *   - `undefined` (default): Do nothing and continue
 *   - `visit.SKIP`: Do not visit the children of this node, continue with next
 *     sibling
 *   - `visit.BREAK`: Terminate traversal completely
 *   - `visit.REMOVE`: Remove the current node, then continue with the next one
 *   - `Node`: Replace the current node, then continue by visiting it
 *   - `number`: While iterating the items of a sequence or map, set the index
 *     of the next step. This is useful especially if the index of the current
 *     node has changed.
 *
 * If `visitor` is a single function, it will be called with all values
 * encountered in the tree, including e.g. `null` values. Alternatively,
 * separate visitor functions may be defined for each `Map`, `Pair`, `Seq`,
 * `Alias` and `Scalar` node. To define the same visitor function for more than
 * one node type, use the `Collection` (map and seq), `Value` (map, seq & scalar)
 * and `Node` (alias, map, seq & scalar) targets. Of all these, only the most
 * specific defined one will be used for each node.
 */
function visit(node, visitor) {
    const visitor_ = initVisitor(visitor);
    if (identity.isDocument(node)) {
        const cd = visit_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
            node.contents = null;
    }
    else
        visit_(null, node, visitor_, Object.freeze([]));
}
// Without the `as symbol` casts, TS declares these in the `visit`
// namespace using `var`, but then complains about that because
// `unique symbol` must be `const`.
/** Terminate visit traversal completely */
visit.BREAK = BREAK;
/** Do not visit the children of the current node */
visit.SKIP = SKIP;
/** Remove the current node */
visit.REMOVE = REMOVE;
function visit_(key, node, visitor, path) {
    const ctrl = callVisitor(key, node, visitor, path);
    if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visit_(key, ctrl, visitor, path);
    }
    if (typeof ctrl !== 'symbol') {
        if (identity.isCollection(node)) {
            path = Object.freeze(path.concat(node));
            for (let i = 0; i < node.items.length; ++i) {
                const ci = visit_(i, node.items[i], visitor, path);
                if (typeof ci === 'number')
                    i = ci - 1;
                else if (ci === BREAK)
                    return BREAK;
                else if (ci === REMOVE) {
                    node.items.splice(i, 1);
                    i -= 1;
                }
            }
        }
        else if (identity.isPair(node)) {
            path = Object.freeze(path.concat(node));
            const ck = visit_('key', node.key, visitor, path);
            if (ck === BREAK)
                return BREAK;
            else if (ck === REMOVE)
                node.key = null;
            const cv = visit_('value', node.value, visitor, path);
            if (cv === BREAK)
                return BREAK;
            else if (cv === REMOVE)
                node.value = null;
        }
    }
    return ctrl;
}
/**
 * Apply an async visitor to an AST node or document.
 *
 * Walks through the tree (depth-first) starting from `node`, calling a
 * `visitor` function with three arguments:
 *   - `key`: For sequence values and map `Pair`, the node's index in the
 *     collection. Within a `Pair`, `'key'` or `'value'`, correspondingly.
 *     `null` for the root node.
 *   - `node`: The current node.
 *   - `path`: The ancestry of the current node.
 *
 * The return value of the visitor may be used to control the traversal:
 *   - `Promise`: Must resolve to one of the following values
 *   - `undefined` (default): Do nothing and continue
 *   - `visit.SKIP`: Do not visit the children of this node, continue with next
 *     sibling
 *   - `visit.BREAK`: Terminate traversal completely
 *   - `visit.REMOVE`: Remove the current node, then continue with the next one
 *   - `Node`: Replace the current node, then continue by visiting it
 *   - `number`: While iterating the items of a sequence or map, set the index
 *     of the next step. This is useful especially if the index of the current
 *     node has changed.
 *
 * If `visitor` is a single function, it will be called with all values
 * encountered in the tree, including e.g. `null` values. Alternatively,
 * separate visitor functions may be defined for each `Map`, `Pair`, `Seq`,
 * `Alias` and `Scalar` node. To define the same visitor function for more than
 * one node type, use the `Collection` (map and seq), `Value` (map, seq & scalar)
 * and `Node` (alias, map, seq & scalar) targets. Of all these, only the most
 * specific defined one will be used for each node.
 */
async function visitAsync(node, visitor) {
    const visitor_ = initVisitor(visitor);
    if (identity.isDocument(node)) {
        const cd = await visitAsync_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
            node.contents = null;
    }
    else
        await visitAsync_(null, node, visitor_, Object.freeze([]));
}
// Without the `as symbol` casts, TS declares these in the `visit`
// namespace using `var`, but then complains about that because
// `unique symbol` must be `const`.
/** Terminate visit traversal completely */
visitAsync.BREAK = BREAK;
/** Do not visit the children of the current node */
visitAsync.SKIP = SKIP;
/** Remove the current node */
visitAsync.REMOVE = REMOVE;
async function visitAsync_(key, node, visitor, path) {
    const ctrl = await callVisitor(key, node, visitor, path);
    if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visitAsync_(key, ctrl, visitor, path);
    }
    if (typeof ctrl !== 'symbol') {
        if (identity.isCollection(node)) {
            path = Object.freeze(path.concat(node));
            for (let i = 0; i < node.items.length; ++i) {
                const ci = await visitAsync_(i, node.items[i], visitor, path);
                if (typeof ci === 'number')
                    i = ci - 1;
                else if (ci === BREAK)
                    return BREAK;
                else if (ci === REMOVE) {
                    node.items.splice(i, 1);
                    i -= 1;
                }
            }
        }
        else if (identity.isPair(node)) {
            path = Object.freeze(path.concat(node));
            const ck = await visitAsync_('key', node.key, visitor, path);
            if (ck === BREAK)
                return BREAK;
            else if (ck === REMOVE)
                node.key = null;
            const cv = await visitAsync_('value', node.value, visitor, path);
            if (cv === BREAK)
                return BREAK;
            else if (cv === REMOVE)
                node.value = null;
        }
    }
    return ctrl;
}
function initVisitor(visitor) {
    if (typeof visitor === 'object' &&
        (visitor.Collection || visitor.Node || visitor.Value)) {
        return Object.assign({
            Alias: visitor.Node,
            Map: visitor.Node,
            Scalar: visitor.Node,
            Seq: visitor.Node
        }, visitor.Value && {
            Map: visitor.Value,
            Scalar: visitor.Value,
            Seq: visitor.Value
        }, visitor.Collection && {
            Map: visitor.Collection,
            Seq: visitor.Collection
        }, visitor);
    }
    return visitor;
}
function callVisitor(key, node, visitor, path) {
    if (typeof visitor === 'function')
        return visitor(key, node, path);
    if (identity.isMap(node))
        return visitor.Map?.(key, node, path);
    if (identity.isSeq(node))
        return visitor.Seq?.(key, node, path);
    if (identity.isPair(node))
        return visitor.Pair?.(key, node, path);
    if (identity.isScalar(node))
        return visitor.Scalar?.(key, node, path);
    if (identity.isAlias(node))
        return visitor.Alias?.(key, node, path);
    return undefined;
}
function replaceNode(key, path, node) {
    const parent = path[path.length - 1];
    if (identity.isCollection(parent)) {
        parent.items[key] = node;
    }
    else if (identity.isPair(parent)) {
        if (key === 'key')
            parent.key = node;
        else
            parent.value = node;
    }
    else if (identity.isDocument(parent)) {
        parent.contents = node;
    }
    else {
        const pt = identity.isAlias(parent) ? 'alias' : 'scalar';
        throw new Error(`Cannot replace node with ${pt} parent`);
    }
}

exports.visit = visit;
exports.visitAsync = visitAsync;


/***/ }),

/***/ 606:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  H8: () => (/* binding */ IS_WINDOWS),
  t2: () => (/* binding */ exists),
  Qh: () => (/* binding */ isRooted),
  Ck: () => (/* binding */ mkdir),
  rm: () => (/* binding */ rm),
  vr: () => (/* binding */ tryGetExecutablePath)
});

// UNUSED EXPORTS: READONLY, UV_FS_O_EXLOCK, chmod, copyFile, getCmdPath, isDirectory, lstat, open, readdir, readlink, rename, rmdir, stat, symlink, unlink

;// CONCATENATED MODULE: external "fs"
const external_fs_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs");
// EXTERNAL MODULE: external "path"
var external_path_ = __nccwpck_require__(6928);
;// CONCATENATED MODULE: ./node_modules/@actions/io/lib/io-util.js
var __awaiter = (undefined && undefined.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};


const { chmod, copyFile, lstat, mkdir, open: io_util_open, readdir, rename, rm, rmdir, stat, symlink, unlink } = external_fs_namespaceObject.promises;
// export const {open} = 'fs'
const IS_WINDOWS = process.platform === 'win32';
/**
 * Custom implementation of readlink to ensure Windows junctions
 * maintain trailing backslash for backward compatibility with Node.js < 24
 *
 * In Node.js 20, Windows junctions (directory symlinks) always returned paths
 * with trailing backslashes. Node.js 24 removed this behavior, which breaks
 * code that relied on this format for path operations.
 *
 * This implementation restores the Node 20 behavior by adding a trailing
 * backslash to all junction results on Windows.
 */
function readlink(fsPath) {
    return __awaiter(this, void 0, void 0, function* () {
        const result = yield fs.promises.readlink(fsPath);
        // On Windows, restore Node 20 behavior: add trailing backslash to all results
        // since junctions on Windows are always directory links
        if (IS_WINDOWS && !result.endsWith('\\')) {
            return `${result}\\`;
        }
        return result;
    });
}
// See https://github.com/nodejs/node/blob/d0153aee367422d0858105abec186da4dff0a0c5/deps/uv/include/uv/win.h#L691
const UV_FS_O_EXLOCK = 0x10000000;
const READONLY = external_fs_namespaceObject.constants.O_RDONLY;
function exists(fsPath) {
    return __awaiter(this, void 0, void 0, function* () {
        try {
            yield stat(fsPath);
        }
        catch (err) {
            if (err.code === 'ENOENT') {
                return false;
            }
            throw err;
        }
        return true;
    });
}
function isDirectory(fsPath_1) {
    return __awaiter(this, arguments, void 0, function* (fsPath, useStat = false) {
        const stats = useStat ? yield stat(fsPath) : yield lstat(fsPath);
        return stats.isDirectory();
    });
}
/**
 * On OSX/Linux, true if path starts with '/'. On Windows, true for paths like:
 * \, \hello, \\hello\share, C:, and C:\hello (and corresponding alternate separator cases).
 */
function isRooted(p) {
    p = normalizeSeparators(p);
    if (!p) {
        throw new Error('isRooted() parameter "p" cannot be empty');
    }
    if (IS_WINDOWS) {
        return (p.startsWith('\\') || /^[A-Z]:/i.test(p) // e.g. \ or \hello or \\hello
        ); // e.g. C: or C:\hello
    }
    return p.startsWith('/');
}
/**
 * Best effort attempt to determine whether a file exists and is executable.
 * @param filePath    file path to check
 * @param extensions  additional file extensions to try
 * @return if file exists and is executable, returns the file path. otherwise empty string.
 */
function tryGetExecutablePath(filePath, extensions) {
    return __awaiter(this, void 0, void 0, function* () {
        let stats = undefined;
        try {
            // test file exists
            stats = yield stat(filePath);
        }
        catch (err) {
            if (err.code !== 'ENOENT') {
                // eslint-disable-next-line no-console
                console.log(`Unexpected error attempting to determine if executable file exists '${filePath}': ${err}`);
            }
        }
        if (stats && stats.isFile()) {
            if (IS_WINDOWS) {
                // on Windows, test for valid extension
                const upperExt = external_path_.extname(filePath).toUpperCase();
                if (extensions.some(validExt => validExt.toUpperCase() === upperExt)) {
                    return filePath;
                }
            }
            else {
                if (isUnixExecutable(stats)) {
                    return filePath;
                }
            }
        }
        // try each extension
        const originalFilePath = filePath;
        for (const extension of extensions) {
            filePath = originalFilePath + extension;
            stats = undefined;
            try {
                stats = yield stat(filePath);
            }
            catch (err) {
                if (err.code !== 'ENOENT') {
                    // eslint-disable-next-line no-console
                    console.log(`Unexpected error attempting to determine if executable file exists '${filePath}': ${err}`);
                }
            }
            if (stats && stats.isFile()) {
                if (IS_WINDOWS) {
                    // preserve the case of the actual file (since an extension was appended)
                    try {
                        const directory = external_path_.dirname(filePath);
                        const upperName = external_path_.basename(filePath).toUpperCase();
                        for (const actualName of yield readdir(directory)) {
                            if (upperName === actualName.toUpperCase()) {
                                filePath = external_path_.join(directory, actualName);
                                break;
                            }
                        }
                    }
                    catch (err) {
                        // eslint-disable-next-line no-console
                        console.log(`Unexpected error attempting to determine the actual case of the file '${filePath}': ${err}`);
                    }
                    return filePath;
                }
                else {
                    if (isUnixExecutable(stats)) {
                        return filePath;
                    }
                }
            }
        }
        return '';
    });
}
function normalizeSeparators(p) {
    p = p || '';
    if (IS_WINDOWS) {
        // convert slashes on Windows
        p = p.replace(/\//g, '\\');
        // remove redundant slashes
        return p.replace(/\\\\+/g, '\\');
    }
    // remove redundant slashes
    return p.replace(/\/\/+/g, '/');
}
// on Mac/Linux, test the execute bit
//     R   W  X  R  W X R W X
//   256 128 64 32 16 8 4 2 1
function isUnixExecutable(stats) {
    return ((stats.mode & 1) > 0 ||
        ((stats.mode & 8) > 0 &&
            process.getgid !== undefined &&
            stats.gid === process.getgid()) ||
        ((stats.mode & 64) > 0 &&
            process.getuid !== undefined &&
            stats.uid === process.getuid()));
}
// Get the path of cmd.exe in windows
function getCmdPath() {
    var _a;
    return (_a = process.env['COMSPEC']) !== null && _a !== void 0 ? _a : `cmd.exe`;
}
//# sourceMappingURL=io-util.js.map

/***/ }),

/***/ 5366:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  U$: () => (/* binding */ mkdirP),
  Yz: () => (/* binding */ rmRF),
  K7: () => (/* binding */ which)
});

// UNUSED EXPORTS: cp, findInPath, mv

;// CONCATENATED MODULE: external "assert"
const external_assert_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("assert");
// EXTERNAL MODULE: external "path"
var external_path_ = __nccwpck_require__(6928);
// EXTERNAL MODULE: ./node_modules/@actions/io/lib/io-util.js + 1 modules
var io_util = __nccwpck_require__(606);
;// CONCATENATED MODULE: ./node_modules/@actions/io/lib/io.js
var __awaiter = (undefined && undefined.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};



/**
 * Copies a file or folder.
 * Based off of shelljs - https://github.com/shelljs/shelljs/blob/9237f66c52e5daa40458f94f9565e18e8132f5a6/src/cp.js
 *
 * @param     source    source path
 * @param     dest      destination path
 * @param     options   optional. See CopyOptions.
 */
function cp(source_1, dest_1) {
    return __awaiter(this, arguments, void 0, function* (source, dest, options = {}) {
        const { force, recursive, copySourceDirectory } = readCopyOptions(options);
        const destStat = (yield ioUtil.exists(dest)) ? yield ioUtil.stat(dest) : null;
        // Dest is an existing file, but not forcing
        if (destStat && destStat.isFile() && !force) {
            return;
        }
        // If dest is an existing directory, should copy inside.
        const newDest = destStat && destStat.isDirectory() && copySourceDirectory
            ? path.join(dest, path.basename(source))
            : dest;
        if (!(yield ioUtil.exists(source))) {
            throw new Error(`no such file or directory: ${source}`);
        }
        const sourceStat = yield ioUtil.stat(source);
        if (sourceStat.isDirectory()) {
            if (!recursive) {
                throw new Error(`Failed to copy. ${source} is a directory, but tried to copy without recursive flag.`);
            }
            else {
                yield cpDirRecursive(source, newDest, 0, force);
            }
        }
        else {
            if (path.relative(source, newDest) === '') {
                // a file cannot be copied to itself
                throw new Error(`'${newDest}' and '${source}' are the same file`);
            }
            yield copyFile(source, newDest, force);
        }
    });
}
/**
 * Moves a path.
 *
 * @param     source    source path
 * @param     dest      destination path
 * @param     options   optional. See MoveOptions.
 */
function mv(source_1, dest_1) {
    return __awaiter(this, arguments, void 0, function* (source, dest, options = {}) {
        if (yield ioUtil.exists(dest)) {
            let destExists = true;
            if (yield ioUtil.isDirectory(dest)) {
                // If dest is directory copy src into dest
                dest = path.join(dest, path.basename(source));
                destExists = yield ioUtil.exists(dest);
            }
            if (destExists) {
                if (options.force == null || options.force) {
                    yield rmRF(dest);
                }
                else {
                    throw new Error('Destination already exists');
                }
            }
        }
        yield mkdirP(path.dirname(dest));
        yield ioUtil.rename(source, dest);
    });
}
/**
 * Remove a path recursively with force
 *
 * @param inputPath path to remove
 */
function rmRF(inputPath) {
    return __awaiter(this, void 0, void 0, function* () {
        if (io_util/* IS_WINDOWS */.H8) {
            // Check for invalid characters
            // https://docs.microsoft.com/en-us/windows/win32/fileio/naming-a-file
            if (/[*"<>|]/.test(inputPath)) {
                throw new Error('File path must not contain `*`, `"`, `<`, `>` or `|` on Windows');
            }
        }
        try {
            // note if path does not exist, error is silent
            yield io_util.rm(inputPath, {
                force: true,
                maxRetries: 3,
                recursive: true,
                retryDelay: 300
            });
        }
        catch (err) {
            throw new Error(`File was unable to be removed ${err}`);
        }
    });
}
/**
 * Make a directory.  Creates the full path with folders in between
 * Will throw if it fails
 *
 * @param   fsPath        path to create
 * @returns Promise<void>
 */
function mkdirP(fsPath) {
    return __awaiter(this, void 0, void 0, function* () {
        (0,external_assert_namespaceObject.ok)(fsPath, 'a path argument must be provided');
        yield io_util/* mkdir */.Ck(fsPath, { recursive: true });
    });
}
/**
 * Returns path of a tool had the tool actually been invoked.  Resolves via paths.
 * If you check and the tool does not exist, it will throw.
 *
 * @param     tool              name of the tool
 * @param     check             whether to check if tool exists
 * @returns   Promise<string>   path to tool
 */
function which(tool, check) {
    return __awaiter(this, void 0, void 0, function* () {
        if (!tool) {
            throw new Error("parameter 'tool' is required");
        }
        // recursive when check=true
        if (check) {
            const result = yield which(tool, false);
            if (!result) {
                if (io_util/* IS_WINDOWS */.H8) {
                    throw new Error(`Unable to locate executable file: ${tool}. Please verify either the file path exists or the file can be found within a directory specified by the PATH environment variable. Also verify the file has a valid extension for an executable file.`);
                }
                else {
                    throw new Error(`Unable to locate executable file: ${tool}. Please verify either the file path exists or the file can be found within a directory specified by the PATH environment variable. Also check the file mode to verify the file is executable.`);
                }
            }
            return result;
        }
        const matches = yield findInPath(tool);
        if (matches && matches.length > 0) {
            return matches[0];
        }
        return '';
    });
}
/**
 * Returns a list of all occurrences of the given tool on the system path.
 *
 * @returns   Promise<string[]>  the paths of the tool
 */
function findInPath(tool) {
    return __awaiter(this, void 0, void 0, function* () {
        if (!tool) {
            throw new Error("parameter 'tool' is required");
        }
        // build the list of extensions to try
        const extensions = [];
        if (io_util/* IS_WINDOWS */.H8 && process.env['PATHEXT']) {
            for (const extension of process.env['PATHEXT'].split(external_path_.delimiter)) {
                if (extension) {
                    extensions.push(extension);
                }
            }
        }
        // if it's rooted, return it if exists. otherwise return empty.
        if (io_util/* isRooted */.Qh(tool)) {
            const filePath = yield io_util/* tryGetExecutablePath */.vr(tool, extensions);
            if (filePath) {
                return [filePath];
            }
            return [];
        }
        // if any path separators, return empty
        if (tool.includes(external_path_.sep)) {
            return [];
        }
        // build the list of directories
        //
        // Note, technically "where" checks the current directory on Windows. From a toolkit perspective,
        // it feels like we should not do this. Checking the current directory seems like more of a use
        // case of a shell, and the which() function exposed by the toolkit should strive for consistency
        // across platforms.
        const directories = [];
        if (process.env.PATH) {
            for (const p of process.env.PATH.split(external_path_.delimiter)) {
                if (p) {
                    directories.push(p);
                }
            }
        }
        // find all matches
        const matches = [];
        for (const directory of directories) {
            const filePath = yield io_util/* tryGetExecutablePath */.vr(external_path_.join(directory, tool), extensions);
            if (filePath) {
                matches.push(filePath);
            }
        }
        return matches;
    });
}
function readCopyOptions(options) {
    const force = options.force == null ? true : options.force;
    const recursive = Boolean(options.recursive);
    const copySourceDirectory = options.copySourceDirectory == null
        ? true
        : Boolean(options.copySourceDirectory);
    return { force, recursive, copySourceDirectory };
}
function cpDirRecursive(sourceDir, destDir, currentDepth, force) {
    return __awaiter(this, void 0, void 0, function* () {
        // Ensure there is not a run away recursive copy
        if (currentDepth >= 255)
            return;
        currentDepth++;
        yield mkdirP(destDir);
        const files = yield ioUtil.readdir(sourceDir);
        for (const fileName of files) {
            const srcFile = `${sourceDir}/${fileName}`;
            const destFile = `${destDir}/${fileName}`;
            const srcFileStat = yield ioUtil.lstat(srcFile);
            if (srcFileStat.isDirectory()) {
                // Recurse
                yield cpDirRecursive(srcFile, destFile, currentDepth, force);
            }
            else {
                yield copyFile(srcFile, destFile, force);
            }
        }
        // Change the mode for the newly created directory
        yield ioUtil.chmod(destDir, (yield ioUtil.stat(sourceDir)).mode);
    });
}
// Buffered file copy
function copyFile(srcFile, destFile, force) {
    return __awaiter(this, void 0, void 0, function* () {
        if ((yield ioUtil.lstat(srcFile)).isSymbolicLink()) {
            // unlink/re-link it
            try {
                yield ioUtil.lstat(destFile);
                yield ioUtil.unlink(destFile);
            }
            catch (e) {
                // Try to override file permission
                if (e.code === 'EPERM') {
                    yield ioUtil.chmod(destFile, '0666');
                    yield ioUtil.unlink(destFile);
                }
                // other errors = it doesn't exist, no work to do
            }
            // Copy over symlink
            const symlinkFull = yield ioUtil.readlink(srcFile);
            yield ioUtil.symlink(symlinkFull, destFile, ioUtil.IS_WINDOWS ? 'junction' : null);
        }
        else if (!(yield ioUtil.exists(destFile)) || force) {
            yield ioUtil.copyFile(srcFile, destFile);
        }
    });
}
//# sourceMappingURL=io.js.map

/***/ }),

/***/ 3305:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  _L: () => (/* binding */ _boolean),
  qm: () => (/* binding */ _gte),
  LK: () => (/* binding */ _int),
  Zm: () => (/* binding */ _lte),
  m9: () => (/* binding */ _minLength),
  G8: () => (/* binding */ _never),
  F7: () => (/* binding */ _number),
  Rl: () => (/* binding */ _string),
  em: () => (/* binding */ _unknown),
  q0: () => (/* binding */ describe),
  mI: () => (/* binding */ meta)
});

// UNUSED EXPORTS: TimePrecision, _any, _array, _base64, _base64url, _bigint, _catch, _check, _cidrv4, _cidrv6, _coercedBigint, _coercedBoolean, _coercedDate, _coercedNumber, _coercedString, _creditCard, _cuid, _cuid2, _custom, _date, _default, _discriminatedUnion, _e164, _email, _emoji, _endsWith, _enum, _file, _float32, _float64, _gt, _guid, _iban, _includes, _int32, _int64, _intersection, _ipv4, _ipv6, _isoDate, _isoDateTime, _isoDuration, _isoTime, _jwt, _ksuid, _lazy, _length, _literal, _lowercase, _lt, _mac, _map, _max, _maxLength, _maxSize, _mime, _min, _minSize, _multipleOf, _nan, _nanoid, _nativeEnum, _negative, _nonnegative, _nonoptional, _nonpositive, _normalize, _null, _nullable, _optional, _overwrite, _pipe, _positive, _promise, _properties, _property, _readonly, _record, _refine, _regex, _set, _size, _slugify, _startsWith, _stringFormat, _stringbool, _success, _superRefine, _symbol, _templateLiteral, _toLowerCase, _toUpperCase, _transform, _trim, _tuple, _uint32, _uint64, _ulid, _undefined, _union, _uppercase, _url, _uuid, _uuidv4, _uuidv6, _uuidv7, _void, _xid, _xor

// EXTERNAL MODULE: ./node_modules/zod/v4/core/checks.js
var core_checks = __nccwpck_require__(4890);
;// CONCATENATED MODULE: ./node_modules/zod/v4/core/registries.js
var _a;
const $output = /*@__PURE__*/ (/* unused pure expression or super */ null && (Symbol("ZodOutput")));
const $input = /*@__PURE__*/ (/* unused pure expression or super */ null && (Symbol("ZodInput")));
class $ZodRegistry {
    constructor() {
        this._map = new WeakMap();
        this._idmap = new Map();
    }
    add(schema, ..._meta) {
        const meta = _meta[0];
        this._map.set(schema, meta);
        if (meta && typeof meta === "object" && "id" in meta) {
            this._idmap.set(meta.id, schema);
        }
        return this;
    }
    clear() {
        this._map = new WeakMap();
        this._idmap = new Map();
        return this;
    }
    remove(schema) {
        const meta = this._map.get(schema);
        if (meta && typeof meta === "object" && "id" in meta) {
            this._idmap.delete(meta.id);
        }
        this._map.delete(schema);
        return this;
    }
    get(schema) {
        // return this._map.get(schema) as any;
        // inherit metadata
        const p = schema._zod.parent;
        if (p) {
            const pm = { ...(this.get(p) ?? {}) };
            delete pm.id; // do not inherit id
            const f = { ...pm, ...this._map.get(schema) };
            return Object.keys(f).length ? f : undefined;
        }
        return this._map.get(schema);
    }
    has(schema) {
        return this._map.has(schema);
    }
}
// registries
function registry() {
    return new $ZodRegistry();
}
(_a = globalThis).__zod_globalRegistry ?? (_a.__zod_globalRegistry = registry());
const globalRegistry = globalThis.__zod_globalRegistry;

// EXTERNAL MODULE: ./node_modules/zod/v4/core/util.js
var core_util = __nccwpck_require__(4723);
;// CONCATENATED MODULE: ./node_modules/zod/v4/core/api.js




function snapshotChecks(def) {
    if (def.checks)
        def.checks = [...def.checks];
    return def;
}
// @__NO_SIDE_EFFECTS__
function _string(Class, params) {
    return new Class(snapshotChecks({ type: "string", ...core_util/* normalizeParams */.A2(params) }));
}
// @__NO_SIDE_EFFECTS__
function _coercedString(Class, params) {
    return new Class(snapshotChecks({ type: "string", coerce: true, ...util.normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _email(Class, params) {
    return new Class({
        type: "string",
        format: "email",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _guid(Class, params) {
    return new Class({
        type: "string",
        format: "guid",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuid(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuidv4(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v4",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuidv6(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v6",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uuidv7(Class, params) {
    return new Class({
        type: "string",
        format: "uuid",
        check: "string_format",
        abort: false,
        version: "v7",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _url(Class, params) {
    return new Class({
        type: "string",
        format: "url",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _emoji(Class, params) {
    return new Class({
        type: "string",
        format: "emoji",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _nanoid(Class, params) {
    return new Class({
        type: "string",
        format: "nanoid",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link _cuid2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
// @__NO_SIDE_EFFECTS__
function _cuid(Class, params) {
    return new Class({
        type: "string",
        format: "cuid",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _cuid2(Class, params) {
    return new Class({
        type: "string",
        format: "cuid2",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ulid(Class, params) {
    return new Class({
        type: "string",
        format: "ulid",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _xid(Class, params) {
    return new Class({
        type: "string",
        format: "xid",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ksuid(Class, params) {
    return new Class({
        type: "string",
        format: "ksuid",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ipv4(Class, params) {
    return new Class({
        type: "string",
        format: "ipv4",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _ipv6(Class, params) {
    return new Class({
        type: "string",
        format: "ipv6",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _mac(Class, params) {
    return new Class({
        type: "string",
        format: "mac",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _cidrv4(Class, params) {
    return new Class({
        type: "string",
        format: "cidrv4",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _cidrv6(Class, params) {
    return new Class({
        type: "string",
        format: "cidrv6",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _base64(Class, params) {
    return new Class({
        type: "string",
        format: "base64",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _base64url(Class, params) {
    return new Class({
        type: "string",
        format: "base64url",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _e164(Class, params) {
    return new Class({
        type: "string",
        format: "e164",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _creditCard(Class, params) {
    return new Class({
        type: "string",
        format: "credit_card",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _iban(Class, params) {
    return new Class({
        type: "string",
        format: "iban",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _jwt(Class, params) {
    return new Class({
        type: "string",
        format: "jwt",
        check: "string_format",
        abort: false,
        ...util.normalizeParams(params),
    });
}
const TimePrecision = {
    Any: null,
    Minute: -1,
    Second: 0,
    Millisecond: 3,
    Microsecond: 6,
};
// @__NO_SIDE_EFFECTS__
function _isoDateTime(Class, params) {
    return new Class({
        type: "string",
        format: "datetime",
        check: "string_format",
        offset: false,
        local: false,
        precision: null,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoDate(Class, params) {
    return new Class({
        type: "string",
        format: "date",
        check: "string_format",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoTime(Class, params) {
    return new Class({
        type: "string",
        format: "time",
        check: "string_format",
        precision: null,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _isoDuration(Class, params) {
    return new Class({
        type: "string",
        format: "duration",
        check: "string_format",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _number(Class, params) {
    return new Class(snapshotChecks({ type: "number", checks: [], ...core_util/* normalizeParams */.A2(params) }));
}
// @__NO_SIDE_EFFECTS__
function _coercedNumber(Class, params) {
    return new Class(snapshotChecks({ type: "number", coerce: true, checks: [], ...util.normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _int(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "safeint",
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _float32(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "float32",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _float64(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "float64",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _int32(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "int32",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uint32(Class, params) {
    return new Class({
        type: "number",
        check: "number_format",
        abort: false,
        format: "uint32",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _boolean(Class, params) {
    return new Class({
        type: "boolean",
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _coercedBoolean(Class, params) {
    return new Class({
        type: "boolean",
        coerce: true,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _bigint(Class, params) {
    return new Class({
        type: "bigint",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _coercedBigint(Class, params) {
    return new Class({
        type: "bigint",
        coerce: true,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _int64(Class, params) {
    return new Class({
        type: "bigint",
        check: "bigint_format",
        abort: false,
        format: "int64",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uint64(Class, params) {
    return new Class({
        type: "bigint",
        check: "bigint_format",
        abort: false,
        format: "uint64",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _symbol(Class, params) {
    return new Class({
        type: "symbol",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _undefined(Class, params) {
    return new Class({
        type: "undefined",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _null(Class, params) {
    return new Class({
        type: "null",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _any(Class) {
    return new Class({
        type: "any",
    });
}
// @__NO_SIDE_EFFECTS__
function _unknown(Class) {
    return new Class({
        type: "unknown",
    });
}
// @__NO_SIDE_EFFECTS__
function _never(Class, params) {
    return new Class({
        type: "never",
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _void(Class, params) {
    return new Class({
        type: "void",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _date(Class, params) {
    return new Class({
        type: "date",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _coercedDate(Class, params) {
    return new Class({
        type: "date",
        coerce: true,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _nan(Class, params) {
    return new Class({
        type: "nan",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _lt(value, params) {
    return new checks.$ZodCheckLessThan({
        check: "less_than",
        ...util.normalizeParams(params),
        value,
        inclusive: false,
    });
}
// @__NO_SIDE_EFFECTS__
function _lte(value, params) {
    return new core_checks/* $ZodCheckLessThan */.sm({
        check: "less_than",
        ...core_util/* normalizeParams */.A2(params),
        value,
        inclusive: true,
    });
}

// @__NO_SIDE_EFFECTS__
function _gt(value, params) {
    return new checks.$ZodCheckGreaterThan({
        check: "greater_than",
        ...util.normalizeParams(params),
        value,
        inclusive: false,
    });
}
// @__NO_SIDE_EFFECTS__
function _gte(value, params) {
    return new core_checks/* $ZodCheckGreaterThan */.J_({
        check: "greater_than",
        ...core_util/* normalizeParams */.A2(params),
        value,
        inclusive: true,
    });
}

// @__NO_SIDE_EFFECTS__
function _positive(params) {
    return _gt(0, params);
}
// negative
// @__NO_SIDE_EFFECTS__
function _negative(params) {
    return _lt(0, params);
}
// nonpositive
// @__NO_SIDE_EFFECTS__
function _nonpositive(params) {
    return _lte(0, params);
}
// nonnegative
// @__NO_SIDE_EFFECTS__
function _nonnegative(params) {
    return _gte(0, params);
}
// @__NO_SIDE_EFFECTS__
function _multipleOf(value, params) {
    return new checks.$ZodCheckMultipleOf({
        check: "multiple_of",
        ...util.normalizeParams(params),
        value,
    });
}
// @__NO_SIDE_EFFECTS__
function _maxSize(maximum, params) {
    return new checks.$ZodCheckMaxSize({
        check: "max_size",
        ...util.normalizeParams(params),
        maximum,
    });
}
// @__NO_SIDE_EFFECTS__
function _minSize(minimum, params) {
    return new checks.$ZodCheckMinSize({
        check: "min_size",
        ...util.normalizeParams(params),
        minimum,
    });
}
// @__NO_SIDE_EFFECTS__
function _size(size, params) {
    return new checks.$ZodCheckSizeEquals({
        check: "size_equals",
        ...util.normalizeParams(params),
        size,
    });
}
// @__NO_SIDE_EFFECTS__
function _maxLength(maximum, params) {
    const ch = new checks.$ZodCheckMaxLength({
        check: "max_length",
        ...util.normalizeParams(params),
        maximum,
    });
    return ch;
}
// @__NO_SIDE_EFFECTS__
function _minLength(minimum, params) {
    return new core_checks/* $ZodCheckMinLength */.Kk({
        check: "min_length",
        ...core_util/* normalizeParams */.A2(params),
        minimum,
    });
}
// @__NO_SIDE_EFFECTS__
function _length(length, params) {
    return new checks.$ZodCheckLengthEquals({
        check: "length_equals",
        ...util.normalizeParams(params),
        length,
    });
}
// @__NO_SIDE_EFFECTS__
function _regex(pattern, params) {
    return new checks.$ZodCheckRegex({
        check: "string_format",
        format: "regex",
        ...util.normalizeParams(params),
        pattern,
    });
}
// @__NO_SIDE_EFFECTS__
function _lowercase(params) {
    return new checks.$ZodCheckLowerCase({
        check: "string_format",
        format: "lowercase",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _uppercase(params) {
    return new checks.$ZodCheckUpperCase({
        check: "string_format",
        format: "uppercase",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _includes(includes, params) {
    return new checks.$ZodCheckIncludes({
        check: "string_format",
        format: "includes",
        ...util.normalizeParams(params),
        includes,
    });
}
// @__NO_SIDE_EFFECTS__
function _startsWith(prefix, params) {
    return new checks.$ZodCheckStartsWith({
        check: "string_format",
        format: "starts_with",
        ...util.normalizeParams(params),
        prefix,
    });
}
// @__NO_SIDE_EFFECTS__
function _endsWith(suffix, params) {
    return new checks.$ZodCheckEndsWith({
        check: "string_format",
        format: "ends_with",
        ...util.normalizeParams(params),
        suffix,
    });
}
// @__NO_SIDE_EFFECTS__
function _property(property, schema, params) {
    return new checks.$ZodCheckProperty({
        check: "property",
        property,
        schema,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _properties(shape, params) {
    return new checks.$ZodCheckProperties({
        check: "properties",
        shape,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _mime(types, params) {
    return new checks.$ZodCheckMimeType({
        check: "mime_type",
        mime: types,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _overwrite(tx) {
    return new checks.$ZodCheckOverwrite({
        check: "overwrite",
        tx,
    });
}
// normalize
// @__NO_SIDE_EFFECTS__
function _normalize(form) {
    return _overwrite((input) => input.normalize(form));
}
// trim
// @__NO_SIDE_EFFECTS__
function _trim() {
    return _overwrite((input) => input.trim());
}
// toLowerCase
// @__NO_SIDE_EFFECTS__
function _toLowerCase() {
    return _overwrite((input) => input.toLowerCase());
}
// toUpperCase
// @__NO_SIDE_EFFECTS__
function _toUpperCase() {
    return _overwrite((input) => input.toUpperCase());
}
// slugify
// @__NO_SIDE_EFFECTS__
function _slugify() {
    return _overwrite((input) => util.slugify(input));
}
// @__NO_SIDE_EFFECTS__
function _array(Class, element, params) {
    return new Class({
        type: "array",
        element,
        // get element() {
        //   return element;
        // },
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _union(Class, options, params) {
    return new Class({
        type: "union",
        options,
        ...util.normalizeParams(params),
    });
}
function _xor(Class, options, params) {
    return new Class({
        type: "union",
        options,
        inclusive: false,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _discriminatedUnion(Class, discriminator, options, params) {
    return new Class({
        type: "union",
        options: options,
        discriminator,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _intersection(Class, left, right) {
    return new Class({
        type: "intersection",
        left,
        right,
    });
}
// export function _tuple(
//   Class: util.SchemaClass<schemas.$ZodTuple>,
//   items: [],
//   params?: string | $ZodTupleParams
// ): schemas.$ZodTuple<[], null>;
// @__NO_SIDE_EFFECTS__
function _tuple(Class, items, _paramsOrRest, _params) {
    const hasRest = _paramsOrRest instanceof schemas.$ZodType;
    const params = hasRest ? _params : _paramsOrRest;
    const rest = hasRest ? _paramsOrRest : null;
    return new Class({
        type: "tuple",
        items,
        rest,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _record(Class, keyType, valueType, params) {
    return new Class({
        type: "record",
        keyType,
        valueType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _map(Class, keyType, valueType, params) {
    return new Class({
        type: "map",
        keyType,
        valueType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _set(Class, valueType, params) {
    return new Class({
        type: "set",
        valueType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _enum(Class, values, params) {
    const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
    // if (Array.isArray(values)) {
    //   for (const value of values) {
    //     entries[value] = value;
    //   }
    // } else {
    //   Object.assign(entries, values);
    // }
    // const entries: util.EnumLike = {};
    // for (const val of values) {
    //   entries[val] = val;
    // }
    return new Class({
        type: "enum",
        entries,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
/** @deprecated This API has been merged into `z.enum()`. Use `z.enum()` instead.
 *
 * ```ts
 * enum Colors { red, green, blue }
 * z.enum(Colors);
 * ```
 */
function _nativeEnum(Class, entries, params) {
    return new Class({
        type: "enum",
        entries,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _literal(Class, value, params) {
    return new Class({
        type: "literal",
        values: Array.isArray(value) ? value : [value],
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _file(Class, params) {
    return new Class({
        type: "file",
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _transform(Class, fn) {
    return new Class({
        type: "transform",
        transform: fn,
    });
}
// @__NO_SIDE_EFFECTS__
function _optional(Class, innerType) {
    return new Class({
        type: "optional",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _nullable(Class, innerType) {
    return new Class({
        type: "nullable",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _default(Class, innerType, defaultValue) {
    return new Class({
        type: "default",
        innerType,
        get defaultValue() {
            return typeof defaultValue === "function" ? defaultValue() : util.shallowClone(defaultValue);
        },
    });
}
// @__NO_SIDE_EFFECTS__
function _nonoptional(Class, innerType, params) {
    return new Class({
        type: "nonoptional",
        innerType,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _success(Class, innerType) {
    return new Class({
        type: "success",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _catch(Class, innerType, catchValue) {
    return new Class({
        type: "catch",
        innerType,
        catchValue: (typeof catchValue === "function" ? catchValue : util.constantCatch(catchValue)),
    });
}
// @__NO_SIDE_EFFECTS__
function _pipe(Class, in_, out) {
    return new Class({
        type: "pipe",
        in: in_,
        out,
    });
}
// @__NO_SIDE_EFFECTS__
function _readonly(Class, innerType) {
    return new Class({
        type: "readonly",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _templateLiteral(Class, parts, params) {
    return new Class({
        type: "template_literal",
        parts,
        ...util.normalizeParams(params),
    });
}
// @__NO_SIDE_EFFECTS__
function _lazy(Class, getter) {
    return new Class({
        type: "lazy",
        getter,
    });
}
// @__NO_SIDE_EFFECTS__
function _promise(Class, innerType) {
    return new Class({
        type: "promise",
        innerType,
    });
}
// @__NO_SIDE_EFFECTS__
function _custom(Class, fn, _params) {
    const norm = util.normalizeParams(_params);
    norm.abort ?? (norm.abort = true); // default to abort:false
    const schema = new Class({
        type: "custom",
        check: "custom",
        fn: fn,
        ...norm,
    });
    return schema;
}
// same as _custom but defaults to abort:false
// @__NO_SIDE_EFFECTS__
function _refine(Class, fn, _params) {
    const schema = new Class({
        type: "custom",
        check: "custom",
        fn: fn,
        ...util.normalizeParams(_params),
    });
    return schema;
}
// @__NO_SIDE_EFFECTS__
function _superRefine(fn, params) {
    const ch = _check((payload) => {
        payload.addIssue = (issue) => {
            if (typeof issue === "string") {
                payload.issues.push(util.issue(issue, payload.value, ch._zod.def));
            }
            else {
                // for Zod 3 backwards compatibility
                const _issue = issue;
                if (_issue.fatal)
                    _issue.continue = false;
                _issue.code ?? (_issue.code = "custom");
                if (!("input" in _issue))
                    _issue.input = payload.value;
                _issue.inst ?? (_issue.inst = ch);
                _issue.continue ?? (_issue.continue = !ch._zod.def.abort); // abort is always undefined, so this is always true...
                payload.issues.push(util.issue(_issue));
            }
        };
        return fn(payload.value, payload);
    }, params);
    return ch;
}
// @__NO_SIDE_EFFECTS__
function _check(fn, params) {
    const ch = new checks.$ZodCheck({
        check: "custom",
        ...util.normalizeParams(params),
    });
    ch._zod.check = fn;
    return ch;
}
// @__NO_SIDE_EFFECTS__
function describe(description) {
    const ch = new core_checks/* $ZodCheck */.QP({ check: "describe" });
    ch._zod.onattach = [
        (inst) => {
            const existing = globalRegistry.get(inst) ?? {};
            globalRegistry.add(inst, { ...existing, description });
        },
    ];
    ch._zod.check = () => { }; // no-op check
    return ch;
}
// @__NO_SIDE_EFFECTS__
function meta(metadata) {
    const ch = new core_checks/* $ZodCheck */.QP({ check: "meta" });
    ch._zod.onattach = [
        (inst) => {
            const existing = globalRegistry.get(inst) ?? {};
            globalRegistry.add(inst, { ...existing, ...metadata });
        },
    ];
    ch._zod.check = () => { }; // no-op check
    return ch;
}
// @__NO_SIDE_EFFECTS__
function _stringbool(Classes, _params) {
    const params = util.normalizeParams(_params);
    let truthyArray = params.truthy ?? ["true", "1", "yes", "on", "y", "enabled"];
    let falsyArray = params.falsy ?? ["false", "0", "no", "off", "n", "disabled"];
    if (params.case !== "sensitive") {
        truthyArray = truthyArray.map((v) => (typeof v === "string" ? v.toLowerCase() : v));
        falsyArray = falsyArray.map((v) => (typeof v === "string" ? v.toLowerCase() : v));
    }
    const truthySet = new Set(truthyArray);
    const falsySet = new Set(falsyArray);
    const _Codec = Classes.Codec ?? schemas.$ZodCodec;
    const _Boolean = Classes.Boolean ?? schemas.$ZodBoolean;
    const _String = Classes.String ?? schemas.$ZodString;
    const stringSchema = new _String({ type: "string", error: params.error });
    const booleanSchema = new _Boolean({ type: "boolean", error: params.error });
    const codec = new _Codec({
        type: "pipe",
        in: stringSchema,
        out: booleanSchema,
        transform: ((input, payload) => {
            let data = input;
            if (params.case !== "sensitive")
                data = data.toLowerCase();
            if (truthySet.has(data)) {
                return true;
            }
            else if (falsySet.has(data)) {
                return false;
            }
            else {
                payload.issues.push({
                    code: "invalid_value",
                    expected: "stringbool",
                    values: [...truthySet, ...falsySet],
                    input: payload.value,
                    inst: codec,
                    continue: false,
                });
                return {};
            }
        }),
        reverseTransform: ((input, _payload) => {
            if (input === true) {
                return truthyArray[0] || "true";
            }
            else {
                return falsyArray[0] || "false";
            }
        }),
        error: params.error,
    });
    codec._zod.bag.truthy = truthyArray;
    codec._zod.bag.falsy = falsyArray;
    codec._zod.bag.case = params.case ?? "insensitive";
    return codec;
}
// @__NO_SIDE_EFFECTS__
function _stringFormat(Class, format, fnOrRegex, _params = {}) {
    const params = util.normalizeParams(_params);
    const def = {
        check: "string_format",
        type: "string",
        format,
        fn: typeof fnOrRegex === "function" ? fnOrRegex : (val) => fnOrRegex.test(val),
        ...params,
    };
    if (fnOrRegex instanceof RegExp) {
        def.pattern = fnOrRegex;
    }
    const inst = new Class(def);
    return inst;
}


/***/ }),

/***/ 4890:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   J_: () => (/* binding */ $ZodCheckGreaterThan),
/* harmony export */   KH: () => (/* binding */ $ZodCheckNumberFormat),
/* harmony export */   Kk: () => (/* binding */ $ZodCheckMinLength),
/* harmony export */   QP: () => (/* binding */ $ZodCheck),
/* harmony export */   sm: () => (/* binding */ $ZodCheckLessThan)
/* harmony export */ });
/* unused harmony exports $ZodCheckMultipleOf, $ZodCheckBigIntFormat, $ZodCheckMaxSize, $ZodCheckMinSize, $ZodCheckSizeEquals, $ZodCheckMaxLength, $ZodCheckLengthEquals, $ZodCheckStringFormat, $ZodCheckRegex, $ZodCheckLowerCase, $ZodCheckUpperCase, $ZodCheckIncludes, $ZodCheckStartsWith, $ZodCheckEndsWith, $ZodCheckProperty, $ZodCheckProperties, $ZodCheckMimeType, $ZodCheckOverwrite */
/* harmony import */ var _core_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(8532);
/* harmony import */ var _util_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(4723);
// import { $ZodType } from "./schemas.js";



const $ZodCheck = /*@__PURE__*/ _core_js__WEBPACK_IMPORTED_MODULE_0__/* .$constructor */ .xI("$ZodCheck", (inst, def) => {
    var _a;
    inst._zod ?? (inst._zod = {});
    inst._zod.def = def;
    (_a = inst._zod).onattach ?? (_a.onattach = []);
});
/** Default `when` for size-based checks: run only on non-nullish values with a `size`. */
const _whenHasSize = (payload) => {
    const val = payload.value;
    return !util.nullish(val) && val.size !== undefined;
};
/** Default `when` for length-based checks: run only on non-nullish values with a `length`. */
const _whenHasLength = (payload) => {
    const val = payload.value;
    return !_util_js__WEBPACK_IMPORTED_MODULE_1__/* .nullish */ .cl(val) && val.length !== undefined;
};
const numericOriginMap = {
    number: "number",
    bigint: "bigint",
    object: "date",
};
const $ZodCheckLessThan = /*@__PURE__*/ _core_js__WEBPACK_IMPORTED_MODULE_0__/* .$constructor */ .xI("$ZodCheckLessThan", (inst, def) => {
    $ZodCheck.init(inst, def);
    const origin = numericOriginMap[typeof def.value];
    inst._zod.check = (payload) => {
        if (def.inclusive ? payload.value <= def.value : payload.value < def.value) {
            return;
        }
        payload.issues.push({
            origin: numericOriginMap[typeof payload.value] ?? origin,
            code: "too_big",
            maximum: typeof def.value === "object" ? def.value.getTime() : def.value,
            input: payload.value,
            inclusive: def.inclusive,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckGreaterThan = /*@__PURE__*/ _core_js__WEBPACK_IMPORTED_MODULE_0__/* .$constructor */ .xI("$ZodCheckGreaterThan", (inst, def) => {
    $ZodCheck.init(inst, def);
    const origin = numericOriginMap[typeof def.value];
    inst._zod.check = (payload) => {
        if (def.inclusive ? payload.value >= def.value : payload.value > def.value) {
            return;
        }
        payload.issues.push({
            origin: numericOriginMap[typeof payload.value] ?? origin,
            code: "too_small",
            minimum: typeof def.value === "object" ? def.value.getTime() : def.value,
            input: payload.value,
            inclusive: def.inclusive,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckMultipleOf = 
/*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckMultipleOf", (inst, def) => {
    $ZodCheck.init(inst, def);
    inst._zod.check = (payload) => {
        if (typeof payload.value !== typeof def.value)
            throw new Error("Cannot mix number and bigint in multiple_of check.");
        const isMultiple = typeof payload.value === "bigint"
            ? // `value % 0n` throws, and nothing is a multiple of zero — the number branch already fails this way via NaN
                def.value !== BigInt(0) && payload.value % def.value === BigInt(0)
            : util.floatSafeRemainder(payload.value, def.value) === 0;
        if (isMultiple)
            return;
        payload.issues.push({
            origin: typeof payload.value,
            code: "not_multiple_of",
            divisor: def.value,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckNumberFormat = /*@__PURE__*/ _core_js__WEBPACK_IMPORTED_MODULE_0__/* .$constructor */ .xI("$ZodCheckNumberFormat", (inst, def) => {
    $ZodCheck.init(inst, def); // no format checks
    def.format = def.format || "float64";
    const isInt = def.format?.includes("int");
    const origin = isInt ? "int" : "number";
    const [minimum, maximum] = _util_js__WEBPACK_IMPORTED_MODULE_1__/* .NUMBER_FORMAT_RANGES */ .zH[def.format];
    inst._zod.check = (payload) => {
        const input = payload.value;
        if (isInt) {
            if (!Number.isInteger(input)) {
                // invalid_format issue
                // payload.issues.push({
                //   expected: def.format,
                //   format: def.format,
                //   code: "invalid_format",
                //   input,
                //   inst,
                // });
                // invalid_type issue
                payload.issues.push({
                    expected: origin,
                    format: def.format,
                    code: "invalid_type",
                    continue: false,
                    input,
                    inst,
                });
                return;
                // not_multiple_of issue
                // payload.issues.push({
                //   code: "not_multiple_of",
                //   origin: "number",
                //   input,
                //   inst,
                //   divisor: 1,
                // });
            }
            if (!Number.isSafeInteger(input)) {
                if (input > 0) {
                    // too_big
                    payload.issues.push({
                        input,
                        code: "too_big",
                        maximum: Number.MAX_SAFE_INTEGER,
                        note: "Integers must be within the safe integer range.",
                        inst,
                        origin,
                        inclusive: true,
                        continue: !def.abort,
                    });
                }
                else {
                    // too_small
                    payload.issues.push({
                        input,
                        code: "too_small",
                        minimum: Number.MIN_SAFE_INTEGER,
                        note: "Integers must be within the safe integer range.",
                        inst,
                        origin,
                        inclusive: true,
                        continue: !def.abort,
                    });
                }
                return;
            }
        }
        if (input < minimum) {
            payload.issues.push({
                origin: "number",
                input,
                code: "too_small",
                minimum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
        if (input > maximum) {
            payload.issues.push({
                origin: "number",
                input,
                code: "too_big",
                maximum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
    };
});
const $ZodCheckBigIntFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckBigIntFormat", (inst, def) => {
    $ZodCheck.init(inst, def); // no format checks
    const [minimum, maximum] = util.BIGINT_FORMAT_RANGES[def.format];
    inst._zod.check = (payload) => {
        const input = payload.value;
        if (input < minimum) {
            payload.issues.push({
                origin: "bigint",
                input,
                code: "too_small",
                minimum: minimum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
        if (input > maximum) {
            payload.issues.push({
                origin: "bigint",
                input,
                code: "too_big",
                maximum,
                inclusive: true,
                inst,
                continue: !def.abort,
            });
        }
    };
})));
const $ZodCheckMaxSize = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckMaxSize", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasSize);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const size = input.size;
        if (size <= def.maximum)
            return;
        payload.issues.push({
            origin: util.getSizableOrigin(input),
            code: "too_big",
            maximum: def.maximum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckMinSize = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckMinSize", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasSize);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const size = input.size;
        if (size >= def.minimum)
            return;
        payload.issues.push({
            origin: util.getSizableOrigin(input),
            code: "too_small",
            minimum: def.minimum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckSizeEquals = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckSizeEquals", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasSize);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const size = input.size;
        if (size === def.size)
            return;
        const tooBig = size > def.size;
        payload.issues.push({
            origin: util.getSizableOrigin(input),
            ...(tooBig ? { code: "too_big", maximum: def.size } : { code: "too_small", minimum: def.size }),
            inclusive: true,
            exact: true,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckMaxLength = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckMaxLength", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        // Strings are measured in Unicode code points, not UTF-16 units. A code point is at most two units, so a string that already fits in units fits in code points; only an overflow has to be counted.
        const length = typeof input === "string" && units > def.maximum ? util.codePointLength(input) : units;
        if (length <= def.maximum)
            return;
        const origin = util.getLengthableOrigin(input);
        payload.issues.push({
            origin,
            code: "too_big",
            maximum: def.maximum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckMinLength = /*@__PURE__*/ _core_js__WEBPACK_IMPORTED_MODULE_0__/* .$constructor */ .xI("$ZodCheckMinLength", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        // A code point is one or two UTF-16 units, so fewer units than the floor can never reach it and twice the floor always clears it. Only in between is the exact count in doubt.
        const length = typeof input === "string" && units >= def.minimum && units < def.minimum * 2
            ? _util_js__WEBPACK_IMPORTED_MODULE_1__/* .codePointLength */ .O7(input)
            : units;
        if (length >= def.minimum)
            return;
        const origin = _util_js__WEBPACK_IMPORTED_MODULE_1__/* .getLengthableOrigin */ .Rc(input);
        payload.issues.push({
            origin,
            code: "too_small",
            minimum: def.minimum,
            inclusive: true,
            input,
            inst,
            continue: !def.abort,
        });
    };
});
const $ZodCheckLengthEquals = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckLengthEquals", (inst, def) => {
    var _a;
    $ZodCheck.init(inst, def);
    (_a = inst._zod.def).when ?? (_a.when = _whenHasLength);
    inst._zod.check = (payload) => {
        const input = payload.value;
        const units = input.length;
        // A code point is one or two UTF-16 units, so outside `[length, length * 2]` units the target is missed either way — and missed in the same direction in both measures.
        const length = typeof input === "string" && units >= def.length && units <= def.length * 2
            ? util.codePointLength(input)
            : units;
        if (length === def.length)
            return;
        const origin = util.getLengthableOrigin(input);
        const tooBig = length > def.length;
        payload.issues.push({
            origin,
            ...(tooBig ? { code: "too_big", maximum: def.length } : { code: "too_small", minimum: def.length }),
            inclusive: true,
            exact: true,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckStringFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckStringFormat", (inst, def) => {
    var _a, _b;
    $ZodCheck.init(inst, def);
    if (def.pattern)
        (_a = inst._zod).check ?? (_a.check = (payload) => {
            def.pattern.lastIndex = 0;
            if (def.pattern.test(payload.value))
                return;
            payload.issues.push({
                origin: "string",
                code: "invalid_format",
                format: def.format,
                input: payload.value,
                ...(def.pattern ? { pattern: def.pattern.toString() } : {}),
                inst,
                continue: !def.abort,
            });
        });
    else
        (_b = inst._zod).check ?? (_b.check = () => { });
})));
const $ZodCheckRegex = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckRegex", (inst, def) => {
    $ZodCheckStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        def.pattern.lastIndex = 0;
        if (def.pattern.test(payload.value))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "regex",
            input: payload.value,
            pattern: def.pattern.toString(),
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckLowerCase = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckLowerCase", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.lowercase);
    $ZodCheckStringFormat.init(inst, def);
})));
const $ZodCheckUpperCase = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckUpperCase", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.uppercase);
    $ZodCheckStringFormat.init(inst, def);
})));
const $ZodCheckIncludes = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckIncludes", (inst, def) => {
    $ZodCheck.init(inst, def);
    const escapedRegex = util.escapeRegex(def.includes);
    // `String.prototype.includes(sub, position)` matches `sub` at `position`
    // OR LATER, so the pattern must allow at least `position` leading chars
    // (`{N,}`), not exactly `position` chars (`{N}`).
    const pattern = new RegExp(typeof def.position === "number" ? `^.{${def.position},}${escapedRegex}` : escapedRegex);
    def.pattern = pattern;
    inst._zod.check = (payload) => {
        if (payload.value.includes(def.includes, def.position))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "includes",
            includes: def.includes,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckStartsWith = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckStartsWith", (inst, def) => {
    $ZodCheck.init(inst, def);
    const pattern = new RegExp(`^${util.escapeRegex(def.prefix)}.*`);
    def.pattern ?? (def.pattern = pattern);
    inst._zod.check = (payload) => {
        if (payload.value.startsWith(def.prefix))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "starts_with",
            prefix: def.prefix,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckEndsWith = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckEndsWith", (inst, def) => {
    $ZodCheck.init(inst, def);
    const pattern = new RegExp(`.*${util.escapeRegex(def.suffix)}$`);
    def.pattern ?? (def.pattern = pattern);
    inst._zod.check = (payload) => {
        if (payload.value.endsWith(def.suffix))
            return;
        payload.issues.push({
            origin: "string",
            code: "invalid_format",
            format: "ends_with",
            suffix: def.suffix,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
///////////////////////////////////
/////    $ZodCheckProperty    /////
///////////////////////////////////
function handleCheckPropertyResult(result, payload, property) {
    if (result.issues.length) {
        payload.issues.push(...util.prefixIssues(property, result.issues));
    }
}
const $ZodCheckProperty = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckProperty", (inst, def) => {
    $ZodCheck.init(inst, def);
    inst._zod.check = (payload) => {
        const result = def.schema._zod.run({
            value: payload.value[def.property],
            issues: [],
        }, {});
        if (result instanceof Promise) {
            return result.then((result) => handleCheckPropertyResult(result, payload, def.property));
        }
        handleCheckPropertyResult(result, payload, def.property);
        return;
    };
})));
const $ZodCheckProperties = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckProperties", (inst, def) => {
    $ZodCheck.init(inst, def);
    util.hide(inst, Symbol.iterator, function* () {
        yield inst;
    });
    // key and schema snapshotted together: reading one live and the other cached lets a later mutation of the caller's shape object pair a stale key with a missing schema
    let entries;
    inst._zod.check = (payload) => {
        // the base schema already typed the value, so only a nullish one is rejected here: the properties read on a primitive too, matching z.property() on a string's length
        if (payload.value == null) {
            payload.issues.push({ expected: "object", code: "invalid_type", input: payload.value, inst });
            return undefined;
        }
        entries ?? (entries = Reflect.ownKeys(def.shape).map((key) => [key, def.shape[key]]));
        const input = payload.value;
        let proms;
        for (const [key, schema] of entries) {
            const result = schema._zod.run({ value: input[key], issues: [] }, {});
            if (result instanceof Promise) {
                proms ?? (proms = []);
                proms.push(result.then((result) => handleCheckPropertyResult(result, payload, key)));
            }
            else {
                handleCheckPropertyResult(result, payload, key);
            }
        }
        if (proms)
            return Promise.all(proms).then(() => undefined);
        return undefined;
    };
})));
const $ZodCheckMimeType = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckMimeType", (inst, def) => {
    $ZodCheck.init(inst, def);
    const mimeSet = new Set(def.mime);
    inst._zod.check = (payload) => {
        if (mimeSet.has(payload.value.type))
            return;
        payload.issues.push({
            code: "invalid_value",
            values: def.mime,
            input: payload.value.type,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCheckOverwrite = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCheckOverwrite", (inst, def) => {
    $ZodCheck.init(inst, def);
    inst._zod.check = (payload) => {
        payload.value = def.tx(payload.value);
    };
})));


/***/ }),

/***/ 8532:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   $W: () => (/* binding */ config),
/* harmony export */   GT: () => (/* binding */ $ZodAsyncError),
/* harmony export */   cr: () => (/* binding */ globalConfig),
/* harmony export */   xI: () => (/* binding */ $constructor)
/* harmony export */ });
/* unused harmony exports NEVER, $brand, $ZodEncodeError */
/* harmony import */ var _util_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(4723);
var _a;

/** A special constant with type `never` */
const NEVER = /*@__PURE__*/ Object.freeze({
    status: "aborted",
});
/* Shared descriptor for installing `_zod`; defineProperty reads it
 * synchronously, so reusing one object avoids a per-instance allocation. */
const _zodDesc = { value: undefined, enumerable: false };
// null where suppressing the capture would be unrecoverable: `parse()` puts the frames back with `captureStackTrace`, so without it the throw would lose its stack. also latched to null once `stackTraceLimit` proves unassignable, which a realm can do at any point by hardening Error
let _E = "captureStackTrace" in Error ? Error : null;
// v8 captures a stack trace inside the Error constructor, which dominates a failed parse; costs only the frames, and parse() restores those. the constructor must RUN: Object.create is cheaper and passes instanceof, but Error.isError and util.types.isNativeError check an internal slot
function newError(Definition) {
    const E = _E;
    if (E) {
        const saved = E.stackTraceLimit;
        if (typeof saved === "number") {
            try {
                E.stackTraceLimit = 0;
            }
            catch {
                _E = null;
                return new Definition();
            }
            try {
                return new Definition();
            }
            finally {
                E.stackTraceLimit = saved;
            }
        }
    }
    return new Definition();
}
function $constructor(name, initializer, 
/** This trait's members, installed once on every prototype that composes it. They cannot be declared in the initializer above: that runs per instance, and the prototype is shared. */
proto, params) {
    // Prototype for this constructor's `_zod` internals. Lazily-derived fields (`values`, `pattern`, `optin`, …) install here once rather than as an accessor on every instance.
    const zodProto = {};
    // Assigning the fields in the constructor body is what gives instances in-object slots; building the object literally and reparenting it costs a second allocation and a generic property copy.
    function Internals(def) {
        this.def = def;
        this.constr = _;
        this.traits = new Set();
    }
    Internals.prototype = zodProto;
    const protoMembers = proto;
    // One trait's members land on every prototype whose chain composes it, so the answer is per prototype rather than per trait.
    const initialized = protoMembers && new WeakSet();
    function init(inst, def) {
        if (!inst._zod) {
            _zodDesc.value = new Internals(def);
            try {
                Object.defineProperty(inst, "_zod", _zodDesc);
            }
            finally {
                // Cleared even on throw, so the shared descriptor never leaks one instance's internals into the next.
                _zodDesc.value = undefined;
            }
        }
        else if (inst._zod.traits.has(name)) {
            return;
        }
        inst._zod.traits.add(name);
        initializer(inst, def);
        if (initialized) {
            // `super(def)` from a user subclass gives `this` a prototype the subclass owns, and installing there would overwrite whatever the subclass declared. `constr` built the instance, so its prototype is the one below the subclass's that should carry the members. A receiver whose chain never reaches that prototype installs on its own, which for a plain object handed straight to `init` means `Object.prototype` — unchanged from before.
            const own = Object.getPrototypeOf(inst);
            const ctorProto = inst._zod.constr.prototype;
            let up = own;
            while (up && up !== ctorProto)
                up = Object.getPrototypeOf(up);
            const target = up ?? own;
            if (!initialized.has(target)) {
                initialized.add(target);
                (0,_util_js__WEBPACK_IMPORTED_MODULE_0__/* .members */ .ol)(target, protoMembers);
            }
        }
        // support prototype modifications; for-in avoids the array allocation of Object.keys on the (usually empty) prototype
        const proto = _.prototype;
        for (const k in proto) {
            if (!Object.prototype.hasOwnProperty.call(proto, k))
                continue;
            if (!(k in inst)) {
                inst[k] = proto[k].bind(inst);
            }
        }
    }
    // doesn't work if Parent has a constructor with arguments
    const Parent = params?.Parent ?? Object;
    class Definition extends Parent {
    }
    Object.defineProperty(Definition, "name", { value: name });
    function _(def) {
        const inst = params?.Parent ? newError(Definition) : this;
        init(inst, def);
        const deferred = inst._zod.deferred;
        if (deferred) {
            for (const fn of deferred) {
                fn();
            }
            // Released: initializers run once, and the list would otherwise be retained for the schema's lifetime.
            inst._zod.deferred = undefined;
        }
        // Global post-processor hook. Internal: installed by `import "zod/compile"` to enable AOT compilation for every constructed schema. Runs last, once the instance is fully built, because it hands the instance to compile(). The post-processor is expected to be reentrancy-guarded by its own implementation.
        const pp = globalThis.__zod_globalConfig?.postProcessor;
        if (pp)
            pp(inst);
        return inst;
    }
    Object.defineProperty(_, "init", { value: init });
    Object.defineProperty(_, Symbol.hasInstance, {
        value: (inst) => {
            if (params?.Parent && inst instanceof params.Parent)
                return true;
            return inst?._zod?.traits?.has(name);
        },
    });
    Object.defineProperty(_, "name", { value: name });
    return _;
}
//////////////////////////////   UTILITIES   ///////////////////////////////////////
const $brand = /*@__PURE__*/ (/* unused pure expression or super */ null && (Symbol("zod_brand")));
class $ZodAsyncError extends Error {
    constructor() {
        super(`Encountered Promise during synchronous parse. Use .parseAsync() instead.`);
    }
}
class $ZodEncodeError extends Error {
    constructor(name) {
        super(`Encountered unidirectional transform during encode: ${name}`);
        this.name = "ZodEncodeError";
    }
}
(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = {});
const globalConfig = globalThis.__zod_globalConfig;
function config(newConfig) {
    if (newConfig)
        Object.assign(globalConfig, newConfig);
    return globalConfig;
}


/***/ }),

/***/ 4723:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   A2: () => (/* binding */ normalizeParams),
/* harmony export */   Gv: () => (/* binding */ isObject),
/* harmony export */   NM: () => (/* binding */ optionalKeys),
/* harmony export */   O7: () => (/* binding */ codePointLength),
/* harmony export */   PO: () => (/* binding */ cached),
/* harmony export */   QH: () => (/* binding */ aborted),
/* harmony export */   Qd: () => (/* binding */ isPlainObject),
/* harmony export */   Rc: () => (/* binding */ getLengthableOrigin),
/* harmony export */   Vy: () => (/* binding */ assignProp),
/* harmony export */   X: () => (/* binding */ installLazyProp),
/* harmony export */   cl: () => (/* binding */ nullish),
/* harmony export */   d3: () => (/* binding */ attachSchema),
/* harmony export */   gx: () => (/* binding */ captureStackTrace),
/* harmony export */   hi: () => (/* binding */ sizeCaps),
/* harmony export */   iR: () => (/* binding */ finalizeIssue),
/* harmony export */   jD: () => (/* binding */ hide),
/* harmony export */   k8: () => (/* binding */ jsonStringifyReplacer),
/* harmony export */   lQ: () => (/* binding */ prefixIssues),
/* harmony export */   o8: () => (/* binding */ clone),
/* harmony export */   ol: () => (/* binding */ members),
/* harmony export */   p6: () => (/* binding */ cleanRegex),
/* harmony export */   qQ: () => (/* binding */ propertyKeyTypes),
/* harmony export */   qh: () => (/* binding */ own),
/* harmony export */   rL: () => (/* binding */ explicitlyAborted),
/* harmony export */   sD: () => (/* binding */ escapeRegex),
/* harmony export */   v5: () => (/* binding */ defineLazyInternal),
/* harmony export */   w5: () => (/* binding */ getEnumValues),
/* harmony export */   zH: () => (/* binding */ NUMBER_FORMAT_RANGES)
/* harmony export */ });
/* unused harmony exports assertEqual, assertNotEqual, toZod, assertIs, assertNever, assert, joinValues, floatSafeRemainder, defineLazy, objectClone, rawShape, mergeDefs, cloneDef, getElementAtPath, promiseAllObject, randomString, esc, slugify, allowsEval, shallowClone, numKeys, getParsedType, primitiveTypes, createTransparentProxy, stringifyPrimitive, BIGINT_FORMAT_RANGES, pick, omit, extend, safeExtend, merge, partial, required, unwrapMessage, getSizableOrigin, parsedType, issue, cleanEnum, base64ToUint8Array, uint8ArrayToBase64, base64urlToUint8Array, uint8ArrayToBase64url, hexToUint8Array, uint8ArrayToHex, Class, derived, CONSTANT_CATCH, constantCatch */

// functions
function assertEqual(val) {
    return val;
}
function assertNotEqual(val) {
    return val;
}
function toZod() {
    return (schema) => schema;
}
function assertIs(_arg) { }
function assertNever(_x) {
    throw new Error("Unexpected value in exhaustive check");
}
function assert(_) { }
function getEnumValues(entries) {
    const numericValues = Object.values(entries).filter((v) => typeof v === "number");
    const values = Object.entries(entries)
        .filter(([k, _]) => numericValues.indexOf(+k) === -1)
        .map(([_, v]) => v);
    return values;
}
function joinValues(array, separator = "|") {
    return array.map((val) => stringifyPrimitive(val)).join(separator);
}
function jsonStringifyReplacer(_, value) {
    if (typeof value === "bigint")
        return value.toString();
    return value;
}
// the accessor lives on a shared prototype: an own accessor makes every box a dictionary-mode object (~360 B and a slow load per read against ~100 B and an inlined getter here)
class Cached {
    constructor(getter) {
        this._getter = getter;
        this._value = undefined;
    }
    get value() {
        const getter = this._getter;
        if (getter !== undefined) {
            this._value = getter();
            this._getter = undefined;
        }
        return this._value;
    }
}
function cached(getter) {
    return new Cached(getter);
}
function nullish(input) {
    return input === null || input === undefined;
}
function cleanRegex(source) {
    const start = source.startsWith("^") ? 1 : 0;
    const end = source.endsWith("$") ? source.length - 1 : source.length;
    return source.slice(start, end);
}
function floatSafeRemainder(val, step) {
    const ratio = val / step;
    const roundedRatio = Math.round(ratio);
    // `val` and `step` each round to a double before the division rounds again, so a true decimal multiple's quotient can sit up to 1.5 of these scaled epsilons from the integer. A 1x tolerance therefore rejected 2.03 as a multiple of 0.07; 4x covers the worst case with margin.
    const tolerance = 4 * Number.EPSILON * Math.max(Math.abs(ratio), 1);
    if (Math.abs(ratio - roundedRatio) < tolerance)
        return 0;
    return ratio - roundedRatio;
}
const EVALUATING = /* @__PURE__*/ (/* unused pure expression or super */ null && (Symbol("evaluating")));
function defineLazy(object, key, getter) {
    let value = undefined;
    Object.defineProperty(object, key, {
        get() {
            if (value === EVALUATING) {
                // Circular reference detected, return undefined to break the cycle
                return undefined;
            }
            if (value === undefined) {
                value = EVALUATING;
                value = getter();
            }
            return value;
        },
        set(v) {
            Object.defineProperty(object, key, {
                value: v,
                // configurable: true,
            });
            // object[key] = v;
        },
        configurable: true,
    });
}
function objectClone(obj) {
    return Object.create(Object.getPrototypeOf(obj), Object.getOwnPropertyDescriptors(obj));
}
function assignProp(target, prop, value) {
    Object.defineProperty(target, prop, {
        value,
        writable: true,
        enumerable: true,
        configurable: true,
    });
}
/**
 * Whichever object a def's `shape` currently answers from: the one the caller passed until the first read, the frozen copy after it.
 *
 * Its keys and descriptors read without invoking anything, which is what lets a discriminated union check its discriminator, and the cycle walk read a shape, without resolving a getter that references the schema being constructed. A def that answers `shape` from an accessor of its own has none.
 */
function rawShape(def) {
    const desc = Object.getOwnPropertyDescriptor(def, "shape");
    return desc?.get ? desc.get.raw : desc?.value;
}
// where a builder reads its source's keys and descriptors, resolving only a shape a def answers for itself. A shape resolves by object spread, so only its enumerable keys are ever part of it.
function sourceShape(schema) {
    return rawShape(schema._zod.def) ?? schema._zod.def.shape;
}
// a key whose value is not settled yet, self-caching so every read after the first gets the same one
function deferProp(target, key, getter) {
    Object.defineProperty(target, key, {
        get() {
            const value = getter();
            assignProp(this, key, value);
            return value;
        },
        enumerable: true,
        configurable: true,
    });
}
// Writes a settled key. A plain assignment is much cheaper than `defineProperty` and produces the same descriptor, but it runs whatever setter already answers to the key — an accessor this shape deferred, or an inherited one, which `__proto__` has on every object and prototype pollution can add for any name.
function putProp(target, key, value) {
    if (key in target)
        assignProp(target, key, value);
    else
        target[key] = value;
}
/**
 * Copies `keys` of `source`'s shape onto `target`, each value passed through `wrap`.
 *
 * A key the source has resolved is copied through now, so the derived shape states it outright and nothing has to resolve it to learn what it holds. A key the source still defers stays deferred, and reads back through the source's own `shape`, so it resolves once and both shapes get that one schema.
 */
function mirrorShape(target, source, keys, wrap) {
    const raw = sourceShape(source);
    for (const key of keys) {
        const desc = Object.getOwnPropertyDescriptor(raw, key);
        if (!desc.enumerable)
            continue;
        if (desc.get) {
            deferProp(target, key, () => {
                const value = source._zod.def.shape[key];
                return wrap ? wrap(value, key) : value;
            });
        }
        else
            putProp(target, key, wrap ? wrap(desc.value, key) : desc.value);
    }
}
// same, for a plain shape a caller passed rather than a schema's
function mirrorProps(target, source) {
    for (const key of Reflect.ownKeys(source)) {
        const desc = Object.getOwnPropertyDescriptor(source, key);
        if (!desc.enumerable)
            continue;
        if (desc.get)
            deferProp(target, key, () => source[key]);
        else
            putProp(target, key, desc.value);
    }
}
function mergeDefs(...defs) {
    const mergedDescriptors = {};
    for (const def of defs) {
        const descriptors = Object.getOwnPropertyDescriptors(def);
        Object.assign(mergedDescriptors, descriptors);
    }
    return Object.defineProperties({}, mergedDescriptors);
}
function cloneDef(schema) {
    return mergeDefs(schema._zod.def);
}
function getElementAtPath(obj, path) {
    if (!path)
        return obj;
    return path.reduce((acc, key) => acc?.[key], obj);
}
function promiseAllObject(promisesObj) {
    const keys = Object.keys(promisesObj);
    const promises = keys.map((key) => promisesObj[key]);
    return Promise.all(promises).then((results) => {
        const resolvedObj = {};
        for (let i = 0; i < keys.length; i++) {
            resolvedObj[keys[i]] = results[i];
        }
        return resolvedObj;
    });
}
function randomString(length = 10) {
    const chars = "abcdefghijklmnopqrstuvwxyz";
    let str = "";
    for (let i = 0; i < length; i++) {
        str += chars[Math.floor(Math.random() * chars.length)];
    }
    return str;
}
function esc(str) {
    return JSON.stringify(str);
}
function slugify(input) {
    return input
        .toLowerCase()
        .trim()
        .replace(/[^\w\s-]/g, "")
        .replace(/[\s_-]+/g, "-")
        .replace(/^-+|-+$/g, "");
}
const captureStackTrace = ("captureStackTrace" in Error ? Error.captureStackTrace : (..._args) => { });
function isObject(data) {
    return typeof data === "object" && data !== null && !Array.isArray(data);
}
const allowsEval = /* @__PURE__*/ (/* unused pure expression or super */ null && (cached(() => {
    // Skip the probe under `jitless`: strict CSPs report the caught `new Function` as a `securitypolicyviolation` even though the throw is swallowed.
    if (globalConfig.jitless) {
        return false;
    }
    // @ts-ignore
    if (typeof navigator !== "undefined" && navigator?.userAgent?.includes("Cloudflare")) {
        return false;
    }
    try {
        const F = Function;
        new F("");
        return true;
    }
    catch (_) {
        return false;
    }
})));
function isPlainObject(o) {
    if (isObject(o) === false)
        return false;
    // modified constructor
    const ctor = o.constructor;
    if (ctor === undefined)
        return true;
    if (typeof ctor !== "function")
        return true;
    // modified prototype
    const prot = ctor.prototype;
    if (isObject(prot) === false)
        return false;
    // ctor doesn't have static `isPrototypeOf`
    if (Object.prototype.hasOwnProperty.call(prot, "isPrototypeOf") === false) {
        return false;
    }
    return true;
}
function shallowClone(o) {
    if (isPlainObject(o))
        return { ...o };
    if (Array.isArray(o))
        return [...o];
    if (o instanceof Map)
        return new Map(o);
    if (o instanceof Set)
        return new Set(o);
    return o;
}
function numKeys(data) {
    let keyCount = 0;
    for (const key in data) {
        if (Object.prototype.hasOwnProperty.call(data, key)) {
            keyCount++;
        }
    }
    return keyCount;
}
const getParsedType = (data) => {
    const t = typeof data;
    switch (t) {
        case "undefined":
            return "undefined";
        case "string":
            return "string";
        case "number":
            return Number.isNaN(data) ? "nan" : "number";
        case "boolean":
            return "boolean";
        case "function":
            return "function";
        case "bigint":
            return "bigint";
        case "symbol":
            return "symbol";
        case "object":
            if (Array.isArray(data)) {
                return "array";
            }
            if (data === null) {
                return "null";
            }
            if (data.then && typeof data.then === "function" && data.catch && typeof data.catch === "function") {
                return "promise";
            }
            if (typeof Map !== "undefined" && data instanceof Map) {
                return "map";
            }
            if (typeof Set !== "undefined" && data instanceof Set) {
                return "set";
            }
            if (typeof Date !== "undefined" && data instanceof Date) {
                return "date";
            }
            // @ts-ignore
            if (typeof File !== "undefined" && data instanceof File) {
                return "file";
            }
            return "object";
        default:
            throw new Error(`Unknown data type: ${t}`);
    }
};
const propertyKeyTypes = /* @__PURE__*/ new Set(["string", "number", "symbol"]);
const primitiveTypes = /* @__PURE__*/ new Set([
    "string",
    "number",
    "bigint",
    "boolean",
    "symbol",
    "undefined",
]);
function escapeRegex(str) {
    return str.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
// zod-specific utils
function clone(inst, def, params) {
    const cl = new inst._zod.constr(def ?? inst._zod.def);
    if (!def || params?.parent)
        cl._zod.parent = inst;
    return cl;
}
function normalizeParams(_params) {
    const params = _params;
    if (!params)
        return {};
    if (typeof params === "string")
        return { error: () => params };
    if (params?.message !== undefined) {
        if (params?.error !== undefined)
            throw new Error("Cannot specify both `message` and `error` params");
        params.error = params.message;
    }
    delete params.message;
    if (typeof params.error === "string")
        return { ...params, error: () => params.error };
    return params;
}
function createTransparentProxy(getter) {
    let target;
    return new Proxy({}, {
        get(_, prop, receiver) {
            target ?? (target = getter());
            return Reflect.get(target, prop, receiver);
        },
        set(_, prop, value, receiver) {
            target ?? (target = getter());
            return Reflect.set(target, prop, value, receiver);
        },
        has(_, prop) {
            target ?? (target = getter());
            return Reflect.has(target, prop);
        },
        deleteProperty(_, prop) {
            target ?? (target = getter());
            return Reflect.deleteProperty(target, prop);
        },
        ownKeys(_) {
            target ?? (target = getter());
            return Reflect.ownKeys(target);
        },
        getOwnPropertyDescriptor(_, prop) {
            target ?? (target = getter());
            return Reflect.getOwnPropertyDescriptor(target, prop);
        },
        defineProperty(_, prop, descriptor) {
            target ?? (target = getter());
            return Reflect.defineProperty(target, prop, descriptor);
        },
    });
}
function stringifyPrimitive(value) {
    if (typeof value === "bigint")
        return value.toString() + "n";
    if (typeof value === "string")
        return `"${value}"`;
    return `${value}`;
}
function optionalKeys(shape) {
    return Object.keys(shape).filter((k) => {
        return shape[k]._zod.optin !== undefined && shape[k]._zod.optout === "optional";
    });
}
// Wrapped in a `@__PURE__` IIFE: esbuild never tree-shakes a top-level initializer that contains a member access on `Number`, so the bare object literal survived into every bundle.
const NUMBER_FORMAT_RANGES = /*@__PURE__*/ (() => ({
    safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
    int32: [-2147483648, 2147483647],
    uint32: [0, 4294967295],
    float32: [-3.4028234663852886e38, 3.4028234663852886e38],
    float64: [-Number.MAX_VALUE, Number.MAX_VALUE],
}))();
const BIGINT_FORMAT_RANGES = {
    int64: [/* @__PURE__*/ BigInt("-9223372036854775808"), /* @__PURE__*/ BigInt("9223372036854775807")],
    uint64: [/* @__PURE__*/ BigInt(0), /* @__PURE__*/ BigInt("18446744073709551615")],
};
function pick(schema, mask) {
    const currDef = schema._zod.def;
    const checks = currDef.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        throw new Error(".pick() cannot be used on object schemas containing refinements");
    }
    const newShape = {};
    mirrorShape(newShape, schema, maskedKeys(schema, mask));
    return clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
// the mask keys that select something, checked against the source's shape without resolving it
function maskedKeys(schema, mask) {
    const raw = sourceShape(schema);
    const keys = [];
    // `for...in` skips symbols, so a symbol in the mask would select nothing
    for (const key of Reflect.ownKeys(mask)) {
        if (!Object.getOwnPropertyDescriptor(raw, key)?.enumerable) {
            throw new Error(`Unrecognized key: "${String(key)}"`);
        }
        if (mask[key])
            keys.push(key);
    }
    return keys;
}
function omit(schema, mask) {
    const currDef = schema._zod.def;
    const checks = currDef.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        throw new Error(".omit() cannot be used on object schemas containing refinements");
    }
    const omitted = new Set(maskedKeys(schema, mask));
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)).filter((key) => !omitted.has(key)));
    return clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
function extend(schema, shape) {
    if (!isPlainObject(shape)) {
        throw new Error("Invalid input to extend: expected a plain object");
    }
    const checks = schema._zod.def.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        // Only throw if new shape overlaps with existing shape. Use getOwnPropertyDescriptor to check key existence without accessing values
        const existingShape = sourceShape(schema);
        for (const key of Reflect.ownKeys(shape)) {
            if (Object.getOwnPropertyDescriptor(existingShape, key) !== undefined) {
                throw new Error("Cannot overwrite keys on object schemas containing refinements. Use `.safeExtend()` instead.");
            }
        }
    }
    return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
// the source's keys, then the caller's overlaid on top
function extended(schema, shape) {
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)));
    mirrorProps(newShape, shape);
    return newShape;
}
function safeExtend(schema, shape) {
    if (!isPlainObject(shape)) {
        throw new Error("Invalid input to safeExtend: expected a plain object");
    }
    return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
function merge(a, b) {
    if (!b?._zod?.def) {
        throw new Error("Invalid input to merge: expected an object schema. To merge a plain shape, use `.extend()`.");
    }
    if (a._zod.def.checks?.length) {
        throw new Error(".merge() cannot be used on object schemas containing refinements. Use .safeExtend() instead.");
    }
    const newShape = {};
    mirrorShape(newShape, a, Reflect.ownKeys(sourceShape(a)));
    mirrorShape(newShape, b, Reflect.ownKeys(sourceShape(b)));
    const def = mergeDefs(a._zod.def, {
        shape: newShape,
        get catchall() {
            return b._zod.def.catchall;
        },
        checks: b._zod.def.checks ?? [],
    });
    return clone(a, def);
}
function partial(Class, schema, mask, name = "partial") {
    const currDef = schema._zod.def;
    const checks = currDef.checks;
    const hasChecks = checks && checks.length > 0;
    if (hasChecks) {
        throw new Error(`.${name}() cannot be used on object schemas containing refinements`);
    }
    const selected = mask ? new Set(maskedKeys(schema, mask)) : undefined;
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), Class &&
        ((value, key) => (selected && !selected.has(key) ? value : new Class({ type: "optional", innerType: value }))));
    return clone(schema, mergeDefs(schema._zod.def, { shape: newShape, checks: [] }));
}
function required(Class, schema, mask) {
    const selected = mask ? new Set(maskedKeys(schema, mask)) : undefined;
    const newShape = {};
    mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), (value, key) => 
    // overwrite with non-optional
    selected && !selected.has(key) ? value : new Class({ type: "nonoptional", innerType: value }));
    return clone(schema, mergeDefs(schema._zod.def, { shape: newShape }));
}
// invalid_type | too_big | too_small | invalid_format | not_multiple_of | unrecognized_keys | invalid_union | invalid_key | invalid_element | invalid_value | custom
function aborted(x, startIndex = 0) {
    if (x.aborted === true)
        return true;
    for (let i = startIndex; i < x.issues.length; i++) {
        if (x.issues[i]?.continue !== true) {
            return true;
        }
    }
    return false;
}
// Checks for explicit abort (continue === false), as opposed to implicit abort (continue === undefined). Used to respect `abort: true` in .refine() even for checks that have a `when` function.
function explicitlyAborted(x, startIndex = 0) {
    if (x.aborted === true)
        return true;
    for (let i = startIndex; i < x.issues.length; i++) {
        if (x.issues[i]?.continue === false) {
            return true;
        }
    }
    return false;
}
function prefixIssues(path, issues) {
    return issues.map((iss) => {
        var _a;
        (_a = iss).path ?? (_a.path = []);
        iss.path.unshift(path);
        return iss;
    });
}
function unwrapMessage(message) {
    return typeof message === "string" ? message : message?.message;
}
/* A check holds no link back to the schema it is attached to — the same check instance is shared by every clone of that schema — so the owner is stamped onto the issues a check just raised, at the only point where both are in scope. Runs on the failure path only; `start` is the issue count from before the check ran. */
/** The leading size checks of `defChecks` that set an upper bound, each paired with it. */
function sizeCaps(defChecks) {
    const caps = [];
    for (const ch of defChecks ?? []) {
        const d = ch._zod.def;
        // a later check may rewrite the value
        if (!/_(length|size)$|_equals$/.test(d.check))
            break;
        const max = d.maximum ?? d.length ?? d.size;
        if (max >= 0)
            caps.push([max, ch]);
    }
    return caps;
}
function attachSchema(issues, start, inst) {
    var _a;
    for (let i = start; i < issues.length; i++) {
        (_a = issues[i]).schema ?? (_a.schema = inst);
    }
}
function finalizeIssue(iss, ctx, config) {
    var _a;
    // A schema that raised an issue itself owns it outright, and outranks any stamp an enclosing check left in `attachSchema`. String formats and z.custom() are schema and check at once, so when they act as a check they defer to that stamp instead.
    const traits = iss.inst?._zod?.traits;
    if (traits?.has("$ZodType")) {
        if (traits.has("$ZodCheck"))
            (_a = iss).schema ?? (_a.schema = iss.inst);
        else
            iss.schema = iss.inst;
    }
    // Decreasing specificity, first map to return a message wins. `inst` is whatever raised the issue, so a check's own map outranks the owning schema's.
    const schemaError = iss.schema !== iss.inst ? iss.schema?._zod.def?.error : undefined;
    const message = iss.message
        ? iss.message
        : (unwrapMessage(iss.inst?._zod.def?.error?.(iss)) ??
            unwrapMessage(schemaError?.(iss)) ??
            unwrapMessage(ctx?.error?.(iss)) ??
            unwrapMessage(config.customError?.(iss)) ??
            unwrapMessage(config.localeError?.(iss)) ??
            "Invalid input");
    // an explicit own-key copy beats object rest with excluded keys, which v8 routes through a generic runtime call; Object.keys rather than for-in so an issue pushed with a prototype does not leak inherited keys, and an own __proto__ key is dropped rather than assigned through the setter
    const full = {};
    for (const k of Object.keys(iss)) {
        if (k === "inst" || k === "schema" || k === "continue" || k === "input" || k === "__proto__")
            continue;
        full[k] = iss[k];
    }
    full.path ?? (full.path = []);
    full.message = message;
    if (ctx?.reportInput) {
        full.input = iss.input;
    }
    return full;
}
function getSizableOrigin(input) {
    if (input instanceof Set)
        return "set";
    if (input instanceof Map)
        return "map";
    // @ts-ignore
    if (input instanceof File)
        return "file";
    return "unknown";
}
const highSurrogate = /[\uD800-\uDBFF]/;
// Code points in `str`: a surrogate pair counts once, a lone surrogate as itself. Hand-rolled because the string iterator allocates and runs ~250x slower on this path; the regex probe exits ~50x quicker for a string with no astral characters.
function codePointLength(str) {
    const units = str.length;
    if (!highSurrogate.test(str))
        return units;
    let count = units;
    for (let i = 0; i < units - 1; i++) {
        if ((str.charCodeAt(i) & 0xfc00) === 0xd800 && (str.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
            count--;
            i++;
        }
    }
    return count;
}
function getLengthableOrigin(input) {
    if (Array.isArray(input))
        return "array";
    if (typeof input === "string")
        return "string";
    return "unknown";
}
function parsedType(data) {
    const t = typeof data;
    switch (t) {
        case "number": {
            return Number.isNaN(data) ? "nan" : "number";
        }
        case "object": {
            if (data === null) {
                return "null";
            }
            if (Array.isArray(data)) {
                return "array";
            }
            const obj = data;
            if (obj && Object.getPrototypeOf(obj) !== Object.prototype && "constructor" in obj && obj.constructor) {
                return obj.constructor.name;
            }
        }
    }
    return t;
}
function issue(...args) {
    const [iss, input, inst] = args;
    if (typeof iss === "string") {
        return {
            message: iss,
            code: "custom",
            input,
            inst,
        };
    }
    return { ...iss };
}
function cleanEnum(obj) {
    return Object.entries(obj)
        .filter(([k, _]) => {
        // return true if NaN, meaning it's not a number, thus a string key
        return Number.isNaN(Number.parseInt(k, 10));
    })
        .map((el) => el[1]);
}
// Codec utility functions
function base64ToUint8Array(base64) {
    const binaryString = atob(base64);
    const bytes = new Uint8Array(binaryString.length);
    for (let i = 0; i < binaryString.length; i++) {
        bytes[i] = binaryString.charCodeAt(i);
    }
    return bytes;
}
function uint8ArrayToBase64(bytes) {
    let binaryString = "";
    for (let i = 0; i < bytes.length; i++) {
        binaryString += String.fromCharCode(bytes[i]);
    }
    return btoa(binaryString);
}
function base64urlToUint8Array(base64url) {
    const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
    const padding = "=".repeat((4 - (base64.length % 4)) % 4);
    return base64ToUint8Array(base64 + padding);
}
function uint8ArrayToBase64url(bytes) {
    return uint8ArrayToBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=/g, "");
}
function hexToUint8Array(hex) {
    const cleanHex = hex.replace(/^0x/, "");
    if (cleanHex.length % 2 !== 0) {
        throw new Error("Invalid hex string length");
    }
    const bytes = new Uint8Array(cleanHex.length / 2);
    for (let i = 0; i < cleanHex.length; i += 2) {
        bytes[i / 2] = Number.parseInt(cleanHex.slice(i, i + 2), 16);
    }
    return bytes;
}
function uint8ArrayToHex(bytes) {
    return Array.from(bytes)
        .map((b) => b.toString(16).padStart(2, "0"))
        .join("");
}
// instanceof
class Class {
    constructor(..._args) { }
}
//////////    PROTOTYPE INSTALLERS     //////////
//
// Members live on the prototype and materialize per instance on first read, which keeps own-property count under the step where V8 stops using inline slots. Changing anything here means re-measuring runtime, memory and bundle size together — see "The three axes" in AGENTS.md.
/**
 * Installs a trait's members on its prototype. Each value builds that member for the instance on first read; the built value shadows the accessor as an own property, so a detached `const { parse } = schema` keeps working.
 *
 * Call this from a `proto` initializer, which runs once per prototype — never per instance.
 */
function members(proto, table) {
    for (const key in table) {
        const desc = Object.getOwnPropertyDescriptor(table, key);
        // a getter installs as written, so it stays live: `description` reads through to the registry on every access. not enumerable: an object literal's is, and a prototype member never was
        if (desc.get)
            Object.defineProperty(proto, key, { ...desc, enumerable: false });
        // a method materializes bound on first read, which is what keeps a detached member working: `const opt = schema.optional; opt()`
        else
            defineBound(proto, key, desc.value);
    }
}
/** Shadows a prototype member with an own value, so a getter that builds from the instance runs once. */
function own(inst, key, value, enumerable = true) {
    Object.defineProperty(inst, key, { configurable: true, writable: true, enumerable, value });
    return value;
}
/** Like {@link own}, for a member that was never an own data property and has to stay out of `Object.keys`. */
function hide(inst, key, value) {
    return own(inst, key, value, false);
}
/** Adds members a table derives from the instance: each builds on first read and shadows as own data, and assignment shadows the same way, as when these were own properties. */
function derived(computes, table) {
    for (const key in computes) {
        const compute = computes[key];
        // an object literal's accessor is configurable and enumerable, and `members` copies the descriptor as written
        Object.defineProperty(table, key, {
            configurable: true,
            enumerable: true,
            get() {
                return own(this, key, compute(this));
            },
            set(value) {
                own(this, key, value);
            },
        });
    }
    return table;
}
function defineBound(proto, key, fn) {
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            // vitest's spyOn calls a prototype getter bare to find the function it wraps, so a nullish receiver answers the raw method
            return this == null ? fn : own(this, key, fn.bind(this));
        },
        set(value) {
            own(this, key, value);
        },
    });
}
/** Returns the prototype to install on, or `undefined` if this group is already installed on it. */
function claim(inst, sentinel) {
    const proto = Object.getPrototypeOf(inst);
    // Runs on every construction, so `in` rather than the costlier `hasOwnProperty.call`. Sentinels are keys the group itself defines.
    return sentinel in proto ? undefined : proto;
}
// The internals whose init chain is installing. A second call for the same one is a derived constructor overriding its base, so it must not construct another schema in between or the override is dropped.
let installing;
// Set while a getter is running, so a value that resolved through a recursion break is not memoized. One shared descriptor shadows the key for the duration, which costs no per-key allocation.
let broke = false;
const breaker = {
    configurable: true,
    get() {
        broke = true;
        return undefined;
    },
};
/**
 * Installs a lazily-derived internal on the `_zod` prototype of `inst`'s
 * constructor, computed from the internals object itself and cached there on
 * first read. One accessor per constructor rather than one per instance.
 */
function defineLazyInternal(inst, key, compute) {
    const proto = Object.getPrototypeOf(inst._zod);
    if (key in proto && installing !== inst._zod) {
        // A repeat construction: everything is installed already. Cleared here so the reference is not held past the first construction of every type.
        installing = undefined;
        return;
    }
    installing = inst._zod;
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            // Shadowed before computing so a re-entrant read from a recursive schema resolves to undefined instead of running the getter again.
            Object.defineProperty(this, key, breaker);
            const outer = broke;
            broke = false;
            try {
                const value = compute(this);
                // A result that resolved through a recursion break is recomputed once the graph is complete; everything else memoizes, undefined included.
                if (broke)
                    delete this[key];
                else
                    Object.defineProperty(this, key, { configurable: true, writable: true, value });
                broke = broke || outer;
                return value;
            }
            catch (err) {
                // A compute that threw memoizes nothing, so a later read runs it again and fails the same way. The shadow goes with it, since leaving it installed would answer undefined for every later read.
                delete this[key];
                broke = broke || outer;
                throw err;
            }
        },
        set(value) {
            Object.defineProperty(this, key, { configurable: true, writable: true, value });
        },
    });
}
/**
 * Installs `key` on `inst`'s prototype, computed by `make` on first read and cached there as an own
 * data property. One accessor per constructor rather than one per instance, because an own accessor
 * puts every instance after the first into v8 dictionary mode. The key doubles as the sentinel.
 */
function installLazyProp(inst, key, make, enumerable) {
    const proto = claim(inst, key);
    if (!proto)
        return;
    Object.defineProperty(proto, key, {
        configurable: true,
        get() {
            // Shadowed before computing, so a re-entrant read from a self-referential shape resolves to undefined instead of running the getter again. A data property rather than an accessor: an own accessor is the dictionary-mode transition this exists to avoid.
            const desc = { configurable: true, writable: true, enumerable, value: undefined };
            Object.defineProperty(this, key, desc);
            // a compute that throws leaves the shadow behind, so later reads answer undefined instead of re-throwing; `defineLazy` did the same, and `defineLazyInternal`'s delete-on-catch would cost bytes in every bundle for a case only a throwing user getter reaches
            desc.value = make(this);
            Object.defineProperty(this, key, desc);
            return desc.value;
        },
        set(value) {
            Object.defineProperty(this, key, { configurable: true, writable: true, enumerable, value });
        },
    });
}
/** Marks the thunk `_catch` synthesises for a constant catch value. `Function.length` cannot tell that thunk from a user callback — rest and defaulted parameters both report arity 0 — and a user callback reads `ctx.error`, whose issues only finalize correctly against the caller's per-parse error map. Provenance can say what arity cannot. A plain string key rather than `Symbol.for`, whose call at module scope no bundler can prove pure — the same shape that anchored `urlCanParse` into every build. */
const CONSTANT_CATCH = "~constantCatch";
/** Wraps a constant catch value in a thunk tagged with {@link CONSTANT_CATCH}. */
function constantCatch(value) {
    const fn = () => value;
    fn[CONSTANT_CATCH] = true;
    return fn;
}


/***/ }),

/***/ 8395:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  YOg: () => (/* binding */ array),
  zMY: () => (/* binding */ schemas_boolean),
  k5n: () => (/* binding */ _enum),
  Whr: () => (/* binding */ schemas_int),
  aig: () => (/* binding */ schemas_number),
  lqM: () => (/* binding */ optional),
  g1P: () => (/* binding */ record),
  rej: () => (/* binding */ strictObject),
  YjP: () => (/* binding */ schemas_string),
  KCZ: () => (/* binding */ union),
  L5J: () => (/* binding */ unknown)
});

// UNUSED EXPORTS: ZodMiniAny, ZodMiniArray, ZodMiniBase64, ZodMiniBase64URL, ZodMiniBigInt, ZodMiniBigIntFormat, ZodMiniBoolean, ZodMiniCIDRv4, ZodMiniCIDRv6, ZodMiniCUID, ZodMiniCUID2, ZodMiniCatch, ZodMiniCodec, ZodMiniCreditCard, ZodMiniCustom, ZodMiniCustomStringFormat, ZodMiniDate, ZodMiniDefault, ZodMiniDiscriminatedUnion, ZodMiniE164, ZodMiniEmail, ZodMiniEmoji, ZodMiniEnum, ZodMiniExactOptional, ZodMiniFile, ZodMiniFunction, ZodMiniGUID, ZodMiniIBAN, ZodMiniIPv4, ZodMiniIPv6, ZodMiniIntersection, ZodMiniJWT, ZodMiniKSUID, ZodMiniLazy, ZodMiniLiteral, ZodMiniMAC, ZodMiniMap, ZodMiniNaN, ZodMiniNanoID, ZodMiniNever, ZodMiniNonOptional, ZodMiniNull, ZodMiniNullable, ZodMiniNumber, ZodMiniNumberFormat, ZodMiniObject, ZodMiniOptional, ZodMiniPipe, ZodMiniPrefault, ZodMiniPromise, ZodMiniReadonly, ZodMiniRecord, ZodMiniSet, ZodMiniString, ZodMiniStringFormat, ZodMiniSuccess, ZodMiniSymbol, ZodMiniTemplateLiteral, ZodMiniTransform, ZodMiniTuple, ZodMiniType, ZodMiniULID, ZodMiniURL, ZodMiniUUID, ZodMiniUndefined, ZodMiniUnion, ZodMiniUnknown, ZodMiniVoid, ZodMiniXID, ZodMiniXor, _default, _function, any, base64, base64url, bigint, catch, catchall, check, cidrv4, cidrv6, codec, creditCard, cuid, cuid2, currencyCode, custom, date, describe, discriminatedUnion, e164, email, emoji, exactOptional, exactPartial, extend, file, float32, float64, function, guid, hash, hex, hostname, httpUrl, iban, instanceof, int32, int64, intersection, invertCodec, ipv4, ipv6, json, jwt, keyof, ksuid, lazy, literal, looseObject, looseRecord, mac, map, merge, meta, nan, nanoid, nativeEnum, never, nonoptional, null, nullable, nullish, object, omit, partial, partialRecord, pick, pipe, prefault, promise, readonly, refine, required, safeExtend, set, stringFormat, stringbool, success, superRefine, symbol, templateLiteral, transform, tuple, uint32, uint64, ulid, undefined, url, uuid, uuidv4, uuidv6, uuidv7, void, xid, xor

// EXTERNAL MODULE: ./node_modules/zod/v4/core/core.js
var core_core = __nccwpck_require__(8532);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/checks.js
var core_checks = __nccwpck_require__(4890);
;// CONCATENATED MODULE: ./node_modules/zod/v4/core/regexes.js

/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link cuid2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
const cuid = /^[cC][0-9a-z]{6,}$/;
const cuid2 = /^[0-9a-z]+$/;
const ulid = /^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$/;
const xid = /^[0-9a-vA-V]{20}$/;
const ksuid = /^[A-Za-z0-9]{27}$/;
const nanoid = /^[a-zA-Z0-9_-]{21}$/;
function nanoidOfLength(length) {
    return new RegExp(`^[a-zA-Z0-9_-]{${length}}$`);
}
/** ISO 8601-1 duration regex. Does not support the 8601-2 extensions like negative durations or fractional/negative components. */
const duration = /^P(?:(\d+W)|(?!.*W)(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+([.,]\d+)?S)?)?)$/;
/** Implements ISO 8601-2 extensions like explicit +- prefixes, mixing weeks with other units, and fractional/negative components. */
const extendedDuration = /^[-+]?P(?!$)(?:(?:[-+]?\d+Y)|(?:[-+]?\d+[.,]\d+Y$))?(?:(?:[-+]?\d+M)|(?:[-+]?\d+[.,]\d+M$))?(?:(?:[-+]?\d+W)|(?:[-+]?\d+[.,]\d+W$))?(?:(?:[-+]?\d+D)|(?:[-+]?\d+[.,]\d+D$))?(?:T(?=[\d+-])(?:(?:[-+]?\d+H)|(?:[-+]?\d+[.,]\d+H$))?(?:(?:[-+]?\d+M)|(?:[-+]?\d+[.,]\d+M$))?(?:[-+]?\d+(?:[.,]\d+)?S)?)??$/;
/** A regex for any UUID-like identifier: 8-4-4-4-12 hex pattern */
const guid = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;
/** Returns a regex for validating an RFC 9562/4122 UUID.
 *
 * @param version Optionally specify a version 1-8. If no version is specified, all versions are supported. */
const uuid = (version) => {
    if (!version)
        return /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
    return new RegExp(`^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-${version}[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12})$`);
};
const uuid4 = /*@__PURE__*/ (/* unused pure expression or super */ null && (uuid(4)));
const uuid6 = /*@__PURE__*/ (/* unused pure expression or super */ null && (uuid(6)));
const uuid7 = /*@__PURE__*/ (/* unused pure expression or super */ null && (uuid(7)));
/** Practical email validation */
const email = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
/** Equivalent to the HTML5 input[type=email] validation implemented by browsers. Source: https://developer.mozilla.org/en-US/docs/Web/HTML/Element/input/email */
const html5Email = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
/** The classic emailregex.com regex for RFC 5322-compliant emails */
const rfc5322Email = /^(([^<>()\[\]\\.,;:\s@"]+(\.[^<>()\[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;
/** A loose regex that allows Unicode characters, enforces length limits, and that's about it. */
const unicodeEmail = /^[^\s@"]{1,64}@[^\s@]{1,255}$/u;
const idnEmail = (/* unused pure expression or super */ null && (unicodeEmail));
const browserEmail = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
// from https://thekevinscott.com/emojis-in-javascript/#writing-a-regular-expression
// Single character class, not an alternation: the two properties overlap (U+1F9B0-U+1F9B3), so `(A|B)+` backtracks exponentially on a failed match. The leading lookahead then demands one anchor — a pictograph, a regional indicator, or the enclosing keycap — because `\p{Emoji_Component}` on its own covers ASCII digits, `#`, `*`, ZWJ, variation selectors and skin tone modifiers, none of which is an emoji without a base.
const _emoji = (/* unused pure expression or super */ null && (`^(?=[\\s\\S]*[\\p{Extended_Pictographic}\\p{Regional_Indicator}\\u20E3])[\\p{Extended_Pictographic}\\p{Emoji_Component}]+$`));
function emoji() {
    return new RegExp(_emoji, "u");
}
const ipv4 = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$/;
const ipv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))$/;
const mac = (delimiter) => {
    const escapedDelim = util.escapeRegex(delimiter ?? ":");
    return new RegExp(`^(?:[0-9A-F]{2}${escapedDelim}){5}[0-9A-F]{2}$|^(?:[0-9a-f]{2}${escapedDelim}){5}[0-9a-f]{2}$`);
};
const cidrv4 = /^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\/([0-9]|[1-2][0-9]|3[0-2])$/;
const cidrv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))\/(12[0-8]|1[01][0-9]|[1-9]?[0-9])$/;
// https://stackoverflow.com/questions/7860392/determine-if-string-is-in-base64-using-javascript
const base64 = /^$|^(?:[0-9a-zA-Z+/]{4})*(?:(?:[0-9a-zA-Z+/]{2}==)|(?:[0-9a-zA-Z+/]{3}=))?$/;
const base64url = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$/;
// based on https://stackoverflow.com/questions/106179/regular-expression-to-match-dns-hostname-or-ip-address
// export const hostname: RegExp = /^([a-zA-Z0-9-]+\.)*[a-zA-Z0-9-]+$/;
const hostname = /^(?=.{1,253}\.?$)[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[-0-9a-zA-Z]{0,61}[0-9a-zA-Z])?)*\.?$/;
const domain = /^(?=.{1,253}$)([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/;
const httpProtocol = /^https?$/;
// https://blog.stevenlevithan.com/archives/validate-phone-number#r4-3 (regex sans spaces) E.164: leading digit must be 1-9; total digits (excluding '+') between 7-15
const e164 = /^\+[1-9]\d{6,14}$/;
// Credit card shape: 12–19 digits, optionally separated by single spaces or single hyphens. ISO/IEC 7812 caps the PAN at 19 digits; 12 is the shortest issued length (Maestro).
const creditCard = /^\d(?:[ -]?\d){11,18}$/;
// ISO 4217 alpha codes from the SIX list, regenerated by scripts/update-iso-4217.ts
const currencyCode = /^(?:AED|AFN|ALL|AMD|AOA|ARS|AUD|AWG|AZN|BAM|BBD|BDT|BHD|BIF|BMD|BND|BOB|BOV|BRL|BSD|BTN|BWP|BYN|BZD|CAD|CDF|CHE|CHF|CHW|CLF|CLP|CNY|COP|COU|CRC|CUP|CVE|CZK|DJF|DKK|DOP|DZD|EGP|ERN|ETB|EUR|FJD|FKP|GBP|GEL|GHS|GIP|GMD|GNF|GTQ|GYD|HKD|HNL|HTG|HUF|IDR|ILS|INR|IQD|IRR|ISK|JMD|JOD|JPY|KES|KGS|KHR|KMF|KPW|KRW|KWD|KYD|KZT|LAK|LBP|LKR|LRD|LSL|LYD|MAD|MDL|MGA|MKD|MMK|MNT|MOP|MRU|MUR|MVR|MWK|MXN|MXV|MYR|MZN|NAD|NGN|NIO|NOK|NPR|NZD|OMR|PAB|PEN|PGK|PHP|PKR|PLN|PYG|QAR|RON|RSD|RUB|RWF|SAR|SBD|SCR|SDG|SEK|SGD|SHP|SLE|SOS|SRD|SSP|STN|SVC|SYP|SZL|THB|TJS|TMT|TND|TOP|TRY|TTD|TWD|TZS|UAH|UGX|USD|USN|UYI|UYU|UYW|UZS|VED|VES|VND|VUV|WST|XAD|XAF|XAG|XAU|XBA|XBB|XBC|XBD|XCD|XCG|XDR|XOF|XPD|XPF|XPT|XSU|XTS|XUA|XXX|YER|ZAR|ZMW|ZWG)$/;
// iban electronic format: 2-letter country, check digits 02-98 (the only values `98 - remainder` can produce), 11-30 bban characters
const iban = /^[A-Z]{2}(?!00|01|99)\d{2}[A-Z0-9]{11,30}$/;
const dateSource = (/* unused pure expression or super */ null && (`(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))`));
/** Anchors a pattern source. The interpolation lives here rather than at the call site because
 * esbuild will not drop a `@__PURE__` call whose own argument interpolates a variable, but it
 * will drop `anchor(dateSource)`. Keeping it inline pinned `date` into every bundle. */
function regexes_anchor(source) {
    return new RegExp(`^${source}$`);
}
const date = /*@__PURE__*/ (/* unused pure expression or super */ null && (regexes_anchor(dateSource)));
function timeSource(args) {
    const hhmm = `(?:[01]\\d|2[0-3]):[0-5]\\d`;
    const regex = typeof args.precision === "number"
        ? args.precision === -1
            ? `${hhmm}`
            : args.precision === 0
                ? `${hhmm}:[0-5]\\d`
                : `${hhmm}:[0-5]\\d\\.\\d{${args.precision}}`
        : args.seconds
            ? `${hhmm}:[0-5]\\d(?:\\.\\d+)?`
            : `${hhmm}(?::[0-5]\\d(?:\\.\\d+)?)?`;
    return regex;
}
function time(args) {
    return new RegExp(`^${timeSource(args)}$`);
}
// Adapted from https://stackoverflow.com/a/3143231
function datetime(args) {
    const opts = ["Z"];
    // if (args.offset) opts.push(`([+-]\\d{2}:\\d{2})`);
    if (args.offset)
        opts.push(`([+-](?:[01]\\d|2[0-3]):[0-5]\\d)`);
    // RFC 3339 mandates seconds wherever the time carries a `Z` or an offset, so only the unqualified form `local` adds may omit them
    const qualified = `${timeSource({ precision: args.precision, seconds: true })}(?:${opts.join("|")})`;
    const timeRegex = args.local ? `${qualified}|${timeSource({ precision: args.precision })}` : qualified;
    return new RegExp(`^${dateSource}T(?:${timeRegex})$`);
}
// the unbounded form of `string()` as a literal, so every plain string shares one instance instead of building its own
const anyString = /^[\s\S]{0,}$/;
const string = (params) => {
    const regex = params ? `[\\s\\S]{${params?.minimum ?? 0},${params?.maximum ?? ""}}` : `[\\s\\S]*`;
    return new RegExp(`^${regex}$`);
};
const bigint = /^-?\d+n?$/;
const integer = /^-?\d+$/;
const number = /^-?\d+(?:\.\d+)?$/;
const regexes_boolean = /^(?:true|false)$/i;
const _null = /^null$/i;

const _undefined = /^undefined$/i;

// regex for string with no uppercase letters
const lowercase = /^[^A-Z]*$/;
// regex for string with no lowercase letters
const uppercase = /^[^a-z]*$/;
// regex for hexadecimal strings (any length)
const hex = /^[0-9a-fA-F]*$/;
// Hash regexes for different algorithms and encodings
// Helper function to create base64 regex with exact length and padding
function fixedBase64(bodyLength, padding) {
    return new RegExp(`^[A-Za-z0-9+/]{${bodyLength}}${padding}$`);
}
// Helper function to create base64url regex with exact length (no padding)
function fixedBase64url(length) {
    return new RegExp(`^[A-Za-z0-9_-]{${length}}$`);
}
// MD5 (16 bytes): base64 = 24 chars total (22 + "==")
const md5_hex = /^[0-9a-fA-F]{32}$/;
const md5_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(22, "==")));
const md5_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(22)));
// SHA1 (20 bytes): base64 = 28 chars total (27 + "=")
const sha1_hex = /^[0-9a-fA-F]{40}$/;
const sha1_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(27, "=")));
const sha1_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(27)));
// SHA256 (32 bytes): base64 = 44 chars total (43 + "=")
const sha256_hex = /^[0-9a-fA-F]{64}$/;
const sha256_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(43, "=")));
const sha256_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(43)));
// SHA384 (48 bytes): base64 = 64 chars total (no padding)
const sha384_hex = /^[0-9a-fA-F]{96}$/;
const sha384_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(64, "")));
const sha384_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(64)));
// SHA512 (64 bytes): base64 = 88 chars total (86 + "==")
const sha512_hex = /^[0-9a-fA-F]{128}$/;
const sha512_base64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64(86, "==")));
const sha512_base64url = /*@__PURE__*/ (/* unused pure expression or super */ null && (fixedBase64url(86)));

// EXTERNAL MODULE: ./node_modules/zod/v4/core/util.js
var core_util = __nccwpck_require__(4723);
;// CONCATENATED MODULE: ./node_modules/zod/v4/core/versions.js
const version = {
    major: 4,
    minor: 6,
    patch: 7,
};

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/schemas.js







const $ZodType = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodType", (inst, def) => {
    var _a;
    inst ?? (inst = {});
    inst._zod.def = def; // set _def property
    inst._zod.bag = inst._zod.bag || {}; // initialize _bag object
    inst._zod.version = version;
    const defChecks = inst._zod.def.checks;
    // if inst is itself a checks.$ZodCheck, run it as a check
    const checks = inst._zod.traits.has("$ZodCheck")
        ? [inst, ...(defChecks ?? [])]
        : defChecks?.length
            ? [...defChecks]
            : [];
    for (const ch of checks) {
        for (const fn of ch._zod.onattach) {
            fn(inst);
        }
    }
    if (checks.length === 0) {
        // deferred initializer inst._zod.parse is not yet defined
        (_a = inst._zod).deferred ?? (_a.deferred = []);
        inst._zod.deferred?.push(() => {
            inst._zod.run = inst._zod.parse;
        });
    }
    else {
        const runChecks = (payload, checks, ctx) => {
            if (payload.memo)
                return payload;
            let isAborted = core_util/* aborted */.QH(payload);
            let asyncResult;
            for (const ch of checks) {
                if (ch._zod.def.when) {
                    if (core_util/* explicitlyAborted */.rL(payload))
                        continue;
                    const shouldRun = ch._zod.def.when(payload);
                    if (!shouldRun)
                        continue;
                }
                else if (isAborted) {
                    continue;
                }
                const currLen = payload.issues.length;
                const _ = ch._zod.check(payload);
                if (_ instanceof Promise && ctx?.async === false) {
                    throw new core_core/* $ZodAsyncError */.GT();
                }
                if (asyncResult || _ instanceof Promise) {
                    asyncResult = (asyncResult ?? Promise.resolve()).then(async () => {
                        await _;
                        const nextLen = payload.issues.length;
                        if (nextLen === currLen)
                            return;
                        core_util/* attachSchema */.d3(payload.issues, currLen, inst);
                        if (!isAborted)
                            isAborted = core_util/* aborted */.QH(payload, currLen);
                    });
                }
                else {
                    const nextLen = payload.issues.length;
                    if (nextLen === currLen)
                        continue;
                    core_util/* attachSchema */.d3(payload.issues, currLen, inst);
                    if (!isAborted)
                        isAborted = core_util/* aborted */.QH(payload, currLen);
                }
            }
            if (asyncResult) {
                return asyncResult.then(() => {
                    return payload;
                });
            }
            return payload;
        };
        const handleCanaryResult = (canary, payload, ctx) => {
            // abort if the canary is aborted
            if (core_util/* aborted */.QH(canary)) {
                canary.aborted = true;
                return canary;
            }
            // run checks first, then
            const checkResult = runChecks(payload, checks, ctx);
            if (checkResult instanceof Promise) {
                if (ctx.async === false)
                    throw new core_core/* $ZodAsyncError */.GT();
                return checkResult.then((checkResult) => inst._zod.parse(checkResult, ctx));
            }
            return inst._zod.parse(checkResult, ctx);
        };
        inst._zod.run = (payload, ctx) => {
            if (ctx.skipChecks) {
                return inst._zod.parse(payload, ctx);
            }
            if (ctx.direction === "backward") {
                // run canary initial pass (no checks)
                const canary = inst._zod.parse({ value: payload.value, issues: [] }, { ...ctx, skipChecks: true });
                if (canary instanceof Promise) {
                    return canary.then((canary) => {
                        return handleCanaryResult(canary, payload, ctx);
                    });
                }
                return handleCanaryResult(canary, payload, ctx);
            }
            // forward
            const result = inst._zod.parse(payload, ctx);
            if (result instanceof Promise) {
                if (ctx.async === false)
                    throw new core_core/* $ZodAsyncError */.GT();
                return result.then((result) => runChecks(result, checks, ctx));
            }
            return runChecks(result, checks, ctx);
        };
    }
}, {
    // Wrappers extend this by installing a richer factory over it; reading it eagerly would defeat the laziness.
    get "~standard"() {
        return core_util/* hide */.jD(this, "~standard", standardProps(this));
    },
    set "~standard"(value) {
        core_util/* own */.qh(this, "~standard", value);
    },
});
/** The Standard Schema surface for `inst`. Shared so wrappers can extend it without forcing it. */
// a Standard Schema result only reports issues, so a failure finalizes them straight off the raw payload: no ZodError, and no lazy result to read through
const toStandardResult = (r, ctx) => r.issues.length ? { issues: r.issues.map((iss) => core_util/* finalizeIssue */.iR(iss, ctx, core_core/* config */.$W())) } : { value: r.value };
async function validateAsync(inst, value) {
    const ctx = { async: true };
    return toStandardResult((await inst._zod.run({ value, issues: [] }, ctx)), ctx);
}
function standardProps(inst) {
    return {
        validate: (value) => {
            const ctx = { async: false };
            try {
                const r = inst._zod.run({ value, issues: [] }, ctx);
                if (!(r instanceof Promise))
                    return toStandardResult(r, ctx);
            }
            catch (_) { }
            // async function so a synchronously throwing check rejects instead of escaping validate
            return validateAsync(inst, value);
        },
        vendor: "zod",
        version: 1,
    };
}

const $ZodString = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodString", (inst, def) => {
    $ZodType.init(inst, def);
    // a format's own pattern, else unbounded; a template literal derives the check-aware form itself
    inst._zod.pattern = def.pattern ?? anyString;
    inst._zod.parse = (payload, _) => {
        if (def.coerce)
            try {
                payload.value = String(payload.value);
            }
            catch (_) { }
        if (typeof payload.value === "string")
            return payload;
        payload.issues.push({
            expected: "string",
            code: "invalid_type",
            input: payload.value,
            inst,
        });
        return payload;
    };
});
const $ZodStringFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodStringFormat", (inst, def) => {
    // check initialization must come first
    checks.$ZodCheckStringFormat.init(inst, def);
    $ZodString.init(inst, def);
})));
const $ZodGUID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodGUID", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.guid);
    $ZodStringFormat.init(inst, def);
})));
const $ZodUUID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodUUID", (inst, def) => {
    if (def.version) {
        const versionMap = {
            v1: 1,
            v2: 2,
            v3: 3,
            v4: 4,
            v5: 5,
            v6: 6,
            v7: 7,
            v8: 8,
        };
        const v = versionMap[def.version];
        if (v === undefined)
            throw new Error(`Invalid UUID version: "${def.version}"`);
        def.pattern ?? (def.pattern = regexes.uuid(v));
    }
    else
        def.pattern ?? (def.pattern = regexes.uuid());
    $ZodStringFormat.init(inst, def);
})));
const $ZodEmail = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodEmail", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.email);
    $ZodStringFormat.init(inst, def);
})));
/** The `://` guard rejected the input before the URL constructor saw it. */
const URL_BAD_FORMAT = 1;
/** The URL parser rejected the input. */
const URL_UNPARSEABLE = 2;
function canParseURL(input) {
    try {
        if (typeof URL !== "undefined" && typeof URL.canParse === "function")
            return URL.canParse(input);
        new URL(input);
        return true;
    }
    catch {
        return false;
    }
}
function validateURL(trimmed, def) {
    if (!("normalize" in def) && !("hostname" in def) && !("protocol" in def)) {
        return canParseURL(trimmed) || URL_UNPARSEABLE;
    }
    return parseURLObject(trimmed, def);
}
/** Parses a URL while preserving the non-normalizing HTTP guard. */
function parseURLObject(trimmed, def) {
    // When normalize is off, require :// for http/https URLs. This prevents strings like "http:example.com" or "https:/path" from being silently accepted
    if (!def.normalize && def.protocol?.source === regexes.httpProtocol.source && !/^https?:\/\//i.test(trimmed)) {
        return URL_BAD_FORMAT;
    }
    try {
        if (typeof URL !== "undefined") {
            const URLStatic = URL;
            if (typeof URLStatic.parse === "function")
                return URLStatic.parse(trimmed) ?? URL_UNPARSEABLE;
        }
        // @ts-ignore
        return new URL(trimmed);
    }
    catch {
        return URL_UNPARSEABLE;
    }
}
const asciiTabOrNewline = /[\t\n\r]/g;
/** The URL parser deletes every ASCII tab, LF and CR from its input before it parses, so `new URL("https://exa\nmple.com")` reports on `example.com`. Applying the same deletion to the returned value closes the half of that divergence which can move the host; the parser's other rewrite, stripping C0 controls at the edges, cannot. */
function stripTabAndNewline(value) {
    return value.replace(asciiTabOrNewline, "");
}
function urlHostnameOk(url, hostname) {
    hostname.lastIndex = 0;
    return hostname.test(url.hostname);
}
function urlProtocolOk(url, protocol) {
    protocol.lastIndex = 0;
    return protocol.test(url.protocol.endsWith(":") ? url.protocol.slice(0, -1) : url.protocol);
}
const $ZodURL = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodURL", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        try {
            // Trim whitespace from input
            const trimmed = payload.value.trim();
            const url = validateURL(trimmed, def);
            if (url === URL_BAD_FORMAT) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    note: "Invalid URL format",
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
                return;
            }
            if (url === URL_UNPARSEABLE) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
                return;
            }
            if (url === true) {
                payload.value = stripTabAndNewline(trimmed);
                return;
            }
            if (def.hostname && !urlHostnameOk(url, def.hostname)) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    note: "Invalid hostname",
                    pattern: def.hostname.source,
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
            }
            if (def.protocol && !urlProtocolOk(url, def.protocol)) {
                payload.issues.push({
                    code: "invalid_format",
                    format: "url",
                    note: "Invalid protocol",
                    pattern: def.protocol.source,
                    input: payload.value,
                    inst,
                    continue: !def.abort,
                });
            }
            // Set the output value based on normalize flag
            payload.value = def.normalize ? url.href : stripTabAndNewline(trimmed);
            return;
        }
        catch (_) {
            payload.issues.push({
                code: "invalid_format",
                format: "url",
                input: payload.value,
                inst,
                continue: !def.abort,
            });
        }
    };
})));
const $ZodEmoji = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodEmoji", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.emoji());
    $ZodStringFormat.init(inst, def);
})));
const $ZodNanoID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodNanoID", (inst, def) => {
    if (def.length !== undefined && (!Number.isInteger(def.length) || def.length < 1))
        throw new Error(`Invalid nanoid length: ${def.length}`);
    def.pattern ?? (def.pattern = def.length === undefined ? regexes.nanoid : regexes.nanoidOfLength(def.length));
    $ZodStringFormat.init(inst, def);
})));
/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link $ZodCUID2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
const $ZodCUID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCUID", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.cuid);
    $ZodStringFormat.init(inst, def);
})));
const $ZodCUID2 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCUID2", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.cuid2);
    $ZodStringFormat.init(inst, def);
})));
const $ZodULID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodULID", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.ulid);
    $ZodStringFormat.init(inst, def);
})));
const $ZodXID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodXID", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.xid);
    $ZodStringFormat.init(inst, def);
})));
const $ZodKSUID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodKSUID", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.ksuid);
    $ZodStringFormat.init(inst, def);
})));
const $ZodISODateTime = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodISODateTime", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.datetime(def));
    $ZodStringFormat.init(inst, def);
})));
const $ZodISODate = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodISODate", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.date);
    $ZodStringFormat.init(inst, def);
})));
const $ZodISOTime = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodISOTime", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.time(def));
    $ZodStringFormat.init(inst, def);
})));
const $ZodISODuration = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodISODuration", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.duration);
    $ZodStringFormat.init(inst, def);
})));
const $ZodIPv4 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodIPv4", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.ipv4);
    $ZodStringFormat.init(inst, def);
})));
/** An IPv6 address is written with hex digits, colons and dots, and nothing else. The guard is what makes the check below an IPv6 check: `new URL("http://[...]")` parses an authority, not an address, so `@` and `\` re-delimit it and `"::@1\\"` validates against the host `0.0.0.1`. The URL parser also deletes ASCII tab, LF and CR rather than failing, which is how `"::1\n"` validated as `::1`. */
const ipv6Alphabet = /^[0-9a-fA-F:.]+$/;
function isValidIPv6(value) {
    if (!ipv6Alphabet.test(value))
        return false;
    return canParseURL(`http://[${value}]`);
}
const $ZodIPv6 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodIPv6", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.ipv6);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (!isValidIPv6(payload.value)) {
            payload.issues.push({
                code: "invalid_format",
                format: "ipv6",
                input: payload.value,
                inst,
                continue: !def.abort,
            });
        }
    };
})));
const $ZodMAC = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodMAC", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.mac(def.delimiter));
    $ZodStringFormat.init(inst, def);
})));
const $ZodCIDRv4 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCIDRv4", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.cidrv4);
    $ZodStringFormat.init(inst, def);
})));
function isValidCIDRv6(value) {
    const parts = value.split("/");
    if (parts.length !== 2)
        return false;
    const [address, prefix] = parts;
    if (!prefix)
        return false;
    const prefixNum = Number(prefix);
    if (`${prefixNum}` !== prefix)
        return false;
    if (prefixNum < 0 || prefixNum > 128)
        return false;
    return isValidIPv6(address);
}
const $ZodCIDRv6 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCIDRv6", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.cidrv6); // not used for validation
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (!isValidCIDRv6(payload.value)) {
            payload.issues.push({
                code: "invalid_format",
                format: "cidrv6",
                input: payload.value,
                inst,
                continue: !def.abort,
            });
        }
    };
})));
//////////////////////////////   ZodBase64   //////////////////////////////
function isValidBase64(data) {
    if (data === "")
        return true;
    // atob ignores whitespace, so reject it up front.
    if (/\s/.test(data))
        return false;
    if (data.length % 4 !== 0)
        return false;
    try {
        // @ts-ignore
        atob(data);
        return true;
    }
    catch {
        return false;
    }
}
// lax on purpose: the quantified regexes.base64 overflows the regex stack on multi-MB input and its leading ^$| alternation leaks through template-literal composition; isValidBase64 enforces length and padding
const base64Charset = /^[0-9a-zA-Z+/]*={0,2}$/;
const $ZodBase64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodBase64", (inst, def) => {
    def.pattern ?? (def.pattern = base64Charset);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidBase64(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "base64",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
//////////////////////////////   ZodBase64URL   //////////////////////////////
// lax on purpose: the quantified regexes.base64url overflows the regex stack on multi-MB input; isValidBase64 enforces length on the padded string
const base64urlCharset = /^[A-Za-z0-9_-]*$/;
function isValidBase64URL(data) {
    if (!base64urlCharset.test(data))
        return false;
    const base64 = data.replace(/[-_]/g, (c) => (c === "-" ? "+" : "/"));
    const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, "=");
    return isValidBase64(padded);
}
const $ZodBase64URL = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodBase64URL", (inst, def) => {
    def.pattern ?? (def.pattern = base64urlCharset);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidBase64URL(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "base64url",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodE164 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodE164", (inst, def) => {
    def.pattern ?? (def.pattern = regexes.e164);
    $ZodStringFormat.init(inst, def);
})));
//////////////////////////////   ZodCreditCard   //////////////////////////////
const CC_SANITIZE = /[- ]/g;
/** Luhn checksum on a digit-only string. Adapted from valibot (MIT). */
function isLuhnAlgo(digits) {
    let length = digits.length;
    let bit = 1;
    let sum = 0;
    while (length) {
        const value = digits.charCodeAt(--length) - 48;
        bit ^= 1;
        sum += bit ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][value] : value;
    }
    return sum % 10 === 0;
}
function isValidCreditCard(input) {
    if (!regexes.creditCard.test(input))
        return false;
    return isLuhnAlgo(input.replace(CC_SANITIZE, ""));
}
const $ZodCreditCard = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCreditCard", (inst, def) => {
    // Shape only — the Luhn check below is not expressible as a pattern, so consumers of `pattern` (JSON Schema, template literals) get the length and separator rules alone.
    def.pattern ?? (def.pattern = regexes.creditCard);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidCreditCard(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "credit_card",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
//////////////////////////////   ZodIBAN   //////////////////////////////
// iso 7064 mod 97-10 checksum without BigInt
function isIso7064Mod97(iban) {
    let remainder = 0;
    const len = iban.length;
    for (let i = 4; i < len; i++) {
        const code = iban.charCodeAt(i);
        remainder = (code >= 65 ? remainder * 100 + (code - 55) : remainder * 10 + (code - 48)) % 97;
    }
    for (let i = 0; i < 4; i++) {
        const code = iban.charCodeAt(i);
        remainder = (code >= 65 ? remainder * 100 + (code - 55) : remainder * 10 + (code - 48)) % 97;
    }
    return remainder === 1;
}
function isValidIBAN(input) {
    if (!regexes.iban.test(input))
        return false;
    return isIso7064Mod97(input);
}
const $ZodIBAN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodIBAN", (inst, def) => {
    // shape only — checksum is not expressible as a pattern
    def.pattern ?? (def.pattern = regexes.iban);
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidIBAN(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "iban",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
//////////////////////////////   ZodJWT   //////////////////////////////
function isValidJWT(token, algorithm = null) {
    try {
        const tokensParts = token.split(".");
        if (tokensParts.length !== 3)
            return false;
        const [header] = tokensParts;
        if (!header)
            return false;
        // @ts-ignore
        const parsedHeader = JSON.parse(atob(header));
        if ("typ" in parsedHeader && parsedHeader?.typ !== "JWT")
            return false;
        if (!parsedHeader.alg)
            return false;
        if (algorithm && (!("alg" in parsedHeader) || parsedHeader.alg !== algorithm))
            return false;
        return true;
    }
    catch {
        return false;
    }
}
const $ZodJWT = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodJWT", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (isValidJWT(payload.value, def.alg))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: "jwt",
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodCustomStringFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCustomStringFormat", (inst, def) => {
    $ZodStringFormat.init(inst, def);
    inst._zod.check = (payload) => {
        if (def.fn(payload.value))
            return;
        payload.issues.push({
            code: "invalid_format",
            format: def.format,
            input: payload.value,
            inst,
            continue: !def.abort,
        });
    };
})));
const $ZodNumber = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodNumber", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = number;
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
            try {
                payload.value = Number(payload.value);
            }
            catch (_) { }
        const input = payload.value;
        if (typeof input === "number" && !Number.isNaN(input) && Number.isFinite(input)) {
            return payload;
        }
        const received = typeof input === "number"
            ? Number.isNaN(input)
                ? "NaN"
                : !Number.isFinite(input)
                    ? String(input)
                    : undefined
            : undefined;
        payload.issues.push({
            expected: "number",
            code: "invalid_type",
            input,
            inst,
            ...(received ? { received } : {}),
        });
        return payload;
    };
});
const $ZodNumberFormat = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodNumberFormat", (inst, def) => {
    core_checks/* $ZodCheckNumberFormat */.KH.init(inst, def);
    $ZodNumber.init(inst, def); // no format checks
});
const $ZodBoolean = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodBoolean", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = regexes_boolean;
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
            try {
                payload.value = Boolean(payload.value);
            }
            catch (_) { }
        const input = payload.value;
        if (typeof input === "boolean")
            return payload;
        payload.issues.push({
            expected: "boolean",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
});
const $ZodBigInt = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodBigInt", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = regexes.bigint;
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce)
            try {
                payload.value = BigInt(payload.value);
            }
            catch (_) { }
        if (typeof payload.value === "bigint")
            return payload;
        payload.issues.push({
            expected: "bigint",
            code: "invalid_type",
            input: payload.value,
            inst,
        });
        return payload;
    };
})));
const $ZodBigIntFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodBigIntFormat", (inst, def) => {
    checks.$ZodCheckBigIntFormat.init(inst, def);
    $ZodBigInt.init(inst, def); // no format checks
})));
const $ZodSymbol = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodSymbol", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (typeof input === "symbol")
            return payload;
        payload.issues.push({
            expected: "symbol",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodUndefined = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodUndefined", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = regexes.undefined;
    inst._zod.values = new Set([undefined]);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (typeof input === "undefined")
            return payload;
        payload.issues.push({
            expected: "undefined",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodNull = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodNull", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.pattern = regexes.null;
    inst._zod.values = new Set([null]);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (input === null)
            return payload;
        payload.issues.push({
            expected: "null",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodAny = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodAny", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload) => payload;
})));
const $ZodUnknown = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodUnknown", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload) => payload;
});
const $ZodNever = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodNever", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        payload.issues.push({
            expected: "never",
            code: "invalid_type",
            input: payload.value,
            inst,
        });
        return payload;
    };
});
const $ZodVoid = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodVoid", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (typeof input === "undefined")
            return payload;
        payload.issues.push({
            expected: "void",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodDate = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodDate", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        if (def.coerce) {
            try {
                payload.value = new Date(payload.value);
            }
            catch (_err) { }
        }
        const input = payload.value;
        const isDate = input instanceof Date;
        const isValidDate = isDate && !Number.isNaN(input.getTime());
        if (isValidDate)
            return payload;
        payload.issues.push({
            expected: "date",
            code: "invalid_type",
            input,
            ...(isDate ? { received: "Invalid Date" } : {}),
            inst,
        });
        return payload;
    };
})));
// an oversized container fails its leading size checks before any element is parsed
function capSize(inst, size) {
    const caps = core_util/* sizeCaps */.hi(inst._zod.def.checks);
    if (!caps.length)
        return;
    const cap = Math.min(...caps.map((c) => c[0]));
    const parse = inst._zod.parse;
    inst._zod.parse = (payload, ctx) => {
        const n = size(payload.value);
        if (n > cap && !ctx?.skipChecks && ctx?.direction !== "backward") {
            for (const [max, ch] of core_util/* sizeCaps */.hi(inst._zod.def.checks)) {
                if (n > max && ch._zod.def.when(payload)) {
                    const start = payload.issues.length;
                    ch._zod.check(payload);
                    // the value is still the raw input, so no later check may read it
                    payload.issues[start].continue = false;
                    core_util/* attachSchema */.d3(payload.issues, start, inst);
                    return payload;
                }
            }
        }
        return parse(payload, ctx);
    };
}
const arraySize = (input) => (Array.isArray(input) ? input.length : -1);
const mapSize = (input) => (input instanceof Map ? input.size : -1);
const setSize = (input) => (input instanceof Set ? input.size : -1);
function handleArrayResult(result, final, index) {
    if (result.issues.length) {
        final.issues.push(...core_util/* prefixIssues */.lQ(index, result.issues));
    }
    final.value[index] = result.value;
}
const $ZodArray = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodArray", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = core_core/* globalConfig */.cr.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!Array.isArray(input)) {
            payload.issues.push({
                expected: "array",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, Array(input.length), ctx) : Array(input.length);
        const proms = [];
        const abortEarly = ctx?.abortEarly;
        for (let i = 0; i < input.length; i++) {
            const item = input[i];
            const result = def.element._zod.run({
                value: item,
                issues: [],
            }, ctx);
            if (result instanceof Promise) {
                proms.push(result.then((result) => handleArrayResult(result, payload, i)));
            }
            else {
                handleArrayResult(result, payload, i);
                // the element's payload is authoritative here, since handleArrayResult forwards every issue; an object's is not, because it drops a failed absent optional
                if (abortEarly && result.issues.length !== 0 && core_util/* aborted */.QH(result))
                    break;
            }
        }
        if (proms.length) {
            return Promise.all(proms).then(() => payload);
        }
        return payload; //handleArrayResultsAsync(parseResults, final);
    };
    capSize(inst, arraySize);
});
function handlePropertyResult(result, final, key, input, optin, optout) {
    const isPresent = key in input;
    const isOptionalOut = optout === "optional";
    // The middle rung means "absence permitted, nothing supplied in its place", so an absent key contributes nothing — whatever the schema made of `undefined` is invented, not substituted. Only `optional` reaches this with a value: `defaulted` substitutes, and a schema that isn't optional-out has to keep the key.
    if (!isPresent && isOptionalOut && optin === "optional") {
        return;
    }
    if (result.issues.length) {
        // For optional-in/out schemas, ignore errors on absent keys.
        if (optin !== undefined && isOptionalOut && !isPresent) {
            return;
        }
        final.issues.push(...core_util/* prefixIssues */.lQ(key, result.issues));
    }
    if (!isPresent && optin === undefined) {
        if (!result.issues.length) {
            final.issues.push({
                code: "invalid_type",
                expected: "nonoptional",
                input: undefined,
                path: [key],
            });
        }
        return;
    }
    if (result.value === undefined) {
        if (isPresent || (optin === "defaulted" && !isOptionalOut)) {
            final.value[key] = undefined;
        }
    }
    else {
        final.value[key] = result.value;
    }
}
// one shared instance; a fresh [] per schema cost 56 bytes retained
const NO_SYMBOL_KEYS = [];
function normalizeDef(def) {
    const keys = Object.keys(def.shape);
    const ownSymbols = Object.getOwnPropertySymbols(def.shape);
    const symbolKeys = ownSymbols.length ? ownSymbols : NO_SYMBOL_KEYS;
    // aliases `keys` when there are no symbols, so a string-only shape keeps one array
    const allKeys = symbolKeys.length ? [...keys, ...symbolKeys] : keys;
    for (const k of allKeys) {
        if (!def.shape?.[k]?._zod?.traits?.has("$ZodType")) {
            throw new Error(`Invalid element at key "${String(k)}": expected a Zod schema`);
        }
    }
    const okeys = core_util/* optionalKeys */.NM(def.shape);
    return {
        ...def,
        allKeys,
        symbolKeys,
        // string-only: handleCatchall matches it against `for...in`, which never yields a symbol
        keySet: new Set(keys),
        numKeys: keys.length,
        optionalKeys: new Set(okeys),
    };
}
function handleCatchall(proms, input, payload, ctx, def, inst, abortEarly) {
    const unrecognized = [];
    const keySet = def.keySet;
    const _catchall = def.catchall._zod;
    const t = _catchall.def.type;
    const optin = _catchall.optin;
    const optout = _catchall.optout;
    // starts at 0, not the current length: the shape phase already ran and may have aborted
    let seen = 0;
    for (const key in input) {
        if (abortEarly && payload.issues.length !== seen) {
            if (core_util/* aborted */.QH(payload, seen))
                break;
            seen = payload.issues.length;
        }
        // Must precede the __proto__ branch: a declared key is not unrecognized, even though the shape loop deliberately strips __proto__ from the parsed output.
        if (keySet.has(key))
            continue;
        // Don't copy an undeclared __proto__ into the result; assignment to a plain {} would replace the result prototype. But in strict mode it is still an unknown key, so report it before skipping.
        if (key === "__proto__") {
            if (t === "never")
                unrecognized.push(key);
            continue;
        }
        if (t === "never") {
            unrecognized.push(key);
            continue;
        }
        const r = _catchall.run({ value: input[key], issues: [] }, ctx);
        if (r instanceof Promise) {
            proms.push(r.then((r) => handlePropertyResult(r, payload, key, input, optin, optout)));
        }
        else {
            handlePropertyResult(r, payload, key, input, optin, optout);
        }
    }
    if (unrecognized.length) {
        payload.issues.push({
            code: "unrecognized_keys",
            keys: unrecognized,
            input,
            inst,
            // Describes the shape of the input, not the validity of the parsed value, so it never aborts. The parse still fails; the schema's own checks just get to run first, and an enclosing intersection can reconcile the key against a sibling operand.
            continue: true,
        });
    }
    if (!proms.length)
        return payload;
    return Promise.all(proms).then(() => {
        return payload;
    });
}
const $ZodObject = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodObject", (inst, def) => {
    // requires cast because technically $ZodObject doesn't extend
    $ZodType.init(inst, def);
    const desc = Object.getOwnPropertyDescriptor(def, "shape");
    // a cloned def carries its source's accessor, which knows the shape it answers from; adopting that keeps the clone's keys readable without running it
    const sh = desc?.get ? desc.get.raw : (def.shape ?? {});
    if (sh) {
        // Freezes the shape on first read, so its getters resolve once and every later read sees the same schemas.
        const get = () => {
            const newSh = { ...sh };
            Object.defineProperty(def, "shape", { value: newSh });
            get.raw = newSh;
            return newSh;
        };
        get.raw = sh;
        Object.defineProperty(def, "shape", { get });
    }
    const _normalized = core_util/* cached */.PO(() => normalizeDef(def));
    core_util/* defineLazyInternal */.v5(inst, "propValues", (zod) => {
        const shape = zod.def.shape;
        const propValues = {};
        for (const key in shape) {
            const field = shape[key]._zod;
            if (field.values) {
                if (!Object.prototype.hasOwnProperty.call(propValues, key)) {
                    core_util/* assignProp */.Vy(propValues, key, new Set());
                }
                for (const v of field.values)
                    propValues[key].add(v);
                // An omittable slot reads back as undefined at a discriminator lookup, so it has to claim undefined: two options that can both omit the key are not discriminable on it.
                if (field.optin !== undefined)
                    propValues[key].add(undefined);
            }
        }
        return propValues;
    });
    const isObject = core_util/* isObject */.Gv;
    const catchall = def.catchall;
    let value;
    const memo = core_core/* globalConfig */.cr.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        value ?? (value = _normalized.value);
        const input = payload.value;
        if (!isObject(input)) {
            payload.issues.push({
                expected: "object",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
        const proms = [];
        const shape = value.shape;
        const abortEarly = ctx?.abortEarly;
        let seen = payload.issues.length;
        for (const key of value.allKeys) {
            if (abortEarly && payload.issues.length !== seen) {
                if (core_util/* aborted */.QH(payload, seen))
                    break;
                seen = payload.issues.length;
            }
            if (key === "__proto__")
                continue;
            const el = shape[key];
            const optin = el._zod.optin;
            const optout = el._zod.optout;
            const r = el._zod.run({ value: input[key], issues: [] }, ctx);
            if (r instanceof Promise) {
                proms.push(r.then((r) => handlePropertyResult(r, payload, key, input, optin, optout)));
            }
            else {
                handlePropertyResult(r, payload, key, input, optin, optout);
            }
        }
        if (!catchall) {
            return proms.length ? Promise.all(proms).then(() => payload) : payload;
        }
        return handleCatchall(proms, input, payload, ctx, _normalized.value, inst, abortEarly === true);
    };
});
const $ZodObjectJIT = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodObjectJIT", (inst, def) => {
    // requires cast because technically $ZodObject doesn't extend
    $ZodObject.init(inst, def);
    const superParse = inst._zod.parse;
    const _normalized = util.cached(() => normalizeDef(def));
    const memo = core.globalConfig.memoizer;
    const generateFastpass = (shape) => {
        const normalized = _normalized.value;
        const syms = normalized.symbolKeys;
        // a symbol has no source literal, so it is read as `syms[i]` off the closed-over scope
        const doc = new Doc(["payload", "ctx"], { shape, inst, memo, syms });
        const parseStr = (k) => `shape[${k}]._zod.run({ value: input[${k}], issues: [] }, ctx)`;
        // prefixes in place, like util.prefixIssues. newResult must land before the early return: a catchall runs after this and would otherwise write onto the caller's input
        const prefixStr = (id, k) => `
          let ${id}_ab = false;
          for (let i = 0; i < ${id}.issues.length; i++) {
            const iss = ${id}.issues[i];
            iss.path = iss.path ? [${k}, ...iss.path] : [${k}];
            payload.issues.push(iss);
            if (iss.continue !== true) ${id}_ab = true;
          }
          if (${id}_ab && ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }`;
        doc.write(`const input = payload.value;`);
        const ids = Object.create(null);
        let counter = 0;
        for (const key of normalized.allKeys) {
            ids[key] = `key_${counter++}`;
        }
        // A: preserve key order {
        doc.write(memo ? `const newResult = memo.alloc(inst, payload, {}, ctx);` : `const newResult = {};`);
        for (const key of normalized.allKeys) {
            if (key === "__proto__")
                continue;
            const id = ids[key];
            const k = typeof key === "symbol" ? `syms[${syms.indexOf(key)}]` : util.esc(key);
            const isPresent = `${k} in input`;
            const schema = shape[key];
            const optin = schema?._zod?.optin;
            const isOptionalIn = optin !== undefined;
            const isOptionalOut = schema?._zod?.optout === "optional";
            doc.write(`const ${id} = ${parseStr(k)};`);
            if (isOptionalIn && isOptionalOut) {
                // For optional-in/out schemas, ignore errors on absent keys — and, like the interpreted path, drop the value produced alongside them. The middle rung goes further: it permits absence without supplying anything in its place, so an absent key contributes nothing at all.
                const assign = optin === "optional" ? `${id}_present` : `${id}.value !== undefined || ${id}_present`;
                doc.write(`
        const ${id}_present = ${isPresent};
        if (!${id}.issues.length || ${id}_present) {
          if (${id}.issues.length) {${prefixStr(id, k)}
          }

          if (${assign}) {
            newResult[${k}] = ${id}.value;
          }
        }

      `);
            }
            else if (!isOptionalIn) {
                doc.write(`
        const ${id}_present = ${isPresent};
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
        if (!${id}_present && !${id}.issues.length) {
          payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: undefined,
            path: [${k}]
          });
          if (ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }
        }

        if (${id}_present) {
          newResult[${k}] = ${id}.value;
        }

      `);
            }
            else {
                doc.write(`
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
      `);
                if (optin === "defaulted") {
                    doc.write(`newResult[${k}] = ${id}.value;`);
                }
                else {
                    doc.write(`
        if (${id}.value !== undefined || ${isPresent}) {
          newResult[${k}] = ${id}.value;
        }
      `);
                }
            }
        }
        doc.write(`payload.value = newResult;`);
        doc.write(`return payload;`);
        // closing `shape` in is what pays: turbofan specializes the parser against that one shape object, so every `shape[k]._zod.run` folds to a known callee. as a parameter it stays a generic load and measures 13% slower even with the forwarding frame gone
        return doc.compile();
    };
    let fastpass;
    const isObject = util.isObject;
    const jit = !core.globalConfig.jitless;
    const allowsEval = util.allowsEval;
    const fastEnabled = jit && allowsEval.value; // && !def.catchall;
    const catchall = def.catchall;
    let value;
    inst._zod.parse = (payload, ctx) => {
        value ?? (value = _normalized.value);
        const input = payload.value;
        if (!isObject(input)) {
            payload.issues.push({
                expected: "object",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        if (jit && fastEnabled && ctx?.async === false && ctx.jitless !== true) {
            // always synchronous
            if (!fastpass)
                fastpass = generateFastpass(def.shape);
            payload = fastpass(payload, ctx);
            if (!catchall)
                return payload;
            return handleCatchall([], input, payload, ctx, value, inst, ctx?.abortEarly === true);
        }
        return superParse(payload, ctx);
    };
})));
function handleUnionResults(results, final, inst, ctx) {
    for (const result of results) {
        if (result.issues.length === 0) {
            final.value = result.value;
            return final;
        }
    }
    const nonaborted = results.filter((r) => !core_util/* aborted */.QH(r));
    if (nonaborted.length === 1) {
        final.value = nonaborted[0].value;
        return nonaborted[0];
    }
    final.issues.push({
        code: "invalid_union",
        input: final.value,
        inst,
        errors: results.map((result) => result.issues.map((iss) => core_util/* finalizeIssue */.iR(iss, ctx, core_core/* config */.$W()))),
    });
    return final;
}
const $ZodUnion = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodUnion", (inst, def) => {
    $ZodType.init(inst, def);
    core_util/* defineLazyInternal */.v5(inst, "optin", (zod) => zod.def.options.some((o) => o._zod.optin === "defaulted")
        ? "defaulted"
        : zod.def.options.some((o) => o._zod.optin !== undefined)
            ? "optional"
            : undefined);
    core_util/* defineLazyInternal */.v5(inst, "optout", (zod) => zod.def.options.some((o) => o._zod.optout === "optional") ? "optional" : undefined);
    core_util/* defineLazyInternal */.v5(inst, "values", (zod) => {
        if (zod.def.options.every((o) => o._zod.values)) {
            return new Set(zod.def.options.flatMap((option) => Array.from(option._zod.values)));
        }
        return undefined;
    });
    core_util/* defineLazyInternal */.v5(inst, "pattern", (zod) => {
        if (zod.def.options.every((o) => o._zod.pattern)) {
            const patterns = zod.def.options.map((o) => o._zod.pattern);
            return new RegExp(`^(${patterns.map((p) => core_util/* cleanRegex */.p6(p.source)).join("|")})$`);
        }
        return undefined;
    });
    const first = def.options.length === 1 ? def.options[0]._zod.run : null;
    inst._zod.parse = (payload, ctx) => {
        if (first) {
            return first(payload, ctx);
        }
        let async = false;
        const results = [];
        for (const option of def.options) {
            const result = option._zod.run({
                value: payload.value,
                issues: [],
            }, ctx);
            if (result instanceof Promise) {
                results.push(result);
                async = true;
            }
            else {
                if (result.issues.length === 0)
                    return result;
                results.push(result);
            }
        }
        if (!async)
            return handleUnionResults(results, payload, inst, ctx);
        return Promise.all(results).then((results) => {
            return handleUnionResults(results, payload, inst, ctx);
        });
    };
});
function handleExclusiveUnionResults(results, final, inst, ctx) {
    const matches = [];
    for (let i = 0; i < results.length; i++) {
        if (results[i].issues.length === 0)
            matches.push(i);
    }
    if (matches.length === 1) {
        final.value = results[matches[0]].value;
        return final;
    }
    if (matches.length === 0) {
        // No matches - same as regular union
        final.issues.push({
            code: "invalid_union",
            input: final.value,
            inst,
            errors: results.map((result) => result.issues.map((iss) => util.finalizeIssue(iss, ctx, core.config()))),
        });
    }
    else {
        // Multiple matches - exclusive union failure
        final.issues.push({
            code: "invalid_union",
            input: final.value,
            inst,
            errors: [],
            inclusive: false,
            matches,
        });
    }
    return final;
}
const $ZodXor = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodXor", (inst, def) => {
    $ZodUnion.init(inst, def);
    def.inclusive = false;
    const first = def.options.length === 1 ? def.options[0]._zod.run : null;
    inst._zod.parse = (payload, ctx) => {
        if (first) {
            return first(payload, ctx);
        }
        let async = false;
        const results = [];
        for (const option of def.options) {
            const result = option._zod.run({
                value: payload.value,
                issues: [],
            }, ctx);
            if (result instanceof Promise) {
                results.push(result);
                async = true;
            }
            else {
                results.push(result);
            }
        }
        if (!async)
            return handleExclusiveUnionResults(results, payload, inst, ctx);
        return Promise.all(results).then((results) => {
            return handleExclusiveUnionResults(results, payload, inst, ctx);
        });
    };
})));
/** Returns the option whose discriminator claims `value`, or throws if ambiguous. */
function getDiscriminatedOption(union, value) {
    const internals = union._zod;
    let map = internals.bag.optionsMap;
    if (!map) {
        map = discriminatorMap(internals.def);
        internals.bag.optionsMap = map;
    }
    const option = map.get(value);
    if (option === null)
        throw new Error(`Ambiguous discriminator value "${String(value)}"`);
    return option;
}
function discriminatorMap(def) {
    const map = new Map();
    for (const option of def.options) {
        const values = option._zod.propValues?.[def.discriminator];
        if (!values || values.size === 0)
            throw new Error(`Invalid discriminated union option at index "${def.options.indexOf(option)}"`);
        for (const value of values) {
            if (map.has(value)) {
                if (value !== undefined)
                    throw new Error(`Duplicate discriminator value "${String(value)}"`);
                // keep the collision marked so a later member cannot reclaim it
                map.set(value, null);
            }
            else {
                map.set(value, option);
            }
        }
    }
    return map;
}
const $ZodDiscriminatedUnion = 
/*@__PURE__*/
(/* unused pure expression or super */ null && (core.$constructor("$ZodDiscriminatedUnion", (inst, def) => {
    def.inclusive = false;
    $ZodUnion.init(inst, def);
    const _super = inst._zod.parse;
    util.defineLazyInternal(inst, "propValues", (zod) => {
        const propValues = {};
        let undefinedCount = 0;
        for (const option of zod.def.options) {
            const pv = option._zod.propValues;
            if (!pv || Object.keys(pv).length === 0)
                throw new Error(`Invalid discriminated union option at index "${zod.def.options.indexOf(option)}"`);
            if (pv[zod.def.discriminator]?.has(undefined))
                undefinedCount++;
            for (const [k, v] of Object.entries(pv)) {
                if (!Object.prototype.hasOwnProperty.call(propValues, k)) {
                    util.assignProp(propValues, k, new Set());
                }
                for (const val of v) {
                    propValues[k].add(val);
                }
            }
        }
        if (!zod.def.unionFallback && undefinedCount > 1)
            propValues[zod.def.discriminator]?.delete(undefined);
        return propValues;
    });
    // Checked now rather than in the lookup map below, so an option that lacks the discriminator fails at the `discriminatedUnion` call instead of on the first object parsed. Options whose shape cannot be enumerated without resolving it — pipes and lazies — are left to the map.
    def.options.forEach((option, i) => {
        const propShape = util.rawShape(option._zod.def);
        if (propShape && !Object.prototype.hasOwnProperty.call(propShape, def.discriminator)) {
            throw new Error(`Invalid discriminated union option at index "${i}"`);
        }
    });
    const disc = util.cached(() => discriminatorMap(def));
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!util.isObject(input)) {
            payload.issues.push({
                code: "invalid_type",
                expected: "object",
                input,
                inst,
            });
            return payload;
        }
        const value = input?.[def.discriminator];
        const opt = disc.value.get(value);
        // forward metadata cannot choose an encoder for an absent tag
        if (opt && (value !== undefined || ctx.direction !== "backward")) {
            return opt._zod.run(payload, ctx);
        }
        // Fall back to union matching when the fast discriminator path fails:
        // - explicitly enabled via unionFallback, or
        // - during backward direction (encode), since codec-based discriminators have different values in forward vs backward directions
        if (def.unionFallback || ctx.direction === "backward") {
            return _super(payload, ctx);
        }
        // no matching discriminator
        payload.issues.push({
            code: "invalid_union",
            errors: [],
            note: "No matching discriminator",
            discriminator: def.discriminator,
            options: Array.from(disc.value.keys()).filter((value) => disc.value.get(value) !== null),
            input,
            path: [def.discriminator],
            inst,
        });
        return payload;
    };
})));
const $ZodIntersection = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodIntersection", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        const left = def.left._zod.run({ value: input, issues: [] }, ctx);
        const right = def.right._zod.run({ value: input, issues: [] }, ctx);
        const async = left instanceof Promise || right instanceof Promise;
        if (async) {
            return Promise.all([left, right]).then(([left, right]) => {
                return handleIntersectionResults(payload, left, right);
            });
        }
        return handleIntersectionResults(payload, left, right);
    };
})));
function mergeValues(a, b) {
    // const aType = parse.t(a);
    // const bType = parse.t(b);
    if (a === b) {
        return { valid: true, data: a };
    }
    if (a instanceof Date && b instanceof Date && +a === +b) {
        return { valid: true, data: a };
    }
    if (util.isPlainObject(a) && util.isPlainObject(b)) {
        const bKeys = Object.keys(b);
        const sharedKeys = Object.keys(a).filter((key) => bKeys.indexOf(key) !== -1);
        const newObj = { ...a, ...b };
        if (Object.prototype.hasOwnProperty.call(newObj, "__proto__"))
            delete newObj.__proto__;
        for (const key of sharedKeys) {
            if (key === "__proto__")
                continue;
            const sharedValue = mergeValues(a[key], b[key]);
            if (!sharedValue.valid) {
                return {
                    valid: false,
                    mergeErrorPath: [key, ...sharedValue.mergeErrorPath],
                };
            }
            newObj[key] = sharedValue.data;
        }
        return { valid: true, data: newObj };
    }
    if (Array.isArray(a) && Array.isArray(b)) {
        if (a.length !== b.length) {
            return { valid: false, mergeErrorPath: [] };
        }
        const newArray = [];
        for (let index = 0; index < a.length; index++) {
            const itemA = a[index];
            const itemB = b[index];
            const sharedValue = mergeValues(itemA, itemB);
            if (!sharedValue.valid) {
                return {
                    valid: false,
                    mergeErrorPath: [index, ...sharedValue.mergeErrorPath],
                };
            }
            newArray.push(sharedValue.data);
        }
        return { valid: true, data: newArray };
    }
    return { valid: false, mergeErrorPath: [] };
}
function handleIntersectionResults(result, left, right) {
    // Track which side(s) reject each key. A key rejection is reported only when BOTH sides reject it, so a key owned by one branch survives the other's key schema. strictObject reports these as unrecognized_keys; a record with an open key schema reports one invalid_key per key.
    const unrecKeys = new Map();
    let unrecIssue;
    const keyIssues = new Map();
    const collect = (iss, side) => {
        let keys;
        if (iss.code === "unrecognized_keys" && !iss.path?.length) {
            unrecIssue ?? (unrecIssue = iss);
            keys = iss.keys;
        }
        else if (iss.code === "invalid_key" && iss.origin === "record" && iss.path?.length === 1) {
            const k = String(iss.path[0]);
            if (!keyIssues.has(k))
                keyIssues.set(k, iss);
            keys = [k];
        }
        else {
            return false;
        }
        for (const k of keys) {
            if (!unrecKeys.has(k))
                unrecKeys.set(k, {});
            unrecKeys.get(k)[side] = true;
        }
        return true;
    };
    for (const iss of left.issues) {
        if (!collect(iss, "l"))
            result.issues.push(iss);
    }
    for (const iss of right.issues) {
        if (!collect(iss, "r"))
            result.issues.push(iss);
    }
    // Report only keys rejected by BOTH sides
    const bothKeys = [...unrecKeys].filter(([, f]) => f.l && f.r).map(([k]) => k);
    if (bothKeys.length) {
        const aggregated = unrecIssue ? bothKeys.filter((k) => unrecIssue.keys.includes(k)) : [];
        if (aggregated.length)
            result.issues.push({ ...unrecIssue, keys: aggregated });
        for (const k of bothKeys) {
            if (!aggregated.includes(k) && keyIssues.has(k))
                result.issues.push(keyIssues.get(k));
        }
    }
    const merged = mergeValues(left.value, right.value);
    if (!merged.valid) {
        if (util.aborted(result))
            return result;
        throw new Error(`Unmergable intersection. Error path: ` + `${JSON.stringify(merged.mergeErrorPath)}`);
    }
    result.value = merged.data;
    return result;
}
const $ZodTuple = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodTuple", (inst, def) => {
    $ZodType.init(inst, def);
    const items = def.items;
    const memo = core.globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!Array.isArray(input)) {
            payload.issues.push({
                input,
                inst,
                expected: "tuple",
                code: "invalid_type",
            });
            return payload;
        }
        payload.value = memo ? memo.alloc(inst, payload, [], ctx) : [];
        const proms = [];
        const optinStart = getTupleOptStart(items, "optin");
        const optoutStart = getTupleOptStart(items, "optout");
        if (!def.rest) {
            if (input.length < optinStart) {
                payload.issues.push({
                    code: "too_small",
                    minimum: optinStart,
                    inclusive: true,
                    input,
                    inst,
                    origin: "array",
                });
                return payload;
            }
            if (input.length > items.length) {
                payload.issues.push({
                    code: "too_big",
                    maximum: items.length,
                    inclusive: true,
                    input,
                    inst,
                    origin: "array",
                });
            }
        }
        // Run every item in parallel, collecting results into an indexed array. The post-processing in `handleTupleResults` walks them in order so it can decide whether an absent optional-output error can truncate the tail or must be reported to preserve required output.
        const itemResults = new Array(items.length);
        // only tracked when there is a rest loop to skip
        const abortEarly = def.rest ? ctx?.abortEarly : undefined;
        let itemAborted = false;
        for (let i = 0; i < items.length; i++) {
            const r = items[i]._zod.run({ value: input[i], issues: [] }, ctx);
            if (r instanceof Promise) {
                proms.push(r.then((rr) => {
                    itemResults[i] = rr;
                }));
            }
            else {
                itemResults[i] = r;
                if (abortEarly && !itemAborted && r.issues.length)
                    itemAborted = util.aborted(r);
            }
        }
        // sound because rest is non-empty exactly when every fixed index is present, the one case handleTupleResults cannot discard an item's issues
        if (def.rest && !itemAborted) {
            let i = items.length - 1;
            const rest = input.slice(items.length);
            let seen = payload.issues.length;
            for (const el of rest) {
                if (abortEarly && payload.issues.length !== seen) {
                    if (util.aborted(payload, seen))
                        break;
                    seen = payload.issues.length;
                }
                i++;
                const result = def.rest._zod.run({ value: el, issues: [] }, ctx);
                if (result instanceof Promise) {
                    proms.push(result.then((r) => handleTupleResult(r, payload, i)));
                }
                else {
                    handleTupleResult(result, payload, i);
                }
            }
        }
        if (proms.length) {
            return Promise.all(proms).then(() => handleTupleResults(itemResults, payload, items, input, optoutStart));
        }
        return handleTupleResults(itemResults, payload, items, input, optoutStart);
    };
})));
function getTupleOptStart(items, key) {
    for (let i = items.length - 1; i >= 0; i--) {
        // optin is a three-rung ladder so any rung above `undefined` permits an absent slot; optout stays two-valued.
        const omittable = key === "optin" ? items[i]._zod.optin !== undefined : items[i]._zod.optout === "optional";
        if (!omittable)
            return i + 1;
    }
    return 0;
}
function handleTupleResult(result, final, index) {
    if (result.issues.length) {
        final.issues.push(...util.prefixIssues(index, result.issues));
    }
    final.value[index] = result.value;
}
function handleTupleResults(itemResults, final, items, input, optoutStart) {
    // Walk results in order. Mirror $ZodObject's swallow-on-absent-optional rule, but only after `optoutStart`: the first index where the output tuple tail can be absent.
    for (let i = 0; i < items.length; i++) {
        const r = itemResults[i];
        const isPresent = i < input.length;
        // The array analog of `handlePropertyResult`'s absent-key early return: the middle rung permits absence without supplying anything in its place, so the tail truncates here instead of materializing whatever the item made of `undefined`.
        if (!isPresent && i >= optoutStart && items[i]._zod.optin === "optional") {
            final.value.length = i;
            break;
        }
        if (r.issues.length) {
            if (!isPresent && i >= optoutStart) {
                final.value.length = i;
                break;
            }
            final.issues.push(...util.prefixIssues(i, r.issues));
        }
        final.value[i] = r.value;
    }
    // Drop trailing slots that produced `undefined` for absent input
    // (the array analog of an absent optional key on an object). The
    // `i >= input.length` floor is critical: an explicit `undefined`
    // *inside* the input must be preserved even when the schema is
    // optional-out (e.g. `z.string().or(z.undefined())` accepting an
    // explicit undefined value).
    for (let i = final.value.length - 1; i >= input.length; i--) {
        if (items[i]._zod.optout === "optional" && final.value[i] === undefined) {
            final.value.length = i;
        }
        else {
            break;
        }
    }
    return final;
}
const $ZodRecord = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodRecord", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = core_core/* globalConfig */.cr.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!core_util/* isPlainObject */.Qd(input)) {
            payload.issues.push({
                expected: "record",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        // no guard in either loop below: a record's invalid_key aborts but an enclosing intersection can reconcile it, so a stopped loop hides keys the sibling does not own and the intersection then rejects nothing
        const proms = [];
        const values = def.keyType._zod.values;
        if (values && !def.partial) {
            payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
            const recordKeys = new Set();
            for (const key of values) {
                if (typeof key === "string" || typeof key === "number" || typeof key === "symbol") {
                    recordKeys.add(typeof key === "number" ? key.toString() : key);
                    // A declared __proto__ is stripped but is not an unrecognized key.
                    if (key === "__proto__")
                        continue;
                    const keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
                    if (keyResult instanceof Promise) {
                        throw new Error("Async schemas not supported in object keys currently");
                    }
                    if (keyResult.issues.length) {
                        payload.issues.push({
                            code: "invalid_key",
                            origin: "record",
                            issues: keyResult.issues.map((iss) => core_util/* finalizeIssue */.iR(iss, ctx, core_core/* config */.$W())),
                            input: key,
                            path: [key],
                            inst,
                        });
                        continue;
                    }
                    const outKey = keyResult.value;
                    if (outKey === "__proto__")
                        continue;
                    const result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
                    if (result instanceof Promise) {
                        proms.push(result.then((result) => {
                            if (result.issues.length) {
                                payload.issues.push(...core_util/* prefixIssues */.lQ(key, result.issues));
                            }
                            payload.value[outKey] = result.value;
                        }));
                    }
                    else {
                        if (result.issues.length) {
                            payload.issues.push(...core_util/* prefixIssues */.lQ(key, result.issues));
                        }
                        payload.value[outKey] = result.value;
                    }
                }
            }
            let unrecognized;
            for (const key in input) {
                if (!recordKeys.has(key)) {
                    if (def.mode === "loose") {
                        // skip __proto__ so it can't replace the result prototype via the assignment setter on the plain {} we build into
                        if (key === "__proto__")
                            continue;
                        payload.value[key] = input[key];
                    }
                    else {
                        unrecognized = unrecognized ?? [];
                        unrecognized.push(key);
                    }
                }
            }
            if (unrecognized && unrecognized.length > 0) {
                payload.issues.push({
                    code: "unrecognized_keys",
                    input,
                    inst,
                    keys: unrecognized,
                    continue: true,
                });
            }
        }
        else {
            payload.value = memo ? memo.alloc(inst, payload, {}, ctx) : {};
            // An enumerable key schema declares which keys the record owns, so a key outside the set is unrecognized. A non-enumerable one (regex, refine) is a constraint every key must satisfy, so a failing key is invalid. Only the former is reconcilable against the other side of an intersection.
            let unrecognized;
            // Reflect.ownKeys for Symbol-key support; filter non-enumerable to match z.object()
            for (const key of Reflect.ownKeys(input)) {
                if (key === "__proto__")
                    continue;
                if (!Object.prototype.propertyIsEnumerable.call(input, key))
                    continue;
                let keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
                if (keyResult instanceof Promise) {
                    throw new Error("Async schemas not supported in object keys currently");
                }
                // Numeric string fallback: if key is a numeric string and failed, retry with Number(key). This handles z.number(), z.literal([1, 2, 3]), and unions containing numeric literals
                const checkNumericKey = typeof key === "string" && number.test(key) && keyResult.issues.length;
                if (checkNumericKey) {
                    const retryResult = def.keyType._zod.run({ value: Number(key), issues: [] }, ctx);
                    if (retryResult instanceof Promise) {
                        throw new Error("Async schemas not supported in object keys currently");
                    }
                    if (retryResult.issues.length === 0) {
                        keyResult = retryResult;
                    }
                }
                if (keyResult.issues.length) {
                    if (def.mode === "loose") {
                        // Pass through unchanged
                        payload.value[key] = input[key];
                    }
                    else if (values) {
                        unrecognized = unrecognized ?? [];
                        unrecognized.push(key);
                    }
                    else {
                        // Default "strict" behavior: error on invalid key
                        payload.issues.push({
                            code: "invalid_key",
                            origin: "record",
                            issues: keyResult.issues.map((iss) => core_util/* finalizeIssue */.iR(iss, ctx, core_core/* config */.$W())),
                            input: key,
                            path: [key],
                            inst,
                        });
                    }
                    continue;
                }
                // the guard above tests the raw input key, but the key schema can normalize an ordinary key into __proto__; re-check the key we actually write under
                const outKey = keyResult.value;
                if (outKey === "__proto__")
                    continue;
                const result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
                if (result instanceof Promise) {
                    proms.push(result.then((result) => {
                        if (result.issues.length) {
                            payload.issues.push(...core_util/* prefixIssues */.lQ(key, result.issues));
                        }
                        payload.value[outKey] = result.value;
                    }));
                }
                else {
                    if (result.issues.length) {
                        payload.issues.push(...core_util/* prefixIssues */.lQ(key, result.issues));
                    }
                    payload.value[outKey] = result.value;
                }
            }
            if (unrecognized && unrecognized.length > 0) {
                payload.issues.push({
                    code: "unrecognized_keys",
                    input,
                    inst,
                    keys: unrecognized,
                    continue: true,
                });
            }
        }
        if (proms.length) {
            return Promise.all(proms).then(() => payload);
        }
        return payload;
    };
});
const $ZodMap = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodMap", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = core.globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!(input instanceof Map)) {
            payload.issues.push({
                expected: "map",
                code: "invalid_type",
                input,
                inst,
            });
            return payload;
        }
        const proms = [];
        payload.value = memo ? memo.alloc(inst, payload, new Map(), ctx) : new Map();
        const abortEarly = ctx?.abortEarly;
        let seen = payload.issues.length;
        for (const [key, value] of input) {
            if (abortEarly && payload.issues.length !== seen) {
                if (util.aborted(payload, seen))
                    break;
                seen = payload.issues.length;
            }
            const keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
            const valueResult = def.valueType._zod.run({ value: value, issues: [] }, ctx);
            if (keyResult instanceof Promise || valueResult instanceof Promise) {
                proms.push(Promise.all([keyResult, valueResult]).then(([keyResult, valueResult]) => {
                    handleMapResult(keyResult, valueResult, payload, key, input, inst, ctx);
                }));
            }
            else {
                handleMapResult(keyResult, valueResult, payload, key, input, inst, ctx);
            }
        }
        if (proms.length)
            return Promise.all(proms).then(() => payload);
        return payload;
    };
    capSize(inst, mapSize);
})));
function handleMapResult(keyResult, valueResult, final, key, input, inst, ctx) {
    if (keyResult.issues.length) {
        if (util.propertyKeyTypes.has(typeof key)) {
            final.issues.push(...util.prefixIssues(key, keyResult.issues));
        }
        else {
            final.issues.push({
                code: "invalid_key",
                origin: "map",
                input,
                inst,
                issues: keyResult.issues.map((iss) => util.finalizeIssue(iss, ctx, core.config())),
            });
        }
    }
    if (valueResult.issues.length) {
        if (util.propertyKeyTypes.has(typeof key)) {
            final.issues.push(...util.prefixIssues(key, valueResult.issues));
        }
        else {
            final.issues.push({
                origin: "map",
                code: "invalid_element",
                input,
                inst,
                key: key,
                issues: valueResult.issues.map((iss) => util.finalizeIssue(iss, ctx, core.config())),
            });
        }
    }
    final.value.set(keyResult.value, valueResult.value);
}
const $ZodSet = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodSet", (inst, def) => {
    $ZodType.init(inst, def);
    const memo = core.globalConfig.memoizer;
    memo?.attach(inst);
    inst._zod.parse = (payload, ctx) => {
        const input = payload.value;
        if (!(input instanceof Set)) {
            payload.issues.push({
                input,
                inst,
                expected: "set",
                code: "invalid_type",
            });
            return payload;
        }
        const proms = [];
        payload.value = memo ? memo.alloc(inst, payload, new Set(), ctx) : new Set();
        const abortEarly = ctx?.abortEarly;
        let seen = payload.issues.length;
        for (const item of input) {
            if (abortEarly && payload.issues.length !== seen) {
                if (util.aborted(payload, seen))
                    break;
                seen = payload.issues.length;
            }
            const result = def.valueType._zod.run({ value: item, issues: [] }, ctx);
            if (result instanceof Promise) {
                proms.push(result.then((result) => handleSetResult(result, payload)));
            }
            else
                handleSetResult(result, payload);
        }
        if (proms.length)
            return Promise.all(proms).then(() => payload);
        return payload;
    };
    capSize(inst, setSize);
})));
function handleSetResult(result, final) {
    if (result.issues.length) {
        final.issues.push(...result.issues);
    }
    final.value.add(result.value);
}
const $ZodEnum = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodEnum", (inst, def) => {
    $ZodType.init(inst, def);
    const values = core_util/* getEnumValues */.w5(def.entries);
    const valuesSet = new Set(values);
    inst._zod.values = valuesSet;
    core_util/* defineLazyInternal */.v5(inst, "pattern", (zod) => {
        const patternValues = core_util/* getEnumValues */.w5(zod.def.entries).filter((k) => core_util/* propertyKeyTypes */.qQ.has(typeof k));
        // unmatchable fallback, RE2-safe: an empty alternation would compile to /^()$/, which matches ""
        return new RegExp(patternValues.length ? `^(${patternValues.map((o) => core_util/* escapeRegex */.sD(o.toString())).join("|")})$` : "^[^\\s\\S]$");
    });
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (valuesSet.has(input)) {
            return payload;
        }
        payload.issues.push({
            code: "invalid_value",
            values,
            input,
            inst,
        });
        return payload;
    };
});
const $ZodLiteral = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodLiteral", (inst, def) => {
    $ZodType.init(inst, def);
    const values = new Set(def.values);
    inst._zod.values = values;
    util.defineLazyInternal(inst, "pattern", (zod) => {
        const vals = zod.def.values;
        // unmatchable fallback, RE2-safe: an empty alternation would compile to /^()$/, which matches ""
        return new RegExp(vals.length
            ? `^(${vals
                .map((o) => typeof o === "string" ? util.escapeRegex(o) : o ? util.escapeRegex(o.toString()) : String(o))
                .join("|")})$`
            : "^[^\\s\\S]$");
    });
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        if (values.has(input)) {
            return payload;
        }
        payload.issues.push({
            code: "invalid_value",
            values: def.values,
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodFile = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodFile", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        const input = payload.value;
        // @ts-ignore
        if (input instanceof File)
            return payload;
        payload.issues.push({
            expected: "file",
            code: "invalid_type",
            input,
            inst,
        });
        return payload;
    };
})));
const $ZodTransform = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodTransform", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.optin = "optional";
    core.globalConfig.memoizer?.guard(inst);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            throw new core.$ZodEncodeError(inst.constructor.name);
        }
        const _out = def.transform(payload.value, payload);
        if (ctx.async) {
            const output = _out instanceof Promise ? _out : Promise.resolve(_out);
            return output.then((output) => {
                payload.value = output;
                return payload;
            });
        }
        if (_out instanceof Promise) {
            throw new core.$ZodAsyncError();
        }
        payload.value = _out;
        return payload;
    };
})));
function handleOptionalResult(payload, result) {
    // A substituting schema that still failed has no usable answer; yield undefined. Its issues are simply dropped: it ran on a payload of its own, so there is no shared array to truncate and nothing of the caller's to lose with it.
    payload.value = result.issues.length ? undefined : result.value;
    return payload;
}
const $ZodOptional = /*@__PURE__*/ core_core/* $constructor */.xI("$ZodOptional", (inst, def) => {
    $ZodType.init(inst, def);
    // .optional() propagates absence rather than substituting for it, so a defaulted inner keeps its rung.
    core_util/* defineLazyInternal */.v5(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
    inst._zod.optout = "optional";
    core_util/* defineLazyInternal */.v5(inst, "values", (zod) => {
        const values = zod.def.innerType._zod.values;
        return values ? new Set([...values, undefined]) : undefined;
    });
    core_util/* defineLazyInternal */.v5(inst, "pattern", (zod) => {
        const pattern = zod.def.innerType._zod.pattern;
        return pattern ? new RegExp(`^(${core_util/* cleanRegex */.p6(pattern.source)})?$`) : undefined;
    });
    inst._zod.parse = (payload, ctx) => {
        if (payload.value === undefined) {
            // Only the top rung substitutes a value for absence; everything else leaves it intact, which is what .optional() means.
            if (def.innerType._zod.optin !== "defaulted")
                return payload;
            // Its own payload, for the same reason $ZodCatch gets one: a pipe forwards an unrecognized key through the caller's issues array, and this must not read that as the substituting schema failing and drop it.
            const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
            if (result instanceof Promise)
                return result.then((result) => handleOptionalResult(payload, result));
            return handleOptionalResult(payload, result);
        }
        return def.innerType._zod.run(payload, ctx);
    };
});
const $ZodExactOptional = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodExactOptional", (inst, def) => {
    // Call parent init - inherits optin/optout = "optional"
    $ZodOptional.init(inst, def);
    // Override values/pattern to NOT add undefined
    util.defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    util.defineLazyInternal(inst, "pattern", (zod) => zod.def.innerType._zod.pattern);
    // Override parse to just delegate (no undefined handling)
    inst._zod.parse = (payload, ctx) => {
        return def.innerType._zod.run(payload, ctx);
    };
})));
const $ZodNullable = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodNullable", (inst, def) => {
    $ZodType.init(inst, def);
    util.defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin);
    util.defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
    util.defineLazyInternal(inst, "pattern", (zod) => {
        const pattern = zod.def.innerType._zod.pattern;
        return pattern ? new RegExp(`^(${util.cleanRegex(pattern.source)}|null)$`) : undefined;
    });
    util.defineLazyInternal(inst, "values", (zod) => {
        return zod.def.innerType._zod.values ? new Set([...zod.def.innerType._zod.values, null]) : undefined;
    });
    inst._zod.parse = (payload, ctx) => {
        // Forward direction (decode): allow null to pass through
        if (payload.value === null)
            return payload;
        return def.innerType._zod.run(payload, ctx);
    };
})));
const $ZodDefault = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodDefault", (inst, def) => {
    $ZodType.init(inst, def);
    // inst._zod.qin = "true";
    inst._zod.optin = "defaulted";
    util.defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        // Forward direction (decode): apply defaults for undefined input
        if (payload.value === undefined) {
            payload.value = def.defaultValue;
            /**
             * $ZodDefault returns the default value immediately in forward direction.
             * It doesn't pass the default value into the validator ("prefault"). There's no reason to pass the default value through validation. The validity of the default is enforced by TypeScript statically. Otherwise, it's the responsibility of the user to ensure the default is valid. In the case of pipes with divergent in/out types, you can specify the default on the `in` schema of your ZodPipe to set a "prefault" for the pipe.   */
            return payload;
        }
        // Forward direction: continue with default handling
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then((result) => handleDefaultResult(result, def));
        }
        return handleDefaultResult(result, def);
    };
})));
function handleDefaultResult(payload, def) {
    if (payload.value === undefined) {
        payload.value = def.defaultValue;
    }
    return payload;
}
const $ZodPrefault = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodPrefault", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.optin = "defaulted";
    util.defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        // Forward direction (decode): apply prefault for undefined input
        if (payload.value === undefined) {
            payload.value = def.defaultValue;
        }
        return def.innerType._zod.run(payload, ctx);
    };
})));
const $ZodNonOptional = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodNonOptional", (inst, def) => {
    $ZodType.init(inst, def);
    util.defineLazyInternal(inst, "values", (zod) => {
        const v = zod.def.innerType._zod.values;
        return v ? new Set([...v].filter((x) => x !== undefined)) : undefined;
    });
    inst._zod.parse = (payload, ctx) => {
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then((result) => handleNonOptionalResult(result, inst));
        }
        return handleNonOptionalResult(result, inst);
    };
})));
function handleNonOptionalResult(payload, inst) {
    if (!payload.issues.length && payload.value === undefined) {
        payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: payload.value,
            inst,
        });
    }
    return payload;
}
const $ZodSuccess = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodSuccess", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            throw new core.$ZodEncodeError("ZodSuccess");
        }
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then((result) => {
                payload.value = result.issues.length === 0;
                return payload;
            });
        }
        payload.value = result.issues.length === 0;
        return payload;
    };
})));
function handleCatchResult(payload, result, def, ctx) {
    if (!result.issues.length) {
        payload.value = result.value;
        // The value carries up, so the flag describing it has to carry with it: a back-edge into a node still being parsed must not be frozen by an enclosing readonly, and its checks belong to the node itself. Guarded so the ordinary case adds no own property.
        if (result.memo)
            payload.memo = true;
        return payload;
    }
    // Spread the inner's own payload, not ours: `value` has to stay the input the catch was handed, and the inner ran on a payload of its own so its issues are already private to this call.
    payload.value = def.catchValue({
        ...result,
        value: payload.value,
        error: {
            issues: result.issues.map((iss) => util.finalizeIssue(iss, ctx, core.config())),
        },
        input: payload.value,
    });
    return payload;
}
const $ZodCatch = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCatch", (inst, def) => {
    $ZodType.init(inst, def);
    util.defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
    util.defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
    util.defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        // Forward direction (decode): apply catch logic
        const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
        if (result instanceof Promise) {
            return result.then((result) => handleCatchResult(payload, result, def, ctx));
        }
        return handleCatchResult(payload, result, def, ctx);
    };
})));
const $ZodNaN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodNaN", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _ctx) => {
        if (typeof payload.value !== "number" || !Number.isNaN(payload.value)) {
            payload.issues.push({
                input: payload.value,
                inst,
                expected: "nan",
                code: "invalid_type",
            });
            return payload;
        }
        return payload;
    };
})));
const $ZodPipe = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodPipe", (inst, def) => {
    $ZodType.init(inst, def);
    util.defineLazyInternal(inst, "values", (zod) => zod.def.in._zod.values);
    util.defineLazyInternal(inst, "optin", (zod) => zod.def.in._zod.optin);
    util.defineLazyInternal(inst, "optout", (zod) => zod.def.out._zod.optout);
    util.defineLazyInternal(inst, "propValues", (zod) => zod.def.in._zod.propValues);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            const right = def.out._zod.run(payload, ctx);
            if (right instanceof Promise) {
                return right.then((right) => handlePipeResult(right, def.in, ctx));
            }
            return handlePipeResult(right, def.in, ctx);
        }
        const left = def.in._zod.run(payload, ctx);
        if (left instanceof Promise) {
            return left.then((left) => handlePipeResult(left, def.out, ctx));
        }
        return handlePipeResult(left, def.out, ctx);
    };
})));
function handlePipeResult(left, next, ctx) {
    // Any issue stops the pipe, so a failing refinement never feeds its transform. An unrecognized key is the exception: it describes the input's extra properties, not the value being piped, and an enclosing intersection may yet reconcile it.
    if (left.issues.some((iss) => iss.code !== "unrecognized_keys")) {
        // prevent further checks
        left.aborted = true;
        return left;
    }
    return next._zod.run({ value: left.value, issues: left.issues }, ctx);
}
const $ZodCodec = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCodec", (inst, def) => {
    $ZodType.init(inst, def);
    util.defineLazyInternal(inst, "values", (zod) => zod.def.in._zod.values);
    util.defineLazyInternal(inst, "optin", (zod) => zod.def.in._zod.optin);
    util.defineLazyInternal(inst, "optout", (zod) => zod.def.out._zod.optout);
    util.defineLazyInternal(inst, "propValues", (zod) => zod.def.in._zod.propValues);
    inst._zod.parse = (payload, ctx) => {
        const direction = ctx.direction || "forward";
        if (direction === "forward") {
            const left = def.in._zod.run(payload, ctx);
            if (left instanceof Promise) {
                return left.then((left) => handleCodecAResult(left, def, ctx));
            }
            return handleCodecAResult(left, def, ctx);
        }
        else {
            const right = def.out._zod.run(payload, ctx);
            if (right instanceof Promise) {
                return right.then((right) => handleCodecAResult(right, def, ctx));
            }
            return handleCodecAResult(right, def, ctx);
        }
    };
})));
function handleCodecAResult(result, def, ctx) {
    if (result.issues.length) {
        // prevent further checks
        result.aborted = true;
        return result;
    }
    const direction = ctx.direction || "forward";
    if (direction === "forward") {
        const transformed = def.transform(result.value, result);
        if (transformed instanceof Promise) {
            return transformed.then((value) => handleCodecTxResult(result, value, def.out, ctx));
        }
        return handleCodecTxResult(result, transformed, def.out, ctx);
    }
    else {
        const transformed = def.reverseTransform(result.value, result);
        if (transformed instanceof Promise) {
            return transformed.then((value) => handleCodecTxResult(result, value, def.in, ctx));
        }
        return handleCodecTxResult(result, transformed, def.in, ctx);
    }
}
function handleCodecTxResult(left, value, nextSchema, ctx) {
    // Check if transform added any issues
    if (left.issues.length) {
        left.aborted = true;
        return left;
    }
    return nextSchema._zod.run({ value, issues: left.issues }, ctx);
}
const $ZodPreprocess = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodPreprocess", (inst, def) => {
    $ZodPipe.init(inst, def);
})));
const $ZodReadonly = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodReadonly", (inst, def) => {
    $ZodType.init(inst, def);
    util.defineLazyInternal(inst, "propValues", (zod) => zod.def.innerType._zod.propValues);
    util.defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
    util.defineLazyInternal(inst, "optin", (zod) => zod.def.innerType?._zod?.optin);
    util.defineLazyInternal(inst, "optout", (zod) => zod.def.innerType?._zod?.optout);
    inst._zod.parse = (payload, ctx) => {
        if (ctx.direction === "backward") {
            return def.innerType._zod.run(payload, ctx);
        }
        const result = def.innerType._zod.run(payload, ctx);
        if (result instanceof Promise) {
            return result.then(handleReadonlyResult);
        }
        return handleReadonlyResult(result);
    };
})));
function handleReadonlyResult(payload) {
    // A repeat visit hands back a node that is still being built; freezing it here would make the rest of its keys fail to assign.
    if (!payload.memo)
        payload.value = Object.freeze(payload.value);
    return payload;
}
// a leaf's pattern source with its own checks folded in: the last pattern-carrying check wins, else length bounds narrow the catch-all, else an integer format narrows the number form. the fold lives here instead of on `_zod.pattern` so a bundle without template literals never pays for it
function leafPattern(schema) {
    const def = schema._zod.def;
    let pattern = def.pattern;
    let isInt = !!def.format?.includes("int");
    let minimum;
    let maximum;
    for (const ch of def.checks ?? []) {
        const d = ch._zod.def;
        if (d.pattern)
            pattern = d.pattern;
        isInt || (isInt = !!d.format?.includes("int"));
        const lo = d.minimum ?? d.length;
        const hi = d.maximum ?? d.length;
        if (lo !== undefined && (minimum === undefined || lo > minimum))
            minimum = lo;
        if (hi !== undefined && (maximum === undefined || hi < maximum))
            maximum = hi;
    }
    if (pattern)
        return pattern.source;
    // an empty range matches nothing at runtime, and `{8,5}` is not a legal quantifier
    if (minimum !== undefined && maximum !== undefined && minimum > maximum)
        return "(?!)";
    if (minimum !== undefined || maximum !== undefined)
        return regexes.string({ minimum, maximum }).source;
    const own = schema._zod.pattern;
    return (isInt && own === regexes.number ? regexes.integer : own)?.source;
}
// a part's pattern source. a wrapper's pattern embeds its inner pattern's source verbatim, so the folded form is substituted in place without knowing the wrapper's own composition; a union's options are joined the way the union builds its own pattern
function partPattern(schema) {
    const def = schema._zod.def;
    const own = schema._zod.pattern?.source;
    // lazy resolves its inner on the internals, not the def
    const inner = def.innerType ?? schema._zod.innerType;
    if (inner) {
        const before = inner._zod.pattern?.source;
        const after = partPattern(inner);
        if (own && before && after && after !== before) {
            return own.replace(util.cleanRegex(before), () => util.cleanRegex(after));
        }
        return own;
    }
    if (def.options) {
        const sources = def.options.map(partPattern);
        if (sources.every(Boolean))
            return `^(${sources.map((s) => util.cleanRegex(s)).join("|")})$`;
    }
    return leafPattern(schema);
}
const $ZodTemplateLiteral = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodTemplateLiteral", (inst, def) => {
    $ZodType.init(inst, def);
    const regexParts = [];
    for (const part of def.parts) {
        if (typeof part === "object" && part !== null) {
            // is Zod schema
            const source = partPattern(part);
            if (!source) {
                throw new Error(`Invalid template literal part, no pattern found: ${[...part._zod.traits].shift()}`);
            }
            regexParts.push(util.cleanRegex(source));
        }
        else if (part === null || util.primitiveTypes.has(typeof part)) {
            regexParts.push(util.escapeRegex(`${part}`));
        }
        else {
            throw new Error(`Invalid template literal part: ${part}`);
        }
    }
    inst._zod.pattern = new RegExp(`^${regexParts.join("")}$`);
    inst._zod.parse = (payload, _ctx) => {
        if (typeof payload.value !== "string") {
            payload.issues.push({
                input: payload.value,
                inst,
                expected: "string",
                code: "invalid_type",
            });
            return payload;
        }
        inst._zod.pattern.lastIndex = 0;
        if (!inst._zod.pattern.test(payload.value)) {
            payload.issues.push({
                input: payload.value,
                inst,
                code: "invalid_format",
                format: def.format ?? "template_literal",
                pattern: inst._zod.pattern.source,
            });
            return payload;
        }
        return payload;
    };
})));
const $ZodFunction = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodFunction", (inst, def) => {
    $ZodType.init(inst, def);
    // Defined, not assigned: the classic prototype exposes `_def` as a getter with no setter.
    Object.defineProperty(inst, "_def", { value: def });
    inst._zod.def = def;
    inst.implement = (func) => {
        if (typeof func !== "function") {
            throw new Error("implement() must be called with a function");
        }
        // Defined inline so the closure stays anonymous: binding it to a `const` first names it, which costs 256 bytes per implemented function.
        return Object.defineProperty(function (...args) {
            const parsedArgs = inst._def.input ? parse(inst._def.input, args) : args;
            const result = Reflect.apply(func, this, parsedArgs);
            if (inst._def.output) {
                return parse(inst._def.output, result);
            }
            return result;
        }, "_zod", { value: inst._zod, enumerable: false });
    };
    inst.implementAsync = (func) => {
        if (typeof func !== "function") {
            throw new Error("implementAsync() must be called with a function");
        }
        return Object.defineProperty(async function (...args) {
            const parsedArgs = inst._def.input ? await parseAsync(inst._def.input, args) : args;
            const result = await Reflect.apply(func, this, parsedArgs);
            if (inst._def.output) {
                return await parseAsync(inst._def.output, result);
            }
            return result;
        }, "_zod", { value: inst._zod, enumerable: false });
    };
    inst._zod.parse = (payload, _ctx) => {
        if (typeof payload.value !== "function") {
            payload.issues.push({
                code: "invalid_type",
                expected: "function",
                input: payload.value,
                inst,
            });
            return payload;
        }
        // Check if output is a promise type to determine if we should use async implementation
        const hasPromiseOutput = inst._def.output && inst._def.output._zod.def.type === "promise";
        if (hasPromiseOutput) {
            payload.value = inst.implementAsync(payload.value);
        }
        else {
            payload.value = inst.implement(payload.value);
        }
        return payload;
    };
    inst.input = (...args) => {
        const F = inst.constructor;
        if (Array.isArray(args[0])) {
            return new F({
                type: "function",
                input: new $ZodTuple({
                    type: "tuple",
                    items: args[0],
                    rest: args[1],
                }),
                output: inst._def.output,
            });
        }
        return new F({
            type: "function",
            input: args[0],
            output: inst._def.output,
        });
    };
    inst.output = (output) => {
        const F = inst.constructor;
        return new F({
            type: "function",
            input: inst._def.input,
            output,
        });
    };
    return inst;
})));
const $ZodPromise = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodPromise", (inst, def) => {
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, ctx) => {
        return Promise.resolve(payload.value).then((inner) => def.innerType._zod.run({ value: inner, issues: [] }, ctx));
    };
})));
const $ZodLazy = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodLazy", (inst, def) => {
    $ZodType.init(inst, def);
    // Cache the resolved inner type on the shared `def` so all clones of this lazy (e.g. via `.describe()`/`.meta()`) share the same inner instance, preserving identity for cycle detection on recursive schemas.
    util.defineLazy(inst._zod, "innerType", () => {
        const d = def;
        if (!d._cachedInner)
            d._cachedInner = def.getter();
        return d._cachedInner;
    });
    util.defineLazyInternal(inst, "pattern", (zod) => zod.innerType?._zod?.pattern);
    util.defineLazyInternal(inst, "propValues", (zod) => zod.innerType?._zod?.propValues);
    util.defineLazyInternal(inst, "optin", (zod) => zod.innerType?._zod?.optin ?? undefined);
    util.defineLazyInternal(inst, "optout", (zod) => zod.innerType?._zod?.optout ?? undefined);
    inst._zod.parse = (payload, ctx) => {
        const inner = inst._zod.innerType;
        return inner._zod.run(payload, ctx);
    };
})));
const $ZodCustom = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("$ZodCustom", (inst, def) => {
    checks.$ZodCheck.init(inst, def);
    $ZodType.init(inst, def);
    inst._zod.parse = (payload, _) => {
        return payload;
    };
    inst._zod.check = (payload) => {
        const input = payload.value;
        const r = def.fn(input);
        if (r instanceof Promise) {
            return r.then((r) => handleRefineResult(r, payload, input, inst));
        }
        handleRefineResult(r, payload, input, inst);
        return;
    };
})));
function handleRefineResult(result, payload, input, inst) {
    if (!result) {
        const _iss = {
            code: "custom",
            input,
            inst, // incorporates params.error into issue reporting
            path: [...(inst._zod.def.path ?? [])], // incorporates params.error into issue reporting
            continue: !inst._zod.def.abort,
            // params: inst._zod.def.params,
        };
        if (inst._zod.def.params)
            _iss.params = inst._zod.def.params;
        payload.issues.push(util.issue(_iss));
    }
}

// EXTERNAL MODULE: ./node_modules/zod/v4/core/api.js + 1 modules
var api = __nccwpck_require__(3305);
;// CONCATENATED MODULE: ./node_modules/zod/v4/core/errors.js


/* Computing the message eagerly is expensive (pretty-printed JSON of all
 * issues), so defer it until first read. The accessor functions and
 * descriptors are shared across instances to keep error construction
 * cheap; the computed message is cached on the internals object. The
 * setter preserves plain assignment semantics for consumers that
 * overwrite `message`. */
function _getMessage() {
    const internals = this._zod;
    internals.message ?? (internals.message = JSON.stringify(internals.def, core_util/* jsonStringifyReplacer */.k8, 2));
    return internals.message;
}
function _setMessage(value) {
    this._zod.message = value;
}
const _messageDesc = {
    get: _getMessage,
    set: _setMessage,
    enumerable: true,
    configurable: true,
};
const _issuesDesc = { value: undefined, enumerable: false };
/* Prototypes that already carry the lazy `toString`. Seeded with the
 * intrinsics so that `init` on a foreign object — it accepts any object —
 * can never install an accessor onto a prototype we do not own. */
const _installedToString = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
const initializer = (inst, def) => {
    inst.name = "$ZodError";
    // `_zod` is already non-enumerable: $constructor's init defined it with this same descriptor
    _issuesDesc.value = def;
    Object.defineProperty(inst, "issues", _issuesDesc);
    // Clear the shared slot; a retained `value` pins the last error's issues.
    _issuesDesc.value = undefined;
    Object.defineProperty(inst, "message", _messageDesc);
    /* `toString` lives as a non-enumerable lazy getter on the shared
     * prototype; on first access it caches a per-instance closure so
     * detached usage still works. */
    const proto = Object.getPrototypeOf(inst);
    if (!_installedToString.has(proto)) {
        _installedToString.add(proto);
        Object.defineProperty(proto, "toString", {
            configurable: true,
            enumerable: false,
            get() {
                const value = () => this.message;
                Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
                return value;
            },
            set(value) {
                Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
            },
        });
    }
};
const $ZodError = (0,core_core/* $constructor */.xI)("$ZodError", initializer);
const $ZodRealError = (0,core_core/* $constructor */.xI)("$ZodError", initializer, undefined, {
    Parent: Error,
});
/** Get-or-create `obj[key]` as an own data property. A path segment naming an inherited member
 * ("toString", "constructor") would otherwise read through to the prototype, and assigning
 * "__proto__" would hit the setter instead of creating a key. */
function node(obj, key, make) {
    if (!Object.prototype.hasOwnProperty.call(obj, key)) {
        if (key === "__proto__") {
            Object.defineProperty(obj, key, { value: make(), writable: true, enumerable: true, configurable: true });
        }
        else {
            obj[key] = make();
        }
    }
    return obj[key];
}
function flattenError(error, mapper = (issue) => issue.message) {
    const fieldErrors = {};
    const formErrors = [];
    for (const sub of error.issues) {
        if (sub.path.length > 0) {
            node(fieldErrors, sub.path[0], () => []).push(mapper(sub));
        }
        else {
            formErrors.push(mapper(sub));
        }
    }
    return { formErrors, fieldErrors };
}
function formatError(error, mapper = (issue) => issue.message) {
    const fieldErrors = { _errors: [] };
    const processError = (error, path = []) => {
        for (const issue of error.issues) {
            if (issue.code === "invalid_union" && issue.errors.length) {
                issue.errors.map((issues) => processError({ issues }, [...path, ...issue.path]));
            }
            else if (issue.code === "invalid_key") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else if (issue.code === "invalid_element") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else {
                const fullpath = [...path, ...issue.path];
                if (fullpath.length === 0) {
                    fieldErrors._errors.push(mapper(issue));
                }
                else {
                    let curr = fieldErrors;
                    let i = 0;
                    while (i < fullpath.length) {
                        const el = fullpath[i];
                        const terminal = i === fullpath.length - 1;
                        // `_errors` is reserved by this legacy format, so merge a matching path segment into the current node instead of treating its array as a child.
                        if (el === "_errors") {
                            if (terminal)
                                curr._errors.push(mapper(issue));
                            i++;
                            continue;
                        }
                        // A path element may collide with an inherited property name such as
                        // "__proto__" or "constructor". Truthiness checks read the prototype
                        // (so no node is created, then ._errors.push throws), and bracket
                        // assignment of "__proto__" hits the setter instead of creating an
                        // own key. Guard the read with hasOwnProperty and create the node
                        // with defineProperty so any path element becomes a real own key.
                        if (!Object.prototype.hasOwnProperty.call(curr, el)) {
                            Object.defineProperty(curr, el, {
                                value: { _errors: [] },
                                enumerable: true,
                                writable: true,
                                configurable: true,
                            });
                        }
                        const node = curr[el];
                        if (terminal) {
                            node._errors.push(mapper(issue));
                        }
                        curr = node;
                        i++;
                    }
                }
            }
        }
    };
    processError(error);
    return fieldErrors;
}
function treeifyError(error, mapper = (issue) => issue.message) {
    const result = { errors: [] };
    const processError = (error, path = []) => {
        var _a;
        for (const issue of error.issues) {
            if (issue.code === "invalid_union" && issue.errors.length) {
                // regular union error
                issue.errors.map((issues) => processError({ issues }, [...path, ...issue.path]));
            }
            else if (issue.code === "invalid_key") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else if (issue.code === "invalid_element") {
                processError({ issues: issue.issues }, [...path, ...issue.path]);
            }
            else {
                const fullpath = [...path, ...issue.path];
                if (fullpath.length === 0) {
                    result.errors.push(mapper(issue));
                    continue;
                }
                let curr = result;
                let i = 0;
                while (i < fullpath.length) {
                    const el = fullpath[i];
                    const terminal = i === fullpath.length - 1;
                    if (typeof el === "string") {
                        curr.properties ?? (curr.properties = {});
                        // el may collide with an inherited property name ("__proto__",
                        // "constructor", ...); ??= reads the prototype so the node is never
                        // created and curr.errors.push throws. Guard with hasOwnProperty and
                        // create the node with defineProperty so "__proto__" becomes a real
                        // own key rather than invoking the prototype setter.
                        if (!Object.prototype.hasOwnProperty.call(curr.properties, el)) {
                            Object.defineProperty(curr.properties, el, {
                                value: { errors: [] },
                                enumerable: true,
                                writable: true,
                                configurable: true,
                            });
                        }
                        curr = curr.properties[el];
                    }
                    else {
                        curr.items ?? (curr.items = []);
                        (_a = curr.items)[el] ?? (_a[el] = { errors: [] });
                        curr = curr.items[el];
                    }
                    if (terminal) {
                        curr.errors.push(mapper(issue));
                    }
                    i++;
                }
            }
        }
    };
    processError(error);
    return result;
}
/** Format a ZodError as a human-readable string in the following form.
 *
 * From
 *
 * ```ts
 * ZodError {
 *   issues: [
 *     {
 *       expected: 'string',
 *       code: 'invalid_type',
 *       path: [ 'username' ],
 *       message: 'Invalid input: expected string'
 *     },
 *     {
 *       expected: 'number',
 *       code: 'invalid_type',
 *       path: [ 'favoriteNumbers', 1 ],
 *       message: 'Invalid input: expected number'
 *     }
 *   ];
 * }
 * ```
 *
 * to
 *
 * ```
 * username
 *   ✖ Expected number, received string at "username
 * favoriteNumbers[0]
 *   ✖ Invalid input: expected number
 * ```
 */
function toDotPath(_path) {
    const segs = [];
    const path = _path.map((seg) => (typeof seg === "object" ? seg.key : seg));
    for (const seg of path) {
        if (typeof seg === "number")
            segs.push(`[${seg}]`);
        else if (typeof seg === "symbol")
            segs.push(`[${JSON.stringify(String(seg))}]`);
        else if (/[^\w$]/.test(seg))
            segs.push(`[${JSON.stringify(seg)}]`);
        else {
            if (segs.length)
                segs.push(".");
            segs.push(seg);
        }
    }
    return segs.join("");
}
function prettifyError(error) {
    const lines = [];
    // sort by path length
    const issues = [...error.issues].sort((a, b) => (a.path ?? []).length - (b.path ?? []).length);
    // Process each issue
    for (const issue of issues) {
        lines.push(`✖ ${issue.message}`);
        if (issue.path?.length)
            lines.push(`  → at ${toDotPath(issue.path)}`);
    }
    // Convert Map to formatted string
    return lines.join("\n");
}

;// CONCATENATED MODULE: ./node_modules/zod/v4/core/parse.js



// Always both keys, so the `_params` read site in `_parse` sees one object shape rather than two.
function finalizeParams(callee, params) {
    return { callee: params?.callee ?? callee, Err: params?.Err };
}
const _parse = (_Err) => {
    const fn = (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
        const result = schema._zod.run({ value, issues: [] }, ctx);
        if (result instanceof Promise) {
            throw new core_core/* $ZodAsyncError */.GT();
        }
        if (result.issues.length) {
            const e = new (_params?.Err ?? _Err)(result.issues.map((iss) => core_util/* finalizeIssue */.iR(iss, ctx, core_core/* config */.$W())));
            core_util/* captureStackTrace */.gx(e, _params?.callee ?? fn);
            throw e;
        }
        return result.value;
    };
    return fn;
};
const parse_parse = /* @__PURE__*/ _parse($ZodRealError);
const _parseAsync = (_Err) => {
    const fn = async (schema, value, _ctx, params) => {
        const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
        let result = schema._zod.run({ value, issues: [] }, ctx);
        if (result instanceof Promise)
            result = await result;
        if (result.issues.length) {
            const e = new (params?.Err ?? _Err)(result.issues.map((iss) => core_util/* finalizeIssue */.iR(iss, ctx, core_core/* config */.$W())));
            core_util/* captureStackTrace */.gx(e, params?.callee ?? fn);
            throw e;
        }
        return result.value;
    };
    return fn;
};
const parse_parseAsync = /* @__PURE__*/ _parseAsync($ZodRealError);
const _safeParse = (_Err) => (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
    const result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise) {
        throw new core_core/* $ZodAsyncError */.GT();
    }
    return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
const safeParse = /* @__PURE__*/ _safeParse($ZodRealError);
// the error is built on the first read of `error`: finalizing the issues and constructing the instance is most of a failing parse, and a caller that only branches on `success` never pays it. a getter in the literal keeps this small; the alternative, one shared accessor descriptor plus a hidden state slot, reads ~15% faster but costs ~75 B gzipped in every bundle
function failure(Err, issues, ctx) {
    let error;
    return {
        success: false,
        get error() {
            if (!error) {
                error = new Err(issues.map((iss) => core_util/* finalizeIssue */.iR(iss, ctx, core_core/* config */.$W())));
                // finalizeIssue drops `input`, so the built error holds nothing; keeping the raw issues past this point pins the parsed value for the life of the result
                issues = undefined;
                ctx = undefined;
            }
            return error;
        },
        set error(e) {
            error = e;
            // a replacement makes the getter's branch unreachable, so the captures have to go here too
            issues = undefined;
            ctx = undefined;
        },
    };
}
const _safeParseAsync = (_Err) => async (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
    let result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise)
        result = await result;
    return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
const safeParseAsync = /* @__PURE__*/ _safeParseAsync($ZodRealError);
// registry mirrors of the compiler's sentinels, so this module never imports the compiler
const COMPILE_INVALID = /* @__PURE__ */ (/* unused pure expression or super */ null && (Symbol.for("zod.compile.invalid")));
const COMPILE_FALLBACK = /* @__PURE__ */ (/* unused pure expression or super */ null && (Symbol.for("zod.compile.fallback")));
// Deliberately tiny, because v8 will not inline a body carrying the fallback's object literals and throw. Everything that is not the compiled happy path lives in validateFallback, and that split is worth ~35% on a compiled schema.
const validate = ((schema, value, _ctx) => {
    const validator = schema._zod.bag.validator;
    if (validator !== undefined) {
        if (validator(value) !== COMPILE_INVALID)
            return true;
        // a definite sentinel means the runtime would reject, so skip the re-parse; a ctx can still change the answer
        if (validator.definite === true && _ctx === undefined)
            return false;
    }
    return validateFallback(schema, value, _ctx);
});
function validateFallback(schema, value, _ctx) {
    const ctx = _ctx
        ? { ..._ctx, async: false, abortEarly: true }
        : { async: false, abortEarly: true };
    const fallbackRun = schema._zod.bag.fallbackRun;
    let result;
    if (fallbackRun) {
        // skip nested fast paths on the fallback, so user callbacks keep the at-most-twice bound
        ctx[COMPILE_FALLBACK] = true;
        result = fallbackRun({ value, issues: [] }, ctx);
    }
    else {
        result = schema._zod.run({ value, issues: [] }, ctx);
    }
    if (result instanceof Promise) {
        throw new core.$ZodAsyncError();
    }
    return result.issues.length === 0;
}
// no fast path: the compiler keeps async parses on the runtime, because a promise-returning callback that is not declared async compiles to a throw
const parse_validateAsync = async (schema, value, _ctx) => {
    const ctx = _ctx
        ? { ..._ctx, async: true, abortEarly: true }
        : { async: true, abortEarly: true };
    let result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise)
        result = await result;
    return result.issues.length === 0;
};
const _encode = (_Err) => {
    const parse = _parse(_Err);
    const fn = (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
        return parse(schema, value, ctx, finalizeParams(fn, _params));
    };
    return fn;
};
const encode = /* @__PURE__*/ _encode($ZodRealError);
const _decode = (_Err) => {
    const parse = _parse(_Err);
    const fn = (schema, value, _ctx, _params) => {
        return parse(schema, value, _ctx, finalizeParams(fn, _params));
    };
    return fn;
};
const decode = /* @__PURE__*/ _decode($ZodRealError);
const _encodeAsync = (_Err) => {
    const parseAsync = _parseAsync(_Err);
    const fn = async (schema, value, _ctx, _params) => {
        const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
        return (await parseAsync(schema, value, ctx, finalizeParams(fn, _params)));
    };
    return fn;
};
const encodeAsync = /* @__PURE__*/ _encodeAsync($ZodRealError);
const _decodeAsync = (_Err) => {
    const parseAsync = _parseAsync(_Err);
    const fn = async (schema, value, _ctx, _params) => {
        return await parseAsync(schema, value, _ctx, finalizeParams(fn, _params));
    };
    return fn;
};
const decodeAsync = /* @__PURE__*/ _decodeAsync($ZodRealError);
const _safeEncode = (_Err) => (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return _safeParse(_Err)(schema, value, ctx);
};
const safeEncode = /* @__PURE__*/ _safeEncode($ZodRealError);
const _safeDecode = (_Err) => (schema, value, _ctx) => {
    return _safeParse(_Err)(schema, value, _ctx);
};
const safeDecode = /* @__PURE__*/ _safeDecode($ZodRealError);
const _safeEncodeAsync = (_Err) => async (schema, value, _ctx) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return _safeParseAsync(_Err)(schema, value, ctx);
};
const safeEncodeAsync = /* @__PURE__*/ _safeEncodeAsync($ZodRealError);
const _safeDecodeAsync = (_Err) => async (schema, value, _ctx) => {
    return _safeParseAsync(_Err)(schema, value, _ctx);
};
const safeDecodeAsync = /* @__PURE__*/ _safeDecodeAsync($ZodRealError);

;// CONCATENATED MODULE: ./node_modules/zod/v4/mini/schemas.js




const ZodMiniType = /*@__PURE__*/ core_core/* $constructor */.xI("ZodMiniType", (inst, def) => {
    if (!inst._zod)
        throw new Error("Uninitialized schema in ZodMiniType.");
    $ZodType.init(inst, def);
    inst.def = def;
    inst.type = def.type;
}, {
    // `with` is an alias for `check`: the same function object, not a wrapper.
    get with() {
        return this.check;
    },
    set with(value) {
        core_util/* own */.qh(this, "with", value);
    },
    parse(data, params) {
        return parse_parse(this, data, params, { callee: this.parse });
    },
    parseAsync(data, params) {
        return parse_parseAsync(this, data, params, { callee: this.parseAsync });
    },
    safeParse(data, params) {
        return safeParse(this, data, params);
    },
    safeParseAsync(data, params) {
        return safeParseAsync(this, data, params);
    },
    check(...checks) {
        const def = this.def;
        return this.clone({
            ...def,
            checks: [
                ...(def.checks ?? []),
                ...checks.map((ch) => typeof ch === "function" ? { _zod: { check: ch, def: { check: "custom" }, onattach: [] } } : ch),
            ],
        }, { parent: true });
    },
    clone(_def, params) {
        return core_util/* clone */.o8(this, _def, params);
    },
    brand() {
        return this;
    },
    register(reg, meta) {
        reg.add(this, meta);
        return this;
    },
    apply(fn, ...args) {
        return args.length === 0 ? fn(this) : fn(this, ...args);
    },
});
const ZodMiniString = /*@__PURE__*/ core_core/* $constructor */.xI("ZodMiniString", (inst, def) => {
    $ZodString.init(inst, def);
    ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function schemas_string(params) {
    return api/* _string */.Rl(ZodMiniString, params);
}
const ZodMiniStringFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniStringFormat", (inst, def) => {
    core.$ZodStringFormat.init(inst, def);
    ZodMiniString.init(inst, def);
})));
const ZodMiniEmail = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniEmail", (inst, def) => {
    core.$ZodEmail.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_email(params) {
    return core._email(ZodMiniEmail, params);
}
const ZodMiniGUID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniGUID", (inst, def) => {
    core.$ZodGUID.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_guid(params) {
    return core._guid(ZodMiniGUID, params);
}
const ZodMiniUUID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniUUID", (inst, def) => {
    core.$ZodUUID.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_uuid(params) {
    return core._uuid(ZodMiniUUID, params);
}
// @__NO_SIDE_EFFECTS__
function uuidv4(params) {
    return core._uuidv4(ZodMiniUUID, params);
}
// ZodMiniUUIDv6
// @__NO_SIDE_EFFECTS__
function uuidv6(params) {
    return core._uuidv6(ZodMiniUUID, params);
}
// ZodMiniUUIDv7
// @__NO_SIDE_EFFECTS__
function uuidv7(params) {
    return core._uuidv7(ZodMiniUUID, params);
}
const ZodMiniURL = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniURL", (inst, def) => {
    core.$ZodURL.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function url(params) {
    return core._url(ZodMiniURL, params);
}
// @__NO_SIDE_EFFECTS__
function httpUrl(params) {
    return core._url(ZodMiniURL, {
        protocol: regexes.httpProtocol,
        hostname: regexes.domain,
        ...util.normalizeParams(params),
    });
}
const ZodMiniEmoji = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniEmoji", (inst, def) => {
    core.$ZodEmoji.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_emoji(params) {
    return core._emoji(ZodMiniEmoji, params);
}
const ZodMiniNanoID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniNanoID", (inst, def) => {
    core.$ZodNanoID.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_nanoid(params) {
    return core._nanoid(ZodMiniNanoID, params);
}
/**
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link ZodMiniCUID2} instead.
 * See https://github.com/paralleldrive/cuid.
 */
const ZodMiniCUID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniCUID", (inst, def) => {
    core.$ZodCUID.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
/**
 * Validates a CUID v1 string.
 *
 * @deprecated CUID v1 is deprecated by its authors due to information leakage
 * (timestamps embedded in the id). Use {@link cuid2 | `z.cuid2()`} instead.
 * See https://github.com/paralleldrive/cuid.
 */
// @__NO_SIDE_EFFECTS__
function schemas_cuid(params) {
    return core._cuid(ZodMiniCUID, params);
}
const ZodMiniCUID2 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniCUID2", (inst, def) => {
    core.$ZodCUID2.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_cuid2(params) {
    return core._cuid2(ZodMiniCUID2, params);
}
const ZodMiniULID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniULID", (inst, def) => {
    core.$ZodULID.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_ulid(params) {
    return core._ulid(ZodMiniULID, params);
}
const ZodMiniXID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniXID", (inst, def) => {
    core.$ZodXID.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_xid(params) {
    return core._xid(ZodMiniXID, params);
}
const ZodMiniKSUID = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniKSUID", (inst, def) => {
    core.$ZodKSUID.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_ksuid(params) {
    return core._ksuid(ZodMiniKSUID, params);
}
const ZodMiniIPv4 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniIPv4", (inst, def) => {
    core.$ZodIPv4.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_ipv4(params) {
    return core._ipv4(ZodMiniIPv4, params);
}
const ZodMiniIPv6 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniIPv6", (inst, def) => {
    core.$ZodIPv6.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_ipv6(params) {
    return core._ipv6(ZodMiniIPv6, params);
}
const ZodMiniCIDRv4 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniCIDRv4", (inst, def) => {
    core.$ZodCIDRv4.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_cidrv4(params) {
    return core._cidrv4(ZodMiniCIDRv4, params);
}
const ZodMiniCIDRv6 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniCIDRv6", (inst, def) => {
    core.$ZodCIDRv6.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_cidrv6(params) {
    return core._cidrv6(ZodMiniCIDRv6, params);
}
const ZodMiniMAC = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniMAC", (inst, def) => {
    core.$ZodMAC.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_mac(params) {
    return core._mac(ZodMiniMAC, params);
}
const ZodMiniBase64 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniBase64", (inst, def) => {
    core.$ZodBase64.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_base64(params) {
    return core._base64(ZodMiniBase64, params);
}
const ZodMiniBase64URL = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniBase64URL", (inst, def) => {
    core.$ZodBase64URL.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_base64url(params) {
    return core._base64url(ZodMiniBase64URL, params);
}
const ZodMiniE164 = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniE164", (inst, def) => {
    core.$ZodE164.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_e164(params) {
    return core._e164(ZodMiniE164, params);
}
const ZodMiniCreditCard = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniCreditCard", (inst, def) => {
    core.$ZodCreditCard.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_creditCard(params) {
    return core._creditCard(ZodMiniCreditCard, params);
}
const ZodMiniIBAN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniIBAN", (inst, def) => {
    core.$ZodIBAN.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_iban(params) {
    return core._iban(ZodMiniIBAN, params);
}
const ZodMiniJWT = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniJWT", (inst, def) => {
    core.$ZodJWT.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function jwt(params) {
    return core._jwt(ZodMiniJWT, params);
}
const ZodMiniCustomStringFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniCustomStringFormat", (inst, def) => {
    core.$ZodCustomStringFormat.init(inst, def);
    ZodMiniStringFormat.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function stringFormat(format, fnOrRegex, _params = {}) {
    return core._stringFormat(ZodMiniCustomStringFormat, format, fnOrRegex, _params);
}
// @__NO_SIDE_EFFECTS__
function schemas_hostname(_params) {
    return core._stringFormat(ZodMiniCustomStringFormat, "hostname", regexes.hostname, _params);
}
// @__NO_SIDE_EFFECTS__
function schemas_hex(_params) {
    return core._stringFormat(ZodMiniCustomStringFormat, "hex", regexes.hex, _params);
}
// @__NO_SIDE_EFFECTS__
function schemas_currencyCode(_params) {
    return core._stringFormat(ZodMiniCustomStringFormat, "currency_code", regexes.currencyCode, _params);
}
// @__NO_SIDE_EFFECTS__
function hash(alg, params) {
    const enc = params?.enc ?? "hex";
    const format = `${alg}_${enc}`;
    const regex = core.regexes[format];
    // check for unrecognized format
    if (!regex)
        throw new Error(`Unrecognized hash format: ${format}`);
    return core._stringFormat(ZodMiniCustomStringFormat, format, regex, params);
}
const ZodMiniNumber = /*@__PURE__*/ core_core/* $constructor */.xI("ZodMiniNumber", (inst, def) => {
    $ZodNumber.init(inst, def);
    ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function schemas_number(params) {
    return api/* _number */.F7(ZodMiniNumber, params);
}
const ZodMiniNumberFormat = /*@__PURE__*/ core_core/* $constructor */.xI("ZodMiniNumberFormat", (inst, def) => {
    $ZodNumberFormat.init(inst, def);
    ZodMiniNumber.init(inst, def);
});
function schemas_int(params) {
    return api/* _int */.LK(ZodMiniNumberFormat, params);
}
function float32(params) {
    return core._float32(ZodMiniNumberFormat, params);
}
function float64(params) {
    return core._float64(ZodMiniNumberFormat, params);
}
function int32(params) {
    return core._int32(ZodMiniNumberFormat, params);
}
function uint32(params) {
    return core._uint32(ZodMiniNumberFormat, params);
}
const ZodMiniBoolean = /*@__PURE__*/ core_core/* $constructor */.xI("ZodMiniBoolean", (inst, def) => {
    $ZodBoolean.init(inst, def);
    ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function schemas_boolean(params) {
    return api/* _boolean */._L(ZodMiniBoolean, params);
}
const ZodMiniBigInt = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniBigInt", (inst, def) => {
    core.$ZodBigInt.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_bigint(params) {
    return core._bigint(ZodMiniBigInt, params);
}
const ZodMiniBigIntFormat = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniBigIntFormat", (inst, def) => {
    core.$ZodBigIntFormat.init(inst, def);
    ZodMiniBigInt.init(inst, def);
})));
function int64(params) {
    return core._int64(ZodMiniBigIntFormat, params);
}
function uint64(params) {
    return core._uint64(ZodMiniBigIntFormat, params);
}
const ZodMiniSymbol = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniSymbol", (inst, def) => {
    core.$ZodSymbol.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function symbol(params) {
    return core._symbol(ZodMiniSymbol, params);
}
const ZodMiniUndefined = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniUndefined", (inst, def) => {
    core.$ZodUndefined.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_undefined(params) {
    return core._undefined(ZodMiniUndefined, params);
}

const ZodMiniNull = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniNull", (inst, def) => {
    core.$ZodNull.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_null(params) {
    return core._null(ZodMiniNull, params);
}

const ZodMiniAny = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniAny", (inst, def) => {
    core.$ZodAny.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function any() {
    return core._any(ZodMiniAny);
}
const ZodMiniUnknown = /*@__PURE__*/ core_core/* $constructor */.xI("ZodMiniUnknown", (inst, def) => {
    $ZodUnknown.init(inst, def);
    ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function unknown() {
    return api/* _unknown */.em(ZodMiniUnknown);
}
const ZodMiniNever = /*@__PURE__*/ core_core/* $constructor */.xI("ZodMiniNever", (inst, def) => {
    $ZodNever.init(inst, def);
    ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function never(params) {
    return api/* _never */.G8(ZodMiniNever, params);
}
const ZodMiniVoid = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniVoid", (inst, def) => {
    core.$ZodVoid.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function _void(params) {
    return core._void(ZodMiniVoid, params);
}

const ZodMiniDate = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniDate", (inst, def) => {
    core.$ZodDate.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function schemas_date(params) {
    return core._date(ZodMiniDate, params);
}
const ZodMiniArray = /*@__PURE__*/ core_core/* $constructor */.xI("ZodMiniArray", (inst, def) => {
    $ZodArray.init(inst, def);
    ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function array(element, params) {
    return new ZodMiniArray({
        type: "array",
        element: element,
        ...core_util/* normalizeParams */.A2(params),
    });
}
// .keyof
// @__NO_SIDE_EFFECTS__
function keyof(schema) {
    const shape = schema._zod.def.shape;
    return _enum(Object.keys(shape));
}
const ZodMiniObject = /*@__PURE__*/ core_core/* $constructor */.xI("ZodMiniObject", (inst, def) => {
    $ZodObject.init(inst, def);
    ZodMiniType.init(inst, def);
    core_util/* installLazyProp */.X(inst, "shape", (self) => self._zod.def.shape, false);
});
// @__NO_SIDE_EFFECTS__
function object(shape, params) {
    const def = {
        type: "object",
        shape: shape ?? {},
        ...util.normalizeParams(params),
    };
    return new ZodMiniObject(def);
}
// strictObject
// @__NO_SIDE_EFFECTS__
function strictObject(shape, params) {
    return new ZodMiniObject({
        type: "object",
        shape,
        catchall: never(),
        ...core_util/* normalizeParams */.A2(params),
    });
}
// looseObject
// @__NO_SIDE_EFFECTS__
function looseObject(shape, params) {
    return new ZodMiniObject({
        type: "object",
        shape,
        catchall: unknown(),
        ...util.normalizeParams(params),
    });
}
// object methods
// @__NO_SIDE_EFFECTS__
function extend(schema, shape) {
    return util.extend(schema, shape);
}
// @__NO_SIDE_EFFECTS__
function safeExtend(schema, shape) {
    return util.safeExtend(schema, shape);
}
/**
 * @deprecated Use [`z.extend(A, B.shape)`](https://zod.dev/api?id=extend) instead.
 */
// @__NO_SIDE_EFFECTS__
function merge(a, b) {
    return util.merge(a, b);
}
// @__NO_SIDE_EFFECTS__
function pick(schema, mask) {
    return util.pick(schema, mask);
}
// .omit
// @__NO_SIDE_EFFECTS__
function omit(schema, mask) {
    return util.omit(schema, mask);
}
// @__NO_SIDE_EFFECTS__
function partial(schema, mask) {
    const def = schema._zod.def;
    if (def.type !== "tuple")
        return util.partial(ZodMiniOptional, schema, mask);
    // a refinement was authored against the full arity; partialing would run it on a shorter array
    if (def.checks?.length)
        throw new Error(".partial() cannot be used on tuple schemas containing refinements");
    return util.clone(schema, {
        ...def,
        items: def.items.map((item) => new ZodMiniOptional({ type: "optional", innerType: item })),
    });
}
// @__NO_SIDE_EFFECTS__
function exactPartial(schema, mask) {
    return util.partial(ZodMiniExactOptional, schema, mask, "exactPartial");
}
// @__NO_SIDE_EFFECTS__
function required(schema, mask) {
    return util.required(ZodMiniNonOptional, schema, mask);
}
// @__NO_SIDE_EFFECTS__
function catchall(inst, catchall) {
    // `mergeDefs` rather than a spread: spreading reads `shape`, and resolving it can mint a whole fresh subtree
    return inst.clone(util.mergeDefs(inst._zod.def, { catchall: catchall }));
}
const ZodMiniUnion = /*@__PURE__*/ core_core/* $constructor */.xI("ZodMiniUnion", (inst, def) => {
    $ZodUnion.init(inst, def);
    ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function union(options, params) {
    return new ZodMiniUnion({
        type: "union",
        options: options,
        ...core_util/* normalizeParams */.A2(params),
    });
}
const ZodMiniXor = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniXor", (inst, def) => {
    ZodMiniUnion.init(inst, def);
    core.$ZodXor.init(inst, def);
})));
/** Creates an exclusive union (XOR) where exactly one option must match.
 * Unlike regular unions that succeed when any option matches, xor fails if
 * zero or more than one option matches the input. */
function xor(options, params) {
    return new ZodMiniXor({
        type: "union",
        options: options,
        inclusive: false,
        ...util.normalizeParams(params),
    });
}
const ZodMiniDiscriminatedUnion = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniDiscriminatedUnion", (inst, def) => {
    core.$ZodDiscriminatedUnion.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function discriminatedUnion(discriminator, options, params) {
    return new ZodMiniDiscriminatedUnion({
        type: "union",
        options: options,
        discriminator,
        ...util.normalizeParams(params),
    });
}
const ZodMiniIntersection = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniIntersection", (inst, def) => {
    core.$ZodIntersection.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function intersection(left, right) {
    return new ZodMiniIntersection({
        type: "intersection",
        left: left,
        right: right,
    });
}
const ZodMiniTuple = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniTuple", (inst, def) => {
    core.$ZodTuple.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function tuple(items, _paramsOrRest, _params) {
    const hasRest = _paramsOrRest instanceof core.$ZodType;
    const params = hasRest ? _params : _paramsOrRest;
    const rest = hasRest ? _paramsOrRest : null;
    return new ZodMiniTuple({
        type: "tuple",
        items: items,
        rest,
        ...util.normalizeParams(params),
    });
}
const ZodMiniRecord = /*@__PURE__*/ core_core/* $constructor */.xI("ZodMiniRecord", (inst, def) => {
    $ZodRecord.init(inst, def);
    ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function record(keyType, valueType, params) {
    // v3-compat: z.record(valueType, params?) — defaults keyType to z.string()
    if (!valueType || !valueType._zod) {
        return new ZodMiniRecord({
            type: "record",
            keyType: schemas_string(),
            valueType: keyType,
            ...core_util/* normalizeParams */.A2(valueType),
        });
    }
    return new ZodMiniRecord({
        type: "record",
        keyType,
        valueType: valueType,
        ...core_util/* normalizeParams */.A2(params),
    });
}
// @__NO_SIDE_EFFECTS__
function partialRecord(keyType, valueType, params) {
    return new ZodMiniRecord({
        type: "record",
        keyType,
        valueType: valueType,
        ...util.normalizeParams(params),
        partial: true,
    });
}
function looseRecord(keyType, valueType, params) {
    return new ZodMiniRecord({
        type: "record",
        keyType,
        valueType: valueType,
        mode: "loose",
        ...util.normalizeParams(params),
    });
}
const ZodMiniMap = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniMap", (inst, def) => {
    core.$ZodMap.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function map(keyType, valueType, params) {
    return new ZodMiniMap({
        type: "map",
        keyType: keyType,
        valueType: valueType,
        ...util.normalizeParams(params),
    });
}
const ZodMiniSet = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniSet", (inst, def) => {
    core.$ZodSet.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function set(valueType, params) {
    return new ZodMiniSet({
        type: "set",
        valueType: valueType,
        ...util.normalizeParams(params),
    });
}
const ZodMiniEnum = /*@__PURE__*/ core_core/* $constructor */.xI("ZodMiniEnum", (inst, def) => {
    $ZodEnum.init(inst, def);
    ZodMiniType.init(inst, def);
    // reuse the parsed value set so a numeric TS enum's reverse-mapping keys stay out
    inst.options = [...inst._zod.values];
});
// @__NO_SIDE_EFFECTS__
function _enum(values, params) {
    const entries = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
    return new ZodMiniEnum({
        type: "enum",
        entries,
        ...core_util/* normalizeParams */.A2(params),
    });
}

// @__NO_SIDE_EFFECTS__
/** @deprecated This API has been merged into `z.enum()`. Use `z.enum()` instead.
 *
 * ```ts
 * enum Colors { red, green, blue }
 * z.enum(Colors);
 * ```
 */
function nativeEnum(entries, params) {
    return new ZodMiniEnum({
        type: "enum",
        entries,
        ...util.normalizeParams(params),
    });
}
const ZodMiniLiteral = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniLiteral", (inst, def) => {
    core.$ZodLiteral.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function literal(value, params) {
    return new ZodMiniLiteral({
        type: "literal",
        values: Array.isArray(value) ? value : [value],
        ...util.normalizeParams(params),
    });
}
const ZodMiniFile = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniFile", (inst, def) => {
    core.$ZodFile.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function file(params) {
    return core._file(ZodMiniFile, params);
}
const ZodMiniTransform = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniTransform", (inst, def) => {
    core.$ZodTransform.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function transform(fn) {
    return new ZodMiniTransform({
        type: "transform",
        transform: fn,
    });
}
const ZodMiniOptional = /*@__PURE__*/ core_core/* $constructor */.xI("ZodMiniOptional", (inst, def) => {
    $ZodOptional.init(inst, def);
    ZodMiniType.init(inst, def);
});
// @__NO_SIDE_EFFECTS__
function optional(innerType) {
    return new ZodMiniOptional({
        type: "optional",
        innerType: innerType,
    });
}
const ZodMiniExactOptional = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniExactOptional", (inst, def) => {
    core.$ZodExactOptional.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function exactOptional(innerType) {
    return new ZodMiniExactOptional({
        type: "optional",
        innerType: innerType,
    });
}
const ZodMiniNullable = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniNullable", (inst, def) => {
    core.$ZodNullable.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function nullable(innerType) {
    return new ZodMiniNullable({
        type: "nullable",
        innerType: innerType,
    });
}
// nullish
// @__NO_SIDE_EFFECTS__
function nullish(innerType) {
    return optional(nullable(innerType));
}
const ZodMiniDefault = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniDefault", (inst, def) => {
    core.$ZodDefault.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function _default(innerType, defaultValue) {
    return new ZodMiniDefault({
        type: "default",
        innerType: innerType,
        get defaultValue() {
            return typeof defaultValue === "function" ? defaultValue() : util.shallowClone(defaultValue);
        },
    });
}
const ZodMiniPrefault = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniPrefault", (inst, def) => {
    core.$ZodPrefault.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function prefault(innerType, defaultValue) {
    return new ZodMiniPrefault({
        type: "prefault",
        innerType: innerType,
        get defaultValue() {
            return typeof defaultValue === "function" ? defaultValue() : util.shallowClone(defaultValue);
        },
    });
}
const ZodMiniNonOptional = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniNonOptional", (inst, def) => {
    core.$ZodNonOptional.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function nonoptional(innerType, params) {
    return new ZodMiniNonOptional({
        type: "nonoptional",
        innerType: innerType,
        ...util.normalizeParams(params),
    });
}
const ZodMiniSuccess = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniSuccess", (inst, def) => {
    core.$ZodSuccess.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function success(innerType) {
    return new ZodMiniSuccess({
        type: "success",
        innerType: innerType,
    });
}
const ZodMiniCatch = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniCatch", (inst, def) => {
    core.$ZodCatch.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function _catch(innerType, catchValue) {
    return new ZodMiniCatch({
        type: "catch",
        innerType: innerType,
        catchValue: (typeof catchValue === "function" ? catchValue : core.util.constantCatch(catchValue)),
    });
}

const ZodMiniNaN = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniNaN", (inst, def) => {
    core.$ZodNaN.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function nan(params) {
    return core._nan(ZodMiniNaN, params);
}
const ZodMiniPipe = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniPipe", (inst, def) => {
    core.$ZodPipe.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function pipe(in_, out) {
    return new ZodMiniPipe({
        type: "pipe",
        in: in_,
        out: out,
    });
}
const ZodMiniCodec = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniCodec", (inst, def) => {
    ZodMiniPipe.init(inst, def);
    core.$ZodCodec.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function codec(in_, out, params) {
    return new ZodMiniCodec({
        type: "pipe",
        in: in_,
        out: out,
        transform: params.decode,
        reverseTransform: params.encode,
    });
}
// @__NO_SIDE_EFFECTS__
function invertCodec(codec) {
    const def = codec._zod.def;
    return new ZodMiniCodec({
        type: "pipe",
        in: def.out,
        out: def.in,
        transform: def.reverseTransform,
        reverseTransform: def.transform,
    });
}
const ZodMiniReadonly = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniReadonly", (inst, def) => {
    core.$ZodReadonly.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function readonly(innerType) {
    return new ZodMiniReadonly({
        type: "readonly",
        innerType: innerType,
    });
}
const ZodMiniTemplateLiteral = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniTemplateLiteral", (inst, def) => {
    core.$ZodTemplateLiteral.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function templateLiteral(parts, params) {
    return new ZodMiniTemplateLiteral({
        type: "template_literal",
        parts,
        ...util.normalizeParams(params),
    });
}
const ZodMiniLazy = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniLazy", (inst, def) => {
    core.$ZodLazy.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// export function lazy<T extends object>(getter: () => T): T {
//   return util.createTransparentProxy<T>(getter);
// }
// @__NO_SIDE_EFFECTS__
function _lazy(getter) {
    return new ZodMiniLazy({
        type: "lazy",
        getter: getter,
    });
}

const ZodMiniPromise = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniPromise", (inst, def) => {
    core.$ZodPromise.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function promise(innerType) {
    return new ZodMiniPromise({
        type: "promise",
        innerType: innerType,
    });
}
const ZodMiniCustom = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniCustom", (inst, def) => {
    core.$ZodCustom.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// custom checks
// @__NO_SIDE_EFFECTS__
function check(fn, params) {
    const ch = new core.$ZodCheck({
        check: "custom",
        ...util.normalizeParams(params),
    });
    ch._zod.check = fn;
    return ch;
}
// ZodCustom custom schema
// @__NO_SIDE_EFFECTS__
function custom(fn, _params) {
    return core._custom(ZodMiniCustom, fn ?? (() => true), _params);
}
// refine
// @__NO_SIDE_EFFECTS__
function refine(fn, _params = {}) {
    return core._refine(ZodMiniCustom, fn, _params);
}
// superRefine
// @__NO_SIDE_EFFECTS__
function superRefine(fn, params) {
    return core._superRefine(fn, params);
}
// Re-export describe and meta from core
const describe = api/* describe */.q0;
const meta = api/* meta */.mI;
// instanceof
class Class {
    constructor(..._args) { }
}
// @__NO_SIDE_EFFECTS__
function _instanceof(cls, params = {}) {
    const inst = custom((data) => data instanceof cls, params);
    inst._zod.bag.Class = cls;
    // Override check to emit invalid_type instead of custom
    inst._zod.check = (payload) => {
        if (!(payload.value instanceof cls)) {
            payload.issues.push({
                code: "invalid_type",
                expected: cls.name,
                input: payload.value,
                inst,
                path: [...(inst._zod.def.path ?? [])],
            });
        }
    };
    return inst;
}

// stringbool
const stringbool = (...args) => core._stringbool({
    Codec: ZodMiniCodec,
    Boolean: ZodMiniBoolean,
    String: ZodMiniString,
}, ...args);
// @__NO_SIDE_EFFECTS__
function json() {
    const jsonSchema = _lazy(() => {
        return union([schemas_string(), schemas_number(), schemas_boolean(), schemas_null(), array(jsonSchema), record(schemas_string(), jsonSchema)]);
    });
    return jsonSchema;
}
const ZodMiniFunction = /*@__PURE__*/ (/* unused pure expression or super */ null && (core.$constructor("ZodMiniFunction", (inst, def) => {
    core.$ZodFunction.init(inst, def);
    ZodMiniType.init(inst, def);
})));
// @__NO_SIDE_EFFECTS__
function _function(params) {
    return new ZodMiniFunction({
        type: "function",
        input: Array.isArray(params?.input) ? tuple(params?.input) : (params?.input ?? array(unknown())),
        output: params?.output ?? unknown(),
    });
}



/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId](module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/******/ // expose the modules object (__webpack_modules__)
/******/ __nccwpck_require__.m = __webpack_modules__;
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/ensure chunk */
/******/ (() => {
/******/ 	__nccwpck_require__.f = {};
/******/ 	// This file contains only the entry chunk.
/******/ 	// The chunk loading function for additional chunks
/******/ 	__nccwpck_require__.e = (chunkId) => {
/******/ 		return Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
/******/ 			__nccwpck_require__.f[key](chunkId, promises);
/******/ 			return promises;
/******/ 		}, []));
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/get javascript chunk filename */
/******/ (() => {
/******/ 	// This function allow to reference async chunks
/******/ 	__nccwpck_require__.u = (chunkId) => {
/******/ 		// return url for filenames based on template
/******/ 		return "" + chunkId + ".index.js";
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/import chunk loading */
/******/ (() => {
/******/ 	// no baseURI
/******/ 	
/******/ 	// object to store loaded and loading chunks
/******/ 	// undefined = chunk not loaded, null = chunk preloaded/prefetched
/******/ 	// [resolve, Promise] = chunk loading, 0 = chunk loaded
/******/ 	var installedChunks = {
/******/ 		792: 0
/******/ 	};
/******/ 	
/******/ 	var installChunk = (data) => {
/******/ 		var {ids, modules, runtime} = data;
/******/ 		// add "modules" to the modules object,
/******/ 		// then flag all "ids" as loaded and fire callback
/******/ 		var moduleId, chunkId, i = 0;
/******/ 		for(moduleId in modules) {
/******/ 			if(__nccwpck_require__.o(modules, moduleId)) {
/******/ 				__nccwpck_require__.m[moduleId] = modules[moduleId];
/******/ 			}
/******/ 		}
/******/ 		if(runtime) runtime(__nccwpck_require__);
/******/ 		for(;i < ids.length; i++) {
/******/ 			chunkId = ids[i];
/******/ 			if(__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) {
/******/ 				installedChunks[chunkId][0]();
/******/ 			}
/******/ 			installedChunks[ids[i]] = 0;
/******/ 		}
/******/ 	
/******/ 	}
/******/ 	
/******/ 	__nccwpck_require__.f.j = (chunkId, promises) => {
/******/ 			// import() chunk loading for javascript
/******/ 			var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : undefined;
/******/ 			if(installedChunkData !== 0) { // 0 means "already installed".
/******/ 	
/******/ 				// a Promise means "currently loading".
/******/ 				if(installedChunkData) {
/******/ 					promises.push(installedChunkData[1]);
/******/ 				} else {
/******/ 					if(true) { // all chunks have JS
/******/ 						// setup Promise in chunk cache
/******/ 						var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, (e) => {
/******/ 							if(installedChunks[chunkId] !== 0) installedChunks[chunkId] = undefined;
/******/ 							throw e;
/******/ 						});
/******/ 						var promise = Promise.race([promise, new Promise((resolve) => (installedChunkData = installedChunks[chunkId] = [resolve]))])
/******/ 						promises.push(installedChunkData[1] = promise);
/******/ 					}
/******/ 				}
/******/ 			}
/******/ 	};
/******/ 	
/******/ 	// no prefetching
/******/ 	
/******/ 	// no preloaded
/******/ 	
/******/ 	// no external install chunk
/******/ 	
/******/ 	// no on chunks loaded
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(4503);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ var __webpack_exports__main = __webpack_exports__.i;
/******/ export { __webpack_exports__main as main };
/******/ 
