/**
 * Validation through the BUILT CLI (dist/cli/index.js) with real bash/sh scripts in temp folders: finding and
 * reading azure.yaml (PRD REQ-1), shells (REQ-1.4, REQ-2.3, REQ-6.3), paths (REQ-6.2, REQ-7.1), injection
 * (REQ-7.3), and preview failing exactly like provision while writing nothing.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  azureYaml,
  baseEnv,
  makeProject,
  readIf,
  runCli,
  standIn,
  tempDir,
  writeFiles,
  type RunResult,
} from '../helpers.js';

interface ErrorJson {
  code: string;
  message: string;
  hint?: string;
  file?: string;
  line?: number;
  column?: number;
  problems?: ErrorJson[];
}

interface ResultJson {
  command: string;
  status: string;
  scripts: Array<{ name: string; shell: string; path: string; status: string }>;
  plan?: { scripts: Array<{ name: string; shell: string; path: string }> };
  error?: ErrorJson;
}

interface JsonRun extends RunResult {
  json: ResultJson;
  error: ErrorJson;
}

type Options = { cwd?: string; env?: Record<string, string> };

/** Runs the CLI non-interactively in environment "dev" (text output). */
function cli(project: string, args: string[], options: Options = {}): Promise<RunResult> {
  return runCli([...args, '-e', 'dev', '--no-prompt', '--cwd', options.cwd ?? project], {
    cwd: project,
    env: options.env ?? baseEnv(),
  });
}

/** Runs the CLI with `-o json` and parses stdout; `error` is the result's error (or an empty placeholder). */
async function cliJson(project: string, args: string[], options: Options = {}): Promise<JsonRun> {
  const run = await cli(project, [...args, '-o', 'json'], options);
  let json: ResultJson;
  try {
    json = JSON.parse(run.stdout) as ResultJson;
  } catch {
    assert.fail(`stdout is not JSON (exit ${run.code}):\n${run.stdout}\nstderr:\n${run.stderr}`);
  }
  return { ...run, json, error: json.error ?? { code: '', message: '' } };
}

/** Expects a failed run (exit 1) and returns its error. */
async function failure(project: string, args: string[], options: Options = {}): Promise<ErrorJson> {
  const run = await cliJson(project, args, options);
  assert.equal(run.code, 1, `expected exit 1, got ${run.code}\n${run.stdout}\n${run.stderr}`);
  assert.equal(run.json.status, 'failed');
  assert.ok(run.json.error, 'the result has an error');
  return run.json.error;
}

/** Expects a successful run (exit 0). */
async function success(project: string, args: string[], options: Options = {}): Promise<RunResult> {
  const run = await cli(project, args, options);
  assert.equal(run.code, 0, `expected exit 0, got ${run.code}\nstdout:\n${run.stdout}\nstderr:\n${run.stderr}`);
  return run;
}

/** `touch <marker>`: a script that proves it ran (cwd is the project root). */
const MARK = (marker: string) => `#!/usr/bin/env bash\ntouch ${JSON.stringify(marker)}\n`;

/** The folder of an executable found on the current PATH. */
function which(name: string): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  throw new Error(`${name} is not on PATH`);
}

/** A PATH folder holding symlinks to just `names` (e.g. only bash). */
function minimalPath(names: string[]): string {
  const dir = tempDir('azd-scripts-bin-');
  for (const name of names) symlinkSync(which(name), path.join(dir, name));
  return dir;
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    out.push(full);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full));
  }
  return out;
}

