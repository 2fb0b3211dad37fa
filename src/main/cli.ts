#!/usr/bin/env node
/**
 * `azd-scripts`: the engine for a person at a terminal. Reads argv into a Request, runs it, prints the Result.
 * Exit codes: 0 success, 1 failure, 2 usage error, 130 cancelled.
 */
import { run } from '../core/provider.js';
import type { OutputValue, Result } from '../core/request.js';
import { REDACTED } from '../core/secrets.js';
import { ScriptsError } from '../core/errors.js';
import { TerminalHost } from '../hosts/terminal.js';
import { neutralizeCommands } from '../hosts/neutralize.js';
import { VERSION } from '../version.js';
import { HELP, readCliInputs, type CliSettings } from './cli-inputs.js';
import { cancelOnSignals } from '../hosts/signals.js';
import { closingLine } from '../hosts/closing-line.js';
import { guarded, ignoreOutputErrors, scriptSink } from '../hosts/output-streams.js';
import { printable } from '../hosts/printable.js';

export async function main(): Promise<number> {
  ignoreOutputErrors();
  const terminal = { stdinTTY: process.stdin.isTTY === true, stdoutTTY: process.stdout.isTTY === true };
  let settings: CliSettings | 'help' | 'version';
  try {
    settings = readCliInputs(process.argv.slice(2), process.env, process.cwd(), terminal);
  } catch (err) {
    if (!(err instanceof ScriptsError)) throw err;
    process.stderr.write(neutralizeCommands(`error: ${err.message}\nhint: ${err.hint ?? 'Run azd-scripts --help.'}\n`));
    return 2;
  }
  if (settings === 'help') {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (settings === 'version') {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const json = settings.output === 'json';
  const host = new TerminalHost({
    log: json ? process.stderr : process.stdout,
    errors: process.stderr,
    scriptStdout: scriptSink(json ? process.stderr : process.stdout),
    scriptStderr: guarded(process.stderr),
    scriptStdin: terminal.stdinTTY ? 'inherit' : 'closed',
    prompt: settings.request.interactive,
    env: process.env,
  });
  const stopListening = cancelOnSignals(host.cancellation);
  const result = await run(settings.request, host);
  stopListening();
  // `[` after `##vso` written as \u005b: the same JSON value, but no Azure Pipelines logging command in the log.
  if (json)
    process.stdout.write(
      `${JSON.stringify(resultJson(result, host), null, 2).replace(/##(vso)?\[/g, (m) => `${m.slice(0, -1)}\\u005b`)}\n`,
    );
  else render(result, host);
  return result.status === 'succeeded' ? 0 : result.status === 'cancelled' ? 130 : 1;
}

/** The Result as JSON: outputs as an object, secret values (and secrets inside other values) replaced by `***`. */
function resultJson(result: Result, host: TerminalHost): Record<string, unknown> {
  const outputs: Record<string, unknown> = {};
  for (const [key, o] of result.outputs) {
    Object.defineProperty(outputs, key, {
      value: { value: o.masked ? REDACTED : host.redact(o.value), secret: o.secret, masked: o.masked, type: o.type },
      enumerable: true,
    });
  }
  return { ...result, outputs };
}

function render(result: Result, host: TerminalHost): void {
  const c = host.style();
  const env = result.environment ? ` "${result.environment}"` : '';
  const outputLines = [...result.outputs].map(
    ([k, o]) => `  ${k}=${o.masked ? REDACTED : printable(host.redact(o.value))}`,
  );
  const closing = closingLine(result);
  if (result.status === 'succeeded') {
    if (result.command === 'provision' && outputLines.length > 0) host.info(['Outputs:', ...outputLines].join('\n'));
    if (result.command === 'state' && outputLines.length > 0)
      host.info([`Outputs of environment${env}, recorded by provision:`, ...outputLines].join('\n'));
    if (closing) host.info(c.green(closing));
    return;
  }
  const error = result.error;
  // Saying no is an answer, not an error: a plain line (the exit status is still 1, see docs/decisions).
  if (error?.code === 'DECLINED') return host.info(error.message);
  if (error) host.error(error.message, error.hint);
  if (result.command === 'provision' && outputLines.length > 0) {
    const line = ([k, o]: [string, OutputValue]) => `  ${k}=${o.masked ? REDACTED : o.value}`;
    const kept = [...result.outputs].filter(([, o]) => o.saved).map(line);
    const lost = [...result.outputs].filter(([, o]) => !o.saved).map(line);
    if (kept.length > 0) host.info(['Outputs of the scripts that completed (kept):', ...kept].join('\n'));
    if (lost.length > 0) host.info(['Outputs of this run not saved to the environment:', ...lost].join('\n'));
  }
  if (closing) host.info(result.status === 'cancelled' ? c.yellow(closing) : c.red(closing));
}

const exitCode = await main().catch((err: unknown) => {
  process.stderr.write(
    `error: unexpected failure: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  return 1;
});
process.exitCode = exitCode;
