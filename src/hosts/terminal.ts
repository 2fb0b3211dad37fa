/**
 * The CLI's Host: a person at a terminal (or a pipe). Our own lines go to stdout (stderr with --output json, so
 * stdout stays pure JSON); colour only on a TTY; prompts only when asked for and possible.
 */
import type { Writable } from 'node:stream';
import { terminalOptions } from './option-names.js';
import { Cancellation, type Host, type Prompter } from '../core/host.js';
import { ScriptsError, type Location } from '../core/errors.js';
import { Secrets } from '../core/secrets.js';
import { neutralizeCommands } from './neutralize.js';

export interface TerminalOptions {
  /** Where our own lines go. */
  log: NodeJS.WriteStream;
  /** Where warnings and errors go. */
  errors: NodeJS.WriteStream;
  /** Where script stdout goes (stderr with --output json). */
  scriptStdout: Writable;
  scriptStderr: Writable;
  scriptStdin: 'inherit' | 'closed';
  prompt: boolean;
  env: Readonly<Record<string, string | undefined>>;
}

export class TerminalHost implements Host {
  readonly cancellation = new Cancellation();
  readonly option = terminalOptions.option;
  readonly stdout: Writable;
  readonly stderr: Writable;
  readonly scriptStdin: 'inherit' | 'closed';
  readonly prompt?: Prompter;
  private readonly color: Colors;
  private readonly errorColor: Colors;
  private readonly secrets = new Secrets({ mask: () => undefined });

  constructor(private readonly options: TerminalOptions) {
    this.stdout = options.scriptStdout;
    this.stderr = options.scriptStderr;
    this.scriptStdin = options.scriptStdin;
    this.color = colors(options.log, options.env);
    this.errorColor = colors(options.errors, options.env);
    if (options.prompt) this.prompt = new InquirerPrompter();
  }

  info(raw: string): void {
    const message = neutralizeCommands(raw);
    const styled = /^(Running script|Completed|Collecting outputs from): /.test(message)
      ? this.color.bold(message)
      : message.startsWith('Failed: ')
        ? this.color.red(message)
        : message;
    this.options.log.write(`${styled}\n`);
  }

  warning(message: string, location?: Location): void {
    void location;
    this.options.errors.write(`${this.errorColor.yellow('warning:')} ${neutralizeCommands(message)}\n`);
  }

  startGroup(title: string): void {
    this.options.log.write(`${this.color.cyan(neutralizeCommands(title))}\n`);
  }

  endGroup(): void {}

  /**
   * A terminal has no log to mask: secrets are never printed by us, and values that hold one (an output built
   * from a secret parameter) are shown with it redacted.
   */
  mask(secret: string): void {
    this.secrets.add(secret);
  }

  redact(text: string): string {
    return this.secrets.redact(text);
  }

  error(message: string, hint?: string): void {
    this.options.errors.write(`${this.errorColor.red('error:')} ${neutralizeCommands(message)}\n`);
    if (hint) this.options.errors.write(`${this.errorColor.dim('hint:')} ${neutralizeCommands(hint)}\n`);
  }

  style(): Colors {
    return this.color;
  }
}

export interface Colors {
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
  yellow(s: string): string;
  cyan(s: string): string;
  green(s: string): string;
}

function colors(stream: NodeJS.WriteStream, env: Readonly<Record<string, string | undefined>>): Colors {
  const on = stream.isTTY === true && !env.NO_COLOR && env.TERM !== 'dumb';
  const wrap = (open: number, close: number) => (s: string) => (on ? `\u001b[${open}m${s}\u001b[${close}m` : s);
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
async function asked<T>(question: () => Promise<T>): Promise<T> {
  try {
    return await question();
  } catch (err) {
    if (err instanceof Error && err.name === 'ExitPromptError') {
      throw new ScriptsError({
        code: 'CANCELLED',
        message: 'Cancelled (Ctrl-C) at a prompt; no script was run.',
        hint: 'Run again to finish, or supply the values with --param.',
      });
    }
    throw err;
  }
}

/** Prompts through @inquirer/prompts, loaded only when a question is actually asked. */
class InquirerPrompter implements Prompter {
  async confirm(message: string): Promise<boolean> {
    const { confirm } = await import('@inquirer/prompts');
    return asked(() => confirm({ message, default: false }));
  }

  async text(options: {
    message: string;
    secret: boolean;
    validate?: (value: string) => string | undefined;
  }): Promise<string> {
    const { input, password } = await import('@inquirer/prompts');
    const validate = (value: string): string | true => options.validate?.(value) ?? true;
    return asked(() =>
      options.secret
        ? password({ message: options.message, mask: '*', validate })
        : input({ message: options.message, validate }),
    );
  }

  async select(options: { message: string; choices: Array<{ name: string; value: string }> }): Promise<string> {
    const { select } = await import('@inquirer/prompts');
    return asked(() => select({ message: options.message, choices: options.choices, pageSize: 15 }));
  }
}
