/**
 * The one place the GitHub Action reads its inputs (action.yml) into a Request, as actions/checkout's
 * input-helper does. `getInput` is @actions/core's in production and a plain lookup in tests.
 */
import path from 'node:path';
import type { Request } from '../core/request.js';
import { parseBoolean, parseCommand, parseLineCount, parseNameList, parseParameterLines } from '../hosts/inputs.js';

export interface ActionSettings {
  request: Request;
  exportEnv: boolean;
}

export function readActionInputs(
  getInput: (name: string) => string,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): ActionSettings {
  const workingDirectory = getInput('working-directory').trim() || '.';
  const request: Request = {
    command: parseCommand(getInput('command'), 'The command input'),
    cwd: path.resolve(env.GITHUB_WORKSPACE || cwd, workingDirectory),
    parameters: parseParameterLines(getInput('parameters'), 'The parameters input'),
    force: parseBoolean(getInput('force'), 'The force input', false),
    purge: parseBoolean(getInput('purge'), 'The purge input', false),
    stderrLines: parseLineCount(getInput('stderr-lines'), 'The stderr-lines input', 50),
    persist: parseBoolean(getInput('persist'), 'The persist input', true),
    maskedOutputs: new Set(parseNameList(getInput('masked-outputs'))),
    interactive: false,
    env: scriptEnv(env),
  };
  const environment = getInput('environment').trim();
  if (environment) request.environment = environment;
  return { request, exportEnv: parseBoolean(getInput('export-env'), 'The export-env input', false) };
}

/**
 * The environment scripts inherit: the runner's, without the action's own inputs (`INPUT_*`, which may hold
 * parameter values and secrets given to this step), as the task strips its own (task-env.ts).
 */
export function scriptEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(env)) {
    if (key.toUpperCase().startsWith('INPUT_')) continue;
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
