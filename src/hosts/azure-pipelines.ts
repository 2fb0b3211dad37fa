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
import { Secrets } from '../core/secrets.js';
import { MAX_ANNOTATION_CHARS, MAX_LOG_MESSAGE_CHARS, capText } from './bounds.js';
import { neutralizeLoggingCommands as neutralize } from './neutralize.js';
import { guarded } from './output-streams.js';
import { publishEach } from './publish-each.js';
import { outputsJson, summaryMarkdown } from './report.js';
import { closingLine } from './closing-line.js';
import { isOwnOutputName, isReservedName } from './reserved-names.js';

export class AzurePipelinesHost implements Host {
  readonly cancellation = new Cancellation();
  readonly option = azurePipelinesOptions.option;
  /**
   * Scripts get our stdout descriptor itself: the agent reads it until we exit, so no reader goes away early here,
   * and the kernel then moves the output at full speed (a pass-through costs 5x: docs/performance.md). Our own writes
   * ignore write errors (ignoreOutputErrors); only the terminal CLI, where `| head` is common, passes output through.
   */
  readonly stdout = process.stdout;
  readonly stderr = guarded(process.stderr);
  readonly scriptStdin = 'closed' as const;
  private readonly masked = new Set<string>();
  /** Every value masked so far: what the summary redacts from values that are not secret themselves. */
  private readonly secrets = new Secrets({ mask: () => undefined });
  /**
   * Read now: task-lib's setVariable writes each output into process.env, so an output named
   * AGENT_TEMPDIRECTORY would otherwise choose where the summary is written (issue 11.10).
   */
  private readonly summaryDir = tl.getVariable('Agent.TempDirectory') || os.tmpdir();

  constructor(private readonly sourcesRoot: string) {}

  info(message: string): void {
    process.stdout.write(`${neutralize(message)}\n`);
  }

  warning(message: string, location?: Location): void {
    tl.command(
      'task.issue',
      { type: 'warning', ...this.source(location) },
      neutralize(capText(message, MAX_ANNOTATION_CHARS)),
    );
  }

  startGroup(title: string): void {
    process.stdout.write(`##[group]${neutralize(title)}\n`);
  }

  endGroup(): void {
    process.stdout.write('##[endgroup]\n');
  }

  /** The agent rejects a multi-line secret: each line is registered on its own. */
  mask(secret: string): void {
    this.secrets.add(secret);
    for (const line of secret.split(/\r\n|\r|\n/)) {
      if (!line.trim() || this.masked.has(line)) continue;
      this.masked.add(line);
      tl.setSecret(line);
    }
  }

  /**
   * Output variables, job variables, the summary and the result, once the engine is done. One output that
   * cannot be set never stops the others (issue 11.11); a name that is one of our own output variables, or (for
   * exportVariables) a variable of the agent, a shell or a loader, is refused with a warning naming it (11.10).
   */
  publish(result: Result, options: { exportVariables: boolean }): void {
    for (const [, o] of result.outputs) if (o.masked) this.mask(o.value);
    const warn = (message: string) => this.warning(this.secrets.redact(message));
    publishEach(result.outputs, warn, 'output variable', (key, o) => {
      if (o.masked && /[\r\n]/.test(o.value)) {
        warn(
          `Output ${key} is a multi-line secret, which an Azure Pipelines secret variable cannot hold; it was not set as a variable (later scripts of this run received it).`,
        );
        return;
      }
      if (isOwnOutputName(key)) {
        warn(
          `Output ${key} has the name of one of this task's own output variables (outputs, environment), so it is not an output variable of its own${o.masked ? '' : `; read it from the outputs JSON variable under the key ${key}`}.`,
        );
        return;
      }
      keepingEnv(key, () => tl.setVariable(key, o.value, o.masked, true));
    });
    if (options.exportVariables) {
      publishEach(result.outputs, warn, 'job variable', (key, o) => {
        if (o.masked && /[\r\n]/.test(o.value)) return;
        if (isReservedName(key)) {
          warn(
            `Output ${key} was not set as a job variable: ${key} is a variable of the agent, a shell or a program loader, and setting it would change how later steps run. It is still an output variable.`,
          );
          return;
        }
        keepingEnv(key, () => tl.setVariable(key, o.value, o.masked, false));
      });
    }
    const own: Array<[string, string]> = [['outputs', outputsJson(result)]];
    if (result.environment) own.push(['environment', result.environment]);
    publishEach(own, warn, 'output variable', (key, value) => tl.setVariable(key, value, false, true));
    this.uploadSummary(result);
    const closing = closingLine(result);
    if (closing) this.info(closing);
    if (result.error) this.fail(result.error);
    else tl.setResult(tl.TaskResult.Succeeded, summaryLine(result));
  }

  /**
   * Issues pointing at the files at fault, then the failed result with the whole message (cut to what the
   * agent shows; a longer message is printed to the log at more length first).
   */
  fail(error: ScriptsErrorData): void {
    const problems = error.problems && error.problems.length > 1 ? error.problems : [error];
    for (const p of problems) {
      if (!p.file) continue;
      tl.command(
        'task.issue',
        { type: 'error', ...this.source(p) },
        neutralize(capText(p.message.split('\n')[0]!, MAX_ANNOTATION_CHARS)),
      );
    }
    const text = error.hint ? `${error.message}\n${error.hint}` : error.message;
    if (text.length > MAX_ANNOTATION_CHARS) this.info(capText(text, MAX_LOG_MESSAGE_CHARS));
    tl.setResult(tl.TaskResult.Failed, neutralize(capText(text, MAX_ANNOTATION_CHARS, 'the log above has more')));
    process.exitCode = 1;
  }

  private uploadSummary(result: Result): void {
    try {
      const file = path.join(this.summaryDir, `azd-scripts-summary-${randomBytes(4).toString('hex')}.md`);
      writeFileSync(
        file,
        summaryMarkdown(result, (text) => this.secrets.redact(text)),
      );
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

/**
 * task-lib's setVariable also writes the value into process.env (or deletes it, for a secret). For a name of the
 * agent's or a loader's (SYSTEM_UNSAFEALLOWMULTILINESECRET, AGENT_TEMPDIRECTORY, PATH …) that would change how
 * this process goes on, so the variable is put back as it was.
 */
function keepingEnv(name: string, set: () => void): void {
  if (!isReservedName(name)) return set();
  const key = name.replace(/[. ]/g, '_').toUpperCase();
  const had = Object.prototype.hasOwnProperty.call(process.env, key);
  const before = process.env[key];
  try {
    set();
  } finally {
    if (had) process.env[key] = before;
    else delete process.env[key];
  }
}

function summaryLine(result: Result): string {
  const ran = result.scripts.filter((s) => s.status !== 'not-run').length;
  return result.command === 'preview' || result.command === 'state'
    ? `${result.command} of environment ${result.environment ?? ''} done`
    : `${ran} script(s) of ${result.command} succeeded`;
}
