/**
 * Renderings of a Result that the CI hosts share: the `outputs` JSON of non-secret outputs, and the Markdown job
 * summary (GitHub's step summary, Azure Pipelines' uploaded summary).
 *
 * The summary is inert and bounded (issue 11.7): every value a script or a user controls is passed through the
 * host's redaction (a secret inside a non-secret value shows as `***`), then written so that neither Markdown nor
 * HTML can read structure into it (no link, image, emphasis, tag or autolink); each section has a byte budget
 * and ends with a note of what it left out, so the whole stays far below GitHub's 1 MiB cap (over it, GitHub
 * drops the summary whole).
 */
import { PREVIEW_NOTE, type Result, type ScriptRun } from '../core/request.js';
import { REDACTED } from '../core/secrets.js';
import { MAX_SUMMARY_BYTES, capText, utf8Length } from './bounds.js';

/** Characters of one value shown in a table cell. */
const MAX_VALUE = 300;

/** Byte budget of each section; together (with headings) well below MAX_SUMMARY_BYTES. */
const BUDGET = {
  scripts: 96 * 1024,
  parameters: 160 * 1024,
  outputs: 320 * 1024,
  warnings: 96 * 1024,
  error: 64 * 1024,
} as const;

export type Redact = (text: string) => string;
const noRedaction: Redact = (text) => text;

/** `{"NAME": "value", ...}` of the outputs that are neither secret nor masked (GitHub drops job outputs holding a secret). */
export function outputsJson(result: Result): string {
  const out: Record<string, string> = {};
  for (const [key, o] of result.outputs) {
    if (o.masked) continue;
    Object.defineProperty(out, key, { value: o.value, enumerable: true });
  }
  return JSON.stringify(out);
}

/** Rows added until a byte budget is spent; then a note says how many were left out. */
class Section {
  private readonly lines: string[] = [];
  private bytes = 0;
  private left = 0;

  constructor(private readonly budget: number) {}

  add(row: string): void {
    const size = utf8Length(row) + 1;
    if (this.left > 0 || this.bytes + size > this.budget) {
      this.left++;
      return;
    }
    this.lines.push(row);
    this.bytes += size;
  }

  /** The rows, then (when some did not fit) `note(n)`. */
  render(note: (n: number) => string): string[] {
    return this.left > 0 ? [...this.lines, '', note(this.left)] : this.lines;
  }
}

export function summaryMarkdown(result: Result, redact: Redact = noRedaction): string {
  const lines: string[] = [];
  const env = result.environment ? ` <code>${inert(result.environment)}</code>` : '';
  const status =
    result.status === 'succeeded' ? '✅ succeeded' : result.status === 'cancelled' ? '⏹️ cancelled' : '❌ failed';
  lines.push(`## azd-scripts ${result.command}${env}: ${status}`, '');

  if (result.plan) {
    lines.push('Scripts that would run, in order (nothing was run):', '');
    lines.push('| # | Script | Shell | Path |', '|---|---|---|---|');
    const scripts = new Section(BUDGET.scripts);
    result.plan.scripts.forEach((s, i) =>
      scripts.add(`| ${i + 1} | ${cell(redact(s.name))} | ${s.shell} | ${code(redact(s.path))} |`),
    );
    lines.push(...scripts.render((n) => cutNote(n, 'more scripts')));
    if (result.plan.parameters.length > 0) {
      lines.push('', '| Parameter | Value | Source |', '|---|---|---|');
      const parameters = new Section(BUDGET.parameters);
      for (const p of result.plan.parameters)
        parameters.add(`| ${cell(p.key)} | ${code(p.secret ? REDACTED : redact(p.value))} | ${p.source} |`);
      lines.push(...parameters.render((n) => cutNote(n, 'more parameters')));
    }
    lines.push('', `> ${PREVIEW_NOTE}`, '');
  } else if (result.scripts.length > 0) {
    lines.push('| # | Script | Shell | Result | Duration |', '|---|---|---|---|---|');
    const scripts = new Section(BUDGET.scripts);
    result.scripts.forEach((s, i) =>
      scripts.add(`| ${i + 1} | ${cell(redact(s.name))} | ${s.shell} | ${scriptResult(s)} | ${duration(s)} |`),
    );
    lines.push(...scripts.render((n) => cutNote(n, 'more scripts')), '');
  }

  if (result.outputs.size > 0) {
    lines.push(
      result.command === 'state' ? '### Recorded outputs' : '### Outputs',
      '',
      '| Name | Value |',
      '|---|---|',
    );
    const outputs = new Section(BUDGET.outputs);
    for (const [key, o] of result.outputs)
      outputs.add(`| ${cell(key)} | ${code(o.masked ? REDACTED : redact(o.value))} |`);
    lines.push(...outputs.render((n) => cutNote(n, 'more outputs', 'every output is still set')), '');
  }
  if (result.warnings.length > 0) {
    lines.push('### Warnings', '');
    const warnings = new Section(BUDGET.warnings);
    for (const w of result.warnings) warnings.add(`- ${cell(redact(w.message))}`);
    lines.push(...warnings.render((n) => cutNote(n, 'more warnings', 'all are in the log')), '');
  }
  if (result.error) {
    const message = capText(redact(result.error.message), BUDGET.error / 2, 'the log has the script output');
    lines.push('### Error', '', `<pre>${html(message)}</pre>`, '');
    if (result.error.hint) lines.push(`**Next step:** ${cell(redact(result.error.hint))}`, '');
  }
  return bounded(lines.join('\n'));
}

