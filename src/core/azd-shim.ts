/**
 * Our stand-in for `azd` (DESIGN section 7), put on the scripts' PATH when no azd is installed, so hook-style
 * scripts that call `azd env set` / `azd env get-value` / `azd env get-values` work anyway. It answers those three
 * commands as azd's cmd/env.go does (same forms, same stdout, same exit codes) through the same store, lock and
 * .env format as the engine; every other command fails and says what this stand-in does and does not do.
 *
 * Host-neutral: it returns what to print and the exit code; src/main/azd-shim.ts writes them out.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { marshalGodotenv, parseDotenvFile, unsavableReason, type EnvValues } from './dotenv.js';
import { AzdEnvironment, selectEnvironmentName } from './environment.js';
import { ScriptsError } from './errors.js';
import { marshalIndentGo } from './json.js';

/** The project root we set for scripts; `--cwd` overrides it, as azd's own search from --cwd would. */
export const SHIM_ROOT_VAR = 'AZD_SCRIPTS_SHIM_ROOT';

export interface ShimResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

type OsEnv = Readonly<Record<string, string | undefined>>;

const SUPPORTED = ['env set', 'env get-value', 'env get-values'] as const;
type Supported = (typeof SUPPORTED)[number];

/** Flags taking a value, long name → shorthand (azd's global --cwd/-C, EnvFlag's -e, get-values' -o, set's --file). */
const VALUE_FLAGS: Record<string, string | undefined> = { cwd: 'C', environment: 'e', output: 'o', file: undefined };
/** Boolean global flags azd accepts everywhere; they change nothing here. */
const BOOL_FLAGS: Record<string, string | undefined> = { 'no-prompt': undefined, debug: undefined, help: 'h' };
/** Which command accepts which command-specific flag (pflag rejects the rest as unknown). */
const COMMAND_FLAGS: Record<Supported, string[]> = {
  'env set': ['file'],
  'env get-value': [],
  'env get-values': ['output'],
};

const UNSUPPORTED_HINT =
  'This is the azd stand-in of azd-scripts, put on PATH because no azd is installed. It supports only ' +
  '`azd env set`, `azd env get-value` and `azd env get-values` (with -e/--environment, -C/--cwd, and ' +
  '--output json|dotenv for get-values), on the .azure/<env>/.env of the project being provisioned. ' +
  'Install azd (https://aka.ms/azd-install) to use any other azd command from a script.';

/** An error printed the way azd's UX middleware prints it. */
class AzdError extends Error {
  constructor(
    message: string,
    readonly suggestion?: string,
  ) {
    super(message);
  }
}

interface Parsed {
  positional: string[];
  flags: Map<string, string>;
}

export async function runAzdShim(argv: readonly string[], env: OsEnv, cwd: string): Promise<ShimResult> {
  const out: ShimResult = { stdout: '', stderr: '', exitCode: 0 };
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
      if (format !== 'dotenv' && format !== 'json') throw new AzdError(`unsupported format '${format}' for --output`);
      json = format === 'json';
      out.stdout = await getValues(args, parsed.flags, env, cwd, json);
    } else if (command === 'env get-value') {
      out.stdout = await getValue(args, parsed.flags, env, cwd);
    } else {
      out.stdout = await set(args, parsed.flags, env, cwd);
    }
  } catch (err) {
    out.exitCode = 1;
    const error = err instanceof AzdError ? err : new AzdError(describe(err));
    if (json) out.stderr += jsonError(error);
    else out.stdout += textError(error);
  }
  return out;
}

function isSupported(command: string): command is Supported {
  return (SUPPORTED as readonly string[]).includes(command);
}

