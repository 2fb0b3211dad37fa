/**
 * Pick-lists for AZURE_LOCATION and AZURE_SUBSCRIPTION_ID (PRD REQ-3.4), filled from the Azure CLI the person
 * already uses. When `az` is missing or not logged in, the caller falls back to a plain prompt and says why.
 */
import { findExecutable } from './shells.js';

type OsEnv = Readonly<Record<string, string | undefined>>;
export type Choices = { choices: Array<{ name: string; value: string }> } | { why: string };

export interface Picker {
  choices(env: OsEnv): Promise<Choices>;
}

interface Location {
  name?: string;
  displayName?: string;
  metadata?: { regionType?: string };
}

interface Subscription {
  id?: string;
  name?: string;
  isDefault?: boolean;
  state?: string;
}

export function pickerFor(key: string): Picker | undefined {
  if (key === 'AZURE_LOCATION') return { choices: (env) => locations(env) };
  if (key === 'AZURE_SUBSCRIPTION_ID') return { choices: (env) => subscriptions(env) };
  return undefined;
}

async function locations(env: OsEnv): Promise<Choices> {
  const data = await az(['account', 'list-locations', '-o', 'json'], env);
  if ('why' in data) return data;
  const list = (data.json as Location[])
    .filter((l) => typeof l.name === 'string' && (l.metadata?.regionType ?? 'Physical') === 'Physical')
    .sort((a, b) => (a.displayName ?? a.name!).localeCompare(b.displayName ?? b.name!));
  if (list.length === 0) return { why: '`az account list-locations` returned no locations' };
  return { choices: list.map((l) => ({ name: `${l.displayName ?? l.name} (${l.name})`, value: l.name! })) };
}

async function subscriptions(env: OsEnv): Promise<Choices> {
  const data = await az(['account', 'list', '-o', 'json'], env);
  if ('why' in data) return data;
  const list = (data.json as Subscription[])
    .filter((s) => typeof s.id === 'string' && (s.state ?? 'Enabled') === 'Enabled')
    .sort(
      (a, b) =>
        Number(b.isDefault ?? false) - Number(a.isDefault ?? false) || (a.name ?? '').localeCompare(b.name ?? ''),
    );
  if (list.length === 0) return { why: '`az account list` returned no enabled subscriptions (run `az login`)' };
  return {
    choices: list.map((s) => ({ name: `${s.name ?? s.id} (${s.id})${s.isDefault ? ' [default]' : ''}`, value: s.id! })),
  };
}

async function az(args: string[], env: OsEnv): Promise<{ json: unknown[] } | { why: string }> {
  const executable = findExecutable('az', env);
  if (!executable) return { why: 'the Azure CLI (az) is not on PATH, so no pick-list can be offered' };
  const clean = Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
  try {
    // Loaded only when a pick-list is offered: no other run needs it.
    const { getExecOutput } = await import('@actions/exec');
    const out = await getExecOutput(executable, args, { silent: true, ignoreReturnCode: true, env: clean });
    if (out.exitCode !== 0) {
      const reason = out.stderr.trim().split('\n')[0] || `exit code ${out.exitCode}`;
      return { why: `\`az ${args.join(' ')}\` failed (${reason})` };
    }
    const json: unknown = JSON.parse(out.stdout);
    if (!Array.isArray(json)) return { why: `\`az ${args.join(' ')}\` did not return a list` };
    return { json };
  } catch (err) {
    return { why: `\`az ${args.join(' ')}\` could not run (${err instanceof Error ? err.message : String(err)})` };
  }
}
