/**
 * Collecting a script's outputs (PRD REQ-4): read outputs.json and remove it, pass the values on, persist the
 * non-secret ones at once and record their keys for `state` and `down`.
 */
import { warn, type Context } from './context.js';
import type { AzdEnvironment } from './environment.js';
import { collectOutputs, consumeOutputs, type OutputsSnapshot } from './outputs.js';
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
  await consumeOutputs(fresh.file);
  ctx.host.info(`Collecting outputs from: ${entry.name}`);
  const toSave = new Map<string, string>();
  for (const [key, collected] of fresh.outputs) {
    const output = { ...collected, masked: collected.masked || ctx.request.maskedOutputs.has(key) };
    if (output.masked) ctx.secrets.add(output.value);
    outputs.set(key, output);
    ctx.result.outputs.set(key, output);
    if (!output.secret) toSave.set(key, output.value);
  }
  const keys = new Set(fresh.outputs.keys());
  if (!ctx.request.persist || toSave.size === 0) return keys;
  const skipped = await env.save({ set: toSave });
  for (const s of skipped) {
    warn(
      ctx,
      `Output ${s.key} of "${entry.name}" was not saved to ${env.dotenvFile}: ${s.reason}. Later scripts and step outputs still get it.`,
      { file: fresh.file },
    );
  }
  const saved = [...toSave.keys()].filter((k) => !skipped.some((s) => s.key === k));
  if (saved.length > 0) await env.recordOutputs({ add: saved });
  return keys;
}
