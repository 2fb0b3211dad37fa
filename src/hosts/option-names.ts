/**
 * Each host's spelling of the options the engine's messages mention (see core/options.ts): CLI flags, the
 * Action's `with:` inputs (action.yml), the task's inputs (task.json).
 */
import type { OptionField, OptionSpeller } from '../core/options.js';

const FLAGS: Record<OptionField, string> = {
  command: 'the command',
  environment: '-e/--environment',
  cwd: '--cwd',
  parameters: '--param',
  force: '--force',
  purge: '--purge',
  stderrLines: '--stderr-lines',
  persist: '--no-persist',
};

export const terminalOptions: OptionSpeller = {
  option(field, value) {
    if (value === undefined) return FLAGS[field];
    switch (field) {
      case 'command':
        return `azd-scripts ${value}`;
      case 'environment':
        return `-e ${value}`;
      case 'force':
      case 'purge':
        return FLAGS[field];
      case 'persist':
        return value === 'false' ? '--no-persist' : 'no --no-persist';
      default:
        return `${FLAGS[field]} ${value}`;
    }
  },
};

/** A pipeline's `with:`/`inputs:` block: `name: value`; `parameters` takes one KEY=VALUE per line. */
function yamlInputs(names: Record<OptionField, string>): OptionSpeller {
  return {
    option(field, value) {
      const name = names[field];
      if (value === undefined) return `the \`${name}\` input`;
      if (field === 'parameters') return `a \`${value}\` line in the \`${name}\` input`;
      return `\`${name}: ${value}\``;
    },
  };
}

export const githubOptions = yamlInputs({
  command: 'command',
  environment: 'environment',
  cwd: 'working-directory',
  parameters: 'parameters',
  force: 'force',
  purge: 'purge',
  stderrLines: 'stderr-lines',
  persist: 'persist',
});

export const azurePipelinesOptions = yamlInputs({
  command: 'command',
  environment: 'environmentName',
  cwd: 'workingDirectory',
  parameters: 'parameters',
  force: 'force',
  purge: 'purge',
  stderrLines: 'stderrLines',
  persist: 'persist',
});
