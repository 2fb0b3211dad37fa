/**
 * What `down` leaves behind and what its scripts see (issue 11): AZD_PURGE exactly as azd sets it (11.14), and only
 * the keys provision introduced removed from `.env` (11.6), including keys an older version recorded.
 */
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { azureYaml, baseEnv, dotenvOf, makeProject, outputsScript, runCli } from '../helpers.js';
import { describeRun as describeAction, runAction } from '../github/runner.js';
import { badInput, rit } from './support.js';

const purgeScript = (marker: string) =>
  `#!/usr/bin/env bash\nmkdir -p .state\nprintf '%s' "\${AZD_PURGE-unset}" > .state/${marker}\n`;

/** Writes `.azure/dev` as azd would have left it, with `.env` lines and config.json. */
function seedEnvironment(root: string, dotenv: string, config: unknown = {}): void {
  const dir = path.join(root, '.azure', 'dev');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(root, '.azure', 'config.json'), '{"version":1,"defaultEnvironment":"dev"}');
  writeFileSync(path.join(dir, '.env'), dotenv);
  writeFileSync(path.join(dir, 'config.json'), JSON.stringify(config, null, 2));
}

describe('issue 11.14: AZD_PURGE is set exactly (true with purge, unset otherwise)', () => {
  const project = () =>
    makeProject({
      'azure.yaml': azureYaml({
        provision: [{ shell: 'bash', run: 'scripts/up.sh' }],
        destroy: [{ shell: 'bash', run: 'scripts/down.sh' }],
      }),
      'scripts/up.sh': purgeScript('provision'),
      'scripts/down.sh': purgeScript('down'),
    });
  const seen = (root: string, marker: string) => readFileSync(path.join(root, '.state', marker), 'utf8');

  rit('AZD_PURGE from .env and from the job environment does not reach down without --purge', async () => {
    const root = project();
    seedEnvironment(root, 'AZD_PURGE="true"\nAZURE_ENV_NAME="dev"\n');
    const env = baseEnv({ AZD_PURGE: 'true' });
    badInput(2);
    const down = await runCli(['down', '-e', 'dev', '--force'], { cwd: root, env });
    assert.equal(down.code, 0, down.stderr);
    assert.equal(seen(root, 'down'), 'unset');
    const up = await runCli(['provision', '-e', 'dev'], { cwd: root, env });
    assert.equal(up.code, 0, up.stderr);
    assert.equal(seen(root, 'provision'), 'unset');
    const purge = await runCli(['down', '-e', 'dev', '--force', '--purge'], { cwd: root, env: baseEnv() });
    assert.equal(purge.code, 0, purge.stderr);
    assert.equal(seen(root, 'down'), 'true');
  });

  rit('GitHub Action: AZD_PURGE=false in the job env and purge: true gives true; no purge gives unset', async () => {
    const root = project();
    const env = { AZD_PURGE: 'false' };
    const purge = await runAction({
      workspace: root,
      inputs: { environment: 'dev', command: 'down', force: 'true', purge: 'true' },
      env,
    });
    assert.equal(purge.code, 0, describeAction(purge));
    assert.equal(seen(root, 'down'), 'true');
    const plain = await runAction({
      workspace: root,
      inputs: { environment: 'dev', command: 'down', force: 'true' },
      env: { AZD_PURGE: 'true' },
    });
    badInput(2);
    assert.equal(plain.code, 0, describeAction(plain));
    assert.equal(seen(root, 'down'), 'unset');
  });
});

