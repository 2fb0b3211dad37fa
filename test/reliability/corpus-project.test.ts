/**
 * Bad input corpus, part 1 (reliability item 4): malformed and hostile azure.yaml (tabs, duplicate keys, alias
 * bombs, a 20 MB file, BOM, CRLF, invalid UTF-8, wrong types at every field, hostile paths and shells), bad CLI
 * input, and odd script names (spaces, quotes, newlines, unicode, shell syntax, a leading `-` that must never be
 * read as a shell option). Every rejected case: a clear error naming the file (and line) at fault, no stack trace,
 * nothing on disk changed. Every odd but valid name: the script runs exactly once, as itself.
 */
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { azureYaml, baseEnv, runCli, standIn, tempDir } from '../helpers.js';
import { expectRejected, writeContent, type BadCase, type Content } from './corpus.js';
import { badInput, rit, snapshot, snapshotDiff, unclearErrorProblems } from './support.js';

const HEADER = ['name: corpus', 'infra:', '  provider: scripts', '  config:', '    provision:'];
const OK_SCRIPT = '#!/usr/bin/env bash\ntouch ran.marker\n';
const PARAMS = JSON.stringify({ parameters: { REGION: { type: 'string', value: 'westeurope' } } });

/** azure.yaml from the header and entry lines (line 6 is the first entry line). */
function yaml(...lines: string[]): string {
  return [...HEADER, ...lines].join('\n') + '\n';
}
const VALID = yaml('      - shell: bash', '        run: scripts/ok.sh');

function project(azure: Content, more: Record<string, Content> = {}): Record<string, Content> {
  return { 'azure.yaml': azure, 'scripts/ok.sh': OK_SCRIPT, 'params.json': PARAMS, ...more };
}

const cases: BadCase[] = [];
const add = (name: string, azure: Content, expect: Partial<BadCase> = {}, more: Record<string, Content> = {}) =>
  cases.push({ name, files: project(azure, more), file: 'azure.yaml', ...expect });

// --- YAML syntax and encoding
add('tab indentation', yaml('\t- shell: bash', '\t  run: scripts/ok.sh'), { line: 6, mentions: [/[Tt]ab/] });
add('duplicate top-level key', `name: a\n${VALID}`, { line: 2, mentions: [/unique/] });
add('duplicate key in infra', VALID.replace('  provider: scripts\n', '  provider: scripts\n  provider: scripts\n'), {
  line: 4,
});
add('duplicate key in a script entry', yaml('      - shell: bash', '        run: scripts/ok.sh', '        run: x.sh'), {
  line: 8,
});
{
  // billion laughs: 9^9 strings from a few hundred bytes
  const names = 'abcdefghi';
  let bomb = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n';
  for (let i = 1; i < names.length; i++) {
    bomb += `${names[i]}: &${names[i]} [${Array(9)
      .fill(`*${names[i - 1]}`)
      .join(',')}]\n`;
  }
  add('YAML alias bomb (billion laughs)', `${bomb}${VALID}`, { mentions: [/alias/i] });
  add(
    'alias bomb used as a script name',
    `${bomb}${VALID.replace('run: scripts/ok.sh', 'run: scripts/ok.sh\n        name: *i')}`,
    {
      mentions: [/alias/i],
    },
  );
}
add('an alias to an anchor that does not exist', yaml('      - shell: bash', '        run: *nowhere'));
add('20 MB azure.yaml', `${VALID}${'# padding padding padding padding padding padding padding\n'.repeat(360_000)}`, {
  mentions: [/MiB/],
});
add('one 5 MB line', `${VALID}name2: ${'x'.repeat(5 * 1024 * 1024)}\n`, { mentions: [/MiB/] });
add(
  'BOM, then a YAML error on line 3',
  Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('name: x\ninfra:\n\tprovider: scripts\n')]),
  {
    line: 3,
  },
);
add('CRLF line ends, then a YAML error on line 7', VALID.replace(/\n/g, '\r\n').replace('        run:', '\t  run:'), {
  line: 7,
});
add(
  'invalid UTF-8 on line 3',
  Buffer.concat([
    Buffer.from('name: corpus\ninfra:\n  provider: scr'),
    Buffer.from([0xc3, 0x28]),
    Buffer.from('ipts\n'),
  ]),
  { line: 3, mentions: [/UTF-8/] },
);
add('UTF-16 LE with BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(VALID, 'utf16le')]), {
  mentions: [/UTF-8/],
});
add(
  'an encoded surrogate (CESU-8)',
  Buffer.concat([Buffer.from('name: '), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from(`\n${VALID}`)]),
  {
    line: 1,
  },
);
add('NUL bytes', `name: corpus\u0000\n${VALID}`);
add('unterminated quoted string', yaml('      - shell: "bash', '        run: scripts/ok.sh'), { mentions: [/quote/] });
add('unterminated flow sequence', yaml('      - shell: [bash', '        run: scripts/ok.sh'));
add(
  'deeply nested flow sequences',
  `name: ${'['.repeat(5000)}${']'.repeat(5000)}\n${VALID.replace('name: corpus\n', '')}`,
  {
    line: 1,
  },
);
add('bad indentation', yaml('      - shell: bash', '      run: scripts/ok.sh'), { line: 7 });
add('two documents', `${VALID}---\n${VALID}`);
add('a merge key in a script entry', yaml('      - <<: {shell: bash}', '        run: scripts/ok.sh'), { line: 6 });
add('a complex (collection) key', yaml('      - ? [shell, run]', '        : bash'), { line: 6 });
add('a !!binary shell', yaml('      - shell: !!binary YmFzaA==', '        run: scripts/ok.sh'), { line: 6 });
add('an empty file', '', {});
add('only a comment', '# nothing here\n', {});
add('a YAML list at the top', '- shell: bash\n  run: scripts/ok.sh\n', {});
add('a YAML scalar at the top', 'infra: scripts provider\n', { line: 1 });