/** Belt and braces: the sections' budgets already keep the summary below this. */
function bounded(text: string): string {
  if (utf8Length(text) <= MAX_SUMMARY_BYTES) return text;
  const cut = Buffer.from(text, 'utf8')
    .subarray(0, MAX_SUMMARY_BYTES - 200)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
  return `${cut.slice(0, cut.lastIndexOf('\n'))}\n\n${cutNote(1, 'part of the summary')}\n`;
}

function cutNote(n: number, what: string, more = ''): string {
  return `_… ${n} ${what} not shown: the summary is kept below GitHub's 1 MiB limit${more ? `; ${more}` : ''}._`;
}

function scriptResult(s: ScriptRun): string {
  switch (s.status) {
    case 'succeeded':
      return '✅ succeeded';
    case 'failed':
      return `❌ failed (${s.signal ? `signal ${s.signal}` : `exit code ${s.exitCode ?? '?'}`})${s.continueOnError ? ', continued' : ''}`;
    case 'cancelled':
      return '⏹️ cancelled';
    case 'not-run':
      return '⏭️ not run';
  }
}

function duration(s: ScriptRun): string {
  if (s.durationMs === undefined) return '';
  return s.durationMs < 1000 ? `${s.durationMs} ms` : `${(s.durationMs / 1000).toFixed(1)} s`;
}

function shorten(text: string): string {
  if (text.length <= MAX_VALUE) return text;
  const code = text.charCodeAt(MAX_VALUE - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? MAX_VALUE - 1 : MAX_VALUE;
  return `${text.slice(0, end)}… (${text.length} characters)`;
}

/** For <pre> (an HTML block: Markdown is not read inside it). */
function html(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Text with no Markdown or HTML meaning, that still reads the same in the file: the characters that Markdown
 * (CommonMark and GitHub's extensions: tables, autolinks, strikethrough, math) or HTML read as syntax become
 * numeric character references, which render as the character itself and never as structure. `[`, `]` and `!`
 * (links, images), `<`, `>` and `&` (tags, entities), `` ` ``, `*`, `~`, `$`, `|` and `\`; `_` unless inside a
 * word (where it is never emphasis, so keys such as DB_PASSWORD stay as they are); `://`, `www.` and `@`, which
 * GitHub would turn into links. `***` (a redacted secret) is kept as it is.
 */
function inert(text: string): string {
  return text
    .split(REDACTED)
    .map((part) =>
      part
        .replace(/[\\`*[\]!<>&|~$]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/g, (c) => `&#${c.charCodeAt(0)};`)
        .replace(/:\/\//g, '&#58;//')
        .replace(/(www)\./gi, '$1&#46;')
        .replace(/@/g, '&#64;'),
    )
    .join(REDACTED);
}

/** Text for a table cell: shortened, inert, line breaks as <br>. */
function cell(text: string): string {
  return inert(shorten(text)).replace(/\r\n|\r|\n/g, '<br>');
}

function code(text: string): string {
  return `<code>${cell(text)}</code>`;
}
