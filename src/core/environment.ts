/**
 * The azd environment on disk (DESIGN section 5): `.azure/<env>/.env` and `config.json`, `.azure/config.json` and
 * `.azure/.gitignore`, laid out and written byte for byte as azd 1.2x writes them. Every save re-reads the file
 * and applies only our changes, under a short lock, through an atomic write; a file we cannot read is never
 * overwritten.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ScriptsError } from './errors.js';
import { formatDotenv, parseDotenvFile, unsavableReason, type EnvValues } from './dotenv.js';
import { MiB, readTextFile, writeFileAtomic } from './files.js';
import { EnvLock, type EnvLockOptions } from './lock/env-lock.js';
import { marshalIndentGo, parseJson } from './json.js';
import { REQUEST_FIELD_NAMES, type OptionSpeller } from './options.js';

export const ENV_NAME = /^[a-zA-Z0-9\-()_.]{1,64}$/;
const GITIGNORE = '# .azure is not intended to be committed\n*';
/** Keys azd's EnsureEnv copies from the OS environment into a new environment. */
const SEEDED_KEYS = ['AZURE_LOCATION', 'AZURE_SUBSCRIPTION_ID'] as const;

/** A `.env` we create is private to its user, as azd's temp-file-and-rename leaves it (os.CreateTemp: 0600). */
const NEW_DOTENV_MODE = 0o600;

type OsEnv = Readonly<Record<string, string | undefined>>;

export interface SkippedKey {
  key: string;
  reason: string;
}

