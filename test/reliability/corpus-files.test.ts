/**
 * Bad input corpus, part 2 (reliability item 4): parameter files and outputs.json (truncated, deeply nested,
 * 100 MB — reads are size-capped with a clear error —, wrong shapes and types, bad encodings) and azd environment
 * files azd cannot read (the run fails naming file and line; the file is left byte for byte unchanged). Every
 * case: a clear error naming the file (and line) at fault, no stack trace, nothing on disk changed (except the
 * outputs.json the script itself wrote).
 */
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { azureYaml, baseEnv, runCli, tempDir } from '../helpers.js';
import { expectRejected, writeContent, type BadCase, type Content } from './corpus.js';
import { badInput, rit } from './support.js';

const MiB = 1024 * 1024;
const DOTENV = 'AZURE_ENV_NAME="dev"\n';
/** An existing environment, so that a run has nothing to create. */
const ENVIRONMENT: Record<string, Content> = {
  '.azure/config.json': '{"version":1,"defaultEnvironment":"dev"}',
  '.azure/.gitignore': '# .azure is not intended to be committed\n*',
  '.azure/dev/.env': DOTENV,
  '.azure/dev/config.json': '{}',
};

/** Valid JSON exactly one byte larger than `cap`. */
const overCap = (head: string, tail: string, cap: number) =>
  `${head}${'x'.repeat(cap + 1 - head.length - tail.length)}${tail}`;
