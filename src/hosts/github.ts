/**
 * The GitHub Actions Host, on @actions/core: log groups, masks, annotations, step outputs, GITHUB_ENV and the step
 * summary. Never prompts. Text we print that a user controls (script names, paths, stderr quoted in errors) is
 * neutralised so that it cannot start a workflow command.
 */
import path from 'node:path';
import * as core from '@actions/core';
import { githubOptions } from './option-names.js';
import { Cancellation, type Host } from '../core/host.js';
import type { Location, ScriptsErrorData } from '../core/errors.js';
import type { Result } from '../core/request.js';
import { Secrets } from '../core/secrets.js';
import { MAX_ANNOTATION_CHARS, MAX_LOG_MESSAGE_CHARS, capText } from './bounds.js';
import { neutralizeWorkflowCommands as neutralize } from './neutralize.js';
import { guarded } from './output-streams.js';
import { publishEach } from './publish-each.js';
import { outputsJson, summaryMarkdown } from './report.js';
import { closingLine } from './closing-line.js';
import { isOwnOutputName, isReservedName } from './reserved-names.js';

/** GitHub shows at most 10 annotations of a kind per step. */
const MAX_ANNOTATIONS = 10;

export class GitHubHost implements Host {
  readonly cancellation = new Cancellation();
  readonly option = githubOptions.option;
  /**
   * Scripts get our stdout descriptor itself: the runner reads it until we exit, so no reader goes away early here,
   * and the kernel then moves the output at full speed (a pass-through costs 5x: docs/performance.md). Our own writes
   * ignore write errors (ignoreOutputErrors); only the terminal CLI, where `| head` is common, passes output through.
   */
  readonly stdout = process.stdout;
  readonly stderr = guarded(process.stderr);
  readonly scriptStdin = 'closed' as const;
  private readonly masked = new Set<string>();
  /** Every value masked so far: what the summary redacts from values that are not secret themselves. */
  private readonly secrets = new Secrets({ mask: () => undefined });

  constructor(private readonly workspace: string) {}

  info(message: string): void {
    core.info(neutralize(message));
  }

  warning(message: string, location?: Location): void {
    core.warning(neutralize(capText(message, MAX_ANNOTATION_CHARS)), this.annotation(location));
  }

  startGroup(title: string): void {
    core.startGroup(neutralize(title));
  }

  endGroup(): void {
    core.endGroup();
  }

  mask(secret: string): void {
    this.secrets.add(secret);
    // The runner masks a value and each of its lines; registering every line as well costs nothing and keeps
    // a line printed on its own masked whatever the runner version.
    for (const value of [secret, ...secret.split(/\r\n|\r|\n/)]) {
      if (!value.trim() || this.masked.has(value)) continue;
      this.masked.add(value);
      core.setSecret(value);
    }
  }

  /**
   * Step outputs, GITHUB_ENV, the summary and the failure, once the engine is done. One output that cannot be
   * set never stops the others (issue 11.11); a name that is one of our own outputs, or (for export-env) a
   * variable of the runner, a shell or a loader, is refused with a warning naming it (issue 11.10).
   */
  async publish(result: Result, options: { exportEnv: boolean }): Promise<void> {
    for (const [, o] of result.outputs) if (o.masked) this.mask(o.value);
    const warn = (message: string) => this.warning(this.secrets.redact(message));
    publishEach(result.outputs, warn, 'step output', (key, o) => {
      if (isOwnOutputName(key)) {
        warn(
          `Output ${key} has the name of one of this action's own outputs (outputs, environment), so it is not a step output of its own${o.masked ? '' : `; read it from the outputs JSON: fromJSON(steps.<id>.outputs.outputs)['${key}']`}.`,
        );
        return;
      }
      core.setOutput(key, o.value);
    });
    const own: Array<[string, string]> = [['outputs', outputsJson(result)]];
    if (result.environment) own.push(['environment', result.environment]);
    publishEach(own, warn, 'step output', (key, value) => core.setOutput(key, value));
    if (options.exportEnv) {
      publishEach(result.outputs, warn, 'environment variable', (key, o) => {
        if (isReservedName(key)) {
          warn(
            `Output ${key} was not exported to the environment of later steps: ${key} is a variable of the runner, a shell or a program loader, and setting it would change how later steps run. It is still a step output.`,
          );
          return;
        }
        core.exportVariable(key, o.value);
      });
    }
    if (process.env.GITHUB_STEP_SUMMARY) {
      try {
        await core.summary
          .addRaw(
            summaryMarkdown(result, (text) => this.secrets.redact(text)),
            true,
          )
          .write();
      } catch (err) {
        core.warning(`Could not write the job summary: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    if (result.error) this.fail(result.error);
    const closing = closingLine(result);
    if (closing) this.info(closing);
  }

  /**
   * The error as one annotation (one per problem, up to GitHub's limit) and a failed step. An annotation shows
   * at most 4096 characters; a longer message is cut there and printed to the log at more length.
   */
  fail(error: ScriptsErrorData): void {
    const problems = error.problems && error.problems.length > 1 ? error.problems : [error];
    problems.slice(0, MAX_ANNOTATIONS).forEach((p) => {
      const text = p.hint ? `${p.message}\n${p.hint}` : p.message;
      if (text.length > MAX_ANNOTATION_CHARS) core.info(neutralize(capText(text, MAX_LOG_MESSAGE_CHARS)));
      core.error(neutralize(capText(text, MAX_ANNOTATION_CHARS, 'the log above has more')), {
        ...this.annotation(p),
        title: title(error),
      });
    });
    if (problems.length > 1) {
      core.info(neutralize(capText(`${error.message}${error.hint ? `\n${error.hint}` : ''}`, MAX_LOG_MESSAGE_CHARS)));
      if (problems.length > MAX_ANNOTATIONS)
        core.info(`(${problems.length - MAX_ANNOTATIONS} more problems are listed above)`);
    }
    process.exitCode = 1;
  }

  private annotation(location: Location | undefined): core.AnnotationProperties {
    if (!location?.file) return {};
    const relative = path.relative(this.workspace, location.file);
    const file = relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : location.file;
    const props: core.AnnotationProperties = { file: file.split(path.sep).join('/') };
    if (location.line !== undefined) props.startLine = location.line;
    if (location.column !== undefined) props.startColumn = location.column;
    return props;
  }
}

function title(error: ScriptsErrorData): string {
  switch (error.code) {
    case 'SCRIPT_FAILED':
      return 'Script failed';
    case 'CANCELLED':
      return 'Cancelled';
    case 'PARAMETERS_UNRESOLVED':
      return 'Missing parameter values';
    default:
      return 'azd-scripts';
  }
}
