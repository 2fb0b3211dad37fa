/**
 * The one contract between hosts and the engine: a host turns its inputs into a Request, the engine returns a
 * Result, and the host renders it (step outputs, output variables, a summary, an exit status).
 */
import type { ScriptsErrorData, Location } from './errors.js';
import type { Shell } from './shells.js';

/** What `preview` says about what it cannot know (PRD REQ-5.3). */
export const PREVIEW_NOTE =
  'Scripts cannot predict infrastructure changes: this lists what would run and with which values, not what it would change.';

export const COMMANDS = ['provision', 'down', 'preview', 'state'] as const;
export type Command = (typeof COMMANDS)[number];

export interface Request {
  command: Command;
  /** Where to start looking for azure.yaml (absolute). */
  cwd: string;
  /** Explicit environment name; else AZURE_ENV_NAME, else `.azure/config.json` defaultEnvironment. */
  environment?: string;
  /** Parameter values given by the caller: the highest-priority source of a parameter's value. */
  parameters: ReadonlyMap<string, string>;
  /** `down` without asking. */
  force: boolean;
  /** `down --purge`: scripts see AZD_PURGE=true. */
  purge: boolean;
  /** How many trailing lines of a failed script's stderr go into the error. */
  stderrLines: number;
  /** Write outputs and parameter values to `.azure/<env>/`; false writes nothing there. */
  persist: boolean;
  /** Output names whose values are masked in logs and treated as secrets by hosts (still saved to .env). */
  maskedOutputs: ReadonlySet<string>;
  /** May the engine ask questions (host.prompt)? Never in CI. */
  interactive: boolean;
  /**
   * The OS environment scripts inherit (lowest layer). A host passes it explicitly because some SDKs edit
   * process.env on import (task-lib deletes INPUT_* and SECRET_*).
   */
  env: Readonly<Record<string, string | undefined>>;
}

export type RunStatus = 'succeeded' | 'failed' | 'cancelled';
export type ScriptStatus = 'succeeded' | 'failed' | 'cancelled' | 'not-run';

export interface ScriptRun {
  name: string;
  shell: Shell;
  /** The script path as written in azure.yaml. */
  path: string;
  status: ScriptStatus;
  continueOnError: boolean;
  exitCode?: number;
  signal?: string;
  durationMs?: number;
  /** The kept tail of stderr, secrets redacted (only for a failed script). */
  stderrTail?: string;
}

export interface OutputValue {
  value: string;
  /** A securestring/secureobject output: masked, and never written to disk. */
  secret: boolean;
  /** Hidden in logs, summaries and JSON (secret, or named in maskedOutputs). */
  masked: boolean;
  /** The type written in outputs.json (or `string` for state read back from .env). */
  type: string;
  /** Written to `.env` by this run (a failed or cancelled run reports only these as kept). */
  saved?: boolean;
}

export type ParameterSource = 'request' | 'interpolated' | 'literal' | 'azd-env' | 'os-env' | 'prompt';

export interface PlannedParameter {
  key: string;
  /** `***` for secrets; a secret inside any other value is `***` too (the plan is built redacted). */
  value: string;
  secret: boolean;
  source: ParameterSource;
  /** Parameter files (relative to the project root) that declare it; empty for request-only values. */
  files: string[];
}

export interface Plan {
  scripts: Array<{
    name: string;
    shell: Shell;
    path: string;
    parameters?: string;
    continueOnError: boolean;
    /** The entry's env templates as written (secrets redacted), by key. */
    env?: Record<string, string>;
    /** The entry's secrets keys; their values are never shown. */
    secrets?: string[];
  }>;
  parameters: PlannedParameter[];
  note: string;
}

export interface Warning extends Location {
  message: string;
}

export interface Result {
  command: Command;
  status: RunStatus;
  /** The environment name used (undefined when the run failed before choosing one). */
  environment?: string;
  /** The folder of azure.yaml (undefined when not found). */
  projectRoot?: string;
  scripts: ScriptRun[];
  /** Every output collected (provision) or recorded (state), in the order first seen. */
  outputs: Map<string, OutputValue>;
  warnings: Warning[];
  /** `preview` only. */
  plan?: Plan;
  /** Wall-clock time of the whole run, checks included (the closing line's total). */
  durationMs?: number;
  error?: ScriptsErrorData;
}
