/**
 * Size limits of what CI systems show, and cutting text to fit with a note of what was cut. Past a limit the
 * platforms drop text silently (an annotation beyond 4096 characters is cut by the runner, a step summary over
 * 1 MiB is dropped whole), so we cut first and say so.
 */

/** GitHub (runner 2.305+) shows at most 4096 characters of an annotation; the agent's issues are kept as short. */
export const MAX_ANNOTATION_CHARS = 4000;
/** How much of an error message we print to the log when its annotation had to be cut. */
export const MAX_LOG_MESSAGE_CHARS = 64 * 1024;
/** GitHub drops a step summary over 1 MiB; ours stays well below, whatever the result holds. */
export const MAX_SUMMARY_BYTES = 900 * 1024;

/** `text` cut to `max` characters (never inside a surrogate pair), with a note of how much was cut. */
export function capText(text: string, max: number, where = ''): string {
  if (text.length <= max) return text;
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}\n… (${text.length - end} more characters cut${where ? `; ${where}` : ''})`;
}

export function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