describe('REQ-1: configuration schema (through the CLI)', { concurrency: true }, () => {
  it('finds azure.yaml by walking up from --cwd (a subfolder) and runs with the project root as root', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/setup.sh' }] }),
      'scripts/setup.sh': MARK('ran'),
      'src/app/deep/.keep': '',
    });
    await success(project, ['provision'], { cwd: path.join(project, 'src', 'app', 'deep') });
    assert.ok(existsSync(path.join(project, 'ran')));
    assert.ok(existsSync(path.join(project, '.azure', 'dev', '.env')), 'the environment lives under the root');
  });

  it('a --cwd that does not exist is an error naming it, not a silent run of the project above', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'setup.sh' }] }),
      'setup.sh': MARK('ran'),
    });
    const typo = path.join(project, 'does-not-exist');
    const run = await cli(project, ['provision'], { cwd: typo });
    assert.notEqual(run.code, 0, run.stdout);
    assert.ok(run.stderr.includes(typo), run.stderr);
    assert.equal(existsSync(path.join(project, 'ran')), false, 'the parent project ran');
  });

  it('accepts azure.yml', async () => {
    const project = makeProject({
      'azure.yml': azureYaml({ provision: [{ shell: 'bash', run: 'setup.sh' }] }),
      'setup.sh': MARK('ran'),
      'sub/.keep': '',
    });
    await success(project, ['provision'], { cwd: path.join(project, 'sub') });
    assert.ok(existsSync(path.join(project, 'ran')));
  });

  it('fails with PROJECT_NOT_FOUND (exit 1) when there is no azure.yaml anywhere above', async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'a', 'b'), { recursive: true });
    const error = await failure(dir, ['provision'], { cwd: path.join(dir, 'a', 'b') });
    assert.equal(error.code, 'PROJECT_NOT_FOUND');
    assert.match(error.message, /No azure\.yaml found/);
    assert.ok(error.message.includes(path.join(dir, 'a', 'b')), error.message);
  });

  it('text output: the error and its hint go to stderr, exit 1', async () => {
    const dir = tempDir();
    const run = await cli(dir, ['provision']);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /^error: No azure\.yaml found/m);
    assert.match(run.stderr, /^hint: /m);
  });

  it('rejects infra.provider: bicep with PROVIDER_NOT_SCRIPTS naming "bicep"', async () => {
    const project = makeProject({ 'azure.yaml': 'name: demo\ninfra:\n  provider: bicep\n' });
    const error = await failure(project, ['provision']);
    assert.equal(error.code, 'PROVIDER_NOT_SCRIPTS');
    assert.match(error.message, /"bicep"/);
    assert.equal(error.file, path.join(project, 'azure.yaml'));
    assert.equal(error.line, 3);
    assert.ok(error.hint && error.hint.length > 0);
  });

  it('rejects a project without infra', async () => {
    const project = makeProject({ 'azure.yaml': 'name: demo\nservices:\n  web:\n    project: ./src\n' });
    const error = await failure(project, ['provision']);
    assert.ok(['PROVIDER_NOT_SCRIPTS', 'PROJECT_INVALID'].includes(error.code), error.code);
    assert.match(error.message, /infra/);
  });

  it('rejects a missing infra.config', async () => {
    const project = makeProject({ 'azure.yaml': 'name: demo\ninfra:\n  provider: scripts\n' });
    const error = await failure(project, ['provision']);
    assert.equal(error.code, 'PROJECT_INVALID');
    assert.match(error.message, /infra\.config is missing/);
  });

  it('rejects infra.config with neither list', async () => {
    const project = makeProject({ 'azure.yaml': 'name: demo\ninfra:\n  provider: scripts\n  config: {}\n' });
    const error = await failure(project, ['provision']);
    assert.equal(error.code, 'PROJECT_INVALID');
    assert.match(error.message, /neither a provision nor a destroy list/);
    assert.equal(error.line, 4);
  });

  it('unknown key continueOnErorr: did you mean "continueOnError", with the line of that key', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'setup.sh', continueOnErorr: true }] }),
      'setup.sh': MARK('ran'),
    });
    const error = await failure(project, ['provision']);
    assert.equal(error.code, 'PROJECT_INVALID');
    assert.match(error.message, /did you mean "continueOnError"/);
    assert.match(error.message, /unknown key "continueOnErorr"/);
    assert.equal(error.line, 8);
    assert.ok(error.message.includes('azure.yaml:8'), error.message);
    assert.equal(existsSync(path.join(project, 'ran')), false);
  });

  it('unknown key provison under infra.config: did you mean "provision"', async () => {
    const project = makeProject({
      'azure.yaml': [
        'name: demo',
        'infra:',
        '  provider: scripts',
        '  config:',
        '    provison:',
        '      - shell: bash',
        '        run: setup.sh',
        '    destroy:',
        '      - shell: bash',
        '        run: setup.sh',
        '',
      ].join('\n'),
      'setup.sh': MARK('ran'),
    });
    const error = await failure(project, ['provision']);
    assert.equal(error.code, 'PROJECT_INVALID');
    assert.match(error.message, /unknown key "provison" in infra\.config; did you mean "provision"\?/);
    assert.equal(error.line, 5);
  });

  it('names a missing run and a missing shell, together', async () => {
    const project = makeProject({
      'azure.yaml': [
        'name: demo',
        'infra:',
        '  provider: scripts',
        '  config:',
        '    provision:',
        '      - shell: bash',
        '      - run: setup.txt',
        '',
      ].join('\n'),
      'setup.sh': MARK('ran'),
    });
    const error = await failure(project, ['provision']);
    assert.equal(error.code, 'VALIDATION_FAILED');
    assert.match(error.message, /infra\.config\.provision\[0\] is missing required key "run"/);
    assert.match(error.message, /infra\.config\.provision\[1\] is missing required key "shell"/);
    assert.deepEqual(
      error.problems?.map((p) => p.line),
      [6, 7],
    );
  });

  it('rejects continueOnError: "yes" (string) and run: 5 (number)', async () => {
    const project = makeProject({
      'azure.yaml': [
        'name: demo',
        'infra:',
        '  provider: scripts',
        '  config:',
        '    provision:',
        '      - shell: bash',
        '        run: setup.sh',
        '        continueOnError: "yes"',
        '      - shell: bash',
        '        run: 5',
        '',
      ].join('\n'),
      'setup.sh': MARK('ran'),
    });
    const error = await failure(project, ['provision']);
    assert.equal(error.code, 'VALIDATION_FAILED');
    assert.match(error.message, /provision\[0\]\.continueOnError must be true or false/);
    assert.match(error.message, /not "yes"/);
    assert.match(error.message, /provision\[1\]\.run must be a string/);
    assert.match(error.message, /not 5/);
    assert.ok(error.message.includes('azure.yaml:8'), error.message);
    assert.ok(error.message.includes('azure.yaml:10'), error.message);
    assert.equal(existsSync(path.join(project, 'ran')), false);
  });

  it('invalid YAML (tab indentation) is PROJECT_INVALID with the line', async () => {
    const project = makeProject({
      'azure.yaml':
        'name: demo\ninfra:\n  provider: scripts\n  config:\n    provision:\n\t- shell: bash\n\t  run: setup.sh\n',
      'setup.sh': MARK('ran'),
    });
    const error = await failure(project, ['provision']);
    assert.equal(error.code, 'PROJECT_INVALID');
    assert.match(error.message, /not valid YAML/);
    assert.equal(error.line, 6);
    assert.ok(error.message.includes('azure.yaml:6'), error.message);
  });

  it('invalid YAML (duplicate key) is PROJECT_INVALID with the line of the duplicate', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'setup.sh' }] }) + '  provider: scripts\n',
      'setup.sh': MARK('ran'),
    });
    const error = await failure(project, ['provision']);
    assert.equal(error.code, 'PROJECT_INVALID');
    assert.match(error.message, /not valid YAML/);
    assert.equal(error.line, 8);
  });

  it('a project with only provision can run provision; down on it fails clearly', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'setup.sh' }] }),
      'setup.sh': MARK('provisioned'),
    });
    await success(project, ['provision']);
    assert.ok(existsSync(path.join(project, 'provisioned')));
    const error = await failure(project, ['down', '--force']);
    assert.equal(error.code, 'PROJECT_INVALID');
    assert.match(error.message, /infra\.config\.destroy is missing/);
  });

  it('a project with only destroy can run down; provision on it fails clearly', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ destroy: [{ shell: 'bash', run: 'down.sh' }] }),
      'down.sh': MARK('destroyed'),
    });
    const error = await failure(project, ['provision']);
    assert.equal(error.code, 'PROJECT_INVALID');
    assert.match(error.message, /infra\.config\.provision is missing/);
    await success(project, ['down', '--force']);
    assert.ok(existsSync(path.join(project, 'destroyed')));
  });

  it('an empty provision list is an error for provision', async () => {
    const project = makeProject({
      'azure.yaml': [
        'name: demo',
        'infra:',
        '  provider: scripts',
        '  config:',
        '    provision: []',
        '    destroy:',
        '      - shell: bash',
        '        run: down.sh',
        '',
      ].join('\n'),
      'down.sh': MARK('destroyed'),
    });
    const error = await failure(project, ['provision']);
    assert.equal(error.code, 'PROJECT_INVALID');
    assert.match(error.message, /infra\.config\.provision is empty/);
  });

  it('only the command’s list is checked: a broken destroy entry does not stop provision', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [{ shell: 'bash', run: 'setup.sh' }],
        destroy: [{ shell: 'zsh', run: 'missing/teardown.sh' }],
      }),
      'setup.sh': MARK('provisioned'),
    });
    await success(project, ['provision']);
    assert.ok(existsSync(path.join(project, 'provisioned')));
    const error = await failure(project, ['down', '--force']);
    assert.equal(error.code, 'VALIDATION_FAILED');
  });

  it('name defaults to the script file name in progress lines; name: overrides it', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'scripts/setup.sh' },
          { shell: 'bash', run: 'scripts/other.sh', name: 'Configure the app' },
        ],
      }),
      'scripts/setup.sh': 'echo setting up\n',
      'scripts/other.sh': 'echo other\n',
    });
    const run = await success(project, ['provision']);
    assert.match(run.stdout, /^Running script: setup\.sh \(bash\)$/m);
    assert.match(run.stdout, /^Completed: setup\.sh \(\d+\.\ds\)$/m);
    assert.match(run.stdout, /^Running script: Configure the app \(bash\)$/m);
    assert.match(run.stdout, /^Completed: Configure the app \(\d+\.\ds\)$/m);
  });

  it('usage errors exit 2 before any project is read', async () => {
    const dir = tempDir();
    for (const args of [['provision', '--bogus'], ['provision', '-o', 'yaml'], ['deploy']]) {
      const run = await runCli([...args, '--cwd', dir], { cwd: dir, env: baseEnv() });
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, /^error: /m);
      assert.doesNotMatch(run.stderr, /azure\.yaml/);
    }
  });
});

