/**
 * Deploy / Destroy (PRD REQ-5.2, 5.4): the command's scripts in order, each in its log group, outputs passed on
 * and persisted as each one completes, a failure stopping the rest unless continueOnError.
 */
import { ScriptsError, toScriptsError } from './errors.js';
import type { AzdEnvironment } from './environment.js';
import { installAzdShim, withAzdShim, type AzdShimBin } from './azd-shim-bin.js';
import { collect } from './collect.js';
import type { EnvValues } from './dotenv.js';
import { collectEnvChanges, envChanges, snapshotEnv } from './env-changes.js';
import { fitValues, formatBytes, largest, totalBytes } from './env-limits.js';
import { throwIfCancelled, warn, type Context, type ReadyScript } from './context.js';
import { outputCandidates, snapshotOutputs } from './outputs.js';
import type { ResolvedParameters } from './parameters.js';
import type { Project } from './project.js';
import type { OutputValue, ScriptRun } from './request.js';
import { runScript, type ScriptExit } from './run-script.js';
import { scriptEnvironment } from './script-env.js';
import { formatDuration } from './duration.js';
import { installHint, shellArguments } from './shells.js';

/**
 * Runs the scripts in order, with our azd stand-in on their PATH when they have no azd. Returns true when every
 * script succeeded.
 */
export async function runList(
  ctx: Context,
  project: Project,
  env: AzdEnvironment,
  scripts: ReadyScript[],
  parameters: ResolvedParameters,
): Promise<boolean> {
  const shim = await installAzdShim(ctx.request.env, project.root).catch((err: unknown) => {
    // Scripts that never call azd must not fail for it: say why `azd` will be missing, and go on.
    warn(
      ctx,
      `No azd is on PATH and the azd stand-in for scripts could not be set up (${err instanceof Error ? err.message : String(err)}), so scripts that call azd will fail. Install azd, or make the temp folder writable.`,
    );
    return undefined;
  });
  try {
    return await runScripts(ctx, project, env, scripts, parameters, shim);
  } finally {
    await shim?.remove();
  }
}

async function runScripts(
  ctx: Context,
  project: Project,
  env: AzdEnvironment,
  scripts: ReadyScript[],
  parameters: ResolvedParameters,
  shim: AzdShimBin | undefined,
): Promise<boolean> {
  const { request, host, result } = ctx;
  const outputs = new Map<string, OutputValue>();
  const left = new Set<string>();
  let allSucceeded = true;
  for (const [index, script] of scripts.entries()) {
    const { entry, file } = script;
    const run = result.scripts[index]!;
    throwIfCancelled(ctx);
    const values = fitForDown(ctx, await env.reload(), parameters, left);
    const childEnv = withAzdShim(
      scriptEnvironment(request, env.name, values, parameters.values, outputs, entry, (secret) =>
        ctx.secrets.add(secret),
      ),
      shim,
    );
    const collects = request.command === 'provision';
    const before = collects ? snapshotOutputs(outputCandidates(file, project.root)) : undefined;
    const envBefore = collects ? snapshotEnv(values) : undefined;

    const exit = await runOne(ctx, script, project.root, childEnv, run);
    if (exit.cancelled) {
      run.status = 'cancelled';
      host.info(`Failed: ${entry.name} (${howItEnded(exit)}, ${formatDuration(run.durationMs ?? 0)})`);
      throw cancelledWhile(ctx, script);
    }
    let failure = failureOf(ctx, script, exit, run, childEnv);
    if (failure) {
      host.info(`Failed: ${entry.name} (${howItEnded(exit)}, ${formatDuration(run.durationMs ?? 0)})`);
    } else {
      run.status = 'succeeded';
      host.info(`Completed: ${entry.name} (${formatDuration(run.durationMs ?? 0)})`);
      if (before && envBefore) {
        failure = await envChanges(env, envBefore)
          .then(async (changed) => {
            const fromJson = await collect(ctx, env, entry, before, outputs);
            await collectEnvChanges(ctx, entry, changed, fromJson, outputs);
          })
          .then(() => undefined, toScriptsError);
      }
    }
    if (failure) {
      run.status = 'failed';
      allSucceeded = false;
      // A cancel (while waiting for the environment's lock) is never a failure to go on after.
      if (!entry.continueOnError || failure.code === 'CANCELLED') throw failure;
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
    redact: (bytes) => ctx.secrets.redactBytes(bytes),
    cancellation: host.cancellation,
  });
  host.endGroup();
  run.durationMs = Date.now() - started;
  if (exit.exitCode !== null) run.exitCode = exit.exitCode;
  if (exit.signal) run.signal = exit.signal;
  return exit;
}

/** `exit code: 3` or `signal: SIGKILL`, as in the progress line (the duration follows it). */
function howItEnded(exit: ScriptExit): string {
  return exit.signal ? `signal: ${exit.signal}` : `exit code: ${exit.exitCode ?? 'none'}`;
}

/** The error of a script that could not start or did not exit 0; undefined when it succeeded. */
function failureOf(
  ctx: Context,
  { entry, shell, executable, file }: ReadyScript,
  exit: ScriptExit,
  run: ScriptRun,
  env: Record<string, string>,
) {
  if (exit.spawnError && (exit.spawnError as NodeJS.ErrnoException).code === 'E2BIG') {
    const entries = Object.entries(env);
    return new ScriptsError({
      code: 'ENV_TOO_LARGE',
      message: `Script "${entry.name}" could not be started: its environment is too large for the OS (E2BIG, ${formatBytes(totalBytes(entries))} in ${entries.length} variables). Largest: ${ctx.secrets.redact(largest(entries))}.`,
      hint: 'Shorten the largest values (in .env, the parameters or the OS environment) and keep large data in files.',
      file,
    });
  }
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

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}

/**
 * `down` must always be able to run: values of `.env` too large for a script's environment are left out of it,
 * each named once in a warning (provision refuses them before anything runs instead).
 */
function fitForDown(ctx: Context, values: EnvValues, parameters: ResolvedParameters, warned: Set<string>): EnvValues {
  if (ctx.request.command !== 'down') return values;
  const { kept, dropped } = fitValues(values, [...Object.entries(ctx.request.env), ...parameters.values]);
  const fresh = dropped.filter((d) => !warned.has(d.key));
  if (fresh.length > 0) {
    for (const d of fresh) warned.add(d.key);
    warn(
      ctx,
      `Left out of the destroy scripts' environment, too large to pass to a script: ${fresh.map((d) => `${d.key} (${formatBytes(d.bytes)})`).join(', ')}. They stay in .env.`,
    );
  }
  return kept;
}
