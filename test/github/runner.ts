/**
 * A stand-in for the GitHub Actions runner, enough to run the BUILT action bundle (dist/action/index.js) the way
 * a workflow step runs it (PLATFORM-FACTS "GitHub Actions runner"):
 * - inputs as `INPUT_<NAME>` (upper-cased, spaces to `_`, hyphens kept), every input with a `default` in
 *   action.yml set to that default unless the test gives a value;
 * - fresh `GITHUB_OUTPUT` / `GITHUB_ENV` / `GITHUB_STEP_SUMMARY` files, read after the step ends with the
 *   runner's rules (`NAME=VALUE` lines and `NAME<<DELIM` … `DELIM` heredocs, split on LF only; NODE_OPTIONS
 *   refused in GITHUB_ENV);
 * - `GITHUB_WORKSPACE` set and used as the step's working directory;
 * - a minimal environment (PATH, HOME, plus what the test gives);
 * - stdout read as the runner reads it: a line whose text (after leading whitespace) starts with `::` and names a
 *   known command is a workflow command, `%0A`/`%0D`/`%25` (and in properties `%3A`/`%2C`) unescaped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { ROOT, tempDir } from '../helpers.js';

export const ACTION_BUNDLE = path.join(ROOT, 'dist', 'action', 'index.js');
const ACTION_YML = path.join(ROOT, 'action.yml');

/** The commands the runner knows (ActionCommandManager's registered commands); others are plain text. */
const KNOWN_COMMANDS = new Set([
  'add-mask',
  'add-matcher',
  'remove-matcher',
  'debug',
  'notice',
  'warning',
  'error',
  'group',
  'endgroup',
  'echo',
  'stop-commands',
  'save-state',
  'set-output',
  'set-env',
  'add-path',
]);

// ---------------------------------------------------------------------------------------------------------------
// Inputs

interface ActionInputSpec {
  description?: string;
  required?: boolean;
  default?: string | number | boolean;
}

/** The inputs declared in action.yml, name → spec. */
export function actionInputs(): Record<string, ActionInputSpec> {
  const doc = parseYaml(readFileSync(ACTION_YML, 'utf8')) as { inputs?: Record<string, ActionInputSpec> };
  return doc.inputs ?? {};
}

/** The runner's env var name for an input: upper-cased, spaces to `_`, hyphens kept. */
export function inputVariable(name: string): string {
  return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;
}

/**
 * `INPUT_*` variables as the runner sets them: every declared input that has a default gets it, then `given`
 * overrides. An input action.yml does not declare is a mistake in the test (the runner would only warn).
 */
export function inputEnvironment(given: Record<string, string> = {}): Record<string, string> {
  const declared = actionInputs();
  const env: Record<string, string> = {};
  for (const [name, spec] of Object.entries(declared)) {
    if (spec.default !== undefined && spec.default !== null) env[inputVariable(name)] = String(spec.default);
  }
  for (const [name, value] of Object.entries(given)) {
    if (!(name in declared)) throw new Error(`action.yml declares no input "${name}"`);
    env[inputVariable(name)] = value;
  }
  return env;
}

// ---------------------------------------------------------------------------------------------------------------
// File commands (GITHUB_OUTPUT, GITHUB_ENV)

/**
 * Parses a GITHUB_OUTPUT / GITHUB_ENV file as the runner's SetEnvFileCommand does (Linux): lines end at LF;
 * empty lines are skipped; `NAME=VALUE` when `=` comes before any `<<`, else `NAME<<DELIM` and the value is the
 * text up to the next line that equals DELIM exactly. Anything else, a missing delimiter, or a refused name
 * throws, as the runner fails the step.
 */
export function parseFileCommands(text: string, options: { refuse?: string[] } = {}): Map<string, string> {
  const values = new Map<string, string>();
  let index = 0;
  const readLine = (): string | undefined => {
    if (index >= text.length) return undefined;
    const lf = text.indexOf('\n', index);
    const start = index;
    if (lf < 0) {
      index = text.length;
      return text.slice(start);
    }
    index = lf + 1;
    return text.slice(start, lf);
  };
  const set = (name: string, value: string): void => {
    if (options.refuse?.includes(name.toUpperCase())) throw new Error(`The runner refuses ${name} in this file`);
    values.set(name, value);
  };
  for (let line = readLine(); line !== undefined; line = readLine()) {
    if (line === '') continue;
    const eq = line.indexOf('=');
    const heredoc = line.indexOf('<<');
    if (eq >= 0 && (heredoc < 0 || eq < heredoc)) {
      const name = line.slice(0, eq);
      if (!name) throw new Error(`Invalid format '${line}': empty name`);
      set(name, line.slice(eq + 1));
    } else if (heredoc >= 0) {
      const name = line.slice(0, heredoc);
      const delimiter = line.slice(heredoc + 2);
      if (!name || !delimiter) throw new Error(`Invalid format '${line}': empty name or delimiter`);
      const start = index;
      let end = index;
      for (let next = readLine(); next !== delimiter; next = readLine()) {
        if (next === undefined) throw new Error(`Matching delimiter not found '${delimiter}'`);
        end = index - (text[index - 1] === '\n' ? 1 : 0);
      }
      set(name, end > start ? text.slice(start, end) : '');
    } else {
      throw new Error(`Invalid format '${line}'`);
    }
  }
  return values;
}