// --- wrong types at every level
add('no infra section', 'name: corpus\n', { mentions: ['infra'] });
add('infra: null', 'name: corpus\ninfra:\n', { mentions: ['infra'] });
add('infra is a string', 'name: corpus\ninfra: scripts\n', { line: 2 });
add('infra is a list', 'name: corpus\ninfra: [scripts]\n', { line: 2 });
add('provider missing', 'name: corpus\ninfra:\n  config: {}\n', { line: 3, mentions: ['provider'] });
add('provider bicep', VALID.replace('provider: scripts', 'provider: bicep'), { line: 3, mentions: ['"bicep"'] });
add('provider is a number', VALID.replace('provider: scripts', 'provider: 5'), { line: 3 });
add('provider is null', VALID.replace('provider: scripts', 'provider: null'), { line: 3 });
add('provider is a list', VALID.replace('provider: scripts', 'provider: [scripts]'), { line: 3 });
add('provider is a mapping', VALID.replace('provider: scripts', 'provider: {name: scripts}'), { line: 3 });
add('provider is a mapping with a toString key', VALID.replace('provider: scripts', 'provider: {toString: 1}'), {
  line: 3,
});
add(
  'provider is a mapping with valueOf and toString keys',
  VALID.replace('provider: scripts', 'provider: {valueOf: 1, toString: x}'),
  {
    line: 3,
  },
);
add('config missing', 'name: corpus\ninfra:\n  provider: scripts\n', { line: 3, mentions: ['config'] });
add('config is a string', 'name: corpus\ninfra:\n  provider: scripts\n  config: scripts.sh\n', { line: 4 });
add('config is a list', 'name: corpus\ninfra:\n  provider: scripts\n  config: [a]\n', { line: 4 });
add('config is empty', 'name: corpus\ninfra:\n  provider: scripts\n  config: {}\n', { line: 4 });
add('misspelt list name', VALID.replace('    provision:', '    provison:'), {
  line: 5,
  mentions: ['did you mean "provision"'],
});
add('provision is a string', yaml().replace('    provision:\n', '    provision: scripts/ok.sh\n'), { line: 5 });
add('provision is a number', yaml().replace('    provision:\n', '    provision: 3\n'), { line: 5 });
add('provision is a mapping', yaml('      shell: bash', '      run: scripts/ok.sh'), { line: 6 });
add('provision is null', yaml(), { mentions: ['provision'] });
add('provision is an empty list', yaml().replace('    provision:\n', '    provision: []\n'), { mentions: ['empty'] });
add('a script entry that is a string', yaml('      - scripts/ok.sh'), { line: 6 });
add('a script entry that is null', yaml('      -'), { line: 6 });
add('a script entry that is a list', yaml('      - [bash, scripts/ok.sh]'), { line: 6 });
add('destroy is a number (validated for provision too)', `${VALID}    destroy: 7\n`, { line: 8 });
add('a script entry without run', yaml('      - shell: bash'), { line: 6, mentions: ['"run"'] });
add('a script entry without shell (and no .sh/.ps1 to infer it from)', yaml('      - run: scripts/ok.txt'), {
  line: 6,
  mentions: ['"shell"'],
});
add(
  'an unknown key in a script entry',
  yaml('      - shell: bash', '        run: scripts/ok.sh', '        continueOnErorr: true'),
  {
    line: 8,
    mentions: ['did you mean "continueOnError"'],
  },
);
add(
  'a YAML key "__proto__" in a script entry',
  yaml('      - shell: bash', '        run: scripts/ok.sh', '        __proto__: {}'),
  {
    line: 8,
  },
);

