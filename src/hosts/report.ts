/**
 * Renderings of a Result that the CI hosts share: the `outputs` JSON of non-secret outputs, and the Markdown job
 * summary (GitHub's step summary, Azure Pipelines' uploaded summary). Every value is escaped for Markdown and
 * HTML, masked values appear as `***`, and long values are shortened so a summary stays far below its 1 MiB cap.
 */
import { PREVIEW_NOTE, type Result, type ScriptRun } from '../core/request.js';
import { REDACTED } from '../core/secrets.js';

const MAX_VALUE = 300;

/** `{"NAME": "value", ...}` of the outputs that are neither secret nor masked (GitHub drops job outputs holding a secret). */
export function outputsJson(result: Result): string {
  const out: Record<string, string> = {};
  for (const [key, o] of result.outputs) {
    if (o.masked) continue;
    Object.defineProperty(out, key, { value: o.value, enumerable: true });
  }
  return JSON.stringify(out);
}

export function summaryMarkdown(result: Result): string {
  const lines: string[] = [];
  const env = result.environment ? ` <code>${html(result.environment)}</code>` : '';
  const status =
    result.status === 'succeeded' ? '✅ succeeded' : result.status === 'cancelled' ? '⏹️ cancelled' : '❌ failed';
  lines.push(`## azd-scripts ${result.command}${env}: ${status}`, '');

  if (result.plan) {
    lines.push('Scripts that would run, in order (nothing was run):', '');
    lines.push('| # | Script | Shell | Path |', '|---|---|---|---|');
    result.plan.scripts.forEach((s, i) => lines.push(`| ${i + 1} | ${cell(s.name)} | ${s.shell} | ${code(s.path)} |`));
    if (result.plan.parameters.length > 0) {
      lines.push('', '| Parameter | Value | Source |', '|---|---|---|');
      for (const p of result.plan.parameters)
        lines.push(`| ${cell(p.key)} | ${code(p.secret ? REDACTED : p.value)} | ${p.source} |`);
    }
    lines.push('', `> ${PREVIEW_NOTE}`, '');
  } else if (result.scripts.length > 0) {
    lines.push('| # | Script | Shell | Result | Duration |', '|---|---|---|---|---|');
    result.scripts.forEach((s, i) =>
      lines.push(`| ${i + 1} | ${cell(s.name)} | ${s.shell} | ${scriptResult(s)} | ${duration(s)} |`),
    );
    lines.push('');
  }

  if (result.outputs.size > 0) {
    lines.push(
      result.command === 'state' ? '### Recorded outputs' : '### Outputs',
      '',
      '| Name | Value |',
      '|---|---|',
    );
    for (const [key, o] of result.outputs) lines.push(`| ${cell(key)} | ${code(o.masked ? REDACTED : o.value)} |`);
    lines.push('');
  }
  if (result.warnings.length > 0) {
    lines.push('### Warnings', '');
    for (const w of result.warnings) lines.push(`- ${cell(w.message)}`);
    lines.push('');
  }
  if (result.error) {
    lines.push('### Error', '', `<pre>${html(result.error.message)}</pre>`, '');
    if (result.error.hint) lines.push(`**Next step:** ${cell(result.error.hint)}`, '');
  }
  return lines.join('\n');
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
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}… (${text.length} characters)` : text;
}

function html(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Text for a table cell: HTML-escaped, pipes escaped, line breaks as <br>. */
function cell(text: string): string {
  return html(shorten(text)).replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>');
}

function code(text: string): string {
  return `<code>${cell(text)}</code>`;
}