describe('REQ-1.4: shell type support (through the CLI)', { concurrency: true }, () => {
  it('unknown shell zsh: SHELL_UNKNOWN listing bash, sh, pwsh, powershell, with its line', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'zsh', run: 'setup.zsh' }] }),
      'setup.zsh': 'touch ran\n',
    });
    const error = await failure(project, ['provision']);
    assert.equal(error.code, 'SHELL_UNKNOWN');
    assert.match(error.message, /unknown shell "zsh"/);
    assert.match(error.message, /bash, sh, pwsh, powershell/);
    assert.equal(error.line, 6);
    assert.ok(error.message.includes('azure.yaml:6'), error.message);
    assert.equal(existsSync(path.join(project, 'ran')), false);
  });

  it('shell names are case-sensitive (Bash is unknown)', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'Bash', run: 'setup.sh' }] }),
      'setup.sh': MARK('ran'),
    });
    const error = await failure(project, ['provision']);
    assert.equal(error.code, 'SHELL_UNKNOWN');
  });

  it('runs sh scripts with sh', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'sh', run: 'setup.sh' }] }),
      'setup.sh': 'touch ran-by-sh\n',
    });
    await success(project, ['provision']);
    assert.ok(existsSync(path.join(project, 'ran-by-sh')));
  });
});

