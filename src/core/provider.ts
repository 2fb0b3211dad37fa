/**
 * The lifecycle (PRD REQ-5): provision, down, preview and state. Validate everything first and report every
 * problem at once (Initialize/EnsureEnv); then run the command's scripts in order, passing each one's outputs
 * to the next, persisting them as soon as a script completes, and returning partial results on failure.
 */
import { Problems, ScriptsError, locatedError, toScriptsError, type Location } from './errors.js';
import { AzdEnvironment, selectEnvironmentName } from './environment.js';
import type { EnvValues } from './dotenv.js';
import type { Host } from './host.js';
import { collectOutputs, outputCandidates, snapshotOutputs, type OutputsSnapshot } from './outputs.js';
import { resolveProjectFile } from './paths.js';
import { loadProject, type ListName, type Project, type ScriptEntry } from './project.js';
import { loadParameterFiles, resolveParameters, type ResolvedParameters } from './parameters.js';
import { PREVIEW_NOTE, type OutputValue, type Plan, type Request, type Result, type ScriptRun } from './request.js';
import { runScript, type ScriptExit } from './run-script.js';
import { Secrets, REDACTED } from './secrets.js';
import { SHELLS, findExecutable, installHint, isShell, shellArguments, type Shell } from './shells.js';

/** A script of the command, checked and ready to start. */
interface ReadyScript {
  entry: ScriptEntry;
  shell: Shell;
  executable: string;
  file: string;
}

interface Context {
  request: Request;
  host: Host;
  result: Result;
  secrets: Secrets;
}

/** Runs one request to the end. Never throws: every failure is in `result.error`. */
export async function run(request: Request, host: Host): Promise<Result> {
  const result: Result = {
    command: request.command,
    status: 'succeeded',
    scripts: [],
    outputs: new Map(),
    warnings: [],
  };
  const ctx: Context = { request, host, result, secrets: new Secrets(host) };
  try {
    await dispatch(ctx);
  } catch (err) {
    const error = toScriptsError(err);
    result.status = error.code === 'CANCELLED' ? 'cancelled' : 'failed';
    result.error = ctx.secrets.redactError(error.toData());
  }
  return result;
}

function warn(ctx: Context, message: string, location?: Location): void {
  const text = ctx.secrets.redact(message);
  ctx.result.warnings.push({ message: text, ...location });
  ctx.host.warning(text, location);
}

async function dispatch(ctx: Context): Promise<void> {
  const { request, host } = ctx;
  throwIfCancelled(ctx);
  const project = await loadProject(request.cwd);
  ctx.result.projectRoot = project.root;
  if (request.command === 'state') return state(ctx, project);

  const list: ListName = request.command === 'down' ? 'destroy' : 'provision';
  if (request.command === 'down' && !request.force && !(request.interactive && host.prompt)) {
    throw new ScriptsError({
      code: 'CONFIRMATION_REQUIRED',
      message:
        "down destroys the environment's resources and needs confirmation, but this run cannot ask (non-interactive).",
      hint: 'Pass --force (the `force: true` input) to run the destroy scripts without asking, as `azd down --force --no-prompt` does.',
    });
  }

  // Initialize / EnsureEnv: every check that can fail before a script runs, all problems reported together.
  const problems = new Problems();
  const name = await selectEnvironmentName(project.root, request.environment, request.env);
  ctx.result.environment = name;
  const view = await problems.collect(() =>
    AzdEnvironment.open(project.root, name, { create: true, persist: false, osEnv: request.env }),
  );
  const scripts = await validateScripts(project, list, request.env, problems);
  const files = await loadParameterFiles(project, project.lists[list] ?? [], problems);
  // Prompt only when nothing else is wrong; otherwise gather the missing values into the same error.
  const mayPrompt = problems.empty && request.interactive ? host.prompt : undefined;
  const parameters = view
    ? await problems.collect(() =>
        resolveParameters({
          files,
          requestValues: request.parameters,
          azdEnv: view.values,
          osEnv: request.env,
          prompt: mayPrompt,
          secrets: ctx.secrets,
          command: request.command,
          info: (message) => host.info(message),
        }),
      )
    : undefined;
  problems.throwIfAny(`in ${project.file} and the files it names; nothing was run`);
  if (!parameters) return;
  for (const message of parameters.warnings) warn(ctx, message);
  ctx.result.scripts = scripts.map((s) => scriptRun(s.entry, s.shell));

  if (request.command === 'preview') return preview(ctx, scripts, parameters);
  if (request.command === 'down' && !request.force) {
    const yes = await host.prompt!.confirm(
      `Run the ${scripts.length} destroy script(s) of environment "${name}"? This deletes what they tear down.`,
    );
    if (!yes) {
      throw new ScriptsError({
        code: 'DECLINED',
        message: 'down was not confirmed; nothing was run.',
        hint: 'Run again and confirm, or pass --force.',
      });
    }
  }
  throwIfCancelled(ctx);

  const env = await AzdEnvironment.open(project.root, name, {
    create: true,
    persist: request.persist,
    osEnv: request.env,
  });
  if (parameters.toPersist.size > 0) {
    for (const skipped of await env.save({ set: parameters.toPersist })) {
      warn(ctx, `Parameter ${skipped.key} was not saved to ${env.dotenvFile}: ${skipped.reason}.`);
    }
  }
  const completed = await runList(ctx, project, env, scripts, parameters);
  if (request.command === 'down' && completed) {
    const recorded = await env.recordedOutputs();
    if (recorded.length > 0) {
      await env.save({ remove: recorded });
      await env.recordOutputs({ remove: recorded });
      host.info(`Removed ${recorded.length} output(s) recorded at provision time from environment "${name}".`);
    }
  }
}

