/**
 * Engine messages that tell the user to set an option name it by its Request field; the host spells it
 * (`--force` at a terminal, `force: true` in a workflow or pipeline). So a hint never shows another host's
 * syntax, and a new host only has to say how its own inputs are written.
 */
import type { Request } from './request.js';

export type OptionField = keyof Pick<
  Request,
  'command' | 'environment' | 'cwd' | 'parameters' | 'force' | 'purge' | 'stderrLines' | 'persist'
>;

export interface OptionSpeller {
  /**
   * The option that sets `field` as the user writes it in this host. Without `value`, its name as a noun
   * (`--environment`, the `environment` input); with one, the setting itself (`-e dev`, `environment: dev`).
   */
  option(field: OptionField, value?: string): string;
}

/** For callers with no host at hand (unit tests, tools): names the Request field itself. */
export const REQUEST_FIELD_NAMES: OptionSpeller = {
  option: (field, value) => (value === undefined ? `the ${field} option` : `${field} = ${value}`),
};
