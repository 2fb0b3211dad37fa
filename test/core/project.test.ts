/**
 * Unit tests of the project model (PRD REQ-1, REQ-1.4, REQ-2.3, REQ-6.2, REQ-7.1): finding and parsing azure.yaml,
 * resolving a configured path inside the project root, and the shell table.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ScriptsError, type ScriptsErrorData } from '../../src/core/errors.js';
import { findProjectFile, loadProject, parseProject, type Project } from '../../src/core/project.js';
import { resolveProjectFile } from '../../src/core/paths.js';
import { SHELLS, findExecutable, installHint, isShell, shellArguments } from '../../src/core/shells.js';
import { makeProject, tempDir, writeFiles } from '../helpers.js';

const FILE = '/project/azure.yaml';

/** Runs `fn`, which must throw a ScriptsError, and returns it. */
function caught(fn: () => unknown): ScriptsError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof ScriptsError, `expected a ScriptsError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected an error, but none was thrown');
}

async function rejected(promise: Promise<unknown>): Promise<ScriptsError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof ScriptsError, `expected a ScriptsError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected a rejection, but the promise resolved');
}

/** The problems of an error: its own list for VALIDATION_FAILED, else the error itself. */
function problemsOf(err: ScriptsError): ScriptsErrorData[] {
  return err.code === 'VALIDATION_FAILED' ? (err.problems ?? []) : [err.toData()];
}

function yamlOf(lines: string[]): string {
  return lines.join('\n') + '\n';
}

const HEAD = ['name: demo', 'infra:', '  provider: scripts', '  config:'];

describe('REQ-1: project file discovery', () => {
  it('finds azure.yaml by walking up from a nested folder', async () => {
    const root = makeProject({
      'azure.yaml': yamlOf([...HEAD, '    provision:', '      - shell: bash', '        run: s.sh']),
    });
    const nested = path.join(root, 'a', 'b', 'c');
    mkdirSync(nested, { recursive: true });
    assert.equal(await findProjectFile(nested), path.join(root, 'azure.yaml'));
    const project = await loadProject(nested);
    assert.equal(project.root, root);
    assert.equal(project.file, path.join(root, 'azure.yaml'));
  });

  it('accepts azure.yml', async () => {
    const root = makeProject({
      'azure.yml': yamlOf([...HEAD, '    provision:', '      - shell: bash', '        run: s.sh']),
    });
    mkdirSync(path.join(root, 'sub'));
    const project = await loadProject(path.join(root, 'sub'));
    assert.equal(project.file, path.join(root, 'azure.yml'));
    assert.equal(project.root, root);
  });

  it('prefers azure.yaml over azure.yml in the same folder', async () => {
    const root = makeProject({
      'azure.yaml': yamlOf([...HEAD, '    provision:', '      - shell: bash', '        run: from-yaml.sh']),
      'azure.yml': yamlOf([...HEAD, '    provision:', '      - shell: bash', '        run: from-yml.sh']),
    });
    const project = await loadProject(root);
    assert.equal(project.file, path.join(root, 'azure.yaml'));
    assert.equal(project.lists.provision?.[0]?.run, 'from-yaml.sh');
  });

  it('stops at the nearest azure.yaml (a nested project wins over an outer one)', async () => {
    const outer = makeProject({
      'azure.yaml': yamlOf([...HEAD, '    provision:', '      - shell: bash', '        run: outer.sh']),
      'inner/azure.yaml': yamlOf([...HEAD, '    provision:', '      - shell: bash', '        run: inner.sh']),
    });
    mkdirSync(path.join(outer, 'inner', 'deep'));
    const project = await loadProject(path.join(outer, 'inner', 'deep'));
    assert.equal(project.root, path.join(outer, 'inner'));
    assert.equal(project.lists.provision?.[0]?.run, 'inner.sh');
  });

  it('ignores a folder named azure.yaml', async () => {
    const root = makeProject({
      'azure.yaml': yamlOf([...HEAD, '    provision:', '      - shell: bash', '        run: s.sh']),
    });
    mkdirSync(path.join(root, 'sub', 'azure.yaml'), { recursive: true });
    assert.equal(await findProjectFile(path.join(root, 'sub')), path.join(root, 'azure.yaml'));
  });

  it('fails with PROJECT_NOT_FOUND, naming the start folder, when no azure.yaml is anywhere above', async () => {
    const dir = tempDir();
    const start = path.join(dir, 'x', 'y');
    mkdirSync(start, { recursive: true });
    const err = await rejected(loadProject(start));
    assert.equal(err.code, 'PROJECT_NOT_FOUND');
    assert.match(err.message, /No azure\.yaml found/);
    assert.ok(err.message.includes(start), err.message);
    assert.match(err.hint ?? '', /the cwd option/);
  });

  it('strips a UTF-8 byte order mark', async () => {
    const root = makeProject({
      'azure.yaml': '\uFEFF' + yamlOf([...HEAD, '    provision:', '      - shell: bash', '        run: s.sh']),
    });
    const project = await loadProject(root);
    assert.equal(project.lists.provision?.length, 1);
  });
});

