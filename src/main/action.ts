/**
 * The GitHub Action's logic: inputs → Request, run, publish the Result. `run()` is exported, as in GitHub's
 * actions/typescript-action template, so that `@github/local-action` can import and call it; action-index.ts
 * (the ncc entry, built to dist/action/index.js for action.yml `runs.main`) only calls it.
 */
import * as core from '@actions/core';
import { ScriptsError } from '../core/errors.js';
import { run as runEngine } from '../core/provider.js';
import { GitHubHost } from '../hosts/github.js';
import { readActionInputs } from './action-inputs.js';
import { cancelOnSignals } from '../hosts/signals.js';
import { ignoreOutputErrors } from '../hosts/output-streams.js';

/** Runs the Action to the end; never rejects (an unexpected error fails the step). */
export async function run(): Promise<void> {
  await main().catch((err: unknown) => {
    core.setFailed(
      `azd-scripts failed unexpectedly: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
    );
  });
}

async function main(): Promise<void> {
  ignoreOutputErrors();
  const host = new GitHubHost(process.env.GITHUB_WORKSPACE || process.cwd());
  let settings;
  try {
    // `parameters` is read untrimmed: its line numbers (in errors) and a last value's trailing spaces count.
    settings = readActionInputs(
      (name) => core.getInput(name, { trimWhitespace: name !== 'parameters' }),
      process.env,
      process.cwd(),
    );
  } catch (err) {
    if (err instanceof ScriptsError) return host.fail(err.toData());
    throw err;
  }
  cancelOnSignals(host.cancellation);
  const result = await runEngine(settings.request, host);
  await host.publish(result, { exportEnv: settings.exportEnv });
}