// ---------------------------------------------------------------------------------------------------------------
// Workflow commands on stdout

export interface WorkflowCommand {
  command: string;
  properties: Record<string, string>;
  data: string;
}

export interface LogEntry {
  /** Position in the step log (stdout lines, in order). */
  index: number;
  /** The line as printed (without its line break). */
  raw: string;
  /** Set when the line is a workflow command. */
  command?: WorkflowCommand;
}

function unescapeData(s: string): string {
  return s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
}

function unescapeProperty(s: string): string {
  return s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
}

/** One line as the runner's ActionCommand.TryParseV2 reads it; undefined for plain text. */
export function parseWorkflowCommand(line: string): WorkflowCommand | undefined {
  const message = line.trimStart();
  if (!message.startsWith('::')) return undefined;
  const end = message.indexOf('::', 2);
  if (end < 0) return undefined;
  const info = message.slice(2, end);
  const space = info.indexOf(' ');
  const command = space < 0 ? info : info.slice(0, space);
  if (!KNOWN_COMMANDS.has(command)) return undefined;
  const properties: Record<string, string> = {};
  if (space > 0) {
    for (const pair of info
      .slice(space + 1)
      .trim()
      .split(',')
      .filter(Boolean)) {
      const eq = pair.indexOf('=');
      if (eq > 0 && eq < pair.length - 1) properties[pair.slice(0, eq)] = unescapeProperty(pair.slice(eq + 1));
    }
  }
  return { command, properties, data: unescapeData(message.slice(end + 2)) };
}

export function parseLog(stdout: string): LogEntry[] {
  const lines = stdout.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((raw, index) => {
    const line = raw.replace(/\r$/, '');
    const command = parseWorkflowCommand(line);
    return command ? { index, raw: line, command } : { index, raw: line };
  });
}

export interface LogGroup {
  title: string;
  /** Index of the `::group::` line. */
  start: number;
  /** Index of the line that closed it (`::endgroup::` or the next `::group::`); -1 when never closed. */
  end: number;
  /** Plain lines inside the group. */
  lines: string[];
}

/** Groups as the runner shows them: they cannot nest, a new `::group::` closes the open one. */
export function groupsOf(log: LogEntry[]): LogGroup[] {
  const groups: LogGroup[] = [];
  let open: LogGroup | undefined;
  for (const entry of log) {
    const c = entry.command?.command;
    if (c === 'group' || c === 'endgroup') {
      if (open) open.end = entry.index;
      open = undefined;
      if (c === 'group') {
        open = { title: entry.command!.data, start: entry.index, end: -1, lines: [] };
        groups.push(open);
      }
    } else if (open && !entry.command) {
      open.lines.push(entry.raw);
    }
  }
  return groups;
}

export interface Annotation {
  kind: 'error' | 'warning' | 'notice';
  index: number;
  message: string;
  file?: string;
  line?: string;
  col?: string;
  title?: string;
  properties: Record<string, string>;
}

// ---------------------------------------------------------------------------------------------------------------
// Running the bundle

export interface ActionOptions {
  /** GITHUB_WORKSPACE, and the step's working directory. */
  workspace: string;
  /** Input values by their action.yml name; the rest take their defaults. */
  inputs?: Record<string, string>;
  /** Extra environment (the step's `env:`). */
  env?: Record<string, string>;
  timeoutMs?: number;
}

export interface ActionRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** How long the process ran (ms). */
  durationMs: number;
  log: LogEntry[];
  /** `::add-mask::` values, in order. */
  masks: string[];
  groups: LogGroup[];
  annotations: Annotation[];
  errors: Annotation[];
  warnings: Annotation[];
  /** GITHUB_OUTPUT as the runner reads it. */
  outputs: Map<string, string>;
  /** GITHUB_ENV as the runner reads it. */
  exported: Map<string, string>;
  /** GITHUB_STEP_SUMMARY's content. */
  summary: string;
  files: { output: string; env: string; summary: string };
}