const nested = (depth: number, open = '[', close = ']', inner = '') =>
  `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

// ---------------------------------------------------------------------------------------------------------------
// Parameter files

const PARAM_PROJECT = (params: Content, extra: Record<string, Content> = {}): Record<string, Content> => ({
  'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/ok.sh', parameters: 'params.json' }] }),
  'scripts/ok.sh': '#!/usr/bin/env bash\ntouch ran.marker\n',
  'params.json': params,
  ...ENVIRONMENT,
  ...extra,
});

const pretty = (v: unknown) => JSON.stringify(v, null, 2);
const param = (p: unknown) => pretty({ parameters: { REGION: p } });
const paramCases: BadCase[] = [];
const addParam = (name: string, params: Content, expect: Partial<BadCase> = {}, extra: Record<string, Content> = {}) =>
  paramCases.push({
    name: `parameter file: ${name}`,
    files: PARAM_PROJECT(params, extra),
    file: 'params.json',
    ...expect,
  });

{
  const full = param({ type: 'string', value: 'westeurope', name: 'Region' });
  addParam('truncated', full.slice(0, full.indexOf('westeurope') + 4), { line: 5, mentions: ['not valid JSON'] });
  addParam('truncated after the first brace', '{', { line: 1 });
}
addParam('empty', '', { line: 1 });
addParam(
  'a bad token on line 3 of 6',
  '{\n  "parameters": {\n    "REGION": {"type": "string", "value": westeurope},\n    "X": {"type": "string"}\n  }\n}\n',
  {
    line: 3,
  },
);
addParam('only blank lines', '\n\n\n', { line: 4 });
addParam('a trailing comma', '{\n  "parameters": {},\n}\n', { line: 3 });
addParam('comments (JSONC)', '{\n  // region\n  "parameters": {}\n}\n', { line: 2 });
addParam(
  'deeply nested value (10 000 levels)',
  `{"parameters":{"REGION":{"type":"string","value":${nested(10_000)}}}}`,
  {
    line: 1,
  },
);
addParam(
  'deeply nested value (200 000 levels)',
  `{"parameters":{"REGION":{"type":"string","value":${nested(200_000)}}}}`,
);
addParam('deeply nested document (200 000 levels)', nested(200_000, '{"a":', '}', '1'));
addParam(
  '100 MB',
  { sparse: 100 * MiB, prefix: '{"parameters":{"REGION":{"type":"string","value":"' },
  {
    mentions: [/MiB/],
  },
);
addParam('4 MiB + 1 byte', overCap('{"parameters":{},"$schema":"', '"}', 4 * MiB), { mentions: [/MiB/] });
addParam(
  'invalid UTF-8 on line 3',
  Buffer.from(`{\n  "parameters": {\n    "REGION": {"type": "string", "value": "\xff"}\n  }\n}\n`, 'latin1'),
  {
    line: 3,
    mentions: ['UTF-8'],
  },
);
addParam('BOM, then an error on line 2', `\ufeff{\n  "parameters": [],\n  "x": 1\n}\n`, { line: 2 });
addParam('UTF-16', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(param({ type: 'string' }), 'utf16le')]), {
  mentions: ['UTF-8'],
});
addParam('a top-level array', '[]', { mentions: ['JSON object'] });
addParam('a top-level string', '"parameters"', { mentions: ['JSON object'] });
addParam('a top-level null', 'null', { mentions: ['JSON object'] });
addParam('no "parameters"', '{}', { mentions: ['"parameters"'] });
addParam('"parameters" is an array', pretty({ parameters: [] }), { line: 2 });
addParam('"parameters" is a string', pretty({ parameters: 'REGION' }), { line: 2 });
addParam('"parameters" is null', pretty({ parameters: null }), { line: 2 });
addParam('a misspelt top-level key', pretty({ paramters: {}, parameters: {} }), {
  line: 2,
  mentions: ['did you mean "parameters"'],
});
addParam('a parameter that is a string', param('westeurope'), { line: 3 });
addParam('a parameter that is null', param(null), { line: 3 });
addParam('a parameter that is an array', param(['string']), { line: 3 });
// Without "type" is an ARM-style entry (issue 10.7), tolerated; a null value is not.
addParam('a parameter without type whose value is null', param({ value: null }), { line: 4, mentions: ['"value"'] });
addParam('type "str"', param({ type: 'str', value: 'x' }), { line: 4, mentions: ['"str"'] });
addParam('type is a number', param({ type: 5 }), { line: 4 });
addParam('type "securestring" (not a parameter type)', param({ type: 'securestring' }), { line: 4 });
addParam('value is an object', param({ type: 'string', value: { a: 1 } }), { line: 5, mentions: ['"value"'] });
addParam('value is an array', param({ type: 'string', value: ['a'] }), { line: 5 });
addParam('value is null', param({ type: 'string', value: null }), { line: 5 });
addParam('secret is "yes"', param({ type: 'string', value: 'x', secret: 'yes' }), { line: 6, mentions: ['"secret"'] });
addParam('name is a number', param({ type: 'string', value: 'x', name: 5 }), { line: 6, mentions: ['"name"'] });
addParam('a misspelt key', param({ type: 'string', vaule: 'x' }), { line: 5, mentions: ['did you mean "value"'] });
for (const bad of ['my-param', '1X', '', 'A B', 'ключ', 'A=B']) {
  addParam(`parameter name ${JSON.stringify(bad)}`, pretty({ parameters: { [bad]: { type: 'string', value: 'x' } } }), {
    line: 3,
    mentions: ['not a valid environment variable name'],
  });
}
// Errors found while resolving values name the file relative to the project, and the key.
const resolving = (...more: string[]) => ({ file: undefined, mentions: ['params.json', 'REGION', ...more] });
addParam('integer "3.5"', param({ type: 'integer', value: '3.5' }), resolving('integer'));
addParam('boolean "yes"', param({ type: 'boolean', value: 'yes' }), resolving('true or false'));
addParam('number "1e999" (not finite)', param({ type: 'number', value: '1e999' }), resolving('a number'));
addParam('number "0x10"', param({ type: 'number', value: '0x10' }), resolving('a number'));
addParam(
  'a placeholder that does not resolve',
  param({ type: 'string', value: '${NOPE_NOT_SET}-x' }),
  resolving('${NOPE_NOT_SET}'),
);
paramCases.push({
  name: 'parameter file: two files disagree on a value',
  files: {
    ...PARAM_PROJECT(param({ type: 'string', value: 'westeurope' }), {
      'other.json': param({ type: 'string', value: 'eastus' }),
    }),
    'azure.yaml': azureYaml({
      provision: [
        { shell: 'bash', run: 'scripts/ok.sh', parameters: 'params.json' },
        { shell: 'bash', run: 'scripts/ok.sh', parameters: 'other.json' },
      ],
    }),
  },
  mentions: ['params.json', 'other.json', 'REGION'],
});
paramCases.push({
  name: 'parameter file: two files disagree on a type',
  files: {
    ...PARAM_PROJECT(param({ type: 'string' }), { 'other.json': param({ type: 'integer' }) }),
    'azure.yaml': azureYaml({
      provision: [
        { shell: 'bash', run: 'scripts/ok.sh', parameters: 'params.json' },
        { shell: 'bash', run: 'scripts/ok.sh', parameters: 'other.json' },
      ],
    }),
  },
  mentions: ['params.json', 'other.json', 'type string', 'type integer'],
});

// ---------------------------------------------------------------------------------------------------------------
// outputs.json (written by the script: it copies a prepared file)

const OUT = 'scripts/w/outputs.json';
const OUTPUT_PROJECT = (outputs: Content): Record<string, Content> => ({
  'azure.yaml': azureYaml({
    provision: [
      { shell: 'bash', name: 'writer', run: 'scripts/w/run.sh' },
      { shell: 'bash', name: 'after', run: 'scripts/after.sh' },
    ],
  }),
  'scripts/w/run.sh': '#!/usr/bin/env bash\ncp --sparse=always fixtures/outputs.json scripts/w/outputs.json\n',
  'scripts/after.sh': '#!/usr/bin/env bash\ntouch after.ran\n',
  'fixtures/outputs.json': outputs,
  ...ENVIRONMENT,
});
const outputCases: BadCase[] = [];
const addOut = (name: string, outputs: Content, expect: Partial<BadCase> = {}) =>
  outputCases.push({
    name: `outputs.json: ${name}`,
    files: OUTPUT_PROJECT(outputs),
    file: OUT,
    written: [OUT],
    mentions: ['writer', ...(expect.mentions ?? [])],
    ...expect,
  });
const out = (outputs: unknown) => pretty({ outputs });

{
  const full = out({ URL: { type: 'string', value: 'https://x.example' } });
  addOut('truncated', full.slice(0, full.indexOf('https') + 3), { line: 5, mentions: ['not valid JSON'] });
}
addOut('empty', '', { line: 1 });
addOut(
  'a bad token on line 3 of 6',
  '{\n  "outputs": {\n    "URL": {"type": "string", "value": https://x.example},\n    "X": {"type": "string", "value": "x"}\n  }\n}\n',
  {
    line: 3,
  },
);
addOut('not JSON at all', 'URL=https://x.example\n', { line: 1 });
addOut('deeply nested array value (5 000 levels)', `{"outputs":{"A":{"type":"array","value":${nested(5000)}}}}`);
addOut(
  'deeply nested object value (5 000 levels)',
  `{"outputs":{"A":{"type":"object","value":${nested(5000, '{"a":', '}', '1')}}}}`,
);
addOut('deeply nested value (200 000 levels)', `{"outputs":{"A":{"type":"array","value":${nested(200_000)}}}}`);
addOut('100 MB', { sparse: 100 * MiB, prefix: '{"outputs":{"A":{"type":"string","value":"' }, { mentions: [/MiB/] });
addOut('32 MiB + 1 byte', overCap('{"outputs":{},"$schema":"', '"}', 32 * MiB), { mentions: [/MiB/] });
addOut('a top-level array', '[]', { mentions: ['JSON object'] });
addOut('a top-level string', '"outputs"', { mentions: ['JSON object'] });
addOut('a top-level null', 'null', { mentions: ['JSON object'] });
addOut('a top-level number', '42', { mentions: ['JSON object'] });
// {} is a flat file with no outputs (issue 10.6); a misspelt "outputs" in it is not.
addOut('a flat file whose only key is a misspelt "outputs"', '{"outptus": {}}', {
  line: 1,
  mentions: ['did you mean "outputs"'],
});
addOut('"outputs" is an array', pretty({ outputs: [] }), { line: 2 });
addOut('"outputs" is a string', pretty({ outputs: 'URL' }), { line: 2 });
addOut('"outputs" is null', pretty({ outputs: null }), { line: 2 });
addOut('a misspelt top-level key', pretty({ output: {} }), { line: 2, mentions: ['did you mean "outputs"'] });
for (const bad of ['my-key', '1A', '', 'A B', 'ключ', '$(touch PWNED)']) {
  addOut(`output name ${JSON.stringify(bad)}`, out({ [bad]: { type: 'string', value: 'x' } }), {
    line: 3,
    mentions: ['not a valid environment variable name'],
  });
}
addOut('an output that is a string', out({ URL: 'https://x.example' }), { line: 3 });
addOut('an output that is null', out({ URL: null }), { line: 3 });
addOut('an output that is an array', out({ URL: ['string', 'x'] }), { line: 3 });
addOut('an output without value', out({ URL: { type: 'string' } }), { line: 3 });
addOut('an output without type', out({ URL: { value: 'x' } }), { line: 3 });
addOut('type is a number', out({ URL: { type: 1, value: 'x' } }), { line: 3 });
addOut('a misspelt key', out({ URL: { type: 'string', vaule: 'x' } }), { line: 3, mentions: ['did you mean "value"'] });
addOut('a NUL character in a value', out({ URL: { type: 'string', value: 'a\u0000b' } }), {
  line: 3,
  mentions: ['NUL'],
});
addOut(
  'invalid UTF-8 on line 3',
  Buffer.from('{\n  "outputs": {\n    "URL": {"type": "string", "value": "\xc3\x28"}\n  }\n}\n', 'latin1'),
  { line: 3, mentions: ['UTF-8'] },
);
addOut(
  'BOM, then an error on line 3',
  `\ufeff{\n  "outputs": {\n    "A-B": {"type": "string", "value": "x"}\n  }\n}\n`,
  {
    line: 3,
  },
);

// ---------------------------------------------------------------------------------------------------------------
// azd environment files azd cannot read: the run fails naming file and line; the file stays as it was.

const DOTENV_FILE = '.azure/dev/.env';
const ENV_PROJECT = (dotenv: Content, extra: Record<string, Content> = {}): Record<string, Content> => ({
  'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/ok.sh', parameters: 'params.json' }] }),
  'scripts/ok.sh': '#!/usr/bin/env bash\ntouch ran.marker\n',
  'params.json': param({ type: 'string' }),
  ...ENVIRONMENT,
  [DOTENV_FILE]: dotenv,
  ...extra,
});
const envCases: BadCase[] = [];
/** `--param REGION=...` makes the run save to .env before any script runs. */
const SAVE = ['provision', '-e', 'dev', '--param', 'REGION=westeurope'];
const addEnv = (name: string, dotenv: Content, expect: Partial<BadCase> = {}) =>
  envCases.push({ name: `.env: ${name}`, files: ENV_PROJECT(dotenv), file: DOTENV_FILE, args: SAVE, ...expect });

addEnv('an unterminated double quote on line 3', 'AZURE_ENV_NAME="dev"\nA=1\nB="abc\nC=2\n', { line: 3 });
addEnv('an unterminated single quote on line 2', "AZURE_ENV_NAME=dev\nB='abc\n", { line: 2 });
addEnv('a dash in a key on line 2', 'AZURE_ENV_NAME=dev\nMY-KEY=1\n', { line: 2 });
addEnv('a line without = on line 3', 'AZURE_ENV_NAME=dev\n# comment\nJUSTAKEY\n', { line: 3 });
addEnv('text after a closing quote on line 1', 'A="a"b"\n', { line: 1 });
addEnv('a unicode key on line 2', 'AZURE_ENV_NAME=dev\nключ=1\n', { line: 2 });
addEnv('a UTF-8 BOM (azd cannot read it either)', '\ufeffAZURE_ENV_NAME="dev"\n', { line: 1 });
addEnv('invalid UTF-8 on line 2', Buffer.from('AZURE_ENV_NAME="dev"\nA="\xff"\n', 'latin1'), {
  line: 2,
  mentions: ['UTF-8'],
});
addEnv('UTF-16', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(DOTENV, 'utf16le')]), { mentions: ['UTF-8'] });
addEnv('65 MiB', { sparse: 65 * MiB, prefix: 'AZURE_ENV_NAME="dev"\nA="' }, { mentions: [/MiB/] });
addEnv('a folder, not a file', { dir: true }, { mentions: ['folder'] });
addEnv(
  'a value ending in a backslash on line 2 (azd reads it, but cannot write it back)',
  'AZURE_ENV_NAME=dev\nA=abc\\\n',
  {
    line: 2,
    mentions: ['A', 'backslash'],
  },
);
// Keys with "." or a space are godotenv keys and now kept (issue 10.2, test/cli/dotenv-compat.test.ts).
addEnv('a last line "export " with no key (godotenv refuses it too)', 'AZURE_ENV_NAME=dev\nexport ', { line: 2 });
addEnv('a "$" in a key on line 2', 'AZURE_ENV_NAME=dev\n$A=1\n', { line: 2 });
envCases.push({
  name: '.azure/config.json: not JSON, read to choose the environment',
  files: { ...ENV_PROJECT(DOTENV), '.azure/config.json': '{\n  "version": 1,\n  "defaultEnvironment": dev\n}' },
  args: ['provision'],
  file: '.azure/config.json',
  line: 3,
});
envCases.push({
  name: '.azure/config.json: a huge file',
  files: { ...ENV_PROJECT(DOTENV), '.azure/config.json': { sparse: 50 * MiB, prefix: '{"defaultEnvironment":"' } },
  args: ['provision'],
  file: '.azure/config.json',
  mentions: [/MiB/],
});
envCases.push({
  name: '.azure/dev/config.json: not JSON (state)',
  files: { ...ENV_PROJECT(DOTENV), '.azure/dev/config.json': '{\n  "scripts": {\n    "outputs": [\n}' },
  args: ['state', '-e', 'dev'],
  file: '.azure/dev/config.json',
  line: 4,
});
envCases.push({
  name: '.azure/dev/config.json: an array (state)',
  files: { ...ENV_PROJECT(DOTENV), '.azure/dev/config.json': '[]' },
  args: ['state', '-e', 'dev'],
  file: '.azure/dev/config.json',
  mentions: ['JSON object'],
});
envCases.push({
  name: '.env: unreadable during state',
  files: ENV_PROJECT('AZURE_ENV_NAME=dev\nB="open\n'),
  args: ['state', '-e', 'dev'],
  file: DOTENV_FILE,
  line: 2,
});
envCases.push({
  name: '.env: unreadable during down --force',
  files: {
    ...ENV_PROJECT('AZURE_ENV_NAME=dev\nB="open\n'),
    'azure.yaml': azureYaml({
      provision: [{ shell: 'bash', run: 'scripts/ok.sh' }],
      destroy: [{ shell: 'bash', run: 'scripts/ok.sh' }],
    }),
  },
  args: ['down', '-e', 'dev', '--force'],
  file: DOTENV_FILE,
  line: 2,
});

describe('bad input corpus: parameter files', { concurrency: 3 }, () => {
  for (const c of paramCases) rit(c.name, () => expectRejected(c));
});

describe('bad input corpus: outputs.json', { concurrency: 3 }, () => {
  for (const c of outputCases) rit(c.name, () => expectRejected(c));
});

describe('bad input corpus: azd environment files', { concurrency: 3 }, () => {
  for (const c of envCases) rit(c.name, () => expectRejected(c));
});

describe('tolerated input (not errors)', () => {
  rit(
    'outputs.json with a BOM, a lone surrogate and names like __proto__: saved or skipped with a warning',
    async () => {
      const dir = tempDir('azd-scripts-corpus-');
      writeContent(
        dir,
        OUTPUT_PROJECT(
          '\ufeff{"outputs":{"__proto__":{"type":"string","value":"proto"},"constructor":{"type":"string","value":"ctor"},' +
            '"LONE":{"type":"string","value":"\\ud800"},"NUM":{"type":"number","value":1e21}}}',
        ),
      );
      const r = await runCli(['provision', '-e', 'dev'], { cwd: dir, env: baseEnv() });
      badInput();
      assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
      const dotenv = readFileSync(path.join(dir, DOTENV_FILE), 'utf8');
      assert.match(dotenv, /^__proto__="proto"$/m);
      assert.match(dotenv, /^constructor="ctor"$/m);
      assert.match(dotenv, /^NUM="1e\+21"$/m);
      assert.doesNotMatch(dotenv, /^LONE=/m);
      assert.match(r.stderr, /warning: Output LONE .*not saved/);
    },
  );

  rit('parameter files with a BOM, $schema and contentVersion, and JSON numbers and booleans as values', async () => {
    const dir = tempDir('azd-scripts-corpus-');
    writeContent(dir, {
      ...PARAM_PROJECT(
        '\ufeff{"$schema":"https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#",' +
          '"contentVersion":"1.0.0.0","parameters":{"COUNT":{"type":"integer","value":3},' +
          '"ON":{"type":"boolean","value":true},"__proto__":{"type":"string","value":"p"}}}',
      ),
      'scripts/ok.sh': '#!/usr/bin/env bash\nprintf "%s|%s|%s" "$COUNT" "$ON" "$__proto__" > seen\n',
    });
    const r = await runCli(['provision', '-e', 'dev'], { cwd: dir, env: baseEnv() });
    badInput();
    assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
    assert.equal(readFileSync(path.join(dir, 'seen'), 'utf8'), '3|true|p');
  });
});
