/**
 * The lifecycle (PRD REQ-5): provision, down, preview and state. Validate everything first and report every
 * problem at once (Initialize/EnsureEnv); then run the command's scripts in order, passing each one's outputs
 * to the next, persisting them as soon as a script completes, and returning partial results on failure.
 * Each step lives in its own module: validate, preview, run-list (with collect and script-env), state.
 */
import { Problems, ScriptsError, toScriptsError } from './errors.js';
import { throwIfCancelled, warn, type Context } from './context.js';
import { AzdEnvironment, selectEnvironmentName } from './environment.js';
import type { Host } from './host.js';
import { loadProject, type ListName } from './project.js';
import { loadParameterFiles, resolveParameters } from './parameters.js';
import { preview } from './preview.js';
import type { Request, Result } from './request.js';
import { runList } from './run-list.js';
import { Secrets } from './secrets.js';
import { state } from './state.js';
import { dotenvTooLarge } from './env-limits.js';
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
  try {
    await dispatch(ctx);
  } catch (err) {
    const error = toScriptsError(err);
    result.status = error.code === 'CANCELLED' ? 'cancelled' : 'failed';
    result.error = ctx.secrets.redactError(error.toData());
  }
  return result;
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
  // A value already in .env that could not be written back would fail the first save, after a script ran.
  if (view && request.persist) for (const problem of await view.unsavableValues()) problems.add(problem);
  // down leaves values too large for a script's environment out instead (run-list), so that it can always run.
  if (view && request.command !== 'down')
    for (const problem of await dotenvTooLarge(view, request.env)) problems.add(problem);
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
    lock: { signal: host.cancellation.signal, notify: (message) => host.info(message) },
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
