/**
 * The last line of a run, in the spirit of azd's `SUCCESS: Your application was provisioned in 1 minute 5
 * seconds.`: what happened to which environment, how many scripts, how long in total. The same line ends the
 * CLI's output and the Action's and the task's logs, so a reader finds the verdict in one place on every host.
 */
import { formatDuration } from '../core/duration.js';
import type { Result } from '../core/request.js';

/** The closing line, or undefined for commands that run no script (preview, state) and for a declined `down`. */
export function closingLine(result: Result): string | undefined {
  if (result.command !== 'provision' && result.command !== 'down') return undefined;
  if (result.error?.code === 'DECLINED') return undefined;
  const took = formatDuration(result.durationMs ?? 0);
  const env = result.environment ? ` environment "${result.environment}"` : '';
  const total = result.scripts.length;
  const succeeded = result.scripts.filter((s) => s.status === 'succeeded').length;
  const failed = result.scripts.filter((s) => s.status === 'failed');
  if (result.status === 'succeeded') {
    const verb = result.command === 'provision' ? `provisioned${env}` : `tore down${env}`;
    const tolerated = failed.length > 0 ? `, ${failed.length} failed (continueOnError)` : '';
    return `SUCCESS: ${verb}: ${count(total, result.command === 'down' ? 'destroy script' : 'script')}${tolerated} in ${took}`;
  }
  const what = env ? `${result.command} of${env}` : result.command;
  const stopped = result.scripts.find((s) => s.status === 'cancelled' || (s.status === 'failed' && !s.continueOnError));
  const ran = result.scripts.some((s) => s.status !== 'not-run');
  const progress = ran
    ? `${succeeded} of ${count(total, 'script')} completed${stopped ? `, "${stopped.name}" ${result.status === 'cancelled' ? 'was stopped' : 'failed'}` : ''}`
    : 'no script was run';
  return `${result.status === 'cancelled' ? 'CANCELLED' : 'FAILED'}: ${what} after ${took}: ${progress}`;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
