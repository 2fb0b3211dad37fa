/**
 * A value shown on one line of a terminal. An output value is whatever a script wrote: a newline would forge
 * the next `KEY=value` line, an escape sequence would recolour or rewrite the screen, a bidi control would
 * reorder what is read. Such a value is shown quoted with those characters escaped (`"a\nb"`, `"\u001b[31m"`);
 * any other value is shown as it is, so the common case stays copy-pasteable.
 */

// C0 controls, DEL, C1 controls, line/paragraph separators and the bidi embedding/isolate controls.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const UNPRINTABLE_ALL = new RegExp(UNPRINTABLE.source, 'g');

const SHORT: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

export function printable(value: string): string {
  if (!UNPRINTABLE.test(value)) return value;
  const escaped = value
    .replace(/["\\]/g, (c) => `\\${c}`)
    .replace(UNPRINTABLE_ALL, (c) => SHORT[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `"${escaped}"`;
}
