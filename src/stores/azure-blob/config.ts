/**
 * Where azd's AzureBlobStorage backend keeps an environment (DESIGN section 8), resolved as azd resolves it
 * (cli/azd/cmd/container.go, pkg/azd/default.go, pkg/azsdk/storage/storage_blob_client.go): azure.yaml
 * `state.remote` wins as a whole; else `state.remote` in the user config `$AZD_CONFIG_DIR/config.json` (default
 * `~/.azd/config.json`); else there is no remote state. Pure: reads at most that one file, talks to no service.
 */
import os from 'node:os';
import path from 'node:path';
import {
  Problems,
  ScriptsError,
  closest,
  locatedError,
  type Location,
  type ScriptsErrorData,
} from '../../core/errors.js';
import { MiB, readTextFile } from '../../core/files.js';
import { findKeyOffset, lineAndColumn, parseJson } from '../../core/json.js';
import type { Project } from '../../core/project.js';
import { REMOTE_KEYS, type RemoteSection } from '../../core/project-state.js';

export const BACKEND = 'AzureBlobStorage';
/** azd's storage.AccountConfig fields, matched case-insensitively as Go's encoding/json does. */
export const CONFIG_KEYS = ['accountName', 'containerName', 'endpoint', 'subscriptionId'] as const;
/** azd's cloud.StorageEndpointSuffix for the public cloud (the schema's "blob.core.windows.net" is wrong). */
export const DEFAULT_ENDPOINT = 'core.windows.net';

export interface RemoteState {
  backend: typeof BACKEND;
  accountName: string;
  containerName: string;
  endpoint: string;
  subscriptionId?: string;
  /** `https://<accountName>.blob.<endpoint>`, as azd builds it. */
  serviceUrl: string;
  /** Where `state.remote` was found: azure.yaml or the user config file. */
  source: { file: string; line?: number };
}

export interface ResolveOptions {
  /** Environment to read AZD_CONFIG_DIR from (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Home folder (default os.homedir()). */
  homedir?: string;
}

/** azd's user config file: `$AZD_CONFIG_DIR/config.json`, else `~/.azd/config.json`. */
export function userConfigFile(options: ResolveOptions = {}): string {
  const dir = (options.env ?? process.env).AZD_CONFIG_DIR;
  if (dir) return path.resolve(dir, 'config.json');
  return path.join(options.homedir ?? os.homedir(), '.azd', 'config.json');
}

/**
 * The remote state of `project`, or undefined when neither azure.yaml nor the user config sets `state.remote`.
 * Throws a ScriptsError (REMOTE_STATE_INVALID, or CONFIG_INVALID for a user config that is not JSON) naming
 * the file, key and line at fault.
 */
export async function resolveRemoteState(
  project: Pick<Project, 'file' | 'name' | 'remoteState'>,
  options: ResolveOptions = {},
): Promise<RemoteState | undefined> {
  // As azd: a project section wins as a whole; the user config is not merged into it.
  const section = project.remoteState ?? (await readUserRemoteSection(userConfigFile(options)));
  return section ? remoteStateFrom(section, project) : undefined;
}

/** `state.remote` of azd's user config file, or undefined when the file or the section is missing. */
export async function readUserRemoteSection(file: string): Promise<RemoteSection | undefined> {
  const text = await readTextFile(file, { what: 'azd user configuration', maxBytes: 4 * MiB, stripBom: true });
  return text === undefined ? undefined : parseUserConfig(text, file);
}

/**
 * `state.remote` of the user config's text. As azd's config.Get: a `state` that is not an object, or no
 * `remote` in it, or `remote: null`, means no remote state; a `remote` that is not an object is an error.
 */
export function parseUserConfig(text: string, file: string): RemoteSection | undefined {
  const data = parseJson(text, file, 'azd user configuration');
  const at = (keys: string[]): Location => {
    const offset = findKeyOffset(text, keys);
    return offset < 0 ? { file } : { file, line: lineAndColumn(text, offset).line };
  };
  if (!isMapping(data)) {
    throw new ScriptsError({
      code: 'CONFIG_INVALID',
      message: `${file}: the azd user configuration must be a JSON object ({...}).`,
      hint: `Fix ${file} (azd cannot read it either), or remove it.`,
      file,
    });
  }
  const state = data.state;
  if (!isMapping(state) || !('remote' in state) || state.remote === null) return undefined;
  const remote = state.remote;
  if (!isMapping(remote)) {
    const where = at(['state', 'remote']);
    throw new ScriptsError(
      locatedError(
        where,
        'REMOTE_STATE_INVALID',
        'state.remote in the azd user configuration must be an object with "backend" and "config".',
        'Set it with `azd config set state.remote.backend AzureBlobStorage` and ' +
          '`azd config set state.remote.config.accountName <account>`, or remove it with `azd config unset state.remote`.',
      ),
    );
  }
  const problems = new Problems();
  for (const key of Object.keys(remote)) {
    if ((REMOTE_KEYS as readonly string[]).includes(key)) continue;
    problems.add(unknown(key, 'state.remote', REMOTE_KEYS, at(['state', 'remote', key])));
  }
  problems.throwIfAny(`in ${file}`);
  return {
    file,
    where: at(['state', 'remote']),
    backend: remote.backend,
    config: remote.config,
    locate: (p) => at(['state', 'remote', ...p]),
    locateKey: (p, key) => at(['state', 'remote', ...p, key]),
  };
}