describe('REQ-1.1: basic configuration', () => {
  const text = yamlOf([
    'name: demo',
    'infra:',
    '  provider: scripts',
    '  config:',
    '    provision:',
    '      - shell: bash',
    '        run: scripts/setup-infra.sh',
    '      - shell: pwsh',
    '        run: scripts/configure-app.ps1',
    '    destroy:',
    '      - shell: bash',
    '        run: scripts/teardown.sh',
  ]);

  it('reads the PRD example: both lists, in order, with the root being the folder of azure.yaml', () => {
    const project: Project = parseProject(text, FILE);
    assert.equal(project.root, '/project');
    assert.equal(project.file, FILE);
    assert.deepEqual(
      project.lists.provision?.map((e) => [e.shell, e.run]),
      [
        ['bash', 'scripts/setup-infra.sh'],
        ['pwsh', 'scripts/configure-app.ps1'],
      ],
    );
    assert.deepEqual(
      project.lists.destroy?.map((e) => [e.shell, e.run]),
      [['bash', 'scripts/teardown.sh']],
    );
    const second = project.lists.provision![1]!;
    assert.equal(second.list, 'provision');
    assert.equal(second.index, 1);
    assert.equal(second.key, 'infra.config.provision[1]');
    assert.equal(second.at.shell.line, 8);
    assert.equal(second.at.run.line, 9);
    assert.equal(second.at.run.file, FILE);
  });

  it('accepts a project with only a provision list (destroy absent)', () => {
    const project = parseProject(yamlOf([...HEAD, '    provision:', '      - shell: bash', '        run: a.sh']), FILE);
    assert.equal(project.lists.provision?.length, 1);
    assert.equal(project.lists.destroy, undefined);
  });

  it('accepts a project with only a destroy list (provision absent)', () => {
    const project = parseProject(yamlOf([...HEAD, '    destroy:', '      - shell: sh', '        run: down.sh']), FILE);
    assert.equal(project.lists.provision, undefined);
    assert.equal(project.lists.destroy?.[0]?.shell, 'sh');
  });

  it('keeps an empty list as empty (the command that uses it fails later)', () => {
    const project = parseProject(
      yamlOf([...HEAD, '    provision: []', '    destroy:', '      - shell: bash', '        run: d.sh']),
      FILE,
    );
    assert.deepEqual(project.lists.provision, []);
  });

  it('ignores keys of azure.yaml outside infra (services, hooks, ...)', () => {
    const project = parseProject(
      yamlOf([
        'name: demo',
        'metadata:',
        '  template: x',
        'services:',
        '  web:',
        '    project: ./src',
        'infra:',
        '  provider: scripts',
        '  config:',
        '    provision:',
        '      - shell: bash',
        '        run: a.sh',
      ]),
      FILE,
    );
    assert.equal(project.lists.provision?.length, 1);
  });

  it('rejects infra.provider bicep with PROVIDER_NOT_SCRIPTS, naming "bicep" and its line', () => {
    const err = caught(() => parseProject(yamlOf(['name: demo', 'infra:', '  provider: bicep']), FILE));
    assert.equal(err.code, 'PROVIDER_NOT_SCRIPTS');
    assert.match(err.message, /"bicep"/);
    assert.match(err.message, /provider: scripts/);
    assert.equal(err.file, FILE);
    assert.equal(err.line, 3);
  });

  it('rejects infra.provider terraform the same way', () => {
    const err = caught(() => parseProject(yamlOf(['infra:', '  provider: terraform', '  config: {}']), FILE));
    assert.equal(err.code, 'PROVIDER_NOT_SCRIPTS');
    assert.match(err.message, /"terraform"/);
  });

  it('rejects a project without infra (azd would use bicep)', () => {
    const err = caught(() => parseProject(yamlOf(['name: demo', 'services: {}']), FILE));
    assert.equal(err.code, 'PROVIDER_NOT_SCRIPTS');
    assert.match(err.message, /no infra section/);
    assert.equal(err.file, FILE);
  });

  it('rejects infra without a provider', () => {
    const err = caught(() =>
      parseProject(yamlOf(['infra:', '  config:', '    provision:', '      - shell: bash', '        run: a.sh']), FILE),
    );
    assert.equal(err.code, 'PROVIDER_NOT_SCRIPTS');
    assert.match(err.message, /not set/);
  });

  it('rejects infra that is not a mapping', () => {
    const err = caught(() => parseProject(yamlOf(['infra: scripts']), FILE));
    assert.equal(err.code, 'PROJECT_INVALID');
    assert.match(err.message, /infra must be a mapping/);
    assert.equal(err.line, 1);
  });

  it('rejects a missing infra.config', () => {
    const err = caught(() => parseProject(yamlOf(['infra:', '  provider: scripts']), FILE));
    assert.equal(err.code, 'PROJECT_INVALID');
    assert.match(err.message, /infra\.config is missing/);
    assert.ok(err.line !== undefined);
  });

  it('rejects infra.config that is not a mapping', () => {
    const err = caught(() => parseProject(yamlOf(['infra:', '  provider: scripts', '  config: hello']), FILE));
    assert.equal(err.code, 'PROJECT_INVALID');
    assert.match(err.message, /infra\.config must be a mapping/);
    assert.equal(err.line, 3);
  });

  it('rejects infra.config with neither a provision nor a destroy list', () => {
    const err = caught(() => parseProject(yamlOf(['infra:', '  provider: scripts', '  config: {}']), FILE));
    assert.equal(err.code, 'PROJECT_INVALID');
    assert.match(err.message, /neither a provision nor a destroy list/);
    assert.equal(err.line, 3);
  });

  it('rejects an unknown key under infra.config with a did-you-mean and its line', () => {
    const err = caught(() =>
      parseProject(
        yamlOf([
          ...HEAD,
          '    provision:',
          '      - shell: bash',
          '        run: a.sh',
          '    provison:',
          '      - shell: bash',
          '        run: b.sh',
        ]),
        FILE,
      ),
    );
    assert.equal(err.code, 'PROJECT_INVALID');
    assert.match(err.message, /unknown key "provison" in infra\.config; did you mean "provision"\?/);
    assert.equal(err.line, 8);
    assert.ok(err.message.includes(`${FILE}:8:`), err.message);
  });

  it('a misspelt list that is the only list reports both the typo and the missing lists, together', () => {
    const err = caught(() =>
      parseProject(yamlOf([...HEAD, '    provison:', '      - shell: bash', '        run: b.sh']), FILE),
    );
    assert.equal(err.code, 'VALIDATION_FAILED');
    assert.match(err.message, /did you mean "provision"/);
    assert.match(err.message, /neither a provision nor a destroy list/);
  });

  it('rejects a list that is not a list', () => {
    const err = caught(() => parseProject(yamlOf([...HEAD, '    provision: scripts/a.sh']), FILE));
    assert.equal(err.code, 'PROJECT_INVALID');
    assert.match(err.message, /infra\.config\.provision must be a list/);
    assert.equal(err.line, 5);
  });

  it('rejects a document that is not a mapping', () => {
    for (const text of ['- a\n- b\n', 'just text\n']) {
      const err = caught(() => parseProject(text, FILE));
      assert.equal(err.code, 'PROJECT_INVALID', text);
      assert.match(err.message, /must be a YAML mapping/);
    }
  });
});

