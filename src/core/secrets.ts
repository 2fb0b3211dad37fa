/**
 * Secret values of a run (secret parameters, secure outputs). Each is handed to the host's mask the moment it
 * is known, before anything can print it, and removed from every message we build (error messages quote a
 * script's stderr, which may hold one).
 */
import type { Host } from './host.js';
import type { ScriptsErrorData } from './errors.js';

export const REDACTED = '***';

/**
 * The shortest secret that makes an output holding it secret too. Shorter ones (`1`, `dev`, `true`) occur in
 * ordinary values by chance; treating every output that holds them as secret would keep all outputs off disk.
 * 8 is the usual minimum length of a password or key.
 */
export const MIN_CONTAINED_SECRET = 8;

/**
 * `secret`: never written to disk (secret parameters, securestring/secureobject outputs). `masked`: hidden in
 * logs and summaries but still saved (outputs named in masked-outputs).
 */
export type SecretKind = 'secret' | 'masked';

export class Secrets {
  private readonly values = new Set<string>();
  /** Values (and their lines) that must never reach the disk, with what they are, for messages. */
  private readonly unsaved = new Map<string, string>();
  private readonly maskedOnly = new Map<string, string>();
  private sorted: string[] | undefined;

  constructor(private readonly host: Pick<Host, 'mask'>) {}

  /** Registers `value` (and each of its lines); `what` names it in warnings ("parameter DB_PASSWORD"). */
  add(value: string, kind: SecretKind = 'secret', what = 'a secret'): void {
    if (!value) return;
    const known = kind === 'secret' ? this.unsaved : this.maskedOnly;
    // A multi-line secret can be printed one line at a time; each line is a secret of its own.
    const pieces = [value, ...value.split(/\r\n|\r|\n/).filter((line) => line.trim() && line !== value)];
    for (const piece of pieces) if (!known.has(piece)) known.set(piece, what);
    if (this.values.has(value)) return;
    this.host.mask(value);
    for (const piece of pieces) this.values.add(piece);
    this.sorted = undefined;
  }

  /**
   * A secureobject: the whole JSON and every string leaf (and each line of it), so a script printing one field
   * does not show it. Numbers, booleans and null are not registered: masking every `5432` or `true` in the log
   * would hide ordinary text, and a secret is a string.
   */
  addObject(json: string, what = 'a secret'): void {
    this.add(json, 'secret', what);
    let data: unknown;
    try {
      data = JSON.parse(json);
    } catch {
      return;
    }
    for (const leaf of stringLeaves(data)) if (leaf.trim()) this.add(leaf, 'secret', what);
  }

  has(value: string): boolean {
    return this.values.has(value);
  }

  /**
   * What a value holds of the run's secrets, if anything: a never-saved secret wins over a masked-only value.
   * Only secrets of at least MIN_CONTAINED_SECRET characters count.
   */
  contained(value: string): { kind: SecretKind; what: string } | undefined {
    for (const [kind, known] of [
      ['secret', this.unsaved],
      ['masked', this.maskedOnly],
    ] as const) {
      for (const [secret, what] of known) {
        if (secret.length >= MIN_CONTAINED_SECRET && value.includes(secret)) return { kind, what };
      }
    }
    return undefined;
  }

  redact(text: string): string {
    if (this.values.size === 0 || !text) return text;
    this.sorted ??= [...this.values].sort((a, b) => b.length - a.length);
    let out = text;
    for (const secret of this.sorted) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  }

  /**
   * Redacts raw bytes (a stream's tail, which may end inside a UTF-8 character): each byte maps to one latin1
   * character, so matching the secrets' UTF-8 bytes works without decoding.
   */
  redactBytes(bytes: Buffer): Buffer {
    if (this.values.size === 0 || bytes.length === 0) return bytes;
    let text = bytes.toString('latin1');
    let changed = false;
    this.sorted ??= [...this.values].sort((a, b) => b.length - a.length);
    for (const secret of this.sorted) {
      // `*` or `**` would grow with each pass over text that was redacted already.
      if (REDACTED.includes(secret)) continue;
      const raw = Buffer.from(secret, 'utf8').toString('latin1');
      if (!text.includes(raw)) continue;
      text = text.split(raw).join(REDACTED);
      changed = true;
    }
    return changed ? Buffer.from(text, 'latin1') : bytes;
  }

  redactError(error: ScriptsErrorData): ScriptsErrorData {
    const out: ScriptsErrorData = { ...error, message: this.redact(error.message) };
    if (error.hint !== undefined) out.hint = this.redact(error.hint);
    if (error.problems) out.problems = error.problems.map((p) => this.redactError(p));
    return out;
  }
}

function* stringLeaves(data: unknown): Generator<string> {
  if (typeof data === 'string') yield data;
  else if (Array.isArray(data)) for (const item of data) yield* stringLeaves(item);
  else if (typeof data === 'object' && data !== null) for (const item of Object.values(data)) yield* stringLeaves(item);
}
