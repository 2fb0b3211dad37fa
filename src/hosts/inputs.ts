/**
 * Input values every host reads the same way (DESIGN section 2), validated with zod and reported with our own
 * messages: the name of the input at fault and what it takes, never the value (it may be a secret).
 */
import { z } from 'zod/mini';
import { ScriptsError } from '../core/errors.js';
import { COMMANDS, type Command } from '../core/request.js';

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

export class InputError extends ScriptsError {
  constructor(message: string, hint: string) {
    super({ code: 'INPUT_INVALID', message, hint });
  }
}

/** `KEY=VALUE` lines: the value is everything after the first `=`; blank lines and `#` comments are skipped. */
export function parseParameterLines(text: string, inputName: string): Map<string, string> {
  const values = new Map<string, string>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/^\s+/, '');
    if (line === '' || line.startsWith('#')) return;
    const eq = line.indexOf('=');
    const key = eq === -1 ? line.trim() : line.slice(0, eq).trim();
    if (eq === -1 || !KEY.test(key)) {
      throw new InputError(
        `${inputName}, line ${index + 1}: expected KEY=VALUE with KEY matching [A-Za-z_][A-Za-z0-9_]*${eq === -1 ? ' (no "=" found)' : ''}.`,
        `Write one parameter per line as NAME=value; lines starting with # are comments.`,
      );
    }
    values.set(key, line.slice(eq + 1));
  });
  return values;
}

/** One `KEY=VALUE` (a CLI `--param`). */
export function parseParameterPair(pair: string, flag: string, occurrence: number): [string, string] {
  const eq = pair.indexOf('=');
  const key = eq === -1 ? pair : pair.slice(0, eq);
  if (eq === -1 || !KEY.test(key)) {
    throw new InputError(
      `${flag} #${occurrence}: expected KEY=VALUE with KEY matching [A-Za-z_][A-Za-z0-9_]*${eq === -1 ? ' (no "=" found)' : ''}.`,
      `Pass parameters as ${flag} NAME=value.`,
    );
  }
  return [key, pair.slice(eq + 1)];
}

const booleanInput = z.enum(['true', 'false', 'yes', 'no', '1', '0']);
const TRUE = new Set(['true', 'yes', '1']);

/** A boolean input: true/false (also yes/no, 1/0, any case); empty means `fallback`. */
export function parseBoolean(value: string | undefined, inputName: string, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = booleanInput.safeParse(value.trim().toLowerCase());
  if (!parsed.success)
    throw new InputError(
      `${inputName} must be true or false, not "${value.trim()}".`,
      `Set ${inputName} to true or false.`,
    );
  return TRUE.has(parsed.data);
}

const countInput = z.int().check(z.minimum(0), z.maximum(100_000));

/** A whole number of lines, 0 to 100000. */
export function parseLineCount(value: string | undefined, inputName: string, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = /^\s*\d+\s*$/.test(value) ? countInput.safeParse(Number(value)) : undefined;
  if (!parsed?.success)
    throw new InputError(
      `${inputName} must be a whole number from 0 to 100000, not "${value.trim()}".`,
      `Set ${inputName} to a number of lines, e.g. 50.`,
    );
  return parsed.data;
}

export function parseCommand(value: string | undefined, inputName: string): Command {
  const command = (value ?? '').trim() || 'provision';
  if (!(COMMANDS as readonly string[]).includes(command)) {
    throw new InputError(
      `${inputName} must be one of ${COMMANDS.join(', ')}, not "${command}".`,
      `Set ${inputName} to ${COMMANDS.join(', ')}.`,
    );
  }
  return command as Command;
}

/** A comma- or newline-separated list of names (masked-outputs). */
export function parseNameList(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}
