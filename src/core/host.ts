/**
 * The Host port: all the engine may do to the outside world besides files and child processes. The CLI, the
 * GitHub Action and the Azure Pipelines task each implement it; the engine never knows which one it talks to.
 */
import type { Writable } from 'node:stream';
import type { Location } from './errors.js';
import type { OptionSpeller } from './options.js';

/** `option()` (OptionSpeller): how this host's user writes an option that an engine message mentions. */
export interface Host extends OptionSpeller {
  /** A line of our own: progress (PRD REQ-9.1) and notes. Never script output. */
  info(message: string): void;
  /** A warning, with the file it is about when there is one. */
  warning(message: string, location?: Location): void;
  /** Opens the log section that holds one script's output (`::group::`, `##[group]`, or just a title line). */
  startGroup(title: string): void;
  endGroup(): void;
  /** Registers a secret so the host's log hides it. Called before anything can print the value. */
  mask(secret: string): void;
  /** Where script stdout and stderr are forwarded, chunk by chunk, untouched. */
  readonly stdout: Writable;
  readonly stderr: Writable;
  /**
   * `inherit`: the script shares our terminal (stdin and foreground process group; CLI on a TTY only).
   * `closed`: stdin is EOF and the script gets a process group of its own (CI and every non-TTY run).
   */
  readonly scriptStdin: 'inherit' | 'closed';
  readonly cancellation: Cancellation;
  /** Present only where a person can answer (the CLI on a TTY). */
  readonly prompt?: Prompter;
}

export interface Prompter {
  confirm(message: string): Promise<boolean>;
  text(options: {
    message: string;
    secret: boolean;
    validate?: (value: string) => string | undefined;
  }): Promise<string>;
  select(options: { message: string; choices: Array<{ name: string; value: string }> }): Promise<string>;
}

export type CancelSignal = 'SIGINT' | 'SIGTERM';

/**
 * How a host tells the engine to stop. The first `cancel` aborts `signal` (the running script's process group
 * gets the same signal); each further `cancel` escalates (the group is killed at once).
 */
export class Cancellation {
  private readonly controller = new AbortController();
  private readonly escalations = new Set<() => void>();
  private received: CancelSignal | undefined;

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The first signal received, if any. */
  get reason(): CancelSignal | undefined {
    return this.received;
  }

  cancel(signal: CancelSignal): void {
    if (this.received === undefined) {
      this.received = signal;
      this.controller.abort(signal);
      return;
    }
    for (const listener of [...this.escalations]) listener();
  }

  onEscalate(listener: () => void): () => void {
    this.escalations.add(listener);
    return () => this.escalations.delete(listener);
  }
}
