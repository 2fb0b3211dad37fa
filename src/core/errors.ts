/**
 * Errors as data. Every failure a user can cause is a ScriptsError: a stable code, a message that names
 * what is wrong, a hint that says what to do next, and where it is (file, line). Hosts decide how to show
 * it (a terminal line, a GitHub annotation, a logissue); the engine never prints a stack for user error.
 */

export type ErrorCode =
  | 'PROJECT_NOT_FOUND'
  | 'PROJECT_INVALID'
  | 'PROVIDER_NOT_SCRIPTS'
  | 'VALIDATION_FAILED'
  | 'SCRIPT_NOT_FOUND'
  | 'PATH_OUTSIDE_PROJECT'
  | 'SHELL_UNKNOWN'
  | 'SHELL_NOT_FOUND'
  | 'PARAMETERS_INVALID'
  | 'PARAMETERS_UNRESOLVED'
  | 'PARAMETERS_CONFLICT'
  | 'ENVIRONMENT_NOT_SELECTED'
  | 'ENVIRONMENT_NAME_INVALID'
  | 'ENVIRONMENT_NOT_FOUND'
  | 'ENVIRONMENT_LOCKED'
  | 'DOTENV_INVALID'
  | 'DOTENV_UNSAVABLE'
  | 'ENV_TOO_LARGE'
  | 'CONFIG_INVALID'
  | 'OUTPUTS_INVALID'
  | 'SCRIPT_FAILED'
  | 'CANCELLED'
  | 'CONFIRMATION_REQUIRED'
  | 'DECLINED'
  | 'INPUT_INVALID'
  | 'FILE_TOO_LARGE'
  | 'IO_ERROR'
  | 'REMOTE_STATE_INVALID'
  | 'REMOTE_STATE_UNAVAILABLE'
  | 'REMOTE_STATE_DENIED'
  | 'INTERNAL';

export interface Location {
  /** Absolute path of the file at fault. */
  file?: string;
  /** 1-based line, when known. */
  line?: number;
  /** 1-based column, when known. */
  column?: number;
}

export interface ScriptsErrorData extends Location {
  code: ErrorCode;
  message: string;
  hint?: string;
  /** For an error that gathers several problems (validation): each problem on its own. */
  problems?: ScriptsErrorData[];
}

export class ScriptsError extends Error implements ScriptsErrorData {
  readonly code: ErrorCode;
  readonly hint?: string;
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly problems?: ScriptsErrorData[];

  constructor(data: ScriptsErrorData) {
    super(data.message);
    this.name = 'ScriptsError';
    this.code = data.code;
    if (data.hint !== undefined) this.hint = data.hint;
    if (data.file !== undefined) this.file = data.file;
    if (data.line !== undefined) this.line = data.line;
    if (data.column !== undefined) this.column = data.column;
    if (data.problems !== undefined) this.problems = data.problems;
  }

  toData(): ScriptsErrorData {
    const data: ScriptsErrorData = { code: this.code, message: this.message };
    if (this.hint !== undefined) data.hint = this.hint;
    if (this.file !== undefined) data.file = this.file;
    if (this.line !== undefined) data.line = this.line;
    if (this.column !== undefined) data.column = this.column;
    if (this.problems !== undefined) data.problems = this.problems;
    return data;
  }
}

/** Gathers problems so that validation can report all of them at once, in one error. */
export class Problems {
  readonly list: ScriptsErrorData[] = [];

  add(problem: ScriptsErrorData | ScriptsError): void {
    this.list.push(problem instanceof ScriptsError ? problem.toData() : problem);
  }

  /** Runs `fn`, recording a ScriptsError it throws instead of letting it escape. */
  async collect<T>(fn: () => Promise<T> | T): Promise<T | undefined> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof ScriptsError) {
        if (err.code === 'VALIDATION_FAILED' && err.problems) err.problems.forEach((p) => this.add(p));
        else this.add(err);
        return undefined;
      }
      throw err;
    }
  }

  get empty(): boolean {
    return this.list.length === 0;
  }

  /** Throws one error listing every problem, or nothing when there is none. */
  throwIfAny(what: string): void {
    if (this.list.length === 0) return;
    if (this.list.length === 1) throw new ScriptsError(this.list[0]!);
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
export function locatedError(
  where: Location,
  code: ErrorCode,
  message: string,
  hint: string,
): ScriptsErrorData & Location {
  return { code, message: `${formatLocation(where)}${message}`, hint, ...where };
}

/** `file:line:column: ` when known, else an empty string. */
export function formatLocation(loc: Location, relativeTo?: (file: string) => string): string {
  if (!loc.file) return '';
  const file = relativeTo ? relativeTo(loc.file) : loc.file;
  if (loc.line === undefined) return `${file}: `;
  if (loc.column === undefined) return `${file}:${loc.line}: `;
  return `${file}:${loc.line}:${loc.column}: `;
}

/** Turns anything thrown into a ScriptsError; an unexpected error keeps its message but is marked INTERNAL. */
export function toScriptsError(err: unknown): ScriptsError {
  if (err instanceof ScriptsError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new ScriptsError({
    code: 'INTERNAL',
    message: `Unexpected error: ${message}`,
    hint: 'This is a bug in azd-scripts; please report it with the command you ran.',
  });
}

/** Closest candidate by edit distance, for did-you-mean hints; undefined when nothing is close. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
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
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => {
    const row = new Array<number>(cols).fill(0);
    row[0] = i;
    return row;
  });
  for (let j = 0; j < cols; j++) d[0]![j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}
