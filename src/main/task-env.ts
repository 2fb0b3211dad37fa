/**
 * The agent's environment as the task started, taken before task-lib is imported (it deletes INPUT_* and
 * SECRET_* from process.env on import). Imported first by task.ts.
 */
export const agentEnv: Readonly<Record<string, string | undefined>> = { ...process.env };

/** Prefixes of variables the agent gives the task itself; none of them is for the scripts. */
const TASK_ONLY = ['INPUT_', 'SECRET_', 'VSTS_TASKVARIABLE_', 'ENDPOINT_AUTH_', 'SECUREFILE_TICKET_'];

/** The environment scripts inherit: the agent's, without the task's own inputs, secrets and credentials. */
export function scriptEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(env)) {
    if (TASK_ONLY.some((prefix) => key.toUpperCase().startsWith(prefix))) continue;
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
