/**
 * GitHub Action entry point (action.yml `runs.main`): inputs → Request, run, publish the Result.
 */
import * as core from '@actions/core';
import { ScriptsError } from '../core/errors.js';
import { run } from '../core/provider.js';
import { GitHubHost } from '../hosts/github.js';
import { readActionInputs } from './action-inputs.js';
import { cancelOnSignals } from '../hosts/signals.js';
import { ignoreOutputErrors } from '../hosts/output-streams.js';

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
  const result = await run(settings.request, host);
  await host.publish(result, { exportEnv: settings.exportEnv });
}

await main().catch((err: unknown) => {
  core.setFailed(`azd-scripts failed unexpectedly: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
});
