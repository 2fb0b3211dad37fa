import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 797:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  o: () => (/* binding */ runAzdShim)
});

// UNUSED EXPORTS: SHIM_ROOT_VAR

;// CONCATENATED MODULE: external "node:fs"
const external_node_fs_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");
;// CONCATENATED MODULE: external "node:path"
const external_node_path_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");
var external_node_path_default = /*#__PURE__*/__nccwpck_require__.n(external_node_path_namespaceObject);
;// CONCATENATED MODULE: ./src/core/errors.ts
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
function marshalGodotenv(values) {
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
function unsavableReason(key, value) {
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
function parseDotenvFile(text, file) {
    try {
        return parseDotenv(text);
    }
    catch (err) {
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
        fd = (0,external_node_fs_namespaceObject.openSync)(file, external_node_fs_namespaceObject.constants.O_RDONLY | (external_node_fs_namespaceObject.constants.O_NONBLOCK ?? 0));
    }
    catch (err) {
        if (isErrno(err, 'ENOENT') || isErrno(err, 'ENOTDIR'))
            return undefined;
        if (isErrno(err, 'EISDIR'))
            throw notAFile(file, options);
        throw ioError(err, file, `read the ${options.what}`);
    }
    try {
        const stat = (0,external_node_fs_namespaceObject.fstatSync)(fd);
        if (!stat.isFile())
            throw notAFile(file, options);
        if (stat.size > options.maxBytes)
            throw tooLarge(file, stat.size, options);
        // Read up to one byte more than allowed, so that a file still growing is caught too.
        const buffer = Buffer.alloc(Math.min(stat.size, options.maxBytes) + 1);
        let length = 0;
        for (;;) {
            const bytesRead = (0,external_node_fs_namespaceObject.readSync)(fd, buffer, length, buffer.length - length, length);
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
            throw new ScriptsError({
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
        throw err instanceof ScriptsError ? err : ioError(err, file, `read the ${options.what}`);
    }
    finally {
        (0,external_node_fs_namespaceObject.closeSync)(fd);
    }
}
function notAFile(file, options) {
    return new ScriptsError({
        code: options.code ?? 'IO_ERROR',
        message: `${file} is not a regular file, so it cannot be the ${options.what}.`,
        hint: 'Replace it with a regular file (not a folder, pipe or device).',
        file,
    });
}
function tooLarge(file, size, options) {
    return new ScriptsError({
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
        mode = (await external_node_fs_namespaceObject.promises.stat(file)).mode & 0o777;
    }
    catch {
        // a new file gets the default mode
    }
    const temp = external_node_path_default().join(dir, `.${base}.${process.pid}.${(0,external_node_crypto_namespaceObject.randomBytes)(6).toString('hex')}.tmp`);
    try {
        const handle = await external_node_fs_namespaceObject.promises.open(temp, 'wx', mode);
        try {
            await handle.writeFile(content);
            await handle.sync();
        }
        finally {
            await handle.close();
        }
        await external_node_fs_namespaceObject.promises.rename(temp, file);
    }
    catch (err) {
        await external_node_fs_namespaceObject.promises.rm(temp, { force: true }).catch(() => undefined);
        throw ioError(err, file, 'write');
    }
    await syncDirectory(dir);
}
/** Removes temp files of ours whose writer is no longer alive (a run killed between write and rename). */
async function sweepTempFiles(dir, base) {
    let names;
    try {
        names = await external_node_fs_namespaceObject.promises.readdir(dir);
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
        await external_node_fs_namespaceObject.promises.rm(external_node_path_default().join(dir, name), { force: true }).catch(() => undefined);
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
        const handle = await external_node_fs_namespaceObject.promises.open(dir, external_node_fs_namespaceObject.constants.O_RDONLY);
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
    if (err instanceof ScriptsError)
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
    return new ScriptsError({
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
        if ((0,external_node_fs_namespaceObject.existsSync)(candidate))
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
            throw new ScriptsError({
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
        await external_node_fs_namespaceObject.promises.rm(lockFile, { force: true }).catch(() => undefined);
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
    await external_node_fs_namespaceObject.promises.writeFile(temp, `${process.pid}\n`, { flag: 'wx' });
    try {
        await external_node_fs_namespaceObject.promises.link(temp, lockFile);
        return true;
    }
    catch (err) {
        if (isErrno(err, 'EEXIST'))
            return false;
        // A file system without hard links: fall back to an exclusive create (a kill mid-way leaves an empty lock,
        // which is taken over after EMPTY_LOCK_STALE_MS).
        if (isErrno(err, 'EPERM') || isErrno(err, 'ENOTSUP') || isErrno(err, 'EOPNOTSUPP') || isErrno(err, 'ENOSYS')) {
            try {
                await external_node_fs_namespaceObject.promises.writeFile(lockFile, `${process.pid}\n`, { flag: 'wx' });
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
        await external_node_fs_namespaceObject.promises.rm(temp, { force: true }).catch(() => undefined);
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
        await external_node_fs_namespaceObject.promises.rename(lockFile, aside);
    }
    catch {
        return;
    }
    const moved = await readLockHolder(aside);
    if (moved.pid !== judgedPid)
        await external_node_fs_namespaceObject.promises.link(aside, lockFile).catch(() => undefined);
    await external_node_fs_namespaceObject.promises.rm(aside, { force: true }).catch(() => undefined);
}
async function readLockHolder(lockFile) {
    try {
        const [text, stat] = await Promise.all([external_node_fs_namespaceObject.promises.readFile(lockFile, 'utf8'), external_node_fs_namespaceObject.promises.stat(lockFile)]);
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
                    throw new ScriptsError({
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
            return new ScriptsError({
                code: 'CANCELLED',
                message: `Cancelled (${cancelReason(this.options.signal)}) while waiting for ${file}, held by another process; nothing more was saved to ${this.what}.`,
                hint: 'Run again to finish.',
                file,
            });
        }
        return new ScriptsError({
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
        throw new ScriptsError({
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
function marshalIndentGo(value, indent = '') {
    if (Array.isArray(value)) {
        if (value.length === 0)
            return '[]';
        const inner = indent + '  ';
        return `[\n${value.map((v) => inner + marshalIndentGo(v, inner)).join(',\n')}\n${indent}]`;
    }
    if (typeof value === 'object' && value !== null) {
        const entries = sortedEntries(value);
        if (entries.length === 0)
            return '{}';
        const inner = indent + '  ';
        const body = entries.map(([k, v]) => `${inner}${goString(k)}: ${marshalIndentGo(v, inner)}`).join(',\n');
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
async function selectEnvironmentName(root, explicit, osEnv, names = REQUEST_FIELD_NAMES) {
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
        throw new ScriptsError({
            code: 'ENVIRONMENT_NOT_SELECTED',
            message: 'No azd environment selected: no environment was given, AZURE_ENV_NAME is not set, and .azure/config.json names no default.',
            hint: `Name one with ${names.option('environment', 'NAME')}, or set AZURE_ENV_NAME.`,
        });
    }
    if (!ENV_NAME.test(name) || name === '.' || name === '..') {
        throw new ScriptsError({
            code: 'ENVIRONMENT_NAME_INVALID',
            message: `The environment name "${name}" (from ${source}) is not valid: use 1 to 64 letters, digits, '-', '(', ')', '_' or '.' (and not just "." or "..").`,
            hint: 'Choose a name such as "dev" or "staging-eastus".',
        });
    }
    return name;
}
class AzdEnvironment {
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
        const env = new AzdEnvironment(root, name, options.persist, options.lock);
        env.onDisk = await isDirectory(env.dir);
        if (env.onDisk) {
            await env.reload();
            return env;
        }
        if (!options.create) {
            throw new ScriptsError({
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
        await external_node_fs_namespaceObject.promises.mkdir(this.dir, { recursive: true });
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
            this.parsed = { text, values: parseDotenvFile(text, this.dotenvFile) };
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
            const reason = unsavableReason(key, value);
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
        await external_node_fs_namespaceObject.promises.mkdir(this.dir, { recursive: true });
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
            const reason = except.has(key) || key === '' ? undefined : unsavableReason(key, value);
            if (!reason)
                continue;
            const line = await this.lineOf(key);
            const at = line === undefined ? this.dotenvFile : `${this.dotenvFile}:${line}`;
            errors.push(new ScriptsError({
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
            throw new ScriptsError({
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
        await external_node_fs_namespaceObject.promises.mkdir(this.dir, { recursive: true });
        await this.withLock(async () => {
            const config = await this.readConfig();
            if (change(config))
                await writeFileAtomic(this.configFile, marshalIndentGo(config));
        });
    }
    withLock(fn) {
        return this.lock.run(fn);
    }
}
async function isDirectory(dir) {
    try {
        return (await external_node_fs_namespaceObject.promises.stat(dir)).isDirectory();
    }
    catch {
        return false;
    }
}
async function exists(file) {
    try {
        await external_node_fs_namespaceObject.promises.lstat(file);
        return true;
    }
    catch {
        return false;
    }
}

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
const SUPPORTED = ['env set', 'env get-value', 'env get-values'];
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
const UNSUPPORTED_HINT = 'This is the azd stand-in of azd-scripts, put on PATH because no azd is installed. It supports only ' +
    '`azd env set`, `azd env get-value` and `azd env get-values` (with -e/--environment, -C/--cwd, and ' +
    '--output json|dotenv for get-values), on the .azure/<env>/.env of the project being provisioned. ' +
    'Install azd (https://aka.ms/azd-install) to use any other azd command from a script.';
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
        const error = err instanceof AzdError ? err : new AzdError(describe(err));
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
    let dir = external_node_path_default().resolve(cwd, fromFlag ?? '.');
    for (;;) {
        for (const name of ['azure.yaml', 'azure.yml']) {
            const stat = await external_node_fs_namespaceObject.promises.stat(external_node_path_default().join(dir, name)).catch(() => undefined);
            if (stat && !stat.isDirectory())
                return dir;
        }
        const parent = external_node_path_default().dirname(dir);
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
        const full = external_node_path_default().resolve(cwd, flags.get('cwd') ?? '.', file);
        let text;
        try {
            text = await external_node_fs_namespaceObject.promises.readFile(full, 'utf8');
        }
        catch (err) {
            const reason = err.code === 'ENOENT' ? 'no such file or directory' : describe(err);
            throw new AzdError(`failed to open file ${file}: open ${file}: ${reason}`);
        }
        try {
            for (const [k, v] of parseDotenvFile(text, full))
                values.set(k, v);
        }
        catch (err) {
            throw new AzdError(`failed to parse file ${file}: ${describe(err)}`);
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
    const existed = await external_node_fs_namespaceObject.promises.stat(external_node_path_default().join(root, '.azure', name)).then((s) => s.isDirectory(), () => false);
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
function describe(err) {
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


/***/ }),

/***/ 996:
/***/ ((module, __unused_webpack___webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony import */ var _core_azd_shim_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(797);
/**
 * Entry of the `azd` stand-in that scripts find on PATH when no azd is installed (src/core/azd-shim.ts). Bundled
 * as `azd-shim/index.js` inside every host bundle; started by the `azd` / `azd.cmd` launchers of the run's bin
 * folder with the same Node that runs the host.
 */

try {
    const result = await (0,_core_azd_shim_js__WEBPACK_IMPORTED_MODULE_0__/* .runAzdShim */ .o)(process.argv.slice(2), process.env, process.cwd());
    process.stdout.write(result.stdout);
    process.stderr.write(result.stderr);
    process.exitCode = result.exitCode;
}
catch (err) {
    process.stdout.write(`\nERROR: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
}

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

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
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(996);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ 
