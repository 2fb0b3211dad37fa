/**
 * The parsers behind issue items 10.4-10.8 and 11.15, unit by unit: the upstream entry fields, env/secrets
 * templates, shebangs and run: paths, both outputs.json shapes, output types, duplicate JSON keys and
 * ARM-style parameter files. End-to-end behaviour is in test/cli/formats.test.ts.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ScriptsError } from '../../src/core/errors.js';
import { entryVariables, expandTemplate, templateReferences } from '../../src/core/entry-env.js';
import { findDuplicateKey } from '../../src/core/json.js';
import { parseOutputs } from '../../src/core/outputs.js';
import { parseParameterFile } from '../../src/core/parameters.js';
import { parseProject } from '../../src/core/project.js';
import { commandPart, posixPath, shebangShell } from '../../src/core/script-checks.js';

const FILE = '/project/azure.yaml';
const OUT = '/project/outputs.json';

function caught(fn: () => unknown): ScriptsError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof ScriptsError, `not a ScriptsError: ${String(err)}`);
    return err;
  }
  assert.fail('expected an error, but none was thrown');
}

const project = (...lines: string[]) =>
  ['name: demo', 'infra:', '  provider: scripts', '  config:', '    provision:', ...lines, ''].join('\n');

describe('issue 10.6: upstream entry fields in azure.yaml', () => {
  it('kind is inferred from .sh and .ps1 (any case); shell keeps its PRD meaning', () => {
    const p = parseProject(
      project(
        '      - run: a.sh',
        '      - run: b.PS1',
        '      - kind: sh',
        '        run: c',
        '      - shell: sh',
        '        run: d.sh',
      ),
      FILE,
    );
    const entries = p.lists.provision!;
    assert.deepEqual(
      entries.map((e) => [e.shell, e.shellFrom]),
      [
        ['sh', 'inferred'],
        ['pwsh', 'inferred'],
        ['sh', 'kind'],
        ['sh', 'shell'],
      ],
    );
  });

  it('env and secrets: string maps (YAML numbers and booleans become text), with a location per key', () => {
    const p = parseProject(
      project(
        '      - run: a.sh',
        '        env:',
        '          PORT: 8080',
        '          ON: true',
        '        secrets:',
        '          PW: x',
      ),
      FILE,
    );
    const e = p.lists.provision![0]!;
    assert.deepEqual(e.env, { PORT: '8080', ON: 'true' });
    assert.deepEqual(e.secrets, { PW: 'x' });
    assert.equal(e.at.env.PORT?.line, 8);
    assert.equal(e.at.secrets.PW?.line, 11);
  });

  it('the override of the current OS wins field by field; maps merge key by key', () => {
    const yaml = project(
      '      - run: a.sh',
      '        name: base',
      '        env: { A: base-a, B: base-b }',
      '        windows: { run: a.ps1, env: { A: win-a } }',
      '        posix: { env: { B: posix-b }, continueOnError: true }',
    );
    const posix = parseProject(yaml, FILE, 'linux').lists.provision![0]!;
    assert.deepEqual([posix.run, posix.shell, posix.name, posix.continueOnError], ['a.sh', 'sh', 'base', true]);
    assert.deepEqual(posix.env, { A: 'base-a', B: 'posix-b' });
    const windows = parseProject(yaml, FILE, 'win32').lists.provision![0]!;
    assert.deepEqual([windows.run, windows.shell, windows.continueOnError], ['a.ps1', 'pwsh', false]);
    assert.deepEqual(windows.env, { A: 'win-a', B: 'base-b' });
  });

  it('an override that names a shell replaces the base one; shell and kind at one level is an error', () => {
    const p = parseProject(
      project('      - shell: bash', '        run: a.sh', '        posix: { kind: sh }'),
      FILE,
      'linux',
    );
    assert.deepEqual([p.lists.provision![0]!.shell, p.lists.provision![0]!.shellFrom], ['sh', 'kind']);
    const err = caught(() =>
      parseProject(project('      - shell: bash', '        kind: sh', '        run: a.sh'), FILE),
    );
    assert.match(err.message, /has both "shell" and "kind"/);
  });

  it('bad env names, a key in both env and secrets, nested overrides, non-string values: each an error with its line', () => {
    const err = caught(() =>
      parseProject(
        project(
          '      - run: a.sh',
          '        env: { 1BAD: x, SAME: a }',
          '        secrets: { SAME: b }',
          '      - run: b.sh',
          '        posix: { windows: {} }',
          '      - run: c.sh',
          '        env: { A: null }',
        ),
        FILE,
      ),
    );
    const text = err.message;
    assert.match(text, /env: "1BAD" is not a valid environment variable name/);
    assert.match(text, /"SAME" is in both env and secrets/);
    assert.match(text, /unknown key "windows" in infra\.config\.provision\[1\]\.posix/);
    assert.match(text, /provision\[2\]\.env\.A must be a string, not null/);
  });
});

describe('issue 10.6: env/secrets templates', () => {
  it('finds ${NAME} references and refuses defaults, expressions and an unclosed ${', () => {
    assert.deepEqual(templateReferences('a-${X}-${Y_2}-$Z'), { names: ['X', 'Y_2'] });
    assert.match(templateReferences('${X:-d}').error ?? '', /only \$\{NAME\}/);
    assert.match(templateReferences('x${').error ?? '', /never closed/);
    assert.match(templateReferences('${}').error ?? '', /only/);
  });

  it('expands against the lookup; unset is empty; $NAME and a lone $ stay', () => {
    assert.equal(
      expandTemplate('${A}/${B}/$A/$', (n) => (n === 'A' ? 'a' : undefined)),
      'a//$A/$',
    );
  });

  it('env keys in sorted order, then secrets, each seeing the ones before', () => {
    const vars = entryVariables(
      { env: { B: '${A}+b', A: '${BASE}a', C: '${S}' }, secrets: { S: '${B}!', R: '${C}' } },
      (n) => (n === 'BASE' ? 'base-' : undefined),
    );
    assert.deepEqual(vars, [
      { key: 'A', value: 'base-a', secret: false },
      { key: 'B', value: 'base-a+b', secret: false },
      { key: 'C', value: '', secret: false },
      { key: 'R', value: '', secret: true },
      { key: 'S', value: 'base-a+b!', secret: true },
    ]);
  });
});

describe('issue 10.4 and 10.5: shebangs and run: paths', () => {
  it('reads the interpreter of a shebang, through env and its options', () => {
    assert.equal(shebangShell('#!/bin/bash'), 'bash');
    assert.equal(shebangShell('#! /usr/bin/env bash'), 'bash');
    assert.equal(shebangShell('#!/usr/bin/env -S bash -e'), 'bash');
    assert.equal(shebangShell('#!/bin/sh -e'), 'sh');
    assert.equal(shebangShell('echo hi'), undefined);
  });

  it('turns \\ into / off Windows only', () => {
    assert.equal(posixPath('scripts\\x.sh', 'linux'), 'scripts/x.sh');
    assert.equal(posixPath('scripts\\x.sh', 'win32'), undefined);
    assert.equal(posixPath('scripts/x.sh', 'darwin'), undefined);
  });

  it('finds the file part of a command line', () => {
    assert.equal(commandPart('scripts/x.sh --flag'), 'scripts/x.sh');
    assert.equal(commandPart('scripts/x.sh'), undefined);
  });
});

describe('issue 10.6 and 11.15: both outputs.json shapes, told apart strictly', () => {
  it('reads the flat form and the wrapped form alike', () => {
    const flat = parseOutputs(
      '{"A": {"type": "string", "value": "a"}, "S": {"type": "secureString", "value": "s"}}',
      OUT,
    );
    const wrapped = parseOutputs(
      '{"outputs": {"A": {"type": "string", "value": "a"}, "S": {"type": "secureString", "value": "s"}}}',
      OUT,
    );
    assert.deepEqual([...flat], [...wrapped]);
    assert.equal(flat.get('S')?.secret, true);
  });

  it('a flat output named "outputs" is an output; an empty file {} has none', () => {
    assert.equal(parseOutputs('{"outputs": {"type": "string", "value": "x"}}', OUT).get('outputs')?.value, 'x');
    assert.equal(parseOutputs('{}', OUT).size, 0);
  });

  it('"outputs" beside another key is refused, naming the line of that key', () => {
    const err = caught(() =>
      parseOutputs(
        '{\n  "outputs": {"A": {"type": "string", "value": "a"}},\n  "B": {"type": "securestring", "value": "b"}\n}',
        OUT,
      ),
    );
    assert.match(err.message, /both "outputs" and "B"/);
    assert.equal(err.line, 3);
    const typo = caught(() => parseOutputs('{"outputs": {}, "outptus": {}}', OUT));
    assert.match(typo.message, /did you mean "outputs"/);
  });

  it('an unknown type is an error with a did-you-mean, naming the line of the type', () => {
    const err = caught(() => parseOutputs('{\n  "P": {\n    "type": "securestrin",\n    "value": "v"\n  }\n}', OUT));
    assert.match(err.message, /unknown type "securestrin"; did you mean "securestring"\?/);
    assert.equal(err.line, 3);
    assert.doesNotMatch(err.message, /"v"/);
  });
});

describe('issue 11.15: duplicate keys in JSON', () => {
  it('finds the second occurrence, its object path and line; keys compare decoded', () => {
    const text = '{"a": 1, "b": {"x": 1, "y": [ {"x": 1} ], "x": 2}}';
    const second = text.lastIndexOf('"x"');
    assert.deepEqual(findDuplicateKey(text), { path: ['b'], key: 'x', offset: second, line: 1, column: second + 1 });
    assert.equal(findDuplicateKey('{"a": 1,\n "\\u0061": 2}')?.line, 2);
    assert.equal(findDuplicateKey('{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}]}'), undefined);
    assert.equal(findDuplicateKey('{"k": "a\\"b", "k\\\\": 1}'), undefined);
  });

  it('outputs.json: a repeated output is refused with the line of the second', () => {
    const err = caught(() =>
      parseOutputs(
        '{"outputs": {\n  "PW": {"type": "securestring", "value": "s"},\n  "PW": {"type": "string", "value": "s"}\n}}',
        OUT,
      ),
    );
    assert.equal(err.code, 'OUTPUTS_INVALID');
    assert.match(err.message, /"PW" appears twice in "outputs"/);
    assert.equal(err.line, 3);
  });

  it('parameter files: a repeated parameter or a repeated key inside one is refused', () => {
    const err = caught(() =>
      parseParameterFile(
        '{"parameters": {\n  "P": {"type": "string", "secret": true,\n  "secret": false}\n}}',
        '/project/p.json',
        'p.json',
      ),
    );
    assert.equal(err.code, 'PARAMETERS_INVALID');
    assert.match(err.message, /"secret" appears twice in "parameters\.P"/);
    assert.equal(err.line, 3);
  });
});

describe('issue 10.7: ARM-style parameter entries', () => {
  it('no type: string, integer, number or boolean by the literal; objects as compact sorted JSON', () => {
    const parsed = parseParameterFile(
      JSON.stringify({
        $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#',
        contentVersion: '1.0.0.0',
        parameters: {
          s: { value: '${AZURE_ENV_NAME}' },
          i: { value: 3 },
          n: { value: 2.5 },
          b: { value: true },
          o: { value: { z: 1, a: [1] } },
          none: {},
        },
      }),
      '/project/main.parameters.json',
      'main.parameters.json',
    );
    assert.deepEqual(
      parsed.declarations.map((d) => [d.key, d.type, d.value]),
      [
        ['s', 'string', '${AZURE_ENV_NAME}'],
        ['i', 'integer', '3'],
        ['n', 'number', '2.5'],
        ['b', 'boolean', 'true'],
        ['o', 'string', '{"a":[1],"z":1}'],
        ['none', 'string', undefined],
      ],
    );
  });

  it('an object value with a declared type is an error', () => {
    const err = caught(() =>
      parseParameterFile('{"parameters": {"o": {"type": "string", "value": {"a": 1}}}}', '/p.json', 'p.json'),
    );
    assert.match(err.message, /"value" must be a string \(or a number or boolean\) for type string/);
  });
});
