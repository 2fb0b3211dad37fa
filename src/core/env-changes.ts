/**
 * Keys a script added or changed in `.env` while it ran (through our azd stand-in, a real azd, or `echo >> .env`)
 * become outputs of that script, like outputs.json ones. The snapshot is taken right before the script and
 * compared right after it, before the engine writes anything, so values the engine itself saves (parameters,
 * outputs.json outputs) never count as a script's.
 */
import type { Context } from './context.js';
import { isMaskedName } from './masked-names.js';
import { isEnvKey, type EnvValues } from './dotenv.js';
import type { AzdEnvironment } from './environment.js';
import type { ScriptEntry } from './project.js';
import type { OutputValue } from './request.js';

/** What `.env` held when the script started (a copy: the store may change its own map later). */
export function snapshotEnv(values: EnvValues): EnvValues {
  return new Map(values);
}

/** Keys whose value is new or different now; removed keys are not outputs. */
export async function envChanges(env: AzdEnvironment, before: EnvValues): Promise<Map<string, string>> {
  const after = await env.reload();
  const changed = new Map<string, string>();
  for (const [key, value] of after) {
    // Keys godotenv reads but that are no variable name (`a.b`) cannot be step outputs or reach a script.
    if (isEnvKey(key) && before.get(key) !== value) changed.set(key, value);
  }
  return changed;
}

/**
 * Turns the changed keys into outputs (type `string`, masked when named in maskedOutputs or holding a known
 * secret) and records them for `state` and `down`. A key outputs.json also gave keeps the outputs.json value: it
 * is the declared one, with its type, and the one that was saved last.
 */
export async function collectEnvChanges(
  ctx: Context,
  entry: ScriptEntry,
  changed: ReadonlyMap<string, string>,
  fromOutputsJson: ReadonlySet<string> | undefined,
  outputs: Map<string, OutputValue>,
): Promise<void> {
  const keys = [...changed.keys()].filter((k) => !fromOutputsJson?.has(k));
  if (keys.length === 0) return;
  if (!fromOutputsJson) ctx.host.info(`Collecting outputs from: ${entry.name}`);
  for (const key of keys) {
    const value = changed.get(key)!;
    // A value holding a secret we know (a script may store a connection string built from a secret parameter)
    // is masked like a masked-outputs one, so it stays out of the outputs JSON and summaries.
    const masked = isMaskedName(ctx.request, key) || ctx.secrets.contained(value) !== undefined;
    const output: OutputValue = { value, secret: false, masked, type: 'string' };
    if (output.masked) ctx.secrets.add(value, 'masked', `output ${key}`);
    outputs.set(key, output);
    ctx.result.outputs.set(key, output);
  }
  if (ctx.request.persist) await ctx.recorder?.record(keys.map((key) => ({ key, type: 'string' })));
}