describe('REQ-6.3: shell not found', { concurrency: true }, () => {
  it('pwsh missing from PATH: SHELL_NOT_FOUND with install steps for Linux, macOS (brew) and Windows (winget)', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'setup.sh' },
          { shell: 'pwsh', run: 'configure.ps1' },
        ],
      }),
      'setup.sh': MARK('ran'),
      'configure.ps1': 'Write-Host hi\n',
    });
    const env = { PATH: minimalPath(['bash']), HOME: process.env.HOME ?? '/tmp' };
    const error = await failure(project, ['provision'], { env });
    assert.equal(error.code, 'SHELL_NOT_FOUND');
    assert.match(error.message, /"pwsh" was not found on PATH/);
    assert.equal(error.line, 8);
    assert.ok(error.message.includes('azure.yaml:8'), error.message);
    for (const word of ['Linux', 'macOS', 'Windows', 'brew', 'winget']) {
      assert.ok(error.hint?.includes(word), `hint lacks ${word}: ${error.hint}`);
    }
    assert.equal(existsSync(path.join(project, 'ran')), false, 'the bash script before it did not run');
  });

  it('text output shows the install hint on stderr', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'pwsh', run: 'configure.ps1' }] }),
      'configure.ps1': 'Write-Host hi\n',
    });
    const env = { PATH: minimalPath(['bash']), HOME: process.env.HOME ?? '/tmp' };
    const run = await cli(project, ['provision'], { env });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /^error: .*"pwsh" was not found on PATH/m);
    assert.match(run.stderr, /^hint: .*winget/m);
  });

  it('bash and sh missing from PATH: both reported, each with platform install steps', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'a.sh' },
          { shell: 'sh', run: 'b.sh' },
        ],
      }),
      'a.sh': MARK('a'),
      'b.sh': MARK('b'),
    });
    const env = { PATH: minimalPath(['node']), HOME: process.env.HOME ?? '/tmp' };
    const error = await failure(project, ['provision'], { env });
    assert.equal(error.code, 'VALIDATION_FAILED');
    assert.deepEqual(
      error.problems?.map((p) => p.code),
      ['SHELL_NOT_FOUND', 'SHELL_NOT_FOUND'],
    );
    assert.match(error.message, /"bash" was not found on PATH/);
    assert.match(error.message, /"sh" was not found on PATH/);
    for (const problem of error.problems ?? []) {
      for (const word of ['Linux', 'macOS', 'Windows']) {
        assert.ok(problem.hint?.includes(word), `hint lacks ${word}: ${problem.hint}`);
      }
    }
  });

  it('powershell missing: says it is Windows-only and suggests pwsh', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'powershell', run: 'c.ps1' }] }),
      'c.ps1': 'Write-Host hi\n',
    });
    const env = { PATH: minimalPath(['bash']), HOME: process.env.HOME ?? '/tmp' };
    const error = await failure(project, ['provision'], { env });
    assert.equal(error.code, 'SHELL_NOT_FOUND');
    assert.match(error.hint ?? '', /Windows/);
    assert.match(error.hint ?? '', /pwsh/);
  });
});

