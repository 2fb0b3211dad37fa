/**
 * The lifecycle (PRD REQ-5): provision, down, preview and state. Validate everything first and report every
 * problem at once (Initialize/EnsureEnv); then run the command's scripts in order, passing each one's outputs
 * to the next, persisting them as soon as a script completes, and returning partial results on failure.
 * Each step lives in its own module: validate, preview, run-list (with collect and script-env), state.
 */
import path from 'node:path';
import { Problems, ScriptsError, toScriptsError } from './errors.js';
import { throwIfCancelled, warn, type Context } from './context.js';
import { AzdEnvironment, selectEnvironmentName } from './environment.js';
import type { Host } from './host.js';
import { loadProject, type ListName, type Project } from './project.js';
import { loadParameterFiles, resolveParameters, type Declaration } from './parameters.js';
import { nothingRecordedHere, sharingHint } from './fresh-checkout.js';
import { warnUnmatchedMaskedNames } from './masked-names.js';
import { OutputRecorder, removeRecordedOutputs } from './records.js';
import { preview } from './preview.js';
import type { Request, Result } from './request.js';
import { runList } from './run-list.js';
import { Secrets } from './secrets.js';
import { checkVariables } from './variables-check.js';
import { state } from './state.js';
import { dotenvTooLarge, parametersTooLarge } from './env-limits.js';
import { keysNotPassed } from './script-env.js';
import { scriptRun, validateScripts } from './validate.js';

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
  const started = Date.now();
  try {
    await dispatch(ctx);
    warnUnmatchedMaskedNames(ctx);
  } catch (err) {
    const error = toScriptsError(err);
    result.status = error.code === 'CANCELLED' ? 'cancelled' : 'failed';
    result.error = ctx.secrets.redactError(error.toData());
  }
  result.durationMs = Date.now() - started;
  return result;
}

async function dispatch(ctx: Context): Promise<void> {
  const { request, host } = ctx;
  throwIfCancelled(ctx);
  const project = await loadProject(request.cwd, host);
  ctx.result.projectRoot = project.root;
  if (request.command === 'state') return state(ctx, project);

  const list: ListName = request.command === 'down' ? 'destroy' : 'provision';
  if (request.command === 'down' && !request.force && !(request.interactive && host.prompt)) {
    throw new ScriptsError({
      code: 'CONFIRMATION_REQUIRED',
      message:
        "down destroys the environment's resources and needs confirmation, but this run cannot ask (non-interactive).",
      hint: `To run the destroy scripts without asking, use ${host.option('force', 'true')}.`,
    });
  }

  // Initialize / EnsureEnv: every check that can fail before a script runs, all problems reported together.
  const problems = new Problems();
  const name = await selectEnvironmentName(project.root, request.environment, request.env, host);
  ctx.result.environment = name;
  const view = await problems.collect(() =>
    AzdEnvironment.open(project.root, name, { create: true, persist: false, osEnv: request.env }),
  );
  // A value already in .env that could not be written back would fail the first save, after a script ran.
  if (view && request.persist) for (const problem of await view.unsavableValues()) problems.add(problem);
  // down leaves values too large for a script's environment out instead (run-list), so that it can always run.
  if (view && request.command !== 'down')
    for (const problem of await dotenvTooLarge(view, request.env)) problems.add(problem);
  const scripts = await validateScripts(project, list, request.env, problems, (message, at) => warn(ctx, message, at));
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
          names: host,
          info: (message) => host.info(message),
          optional: request.command === 'down' ? provisionOnly(project) : undefined,
        }),
      )
    : undefined;
  const parameterKeys = parameters?.values.keys() ?? files.flatMap((f) => f.declarations.map((d) => d.key));
  if (view) checkVariables(ctx, scripts, view.values, parameterKeys, problems);
  // Values too large for a script's environment would fail at the first spawn (E2BIG): say so now, by key and size.
  // (down fits .env around the parameters instead, so there only the OS environment is their base.)
  if (parameters && view) {
    const base = [...Object.entries(request.env), ...(request.command === 'down' ? [] : view.values)];
    for (const problem of parametersTooLarge(parameters.values, base)) problems.add(problem);
  }
  problems.throwIfAny(`in ${project.file} and the files it names; nothing was run`);
  if (!parameters) return;
  for (const message of parameters.warnings) warn(ctx, message);
  const notPassed = view ? keysNotPassed(view.values) : [];
  if (notPassed.length > 0) {
    warn(
      ctx,
      `${notPassed.join(', ')} in ${view!.dotenvFile} ${notPassed.length === 1 ? 'is' : 'are'} kept, but not passed to the scripts: not a valid environment variable name ([A-Za-z_][A-Za-z0-9_]*).`,
      { file: view!.dotenvFile },
    );
  }
  ctx.result.scripts = scripts.map((s) => scriptRun(s.entry, s.shell));

  if (request.command === 'preview') return preview(ctx, scripts, parameters);
  if (request.command === 'down' && !request.force) {
    const yes = await host.prompt!.confirm(
      `Run the ${scripts.length} destroy script(s) of environment "${name}"? This deletes what they tear down.`,
    );
    if (!yes) {
      throw new ScriptsError({
        code: 'DECLINED',
        message: `down was not confirmed: no destroy script was run, environment "${name}" is unchanged.`,
        hint: `Run again and confirm, or use ${host.option('force', 'true')}.`,
      });
    }
  }
  throwIfCancelled(ctx);

  if (request.command === 'down' && view && !view.exists) {
    warn(
      ctx,
      `${nothingRecordedHere(name, view.dir)} The destroy scripts get the job environment and the parameters, but no outputs of that provision. ${sharingHint(name)}`,
    );
  }
  const env = await AzdEnvironment.open(project.root, name, {
    create: true,
    persist: request.persist,
    osEnv: request.env,
    lock: { signal: host.cancellation.signal, notify: (message) => host.info(message) },
  });
  if (request.command === 'provision') ctx.recorder = new OutputRecorder(env, env.values.keys());
  if (parameters.toPersist.size > 0) {
    for (const skipped of await env.save({ set: parameters.toPersist })) {
      warn(ctx, `Parameter ${skipped.key} was not saved to ${env.dotenvFile}: ${skipped.reason}.`);
    }
  }
  const completed = await runList(ctx, project, env, scripts, parameters);
  if (request.command === 'down' && completed) {
    const removed = await removeRecordedOutputs(env);
    if (removed.length > 0)
      host.info(`Removed ${removed.length} output(s) recorded at provision time from environment "${name}".`);
  }
}

/** down: parameters declared only in parameter files that provision scripts use too are not required. */
function provisionOnly(project: Project): (declarations: Declaration[]) => boolean {
  const provisionFiles = new Set(
    (project.lists.provision ?? []).flatMap((e) =>
      e.parameters === undefined ? [] : [path.relative(project.root, path.resolve(project.root, e.parameters))],
    ),
  );
  return (declarations) => declarations.every((d) => provisionFiles.has(d.relative));
}
