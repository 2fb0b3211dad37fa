/**
 * Azure Pipelines task entry point (task.json `execution`): inputs → Request, run, publish the Result.
 * Importing task-lib removes INPUT_* and SECRET_* from process.env, so that neither reaches child processes;
 * scripts get the rest of the agent's environment, as DESIGN section 3 promises.
 */
import * as tl from 'azure-pipelines-task-lib/task.js';
import { ScriptsError } from '../core/errors.js';
import { run } from '../core/provider.js';
import { AzurePipelinesHost } from '../hosts/azure-pipelines.js';
import { readTaskInputs } from './task-inputs.js';

async function main(): Promise<void> {
  const host = new AzurePipelinesHost(tl.getVariable('Build.SourcesDirectory') || process.cwd());
  let settings;
  try {
    settings = readTaskInputs((name) => tl.getInput(name, false), process.env, process.cwd());
  } catch (err) {
    if (err instanceof ScriptsError) return host.fail(err.toData());
    throw err;
  }
  const onSigint = () => host.cancellation.cancel('SIGINT');
  const onSigterm = () => host.cancellation.cancel('SIGTERM');
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigterm);
  const result = await run(settings.request, host);
  host.publish(result, { exportVariables: settings.exportVariables });
}

await main().catch((err: unknown) => {
  tl.setResult(
    tl.TaskResult.Failed,
    `azd-scripts failed unexpectedly: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
  );
  process.exitCode = 1;
});