describe('REQ-2.3: shell invocation', { concurrency: true }, () => {
  it('pwsh gets exactly -NoProfile -NonInteractive -File <absolute script path>, with cwd = project root', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'pwsh', run: 'scripts/setup.ps1' }] }),
      'scripts/setup.ps1': 'Write-Host hi\n',
      'src/.keep': '',
    });
    const cwdFile = path.join(project, 'pwsh.cwd');
    const pwsh = standIn('pwsh', `pwd > ${JSON.stringify(cwdFile)}`);
    const env = baseEnv({ PATH: `${pwsh.dir}${path.delimiter}${process.env.PATH ?? ''}` });
    await success(project, ['provision'], { env, cwd: path.join(project, 'src') });
    assert.deepEqual(readFileSync(pwsh.argvFile, 'utf8').split('\n').slice(0, -1), [
      '-NoProfile',
      '-NonInteractive',
      '-File',
      path.join(project, 'scripts', 'setup.ps1'),
    ]);
    assert.equal(readFileSync(cwdFile, 'utf8').trim(), project);
  });

  it('powershell gets the same arguments', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'powershell', run: 'deploy/setup.ps1' }] }),
      'deploy/setup.ps1': 'Write-Host hi\n',
    });
    const ps = standIn('powershell');
    const env = baseEnv({ PATH: `${ps.dir}${path.delimiter}${process.env.PATH ?? ''}` });
    await success(project, ['provision'], { env });
    assert.deepEqual(readFileSync(ps.argvFile, 'utf8').split('\n').slice(0, -1), [
      '-NoProfile',
      '-NonInteractive',
      '-File',
      path.join(project, 'deploy', 'setup.ps1'),
    ]);
  });

  it('a failing stand-in pwsh fails the run with its exit code', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'pwsh', run: 'setup.ps1' }] }),
      'setup.ps1': 'exit 3\n',
    });
    const pwsh = standIn('pwsh', 'echo boom >&2; exit 3');
    const env = baseEnv({ PATH: `${pwsh.dir}${path.delimiter}${process.env.PATH ?? ''}` });
    const error = await failure(project, ['provision'], { env });
    assert.equal(error.code, 'SCRIPT_FAILED');
    assert.match(error.message, /exit code 3/);
  });

  it('bash and sh get exactly one argument: the absolute script path', async () => {
    const project = tempDir();
    const log = (tag: string) =>
      `printf '%s\\n' ${tag} "$0" "$#" >> ${JSON.stringify(path.join(project, 'argv.log'))}\n`;
    writeFiles(project, {
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'scripts/a.sh' },
          { shell: 'sh', run: './scripts/nested/b.sh' },
        ],
      }),
      'scripts/a.sh': log('bash'),
      'scripts/nested/b.sh': log('sh'),
    });
    await success(project, ['provision']);
    assert.deepEqual(readFileSync(path.join(project, 'argv.log'), 'utf8').split('\n').slice(0, -1), [
      'bash',
      path.join(project, 'scripts', 'a.sh'),
      '0',
      'sh',
      path.join(project, 'scripts', 'nested', 'b.sh'),
      '0',
    ]);
  });

  it('the working directory is the project root, for a script in a subfolder and --cwd in a subfolder', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'infra/scripts/deep/where.sh' },
          { shell: 'sh', run: 'infra/where-sh.sh' },
        ],
      }),
      'infra/scripts/deep/where.sh': 'pwd > "$(dirname "$0")/bash.pwd"\n',
      'infra/where-sh.sh': 'pwd > "$(dirname "$0")/sh.pwd"\n',
      'app/web/.keep': '',
    });
    await success(project, ['provision'], { cwd: path.join(project, 'app', 'web') });
    assert.equal(readFileSync(path.join(project, 'infra/scripts/deep/bash.pwd'), 'utf8').trim(), project);
    assert.equal(readFileSync(path.join(project, 'infra/sh.pwd'), 'utf8').trim(), project);
  });

  it('the script need not be executable (it is passed to the shell)', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'setup.sh' }] }),
      'setup.sh': { content: 'touch ran\n', mode: 0o644 },
    });
    await success(project, ['provision']);
    assert.ok(existsSync(path.join(project, 'ran')));
  });
});

describe('REQ-6.2: script not found', { concurrency: true }, () => {
  it('names the full resolved absolute path and the azure.yaml line', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/missing.sh' }] }),
    });
    const error = await failure(project, ['provision']);
    assert.equal(error.code, 'SCRIPT_NOT_FOUND');
    assert.ok(error.message.includes(path.join(project, 'scripts', 'missing.sh')), error.message);
    assert.ok(error.message.includes(`${path.join(project, 'azure.yaml')}:7`), error.message);
    assert.equal(error.file, path.join(project, 'azure.yaml'));
    assert.equal(error.line, 7);
  });

  it('text output names the path and the line too', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'ok.sh' },
          { shell: 'bash', run: 'scripts/missing.sh' },
        ],
      }),
      'ok.sh': MARK('ran'),
    });
    const run = await cli(project, ['provision']);
    assert.equal(run.code, 1);
    assert.ok(run.stderr.includes(path.join(project, 'scripts', 'missing.sh')), run.stderr);
    assert.ok(run.stderr.includes('azure.yaml:9'), run.stderr);
    assert.equal(existsSync(path.join(project, 'ran')), false, 'nothing ran before the missing script');
  });

  it('a missing parameter file names its full path and line', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [{ shell: 'bash', run: 'setup.sh', parameters: 'params/missing.parameters.json' }],
      }),
      'setup.sh': MARK('ran'),
    });
    const error = await failure(project, ['provision']);
    assert.equal(error.code, 'SCRIPT_NOT_FOUND');
    assert.match(error.message, /parameter file/);
    assert.ok(error.message.includes(path.join(project, 'params', 'missing.parameters.json')), error.message);
    assert.ok(error.message.includes('azure.yaml:8'), error.message);
    assert.equal(existsSync(path.join(project, 'ran')), false);
  });
});

