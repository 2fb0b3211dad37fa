/**
 * Issue 12.1 through the built CLI: azure.yaml's `state` section is read now (it used to be ignored), so a
 * misspelt key stops the run before any script, naming azure.yaml's line and the key it probably is.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { baseEnv, makeProject, runCli } from '../helpers.js';

const INFRA = [
  'infra:',
  '  provider: scripts',
  '  config:',
  '    provision:',
  '      - shell: sh',
  '        run: up.sh',
];

describe('issue 12.1: azure.yaml state.remote is validated by the CLI', () => {
  it('a misspelt key under state.remote fails before any script runs, with file:line and a did-you-mean', async () => {
    const project = makeProject({
      'azure.yaml': [
        'name: demo',
        'state:',
        '  remote:',
        '    backend: AzureBlobStorage',
        '    confg: {}',
        ...INFRA,
        '',
      ].join('\n'),
      'up.sh': 'touch ran\n',
    });
    const run = await runCli(['provision', '-e', 'dev', '--no-prompt', '--cwd', project], {
      cwd: project,
      env: baseEnv(),
    });
    assert.notEqual(run.code, 0, run.stdout + run.stderr);
    const output = run.stdout + run.stderr;
    assert.match(output, /azure\.yaml:5:\d+: unknown key "confg" in state\.remote; did you mean "config"\?/);
    assert.ok(!/\n\s+at /.test(output), 'no stack trace');
    assert.equal(existsSync(path.join(project, 'ran')), false, 'no script ran');
  });
});
