/**
 * Collecting a script's outputs (PRD REQ-4): read outputs.json, pass the values on, persist the non-secret ones
 * at once and record their keys for `state` and `down`.
 */
import { warn, type Context } from './context.js';
import type { AzdEnvironment } from './environment.js';
import { outputsTooLarge } from './env-limits.js';
import { collectOutputs, type OutputsSnapshot } from './outputs.js';
import type { ScriptEntry } from './project.js';
import type { OutputValue } from './request.js';

/** Reads the outputs a script left, passes them on, and persists the non-secret ones at once. */
export async function collect(
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
  const base = [
    ...Object.entries(ctx.request.env),
    ...env.values,
    ...[...outputs].map(([k, o]) => [k, o.value] as const),
  ];
  const tooLarge = outputsTooLarge(entry.name, found.outputs, base);
  if (tooLarge) throw tooLarge;
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
  for (const key of saved) outputs.get(key)!.saved = true;
  if (saved.length > 0) await env.recordOutputs({ add: saved });
}