/** Every script of the command exists inside the project and its shell is known and installed. */
async function validateScripts(
  project: Project,
  list: ListName,
  osEnv: Request['env'],
  problems: Problems,
): Promise<ReadyScript[]> {
  const entries = project.lists[list];
  if (!entries || entries.length === 0) {
    problems.add({
      code: 'PROJECT_INVALID',
      message: `${project.file}: infra.config.${list} ${entries ? 'is empty' : 'is missing'}; there is nothing to run.`,
      hint: `Add the scripts to run under infra.config.${list} (each with shell and run).`,
      file: project.file,
    });
    return [];
  }
  const found = new Map<string, string | undefined>();
  const ready: ReadyScript[] = [];
  for (const entry of entries) {
    let shell: Shell | undefined;
    let executable: string | undefined;
    if (!isShell(entry.shell)) {
      problems.add(
        locatedError(
          entry.at.shell,
          'SHELL_UNKNOWN',
          `${entry.key}.shell: unknown shell "${entry.shell}"; supported shells: ${SHELLS.join(', ')}.`,
          `Set shell to one of ${SHELLS.join(', ')}. Wrap cmd.exe scripts in PowerShell.`,
        ),
      );
    } else {
      shell = entry.shell;
      if (!found.has(shell)) found.set(shell, findExecutable(shell, osEnv));
      executable = found.get(shell) ?? undefined;
      if (!executable) {
        problems.add(
          locatedError(
            entry.at.shell,
            'SHELL_NOT_FOUND',
            `${entry.key}.shell: the shell "${shell}" was not found on PATH.`,
            installHint(shell),
          ),
        );
      }
    }
    const file = await problems.collect(() =>
      resolveProjectFile(project.root, entry.run, { what: 'script', key: `${entry.key}.run`, location: entry.at.run }),
    );
    if (shell && executable && file) ready.push({ entry, shell, executable, file });
  }
  return ready;
}

function scriptRun(entry: ScriptEntry, shell: Shell): ScriptRun {
  return { name: entry.name, shell, path: entry.run, status: 'not-run', continueOnError: entry.continueOnError };
}

function preview(ctx: Context, scripts: ReadyScript[], parameters: ResolvedParameters): void {
  const { host } = ctx;
  const plan: Plan = {
    scripts: scripts.map(({ entry, shell }) => ({
      name: entry.name,
      shell,
      path: entry.run,
      continueOnError: entry.continueOnError,
      ...(entry.parameters ? { parameters: entry.parameters } : {}),
    })),
    parameters: parameters.plan,
    note: PREVIEW_NOTE,
  };
  ctx.result.plan = plan;
  host.info(
    `Preview of provision for environment "${ctx.result.environment}": ${scripts.length} script(s) would run, in this order:`,
  );
  plan.scripts.forEach((s, i) =>
    host.info(`  ${i + 1}. ${s.name} (${s.shell}) ${s.path}${s.continueOnError ? ' [continueOnError]' : ''}`),
  );
  if (plan.parameters.length > 0) {
    host.info('Parameters:');
    for (const p of plan.parameters) {
      const files = p.files.length > 0 ? `, declared in ${p.files.join(', ')}` : '';
      host.info(
        `  ${p.key} = ${p.secret ? REDACTED : ctx.secrets.redact(p.value)} (from ${describeSource(p.source)}${files})`,
      );
    }
  }
  host.info(PREVIEW_NOTE);
}

