/**
 * Issue 11.4: a large output must not brick the environment. On Linux one "KEY=value" a program gets may be at
 * most 128 KiB (MAX_ARG_STRLEN) and all of argv and env at most ARG_MAX; past that no script starts (E2BIG).
 * Through the built CLI: outputs too large are refused before saving, a `.env` already too large is reported
 * before anything runs by provision and left out (with a warning) by down, and E2BIG is reported as what it is.
 */
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { azureYaml, baseEnv, makeProject, runCli } from '../helpers.js';
import { formatDotenv } from '../../src/core/dotenv.js';
import { badInput, rit } from './support.js';

const BIG = 200 * 1024;

/** provision: `big` writes outputs.json from a node expression (no single quotes); `after` runs in a retry. */
function project(outputsJs: string): string {
  return makeProject({
    'azure.yaml': azureYaml({
      provision: [
        { shell: 'bash', name: 'small', run: 'scripts/small.sh' },
        { shell: 'bash', name: 'big', run: 'scripts/big/run.sh' },
        { shell: 'bash', name: 'after', run: 'scripts/after.sh' },
      ],
      destroy: [{ shell: 'bash', name: 'teardown', run: 'scripts/teardown.sh' }],
    }),
    'scripts/small.sh':
      '#!/usr/bin/env bash\necho \'{"outputs":{"SMALL":{"type":"string","value":"ok"}}}\' > scripts/outputs.json\n',
    'scripts/big/run.sh': `#!/usr/bin/env bash\n[ -e .no-big ] && exit 0\n"${process.execPath}" -e 'process.stdout.write(JSON.stringify({outputs: ${outputsJs}}))' > "$(dirname "$0")/outputs.json"\n`,
    'scripts/after.sh': '#!/usr/bin/env bash\ntouch after.ran\n',
    'scripts/teardown.sh':
      '#!/usr/bin/env bash\nprintf "%s" "${#HUGE}" > teardown.huge-length; printf "%s" "$SMALL" > teardown.small\n',
  });
}

const envFile = (dir: string) => path.join(dir, '.azure', 'dev', '.env');

