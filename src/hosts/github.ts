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
import { neutralizeWorkflowCommands as neutralize } from './neutralize.js';
import { outputsJson, summaryMarkdown } from './report.js';
import { closingLine } from './closing-line.js';

/** Names GitHub refuses in GITHUB_ENV. */
const REFUSED_ENV = new Set(['NODE_OPTIONS']);
/** GitHub shows at most 10 annotations of a kind per step. */
const MAX_ANNOTATIONS = 10;

export class GitHubHost implements Host {
  readonly cancellation = new Cancellation();
  readonly option = githubOptions.option;
  readonly stdout = process.stdout;
  readonly stderr = process.stderr;
  readonly scriptStdin = 'closed' as const;
  private readonly masked = new Set<string>();

  constructor(private readonly workspace: string) {}

  info(message: string): void {
    core.info(neutralize(message));
  }

  warning(message: string, location?: Location): void {
    core.warning(neutralize(message), this.annotation(location));
  }

  startGroup(title: string): void {
    core.startGroup(neutralize(title));
  }

  endGroup(): void {
    core.endGroup();
  }

  mask(secret: string): void {
    // The runner masks a value and each of its lines; registering every line as well costs nothing and keeps
    // a line printed on its own masked whatever the runner version.
    for (const value of [secret, ...secret.split(/\r\n|\r|\n/)]) {
      if (!value.trim() || this.masked.has(value)) continue;
      this.masked.add(value);
      core.setSecret(value);
    }
  }

  /** Step outputs, GITHUB_ENV, the summary and the failure, once the engine is done. */
  async publish(result: Result, options: { exportEnv: boolean }): Promise<void> {
    for (const [, o] of result.outputs) if (o.masked) this.mask(o.value);
    for (const [key, o] of result.outputs) core.setOutput(key, o.value);
    core.setOutput('outputs', outputsJson(result));
    if (result.environment) core.setOutput('environment', result.environment);
    if (options.exportEnv) {
      for (const [key, o] of result.outputs) {
        if (REFUSED_ENV.has(key.toUpperCase())) {
          this.warning(`Output ${key} was not exported: GitHub does not allow ${key} in GITHUB_ENV.`);
          continue;
        }
        core.exportVariable(key, o.value);
      }
    }
    if (process.env.GITHUB_STEP_SUMMARY) {
      try {
        await core.summary.addRaw(summaryMarkdown(result), true).write();
      } catch (err) {
        core.warning(`Could not write the job summary: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    if (result.error) this.fail(result.error);
    const closing = closingLine(result);
    if (closing) this.info(closing);
  }

  /** The error as one annotation (one per problem, up to GitHub's limit) and a failed step. */
  fail(error: ScriptsErrorData): void {
    const problems = error.problems && error.problems.length > 1 ? error.problems : [error];
    problems.slice(0, MAX_ANNOTATIONS).forEach((p) => {
      const text = p.hint ? `${p.message}\n${p.hint}` : p.message;
      core.error(neutralize(text), { ...this.annotation(p), title: title(error) });
    });
    if (problems.length > 1) {
      core.info(neutralize(`${error.message}${error.hint ? `\n${error.hint}` : ''}`));
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