function describeSource(source: string): string {
  switch (source) {
    case 'request':
      return 'the parameters input';
    case 'interpolated':
      return 'the value in the parameter file, with ${…} filled in';
    case 'literal':
      return 'the value in the parameter file';
    case 'azd-env':
      return 'the azd environment';
    case 'os-env':
      return 'the OS environment';
    default:
      return 'a prompt';
  }
}

/** Runs the scripts in order. Returns true when every script succeeded. */
async function runList(
  ctx: Context,
  project: Project,
  env: AzdEnvironment,
  scripts: ReadyScript[],
  parameters: ResolvedParameters,
): Promise<boolean> {
  const { request, host, result } = ctx;
  const outputs = new Map<string, OutputValue>();
  let allSucceeded = true;
  for (const [index, script] of scripts.entries()) {
    const { entry, file } = script;
    const run = result.scripts[index]!;
    throwIfCancelled(ctx);
    const values = await env.reload();
    const childEnv = scriptEnvironment(request, env.name, values, parameters.values, outputs);
    const collects = request.command === 'provision';
    const before = collects ? snapshotOutputs(outputCandidates(file, project.root)) : undefined;

    const exit = await runOne(ctx, script, project.root, childEnv, run);
    if (exit.cancelled) {
      run.status = 'cancelled';
      host.info(`Failed: ${entry.name} (${howItEnded(exit)})`);
      throw cancelledWhile(ctx, script);
    }
    let failure = failureOf(ctx, script, exit, run);
    if (failure) {
      host.info(`Failed: ${entry.name} (${howItEnded(exit)})`);
    } else {
      run.status = 'succeeded';
      host.info(`Completed: ${entry.name}`);
      if (before) failure = await collect(ctx, env, entry, before, outputs).then(() => undefined, toScriptsError);
    }
    if (failure) {
      run.status = 'failed';
      allSucceeded = false;
      if (!entry.continueOnError) throw failure;
      warn(ctx, `${failure.message}\ncontinueOnError is true for "${entry.name}", so the run goes on.`, { file });
    }
  }
  return allSucceeded;
}

/** One script in its log group; records its duration, exit code and signal on `run`. */
async function runOne(
  ctx: Context,
  { entry, shell, executable, file }: ReadyScript,
  root: string,
  env: Record<string, string>,
  run: ScriptRun,
): Promise<ScriptExit> {
  const { host } = ctx;
  host.startGroup(`Running script: ${entry.name} (${shell})`);
  const started = Date.now();
  const exit = await runScript({
    executable,
    args: shellArguments(shell, file),
    cwd: root,
    env,
    stdin: host.scriptStdin,
    stdout: host.stdout,
    stderr: host.stderr,
    stderrLines: ctx.request.stderrLines,
    cancellation: host.cancellation,
  });
  host.endGroup();
  run.durationMs = Date.now() - started;
  if (exit.exitCode !== null) run.exitCode = exit.exitCode;
  if (exit.signal) run.signal = exit.signal;
  return exit;
}

/** `exit code: 3` or `signal: SIGKILL`, as in the progress line. */
function howItEnded(exit: ScriptExit): string {
  return exit.signal ? `signal: ${exit.signal}` : `exit code: ${exit.exitCode ?? 'none'}`;
}

/** The error of a script that could not start or did not exit 0; undefined when it succeeded. */
function failureOf(ctx: Context, { entry, shell, executable, file }: ReadyScript, exit: ScriptExit, run: ScriptRun) {
  if (exit.spawnError) {
    return new ScriptsError({
      code: 'SCRIPT_FAILED',
      message: `Script "${entry.name}" could not be started: ${shell} (${executable}) failed to start: ${exit.spawnError.message}.`,
      hint: installHint(shell),
      file,
    });
  }
  if (exit.exitCode === 0 && !exit.signal) return undefined;
  const how = exit.signal ? `was terminated by signal ${exit.signal}` : `failed with exit code ${exit.exitCode}`;
  run.stderrTail = ctx.secrets.redact(exit.stderrTail);
  const tail = run.stderrTail
    ? `\nLast ${run.stderrTail.split('\n').length} line(s) of stderr:\n${indent(run.stderrTail)}`
    : '\n(no stderr output)';
  return new ScriptsError({
    code: 'SCRIPT_FAILED',
    message: `Script "${entry.name}" ${how}: ${entry.run} (${file}).${tail}`,
    hint: 'Fix the script or the values it uses and run again; outputs of the scripts that completed were kept.',
    file,
  });
}

