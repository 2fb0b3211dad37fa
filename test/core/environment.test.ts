/**
 * Unit tests of the azd environment on disk (DESIGN section 5): choosing the environment, creating it byte for
 * byte as azd does, saving `.env` (re-read, merge, atomic write, temp file sweep, lock, concurrent writers) and
 * recording outputs in `.azure/<env>/config.json` as Go's json.MarshalIndent writes it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AzdEnvironment, ENV_NAME, selectEnvironmentName } from '../../src/core/environment.js';
import { ScriptsError } from '../../src/core/errors.js';
import { withFileLock } from '../../src/core/lock/link-lock.js';
import { parseDotenv } from '../../src/core/dotenv.js';
import { marshalIndentGo } from '../../src/core/json.js';
import { readRecords, recordedOutputs, writeRecords } from '../../src/core/records.js';
import { ROOT, baseEnv, makeProject, runProcess, tempDir } from '../helpers.js';

/** Adds and removes recorded output keys (without types) through the store's config update, as provision does. */
async function recordKeys(env: AzdEnvironment, changes: { add?: string[]; remove?: string[] }): Promise<void> {
  await env.updateConfig((config) => {
    const records = new Map(readRecords(config).map((r) => [r.key, r] as const));
    for (const key of changes.add ?? []) records.set(key, { key });
    for (const key of changes.remove ?? []) records.delete(key);
    writeRecords(config, [...records.values()]);
    return true;
  });
}

/** The recorded output keys. */
async function recordedKeys(env: AzdEnvironment): Promise<string[]> {
  return (await recordedOutputs(env)).map((r) => r.key);
}

const GITIGNORE = '# .azure is not intended to be committed\n*';
const SUBSCRIPTION = '00000000-1111-2222-3333-444444444444';

