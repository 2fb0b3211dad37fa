/**
 * Secret values of a run (secret parameters, secure outputs). Each is handed to the host's mask the moment it
 * is known, before anything can print it, and removed from every message we build (error messages quote a
 * script's stderr, which may hold one).
 */
import type { Host } from './host.js';
import type { ScriptsErrorData } from './errors.js';

export const REDACTED = '***';

export class Secrets {
  private readonly values = new Set<string>();
  private sorted: string[] | undefined;

  constructor(private readonly host: Pick<Host, 'mask'>) {}

  add(value: string): void {
    if (!value || this.values.has(value)) return;
    this.host.mask(value);
    this.values.add(value);
    // A multi-line secret can be printed one line at a time; each line is a secret of its own.
    for (const line of value.split(/\r\n|\r|\n/)) if (line.trim()) this.values.add(line);
    this.sorted = undefined;
  }

  has(value: string): boolean {
    return this.values.has(value);
  }

  redact(text: string): string {
    if (this.values.size === 0 || !text) return text;
    this.sorted ??= [...this.values].sort((a, b) => b.length - a.length);
    let out = text;
    for (const secret of this.sorted) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  }

  redactError(error: ScriptsErrorData): ScriptsErrorData {
    const out: ScriptsErrorData = { ...error, message: this.redact(error.message) };
    if (error.hint !== undefined) out.hint = this.redact(error.hint);
    if (error.problems) out.problems = error.problems.map((p) => this.redactError(p));
    return out;
  }
}
