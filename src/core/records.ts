/**
 * What provision recorded in `.azure/<env>/config.json` for `state` and `down`: the output keys it introduced to
 * `.env` (`scripts.outputs`, the array earlier versions wrote) and the type each had (`scripts.outputTypes`).
 * Every other key of the file belongs to azd or the user and is kept as it is.
 *
 * A key is recorded only when provision introduced it: absent from `.env` when the run started, or recorded by an
 * earlier provision. A value set before (AZURE_LOCATION set by `azd env set`, then returned as an output, as azd
 * templates do) is the user's: `down` must not delete it, or the next provision lacks it.
 */
import type { AzdEnvironment } from './environment.js';

/** Never recorded, never removed: azd's own name of the environment. */
const NEVER_REMOVED = new Set(['AZURE_ENV_NAME']);

/**
 * azd's own configuration keys (set by `azd env set` or azd's EnsureEnv, read by the next provision). A key that an
 * older version recorded without a type may have been one of these, set before provision: `down` keeps it.
 */
const AZD_SETTINGS = new Set(['AZURE_ENV_NAME', 'AZURE_LOCATION', 'AZURE_SUBSCRIPTION_ID', 'AZURE_TENANT_ID']);

export interface RecordedOutput {
  key: string;
  /** The type written in outputs.json; undefined when an older version recorded the key (it kept no types). */
  type?: string;
}

/** The outputs recorded in config.json, in key order. */
export async function recordedOutputs(env: AzdEnvironment): Promise<RecordedOutput[]> {
  return readRecords(await env.readConfig());
}

function scriptsSection(config: Record<string, unknown>): Record<string, unknown> {
  const scripts = config.scripts;
  return typeof scripts === 'object' && scripts !== null && !Array.isArray(scripts)
    ? { ...(scripts as Record<string, unknown>) }
    : {};
}

export function readRecords(config: Record<string, unknown>): RecordedOutput[] {
  const scripts = scriptsSection(config);
  const keys = Array.isArray(scripts.outputs) ? scripts.outputs.filter((k): k is string => typeof k === 'string') : [];
  const types =
    typeof scripts.outputTypes === 'object' && scripts.outputTypes !== null && !Array.isArray(scripts.outputTypes)
      ? (scripts.outputTypes as Record<string, unknown>)
      : {};
  return [...new Set(keys)].sort().map((key) => {
    const type = Object.hasOwn(types, key) ? types[key] : undefined;
    return typeof type === 'string' ? { key, type } : { key };
  });
}

export function writeRecords(config: Record<string, unknown>, records: RecordedOutput[]): void {
  const scripts = scriptsSection(config);
  const sorted = [...records].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  scripts.outputs = sorted.map((r) => r.key);
  const types: Record<string, string> = {};
  for (const r of sorted)
    if (r.type !== undefined) Object.defineProperty(types, r.key, { value: r.type, enumerable: true });
  // Left out when empty, so a torn-down environment's config.json is what earlier versions wrote.
  if (Object.keys(types).length > 0) scripts.outputTypes = types;
  else delete scripts.outputTypes;
  config.scripts = scripts;
}

/**
 * Records the outputs a provision saved to `.env`. Created when the run starts, it remembers which keys `.env` held
 * then; only keys that were not there (or that an earlier provision recorded) are recorded.
 */
export class OutputRecorder {
  private readonly before: ReadonlySet<string>;

  constructor(
    private readonly env: AzdEnvironment,
    keysAtStart: Iterable<string>,
  ) {
    this.before = new Set(keysAtStart);
  }

  /** Records `outputs` (key, type as written in outputs.json) that this run introduced or that are ours already. */
  async record(outputs: Iterable<{ key: string; type: string }>): Promise<void> {
    const wanted = [...outputs].filter((o) => !NEVER_REMOVED.has(o.key));
    if (wanted.length === 0) return;
    await this.env.updateConfig((config) => {
      const records = new Map(readRecords(config).map((r) => [r.key, r]));
      let changed = false;
      for (const { key, type } of wanted) {
        const existing = records.get(key);
        if (!existing && this.before.has(key)) continue;
        // An older version recorded every output, azd's own settings included: giving such a record a type now
        // would make down remove a setting that was there before.
        if (existing && existing.type === undefined && this.before.has(key) && AZD_SETTINGS.has(key)) continue;
        if (existing?.type === type) continue;
        records.set(key, { key, type });
        changed = true;
      }
      if (!changed) return false;
      writeRecords(config, [...records.values()]);
      return true;
    });
  }
}

/**
 * After every destroy script succeeded: deletes from `.env` the keys provision introduced and forgets them. Returns
 * the keys removed. Keys recorded by an older version (no type) are removed too, except azd's own settings.
 */
export async function removeRecordedOutputs(env: AzdEnvironment): Promise<string[]> {
  const records = await recordedOutputs(env);
  const remove = records
    .filter((r) => !NEVER_REMOVED.has(r.key) && !(r.type === undefined && AZD_SETTINGS.has(r.key)))
    .map((r) => r.key);
  if (remove.length > 0) await env.save({ remove });
  if (records.length > 0) {
    await env.updateConfig((config) => {
      const left = readRecords(config).filter((r) => !records.some((done) => done.key === r.key));
      writeRecords(config, left);
      return true;
    });
  }
  return remove;
}
