/**
 * `masked-outputs` names. GitHub treats output names case-insensitively, and so does Azure Pipelines for
 * variables, so `db_conn` names the output `DB_CONN`. A name that matches no output is almost always a typo that
 * would leave a value unmasked, so it is reported.
 */
import { warn, type Context } from './context.js';
import type { Request } from './request.js';

export function isMaskedName(request: Pick<Request, 'maskedOutputs'>, key: string): boolean {
  if (request.maskedOutputs.size === 0) return false;
  const upper = key.toUpperCase();
  for (const name of request.maskedOutputs) if (name.toUpperCase() === upper) return true;
  return false;
}

/**
 * Warns about masked-outputs names that match no output. Only after a run that succeeded and collected outputs:
 * a failed run may have stopped before the script that writes the named output, and a run without outputs
 * (a script that writes none, `down`, `preview`) has nothing to match against.
 */
export function warnUnmatchedMaskedNames(ctx: Context): void {
  const { request, result } = ctx;
  if (request.maskedOutputs.size === 0 || result.status !== 'succeeded' || result.outputs.size === 0) return;
  const keys = new Set([...result.outputs.keys()].map((k) => k.toUpperCase()));
  for (const name of request.maskedOutputs) {
    if (keys.has(name.toUpperCase())) continue;
    warn(
      ctx,
      `masked-outputs names ${name}, but no output of this run has that name (names are matched ignoring case). Check the spelling; outputs: ${[...result.outputs.keys()].slice(0, 20).join(', ')}${result.outputs.size > 20 ? ', …' : ''}.`,
    );
  }
}
