/**
 * Preview (PRD REQ-5.3): what would run and with which values; nothing runs and nothing is written.
 */
import type { Context, ReadyScript } from './context.js';
import type { ResolvedParameters } from './parameters.js';
import { PREVIEW_NOTE, type Plan } from './request.js';
import { REDACTED } from './secrets.js';
import type { OptionSpeller } from './options.js';

export function preview(ctx: Context, scripts: ReadyScript[], parameters: ResolvedParameters): void {
  const { host } = ctx;
  const plan: Plan = {
    scripts: scripts.map(({ entry, shell }) => ({
      name: entry.name,
      shell,
      path: entry.run,
      continueOnError: entry.continueOnError,
      ...(entry.parameters ? { parameters: entry.parameters } : {}),
      ...(Object.keys(entry.env).length > 0
        ? { env: Object.fromEntries(Object.entries(entry.env).map(([k, v]) => [k, ctx.secrets.redact(v)])) }
        : {}),
      ...(Object.keys(entry.secrets).length > 0 ? { secrets: Object.keys(entry.secrets).sort() } : {}),
    })),
    // Redacted here, once, so that no renderer (text, JSON, summaries) can show a secret held inside a
    // non-secret value such as "Server=db;Password=${DB_PASSWORD}".
    parameters: parameters.plan.map((p) => ({ ...p, value: p.secret ? REDACTED : ctx.secrets.redact(p.value) })),
    note: PREVIEW_NOTE,
  };
  ctx.result.plan = plan;
  host.info(
    `Preview of provision for environment "${ctx.result.environment}": ${scripts.length} script(s) would run, in this order:`,
  );
  plan.scripts.forEach((s, i) => {
    host.info(`  ${i + 1}. ${s.name} (${s.shell}) ${s.path}${s.continueOnError ? ' [continueOnError]' : ''}`);
    for (const [key, value] of Object.entries(s.env ?? {}).sort(([a], [b]) => (a < b ? -1 : 1)))
      host.info(`     env ${key} = ${value}`);
    for (const key of s.secrets ?? []) host.info(`     secret ${key} = ${REDACTED}`);
  });
  if (plan.parameters.length > 0) {
    host.info('Parameters:');
    for (const p of plan.parameters) {
      const files = p.files.length > 0 ? `, declared in ${p.files.join(', ')}` : '';
      host.info(`  ${p.key} = ${p.value} (from ${describeSource(p.source, host)}${files})`);
    }
  }
  host.info(PREVIEW_NOTE);
}

function describeSource(source: string, names: OptionSpeller): string {
  switch (source) {
    case 'request':
      return names.option('parameters');
    case 'interpolated':
      return 'the value in the parameter file, with ${…} filled in';
    case 'literal':
      return 'the value in the parameter file';
    case 'azd-env':
      return 'the azd environment';
    case 'os-env':
      return 'the OS environment';
    default:
      return 'a prompt';
  }
}