describe('REQ-1.2: configuration with parameters', () => {
  it('reads the parameters path of each entry, with its line', () => {
    const project = parseProject(
      yamlOf([
        ...HEAD,
        '    provision:',
        '      - shell: bash',
        '        run: scripts/setup-database.sh',
        '        parameters: scripts/setup-database.parameters.json',
        '      - shell: bash',
        '        run: scripts/deploy-infra.sh',
      ]),
      FILE,
    );
    const [first, second] = project.lists.provision!;
    assert.equal(first!.parameters, 'scripts/setup-database.parameters.json');
    assert.equal(first!.at.parameters?.line, 8);
    assert.equal(second!.parameters, undefined);
    assert.equal(second!.at.parameters, undefined);
  });

  it('rejects a parameters value that is not a string', () => {
    const err = caught(() =>
      parseProject(
        yamlOf([...HEAD, '    provision:', '      - shell: bash', '        run: a.sh', '        parameters: [a, b]']),
        FILE,
      ),
    );
    assert.equal(err.code, 'PROJECT_INVALID');
    assert.match(err.message, /infra\.config\.provision\[0\]\.parameters must be a string/);
    assert.match(err.message, /not a list/);
    assert.equal(err.line, 8);
  });
});

describe('REQ-1.3: script entry schema', () => {
  const one = (...entryLines: string[]) => yamlOf([...HEAD, '    provision:', ...entryLines]);

  it('defaults name to the script file name and continueOnError to false', () => {
    const project = parseProject(one('      - shell: bash', '        run: scripts/deep/setup.sh'), FILE);
    const entry = project.lists.provision![0]!;
    assert.equal(entry.name, 'setup.sh');
    assert.equal(entry.continueOnError, false);
  });

  it('uses name and continueOnError when given', () => {
    const project = parseProject(
      one(
        '      - shell: bash',
        '        run: scripts/setup.sh',
        '        name: Set up the database',
        '        continueOnError: true',
      ),
      FILE,
    );
    const entry = project.lists.provision![0]!;
    assert.equal(entry.name, 'Set up the database');
    assert.equal(entry.continueOnError, true);
  });

  it('rejects continueOnErorr with a did-you-mean and the line of that key', () => {
    const err = caught(() =>
      parseProject(one('      - shell: bash', '        run: scripts/setup.sh', '        continueOnErorr: true'), FILE),
    );
    assert.equal(err.code, 'PROJECT_INVALID');
    assert.match(
      err.message,
      /unknown key "continueOnErorr" in infra\.config\.provision\[0\]; did you mean "continueOnError"\?/,
    );
    assert.equal(err.line, 8);
    assert.equal(err.file, FILE);
    assert.ok(err.message.startsWith(`${FILE}:8:`), err.message);
    assert.match(err.hint ?? '', /shell, kind, run, parameters, name, env, secrets, continueOnError, windows, posix/);
  });

  it('rejects other misspelt entry keys with a did-you-mean (shel, rn, paramters, nmae)', () => {
    const cases: Array<[string, string]> = [
      ['shel', 'shell'],
      ['rn', 'run'],
      ['paramters', 'parameters'],
      ['nmae', 'name'],
    ];
    for (const [typo, meant] of cases) {
      const err = caught(() =>
        parseProject(one('      - shell: bash', '        run: a.sh', `        ${typo}: x`), FILE),
      );
      assert.match(err.message, new RegExp(`unknown key "${typo}".*did you mean "${meant}"\\?`), typo);
    }
  });

  it('an unknown key far from every allowed key gets no guess', () => {
    const err = caught(() =>
      parseProject(one('      - shell: bash', '        run: a.sh', '        timeoutSeconds: 5'), FILE),
    );
    assert.match(err.message, /unknown key "timeoutSeconds" in infra\.config\.provision\[0\]\./);
    assert.doesNotMatch(err.message, /did you mean/);
  });

  it('names a missing run', () => {
    const err = caught(() => parseProject(one('      - shell: bash'), FILE));
    assert.equal(err.code, 'PROJECT_INVALID');
    assert.match(err.message, /infra\.config\.provision\[0\] is missing required key "run"/);
    assert.equal(err.line, 6);
  });

  it('names a missing shell when the extension does not tell it (issue 10.6: .sh and .ps1 are inferred)', () => {
    const err = caught(() => parseProject(one('      - run: scripts/a.bash'), FILE));
    assert.equal(err.code, 'PROJECT_INVALID');
    assert.match(err.message, /infra\.config\.provision\[0\] is missing required key "shell"/);
    assert.match(err.message, /bash, sh, pwsh, powershell/);
  });

  it('rejects continueOnError: "yes" (a string, not a boolean)', () => {
    const err = caught(() =>
      parseProject(one('      - shell: bash', '        run: a.sh', '        continueOnError: "yes"'), FILE),
    );
    assert.equal(err.code, 'PROJECT_INVALID');
    assert.match(err.message, /continueOnError must be true or false/);
    assert.match(err.message, /not "yes"/);
    assert.equal(err.line, 8);
  });

  it('rejects run: 5 (a number, not a string)', () => {
    const err = caught(() => parseProject(one('      - shell: bash', '        run: 5'), FILE));
    assert.equal(err.code, 'PROJECT_INVALID');
    assert.match(err.message, /infra\.config\.provision\[0\]\.run must be a string/);
    assert.match(err.message, /not 5/);
    assert.equal(err.line, 7);
  });

  it('rejects an empty run', () => {
    const err = caught(() => parseProject(one('      - shell: bash', '        run: ""'), FILE));
    assert.equal(err.code, 'PROJECT_INVALID');
    assert.match(err.message, /run must not be empty/);
  });

  it('rejects an entry that is not a mapping', () => {
    const err = caught(() => parseProject(one('      - scripts/a.sh'), FILE));
    assert.equal(err.code, 'PROJECT_INVALID');
    assert.match(err.message, /infra\.config\.provision\[0\] must be a mapping/);
    assert.equal(err.line, 6);
  });

  it('reports every schema problem of every entry and list together, each with its own line', () => {
    const err = caught(() =>
      parseProject(
        yamlOf([
          ...HEAD,
          '    provision:',
          '      - shell: bash',
          '        run: 5',
          '        continueOnError: "yes"',
          '      - run: a.txt',
          '    destroy:',
          '      - shell: bash',
          '        run: d.sh',
          '        continueOnErorr: true',
        ]),
        FILE,
      ),
    );
    assert.equal(err.code, 'VALIDATION_FAILED');
    const problems = problemsOf(err);
    assert.equal(problems.length, 4, err.message);
    assert.deepEqual(
      problems.map((p) => p.line),
      [7, 8, 9, 13],
    );
    assert.match(err.message, /^4 problems found/);
    assert.match(err.message, /provision\[0\]\.run must be a string/);
    assert.match(err.message, /provision\[0\]\.continueOnError must be true or false/);
    assert.match(err.message, /provision\[1\] is missing required key "shell"/);
    assert.match(err.message, /destroy\[0\]; did you mean "continueOnError"/);
  });

  it('leaves the shell value unchecked at parse time (checked for the command that runs)', () => {
    const project = parseProject(one('      - shell: zsh', '        run: a.sh'), FILE);
    assert.equal(project.lists.provision![0]!.shell, 'zsh');
  });

  it('rejects tab indentation as invalid YAML with its line', () => {
    const err = caught(() =>
      parseProject(
        'name: demo\ninfra:\n  provider: scripts\n  config:\n\tprovision:\n      - shell: bash\n        run: a.sh\n',
        FILE,
      ),
    );
    assert.equal(err.code, 'PROJECT_INVALID');
    assert.match(err.message, /not valid YAML/);
    assert.equal(err.line, 5);
    assert.ok(err.message.startsWith(`${FILE}:5:`), err.message);
  });

  it('rejects duplicate keys as invalid YAML, at the line of the second one', () => {
    const err = caught(() => parseProject(one('      - shell: bash', '        run: a.sh', '        run: b.sh'), FILE));
    assert.equal(err.code, 'PROJECT_INVALID');
    assert.match(err.message, /not valid YAML/);
    assert.match(err.message, /unique/);
    assert.equal(err.line, 8);
  });

  it('rejects a duplicate infra.provider as invalid YAML', () => {
    const err = caught(() =>
      parseProject(
        yamlOf(['infra:', '  provider: scripts', '  provider: bicep', '  config:', '    provision: []']),
        FILE,
      ),
    );
    assert.equal(err.code, 'PROJECT_INVALID');
    assert.equal(err.line, 3);
  });

  it('rejects a billion-laughs alias bomb without hanging', () => {
    const lines = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      const cur = String.fromCharCode(97 + i);
      lines.push(`${cur}: &${cur} [${Array(10).fill(`*${prev}`).join(',')}]`);
    }
    lines.push('infra:', '  provider: scripts', '  config:', '    provision: []');
    const err = caught(() => parseProject(yamlOf(lines), FILE));
    assert.equal(err.code, 'PROJECT_INVALID');
  });
});