describe('REQ-7.1: script path validation', { concurrency: true }, () => {
  it('rejects an absolute run: /etc/passwd', async () => {
    const project = makeProject({ 'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: '/etc/passwd' }] }) });
    const error = await failure(project, ['provision']);
    assert.equal(error.code, 'PATH_OUTSIDE_PROJECT');
    assert.match(error.message, /"\/etc\/passwd" is absolute/);
    assert.ok(error.message.includes('azure.yaml:7'), error.message);
  });

  it('rejects run: ../outside.sh escaping the root, even when the file exists', async () => {
    const holder = tempDir();
    writeFiles(holder, {
      'outside.sh': MARK('escaped'),
      'proj/azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: '../outside.sh' }] }),
    });
    const project = path.join(holder, 'proj');
    const error = await failure(project, ['provision']);
    assert.equal(error.code, 'PATH_OUTSIDE_PROJECT');
    assert.match(error.message, /"\.\.\/outside\.sh" leaves the project root/);
    assert.equal(existsSync(path.join(project, 'escaped')), false);
  });

  it('accepts run: scripts/../setup.sh (stays inside)', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/../setup.sh' }] }),
      'scripts/.keep': '',
      'setup.sh': MARK('ran'),
    });
    await success(project, ['provision']);
    assert.ok(existsSync(path.join(project, 'ran')));
  });

  it('rejects a symlink inside the project pointing to a file outside', async () => {
    const outside = tempDir();
    writeFileSync(path.join(outside, 'evil.sh'), MARK('escaped'));
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/link.sh' }] }),
    });
    mkdirSync(path.join(project, 'scripts'));
    symlinkSync(path.join(outside, 'evil.sh'), path.join(project, 'scripts', 'link.sh'));
    const error = await failure(project, ['provision']);
    assert.equal(error.code, 'PATH_OUTSIDE_PROJECT');
    assert.match(error.message, /symlink/);
    assert.match(error.message, /outside/);
    assert.ok(error.message.includes(path.join(outside, 'evil.sh')), error.message);
    assert.equal(existsSync(path.join(project, 'escaped')), false);
  });

  it('accepts a symlink to a file inside the project', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'link.sh' }] }),
      'scripts/real.sh': MARK('ran'),
    });
    symlinkSync('scripts/real.sh', path.join(project, 'link.sh'));
    await success(project, ['provision']);
    assert.ok(existsSync(path.join(project, 'ran')));
  });

  it('rejects a directory as run', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts' }] }),
      'scripts/a.sh': MARK('ran'),
    });
    const error = await failure(project, ['provision']);
    assert.equal(error.code, 'SCRIPT_NOT_FOUND');
    assert.match(error.message, /not a regular file/);
    assert.ok(error.message.includes(path.join(project, 'scripts')), error.message);
  });

  it('applies the same checks to parameters paths: absolute, escaping, symlink out, directory, missing', async () => {
    const outside = tempDir();
    writeFileSync(path.join(outside, 'p.json'), '{"parameters":{}}');
    const holder = tempDir();
    writeFileSync(path.join(holder, 'up.json'), '{"parameters":{}}');
    const project = path.join(holder, 'proj');
    writeFiles(project, {
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'setup.sh', parameters: path.join(outside, 'p.json') },
          { shell: 'bash', run: 'setup.sh', parameters: '../up.json' },
          { shell: 'bash', run: 'setup.sh', parameters: 'params/link.json' },
          { shell: 'bash', run: 'setup.sh', parameters: 'params' },
          { shell: 'bash', run: 'setup.sh', parameters: 'params/missing.json' },
        ],
      }),
      'setup.sh': MARK('ran'),
      'params/.keep': '',
    });
    symlinkSync(path.join(outside, 'p.json'), path.join(project, 'params', 'link.json'));
    const error = await failure(project, ['provision']);
    assert.equal(error.code, 'VALIDATION_FAILED');
    const problems = error.problems ?? [];
    assert.deepEqual(
      problems.map((p) => p.code),
      ['PATH_OUTSIDE_PROJECT', 'PATH_OUTSIDE_PROJECT', 'PATH_OUTSIDE_PROJECT', 'SCRIPT_NOT_FOUND', 'SCRIPT_NOT_FOUND'],
      error.message,
    );
    assert.match(problems[0]!.message, /provision\[0\]\.parameters: the parameter file path ".*" is absolute/);
    assert.match(problems[1]!.message, /provision\[1\]\.parameters: .*"\.\.\/up\.json" leaves the project root/);
    assert.match(problems[2]!.message, /provision\[2\]\.parameters: .*symlink.*outside/);
    assert.match(problems[3]!.message, /provision\[3\]\.parameters: .*not a regular file/);
    assert.match(problems[4]!.message, /provision\[4\]\.parameters: parameter file not found/);
    assert.deepEqual(
      problems.map((p) => p.line),
      [8, 11, 14, 17, 20],
    );
    assert.equal(existsSync(path.join(project, 'ran')), false);
  });

  it('a parameter file inside the project (reached through ..) is used', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [{ shell: 'bash', run: 'scripts/setup.sh', parameters: 'scripts/../params/p.json' }],
      }),
      'scripts/setup.sh': 'printf %s "$GREETING" > greeting.txt\n',
      'params/p.json': JSON.stringify({ parameters: { GREETING: { type: 'string', value: 'hello' } } }),
    });
    await success(project, ['provision']);
    assert.equal(readIf(path.join(project, 'greeting.txt')), 'hello');
  });

  it('a NUL byte or an over-long file name in run is a located user error, reported with the others', async () => {
    const project = makeProject({
      'azure.yaml': [
        'name: demo',
        'infra:',
        '  provider: scripts',
        '  config:',
        '    provision:',
        '      - shell: bash',
        '        run: first.sh',
        '      - shell: bash',
        '        run: "scripts/a\\0b.sh"',
        '      - shell: bash',
        `        run: scripts/${'x'.repeat(300)}.sh`,
        '      - shell: zsh',
        '        run: first.sh',
        '',
      ].join('\n'),
      'first.sh': MARK('marker'),
    });
    const error = await failure(project, ['provision']);
    assert.notEqual(error.code, 'INTERNAL', error.message);
    assert.equal(error.code, 'VALIDATION_FAILED', error.message);
    assert.deepEqual(
      error.problems?.map((p) => p.line),
      [9, 11, 12],
    );
    assert.match(error.message, /provision\[1\]\.run/);
    assert.match(error.message, /provision\[2\]\.run/);
    assert.match(error.message, /unknown shell "zsh"/);
    assert.equal(existsSync(path.join(project, 'marker')), false);
  });

  it('reports ALL problems in ONE error and runs nothing', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'scripts/first.sh' },
          { shell: 'bash', run: 'scripts/missing.sh' },
          { shell: 'zsh', run: 'scripts/first.sh' },
          { shell: 'bash', run: '/etc/passwd' },
        ],
      }),
      'scripts/first.sh': MARK('marker'),
    });
    const error = await failure(project, ['provision']);
    assert.equal(error.code, 'VALIDATION_FAILED');
    assert.match(error.message, /^3 problems found/);
    assert.ok(error.message.includes(path.join(project, 'scripts', 'missing.sh')), error.message);
    assert.match(error.message, /unknown shell "zsh"/);
    assert.match(error.message, /"\/etc\/passwd" is absolute/);
    assert.match(error.message, /provision\[1\]\.run/);
    assert.match(error.message, /provision\[2\]\.shell/);
    assert.match(error.message, /provision\[3\]\.run/);
    assert.deepEqual(
      error.problems?.map((p) => [p.code, p.line]),
      [
        ['SCRIPT_NOT_FOUND', 9],
        ['SHELL_UNKNOWN', 10],
        ['PATH_OUTSIDE_PROJECT', 13],
      ],
    );
    assert.match(error.hint ?? '', /Nothing was run/);
    assert.equal(existsSync(path.join(project, 'marker')), false, 'no script ran');
  });

  it('text output lists every problem, one per line', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'scripts/first.sh' },
          { shell: 'bash', run: 'scripts/missing.sh' },
          { shell: 'zsh', run: 'scripts/first.sh' },
          { shell: 'bash', run: '/etc/passwd' },
        ],
      }),
      'scripts/first.sh': MARK('marker'),
    });
    const run = await cli(project, ['provision']);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /^error: 3 problems found/m);
    assert.equal(run.stderr.match(/^ {2}- /gm)?.length, 3, run.stderr);
    assert.doesNotMatch(run.stdout, /Running script/);
    assert.equal(existsSync(path.join(project, 'marker')), false);
  });
});

