/**
 * Azure Pipelines task entry point (task.json `execution`): inputs → Request, run, publish the Result.
 * Importing task-lib removes INPUT_* and SECRET_* from process.env (only the non-empty ones); scripts get the
 * rest of the agent's environment without any of the task's own inputs, secrets or credentials.
 */
import { agentEnv, scriptEnv } from './task-env.js';
import * as tl from 'azure-pipelines-task-lib/task.js';
import { ScriptsError } from '../core/errors.js';
import { run } from '../core/provider.js';
import { AzurePipelinesHost } from '../hosts/azure-pipelines.js';
import { readTaskInputs } from './task-inputs.js';
import { cancelOnSignals } from '../hosts/signals.js';
import { ignoreOutputErrors } from '../hosts/output-streams.js';

async function main(): Promise<void> {
  ignoreOutputErrors();
  const host = new AzurePipelinesHost(tl.getVariable('Build.SourcesDirectory') || process.cwd());
  let settings;
  try {
    // task-lib's getInput writes each value to the debug log; `parameters` may hold a secret, so it is read
    // from the environment the agent gave us instead.
    settings = readTaskInputs(
      (name) => (name === 'parameters' ? agentEnv.INPUT_PARAMETERS : tl.getInput(name, false)),
      scriptEnv(process.env),
      process.cwd(),
    );
  } catch (err) {
    if (err instanceof ScriptsError) return host.fail(err.toData());
    throw err;
  }
  cancelOnSignals(host.cancellation);
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