describe('REQ-1.4: shell type support', () => {
  it('knows exactly bash, sh, pwsh and powershell', () => {
    assert.deepEqual([...SHELLS], ['bash', 'sh', 'pwsh', 'powershell']);
    for (const shell of SHELLS) assert.equal(isShell(shell), true, shell);
    for (const other of ['zsh', 'cmd', 'Bash', 'fish', '', 'python']) assert.equal(isShell(other), false, other);
  });

  it('finds an executable on PATH, skipping folders and non-executable files', () => {
    const nonExec = tempDir('azd-scripts-bin-');
    writeFileSync(path.join(nonExec, 'pwsh'), '#!/bin/sh\n', { mode: 0o644 });
    chmodSync(path.join(nonExec, 'pwsh'), 0o644);
    const folder = tempDir('azd-scripts-bin-');
    mkdirSync(path.join(folder, 'pwsh'));
    const good = tempDir('azd-scripts-bin-');
    writeFileSync(path.join(good, 'pwsh'), '#!/bin/sh\n', { mode: 0o755 });
    const PATH = [nonExec, folder, good].join(path.delimiter);
    assert.equal(findExecutable('pwsh', { PATH }), path.join(good, 'pwsh'));
  });

  it('returns undefined when the shell is not on PATH, or PATH is empty or unset', () => {
    const empty = tempDir('azd-scripts-bin-');
    assert.equal(findExecutable('pwsh', { PATH: empty }), undefined);
    assert.equal(findExecutable('bash', { PATH: '' }), undefined);
    assert.equal(findExecutable('bash', {}), undefined);
  });

  it('finds a symlinked shell', () => {
    const dir = tempDir('azd-scripts-bin-');
    const bash = findExecutable('bash', { PATH: process.env.PATH });
    assert.ok(bash, 'bash must be installed to run these tests');
    symlinkSync(bash, path.join(dir, 'bash'));
    assert.equal(findExecutable('bash', { PATH: dir }), path.join(dir, 'bash'));
  });
});

