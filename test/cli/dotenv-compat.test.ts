/**
 * Issue 10.2: `.env` files azd accepts are files we accept, and every `.env` problem is found before the first
 * script runs. Through the built CLI, with real bash scripts and real files.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { azureYaml, baseEnv, dotenvOf, makeProject, outputsScript, runCli } from '../helpers.js';
import { parseDotenv } from '../../src/core/dotenv.js';

/** A project whose script records its environment (`env -0`) and writes one output; `.env` as given. */
function project(dotenv: string | undefined): { dir: string; envFile: string } {
  const dir = makeProject({
    'azure.yaml': azureYaml({ provision: [{ shell: 'bash', name: 'one', run: 'scripts/one.sh' }] }),
    'scripts/one.sh': outputsScript(
      { OUT: { type: 'string', value: 'new' } },
      'env -0 > "$(dirname "$0")/../env.seen"; touch "$(dirname "$0")/../ran"',
    ),
  });
  const envFile = path.join(dir, '.azure', 'dev', '.env');
  if (dotenv !== undefined) {
    mkdirSync(path.dirname(envFile), { recursive: true });
    writeFileSync(envFile, dotenv);
    writeFileSync(path.join(dir, '.azure', 'dev', 'config.json'), '{}');
  }
  return { dir, envFile };
}

function seenEnv(dir: string): Map<string, string> {
  const entries = readFileSync(path.join(dir, 'env.seen'), 'utf8').split('\0').filter(Boolean);
  return new Map(entries.map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)]));
}

describe('issue 10.2: .env files azd accepts are files we accept', () => {
  it('keys with "." (and other godotenv keys) are read, kept and written back as azd writes them; scripts do not get them, with one warning', async () => {
    const { dir, envFile } = project('AZURE_ENV_NAME="dev"\napp.name="web"\n9LIVES="cat"\nPLAIN="p"\n');
    const r = await runCli(['provision', '-e', 'dev'], { cwd: dir, env: baseEnv() });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(
      readFileSync(envFile, 'utf8'),
      '9LIVES="cat"\nAZURE_ENV_NAME="dev"\nOUT="new"\nPLAIN="p"\napp.name="web"\n',
    );
    const all = r.stdout + r.stderr;
    const warnings = all.split('\n').filter((l) => l.includes('not passed to the scripts'));
    assert.equal(warnings.length, 1, all);
    assert.match(warnings[0]!, /9LIVES, app\.name/);
    const env = seenEnv(dir);
    assert.equal(env.get('PLAIN'), 'p');
    assert.equal(env.has('app.name'), false);
    assert.equal(env.has('9LIVES'), false);
  });

  it('a value already in .env that cannot be written back is reported before anything runs, with file:line, in the one gathered error', async () => {
    const text = 'AZURE_ENV_NAME="dev"\nBAD=C:\\temp\\\nOK=1\n';
    const { dir, envFile } = project(text);
    // A second problem (a missing script) must land in the same error.
    writeFileSync(
      path.join(dir, 'azure.yaml'),
      azureYaml({
        provision: [
          { shell: 'bash', name: 'one', run: 'scripts/one.sh' },
          { shell: 'bash', name: 'gone', run: 'scripts/missing.sh' },
        ],
      }),
    );
    const r = await runCli(['provision', '-e', 'dev'], { cwd: dir, env: baseEnv() });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.equal(existsSync(path.join(dir, 'ran')), false, 'a script ran');
    assert.match(r.stderr, /2 problems found/);
    assert.ok(r.stderr.includes(`${envFile}:2: the existing value of BAD cannot be written back`), r.stderr);
    assert.match(r.stderr, /missing\.sh/);
    assert.equal(readFileSync(envFile, 'utf8'), text, '.env was changed');
  });

  it('preview fails on the same unsavable value, writing nothing', async () => {
    const text = 'AZURE_ENV_NAME="dev"\nBAD=\'quote at the end"\'\n';
    const { dir, envFile } = project(text);
    const r = await runCli(['preview', '-e', 'dev'], { cwd: dir, env: baseEnv() });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.ok(r.stderr.includes(`${envFile}:2: the existing value of BAD cannot be written back`), r.stderr);
    assert.equal(readFileSync(envFile, 'utf8'), text);
  });

  it('a file godotenv refuses (a last line "export " with no key) is refused too, untouched, nothing run', async () => {
    const text = 'AZURE_ENV_NAME="dev"\nexport ';
    const { dir, envFile } = project(text);
    assert.throws(() => parseDotenv(text), /export/);
    const r = await runCli(['provision', '-e', 'dev'], { cwd: dir, env: baseEnv() });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.ok(r.stderr.includes(`${envFile}:2:`), r.stderr);
    assert.equal(existsSync(path.join(dir, 'ran')), false);
    assert.equal(readFileSync(envFile, 'utf8'), text);
  });

  it('a .env we create is mode 0600, as azd leaves it', async () => {
    const { dir } = project(undefined);
    const r = await runCli(['provision', '-e', 'dev'], { cwd: dir, env: baseEnv() });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(dotenvOf(dir, 'dev') ?? '', /^OUT="new"$/m);
    assert.equal(statSync(path.join(dir, '.azure', 'dev', '.env')).mode & 0o777, 0o600);
  });
});