function cancelledWhile(ctx: Context, { entry, file }: ReadyScript): ScriptsError {
  const { request, result, host } = ctx;
  const done = result.scripts.filter((s) => s.status === 'succeeded').length;
  const kept = request.command === 'provision' && request.persist ? ' and their outputs were kept' : '';
  return new ScriptsError({
    code: 'CANCELLED',
    message: `Cancelled (${host.cancellation.reason ?? 'SIGINT'}) while running script "${entry.name}" (${entry.run}); ${done} script(s) had completed${kept}.`,
    hint: 'Run again to finish; scripts should be safe to re-run.',
    file,
  });
}

/** Reads the outputs a script left, passes them on, and persists the non-secret ones at once. */
async function collect(
  ctx: Context,
  env: AzdEnvironment,
  entry: ScriptEntry,
  before: OutputsSnapshot,
  outputs: Map<string, OutputValue>,
): Promise<void> {
  const found = await collectOutputs(before);
  if (found.kind === 'none') return;
  if (found.kind === 'stale') {
    warn(
      ctx,
      `${found.file} was not written by "${entry.name}" (unchanged since before it started), so its outputs are ignored. Write outputs.json from the script, or delete the old file.`,
      { file: found.file },
    );
    return;
  }
  ctx.host.info(`Collecting outputs from: ${entry.name}`);
  const toSave = new Map<string, string>();
  for (const [key, collected] of found.outputs) {
    const output = { ...collected, masked: collected.masked || ctx.request.maskedOutputs.has(key) };
    if (output.masked) ctx.secrets.add(output.value);
    outputs.set(key, output);
    ctx.result.outputs.set(key, output);
    if (!output.secret) toSave.set(key, output.value);
  }
  if (!ctx.request.persist || toSave.size === 0) return;
  const skipped = await env.save({ set: toSave });
  for (const s of skipped) {
    warn(
      ctx,
      `Output ${s.key} of "${entry.name}" was not saved to ${env.dotenvFile}: ${s.reason}. Later scripts and step outputs still get it.`,
      { file: found.file },
    );
  }
  const saved = [...toSave.keys()].filter((k) => !skipped.some((s) => s.key === k));
  if (saved.length > 0) await env.recordOutputs({ add: saved });
}

/** OS env < azd env < parameters < earlier outputs; then AZURE_ENV_NAME and AZD_PURGE. */
function scriptEnvironment(
  request: Request,
  name: string,
  values: EnvValues,
  parameters: ReadonlyMap<string, string>,
  outputs: ReadonlyMap<string, OutputValue>,
): Record<string, string> {
  const env: Record<string, string> = Object.create(null) as Record<string, string>;
  const windows = process.platform === 'win32';
  const names = new Map<string, string>();
  const put = (key: string, value: string | undefined): void => {
    if (value === undefined || !key || key.includes('=') || key.includes('\0') || value.includes('\0')) return;
    let target = key;
    if (windows) {
      const upper = key.toUpperCase();
      const existing = names.get(upper);
      if (existing !== undefined) target = existing;
      else names.set(upper, key);
    }
    // A null-prototype object: assigning any key, even __proto__, makes an own property.
    env[target] = value;
  };
  for (const [k, v] of Object.entries(request.env)) put(k, v);
  for (const [k, v] of values) put(k, v);
  for (const [k, v] of parameters) put(k, v);
  for (const [k, v] of outputs) put(k, v.value);
  put('AZURE_ENV_NAME', name);
  if (request.command === 'down' && request.purge) put('AZD_PURGE', 'true');
  return env;
}

async function state(ctx: Context, project: Project): Promise<void> {
  const { request, result } = ctx;
  const name = await selectEnvironmentName(project.root, request.environment, request.env);
  result.environment = name;
  const env = await AzdEnvironment.open(project.root, name, { create: false, persist: false, osEnv: request.env });
  const recorded = await env.recordedOutputs();
  for (const key of recorded) {
    const value = env.values.get(key);
    if (value === undefined) {
      warn(ctx, `Output ${key} is recorded in ${env.configFile} but missing from ${env.dotenvFile}.`, {
        file: env.dotenvFile,
      });
      continue;
    }
    const masked = request.maskedOutputs.has(key);
    if (masked) ctx.secrets.add(value);
    result.outputs.set(key, { value, secret: false, masked, type: 'string' });
  }
  if (recorded.length === 0)
    ctx.host.info(
      `No outputs recorded for environment "${name}": provision has not completed a script with outputs yet.`,
    );
}

function throwIfCancelled(ctx: Context): void {
  const reason = ctx.host.cancellation.reason;
  if (reason === undefined) return;
  throw new ScriptsError({
    code: 'CANCELLED',
    message: `Cancelled (${reason}) before the next script started.`,
    hint: 'Run again to finish.',
  });
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}
