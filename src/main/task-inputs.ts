/**
 * The one place the Azure Pipelines task reads its inputs (task.json) into a Request. `getInput` is task-lib's
 * in production; the names here are exactly those task.json declares (a test checks both ways).
 */
import path from 'node:path';
import type { Request } from '../core/request.js';
import { parseBoolean, parseCommand, parseLineCount, parseNameList, parseParameterLines } from '../hosts/inputs.js';

export const TASK_INPUTS = [
  'command',
  'environmentName',
  'workingDirectory',
  'parameters',
  'force',
  'purge',
  'stderrLines',
  'persist',
  'exportVariables',
  'maskedOutputs',
] as const;
export type TaskInput = (typeof TASK_INPUTS)[number];

export interface TaskSettings {
  request: Request;
  exportVariables: boolean;
}

export function readTaskInputs(
  getInput: (name: TaskInput) => string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): TaskSettings {
  const input = (name: TaskInput) => getInput(name) ?? '';
  const request: Request = {
    command: parseCommand(input('command'), 'The command input'),
    cwd: path.resolve(cwd, input('workingDirectory').trim() || '.'),
    parameters: parseParameterLines(input('parameters'), 'The parameters input'),
    force: parseBoolean(input('force'), 'The force input', false),
    purge: parseBoolean(input('purge'), 'The purge input', false),
    stderrLines: parseLineCount(input('stderrLines'), 'The stderrLines input', 50),
    persist: parseBoolean(input('persist'), 'The persist input', true),
    maskedOutputs: new Set(parseNameList(input('maskedOutputs'))),
    interactive: false,
    env,
  };
  const environment = input('environmentName').trim();
  if (environment) request.environment = environment;
  return { request, exportVariables: parseBoolean(input('exportVariables'), 'The exportVariables input', false) };
}
