/**
 * The one place the CLI reads its inputs: argv and the environment into a Request (DESIGN section 2).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { COMMANDS, type Request } from '../core/request.js';
import { closest } from '../core/errors.js';
import { InputError, parseCommand, parseLineCount, parseParameterPair } from '../hosts/inputs.js';
import { VERSION } from '../version.js';

export const HELP = `azd-scripts ${VERSION}: run an azd project's provisioning scripts (infra.provider: scripts)
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
} as const;

const ALL_COMMANDS = [...COMMANDS, 'help', 'version'];

/** An unknown command says which one was probably meant (`provison` → provision). */
function checkCommand(word: string): void {
  if (ALL_COMMANDS.includes(word)) return;
  const guess = closest(word, ALL_COMMANDS);
  throw new InputError(
    `Unknown command "${word}".${guess ? ` Did you mean "${guess}"?` : ''}`,
    `Commands: ${ALL_COMMANDS.join(', ')}. Run azd-scripts help for the options.`,
  );
}

/**
 * parseArgs' error, worded for a person: an unknown flag says which one was probably meant, by prefix first
 * (`--env` → --environment, as azd's own abbreviations read) and then by spelling (`--forse` → --force).
 */
function unknownOptionError(err: unknown): InputError {
  const message = err instanceof Error ? err.message.replace(/\. To specify a positional.*$/s, '.') : String(err);
  const code = (err as { code?: string }).code;
  const flag = /'(-[^']*)'/.exec(message)?.[1];
  if (code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || !flag) {
    return new InputError(message, 'Run azd-scripts help for the options.');
  }
  const name = flag.replace(/^-+/, '').split('=')[0]!;
  const longs = Object.keys(OPTIONS);
  const byPrefix = name.length >= 2 ? longs.filter((o) => o.startsWith(name.toLowerCase())) : [];
  const guess = byPrefix.length === 1 ? byPrefix[0] : closest(name, longs);
  return new InputError(
    `Unknown option ${flag.split('=')[0]}.${guess ? ` Did you mean --${guess}?` : ''}`,
    'Run azd-scripts help for the options.',
  );
}

/**
 * `-environment dev` would parse as `-e nvironment` and pick an environment nobody named; `-force` as an unknown
 * `-f`. A long option written with one dash is refused with the spelling meant, as azd (cobra) refuses it.
 */
function checkSingleDashLongOptions(argv: string[]): void {
  for (const arg of argv) {
    if (arg === '--') return;
    const name = /^-([a-z][a-z-]+)(?:=|$)/.exec(arg)?.[1];
    if (name && Object.hasOwn(OPTIONS, name)) {
      throw new InputError(
        `Unknown option ${arg.split('=')[0]}. Did you mean --${name}?`,
        'Run azd-scripts help for the options.',
      );
    }
  }
}

export interface CliSettings {
  request: Request;
  output: 'text' | 'json';
}

export interface Terminal {
  stdinTTY: boolean;
  stdoutTTY: boolean;
}

/** The one place the CLI reads its inputs: argv and the environment into a Request. */
export function readCliInputs(
  argv: string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
  terminal: Terminal,
): CliSettings | 'help' | 'version' {
  checkSingleDashLongOptions(argv);
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, strict: true, options: OPTIONS });
  } catch (err) {
    throw unknownOptionError(err);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (values.version) return 'version';
  // `help` and `version` are commands as well, as in azd (`azd help`, `azd version`).
  if (positionals[0] === 'help' && positionals.length <= 2) {
    if (positionals[1] !== undefined) checkCommand(positionals[1]);
    return 'help';
  }
  if (positionals[0] === 'version' && positionals.length === 1) return 'version';
  if (positionals.length > 1) {
    throw new InputError(
      `Expected one command, got "${positionals.join(' ')}".`,
      `Commands: ${ALL_COMMANDS.join(', ')}.`,
    );
  }
  if (positionals[0] !== undefined) checkCommand(positionals[0]);
  const command = parseCommand(positionals[0], 'the command');
  const output = values.output ?? 'text';
  if (output !== 'text' && output !== 'json')
    throw new InputError(`--output must be text or json, not "${output}".`, 'Use -o json for machine-readable output.');
  const parameters = new Map<string, string>();
  (values.param ?? []).forEach((pair, i) => {
    const [key, value] = parseParameterPair(pair, '--param', i + 1);
    parameters.set(key, value);
  });
  const interactive = !values['no-prompt'] && terminal.stdinTTY && terminal.stdoutTTY && !env.CI;
  const request: Request = {
    command,
    cwd: path.resolve(cwd, values.cwd ?? '.'),
    parameters,
    force: values.force ?? false,
    purge: values.purge ?? false,
    stderrLines: parseLineCount(values['stderr-lines'], '--stderr-lines', 50),
    persist: !values['no-persist'],
    maskedOutputs: new Set(),
    interactive,
    env,
  };
  if (values.environment !== undefined) request.environment = values.environment;
  return { request, output };
}