describe('issue 11.4: a large output does not brick the environment', () => {
  rit(
    'a 200 KB output is refused before saving, naming the key and its size; the next provision and down run',
    async () => {
      const dir = project(`{HUGE: {type: "string", value: "x".repeat(${BIG})}}`);
      badInput();
      const r = await runCli(['provision', '-e', 'dev'], { cwd: dir, env: baseEnv() });
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.match(r.stderr, /Output HUGE of "big" is 200 KiB; one variable a script gets may be at most 128 KiB/);
      assert.doesNotMatch(r.stderr, /install bash/i);
      const dotenv = readFileSync(envFile(dir), 'utf8');
      assert.doesNotMatch(dotenv, /HUGE/);
      assert.match(dotenv, /^SMALL="ok"$/m, 'the outputs of the script before were kept');
      assert.equal(existsSync(path.join(dir, 'after.ran')), false);
      writeFileSync(path.join(dir, '.no-big'), '');
      const again = await runCli(['provision', '-e', 'dev'], { cwd: dir, env: baseEnv() });
      assert.equal(again.code, 0, again.stdout + again.stderr);
      assert.equal(existsSync(path.join(dir, 'after.ran')), true);
      const down = await runCli(['down', '-e', 'dev', '--force'], { cwd: dir, env: baseEnv() });
      assert.equal(down.code, 0, down.stdout + down.stderr);
    },
  );

  rit('100 000 small outputs together are refused before saving, naming the total and the limit', async () => {
    const dir = project(
      `Object.fromEntries(Array.from({length: 100000}, (_, i) => ["OUT_" + i, {type: "string", value: "value-" + i}]))`,
    );
    badInput();
    const r = await runCli(['provision', '-e', 'dev'], { cwd: dir, env: baseEnv(), timeoutMs: 60_000 });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /The 100000 output\(s\) of "big" would make the environment of later scripts [\d.]+ MiB/);
    assert.match(r.stderr, /ARG_MAX/);
    assert.doesNotMatch(readFileSync(envFile(dir), 'utf8'), /OUT_1=/);
  });

  function withDotenv(values: Map<string, string>): string {
    const dir = project(`{}`);
    mkdirSync(path.dirname(envFile(dir)), { recursive: true });
    writeFileSync(envFile(dir), formatDotenv(values));
    writeFileSync(path.join(dir, '.azure', 'dev', 'config.json'), '{}');
    return dir;
  }

  rit(
    'a .env already holding a 200 KB value: provision says so (file:line, key, size) before anything runs; down runs without it, with a warning',
    async () => {
      const values = new Map([
        ['AZURE_ENV_NAME', 'dev'],
        ['HUGE', 'y'.repeat(BIG)],
        ['SMALL', 'kept'],
      ]);
      const dir = withDotenv(values);
      const before = readFileSync(envFile(dir), 'utf8');
      badInput();
      const r = await runCli(['provision', '-e', 'dev'], { cwd: dir, env: baseEnv() });
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.ok(r.stderr.includes(`${envFile(dir)}:2: HUGE is 200 KiB`), r.stderr);
      assert.equal(existsSync(path.join(dir, 'after.ran')), false);
      assert.doesNotMatch(r.stdout, /Running script/);
      const down = await runCli(['down', '-e', 'dev', '--force'], { cwd: dir, env: baseEnv() });
      assert.equal(down.code, 0, down.stdout + down.stderr);
      assert.match(down.stdout + down.stderr, /Left out of the destroy scripts' environment.*HUGE \(200 KiB\)/);
      assert.equal(readFileSync(path.join(dir, 'teardown.huge-length'), 'utf8'), '0');
      assert.equal(readFileSync(path.join(dir, 'teardown.small'), 'utf8'), 'kept');
      assert.equal(readFileSync(envFile(dir), 'utf8'), before, 'down changed .env');
    },
  );

  rit(
    'a .env too large in total: provision reports it with the largest keys; down leaves the largest out',
    async () => {
      const values = new Map([['AZURE_ENV_NAME', 'dev']]);
      for (let i = 0; i < 40; i++) values.set(`PART_${i}`, 'z'.repeat(100 * 1024));
      const dir = withDotenv(values);
      badInput();
      const r = await runCli(['provision', '-e', 'dev'], { cwd: dir, env: baseEnv() });
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.match(r.stderr, /the azd environment with the OS environment is [\d.]+ MiB; this OS allows/);
      assert.match(r.stderr, /Largest: PART_/);
      const down = await runCli(['down', '-e', 'dev', '--force'], { cwd: dir, env: baseEnv() });
      assert.equal(down.code, 0, down.stdout + down.stderr);
      assert.match(down.stdout + down.stderr, /Left out of the destroy scripts' environment.*PART_/);
    },
  );

  rit(
    'a parameter too large for a script is reported before anything runs, by key and size (never its value)',
    async () => {
      const dir = makeProject({
        'azure.yaml': [
          'name: t',
          'infra:',
          '  provider: scripts',
          '  config:',
          '    provision:',
          '      - shell: bash',
          '        run: run.sh',
          '        parameters: params.json',
          '',
        ].join('\n'),
        'run.sh': '#!/usr/bin/env bash\ntouch ran\n',
        'params.json': JSON.stringify({ parameters: { LARGE_PARAM: { type: 'string', value: 'p'.repeat(BIG) } } }),
      });
      badInput();
      const r = await runCli(['provision', '-e', 'dev'], { cwd: dir, env: baseEnv() });
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.match(r.stderr, /Parameter LARGE_PARAM is 200 KiB; one variable a script gets may be at most 128 KiB/);
      assert.doesNotMatch(r.stdout + r.stderr, /pppppppp/);
      assert.doesNotMatch(r.stdout, /Running script/);
      assert.equal(existsSync(path.join(dir, 'ran')), false);
    },
  );

  rit('E2BIG is reported as what it is (an environment too large), not as a missing shell', async () => {
    // A script that writes a huge value into .env itself: the next script cannot start.
    const dir = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', name: 'writer', run: 'writer.sh' },
          { shell: 'bash', name: 'next', run: 'run.sh' },
        ],
      }),
      'writer.sh': `#!/usr/bin/env bash\nprintf 'HUGE_VALUE="%s"\\n' "$(head -c ${BIG} /dev/zero | tr '\\0' h)" >> .azure/dev/.env\n`,
      'run.sh': '#!/usr/bin/env bash\ntouch ran\n',
    });
    badInput();
    const r = await runCli(['provision', '-e', 'dev'], { cwd: dir, env: baseEnv() });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /could not be started: its environment is too large for the OS \(E2BIG/);
    assert.match(r.stderr, /Largest: HUGE_VALUE \(200 KiB\)/);
    assert.doesNotMatch(r.stderr, /install/i);
    assert.equal(existsSync(path.join(dir, 'ran')), false);
  });
});