const BAD_VALUES: Record<string, string> = {
  number: '5',
  null: 'null',
  'empty string': '""',
  list: '[bash]',
  mapping: '{a: 1}',
  boolean: 'true',
  float: '1.5',
  date: '2024-01-01',
};
const FIELDS = ['shell', 'run', 'parameters', 'name', 'continueOnError'] as const;
for (const field of FIELDS) {
  for (const [kind, bad] of Object.entries(BAD_VALUES)) {
    if (field === 'continueOnError' && kind === 'boolean') continue;
    if (field === 'name' && kind === 'date') continue; // YAML 1.2: 2024-01-01 is a string
    const entry = {
      shell: field === 'shell' ? bad : 'bash',
      run: field === 'run' ? bad : 'scripts/ok.sh',
    };
    const lines = [`      - shell: ${entry.shell}`, `        run: ${entry.run}`];
    if (field !== 'shell' && field !== 'run') lines.push(`        ${field}: ${bad}`);
    add(`${field} is ${kind === 'null' ? 'null' : `a ${kind}`}`, yaml(...lines), {
      line: field === 'shell' ? 6 : field === 'run' ? 7 : 8,
      mentions: [field],
    });
  }
}
for (const text of ['"yes"', '"true"', 'yes', 'on', '1']) {
  add(
    `continueOnError: ${text}`,
    yaml('      - shell: bash', '        run: scripts/ok.sh', `        continueOnError: ${text}`),
    {
      line: 8,
    },
  );
}

// --- hostile paths and shells in script entries (validated before anything runs)
const entry = (shell: string, run: string, extra = '') =>
  yaml(`      - shell: ${JSON.stringify(shell)}`, `        run: ${JSON.stringify(run)}`, ...(extra ? [extra] : []));
