/**
 * A stand-in for the Azure Pipelines agent, enough to run the BUILT task bundle (task/dist/index.js) the way a
 * pipeline step runs it (PLATFORM-FACTS "Azure Pipelines"):
 * - inputs as `INPUT_<NAME>` (name upper-cased, `.` and spaces to `_`), EVERY input task.json declares set (the
 *   agent passes all of them, defaults filled in); `filePath` inputs translated as the agent does (empty → the
 *   sources directory, relative → joined to it);
 * - the agent's variables as environment (`AGENT_TEMPDIRECTORY`, `BUILD_SOURCESDIRECTORY`,
 *   `SYSTEM_DEFAULTWORKINGDIRECTORY`, `SYSTEM_TEAMPROJECT`, `TF_BUILD`, ...) plus what the test gives (pipeline
 *   variables, the step's `env:`), and nothing else from the test process;
 * - the task started with the sources directory as its working directory.
 *
 * Normal runs go through task-lib's MockTestRunner (`tr.nodePath = process.execPath`, never a Node version, or it
 * downloads Node). Its TaskMockRunner `require()`s the task, which cannot load our ESM bundle, so each run gets a
 * generated `.mjs` runner file that sets the environment, changes directory and `import()`s the bundle. Runs that
 * must be signalled mid-script (cancellation) spawn the bundle directly with the same environment.
 *
 * stdout is read as the agent reads it: a line holding `##vso[` is a logging command (`##vso[area.event
 * key=value;key=value]message`, values unescaped `%AZP25`→`%`, `%0D`→CR, `%0A`→LF, `%3B`→`;`, `%5D`→`]`); a line
 * starting with `##[` is a formatting command (`##[group]`, `##[endgroup]`, ...).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as ttm from 'azure-pipelines-task-lib/mock-test.js';
import { ROOT, tempDir } from '../helpers.js';

export const TASK_DIR = path.join(ROOT, 'task');
export const TASK_JSON = path.join(TASK_DIR, 'task.json');
export const TASK_BUNDLE = path.join(TASK_DIR, 'dist', 'index.js');

// ---------------------------------------------------------------------------------------------------------------
// task.json and inputs

export interface TaskInputSpec {
  name: string;
  type: string;
  label?: string;
  defaultValue?: string;
  required?: boolean;
  helpMarkDown?: string;
  visibleRule?: string;
  groupName?: string;
  options?: Record<string, string>;
}

export interface TaskJson {
  id: string;
  name: string;
  friendlyName: string;
  description?: string;
  minimumAgentVersion?: string;
  version: { Major: number; Minor: number; Patch: number };
  instanceNameFormat?: string;
  groups?: Array<{ name: string; displayName: string }>;
  inputs: TaskInputSpec[];
  outputVariables?: Array<{ name: string; description?: string }>;
  execution: Record<string, { target: string; argumentFormat?: string }>;
}

export function taskJson(): TaskJson {
  return JSON.parse(readFileSync(TASK_JSON, 'utf8')) as TaskJson;
}

/** The agent's (and task-lib's) environment name of an input: `INPUT_` + name, `.` and spaces to `_`, upper-cased. */
export function inputVariable(name: string): string {
  return `INPUT_${name.replace(/[. ]/g, '_').toUpperCase()}`;
}

/**
 * `INPUT_*` as the agent sets them: every declared input, the given value or its `defaultValue` (else empty);
 * `filePath` inputs translated against the sources directory. An undeclared input is a mistake in the test.
 */
export function inputEnvironment(given: Record<string, string>, sources: string): Record<string, string> {
  const declared = taskJson().inputs;
  for (const name of Object.keys(given)) {
    if (!declared.some((i) => i.name === name)) throw new Error(`task.json declares no input "${name}"`);
  }
  const env: Record<string, string> = {};
  for (const input of declared) {
    let value = given[input.name] ?? input.defaultValue ?? '';
    if (input.type === 'filePath') value = value.trim() ? path.resolve(sources, value) : sources;
    env[inputVariable(input.name)] = value;
  }
  return env;
}

export interface TaskOptions {
  /** Build.SourcesDirectory = System.DefaultWorkingDirectory, and the task's working directory. */
  sources: string;
  /** Input values by their task.json name; the others get their defaults. */
  inputs?: Record<string, string>;
  /** More environment: pipeline variables (as the agent maps them) and the step's `env:`. */
  env?: Record<string, string>;
  /** The runner kills the task after this long (ms). */
  timeoutMs?: number;
}

