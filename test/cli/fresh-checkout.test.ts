/**
 * Issue 10.9: `state` and `down` on a fresh CI checkout (no `.azure/`, which is git-ignored) explain themselves;
 * `down` does not require parameters only provision's parameter files declare; `state` reports the type each
 * output had at provision time.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { azureYaml, baseEnv, makeProject, outputsScript, recordEnvScript, runCli, seen } from '../helpers.js';
import { describeRun as describeAction, runAction } from '../github/runner.js';

describe('issue 10.9: state and down on a fresh CI checkout', () => {
  const project = (destroyParameters: string) =>
    makeProject({
      'azure.yaml': azureYaml({
        provision: [{ shell: 'bash', run: 'scripts/up/run.sh', parameters: 'params.json' }],
        destroy: [{ shell: 'bash', run: 'scripts/down.sh', parameters: destroyParameters }],
      }),
      'params.json': JSON.stringify({
        parameters: {
          RESOURCE_GROUP: { type: 'string' },
          DB_PASSWORD: { type: 'string', secret: true },
        },
      }),
      'destroy-params.json': JSON.stringify({ parameters: { RESOURCE_GROUP: { type: 'string' } } }),
      'scripts/up/run.sh': outputsScript({
        NAME: { type: 'string', value: 'web' },
        PORT: { type: 'int', value: 8080 },
        RATIO: { type: 'number', value: 0.5 },
        ENABLED: { type: 'bool', value: true },
        TAGS: { type: 'object', value: { team: 'a' } },
        ZONES: { type: 'array', value: [1, 2] },
      }),
      'scripts/down.sh': recordEnvScript(['RESOURCE_GROUP', 'DB_PASSWORD']),
    });

  it('state with no .azure/ says nothing was recorded here and how to share state between runs', async () => {
    const root = project('params.json');
    const r = await runCli(['state', '-e', 'dev'], { cwd: root, env: baseEnv({ CI: 'true' }) });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /Nothing was recorded for environment "dev" on this machine/);
    assert.match(r.stderr, /\.azure\/ is git-ignored, so a fresh checkout/);
    assert.match(r.stderr, /same job or workspace/);
    assert.match(r.stderr, /actions\/cache or actions\/upload-artifact/);
  });

  it('down on a fresh checkout runs without provision-only parameters, says so, and explains the missing state', async () => {
    const root = project('params.json');
    const r = await runCli(['down', '-e', 'dev', '--force'], {
      cwd: root,
      env: baseEnv({ CI: 'true', RESOURCE_GROUP: 'rg-dev' }),
    });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(seen(root, 'RESOURCE_GROUP'), 'rg-dev');
    assert.equal(seen(root, 'DB_PASSWORD'), undefined);
    assert.match(r.stderr, /down runs without parameter DB_PASSWORD \(params\.json\)/);
    assert.match(
      r.stderr,
      /Nothing was recorded for environment "dev" on this machine[^]*no outputs of that provision/,
    );
  });

  it('down still requires a parameter that a destroy-only parameter file declares', async () => {
    const root = project('destroy-params.json');
    const r = await runCli(['down', '-e', 'dev', '--force'], { cwd: root, env: baseEnv({ CI: 'true' }) });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /RESOURCE_GROUP/);
    assert.equal(seen(root, 'RESOURCE_GROUP'), undefined, 'nothing ran');
  });

  it('GitHub Action: down on a fresh checkout warns once with the ways to share state', async () => {
    const root = project('params.json');
    const run = await runAction({
      workspace: root,
      inputs: { environment: 'dev', command: 'down', force: 'true' },
      env: { RESOURCE_GROUP: 'rg-dev' },
    });
    assert.equal(run.code, 0, describeAction(run));
    assert.equal(run.warnings.filter((w) => /Nothing was recorded/.test(w.message)).length, 1, describeAction(run));
  });

  it('state reports the type each output had at provision time, recorded in config.json beside the keys', async () => {
    const root = project('params.json');
    const env = baseEnv({ RESOURCE_GROUP: 'rg', DB_PASSWORD: 'pw-123456789' });
    const up = await runCli(['provision', '-e', 'dev'], { cwd: root, env });
    assert.equal(up.code, 0, up.stderr);
    const state = await runCli(['state', '-e', 'dev', '-o', 'json'], { cwd: root, env: baseEnv() });
    assert.equal(state.code, 0, state.stderr);
    const outputs = (JSON.parse(state.stdout) as { outputs: Record<string, { type: string; value: string }> }).outputs;
    const types = Object.fromEntries(Object.entries(outputs).map(([k, o]) => [k, o.type]));
    assert.deepEqual(types, {
      ENABLED: 'bool',
      NAME: 'string',
      PORT: 'int',
      RATIO: 'number',
      TAGS: 'object',
      ZONES: 'array',
    });
    const config = JSON.parse(readFileSync(path.join(root, '.azure', 'dev', 'config.json'), 'utf8')) as {
      scripts: { outputs: string[]; outputTypes: Record<string, string> };
    };
    assert.deepEqual(config.scripts.outputs, ['ENABLED', 'NAME', 'PORT', 'RATIO', 'TAGS', 'ZONES']);
    assert.equal(config.scripts.outputTypes.PORT, 'int');
  });
});