/** The environment name: explicit, else AZURE_ENV_NAME, else `.azure/config.json` defaultEnvironment. */
export async function selectEnvironmentName(
  root: string,
  explicit: string | undefined,
  osEnv: OsEnv,
  names: OptionSpeller = REQUEST_FIELD_NAMES,
): Promise<string> {
  const fromInput = explicit?.trim();
  const fromOs = osEnv.AZURE_ENV_NAME?.trim();
  let name = fromInput || fromOs;
  let source = fromInput ? names.option('environment') : 'AZURE_ENV_NAME';
  if (!name) {
    const file = path.join(root, '.azure', 'config.json');
    const text = await readTextFile(file, { what: 'azd configuration', maxBytes: MiB, code: 'CONFIG_INVALID' });
    if (text !== undefined) {
      const config = parseJson(text, file, 'azd configuration');
      const value =
        typeof config === 'object' && config !== null
          ? (config as Record<string, unknown>).defaultEnvironment
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
      message:
        'No azd environment selected: no environment was given, AZURE_ENV_NAME is not set, and .azure/config.json names no default.',
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

export interface OpenOptions {
  /** Create the environment when it does not exist (provision, down); else it must exist. */
  create: boolean;
  /** Write to disk at all; false keeps every change in memory. */
  persist: boolean;
  osEnv: OsEnv;
  /** Ends a wait for the environment's lock, and where to say that we wait (DESIGN section 7). */
  lock?: EnvLockOptions;
}

export class AzdEnvironment {
  readonly dir: string;
  readonly dotenvFile: string;
  readonly configFile: string;
  /** The values as last read from disk (plus our own changes when not persisting). */
  values: EnvValues = new Map();
  private onDisk = false;
  /** Changes kept in memory when not persisting, re-applied over each reload. */
  private readonly pending = new Map<string, string>();
  private readonly pendingRemoved = new Set<string>();
  /** The last text read or written, and its values. */
  private parsed: { text: string; values: EnvValues } | undefined;
  private readonly lock: EnvLock;

  private constructor(
    readonly root: string,
    readonly name: string,
    private readonly persist: boolean,
    lock: EnvLockOptions = {},
  ) {
    this.dir = path.join(root, '.azure', name);
    this.dotenvFile = path.join(this.dir, '.env');
    this.configFile = path.join(this.dir, 'config.json');
    this.lock = new EnvLock(this.dir, `the azd environment "${name}"`, lock);
  }

  /** True when `.azure/<name>` exists. */
  get exists(): boolean {
    return this.onDisk;
  }

  static async open(root: string, name: string, options: OpenOptions): Promise<AzdEnvironment> {
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
    const initial: EnvValues = new Map([['AZURE_ENV_NAME', name]]);
    for (const key of SEEDED_KEYS) {
      const value = options.osEnv[key];
      if (value) initial.set(key, value);
    }
    env.values = initial;
    if (options.persist) await env.create(initial);
    return env;
  }

  /** Creates `.azure/<name>/` as azd does under --no-prompt; the new environment becomes the default. */
  private async create(initial: EnvValues): Promise<void> {
    const azure = path.dirname(this.dir);
    await fs.mkdir(this.dir, { recursive: true });
    const gitignore = path.join(azure, '.gitignore');
    if (!(await exists(gitignore))) await writeFileAtomic(gitignore, GITIGNORE);
    await writeFileAtomic(
      path.join(azure, 'config.json'),
      JSON.stringify({ version: 1, defaultEnvironment: this.name }),
    );
    await this.withLock(async () => {
      // Under the lock, as azd writes it, and only when missing: a run racing us may have recorded outputs in it.
      if (!(await exists(this.configFile))) await writeFileAtomic(this.configFile, '{}');
      const current = await this.read();
      for (const [k, v] of initial) if (!current.has(k)) current.set(k, v);
      await writeFileAtomic(this.dotenvFile, formatDotenv(current), { mode: NEW_DOTENV_MODE });
      this.values = current;
    });
    this.onDisk = true;
  }

  /** Reads `.env` again (a script may have changed it). */
  async reload(): Promise<EnvValues> {
    if (!this.persist && !this.onDisk) return this.values;
    const fresh = await this.read();
    if (!this.persist) {
      for (const k of this.pendingRemoved) fresh.delete(k);
      for (const [k, v] of this.pending) fresh.set(k, v);
    }
    this.values = fresh;
    return fresh;
  }

  /**
   * `.env` as it is on disk now. The file is read before every script, but parsed again only when its bytes
   * changed: a large environment then costs one read per script, not one parse.
   */
  private async read(): Promise<EnvValues> {
    const text = await readTextFile(this.dotenvFile, {
      what: 'azd environment file',
      maxBytes: 64 * MiB,
      code: 'DOTENV_INVALID',
    });
    if (text === undefined) return new Map();
    if (text !== this.parsed?.text) this.parsed = { text, values: parseDotenvFile(text, this.dotenvFile) };
    return new Map(this.parsed.values);
  }

  private remember(text: string, values: EnvValues): void {
    this.parsed = { text, values: new Map(values) };
  }

  /**
   * Applies `set` and `remove` on top of what is on disk now. A value azd could not read back is not written
   * (returned as skipped); a file we cannot parse is left untouched and the save fails.
   */
  async save(changes: { set?: ReadonlyMap<string, string>; remove?: Iterable<string> }): Promise<SkippedKey[]> {
    const skipped: SkippedKey[] = [];
    const set = new Map<string, string>();
    for (const [key, value] of changes.set ?? []) {
      const reason = unsavableReason(key, value);
      if (reason) skipped.push({ key, reason });
      else set.set(key, value);
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
    if (set.size === 0 && remove.length === 0) return skipped;
    await fs.mkdir(this.dir, { recursive: true });
    await this.withLock(async () => {
      const current = await this.read();
      for (const key of remove) current.delete(key);
      for (const [k, v] of set) current.set(k, v);
      const [unsavable] = await this.unsavable(current, set);
      if (unsavable) throw unsavable;
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
  async unsavableValues(): Promise<ScriptsError[]> {
    if (!this.onDisk) return [];
    return this.unsavable(await this.read(), new Map());
  }

  private async unsavable(values: EnvValues, except: ReadonlyMap<string, string>): Promise<ScriptsError[]> {
    const errors: ScriptsError[] = [];
    for (const [key, value] of values) {
      const reason = except.has(key) || key === '' ? undefined : unsavableReason(key, value);
      if (!reason) continue;
      const line = await this.lineOf(key);
      const at = line === undefined ? this.dotenvFile : `${this.dotenvFile}:${line}`;
      errors.push(
        new ScriptsError({
          code: 'DOTENV_UNSAVABLE',
          message: `${at}: the existing value of ${key} cannot be written back: ${reason}.`,
          hint: `Change or remove ${key} in ${this.dotenvFile} (azd would corrupt the file saving it too). The file was left unchanged.`,
          file: this.dotenvFile,
          ...(line === undefined ? {} : { line }),
        }),
      );
    }
    return errors;
  }

  /** The 1-based line where `key` is last assigned in `.env`, for messages. */
  async lineOf(key: string): Promise<number | undefined> {
    const text = await readTextFile(this.dotenvFile, { what: 'azd environment file', maxBytes: 64 * MiB });
    if (text === undefined) return undefined;
    const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern = new RegExp(`^\\s*(export\\s+)?${escaped}\\s*[=:]`);
    const lines = text.split('\n');
    for (let i = lines.length - 1; i >= 0; i--) if (pattern.test(lines[i]!)) return i + 1;
    return undefined;
  }

  /** `.azure/<env>/config.json` as an object ({} when missing). */
  async readConfig(): Promise<Record<string, unknown>> {
    const text = await readTextFile(this.configFile, {
      what: 'environment configuration',
      maxBytes: 16 * MiB,
      code: 'CONFIG_INVALID',
    });
    if (text === undefined) return {};
    const data = parseJson(text, this.configFile, 'environment configuration');
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      throw new ScriptsError({
        code: 'CONFIG_INVALID',
        message: `${this.configFile}: the environment configuration must be a JSON object.`,
        hint: `Fix ${this.configFile} (azd reads it too), or replace it with {}.`,
        file: this.configFile,
      });
    }
    return data as Record<string, unknown>;
  }

  /**
   * Changes config.json under the lock, on top of what it holds now, keeping every key `change` leaves alone
   * (records.ts keeps provision's records there). `change` returns false when it changed nothing.
   */
  async updateConfig(change: (config: Record<string, unknown>) => boolean): Promise<void> {
    if (!this.persist) return;
    await fs.mkdir(this.dir, { recursive: true });
    await this.withLock(async () => {
      const config = await this.readConfig();
      if (change(config)) await writeFileAtomic(this.configFile, marshalIndentGo(config));
    });
  }

  private withLock<T>(fn: () => Promise<T>): Promise<T> {
    return this.lock.run(fn);
  }
}

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await fs.stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.lstat(file);
    return true;
  } catch {
    return false;
  }
}
