/**
 * Collecting a script's outputs (PRD REQ-4): read outputs.json and remove it, pass the values on, persist the
 * non-secret ones at once and record their keys for `state` and `down`.
 */
import { warn, type Context } from './context.js';
import { unsavableReason } from './dotenv.js';
import type { AzdEnvironment } from './environment.js';
import { outputsTooLarge } from './env-limits.js';
import { collectOutputs, consumeOutputs, type OutputsSnapshot } from './outputs.js';
import { isMaskedName } from './masked-names.js';
import type { ScriptEntry } from './project.js';
import type { OutputValue } from './request.js';

/**
 * Reads the outputs a script left, passes them on, and persists the non-secret ones at once. Returns the keys
 * outputs.json gave (undefined when no outputs.json was read).
 */
export async function collect(
  ctx: Context,
  env: AzdEnvironment,
  entry: ScriptEntry,
  before: OutputsSnapshot,
  outputs: Map<string, OutputValue>,
): Promise<ReadonlySet<string> | undefined> {
  const found = await collectOutputs(before);
  for (const file of found.stale) {
    warn(
      ctx,
      `${file} was not written by "${entry.name}" (unchanged since before it started), so its outputs are ignored${found.fresh ? ` and ${found.fresh.file} is read instead` : ''}. Delete the old file; outputs.json is removed once it has been read.`,
      { file },
    );
  }
  if (!found.fresh) return undefined;
  const fresh = found.fresh;
  ctx.host.info(`Collecting outputs from: ${entry.name}`);
  const base = [
    ...Object.entries(ctx.request.env),
    ...env.values,
    ...[...outputs].map(([k, o]) => [k, o.value] as const),
  ];
  // Checked before the file is consumed: outputs that cannot be passed on leave outputs.json for the user to see.
  const tooLarge = outputsTooLarge(entry.name, fresh.outputs, base);
  if (tooLarge) throw tooLarge;
  await consumeOutputs(fresh.file);
  const toSave = new Map<string, string>();
  // Secure outputs first: a plain output before them in the file may hold one.
  for (const [key, collected] of fresh.outputs) if (collected.secret) registerSecure(ctx, key, collected);
  for (const [key, collected] of fresh.outputs) {
    const output = guardOutput(ctx, entry, key, {
      ...collected,
      masked: collected.masked || isMaskedName(ctx.request, key),
    });
    outputs.set(key, output);
    ctx.result.outputs.set(key, output);
    if (!output.secret) toSave.set(key, output.value);
  }
  const keys = new Set(fresh.outputs.keys());
  if (!ctx.request.persist || toSave.size === 0) return keys;
  // Recorded before they are saved: a run killed between the two steps then leaves keys that are recorded but not
  // yet in .env (state warns about them), never keys in .env that look like the user's to the next provision.
  const savable = [...toSave].filter(([k, v]) => unsavableReason(k, v) === undefined).map(([k]) => k);
  await ctx.recorder?.record(savable.map((key) => ({ key, type: fresh.outputs.get(key)!.type })));
  const skipped = await env.save({ set: toSave });
  for (const s of skipped) {
    warn(
      ctx,
      `Output ${s.key} of "${entry.name}" was not saved to ${env.dotenvFile}: ${s.reason}. Later scripts and step outputs still get it.`,
      { file: fresh.file },
    );
  }
  const saved = [...toSave.keys()].filter((k) => !skipped.some((s) => s.key === k));
  for (const key of saved) outputs.get(key)!.saved = true;
  return keys;
}

/** A secure output's value (a secureobject's every string leaf too), registered before anything can print it. */
function registerSecure(ctx: Context, key: string, output: OutputValue): void {
  if (output.type.toLowerCase() === 'secureobject') ctx.secrets.addObject(output.value, `output ${key}`);
  else ctx.secrets.add(output.value, 'secret', `output ${key}`);
}

/**
 * An output holding a secret the run knows is treated as that secret (issue 11.2): a `string` built from a secret
 * parameter must not land in .env, the outputs JSON or a summary in clear.
 */
function guardOutput(ctx: Context, entry: ScriptEntry, key: string, output: OutputValue): OutputValue {
  if (output.secret) return output;
  const holds = ctx.secrets.contained(output.value);
  if (holds?.kind === 'secret') {
    ctx.secrets.add(output.value, 'secret', `output ${key}`);
    warn(
      ctx,
      `Output ${key} of "${entry.name}" contains the value of ${holds.what}, so it is treated as a secret: masked, not saved to .env and left out of the outputs JSON. Declare it "securestring" in outputs.json.`,
    );
    return { ...output, secret: true, masked: true };
  }
  if (output.masked || holds) {
    ctx.secrets.add(output.value, 'masked', `output ${key}`);
    return { ...output, masked: true };
  }
  return output;
}