describe('issue 11.6: down removes only the keys provision introduced', () => {
  const project = (outputs: Record<string, { type: string; value: unknown }>) =>
    makeProject({
      'azure.yaml': azureYaml({
        provision: [{ shell: 'bash', run: 'scripts/up/run.sh', parameters: 'params.json' }],
        destroy: [{ shell: 'bash', run: 'scripts/down.sh' }],
      }),
      'params.json': JSON.stringify({ parameters: { AZURE_LOCATION: { type: 'string', value: '${AZURE_LOCATION}' } } }),
      'scripts/up/run.sh': outputsScript(outputs),
      'scripts/down.sh': '#!/usr/bin/env bash\necho tearing down\n',
    });
  const config = (root: string) =>
    JSON.parse(readFileSync(path.join(root, '.azure', 'dev', 'config.json'), 'utf8')) as Record<string, unknown>;

  rit(
    'AZURE_LOCATION set before provision and returned as an output survives down; the next CI provision works',
    async () => {
      const root = project({
        AZURE_LOCATION: { type: 'string', value: 'westeurope' },
        AZURE_ENV_NAME: { type: 'string', value: 'dev' },
        WEB_URL: { type: 'string', value: 'https://web.example' },
      });
      seedEnvironment(root, 'AZURE_ENV_NAME="dev"\nAZURE_LOCATION="westeurope"\n', { infra: { kept: true } });
      const up = await runCli(['provision', '-e', 'dev'], { cwd: root, env: baseEnv() });
      assert.equal(up.code, 0, up.stderr);
      assert.match(dotenvOf(root, 'dev')!, /^WEB_URL=/m);
      const recorded = config(root);
      assert.deepEqual(recorded.infra, { kept: true }, 'keys of config.json we do not own are kept');
      assert.deepEqual((recorded.scripts as { outputs: string[] }).outputs, ['WEB_URL']);

      const down = await runCli(['down', '-e', 'dev', '--force'], { cwd: root, env: baseEnv() });
      badInput();
      assert.equal(down.code, 0, down.stderr);
      assert.equal(dotenvOf(root, 'dev'), 'AZURE_ENV_NAME="dev"\nAZURE_LOCATION="westeurope"\n');
      const again = await runCli(['provision', '-e', 'dev'], { cwd: root, env: baseEnv({ CI: 'true' }) });
      assert.equal(again.code, 0, again.stderr);
    },
  );

  rit(
    'a value changed by provision is not ours either; a key a first provision introduced is removed after a re-run',
    async () => {
      const root = project({
        AZURE_LOCATION: { type: 'string', value: 'eastus' },
        WEB_URL: { type: 'string', value: 'https://web.example' },
      });
      seedEnvironment(root, 'AZURE_ENV_NAME="dev"\nAZURE_LOCATION="westeurope"\n');
      for (let i = 0; i < 2; i++) {
        const up = await runCli(['provision', '-e', 'dev'], { cwd: root, env: baseEnv() });
        assert.equal(up.code, 0, up.stderr);
      }
      const down = await runCli(['down', '-e', 'dev', '--force'], { cwd: root, env: baseEnv() });
      badInput();
      assert.equal(down.code, 0, down.stderr);
      assert.equal(dotenvOf(root, 'dev'), 'AZURE_ENV_NAME="dev"\nAZURE_LOCATION="eastus"\n');
    },
  );

  rit('keys an older version recorded (no types): outputs removed, AZURE_ENV_NAME and azd settings kept', async () => {
    const root = project({
      WEB_URL: { type: 'string', value: 'x' },
      AZURE_LOCATION: { type: 'string', value: 'westeurope' },
    });
    seedEnvironment(
      root,
      'AZURE_ENV_NAME="dev"\nAZURE_LOCATION="westeurope"\nAZURE_SUBSCRIPTION_ID="sub"\nOLD_OUTPUT="old"\n',
      { scripts: { outputs: ['AZURE_ENV_NAME', 'AZURE_LOCATION', 'AZURE_SUBSCRIPTION_ID', 'OLD_OUTPUT'] } },
    );
    // A provision by this version returns AZURE_LOCATION again: the old record does not become ours.
    const up = await runCli(['provision', '-e', 'dev'], { cwd: root, env: baseEnv() });
    assert.equal(up.code, 0, up.stderr);
    const down = await runCli(['down', '-e', 'dev', '--force'], { cwd: root, env: baseEnv() });
    badInput();
    assert.equal(down.code, 0, down.stderr);
    assert.equal(
      dotenvOf(root, 'dev'),
      'AZURE_ENV_NAME="dev"\nAZURE_LOCATION="westeurope"\nAZURE_SUBSCRIPTION_ID="sub"\n',
    );
    assert.deepEqual((config(root).scripts as { outputs: string[] }).outputs, []);
  });
});
