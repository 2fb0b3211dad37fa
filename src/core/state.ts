/**
 * State (PRD REQ-5.5): the outputs recorded by the last successful provision of the environment.
 */
import path from 'node:path';
import { warn, type Context } from './context.js';
import { AzdEnvironment, selectEnvironmentName } from './environment.js';
import { ScriptsError } from './errors.js';
import { nothingRecordedHere, sharingHint } from './fresh-checkout.js';
import { isMaskedName } from './masked-names.js';
import type { Project } from './project.js';
import { recordedOutputs } from './records.js';

export async function state(ctx: Context, project: Project): Promise<void> {
  const { request, result } = ctx;
  const name = await selectEnvironmentName(project.root, request.environment, request.env, ctx.host);
  result.environment = name;
  const env = await AzdEnvironment.open(project.root, name, {
    create: false,
    persist: false,
    osEnv: request.env,
  }).catch((err: unknown) => {
    if (!(err instanceof ScriptsError) || err.code !== 'ENVIRONMENT_NOT_FOUND') throw err;
    const dir = path.join(project.root, '.azure', name);
    throw new ScriptsError({
      code: 'ENVIRONMENT_NOT_FOUND',
      message: nothingRecordedHere(name, dir),
      hint: sharingHint(name),
    });
  });
  const recorded = await recordedOutputs(env);
  for (const { key, type } of recorded) {
    const value = env.values.get(key);
    if (value === undefined) {
      warn(ctx, `Output ${key} is recorded in ${env.configFile} but missing from ${env.dotenvFile}.`, {
        file: env.dotenvFile,
      });
      continue;
    }
    const masked = isMaskedName(request, key);
    if (masked) ctx.secrets.add(value, 'masked', `output ${key}`);
    result.outputs.set(key, { value, secret: false, masked, type: type ?? 'string' });
  }
  if (recorded.length === 0)
    ctx.host.info(
      `No outputs recorded for environment "${name}": provision has not completed a script with outputs yet.`,
    );
}
