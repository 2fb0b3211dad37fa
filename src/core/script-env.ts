/**
 * The environment a script starts with (PRD REQ-8): OS env < azd env < parameters < earlier outputs.
 */
import { isEnvKey, type EnvValues } from './dotenv.js';
import { entryVariables } from './entry-env.js';
import type { OutputValue, Request } from './request.js';
import type { ScriptEntry } from './script-entry.js';

/**
 * OS env < azd env < parameters < earlier outputs < the entry's env and secrets (expanded against the layers
 * below, each secret handed to `onSecret` before the script starts); then AZURE_ENV_NAME and AZD_PURGE.
 */
export function scriptEnvironment(
  request: Request,
  name: string,
  values: EnvValues,
  parameters: ReadonlyMap<string, string>,
  outputs: ReadonlyMap<string, OutputValue>,
  entry?: Pick<ScriptEntry, 'env' | 'secrets'>,
  onSecret?: (value: string) => void,
): Record<string, string> {
  const env: Record<string, string> = Object.create(null) as Record<string, string>;
  const windows = process.platform === 'win32';
  const names = new Map<string, string>();
  const put = (key: string, value: string | undefined): void => {
    if (value === undefined || !key || key.includes('=') || key.includes('\0') || value.includes('\0')) return;
    let target = key;
    if (windows) {
      const upper = key.toUpperCase();
      const existing = names.get(upper);
      if (existing !== undefined) target = existing;
      else names.set(upper, key);
    }
    // A null-prototype object: assigning any key, even __proto__, makes an own property.
    env[target] = value;
  };
  for (const [k, v] of Object.entries(request.env)) put(k, v);
  // godotenv keys such as `a.b` stay in .env but are no environment variable names (warned about once).
  for (const [k, v] of values) if (isEnvKey(k)) put(k, v);
  for (const [k, v] of parameters) put(k, v);
  for (const [k, v] of outputs) put(k, v.value);
  if (entry) {
    const lookup = (key: string) => env[windows ? (names.get(key.toUpperCase()) ?? key) : key];
    for (const v of entryVariables(entry, lookup)) {
      if (v.secret) onSecret?.(v.value);
      put(v.key, v.value);
    }
  }
  put('AZURE_ENV_NAME', name);
  // Exactly as azd sets it: `true` for `down --purge`, absent otherwise, whatever .env or the job environment say.
  if (request.command === 'down' && request.purge) put('AZD_PURGE', 'true');
  else
    for (const key of Object.keys(env))
      if (key === 'AZD_PURGE' || (windows && key.toUpperCase() === 'AZD_PURGE')) delete env[key];
  return env;
}

/** Keys of the azd environment that scripts do not get as variables (not [A-Za-z_][A-Za-z0-9_]*), sorted. */
export function keysNotPassed(values: EnvValues): string[] {
  return [...values.keys()].filter((k) => !isEnvKey(k)).sort();
}
