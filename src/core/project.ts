/**
 * The project: azure.yaml found by walking up from the working directory, its `infra` section read strictly
 * (PRD REQ-1). Every problem carries the file and line of the YAML node at fault; all problems of the
 * configuration are reported together.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { LineCounter, isMap, isScalar, isSeq, parseDocument, type Document } from 'yaml';
import { Problems, ScriptsError, formatLocation as prefix, type Location } from './errors.js';
import { MiB, readTextFile } from './files.js';
import { REQUEST_FIELD_NAMES, type OptionSpeller } from './options.js';
import { parseStateSection, type RemoteSection } from './project-state.js';
import { describe, parseEntry, unknownKey, type ScriptEntry } from './script-entry.js';

export const PROJECT_FILES = ['azure.yaml', 'azure.yml'] as const;
export const LISTS = ['provision', 'destroy'] as const;
export type ListName = (typeof LISTS)[number];

export type { ScriptEntry } from './script-entry.js';

export interface Project {
  root: string;
  file: string;
  lists: Partial<Record<ListName, ScriptEntry[]>>;
  /** azure.yaml `name` (azd's default remote-state container, lower-cased), when written as a scalar. */
  name?: string;
  /** azure.yaml `state.remote`, shape-checked; its backend's store reads the rest. */
  remoteState?: RemoteSection;
}