/** pflag's parsing: `--name value`, `--name=value`, `-x value`, `-xvalue`, `-x=value`, `--` ends the flags. */
function parseArgs(argv: readonly string[]): Parsed {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = arg.slice(2, eq === -1 ? undefined : eq);
      if (name in VALUE_FLAGS) {
        if (eq !== -1) flags.set(name, arg.slice(eq + 1));
        else if (i + 1 < argv.length) flags.set(name, argv[++i]!);
        else throw new AzdError(`flag needs an argument: --${name}`);
      } else if (name in BOOL_FLAGS) {
        flags.set(name, 'true');
      } else {
        throw new AzdError(`unknown flag: --${name}`);
      }
    } else if (arg.startsWith('-') && arg.length > 1) {
      const short = arg[1]!;
      const long = Object.keys(VALUE_FLAGS).find((k) => VALUE_FLAGS[k] === short);
      if (long) {
        const rest = arg.slice(2);
        if (rest) flags.set(long, rest.startsWith('=') ? rest.slice(1) : rest);
        else if (i + 1 < argv.length) flags.set(long, argv[++i]!);
        else throw new AzdError(`flag needs an argument: '${short}' in -${short}`);
      } else if (short === 'h' && arg.length === 2) {
        flags.set('help', 'true');
      } else {
        throw new AzdError(`unknown shorthand flag: '${short}' in ${arg}`);
      }
    } else {
      positional.push(arg);
    }
  }
  return { positional, flags };
}