/**
 * Validates a `state.remote` section and applies azd's defaults: containerName = the project name lower-cased,
 * endpoint = core.windows.net. Every problem is reported at once, each with its file and line.
 */
export function remoteStateFrom(section: RemoteSection, project: Pick<Project, 'file' | 'name'>): RemoteState {
  const problems = new Problems();
  // Hints name azure.yaml by its name (the user knows where it is), the user config by its full path.
  const file = section.file === project.file ? path.basename(section.file) : section.file;
  const reported = new Set<string>();
  const invalid = (where: Location, message: string, hint: string, field?: string) => {
    if (field) reported.add(field);
    problems.add(locatedError(where, 'REMOTE_STATE_INVALID', message, hint));
  };

  const backend = section.backend;
  if (backend !== BACKEND) {
    const where = backend === undefined ? section.where : section.locate(['backend']);
    const shown =
      backend === undefined || backend === null
        ? ''
        : typeof backend === 'object'
          ? describeValue(backend)
          : String(backend);
    const guess = typeof backend === 'string' ? closest(backend, [BACKEND]) : undefined;
    // azd's own wording (pkg/environment/manager.go NewManager), so the message is recognisable.
    invalid(
      where,
      `remote state configuration is invalid. The specified backend '${shown}' is not valid. Valid values are '${BACKEND}'.` +
        (guess ? ` Did you mean "${guess}"?` : ''),
      `Set state.remote.backend to ${BACKEND} in ${file} (the spelling matters), or remove state.remote.`,
    );
  }

  const values: Partial<Record<(typeof CONFIG_KEYS)[number], string>> = {};
  const config = section.config;
  if (config === undefined || config === null) {
    invalid(
      section.where,
      'state.remote.config is missing; it names the storage account (accountName).',
      `Add \`config:\` with \`accountName: <storage account>\` under state.remote in ${file}.`,
    );
  } else if (!isMapping(config)) {
    invalid(
      section.locate(['config']),
      'state.remote.config must be a mapping (accountName, containerName, endpoint, subscriptionId).',
      `Write accountName (and optionally containerName, endpoint, subscriptionId) under state.remote.config in ${file}.`,
    );
  } else {
    const seen = new Map<string, string>();
    for (const [key, value] of Object.entries(config)) {
      const where = section.locateKey(['config'], key);
      const field = CONFIG_KEYS.find((k) => k.toLowerCase() === key.toLowerCase());
      if (!field) {
        // A misspelt accountName is reported once, as a misspelling, not also as missing.
        const guess = closest(key, CONFIG_KEYS);
        if (guess) reported.add(guess);
        problems.add(unknown(key, 'state.remote.config', CONFIG_KEYS, where));
        continue;
      }
      const earlier = seen.get(field);
      if (earlier !== undefined) {
        invalid(
          where,
          `state.remote.config sets ${field} twice ("${earlier}" and "${key}"; azd reads key names case-insensitively).`,
          `Keep one "${field}" in state.remote.config of ${file}.`,
          field,
        );
        continue;
      }
      seen.set(field, key);
      if (value === null || value === undefined || value === '') continue;
      if (typeof value !== 'string') {
        invalid(
          where,
          `state.remote.config.${key} must be text, not ${describeValue(value)}.`,
          `Write ${key} as a string in ${file} (quote it if it looks like a number).`,
          field,
        );
        continue;
      }
      values[field] = value;
      const problem = checkField(field, value, file);
      if (problem) invalid(where, `state.remote.config.${key} ${problem.message}`, problem.hint, field);
    }
    if (values.accountName === undefined && !reported.has('accountName')) {
      invalid(
        section.locate(['config']),
        'state.remote.config has no accountName; azd needs the storage account that holds the environments.',
        `Add \`accountName: <storage account name>\` under state.remote.config in ${file}.`,
      );
    }
  }

  let containerName = values.containerName;
  if (containerName === undefined && isMapping(config)) {
    if (project.name === undefined || project.name === '') {
      invalid(
        section.locate(['config']),
        'state.remote.config has no containerName and azure.yaml has no name to take it from.',
        `Add \`containerName: <container>\` under state.remote.config in ${file}, or a \`name:\` to azure.yaml.`,
      );
    } else {
      containerName = project.name.toLowerCase();
      if (!CONTAINER_NAME.test(containerName)) {
        invalid(
          section.locate(['config']),
          `the default container name "${containerName}" (azure.yaml name, lower-cased, as azd derives it) is not a valid container name: ${CONTAINER_RULE}.`,
          `Add \`containerName: <valid name>\` under state.remote.config in ${file}.`,
        );
      }
    }
  }
  problems.throwIfAny(`in the remote state configuration (${section.file})`);

  const endpoint = values.endpoint ?? DEFAULT_ENDPOINT;
  const accountName = values.accountName!;
  const state: RemoteState = {
    backend: BACKEND,
    accountName,
    containerName: containerName!,
    endpoint,
    serviceUrl: `https://${accountName}.blob.${endpoint}`,
    source:
      section.where.line === undefined ? { file: section.file } : { file: section.file, line: section.where.line },
  };
  if (values.subscriptionId !== undefined) state.subscriptionId = values.subscriptionId;
  return state;
}

