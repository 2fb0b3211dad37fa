/**
 * azure.yaml's `state` section (azd's schema: `state: {remote: {backend, config}}`), read as far as the engine
 * needs: its shape, with file:line and did-you-mean for misspelt keys. What `backend` and `config` hold belongs
 * to the store that implements the backend (src/stores/<backend>/), which gets the raw values and a way to
 * point at them.
 */
import { type Location, type Problems, formatLocation as prefix } from './errors.js';
import { describe, unknownKey } from './script-entry.js';

export const STATE_KEYS = ['remote'] as const;
export const REMOTE_KEYS = ['backend', 'config'] as const;

/** `state.remote` as written, from azure.yaml or azd's user config file. */
export interface RemoteSection {
  /** The file it came from. */
  file: string;
  /** Where the `remote` key is written. */
  where: Location;
  backend: unknown;
  config: unknown;
  /** Where the value at `path` below `state.remote` is written (e.g. ['config', 'accountName']). */
  locate(path: string[]): Location;
  /** Where the key `key` of the mapping at `path` below `state.remote` is written. */
  locateKey(path: string[], key: string): Location;
}

/** How a reader finds a node of its file, for messages. */
export interface NodeLocator {
  value(path: Array<string | number>): Location;
  key(path: Array<string | number>, key: string): Location;
}

/**
 * The `state.remote` section of a parsed azure.yaml, or undefined when there is none (no `state`, or `state` or
 * `remote` empty: azd then looks in the user config). Shape problems are added to `problems`.
 */
export function parseStateSection(
  state: unknown,
  file: string,
  locate: NodeLocator,
  problems: Problems,
): RemoteSection | undefined {
  if (state === undefined || state === null) return undefined;
  if (!isMapping(state)) {
    const where = locate.value(['state']);
    problems.add({
      code: 'PROJECT_INVALID',
      message: `${prefix(where)}state must be a mapping with a remote: section, not ${describe(state)}.`,
      hint: 'Write `state:` with `remote:` below it (backend: AzureBlobStorage and its config), or remove it.',
      ...where,
    });
    return undefined;
  }
  for (const key of Object.keys(state)) {
    if (!(STATE_KEYS as readonly string[]).includes(key))
      problems.add(unknownKey(key, 'state', STATE_KEYS, locate.key(['state'], key)));
  }
  const remote = state.remote;
  if (remote === undefined || remote === null) return undefined;
  if (!isMapping(remote)) {
    const where = locate.value(['state', 'remote']);
    problems.add({
      code: 'PROJECT_INVALID',
      message: `${prefix(where)}state.remote must be a mapping with backend: and config:, not ${describe(remote)}.`,
      hint: 'Write `backend: AzureBlobStorage` and `config:` (with accountName) under state.remote.',
      ...where,
    });
    return undefined;
  }
  let shapeOk = true;
  for (const key of Object.keys(remote)) {
    if ((REMOTE_KEYS as readonly string[]).includes(key)) continue;
    problems.add(unknownKey(key, 'state.remote', REMOTE_KEYS, locate.key(['state', 'remote'], key)));
    shapeOk = false;
  }
  if (!shapeOk) return undefined;
  return {
    file,
    where: locate.key(['state'], 'remote'),
    backend: remote.backend,
    config: remote.config,
    locate: (path) => locate.value(['state', 'remote', ...path]),
    locateKey: (path, key) => locate.key(['state', 'remote', ...path], key),
  };
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