describe('REQ-7.3: shell injection prevention', () => {
  it('scripts with hostile names run as written and nothing extra executes', async () => {
    const names = [
      'scripts/with space.sh',
      `scripts/it's "quoted".sh`,
      'scripts/$(touch pwned).sh',
      'scripts/`touch pwned-backtick`.sh',
      'scripts/a;touch pwned-semicolon;b.sh',
      'scripts/-x.sh',
      '-leading.sh',
      'scripts/ünïcødé-脚本.sh',
      'scripts/*.sh',
    ];
    const body = `printf '%s\\n' "$(basename "$0")" >> ran.log\n`;
    const files: Record<string, string> = {
      'azure.yaml': azureYaml({ provision: names.map((run) => ({ shell: 'bash', run })) }),
    };
    for (const name of names) files[name] = body;
    const project = makeProject(files);
    const run = await success(project, ['provision']);
    assert.deepEqual(
      readFileSync(path.join(project, 'ran.log'), 'utf8').split('\n').slice(0, -1),
      names.map((n) => path.basename(n)),
    );
    for (const name of names) {
      assert.ok(run.stdout.includes(`Running script: ${path.basename(name)} (bash)`), `${name}\n${run.stdout}`);
    }
    const pwned = filesUnder(project).filter((f) => path.basename(f).startsWith('pwned'));
    assert.deepEqual(pwned, []);
  });

  it('a script named like an option is run, not taken as an option (sh too)', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'sh', run: '-c' },
          { shell: 'bash', run: '--version' },
        ],
      }),
      '-c': 'touch ran-dash-c\n',
      '--version': 'touch ran-dash-version\n',
    });
    const run = await success(project, ['provision']);
    assert.ok(existsSync(path.join(project, 'ran-dash-c')));
    assert.ok(existsSync(path.join(project, 'ran-dash-version')));
    assert.doesNotMatch(run.stdout, /GNU bash, version/);
  });

  it('parameter values reach scripts as env values, never as code', async () => {
    const evil = '$(touch pwned-param); `touch pwned-param2` "quoted" \'single\' $HOME';
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [{ shell: 'bash', run: 'setup.sh', parameters: 'p.json' }],
      }),
      'setup.sh': 'printf %s "$EVIL" > evil.txt\n',
      'p.json': JSON.stringify({ parameters: { EVIL: { type: 'string' } } }),
    });
    await success(project, ['provision', '--param', `EVIL=${evil}`]);
    assert.equal(readFileSync(path.join(project, 'evil.txt'), 'utf8'), evil);
    assert.deepEqual(
      filesUnder(project).filter((f) => path.basename(f).startsWith('pwned')),
      [],
    );
  });
});