add('run: an absolute path', entry('bash', '/etc/passwd'), { line: 7, mentions: ['absolute'] });
add('run: a Windows absolute path', entry('bash', 'C:\\Windows\\evil.ps1'), { line: 7, mentions: ['absolute'] });
add('run: a UNC path', entry('bash', '\\\\server\\share\\x.sh'), { line: 7 });
add('run: escapes with ..', entry('bash', '../outside.sh'), { line: 7, mentions: ['leaves the project'] });
add('run: escapes through a folder', entry('bash', 'scripts/../../x.sh'), { line: 7 });
add(
  'run: a symlink to a file outside',
  entry('bash', 'scripts/link.sh'),
  { line: 7, mentions: ['symlink'] },
  {
    'scripts/link.sh': { symlink: '/bin/sh' },
  },
);
add(
  'run: a symlink loop',
  entry('bash', 'scripts/loop.sh'),
  { line: 7 },
  { 'scripts/loop.sh': { symlink: 'loop.sh' } },
);
add('run: a folder', entry('bash', 'scripts'), { line: 7, mentions: ['not a regular file'] });
add('run: a missing file', entry('bash', 'scripts/missing.sh'), { line: 7, mentions: ['not found'] });
add('run: a NUL character', entry('bash', 'scripts/ok.sh\u0000.txt'), { line: 7, mentions: ['NUL'] });
add('run: a 5000-character name', entry('bash', `scripts/${'a'.repeat(5000)}.sh`), { line: 7 });
add('run: ~ is not expanded', entry('bash', '~/ok.sh'), { line: 7 });
add('parameters: outside the project', entry('bash', 'scripts/ok.sh', '        parameters: ../p.json'), { line: 8 });
add('parameters: absolute', entry('bash', 'scripts/ok.sh', '        parameters: /etc/hosts'), { line: 8 });
add('parameters: a folder', entry('bash', 'scripts/ok.sh', '        parameters: scripts'), { line: 8 });
add('parameters: missing', entry('bash', 'scripts/ok.sh', '        parameters: nope.json'), { line: 8 });
add('shell: unknown', entry('fish', 'scripts/ok.sh'), { line: 6, mentions: ['bash, sh, pwsh, powershell'] });
add('shell: a command line', entry("bash -c 'touch PWNED'", 'scripts/ok.sh'), { line: 6, absent: [] });
add('shell: an absolute executable', entry('/bin/bash', 'scripts/ok.sh'), { line: 6 });
add('shell: upper case', entry('BASH', 'scripts/ok.sh'), { line: 6 });
add('shell: pwsh, not installed', entry('pwsh', 'scripts/ok.sh'), { line: 6, mentions: [/install/i] });
add(
  'every problem at once',
  yaml(
    '      - shell: fish',
    '        run: /abs.sh',
    '      - shell: bash',
    '        run: ../up.sh',
    '        parameters: missing.json',
  ),
  { mentions: [':6', ':7', ':9', ':10'] },
);

// --- bad CLI input (the location is the option at fault)
const cli = (name: string, args: string[], exit: number, mentions: Array<string | RegExp>) =>
  cases.push({ name: `CLI: ${name}`, files: project(VALID), args, exit, mentions });
cli('--param without =', ['provision', '-e', 'dev', '--param', 'NOEQUALS'], 2, ['--param #1']);
cli('--param with an empty key', ['provision', '-e', 'dev', '-p', 'A=1', '-p', '=v'], 2, ['--param #2']);
cli('--param key starting with a digit', ['provision', '-e', 'dev', '--param', '1A=v'], 2, ['--param #1']);
cli('--param key with a space', ['provision', '-e', 'dev', '--param', 'A B=v'], 2, ['--param #1']);
cli('--param empty', ['provision', '-e', 'dev', '--param', ''], 2, ['--param #1']);
cli('--stderr-lines not a number', ['provision', '-e', 'dev', '--stderr-lines', 'abc'], 2, ['--stderr-lines']);
cli('--stderr-lines negative', ['provision', '-e', 'dev', '--stderr-lines=-1'], 2, ['--stderr-lines']);
cli('--stderr-lines too large', ['provision', '-e', 'dev', '--stderr-lines', '100001'], 2, ['--stderr-lines']);
cli('--output yaml', ['provision', '-e', 'dev', '-o', 'yaml'], 2, ['--output']);
cli('an unknown option', ['provision', '-e', 'dev', '--nope'], 2, ['--nope']);
cli('two commands', ['provision', 'down'], 2, ['provision down']);
cli('an unknown command', ['destroy', '-e', 'dev'], 2, ['"destroy"']);
cli('-e followed by an option-like value', ['provision', '-e', '-x'], 2, [/-e/]);
for (const name of ['../escape', 'a/b', '.', '..', 'x'.repeat(65), 'dév', 'a b', 'a\nb', 'a$(id)', '']) {
  cli(
    `environment name ${JSON.stringify(name.length > 20 ? `${name.slice(0, 8)}…(${name.length})` : name)}`,
    ['provision', `--environment=${name}`],
    1,
    [name === '' ? 'No azd environment selected' : 'environment name'],
  );
}
cli('--cwd that does not exist', ['provision', '-e', 'dev', '--cwd', 'nope'], 1, ['does not exist']);
cli('--cwd that is a file', ['provision', '-e', 'dev', '--cwd', 'params.json'], 1, ['is not a folder']);
cli('AZURE_ENV_NAME invalid', ['provision'], 1, ['AZURE_ENV_NAME']);
cases.at(-1)!.env = { AZURE_ENV_NAME: '../../etc' };
cli('down without --force in CI', ['down', '-e', 'dev'], 1, ['--force']);
cases.at(-1)!.files['azure.yaml'] = `${VALID}    destroy:\n      - shell: bash\n        run: scripts/ok.sh\n`;