export interface RunningAction {
  child: ChildProcess;
  /** Output so far. */
  stdout(): string;
  done: Promise<ActionRun>;
}

/** Starts `node dist/action/index.js` as the runner does; `done` settles when it exits. */
export function startAction(options: ActionOptions): RunningAction {
  const dir = tempDir('azd-scripts-runner-');
  const files = {
    output: path.join(dir, 'set_output'),
    env: path.join(dir, 'set_env'),
    summary: path.join(dir, 'step_summary'),
  };
  for (const file of Object.values(files)) writeFileSync(file, '');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_OUTPUT: files.output,
    GITHUB_ENV: files.env,
    GITHUB_STEP_SUMMARY: files.summary,
    RUNNER_TEMP: dir,
    ...inputEnvironment(options.inputs),
    ...options.env,
  };
  const started = Date.now();
  const child = spawn(process.execPath, [ACTION_BUNDLE], {
    cwd: options.workspace,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const done = new Promise<ActionRun>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the action timed out\nstdout:\n${stdout}\nstderr:\n${stderr}`));
    }, options.timeoutMs ?? 30_000);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const durationMs = Date.now() - started;
      try {
        resolve(collect({ code, signal, stdout, stderr, durationMs, files }));
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  });
  return { child, stdout: () => stdout, done };
}

/** Runs the action to the end. */
export function runAction(options: ActionOptions): Promise<ActionRun> {
  return startAction(options).done;
}

function collect(run: {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  durationMs: number;
  files: ActionRun['files'];
}): ActionRun {
  const log = parseLog(run.stdout);
  const annotations: Annotation[] = [];
  const masks: string[] = [];
  for (const entry of log) {
    const c = entry.command;
    if (!c) continue;
    if (c.command === 'add-mask') masks.push(c.data);
    if (c.command === 'error' || c.command === 'warning' || c.command === 'notice') {
      const a: Annotation = { kind: c.command, index: entry.index, message: c.data, properties: c.properties };
      for (const key of ['file', 'line', 'col', 'title'] as const) if (key in c.properties) a[key] = c.properties[key];
      annotations.push(a);
    }
  }
  const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
  return {
    ...run,
    log,
    masks,
    groups: groupsOf(log),
    annotations,
    errors: annotations.filter((a) => a.kind === 'error'),
    warnings: annotations.filter((a) => a.kind === 'warning'),
    outputs: parseFileCommands(read(run.files.output)),
    exported: parseFileCommands(read(run.files.env), { refuse: ['NODE_OPTIONS'] }),
    summary: read(run.files.summary),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Assertions about the log

/** Index of the first log line (other than an add-mask) that shows `text`, raw or after unescaping; -1 if none. */
export function firstShowing(run: ActionRun, text: string): number {
  for (const entry of run.log) {
    if (entry.command?.command === 'add-mask') continue;
    const shown = entry.command
      ? [entry.raw, entry.command.data, ...Object.values(entry.command.properties)]
      : [entry.raw];
    if (shown.some((s) => s.includes(text))) return entry.index;
  }
  return -1;
}

/** Index of the first `::add-mask::` of exactly `value`; -1 if none. */
export function maskIndex(run: ActionRun, value: string): number {
  const entry = run.log.find((e) => e.command?.command === 'add-mask' && e.command.data === value);
  return entry ? entry.index : -1;
}

/**
 * Problems with how `secret` is masked: each of its non-blank lines (and the whole value) must be registered
 * with `::add-mask::`, and the registration must come before any line of the log that could show it.
 */
export function maskProblems(run: ActionRun, secret: string): string[] {
  const problems: string[] = [];
  const pieces = [...new Set([secret, ...secret.split(/\r?\n/)])].filter((p) => p.trim() !== '');
  for (const piece of pieces) {
    const masked = maskIndex(run, piece);
    const shown = firstShowing(run, piece);
    if (masked < 0) problems.push(`${JSON.stringify(piece)} is never registered with ::add-mask::`);
    else if (shown >= 0 && shown < masked)
      problems.push(`${JSON.stringify(piece)} is shown at log line ${shown} before its ::add-mask:: at ${masked}`);
  }
  return problems;
}

/** The log as text, for assertion messages. */
export function describeRun(run: ActionRun): string {
  return `exit ${run.code} (signal ${run.signal})\n--- stdout\n${run.stdout}--- stderr\n${run.stderr}--- GITHUB_OUTPUT\n${readFileSync(run.files.output, 'utf8')}`;
}