/** The project root: found upward from --cwd as azd does, else the one we set for scripts, else upward from cwd. */
async function projectRoot(flags: Map<string, string>, env: OsEnv, cwd: string): Promise<string> {
  const fromFlag = flags.get('cwd');
  if (fromFlag === undefined && env[SHIM_ROOT_VAR]) return env[SHIM_ROOT_VAR];
  let dir = path.resolve(cwd, fromFlag ?? '.');
  for (;;) {
    for (const name of ['azure.yaml', 'azure.yml']) {
      const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
      if (stat && !stat.isDirectory()) return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new AzdError('no project exists; to create a new project, run `azd init`');
    dir = parent;
  }
}

/** The environment azd's EnvFlag picks: -e, else AZURE_ENV_NAME, else the project's default environment. */
async function environmentName(root: string, flags: Map<string, string>, env: OsEnv): Promise<string> {
  return selectEnvironmentName(root, flags.get('environment'), env);
}

async function openExisting(
  flags: Map<string, string>,
  env: OsEnv,
  cwd: string,
  notFound: (name: string) => AzdError,
): Promise<AzdEnvironment> {
  const root = await projectRoot(flags, env, cwd);
  const name = await environmentName(root, flags, env);
  try {
    return await AzdEnvironment.open(root, name, { create: false, persist: true, osEnv: env });
  } catch (err) {
    if (err instanceof ScriptsError && err.code === 'ENVIRONMENT_NOT_FOUND') throw notFound(name);
    throw err;
  }
}

/** `azd env get-value <key>`: the value and a newline; a missing key is an error (exit 1). */
async function getValue(args: string[], flags: Map<string, string>, env: OsEnv, cwd: string): Promise<string> {
  if (args.length > 1) throw new AzdError(`accepts at most 1 arg(s), received ${args.length}`);
  const key = args[0];
  if (key === undefined) {
    throw new AzdError('no key name provided', "Run 'azd env get-value <key>' specifying the key name.");
  }
  const azdEnv = await openExisting(
    flags,
    env,
    cwd,
    (name) =>
      new AzdError(
        `environment '${name}' does not exist: environment not found`,
        `Run 'azd env list' to see environments, or 'azd env new ${name}' to create it.`,
      ),
  );
  const value = azdEnv.values.get(key);
  if (value === undefined) {
    throw new AzdError(
      `key not found in environment values: '${key}'`,
      "Run 'azd env get-values' to see available keys, or 'azd env set <key> <value>' to set one.",
    );
  }
  return `${value}\n`;
}

/** `azd env get-values`: godotenv.Marshal of the whole .env (or MarshalIndent JSON), then a newline. */
async function getValues(
  args: string[],
  flags: Map<string, string>,
  env: OsEnv,
  cwd: string,
  json: boolean,
): Promise<string> {
  if (args.length > 0) throw new AzdError(`unknown command "${args[0]}" for "azd env get-values"`);
  const azdEnv = await openExisting(
    flags,
    env,
    cwd,
    () =>
      new AzdError(
        'environment does not exist: environment not found',
        "Run 'azd env new <name>' to create an environment.",
      ),
  );
  if (json) return `${marshalIndentGo(Object.fromEntries(azdEnv.values))}\n`;
  return `${marshalGodotenv(azdEnv.values)}\n`;
}

const NO_VALUES = new AzdError(
  'no environment values provided',
  "Provide values as 'azd env set <key> <value>', 'azd env set <key>=<value>', or 'azd env set --file <path>'.",
);

/** `azd env set KEY VALUE` | `KEY=VALUE ...` | `--file <path>`: merged into .env under the lock; prints nothing. */
async function set(args: string[], flags: Map<string, string>, env: OsEnv, cwd: string): Promise<string> {
  const values = new Map<string, string>();
  const file = flags.get('file');
  if (file) {
    if (args.length > 0) {
      throw new AzdError(
        'cannot combine --file flag with key-value arguments: invalid flag combination',
        "Use either '--file <path>' or '<key> <value>' arguments, not both.",
      );
    }
    // azd changes to --cwd before it runs the command, so a relative --file is taken from there.
    const full = path.resolve(cwd, flags.get('cwd') ?? '.', file);
    let text: string;
    try {
      text = await fs.readFile(full, 'utf8');
    } catch (err) {
      const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or directory' : describe(err);
      throw new AzdError(`failed to open file ${file}: open ${file}: ${reason}`);
    }
    try {
      for (const [k, v] of parseDotenvFile(text, full)) values.set(k, v);
    } catch (err) {
      throw new AzdError(`failed to parse file ${file}: ${describe(err)}`);
    }
  } else if (args.length === 0) {
    throw NO_VALUES;
  } else if (args.length === 2 && !args[0]!.includes('=')) {
    values.set(args[0]!, args[1]!);
  } else {
    for (const arg of args) {
      const eq = arg.indexOf('=');
      if (eq === -1) throw new AzdError(`invalid key=value format: ${arg}`);
      values.set(arg.slice(0, eq), arg.slice(eq + 1));
    }
  }
  if (values.size === 0) throw NO_VALUES;
  // Refuse before writing anything: azd would write such a value and then fail to read the whole file back.
  for (const [key, value] of values) {
    const reason = unsavableReason(key, value);
    if (reason) throw new AzdError(`cannot set ${key}: ${reason}`);
  }

  const root = await projectRoot(flags, env, cwd);
  const name = await environmentName(root, flags, env);
  const existed = await fs.stat(path.join(root, '.azure', name)).then(
    (s) => s.isDirectory(),
    () => false,
  );
  // azd creates a missing environment here (its LoadOrInitInteractive answers "yes" without a terminal).
  const azdEnv = await AzdEnvironment.open(root, name, { create: true, persist: true, osEnv: env });
  let printed = existed ? '' : `\nNew environment '${name}' created and set as default\n`;
  const seen: EnvValues = new Map(azdEnv.values);
  for (const [key, value] of values) {
    printed += caseConflictWarning(seen, key);
    seen.set(key, value);
  }
  await azdEnv.save({ set: values });
  return printed;
}

/** azd's warnKeyCaseConflicts: a key that differs from existing ones only in case is probably a typo. */
function caseConflictWarning(values: EnvValues, key: string): string {
  const conflicts = [...values.keys()]
    .filter((k) => k !== key && k.toLowerCase() === key.toLowerCase())
    .map((k) => `'${k}'`);
  if (conflicts.length === 0) return '';
  if (conflicts.length === 1) {
    return `WARNING: '${key}' already exists as ${conflicts[0]}. Did you mean to set ${conflicts[0]} instead?\n`;
  }
  conflicts.sort();
  return `WARNING: '${key}' already exists as ${listAsText(conflicts)}\n`;
}

/** ux.ListAsText: "a, b and c". */
function listAsText(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function describe(err: unknown): string {
  if (err instanceof ScriptsError) return err.hint ? `${err.message} ${err.hint}` : err.message;
  return err instanceof Error ? err.message : String(err);
}

/** azd's text-mode error: a blank line, `ERROR: …`, then `Suggestion: …` when it has one (all on stdout). */
function textError(error: AzdError): string {
  if (error.suggestion === undefined) return `\nERROR: ${error.message}\n`;
  return `\nERROR: ${error.message}\n\nSuggestion: ${error.suggestion}\n\n`;
}

/** azd under --output json: messages go to stderr as JSON, one per line. */
function jsonError(error: AzdError): string {
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