describe('REQ-6.3: shell not found', () => {
  it('every shell has install steps for Linux, macOS and Windows', () => {
    for (const shell of SHELLS) {
      const hint = installHint(shell);
      for (const platform of ['Linux', 'macOS', 'Windows']) {
        assert.ok(hint.includes(platform), `${shell} hint lacks ${platform}: ${hint}`);
      }
    }
  });

  it('pwsh: brew on macOS, winget on Windows', () => {
    const hint = installHint('pwsh');
    assert.match(hint, /brew install --cask powershell/);
    assert.match(hint, /winget install/);
    assert.match(hint, /PowerShell 7/);
  });

  it('powershell: says it is Windows-only and points to pwsh elsewhere', () => {
    assert.match(installHint('powershell'), /only on Windows/);
    assert.match(installHint('powershell'), /shell: pwsh/);
  });

  it('bash and sh: Git for Windows / WSL on Windows', () => {
    assert.match(installHint('bash'), /Git/);
    assert.match(installHint('bash'), /WSL/);
    assert.match(installHint('sh'), /Git/);
  });
});

describe('REQ-2.3: shell invocation', () => {
  it('bash and sh get exactly the script path', () => {
    assert.deepEqual(shellArguments('bash', '/p/scripts/a.sh'), ['/p/scripts/a.sh']);
    assert.deepEqual(shellArguments('sh', '/p/scripts/a.sh'), ['/p/scripts/a.sh']);
  });

  it('pwsh and powershell get -NoProfile -NonInteractive -File <path>', () => {
    for (const shell of ['pwsh', 'powershell'] as const) {
      assert.deepEqual(shellArguments(shell, '/p/scripts/a.ps1'), [
        '-NoProfile',
        '-NonInteractive',
        '-File',
        '/p/scripts/a.ps1',
      ]);
    }
  });

  it('passes hostile file names through untouched, as one argument', () => {
    const hostile = '/p/scripts/-x $(touch pwned) `id` "q" \'s\'; rm -rf ~.sh';
    assert.deepEqual(shellArguments('bash', hostile), [hostile]);
    assert.deepEqual(shellArguments('pwsh', hostile).at(-1), hostile);
  });
});

