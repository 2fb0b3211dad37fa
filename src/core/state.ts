/**
 * State (PRD REQ-5.5): the outputs recorded by the last successful provision of the environment.
 */
import { warn, type Context } from './context.js';
import { AzdEnvironment, selectEnvironmentName } from './environment.js';
import { isMaskedName } from './masked-names.js';
import type { Project } from './project.js';

export async function state(ctx: Context, project: Project): Promise<void> {
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
    const masked = isMaskedName(request, key);
    if (masked) ctx.secrets.add(value);
    result.outputs.set(key, { value, secret: false, masked, type: 'string' });
  }
  if (recorded.length === 0)
    ctx.host.info(
      `No outputs recorded for environment "${name}": provision has not completed a script with outputs yet.`,
    );
}