/** The whole environment the task process starts with. */
export function agentEnvironment(options: TaskOptions, agentTemp: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    TF_BUILD: 'True',
    AGENT_VERSION: '4.266.2',
    AGENT_OS: 'Linux',
    AGENT_TEMPDIRECTORY: agentTemp,
    AGENT_WORKFOLDER: path.dirname(options.sources),
    BUILD_SOURCESDIRECTORY: options.sources,
    SYSTEM_DEFAULTWORKINGDIRECTORY: options.sources,
    SYSTEM_TEAMPROJECT: 'azd-scripts-tests',
    SYSTEM_HOSTTYPE: 'build',
    ...inputEnvironment(options.inputs ?? {}, options.sources),
    ...options.env,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Logging commands

export interface VsoCommand {
  /** `area.event`, e.g. `task.setvariable`. */
  command: string;
  properties: Record<string, string>;
  message: string;
}

/** The agent's unescaping of logging-command values (properties and message alike); `%AZP25` last. */
export function unescapeVso(s: string): string {
  return s
    .replace(/%0D/g, '\r')
    .replace(/%0A/g, '\n')
    .replace(/%5D/g, ']')
    .replace(/%3B/g, ';')
    .replace(/%AZP25/g, '%');
}

/** A line as the agent's Command.TryParse reads it: the first `##vso[` anywhere in the line; undefined if none. */
export function parseVso(line: string): VsoCommand | undefined {
  const start = line.indexOf('##vso[');
  if (start < 0) return undefined;
  const end = line.indexOf(']', start);
  if (end < 0) return undefined;
  const info = line.slice(start + '##vso['.length, end);
  const space = info.indexOf(' ');
  const command = (space < 0 ? info : info.slice(0, space)).trim();
  if (!/^[A-Za-z]+\.[A-Za-z]+$/.test(command)) return undefined;
  const properties: Record<string, string> = {};
  if (space > 0) {
    for (const pair of info.slice(space + 1).split(';')) {
      if (!pair.trim()) continue;
      const eq = pair.indexOf('=');
      if (eq < 0) continue;
      properties[pair.slice(0, eq).trim()] = unescapeVso(pair.slice(eq + 1));
    }
  }
  return { command, properties, message: unescapeVso(line.slice(end + 1)) };
}

export interface LogEntry {
  /** Position in the step log (stdout lines, in order). */
  index: number;
  /** The line as printed (without its line break). */
  raw: string;
  vso?: VsoCommand;
  /** `##[name]text` formatting commands (group, endgroup, section, ...). */
  format?: { name: string; text: string };
}

export function parseLog(stdout: string): LogEntry[] {
  const lines = stdout.replace(/\r\n/g, '\n').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((raw, index) => {
    const vso = parseVso(raw);
    if (vso) return { index, raw, vso };
    const format = /^##\[([a-z]+)\](.*)$/.exec(raw);
    if (format) return { index, raw, format: { name: format[1]!, text: format[2]! } };
    return { index, raw };
  });
}

export interface LogGroup {
  title: string;
  /** Index of the `##[group]` line. */
  start: number;
  /** Index of the `##[endgroup]` (or next `##[group]`) line; -1 when never closed. */
  end: number;
  /** Plain lines inside the group. */
  lines: string[];
}

/** `##[group]` sections; a group does not nest, the next `##[group]` closes the open one. */
export function groupsOf(log: LogEntry[]): LogGroup[] {
  const groups: LogGroup[] = [];
  let open: LogGroup | undefined;
  for (const entry of log) {
    const name = entry.format?.name;
    if (name === 'group' || name === 'endgroup') {
      if (open) open.end = entry.index;
      open = undefined;
      if (name === 'group') {
        open = { title: entry.format!.text, start: entry.index, end: -1, lines: [] };
        groups.push(open);
      }
    } else if (open && !entry.vso && !entry.format) {
      open.lines.push(entry.raw);
    }
  }
  return groups;
}

// ---------------------------------------------------------------------------------------------------------------
// A run's results

export interface VariableSet {
  index: number;
  name: string;
  value: string;
  isOutput: boolean;
  isSecret: boolean;
}

export interface Issue {
  index: number;
  type: string;
  message: string;
  properties: Record<string, string>;
}

export interface TaskRun {
  /** Exit code of the task process (null when it died of a signal or the code could not be read). */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  durationMs: number;
  log: LogEntry[];
  /** `task.setsecret` values, in order, with their log position. */
  secrets: Array<{ index: number; value: string }>;
  /** Every `task.setvariable`, in order. */
  variables: VariableSet[];
  /** Output variables (isOutput=true), the last set of each name. */
  outputs: Map<string, VariableSet>;
  /** Plain job variables (isOutput=false), the last set of each name. */
  jobVariables: Map<string, VariableSet>;
  issues: Issue[];
  errors: Issue[];
  warnings: Issue[];
  groups: LogGroup[];
  /** Every `task.complete`, in order. */
  completes: Array<{ index: number; result: string; message: string }>;
  /** The uploaded summary (`task.uploadsummary`) file and its content. */
  summaryFile?: string;
  summary: string;
  /** MockTestRunner's own reading of the log (only for runs through it). */
  mock?: { succeeded: boolean; errorIssues: string[]; warningIssues: string[] };
}

/** Reads a finished run's stdout the way the agent does. */
export function collect(run: {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  durationMs: number;
}): TaskRun {
  const log = parseLog(run.stdout);
  const secrets: TaskRun['secrets'] = [];
  const variables: VariableSet[] = [];
  const issues: Issue[] = [];
  const completes: TaskRun['completes'] = [];
  let summaryFile: string | undefined;
  for (const entry of log) {
    const c = entry.vso;
    if (!c) continue;
    switch (c.command) {
      case 'task.setsecret':
        secrets.push({ index: entry.index, value: c.message });
        break;
      case 'task.setvariable':
        variables.push({
          index: entry.index,
          name: c.properties.variable ?? '',
          value: c.message,
          isOutput: (c.properties.isOutput ?? c.properties.isoutput ?? '').toLowerCase() === 'true',
          isSecret: (c.properties.issecret ?? '').toLowerCase() === 'true',
        });
        break;
      case 'task.issue':
        issues.push({
          index: entry.index,
          type: c.properties.type ?? '',
          message: c.message,
          properties: c.properties,
        });
        break;
      case 'task.complete':
        completes.push({ index: entry.index, result: c.properties.result ?? '', message: c.message });
        break;
      case 'task.uploadsummary':
        summaryFile = c.message;
        break;
    }
  }
  const outputs = new Map<string, VariableSet>();
  const jobVariables = new Map<string, VariableSet>();
  for (const v of variables) (v.isOutput ? outputs : jobVariables).set(v.name, v);
  const run2: TaskRun = {
    ...run,
    log,
    secrets,
    variables,
    outputs,
    jobVariables,
    issues,
    errors: issues.filter((i) => i.type === 'error'),
    warnings: issues.filter((i) => i.type === 'warning'),
    groups: groupsOf(log),
    completes,
    summary: summaryFile && existsSync(summaryFile) ? readFileSync(summaryFile, 'utf8') : '',
  };
  if (summaryFile) run2.summaryFile = summaryFile;
  return run2;
}

// ---------------------------------------------------------------------------------------------------------------
// Running the bundle

/** Writes the `.mjs` runner MockTestRunner starts: the agent's environment, the cwd, then `import()` the bundle. */
export function writeRunner(options: TaskOptions): { file: string; exitFile: string; agentTemp: string } {
  const dir = tempDir('azd-scripts-agent-');
  const agentTemp = path.join(dir, '_temp');
  const file = path.join(dir, 'runner.mjs');
  const exitFile = path.join(dir, 'exit-code');
  const env = agentEnvironment(options, agentTemp);
  const source = [
    '// Generated by test/azure-pipelines/agent.ts: what the agent hands the task, then the task itself.',
    "import { mkdirSync, writeFileSync } from 'node:fs';",
    `const env = ${JSON.stringify(env, null, 2)};`,
    'for (const key of Object.keys(process.env)) delete process.env[key];',
    'Object.assign(process.env, env);',
    'mkdirSync(env.AGENT_TEMPDIRECTORY, { recursive: true });',
    `process.chdir(${JSON.stringify(options.sources)});`,
    `process.on('exit', (code) => writeFileSync(${JSON.stringify(exitFile)}, String(code)));`,
    'setTimeout(() => {',
    "  process.stderr.write('runner: the task did not end in time\\n');",
    '  process.exit(124);',
    `}, ${options.timeoutMs ?? 30_000}).unref();`,
    `await import(${JSON.stringify(pathToFileURL(TASK_BUNDLE).href)});`,
    '',
  ].join('\n');
  writeFileSync(file, source);
  return { file, exitFile, agentTemp };
}

/** Runs the task to the end through task-lib's MockTestRunner. */
export async function runTask(options: TaskOptions): Promise<TaskRun> {
  const { file, exitFile } = writeRunner(options);
  const tr = new ttm.MockTestRunner(file);
  tr.nodePath = process.execPath; // else MockTestRunner downloads Node
  const started = Date.now();
  await tr.runAsync();
  const durationMs = Date.now() - started;
  const codeText = existsSync(exitFile) ? readFileSync(exitFile, 'utf8') : '';
  const run = collect({
    code: codeText === '' ? null : Number(codeText),
    signal: null,
    stdout: tr.stdout,
    stderr: tr.stderr,
    durationMs,
  });
  run.mock = { succeeded: tr.succeeded, errorIssues: [...tr.errorIssues], warningIssues: [...tr.warningIssues] };
  return run;
}

export interface RunningTask {
  child: ChildProcess;
  /** Output so far. */
  stdout(): string;
  done: Promise<TaskRun>;
}

/** Starts `node task/dist/index.js` directly, as the agent's Node handler does (for runs that get signals). */
export function startTask(options: TaskOptions): RunningTask {
  const dir = tempDir('azd-scripts-agent-');
  const env = agentEnvironment(options, dir);
  const started = Date.now();
  const child = spawn(process.execPath, [TASK_BUNDLE], {
    cwd: options.sources,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const done = new Promise<TaskRun>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the task timed out\nstdout:\n${stdout}\nstderr:\n${stderr}`));
    }, options.timeoutMs ?? 30_000);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve(collect({ code, signal, stdout, stderr, durationMs: Date.now() - started }));
    });
  });
  return { child, stdout: () => stdout, done };
}

// ---------------------------------------------------------------------------------------------------------------
// Assertions about the log

/** Does this log line show `text` to someone reading the step log? (setsecret and secret setvariable do not.) */
function shows(entry: LogEntry, text: string): boolean {
  const c = entry.vso;
  if (!c) return entry.raw.includes(text);
  if (c.command === 'task.setsecret') return false;
  if (c.command === 'task.setvariable' && (c.properties.issecret ?? '').toLowerCase() === 'true') return false;
  return [c.message, ...Object.values(c.properties)].some((s) => s.includes(text));
}

/** Index of the first log line that shows `text`; -1 if none. `task.debug` lines count unless `ignoreDebug`. */
export function firstShowing(run: TaskRun, text: string, options: { ignoreDebug?: boolean } = {}): number {
  for (const entry of run.log) {
    if (options.ignoreDebug && entry.vso?.command === 'task.debug') continue;
    if (shows(entry, text)) return entry.index;
  }
  return -1;
}

/** Index of the first `task.setsecret` of exactly `value`; -1 if none. */
export function secretIndex(run: TaskRun, value: string): number {
  return run.secrets.find((s) => s.value === value)?.index ?? -1;
}

/**
 * Problems with how `secret` is registered: each non-blank line must have a `task.setsecret` of its own (the
 * agent rejects a value with CR or LF), before any log line shows that line.
 */
export function secretProblems(run: TaskRun, secret: string, options: { ignoreDebug?: boolean } = {}): string[] {
  const problems: string[] = [];
  for (const s of run.secrets) {
    if (/[\r\n]/.test(s.value)) problems.push(`setsecret at log line ${s.index} holds a line break`);
  }
  for (const piece of [...new Set(secret.split(/\r\n|\r|\n/))].filter((p) => p.trim() !== '')) {
    const registered = secretIndex(run, piece);
    const shown = firstShowing(run, piece, options);
    if (registered < 0) problems.push(`${JSON.stringify(piece)} is never registered with task.setsecret`);
    else if (shown >= 0 && shown < registered)
      problems.push(
        `${JSON.stringify(piece)} is shown at log line ${shown} before its task.setsecret at ${registered}`,
      );
  }
  return problems;
}

/** The run as text, for assertion messages. */
export function describeRun(run: TaskRun): string {
  return `exit ${run.code} (signal ${run.signal})\n--- stdout\n${run.stdout}--- stderr\n${run.stderr}--- summary\n${run.summary}`;
}