describe('REQ-7.1: script path validation', () => {
  const options = (key = 'infra.config.provision[0].run') => ({
    what: 'script',
    key,
    location: { file: '/whatever/azure.yaml', line: 7, column: 14 },
  });

  function project(): string {
    const root = makeProject({
      'azure.yaml': 'name: x\n',
      'setup.sh': 'echo hi\n',
      'scripts/a.sh': 'echo a\n',
      'scripts/sub/b.sh': 'echo b\n',
    });
    return root;
  }

  it('returns the absolute path of a file inside the root', async () => {
    const root = project();
    assert.equal(await resolveProjectFile(root, 'scripts/a.sh', options()), path.join(root, 'scripts', 'a.sh'));
    assert.equal(await resolveProjectFile(root, './setup.sh', options()), path.join(root, 'setup.sh'));
  });

  it('accepts ".." that stays inside the root', async () => {
    const root = project();
    assert.equal(await resolveProjectFile(root, 'scripts/../setup.sh', options()), path.join(root, 'setup.sh'));
    assert.equal(await resolveProjectFile(root, 'scripts/sub/../a.sh', options()), path.join(root, 'scripts', 'a.sh'));
  });

  it('rejects an absolute path as PATH_OUTSIDE_PROJECT, with the key and location', async () => {
    const root = project();
    const err = await rejected(resolveProjectFile(root, '/etc/passwd', options()));
    assert.equal(err.code, 'PATH_OUTSIDE_PROJECT');
    assert.match(err.message, /infra\.config\.provision\[0\]\.run: the script path "\/etc\/passwd" is absolute/);
    assert.ok(err.message.startsWith('/whatever/azure.yaml:7:14: '), err.message);
    assert.equal(err.line, 7);
    assert.equal(err.file, '/whatever/azure.yaml');
  });

  it('rejects an absolute path even when it points inside the root', async () => {
    const root = project();
    const err = await rejected(resolveProjectFile(root, path.join(root, 'setup.sh'), options()));
    assert.equal(err.code, 'PATH_OUTSIDE_PROJECT');
    assert.match(err.message, /is absolute/);
  });

  it('rejects Windows absolute paths (drive and UNC) on every platform', async () => {
    const root = project();
    for (const written of ['C:\\scripts\\a.sh', 'C:/scripts/a.sh', '\\\\server\\share\\a.sh']) {
      const err = await rejected(resolveProjectFile(root, written, options()));
      assert.equal(err.code, 'PATH_OUTSIDE_PROJECT', written);
      assert.match(err.message, /is absolute/, written);
    }
  });

  it('rejects ".." that leaves the root', async () => {
    const root = project();
    for (const written of ['../outside.sh', 'scripts/../../outside.sh', '..']) {
      const err = await rejected(resolveProjectFile(root, written, options()));
      assert.equal(err.code, 'PATH_OUTSIDE_PROJECT', written);
      assert.match(err.message, /leaves the project root/, written);
      assert.ok(err.message.includes(root), err.message);
    }
  });

  it('rejects a sibling folder whose name starts with the root name', async () => {
    const root = project();
    const sibling = `${root}-evil`;
    mkdirSync(sibling);
    writeFileSync(path.join(sibling, 'x.sh'), 'echo x\n');
    try {
      const err = await rejected(resolveProjectFile(root, `../${path.basename(sibling)}/x.sh`, options()));
      assert.equal(err.code, 'PATH_OUTSIDE_PROJECT');
    } finally {
      rmSync(sibling, { recursive: true, force: true });
    }
  });

  it('rejects a symlink inside the root that points to a file outside it', async () => {
    const root = project();
    const outside = tempDir();
    writeFileSync(path.join(outside, 'evil.sh'), 'echo evil\n');
    symlinkSync(path.join(outside, 'evil.sh'), path.join(root, 'scripts', 'link.sh'));
    const err = await rejected(resolveProjectFile(root, 'scripts/link.sh', options()));
    assert.equal(err.code, 'PATH_OUTSIDE_PROJECT');
    assert.match(err.message, /symlink/);
    assert.match(err.message, /outside the project root/);
    assert.ok(err.message.includes(path.join(outside, 'evil.sh')), err.message);
  });

  it('rejects a file reached through a symlinked folder that points outside', async () => {
    const root = project();
    const outside = tempDir();
    writeFileSync(path.join(outside, 'evil.sh'), 'echo evil\n');
    symlinkSync(outside, path.join(root, 'linked'));
    const err = await rejected(resolveProjectFile(root, 'linked/evil.sh', options()));
    assert.equal(err.code, 'PATH_OUTSIDE_PROJECT');
    assert.match(err.message, /symlink/);
  });

  it('accepts a symlink to a file inside the root', async () => {
    const root = project();
    symlinkSync(path.join(root, 'scripts', 'a.sh'), path.join(root, 'inner-link.sh'));
    symlinkSync('sub/b.sh', path.join(root, 'scripts', 'relative-link.sh'));
    assert.equal(await resolveProjectFile(root, 'inner-link.sh', options()), path.join(root, 'inner-link.sh'));
    assert.equal(
      await resolveProjectFile(root, 'scripts/relative-link.sh', options()),
      path.join(root, 'scripts', 'relative-link.sh'),
    );
  });

  it('accepts files when the root itself is reached through a symlink', async () => {
    const real = project();
    const holder = tempDir();
    const linkedRoot = path.join(holder, 'proj');
    symlinkSync(real, linkedRoot);
    assert.equal(
      await resolveProjectFile(linkedRoot, 'scripts/a.sh', options()),
      path.join(linkedRoot, 'scripts', 'a.sh'),
    );
  });

  it('rejects a directory', async () => {
    const root = project();
    const err = await rejected(resolveProjectFile(root, 'scripts/sub', options()));
    assert.equal(err.code, 'SCRIPT_NOT_FOUND');
    assert.match(err.message, /is not a regular file/);
    assert.ok(err.message.includes(path.join(root, 'scripts', 'sub')), err.message);
  });

  it('rejects a symlink loop', async () => {
    const root = project();
    symlinkSync('loop-b.sh', path.join(root, 'loop-a.sh'));
    symlinkSync('loop-a.sh', path.join(root, 'loop-b.sh'));
    const err = await rejected(resolveProjectFile(root, 'loop-a.sh', options()));
    assert.equal(err.code, 'SCRIPT_NOT_FOUND');
    assert.match(err.message, /symlink loop/);
  });

  it('rejects a dangling symlink as not found', async () => {
    const root = project();
    symlinkSync(path.join(root, 'nope.sh'), path.join(root, 'dangling.sh'));
    const err = await rejected(resolveProjectFile(root, 'dangling.sh', options()));
    assert.equal(err.code, 'SCRIPT_NOT_FOUND');
  });

  it('rejects a path with a NUL byte as a user error (a ScriptsError naming the key), not a crash', async () => {
    const root = project();
    const err = await rejected(resolveProjectFile(root, 'scripts/a\0.sh', options()));
    assert.ok(['SCRIPT_NOT_FOUND', 'PATH_OUTSIDE_PROJECT', 'PROJECT_INVALID'].includes(err.code), err.code);
    assert.match(err.message, /infra\.config\.provision\[0\]\.run/);
    assert.equal(err.line, 7);
  });

  it('rejects a file name longer than the OS allows (ENAMETOOLONG) as a user error, not a crash', async () => {
    const root = project();
    const err = await rejected(resolveProjectFile(root, `scripts/${'a'.repeat(300)}.sh`, options()));
    assert.equal(err.code, 'SCRIPT_NOT_FOUND');
    assert.match(err.message, /infra\.config\.provision\[0\]\.run/);
    assert.equal(err.line, 7);
  });

  it('uses the kind of file in messages (parameter file)', async () => {
    const root = project();
    const err = await rejected(
      resolveProjectFile(root, '../p.json', {
        what: 'parameter file',
        key: 'infra.config.provision[0].parameters',
        location: { file: '/x/azure.yaml', line: 8 },
      }),
    );
    assert.equal(err.code, 'PATH_OUTSIDE_PROJECT');
    assert.match(err.message, /infra\.config\.provision\[0\]\.parameters: the parameter file path "\.\.\/p\.json"/);
    assert.ok(err.message.startsWith('/x/azure.yaml:8: '), err.message);
  });
});

