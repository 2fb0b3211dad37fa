/**
 * Initialize's check of the entries' env/secrets templates against what is known before anything runs.
 */
import { warn, type Context, type ReadyScript } from './context.js';
import type { EnvValues } from './dotenv.js';
import { isEnvKey } from './dotenv.js';
import { checkEntryVariables } from './entry-env.js';
import type { Problems } from './errors.js';

export function checkVariables(
  ctx: Context,
  scripts: ReadyScript[],
  azdEnv: EnvValues,
  parameterKeys: Iterable<string>,
  problems: Problems,
): void {
  const known = new Set<string>(['AZURE_ENV_NAME']);
  for (const [k, v] of Object.entries(ctx.request.env)) if (v !== undefined && isEnvKey(k)) known.add(k);
  for (const k of azdEnv.keys()) known.add(k);
  for (const k of parameterKeys) known.add(k);
  if (ctx.request.command === 'down' && ctx.request.purge) known.add('AZD_PURGE');
  checkEntryVariables(
    scripts.map((s) => s.entry),
    known,
    problems,
    (message, at) => warn(ctx, message, at),
    (secret) => ctx.secrets.add(secret),
  );
}