async function rejected(promise: Promise<unknown>): Promise<ScriptsError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof ScriptsError, `expected a ScriptsError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected a rejection, but the promise resolved');
}

function read(file: string): string {
  return readFileSync(file, 'utf8');
}

function dotenvPath(root: string, env = 'dev'): string {
  return path.join(root, '.azure', env, '.env');
}

function configPath(root: string, env = 'dev'): string {
  return path.join(root, '.azure', env, 'config.json');
}

/** A project with an existing environment `dev` whose .env holds `dotenv` (and config.json `{}`). */
function projectWithEnv(dotenv: string, config = '{}'): string {
  return makeProject({ '.azure/dev/.env': dotenv, '.azure/dev/config.json': config });
}

async function openDev(root: string, persist = true): Promise<AzdEnvironment> {
  return AzdEnvironment.open(root, 'dev', { create: false, persist, osEnv: {} });
}

/** Files left in the environment folder that are not the two azd files (temp files, lock files). */
function leftovers(root: string, env = 'dev'): string[] {
  return readdirSync(path.join(root, '.azure', env)).filter((n) => !['.env', 'config.json', '.env.lock'].includes(n));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A pid no process has now (999999 unless, by chance, that one is taken). */
function deadPid(): number {
  let pid = 999999;
  while (isAlive(pid)) pid--;
  return pid;
}

function entries(values: Map<string, string>): Array<[string, string]> {
  return [...values].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

// ---------------------------------------------------------------------------------------------------------------

describe('DESIGN 5: choosing the environment (explicit > AZURE_ENV_NAME > .azure/config.json)', () => {
  const withDefault = () =>
    makeProject({ '.azure/config.json': '{"version":1,"defaultEnvironment":"cfg"}', '.azure/cfg/.env': '' });

  it('takes the explicit name first', async () => {
    const root = withDefault();
    assert.equal(await selectEnvironmentName(root, 'exp', { AZURE_ENV_NAME: 'os' }), 'exp');
    assert.equal(await selectEnvironmentName(root, '  exp  ', { AZURE_ENV_NAME: 'os' }), 'exp');
  });

  it('takes AZURE_ENV_NAME when no name is given (or only white space)', async () => {
    const root = withDefault();
    assert.equal(await selectEnvironmentName(root, undefined, { AZURE_ENV_NAME: 'os' }), 'os');
    assert.equal(await selectEnvironmentName(root, '', { AZURE_ENV_NAME: 'os' }), 'os');
    assert.equal(await selectEnvironmentName(root, '   ', { AZURE_ENV_NAME: ' os ' }), 'os');
  });

  it('takes defaultEnvironment of .azure/config.json last', async () => {
    const root = withDefault();
    assert.equal(await selectEnvironmentName(root, undefined, {}), 'cfg');
    assert.equal(await selectEnvironmentName(root, undefined, { AZURE_ENV_NAME: '' }), 'cfg');
  });

  it('throws ENVIRONMENT_NOT_SELECTED when nothing names an environment', async () => {
    const configs = [
      undefined,
      '{"version":1}',
      '{"version":1,"defaultEnvironment":""}',
      '{"version":1,"defaultEnvironment":1}',
      'null',
      '[]',
    ];
    for (const config of configs) {
      const root = config === undefined ? tempDir() : makeProject({ '.azure/config.json': config });
      const err = await rejected(selectEnvironmentName(root, undefined, {}));
      assert.equal(err.code, 'ENVIRONMENT_NOT_SELECTED', `config ${config}`);
      assert.match(err.message, /AZURE_ENV_NAME/);
    }
  });

  it('throws CONFIG_INVALID naming file, line and column for a .azure/config.json that is not JSON', async () => {
    const root = makeProject({ '.azure/config.json': '{\n  "version": 1,\n  "defaultEnvironment": "dev",\n}' });
    const file = path.join(root, '.azure', 'config.json');
    const err = await rejected(selectEnvironmentName(root, undefined, {}));
    assert.equal(err.code, 'CONFIG_INVALID');
    assert.equal(err.file, file);
    assert.equal(err.line, 4);
    assert.ok(err.message.includes(`${file}:4:`), err.message);
  });

  it('accepts names of 1 to 64 of [a-zA-Z0-9-()_.]', async () => {
    const root = tempDir();
    for (const name of ['d', 'dev', 'Dev-01', 'a(b)_c.d', 'x'.repeat(64), '0', '-', '_']) {
      assert.equal(await selectEnvironmentName(root, name, {}), name);
      assert.ok(ENV_NAME.test(name));
    }
  });

  it('rejects invalid names with ENVIRONMENT_NAME_INVALID, saying where the name came from', async () => {
    const root = tempDir();
    for (const name of ['bad name', 'a/b', 'a\\b', 'x'.repeat(65), 'dév', 'a:b', 'a$b', 'a\nb']) {
      const err = await rejected(selectEnvironmentName(root, name, {}));
      assert.equal(err.code, 'ENVIRONMENT_NAME_INVALID', name);
      assert.ok(err.message.includes(name), err.message);
      assert.match(err.message, /the environment option/);
    }
    const fromOs = await rejected(selectEnvironmentName(root, undefined, { AZURE_ENV_NAME: 'no good' }));
    assert.equal(fromOs.code, 'ENVIRONMENT_NAME_INVALID');
    assert.match(fromOs.message, /AZURE_ENV_NAME/);

    const withBadDefault = makeProject({ '.azure/config.json': '{"version":1,"defaultEnvironment":"no/good"}' });
    const fromConfig = await rejected(selectEnvironmentName(withBadDefault, undefined, {}));
    assert.equal(fromConfig.code, 'ENVIRONMENT_NAME_INVALID');
    assert.ok(fromConfig.message.includes(path.join(withBadDefault, '.azure', 'config.json')), fromConfig.message);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('DESIGN 5: opening and creating an environment (azd EnsureEnv under --no-prompt)', () => {
  it('creates a missing environment byte for byte as azd does', async () => {
    const root = tempDir();
    const env = await AzdEnvironment.open(root, 'dev', {
      create: true,
      persist: true,
      osEnv: { AZURE_LOCATION: 'eastus2', AZURE_SUBSCRIPTION_ID: SUBSCRIPTION, AZURE_TENANT_ID: 'not-copied' },
    });
    assert.equal(
      read(dotenvPath(root)),
      `AZURE_ENV_NAME="dev"\nAZURE_LOCATION="eastus2"\nAZURE_SUBSCRIPTION_ID="${SUBSCRIPTION}"\n`,
    );
    assert.equal(read(configPath(root)), '{}');
    assert.equal(read(path.join(root, '.azure', 'config.json')), '{"version":1,"defaultEnvironment":"dev"}');
    assert.equal(read(path.join(root, '.azure', '.gitignore')), GITIGNORE);
    assert.deepEqual(readdirSync(path.join(root, '.azure')).sort(), ['.gitignore', 'config.json', 'dev']);
    assert.deepEqual(leftovers(root), []);
    assert.equal(env.exists, true);
    assert.equal(env.dotenvFile, dotenvPath(root));
    assert.equal(env.configFile, configPath(root));
    assert.deepEqual(
      entries(env.values),
      entries(
        new Map([
          ['AZURE_ENV_NAME', 'dev'],
          ['AZURE_LOCATION', 'eastus2'],
          ['AZURE_SUBSCRIPTION_ID', SUBSCRIPTION],
        ]),
      ),
    );
  });

  it('creates only AZURE_ENV_NAME when the OS environment has no (or empty) location and subscription', async () => {
    const root = tempDir();
    await AzdEnvironment.open(root, 'dev', { create: true, persist: true, osEnv: { AZURE_LOCATION: '' } });
    assert.equal(read(dotenvPath(root)), 'AZURE_ENV_NAME="dev"\n');
  });

  it('makes a new environment the default and keeps an existing .gitignore and other environments', async () => {
    const root = makeProject({
      '.azure/.gitignore': 'custom\n',
      '.azure/config.json': '{"version":1,"defaultEnvironment":"prod"}',
      '.azure/prod/.env': 'AZURE_ENV_NAME="prod"\n',
    });
    await AzdEnvironment.open(root, 'dev', { create: true, persist: true, osEnv: {} });
    assert.equal(read(path.join(root, '.azure', '.gitignore')), 'custom\n');
    assert.equal(read(path.join(root, '.azure', 'config.json')), '{"version":1,"defaultEnvironment":"dev"}');
    assert.equal(read(dotenvPath(root, 'prod')), 'AZURE_ENV_NAME="prod"\n');
    assert.equal(read(dotenvPath(root)), 'AZURE_ENV_NAME="dev"\n');
  });

  it('opens an existing environment without writing anything', async () => {
    const dotenv = 'B=2\nA="x"\n';
    const root = makeProject({
      '.azure/config.json': '{"version":1,"defaultEnvironment":"prod"}',
      '.azure/dev/.env': dotenv,
      '.azure/dev/config.json': '{"a":1}',
    });
    const env = await AzdEnvironment.open(root, 'dev', {
      create: true,
      persist: true,
      osEnv: { AZURE_LOCATION: 'westus' },
    });
    assert.equal(env.exists, true);
    assert.deepEqual(entries(env.values), [
      ['A', 'x'],
      ['B', '2'],
    ]);
    assert.equal(read(dotenvPath(root)), dotenv);
    assert.equal(read(configPath(root)), '{"a":1}');
    assert.equal(read(path.join(root, '.azure', 'config.json')), '{"version":1,"defaultEnvironment":"prod"}');
    assert.equal(existsSync(path.join(root, '.azure', '.gitignore')), false);
  });

  it('throws ENVIRONMENT_NOT_FOUND for a missing environment with create: false, and writes nothing', async () => {
    const root = tempDir();
    const err = await rejected(AzdEnvironment.open(root, 'dev', { create: false, persist: true, osEnv: {} }));
    assert.equal(err.code, 'ENVIRONMENT_NOT_FOUND');
    assert.ok(err.message.includes(path.join(root, '.azure', 'dev')), err.message);
    assert.match(err.message, /"dev"/);
    assert.equal(existsSync(path.join(root, '.azure')), false);
  });

  it('throws DOTENV_INVALID naming file and line when the existing .env cannot be read', async () => {
    const root = projectWithEnv('A=1\nB=2\nC="open\n');
    const file = dotenvPath(root);
    const err = await rejected(openDev(root));
    assert.equal(err.code, 'DOTENV_INVALID');
    assert.equal(err.file, file);
    assert.equal(err.line, 3);
    assert.ok(err.message.includes(`${file}:3:`), err.message);
  });

  it('throws DOTENV_INVALID naming file and line for a .env that is not UTF-8', async () => {
    const root = projectWithEnv('');
    const file = dotenvPath(root);
    writeFileSync(file, Buffer.from([0x41, 0x3d, 0x31, 0x0a, 0x42, 0x3d, 0xff, 0x0a]));
    const err = await rejected(openDev(root));
    assert.equal(err.code, 'DOTENV_INVALID');
    assert.equal(err.file, file);
    assert.equal(err.line, 2);
    assert.ok(err.message.includes(`${file}:2:`), err.message);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('DESIGN 5: persist: false writes nothing under .azure', () => {
  it('keeps a new environment and its changes in memory only', async () => {
    const root = tempDir();
    const env = await AzdEnvironment.open(root, 'dev', {
      create: true,
      persist: false,
      osEnv: { AZURE_LOCATION: 'eastus' },
    });
    assert.equal(env.exists, false);
    assert.deepEqual(entries(env.values), [
      ['AZURE_ENV_NAME', 'dev'],
      ['AZURE_LOCATION', 'eastus'],
    ]);
    const skipped = await env.save({
      set: new Map([
        ['OUT', 'value'],
        ['BAD', 'x\\'],
      ]),
    });
    assert.deepEqual(
      skipped.map((s) => s.key),
      ['BAD'],
    );
    await env.save({ remove: ['AZURE_LOCATION'] });
    await recordKeys(env, { add: ['OUT'] });
    const values = await env.reload();
    assert.deepEqual(entries(values), [
      ['AZURE_ENV_NAME', 'dev'],
      ['OUT', 'value'],
    ]);
    assert.deepEqual(entries(env.values), entries(values));
    assert.equal(existsSync(path.join(root, '.azure')), false);
  });

  it('layers in-memory changes over an existing .env on every reload, leaving the file unchanged', async () => {
    const dotenv = 'A="1"\nB="2"\n';
    const root = projectWithEnv(dotenv);
    const env = await openDev(root, false);
    await env.save({ set: new Map([['C', '3']]) });
    await recordKeys(env, { add: ['C'] });
    assert.equal(read(dotenvPath(root)), dotenv);
    assert.equal(read(configPath(root)), '{}');
    assert.deepEqual(leftovers(root), []);
    // a script changes the file: its change and ours are both visible
    writeFileSync(dotenvPath(root), 'A="1"\nB="changed"\n');
    assert.deepEqual(entries(await env.reload()), [
      ['A', '1'],
      ['B', 'changed'],
      ['C', '3'],
    ]);
    assert.equal(read(dotenvPath(root)), 'A="1"\nB="changed"\n');
  });

  it('keeps an in-memory deletion of a key that is in the file after reload()', async () => {
    const root = projectWithEnv('A="1"\nB="2"\n');
    const env = await openDev(root, false);
    await env.save({ remove: ['B'] });
    assert.deepEqual(entries(env.values), [['A', '1']]);
    assert.deepEqual(entries(await env.reload()), [['A', '1']]);
    assert.equal(read(dotenvPath(root)), 'A="1"\nB="2"\n');
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('DESIGN 5: save() re-reads .env and applies only our changes', () => {
  it('re-marshals the file as azd does (sorted, quoted, one trailing line feed)', async () => {
    const root = projectWithEnv('# a comment\nB=2\nexport A=\'lit $X\'\nC: "multi\nline"\n');
    const env = await openDev(root);
    const skipped = await env.save({ set: new Map([['D', '04']]) });
    assert.deepEqual(skipped, []);
    assert.equal(read(dotenvPath(root)), 'A="lit \\$X"\nB=2\nC="multi\\nline"\nD="04"\n');
  });

  it('keeps what another writer changed between open and save', async () => {
    const root = projectWithEnv('A="1"\nB="2"\n');
    const env = await openDev(root);
    // another process (azd, a script) rewrites the file: removes B, adds C, changes A
    writeFileSync(dotenvPath(root), 'A="other"\nC="3"\n');
    await env.save({ set: new Map([['D', 'mine']]) });
    assert.equal(read(dotenvPath(root)), 'A="other"\nC=3\nD="mine"\n');
    assert.deepEqual(entries(env.values), [
      ['A', 'other'],
      ['C', '3'],
      ['D', 'mine'],
    ]);
  });

  it('overwrites a key the other writer also changed with our value', async () => {
    const root = projectWithEnv('A="1"\n');
    const env = await openDev(root);
    writeFileSync(dotenvPath(root), 'A="theirs"\nB="x"\n');
    await env.save({ set: new Map([['A', 'ours']]) });
    assert.equal(read(dotenvPath(root)), 'A="ours"\nB="x"\n');
  });

  it('deletes keys (and ignores deleting a key that is not there)', async () => {
    const root = projectWithEnv('A="1"\nB="2"\nC="3"\n');
    const env = await openDev(root);
    await env.save({ remove: ['B', 'MISSING'] });
    assert.equal(read(dotenvPath(root)), 'A=1\nC=3\n');
    await env.save({ set: new Map([['B', 'back']]), remove: ['A'] });
    assert.equal(read(dotenvPath(root)), 'B="back"\nC=3\n');
  });

  it('skips values azd could not read back, returns them with a reason, and writes the others', async () => {
    const root = projectWithEnv('AZURE_ENV_NAME="dev"\n');
    const env = await openDev(root);
    const skipped = await env.save({
      set: new Map([
        ['OK', 'fine "quoted" $value'],
        ['ENDS_BACKSLASH', 'C:\\dir\\'],
        ['ENDS_QUOTE', 'say "hi"'],
        ['bad-key', 'v'],
        ['SURROGATE', 'a\ud800'],
        ['NUM', '7'],
      ]),
    });
    assert.deepEqual(
      skipped.map((s) => s.key),
      ['ENDS_BACKSLASH', 'ENDS_QUOTE', 'bad-key', 'SURROGATE'],
    );
    for (const s of skipped) assert.ok(s.reason.length > 0, s.key);
    assert.match(skipped[0]!.reason, /backslash/);
    assert.match(skipped[1]!.reason, /double quote/);
    assert.match(skipped[2]!.reason, /name/);
    assert.equal(read(dotenvPath(root)), 'AZURE_ENV_NAME="dev"\nNUM=7\nOK="fine \\"quoted\\" \\$value"\n');
    assert.equal(env.values.has('ENDS_BACKSLASH'), false);
  });

  it('writes nothing when every value is skipped', async () => {
    const dotenv = 'B=2\nA="1"\n';
    const root = projectWithEnv(dotenv);
    const env = await openDev(root);
    const skipped = await env.save({ set: new Map([['X', 'bad\\']]) });
    assert.equal(skipped.length, 1);
    assert.equal(read(dotenvPath(root)), dotenv);
  });

  it('writes unicode values as UTF-8 and reads them back', async () => {
    const root = projectWithEnv('');
    const env = await openDev(root);
    await env.save({ set: new Map([['U', 'h\u00e9 \u{1F600}']]) });
    assert.deepEqual(
      readFileSync(dotenvPath(root)),
      Buffer.from([0x55, 0x3d, 0x22, 0x68, 0xc3, 0xa9, 0x20, 0xf0, 0x9f, 0x98, 0x80, 0x22, 0x0a]),
    );
    assert.equal((await env.reload()).get('U'), 'h\u00e9 \u{1F600}');
  });

  it('throws DOTENV_INVALID and leaves the file byte for byte unchanged when .env cannot be parsed', async () => {
    const root = projectWithEnv('A="1"\n');
    const env = await openDev(root);
    const broken = Buffer.from('A="1"\r\nB="unterminated\r\n# \u00e9\r\n');
    writeFileSync(dotenvPath(root), broken);
    const file = dotenvPath(root);
    const err = await rejected(env.save({ set: new Map([['C', '3']]) }));
    assert.deepEqual(readFileSync(file), broken);
    assert.deepEqual(leftovers(root), []);
    assert.equal(err.code, 'DOTENV_INVALID');
    assert.equal(err.file, file);
    assert.equal(err.line, 2);
    assert.ok(err.message.includes(`${file}:2:`), err.message);
  });

  it('throws DOTENV_UNSAVABLE naming file and line, leaving the file unchanged, for an existing value azd could not write back', async () => {
    const dotenv = 'B=1\nA=abc\\\nC="3"\n';
    const root = projectWithEnv(dotenv);
    const file = dotenvPath(root);
    const env = await openDev(root);
    assert.equal(env.values.get('A'), 'abc\\');
    const err = await rejected(env.save({ set: new Map([['D', '4']]) }));
    assert.equal(read(file), dotenv);
    assert.deepEqual(leftovers(root), []);
    assert.equal(err.code, 'DOTENV_UNSAVABLE');
    assert.equal(err.file, file);
    assert.match(err.message, /\bA\b/);
    assert.ok(err.message.includes(file), err.message);
    assert.ok(err.message.includes(`${file}:2`), `message should name line 2: ${err.message}`);
  });

  it('can still replace or remove an existing value azd could not write back', async () => {
    const root = projectWithEnv('B=1\nA=abc\\\n');
    const env = await openDev(root);
    await env.save({ set: new Map([['A', 'fixed']]) });
    assert.equal(read(dotenvPath(root)), 'A="fixed"\nB=1\n');
    writeFileSync(dotenvPath(root), 'B=1\nA=abc\\\n');
    await env.save({ remove: ['A'] });
    assert.equal(read(dotenvPath(root)), 'B=1\n');
  });

  it('keeps the file mode of an existing .env', async () => {
    for (const mode of [0o600, 0o640]) {
      const root = projectWithEnv('A="1"\n');
      chmodSync(dotenvPath(root), mode);
      const env = await openDev(root);
      await env.save({ set: new Map([['B', '2']]) });
      assert.equal(statSync(dotenvPath(root)).mode & 0o777, mode);
      assert.equal(read(dotenvPath(root)), 'A=1\nB=2\n');
    }
  });

  it('leaves no temp or lock file behind', async () => {
    const root = projectWithEnv('A="1"\n');
    const env = await openDev(root);
    for (let i = 0; i < 5; i++) await env.save({ set: new Map([[`K${i}`, String(i)]]) });
    await recordKeys(env, { add: ['K1'] });
    assert.deepEqual(leftovers(root), []);
  });

  it('removes temp files of a dead process, keeps those of a live one', async () => {
    const root = projectWithEnv('A="1"\n');
    const dir = path.join(root, '.azure', 'dev');
    const dead = deadPid();
    const sleeper = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      const live = sleeper.pid!;
      assert.ok(isAlive(live));
      const deadTemp = `..env.${dead}.0123456789ab.tmp`;
      const liveTemp = `..env.${live}.ba9876543210.tmp`;
      writeFileSync(path.join(dir, deadTemp), 'A="half written');
      writeFileSync(path.join(dir, liveTemp), 'A="being written');
      writeFileSync(path.join(dir, 'unrelated.tmp'), 'x');
      const env = await openDev(root);
      await env.save({ set: new Map([['B', '2']]) });
      assert.deepEqual(leftovers(root).sort(), [liveTemp, 'unrelated.tmp'].sort());
      assert.equal(read(dotenvPath(root)), 'A=1\nB=2\n');
    } finally {
      sleeper.kill();
    }
  });

  it("an .env.lock left with a dead pid in it is azd's lock file, not a lock: the save goes on and keeps the file", async () => {
    const root = projectWithEnv('A="1"\n');
    const lock = path.join(root, '.azure', 'dev', '.env.lock');
    writeFileSync(lock, `${deadPid()}\n`);
    const before = statSync(lock);
    const content = read(lock);
    const env = await openDev(root);
    await env.save({ set: new Map([['B', '2']]) });
    assert.equal(read(dotenvPath(root)), 'A=1\nB=2\n');
    assert.deepEqual(leftovers(root), []);
    const after = statSync(lock);
    assert.equal(after.ino, before.ino, '.env.lock was replaced');
    assert.equal(read(lock), content, '.env.lock was rewritten');
  });

  it('our own lock file (Windows, no perl) left by a dead process is taken over', async () => {
    const root = projectWithEnv('A="1"\n');
    const own = path.join(root, '.azure', 'dev', '.azd-scripts.lock');
    writeFileSync(own, `${deadPid()}\n`);
    let ran = false;
    await withFileLock(own, async () => void (ran = true), { timeoutMs: 5000, staleMs: 60_000, what: 'dev' });
    assert.equal(ran, true);
    assert.equal(existsSync(own), false, 'our own lock is removed when released');
  });

  it('never loses a key when several processes save to the same environment at once', async () => {
    const root = projectWithEnv('AZURE_ENV_NAME="dev"\n');
    const moduleUrl = pathToFileURL(path.join(ROOT, 'src', 'core', 'environment.ts')).href;
    const child = [
      `const { AzdEnvironment } = await import(${JSON.stringify(moduleUrl)});`,
      `const env = await AzdEnvironment.open(process.env.ENV_ROOT, 'dev', { create: false, persist: true, osEnv: {} });`,
      `for (let i = 0; i < Number(process.env.COUNT); i++) {`,
      `  await env.save({ set: new Map([[process.env.PREFIX + '_' + i, String(i)]]) });`,
      `}`,
    ].join('\n');
    const COUNT = 20;
    const runChild = (prefix: string) =>
      runProcess(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', child], {
        cwd: ROOT,
        env: baseEnv({ ENV_ROOT: root, PREFIX: prefix, COUNT: String(COUNT) }),
        timeoutMs: 30_000,
      });
    const inProcess = async (prefix: string) => {
      const env = await openDev(root);
      for (let i = 0; i < COUNT; i++) await env.save({ set: new Map([[`${prefix}_${i}`, String(i)]]) });
    };
    const [c1, c2] = await Promise.all([runChild('P1'), runChild('P2'), inProcess('M1'), inProcess('M2')]);
    assert.equal(c1!.code, 0, c1!.stderr);
    assert.equal(c2!.code, 0, c2!.stderr);
    const values = parseDotenv(read(dotenvPath(root)));
    const expected = new Map([['AZURE_ENV_NAME', 'dev']]);
    for (const prefix of ['P1', 'P2', 'M1', 'M2']) {
      for (let i = 0; i < COUNT; i++) expected.set(`${prefix}_${i}`, String(i));
    }
    assert.deepEqual(entries(values), entries(expected));
    assert.deepEqual(leftovers(root), []);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('DESIGN 5: recorded outputs in .azure/<env>/config.json (Go MarshalIndent)', () => {
  it('keeps unknown keys and writes sorted, 2-space indented JSON with <>& escaped and no trailing newline', async () => {
    const root = projectWithEnv(
      'A=1\n',
      '{"zeta":true,"infra":{"parameters":{"x":1}},"note":"<a>&b\\u2028","scripts":{"other":[1,2]}}',
    );
    const env = await openDev(root);
    await recordKeys(env, { add: ['Z_OUT', 'A_OUT', 'Z_OUT'] });
    const expected = [
      '{',
      '  "infra": {',
      '    "parameters": {',
      '      "x": 1',
      '    }',
      '  },',
      String.raw`  "note": "\u003ca\u003e\u0026b\u2028",`,
      '  "scripts": {',
      '    "other": [',
      '      1,',
      '      2',
      '    ],',
      '    "outputs": [',
      '      "A_OUT",',
      '      "Z_OUT"',
      '    ]',
      '  },',
      '  "zeta": true',
      '}',
    ].join('\n');
    assert.equal(read(configPath(root)), expected);
    assert.deepEqual(await recordedKeys(env), ['A_OUT', 'Z_OUT']);
    assert.equal(read(dotenvPath(root)), 'A=1\n');
  });

  it('writes the shape azd would for a new config.json and an empty list', async () => {
    const root = projectWithEnv('A=1\n', '{}');
    const env = await openDev(root);
    await recordKeys(env, { add: ['OUT'] });
    assert.equal(read(configPath(root)), '{\n  "scripts": {\n    "outputs": [\n      "OUT"\n    ]\n  }\n}');
    await recordKeys(env, { remove: ['OUT'] });
    assert.equal(read(configPath(root)), '{\n  "scripts": {\n    "outputs": []\n  }\n}');
    assert.deepEqual(await recordedKeys(env), []);
  });

  it('creates config.json when it is missing', async () => {
    const root = makeProject({ '.azure/dev/.env': 'A=1\n' });
    const env = await openDev(root);
    assert.deepEqual(await recordedKeys(env), []);
    await recordKeys(env, { add: ['B', 'A'] });
    assert.equal(read(configPath(root)), '{\n  "scripts": {\n    "outputs": [\n      "A",\n      "B"\n    ]\n  }\n}');
  });

  it('replaces a scripts value that is not an object, and reads only string outputs', async () => {
    const root = projectWithEnv('A=1\n', '{"scripts":["x"]}');
    const env = await openDev(root);
    await recordKeys(env, { add: ['K'] });
    assert.equal(read(configPath(root)), '{\n  "scripts": {\n    "outputs": [\n      "K"\n    ]\n  }\n}');
    writeFileSync(configPath(root), '{"scripts":{"outputs":["A",1,null,"B",{"c":1}]}}');
    assert.deepEqual(await recordedKeys(env), ['A', 'B']);
    writeFileSync(configPath(root), '{"scripts":{"outputs":"A"}}');
    assert.deepEqual(await recordedKeys(env), []);
  });

  it('removes temp files of a dead process next to config.json', async () => {
    const root = projectWithEnv('A=1\n');
    const temp = `.config.json.${deadPid()}.abcdef.tmp`;
    writeFileSync(path.join(root, '.azure', 'dev', temp), '{');
    const env = await openDev(root);
    await recordKeys(env, { add: ['A'] });
    assert.deepEqual(leftovers(root), []);
  });

  it('throws CONFIG_INVALID naming file, line and column for a config.json that is not JSON', async () => {
    const root = projectWithEnv('A=1\n', '{\n  "a": 1,\n  oops\n}');
    const file = configPath(root);
    const env = await openDev(root);
    for (const call of [() => recordedKeys(env), () => recordKeys(env, { add: ['A'] })]) {
      const err = await rejected(call());
      assert.equal(err.code, 'CONFIG_INVALID');
      assert.equal(err.file, file);
      assert.equal(err.line, 3);
      assert.ok(err.message.includes(`${file}:3:`), err.message);
    }
    assert.equal(read(file), '{\n  "a": 1,\n  oops\n}');
  });

  it('throws CONFIG_INVALID naming the file for a config.json that is not an object', async () => {
    for (const config of ['[]', '1', 'null', '"x"']) {
      const root = projectWithEnv('A=1\n', config);
      const file = configPath(root);
      const env = await openDev(root);
      const err = await rejected(recordKeys(env, { add: ['A'] }));
      assert.equal(err.code, 'CONFIG_INVALID', config);
      assert.equal(err.file, file);
      assert.ok(err.message.includes(file), err.message);
      assert.equal(read(file), config);
    }
  });
});

describe('DESIGN 5: marshalIndentGo (Go json.MarshalIndent with "" and two spaces)', () => {
  it('indents nested objects and arrays, and writes empty ones as {} and []', () => {
    const value = { b: [1, [2, {}], [], { c: null }], a: {}, e: 'x', d: [{}], f: [[]], g: 1.5, h: false };
    const expected = [
      '{',
      '  "a": {},',
      '  "b": [',
      '    1,',
      '    [',
      '      2,',
      '      {}',
      '    ],',
      '    [],',
      '    {',
      '      "c": null',
      '    }',
      '  ],',
      '  "d": [',
      '    {}',
      '  ],',
      '  "e": "x",',
      '  "f": [',
      '    []',
      '  ],',
      '  "g": 1.5,',
      '  "h": false',
      '}',
    ].join('\n');
    assert.equal(marshalIndentGo(value), expected);
    assert.equal(marshalIndentGo({}), '{}');
    assert.equal(marshalIndentGo([]), '[]');
    assert.equal(marshalIndentGo([[], {}]), '[\n  [],\n  {}\n]');
  });

  it('sorts keys byte-wise (UTF-8), including number-like and non-ASCII keys', () => {
    const value = { '9': 1, '10': 2, '2': 3, b: 4, B: 5, _: 6, '\u{1F600}': 7, '\uff01': 8, A_: 9, AB: 10 };
    const expected = [
      '{',
      '  "10": 2,',
      '  "2": 3,',
      '  "9": 1,',
      '  "AB": 10,',
      '  "A_": 9,',
      '  "B": 5,',
      '  "_": 6,',
      '  "b": 4,',
      '  "\uff01": 8,',
      '  "\u{1F600}": 7',
      '}',
    ].join('\n');
    assert.equal(marshalIndentGo(value), expected);
  });

  it('escapes <, >, &, U+2028 and U+2029 in keys and strings as Go does', () => {
    assert.equal(marshalIndentGo('<a href="x">&</a>'), String.raw`"\u003ca href=\"x\"\u003e\u0026\u003c/a\u003e"`);
    assert.equal(marshalIndentGo({ 'a<b': '\u2028\u2029' }), '{\n  "a\\u003cb": "\\u2028\\u2029"\n}');
    assert.equal(marshalIndentGo('tab\tnl\n"q"\\'), String.raw`"tab\tnl\n\"q\"\\"`);
  });

  it('writes scalars as JSON, numbers as Go formats float64', () => {
    for (const [n, text] of [
      [1e21, '1e+21'],
      [1e-7, '1e-7'],
      [1.5e-7, '1.5e-7'],
      [0.000001, '0.000001'],
      [123456789, '123456789'],
      [0.1, '0.1'],
      [-2.5, '-2.5'],
    ] as const) {
      assert.equal(marshalIndentGo(n), text);
    }
    assert.equal(marshalIndentGo(true), 'true');
    assert.equal(marshalIndentGo(null), 'null');
    assert.equal(marshalIndentGo(42), '42');
    assert.equal(marshalIndentGo('s'), '"s"');
  });
});