const ACCOUNT_NAME = /^[a-z0-9]{3,24}$/;
const CONTAINER_NAME = /^(?=.{3,63}$)[a-z0-9]+(?:-[a-z0-9]+)*$/;
const CONTAINER_RULE =
  '3 to 63 lowercase letters, digits and single dashes, starting and ending with a letter or digit';
const HOST_SUFFIX = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Azure's naming rules, checked before any request so that the message says which key to fix. */
function checkField(
  field: (typeof CONFIG_KEYS)[number],
  value: string,
  file: string,
): { message: string; hint: string } | undefined {
  switch (field) {
    case 'accountName':
      return ACCOUNT_NAME.test(value)
        ? undefined
        : {
            message: `"${value}" is not a storage account name (3 to 24 lowercase letters and digits).`,
            hint: `Set accountName in ${file} to the storage account's name as shown in the Azure portal.`,
          };
    case 'containerName':
      return CONTAINER_NAME.test(value)
        ? undefined
        : {
            message: `"${value}" is not a valid container name (${CONTAINER_RULE}).`,
            hint: `Change containerName in ${file}, or remove it to use the project name lower-cased.`,
          };
    case 'endpoint':
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || value.includes('/') || value.includes(':'))
        return {
          message: `"${value}" must be only the storage endpoint suffix, such as ${DEFAULT_ENDPOINT} (azd builds https://<account>.blob.<endpoint>).`,
          hint: `Set endpoint in ${file} to the suffix (${DEFAULT_ENDPOINT}, core.usgovcloudapi.net, core.chinacloudapi.cn); for an emulator use AZURE_STORAGE_CONNECTION_STRING.`,
        };
      if (/^blob\./i.test(value))
        return {
          message: `"${value}" starts with "blob.", so the account URL would be https://<account>.blob.${value} (azd adds "blob." itself; the schema's example is misleading).`,
          hint: `Set endpoint in ${file} to "${value.slice(5)}", or remove it for ${DEFAULT_ENDPOINT}.`,
        };
      return HOST_SUFFIX.test(value)
        ? undefined
        : {
            message: `"${value}" is not a host name suffix such as ${DEFAULT_ENDPOINT}.`,
            hint: `Set endpoint in ${file} to your cloud's storage suffix, or remove it for ${DEFAULT_ENDPOINT}.`,
          };
    case 'subscriptionId':
      return GUID.test(value)
        ? undefined
        : {
            message: `"${value}" is not a subscription ID (a GUID such as 00000000-0000-0000-0000-000000000000).`,
            hint: `Set subscriptionId in ${file} to the ID of the subscription that holds the storage account, or remove it.`,
          };
  }
}

function unknown(key: string, owner: string, allowed: readonly string[], where: Location): ScriptsErrorData {
  const guess = closest(key, allowed);
  return locatedError(
    where,
    'REMOTE_STATE_INVALID',
    `unknown key "${key}" in ${owner}${guess ? `; did you mean "${guess}"?` : '.'}`,
    `Allowed keys in ${owner}: ${allowed.join(', ')}.`,
  );
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `${typeof value} ${JSON.stringify(value)}`;
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