describe('bad input corpus: azure.yaml and CLI input', { concurrency: 3 }, () => {
  for (const c of cases) rit(c.name, () => expectRejected(c));
});

// ---------------------------------------------------------------------------------------------------------------
// Odd but valid names: each script runs exactly once, as itself; nothing in a name is ever executed or parsed.

const ODD_NAMES = [
  'scripts/with space.sh',
  "scripts/it's.sh",
  'scripts/say "hi".sh',
  'scripts/new\nline.sh',
  'scripts/tab\there.sh',
  'scripts/ünïcödé-脚本-🚀.sh',
  '-rf.sh',
  '--help.sh',
  '-c.sh',
  'scripts/-x',
  'scripts/--version',
  'scripts/$(touch PWNED-dollar).sh',
  'scripts/`touch PWNED-tick`.sh',
  'scripts/;touch PWNED-semi;.sh',
  'scripts/a|touch PWNED-pipe.sh',
  'scripts/*.sh',
  'scripts/%0A::error::x.sh',
  'scripts/\\back\\slash.sh',
  'scripts/.hidden.sh',
];

describe('odd script names', () => {
  rit(`${ODD_NAMES.length} scripts with odd names run in order, once each, as themselves`, async () => {
    const dir = tempDir('azd-scripts-odd-');
    const files: Record<string, Content> = {
      'azure.yaml': azureYaml({
        provision: ODD_NAMES.map((run, i) => ({ shell: i % 2 === 0 ? 'bash' : 'sh', run })),
      }),
    };
    ODD_NAMES.forEach((run, i) => {
      files[run] =
        `#!/bin/sh\nmkdir -p .seen\nprintf '%s' "$0" > .seen/${String(i).padStart(2, '0')}\necho ran ${i} >> .seen/order\n`;
    });
    writeContent(dir, files);
    const r = await runCli(['provision', '-e', 'dev'], { cwd: dir, env: baseEnv(), timeoutMs: 30_000 });
    badInput(ODD_NAMES.length);
    assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
    ODD_NAMES.forEach((run, i) => {
      const seen = readFileSync(path.join(dir, '.seen', String(i).padStart(2, '0')), 'utf8');
      assert.equal(seen, path.join(dir, run), `$0 of ${JSON.stringify(run)}`);
    });
    assert.deepEqual(
      readFileSync(path.join(dir, '.seen', 'order'), 'utf8')
        .trim()
        .split('\n'),
      ODD_NAMES.map((_, i) => `ran ${i}`),
    );
    const pwned = readdirSync(dir, { recursive: true }).filter(
      (n) => String(n).includes('PWNED') && !String(n).startsWith('scripts'),
    );
    assert.deepEqual(pwned, [], 'a script name was executed');
    assert.equal(existsSync(path.join(dir, 'PWNED-dollar')), false);
  });

  rit('odd display names (name:) and a project folder and environment with odd names', async () => {
    const base = tempDir('azd-scripts-odd-');
    const root = path.join(base, `-weird dir 'q' "d" $(x)`);
    const names = ['--version', '-e', '$(touch PWNED)', 'a\nb', '; rm -rf /', '`id`'];
    writeContent(root, {
      'azure.yaml': azureYaml({
        provision: names.map((name, i) => ({ shell: 'bash', name, run: `scripts/s${i}.sh` })),
      }),
      ...Object.fromEntries(
        names.map((_, i) => [`scripts/s${i}.sh`, `#!/usr/bin/env bash\necho "$AZURE_ENV_NAME" >> seen\n`]),
      ),
    });
    const r = await runCli(['provision', `--cwd=${root}`, '--environment=-x'], { cwd: base, env: baseEnv() });
    badInput(names.length + 2);
    assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
    assert.equal(readFileSync(path.join(root, 'seen'), 'utf8'), '-x\n'.repeat(names.length));
    assert.match(readFileSync(path.join(root, '.azure', '-x', '.env'), 'utf8'), /^AZURE_ENV_NAME="-x"$/m);
    for (const name of names) assert.ok(r.stdout.includes(`Completed: ${name}`), `progress line for ${name}`);
    assert.deepEqual(unclearErrorProblems(r.stdout + r.stderr), []);
    assert.equal(existsSync(path.join(root, 'PWNED')), false);
  });

  rit(
    'pwsh and powershell get the script as an absolute path after -File, even when its name starts with -',
    async () => {
      const pwsh = standIn('pwsh');
      const powershell = standIn('powershell');
      const dir = tempDir('azd-scripts-odd-');
      const runs = ['-Command.ps1', '--help.ps1', 'scripts/-File x.ps1'];
      writeContent(dir, {
        'azure.yaml': azureYaml({
          provision: runs.map((run, i) => ({ shell: i === 1 ? 'powershell' : 'pwsh', run })),
        }),
        ...Object.fromEntries(runs.map((run) => [run, 'Write-Output "unused"\n'])),
      });
      const r = await runCli(['provision', '-e', 'dev'], {
        cwd: dir,
        env: baseEnv({ PATH: `${pwsh.dir}:${powershell.dir}:${process.env.PATH ?? '/usr/bin:/bin'}` }),
      });
      badInput(runs.length);
      assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
      const argv = (file: string) => readFileSync(file, 'utf8').split('\n').slice(0, -1);
      const flags = ['-NoProfile', '-NonInteractive', '-File'];
      assert.deepEqual(argv(pwsh.argvFile), [...flags, path.join(dir, runs[0]!), ...flags, path.join(dir, runs[2]!)]);
      assert.deepEqual(argv(powershell.argvFile), [...flags, path.join(dir, runs[1]!)]);
    },
  );

  rit('missing scripts with odd names: one error naming each, with its line; nothing changed', async () => {
    const dir = tempDir('azd-scripts-odd-');
    const missing = ['-rf.sh', 'scripts/new\nline.sh', 'scripts/$(touch PWNED).sh', 'scripts/ü 脚本.sh'];
    writeContent(dir, { 'azure.yaml': azureYaml({ provision: missing.map((run) => ({ shell: 'bash', run })) }) });
    const before = snapshot(dir);
    const r = await runCli(['provision', '-e', 'dev', '-o', 'json'], { cwd: dir, env: baseEnv() });
    badInput(missing.length);
    assert.equal(r.code, 1);
    assert.deepEqual(unclearErrorProblems(r.stdout + r.stderr), [], r.stdout + r.stderr);
    const error = (JSON.parse(r.stdout) as { error: { code: string; problems: Array<Record<string, unknown>> } }).error;
    assert.equal(error.code, 'VALIDATION_FAILED');
    missing.forEach((run, i) => {
      const p = error.problems[i]!;
      assert.equal(p.file, path.join(dir, 'azure.yaml'));
      assert.equal(p.line, 7 + 2 * i, `line of ${JSON.stringify(run)}`);
      assert.ok(
        String(p.message).includes(path.join(dir, run)),
        `path of ${JSON.stringify(run)}: ${String(p.message)}`,
      );
    });
    assert.deepEqual(snapshotDiff(before, snapshot(dir)), []);
  });
});

describe('tolerated input (not errors): the run succeeds', () => {
  const ok = async (name: string, files: Record<string, Content>) => {
    const dir = tempDir('azd-scripts-corpus-');
    writeContent(dir, files);
    const r = await runCli(['provision', '-e', 'dev'], { cwd: dir, env: baseEnv() });
    badInput();
    assert.equal(r.code, 0, `${name}\n${r.stdout}\n${r.stderr}`);
    assert.ok(existsSync(path.join(dir, 'ran.marker')), `${name}: the script did not run`);
  };
  rit('azure.yaml with a UTF-8 BOM', () => ok('BOM', project(`\ufeff${VALID}`)));
  rit('azure.yaml with CRLF line ends', () => ok('CRLF', project(VALID.replace(/\n/g, '\r\n'))));
  rit('azure.yml instead of azure.yaml', () => ok('yml', { 'azure.yml': VALID, 'scripts/ok.sh': OK_SCRIPT }));
  rit('unicode everywhere in names', () =>
    ok(
      'unicode',
      project(yaml('      - shell: bash', '        run: scripts/ok.sh', '        name: "✓ ünïcödé 脚本 🚀"')),
    ),
  );
});