describe('REQ-6.2: script not found', () => {
  it('names the full resolved path and the azure.yaml location', async () => {
    const root = makeProject({ 'azure.yaml': 'name: x\n' });
    const location = { file: path.join(root, 'azure.yaml'), line: 7, column: 14 };
    const err = await rejected(
      resolveProjectFile(root, 'scripts/missing.sh', {
        what: 'script',
        key: 'infra.config.provision[0].run',
        location,
      }),
    );
    assert.equal(err.code, 'SCRIPT_NOT_FOUND');
    assert.ok(err.message.includes(path.join(root, 'scripts', 'missing.sh')), err.message);
    assert.ok(err.message.startsWith(`${path.join(root, 'azure.yaml')}:7:14: `), err.message);
    assert.match(err.message, /infra\.config\.provision\[0\]\.run: script not found/);
    assert.equal(err.line, 7);
    assert.equal(err.file, location.file);
  });

  it('treats a path through a regular file (ENOTDIR) as not found', async () => {
    const root = makeProject({ 'azure.yaml': 'name: x\n', 'setup.sh': 'echo\n' });
    const err = await rejected(
      resolveProjectFile(root, 'setup.sh/inner.sh', {
        what: 'script',
        key: 'k',
        location: { file: path.join(root, 'azure.yaml') },
      }),
    );
    assert.equal(err.code, 'SCRIPT_NOT_FOUND');
  });

  it('loadProject does not check files (that is done for the command that runs)', async () => {
    const root = makeProject({
      'azure.yaml': yamlOf([...HEAD, '    provision:', '      - shell: bash', '        run: scripts/missing.sh']),
    });
    writeFiles(root, {});
    const project = await loadProject(root);
    assert.equal(project.lists.provision?.[0]?.run, 'scripts/missing.sh');
  });
});
