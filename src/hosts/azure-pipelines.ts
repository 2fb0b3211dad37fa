/**
 * The Azure Pipelines Host, on azure-pipelines-task-lib: `##[group]` sections, secrets registered line by line
 * (the agent refuses multi-line secrets), output variables, an uploaded Markdown summary, issues pointing at
 * files, and the result reported with setResult as first-party tasks do. Never prompts.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tl from 'azure-pipelines-task-lib/task.js';
import { azurePipelinesOptions } from './option-names.js';
import { Cancellation, type Host } from '../core/host.js';
import type { Location, ScriptsErrorData } from '../core/errors.js';
import type { Result } from '../core/request.js';
import { neutralizeLoggingCommands as neutralize } from './neutralize.js';
import { outputsJson, summaryMarkdown } from './report.js';
import { closingLine } from './closing-line.js';

export class AzurePipelinesHost implements Host {
  readonly cancellation = new Cancellation();
  readonly option = azurePipelinesOptions.option;
  readonly stdout = process.stdout;
  readonly stderr = process.stderr;
  readonly scriptStdin = 'closed' as const;
  private readonly masked = new Set<string>();

  constructor(private readonly sourcesRoot: string) {}

  info(message: string): void {
    process.stdout.write(`${neutralize(message)}\n`);
  }

  warning(message: string, location?: Location): void {
    tl.command('task.issue', { type: 'warning', ...this.source(location) }, neutralize(message));
  }

  startGroup(title: string): void {
    process.stdout.write(`##[group]${neutralize(title)}\n`);
  }

  endGroup(): void {
    process.stdout.write('##[endgroup]\n');
  }

  /** The agent rejects a multi-line secret: each line is registered on its own. */
  mask(secret: string): void {
    for (const line of secret.split(/\r\n|\r|\n/)) {
      if (!line.trim() || this.masked.has(line)) continue;
      this.masked.add(line);
      tl.setSecret(line);
    }
  }

  /** Output variables, job variables, the summary and the result, once the engine is done. */
  publish(result: Result, options: { exportVariables: boolean }): void {
    for (const [, o] of result.outputs) if (o.masked) this.mask(o.value);
    for (const [key, o] of result.outputs) {
      if (o.masked && /[\r\n]/.test(o.value)) {
        this.warning(
          `Output ${key} is a multi-line secret, which an Azure Pipelines secret variable cannot hold; it was not set as a variable (later scripts of this run received it).`,
        );
        continue;
      }
      tl.setVariable(key, o.value, o.masked, true);
      if (options.exportVariables) tl.setVariable(key, o.value, o.masked, false);
    }
    tl.setVariable('outputs', outputsJson(result), false, true);
    if (result.environment) tl.setVariable('environment', result.environment, false, true);
    this.uploadSummary(result);
    const closing = closingLine(result);
    if (closing) this.info(closing);
    if (result.error) this.fail(result.error);
    else tl.setResult(tl.TaskResult.Succeeded, summaryLine(result));
  }

  /** Issues pointing at the files at fault, then the failed result with the whole message. */
  fail(error: ScriptsErrorData): void {
    const problems = error.problems && error.problems.length > 1 ? error.problems : [error];
    for (const p of problems) {
      if (!p.file) continue;
      tl.command('task.issue', { type: 'error', ...this.source(p) }, neutralize(p.message.split('\n')[0]!));
    }
    const text = error.hint ? `${error.message}\n${error.hint}` : error.message;
    tl.setResult(tl.TaskResult.Failed, neutralize(text));
    process.exitCode = 1;
  }

  private uploadSummary(result: Result): void {
    try {
      const dir = tl.getVariable('Agent.TempDirectory') || os.tmpdir();
      const file = path.join(dir, `azd-scripts-summary-${randomBytes(4).toString('hex')}.md`);
      writeFileSync(file, summaryMarkdown(result));
      tl.uploadSummary(file);
    } catch (err) {
      tl.debug(`Could not upload the summary: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private source(location: Location | undefined): Record<string, string> {
    if (!location?.file) return {};
    const relative = path.relative(this.sourcesRoot, location.file);
    const file = relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : location.file;
    const props: Record<string, string> = { sourcepath: file.split(path.sep).join('/') };
    if (location.line !== undefined) props.linenumber = String(location.line);
    if (location.column !== undefined) props.columnnumber = String(location.column);
    return props;
  }
}

function summaryLine(result: Result): string {
  const ran = result.scripts.filter((s) => s.status !== 'not-run').length;
  return result.command === 'preview' || result.command === 'state'
    ? `${result.command} of environment ${result.environment ?? ''} done`
    : `${ran} script(s) of ${result.command} succeeded`;
}
