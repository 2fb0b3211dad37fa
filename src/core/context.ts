/**
 * What every lifecycle step shares: the request, the host, the result being built and the run's secrets; and the
 * two things each step may do on its own (warn, stop when cancelled).
 */
import { ScriptsError, type Location } from './errors.js';
import type { Host } from './host.js';
import type { ScriptEntry } from './project.js';
import type { OutputRecorder } from './records.js';
import type { Request, Result } from './request.js';
import type { Secrets } from './secrets.js';
import type { Shell } from './shells.js';

/** A script of the command, checked and ready to start. */
export interface ReadyScript {
  entry: ScriptEntry;
  shell: Shell;
  executable: string;
  file: string;
}

export interface Context {
  request: Request;
  host: Host;
  result: Result;
  secrets: Secrets;
  /** provision: records the outputs it introduced to .env, for `state` and `down` (records.ts). */
  recorder?: OutputRecorder;
}

export function warn(ctx: Context, message: string, location?: Location): void {
  const text = ctx.secrets.redact(message);
  ctx.result.warnings.push({ message: text, ...location });
  ctx.host.warning(text, location);
}

export function throwIfCancelled(ctx: Context): void {
  const reason = ctx.host.cancellation.reason;
  if (reason === undefined) return;
  throw new ScriptsError({
    code: 'CANCELLED',
    message: `Cancelled (${reason}) before the next script started.`,
    hint: 'Run again to finish.',
  });
}