describe('REQ-5.3: preview validates exactly like provision and writes nothing', { concurrency: true }, () => {
  const broken: Record<string, () => string> = {
    'missing script': () =>
      makeProject({ 'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/missing.sh' }] }) }),
    'unknown shell': () =>
      makeProject({
        'azure.yaml': azureYaml({ provision: [{ shell: 'zsh', run: 'a.sh' }] }),
        'a.sh': MARK('ran'),
      }),
    'absolute path': () =>
      makeProject({ 'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: '/etc/passwd' }] }) }),
    'escaping path': () => makeProject({ 'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: '../x.sh' }] }) }),
    'symlink outside': () => {
      const outside = tempDir();
      writeFileSync(path.join(outside, 'evil.sh'), MARK('ran'));
      const project = makeProject({ 'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'link.sh' }] }) });
      symlinkSync(path.join(outside, 'evil.sh'), path.join(project, 'link.sh'));
      return project;
    },
    'directory as run': () =>
      makeProject({
        'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts' }] }),
        'scripts/a.sh': MARK('ran'),
      }),
    'missing parameter file': () =>
      makeProject({
        'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'a.sh', parameters: 'nope.json' }] }),
        'a.sh': MARK('ran'),
      }),
    'unknown key': () =>
      makeProject({
        'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'a.sh', continueOnErorr: true }] }),
        'a.sh': MARK('ran'),
      }),
    'bicep provider': () => makeProject({ 'azure.yaml': 'name: demo\ninfra:\n  provider: bicep\n' }),
    'three problems': () =>
      makeProject({
        'azure.yaml': azureYaml({
          provision: [
            { shell: 'bash', run: 'a.sh' },
            { shell: 'bash', run: 'missing.sh' },
            { shell: 'zsh', run: 'a.sh' },
            { shell: 'bash', run: '/etc/passwd' },
          ],
        }),
        'a.sh': MARK('ran'),
      }),
  };

  for (const [label, make] of Object.entries(broken)) {
    it(`${label}: same error from preview and provision; preview creates no .azure folder`, async () => {
      const project = make();
      const previewError = await failure(project, ['preview']);
      assert.equal(existsSync(path.join(project, '.azure')), false, 'preview wrote .azure');
      assert.equal(existsSync(path.join(project, 'ran')), false, 'preview ran a script');
      const provisionError = await failure(project, ['provision']);
      assert.equal(existsSync(path.join(project, 'ran')), false, 'provision ran a script');
      assert.deepEqual(previewError, provisionError);
    });
  }

  it('a valid project: preview lists the scripts, runs nothing, writes nothing (exit 0)', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'scripts/a.sh' },
          { shell: 'pwsh', run: 'scripts/b.ps1', name: 'Configure' },
        ],
      }),
      'scripts/a.sh': MARK('ran'),
      'scripts/b.ps1': 'Write-Host hi\n',
    });
    const pwsh = standIn('pwsh');
    const env = baseEnv({ PATH: `${pwsh.dir}${path.delimiter}${process.env.PATH ?? ''}` });
    const run = await cliJson(project, ['preview'], { env });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.json.status, 'succeeded');
    assert.deepEqual(
      run.json.plan?.scripts.map((s) => [s.name, s.shell, s.path]),
      [
        ['a.sh', 'bash', 'scripts/a.sh'],
        ['Configure', 'pwsh', 'scripts/b.ps1'],
      ],
    );
    assert.equal(existsSync(path.join(project, 'ran')), false);
    assert.equal(existsSync(pwsh.argvFile), false, 'pwsh was not started');
    assert.equal(existsSync(path.join(project, '.azure')), false);
  });

  it('preview with an existing .azure folder and --param values changes no file', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'a.sh', parameters: 'p.json' }] }),
      'a.sh': MARK('ran'),
      'p.json': JSON.stringify({ parameters: { NEED: { type: 'string' } } }),
      '.azure/config.json': '{"version":1,"defaultEnvironment":"other"}',
      '.azure/other/.env': 'AZURE_ENV_NAME="other"\n',
      '.azure/other/config.json': '{}',
    });
    const snapshot = () =>
      filesUnder(project)
        .sort()
        .map((f) => [f, statSync(f).isFile() ? readFileSync(f, 'utf8') : 'dir']);
    const before = snapshot();
    await success(project, ['preview', '-p', 'NEED=hello']);
    const run = await runCli(['preview', '-p', 'NEED=hello', '--no-prompt', '--cwd', project], {
      cwd: project,
      env: baseEnv(),
    });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /environment "other"/);
    assert.match(run.stdout, /NEED = hello/);
    assert.deepEqual(snapshot(), before);
  });

  it('preview with a missing shell fails like provision (SHELL_NOT_FOUND)', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'pwsh', run: 'b.ps1' }] }),
      'b.ps1': 'Write-Host hi\n',
    });
    const env = { PATH: minimalPath(['bash']), HOME: process.env.HOME ?? '/tmp' };
    const previewError = await failure(project, ['preview'], { env });
    assert.equal(previewError.code, 'SHELL_NOT_FOUND');
    assert.equal(existsSync(path.join(project, '.azure')), false);
    assert.deepEqual(await failure(project, ['provision'], { env }), previewError);
  });
});