/** Walks up from `cwd` to the first folder holding azure.yaml (or azure.yml). */
export async function findProjectFile(cwd: string, names: OptionSpeller = REQUEST_FIELD_NAMES): Promise<string> {
  let dir = path.resolve(cwd);
  // A mistyped folder must not silently select the project above it (think `down --force`).
  const start = await fs.stat(dir).catch(() => undefined);
  if (!start?.isDirectory()) {
    throw new ScriptsError({
      code: 'PROJECT_NOT_FOUND',
      message: `The working directory ${dir} ${start ? 'is not a folder' : 'does not exist'}.`,
      hint: `Point ${names.option('cwd')} at your azd project folder.`,
    });
  }
  for (;;) {
    for (const name of PROJECT_FILES) {
      const candidate = path.join(dir, name);
      try {
        if ((await fs.stat(candidate)).isFile()) return candidate;
      } catch {
        // keep looking
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new ScriptsError({
    code: 'PROJECT_NOT_FOUND',
    message: `No azure.yaml found in ${path.resolve(cwd)} or any folder above it.`,
    hint: `Run from your azd project folder, or point ${names.option('cwd')} at it.`,
  });
}

export async function loadProject(cwd: string, names: OptionSpeller = REQUEST_FIELD_NAMES): Promise<Project> {
  const file = await findProjectFile(cwd, names);
  const text = await readTextFile(file, { what: 'project file', maxBytes: 4 * MiB, stripBom: true });
  if (text === undefined) throw new ScriptsError({ code: 'PROJECT_NOT_FOUND', message: `${file} disappeared.`, file });
  return parseProject(text, file);
}

/** `platform` picks the windows/posix override (tests pass another OS). */
export function parseProject(text: string, file: string, platform: NodeJS.Platform = process.platform): Project {
  const root = path.dirname(file);
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, strict: true });
  const at = (offset: number | undefined): Location => {
    if (offset === undefined) return { file };
    const { line, col } = lineCounter.linePos(offset);
    return { file, line, column: col };
  };
  const yamlError = doc.errors[0];
  if (yamlError) {
    const where = at(yamlError.pos[0]);
    throw new ScriptsError({
      code: 'PROJECT_INVALID',
      message: `${prefix(where)}azure.yaml is not valid YAML: ${firstLine(yamlError.message)}`,
      hint: 'Fix the YAML at that line (indent with spaces, not tabs; each key once per mapping).',
      ...where,
    });
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (err) {
    throw new ScriptsError({
      code: 'PROJECT_INVALID',
      message: `${file}: azure.yaml could not be read: ${firstLine(err instanceof Error ? err.message : String(err))}`,
      hint: 'Remove the excessive YAML aliases (&anchor / *alias) from azure.yaml.',
      file,
    });
  }
  const locate = new Locator(doc, at);
  const fail = (
    message: string,
    hint: string,
    where: Location,
    code: 'PROJECT_INVALID' | 'PROVIDER_NOT_SCRIPTS' = 'PROJECT_INVALID',
  ): never => {
    throw new ScriptsError({ code, message: `${prefix(where)}${message}`, hint, ...where });
  };

  if (!isObject(data))
    fail('azure.yaml must be a YAML mapping (key: value).', 'See the quickstart example for the shape of azure.yaml.', {
      file,
    });
  const project = data as Record<string, unknown>;
  if (!('infra' in project) || project.infra === null) {
    fail(
      'azure.yaml has no infra section, so azd would provision with Bicep.',
      'Add `infra:` with `provider: scripts` and a `config:` listing your scripts.',
      { file },
      'PROVIDER_NOT_SCRIPTS',
    );
  }
  if (!isObject(project.infra))
    fail(
      'infra must be a mapping.',
      'Write `infra:` with `provider: scripts` and `config:` below it.',
      locate.value(['infra']),
    );
  const infra = project.infra as Record<string, unknown>;
  if (infra.provider !== 'scripts') {
    const found =
      infra.provider === undefined
        ? 'not set (azd then uses bicep)'
        : typeof infra.provider === 'string'
          ? `"${infra.provider}"`
          : describe(infra.provider);
    fail(
      `infra.provider is ${found}; azd-scripts runs only projects with infra.provider: scripts.`,
      'Set `provider: scripts` under infra, or use azd itself for Bicep and Terraform projects.',
      infra.provider === undefined ? locate.value(['infra']) : locate.value(['infra', 'provider']),
      'PROVIDER_NOT_SCRIPTS',
    );
  }
  if (!isObject(infra.config)) {
    fail(
      infra.config === undefined || infra.config === null
        ? 'infra.config is missing; it lists the scripts to run.'
        : 'infra.config must be a mapping with `provision` and/or `destroy` lists.',
      'Add `config:` under infra with a `provision:` list (and a `destroy:` list for down).',
      infra.config === undefined ? locate.value(['infra']) : locate.value(['infra', 'config']),
    );
  }
  const config = infra.config as Record<string, unknown>;
  const problems = new Problems();
  for (const key of Object.keys(config)) {
    if ((LISTS as readonly string[]).includes(key)) continue;
    problems.add(unknownKey(key, 'infra.config', LISTS, locate.key(['infra', 'config'], key)));
  }
  if (config.provision === undefined && config.destroy === undefined) {
    problems.add({
      code: 'PROJECT_INVALID',
      message: `${prefix(locate.value(['infra', 'config']))}infra.config has neither a provision nor a destroy list.`,
      hint: 'Add `provision:` (and `destroy:`) lists of scripts under infra.config.',
      ...locate.value(['infra', 'config']),
    });
  }
  const lists: Project['lists'] = {};
  for (const list of LISTS) {
    const raw = config[list];
    if (raw === undefined) continue;
    if (raw === null) {
      lists[list] = [];
      continue;
    }
    if (!Array.isArray(raw)) {
      const where = locate.value(['infra', 'config', list]);
      problems.add({
        code: 'PROJECT_INVALID',
        message: `${prefix(where)}infra.config.${list} must be a list of scripts (- shell: bash / run: path).`,
        hint: `Write each script as a list item under ${list}:, starting with "- ".`,
        ...where,
      });
      continue;
    }
    const entries: ScriptEntry[] = [];
    raw.forEach((item: unknown, index: number) => {
      const entry = parseEntry(item, list, index, locate, problems, platform);
      if (entry) entries.push(entry);
    });
    lists[list] = entries;
  }
  const remoteState = parseStateSection(project.state, file, locate, problems);
  problems.throwIfAny(`in ${file}`);
  const result: Project = { root, file, lists };
  const name = project.name;
  if (typeof name === 'string' || typeof name === 'number') result.name = String(name);
  if (remoteState) result.remoteState = remoteState;
  return result;
}

/** Finds the YAML node behind a path, for file:line in messages. */
export class Locator {
  constructor(
    private readonly doc: Document,
    private readonly at: (offset: number | undefined) => Location,
  ) {}

  /** Where the value at `path` starts (or the closest ancestor that exists). */
  value(pathParts: Array<string | number>): Location {
    for (let n = pathParts.length; n >= 0; n--) {
      const node = this.doc.getIn(pathParts.slice(0, n), true);
      if (node && typeof node === 'object' && 'range' in node && Array.isArray(node.range)) {
        return this.at(node.range[0] as number);
      }
    }
    return this.at(undefined);
  }

  /** Where the key `key` of the mapping at `pathParts` is written. */
  key(pathParts: Array<string | number>, key: string): Location {
    const node = this.doc.getIn(pathParts, true);
    if (isMap(node)) {
      for (const pair of node.items) {
        if (isScalar(pair.key) && String(pair.key.value) === key && pair.key.range) return this.at(pair.key.range[0]);
      }
    }
    if (isSeq(node) && node.range) return this.at(node.range[0]);
    return this.value(pathParts);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.trim();
}
