/**
 * Where azd's AzureBlobStorage backend keeps an environment (DESIGN section 8): azure.yaml `state.remote`, else
 * `state.remote` in azd's user config file, validated with file:line and did-you-mean, with azd's defaults.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ScriptsError } from '../../../src/core/errors.js';
import { parseProject } from '../../../src/core/project.js';
import {
  parseUserConfig,
  resolveRemoteState,
  userConfigFile,
  type ResolveOptions,
} from '../../../src/stores/azure-blob/config.js';
import { tempDir } from '../../helpers.js';

const FILE = '/project/azure.yaml';
const INFRA = [
  'infra:',
  '  provider: scripts',
  '  config:',
  '    provision:',
  '      - shell: sh',
  '        run: a.sh',
];

function project(lines: string[]) {
  return parseProject([...lines, ...INFRA, ''].join('\n'), FILE);
}

/** Options pointing AZD_CONFIG_DIR at a fresh folder holding `config` (no file when undefined). */
function userConfig(config?: unknown): ResolveOptions & { file: string } {
  const dir = tempDir();
  const file = path.join(dir, 'config.json');
  if (config !== undefined) writeFileSync(file, typeof config === 'string' ? config : JSON.stringify(config, null, 2));
  return { env: { AZD_CONFIG_DIR: dir }, homedir: path.join(dir, 'no-home'), file };
}

async function rejection(promise: Promise<unknown>): Promise<ScriptsError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof ScriptsError, `expected a ScriptsError, got ${String(err)}`);
    assert.ok(!/\n\s+at /.test(err.message), 'no stack trace in the message');
    return err;
  }
  assert.fail('expected a ScriptsError');
}

function thrown(fn: () => unknown): ScriptsError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof ScriptsError, `expected a ScriptsError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected a ScriptsError');
}

const REMOTE_USER = {
  state: { remote: { backend: 'AzureBlobStorage', config: { accountName: 'useracct', containerName: 'shared' } } },
};

describe('issue 12.1: state.remote in azure.yaml (azd schema, azd defaults)', () => {
  it('reads every key and builds the account URL as azd does', async () => {
    const p = project([
      'name: demo',
      'state:',
      '  remote:',
      '    backend: AzureBlobStorage',
      '    config:',
      '      accountName: mystate01',
      '      containerName: envs',
      '      endpoint: core.usgovcloudapi.net',
      '      subscriptionId: 0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0',
    ]);
    const state = await resolveRemoteState(p, userConfig(REMOTE_USER));
    assert.deepEqual(state, {
      backend: 'AzureBlobStorage',
      accountName: 'mystate01',
      containerName: 'envs',
      endpoint: 'core.usgovcloudapi.net',
      subscriptionId: '0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0',
      serviceUrl: 'https://mystate01.blob.core.usgovcloudapi.net',
      source: { file: FILE, line: 3 },
    });
  });

  it('containerName defaults to the project name lower-cased, endpoint to core.windows.net', async () => {
    const p = project([
      'name: My-Demo',
      'state:',
      '  remote:',
      '    backend: AzureBlobStorage',
      '    config:',
      '      accountName: acct',
    ]);
    const state = await resolveRemoteState(p, userConfig());
    assert.equal(state?.containerName, 'my-demo');
    assert.equal(state?.endpoint, 'core.windows.net');
    assert.equal(state?.serviceUrl, 'https://acct.blob.core.windows.net');
    assert.equal(state?.subscriptionId, undefined);
    assert.ok(!('subscriptionId' in state!));
  });

  it('empty strings take the defaults too, as in azd', async () => {
    const p = project([
      'name: demo',
      'state: {remote: {backend: AzureBlobStorage, config: {accountName: acct, containerName: "", endpoint: ""}}}',
    ]);
    const state = await resolveRemoteState(p, userConfig());
    assert.equal(state?.containerName, 'demo');
    assert.equal(state?.endpoint, 'core.windows.net');
  });

  it('config keys match case-insensitively, as Go encoding/json reads them in azd', async () => {
    const p = project([
      'name: demo',
      'state: {remote: {backend: AzureBlobStorage, config: {AccountName: acct, CONTAINERNAME: box}}}',
    ]);
    const state = await resolveRemoteState(p, userConfig());
    assert.equal(state?.accountName, 'acct');
    assert.equal(state?.containerName, 'box');
  });

  it('azure.yaml wins as a whole: the user config is not read or merged', async () => {
    const p = project(['name: demo', 'state: {remote: {backend: AzureBlobStorage, config: {accountName: projacct}}}']);
    assert.equal((await resolveRemoteState(p, userConfig(REMOTE_USER)))?.containerName, 'demo');
    // A broken user config does not matter when azure.yaml says where the state is.
    assert.equal((await resolveRemoteState(p, userConfig('{ not json')))?.accountName, 'projacct');
  });

  it("a project without state keeps today's behaviour and has no remote state", async () => {
    const p = project(['name: demo', 'services:', '  web: {project: ./src, host: appservice}', 'hooks: {}']);
    assert.equal(p.remoteState, undefined);
    assert.equal(p.name, 'demo');
    assert.equal(await resolveRemoteState(p, userConfig()), undefined);
  });
});

describe('issue 12.1: falling back to state.remote in the user azd config', () => {
  it('reads $AZD_CONFIG_DIR/config.json when azure.yaml has no state.remote', async () => {
    for (const head of [
      ['name: Demo'],
      ['name: Demo', 'state:'],
      ['name: Demo', 'state: {}'],
      ['name: Demo', 'state: {remote: null}'],
    ]) {
      const options = userConfig({ ...REMOTE_USER, defaults: { subscription: 'x' } });
      const state = await resolveRemoteState(project(head), options);
      assert.equal(state?.accountName, 'useracct', head.join(' / '));
      assert.equal(state?.containerName, 'shared');
      assert.equal(state?.source.file, options.file);
      assert.equal(state?.source.line, 3);
    }
  });

  it('without AZD_CONFIG_DIR the file is ~/.azd/config.json', async () => {
    const home = tempDir();
    mkdirSync(path.join(home, '.azd'));
    writeFileSync(
      path.join(home, '.azd', 'config.json'),
      JSON.stringify({ state: { remote: { backend: 'AzureBlobStorage', config: { accountName: 'homeacct' } } } }),
    );
    assert.equal(userConfigFile({ env: {}, homedir: home }), path.join(home, '.azd', 'config.json'));
    assert.equal(
      userConfigFile({ env: { AZD_CONFIG_DIR: '' }, homedir: home }),
      path.join(home, '.azd', 'config.json'),
    );
    const state = await resolveRemoteState(project(['name: Demo']), { env: {}, homedir: home });
    assert.equal(state?.accountName, 'homeacct');
    assert.equal(state?.containerName, 'demo');
  });

  it('no file, no state, no remote or remote: null means no remote state (as azd)', async () => {
    const p = project(['name: demo']);
    for (const config of [undefined, {}, { state: 'x' }, { state: {} }, { state: { remote: null } }]) {
      assert.equal(await resolveRemoteState(p, userConfig(config)), undefined, JSON.stringify(config));
    }
  });

  it('a user config that is not JSON is an error naming the file and line', async () => {
    const options = userConfig('{\n  "state": {\n    "remote": ,\n  }\n}');
    const err = await rejection(resolveRemoteState(project(['name: demo']), options));
    assert.equal(err.code, 'CONFIG_INVALID');
    assert.equal(err.file, options.file);
    assert.equal(err.line, 3);
  });

  it('state.remote that is not an object is an error (azd: "unmarshalling section config")', async () => {
    const options = userConfig({ state: { remote: 'AzureBlobStorage' } });
    const err = await rejection(resolveRemoteState(project(['name: demo']), options));
    assert.equal(err.code, 'REMOTE_STATE_INVALID');
    assert.match(err.message, /state\.remote .* must be an object/);
    assert.equal(err.line, 3);
    assert.match(err.hint ?? '', /azd config set state\.remote\.backend AzureBlobStorage/);
  });

  it('a misspelt key in the user config is reported with its line and a did-you-mean', async () => {
    const options = userConfig({ state: { remote: { backend: 'AzureBlobStorage', config: { acountName: 'a1b' } } } });
    const err = await rejection(resolveRemoteState(project(['name: demo']), options));
    assert.equal(err.code, 'REMOTE_STATE_INVALID');
    assert.match(err.message, /unknown key "acountName" in state\.remote\.config; did you mean "accountName"\?/);
    assert.equal(err.file, options.file);
    assert.equal(err.line, 6);
    assert.ok(err.message.startsWith(`${options.file}:6: `), err.message);
  });

  it('problems in the user config name that file by its full path, and a non-text backend is shown', async () => {
    const options = userConfig({ state: { remote: { backend: 7, config: { containerName: 'box' } } } });
    const err = await rejection(resolveRemoteState(project(['name: demo']), options));
    assert.equal(err.code, 'VALIDATION_FAILED');
    const [backend, account] = err.problems ?? [];
    assert.match(backend?.message ?? '', /The specified backend '7' is not valid/);
    assert.equal(backend?.line, 4);
    assert.match(account?.message ?? '', /has no accountName/);
    assert.ok(account?.hint?.includes(options.file), account?.hint);
  });

  it('parseUserConfig rejects unknown keys beside backend and config', () => {
    const err = thrown(() =>
      parseUserConfig('{"state": {"remote": {"backend": "AzureBlobStorage", "confg": {}}}}', '/h/.azd/config.json'),
    );
    assert.match(err.message, /unknown key "confg" in state\.remote; did you mean "config"\?/);
  });
});

describe('issue 12.1: state.remote is validated with file, line, key and a hint', () => {
  async function problem(lines: string[]): Promise<ScriptsError> {
    return rejection(resolveRemoteState(project(lines), userConfig()));
  }

  it("a backend other than AzureBlobStorage: azd's error text, the line, and a did-you-mean", async () => {
    const err = await problem([
      'name: demo',
      'state:',
      '  remote:',
      '    backend: azureblobstorage',
      '    config: {accountName: acct}',
    ]);
    assert.equal(err.code, 'REMOTE_STATE_INVALID');
    assert.equal(err.line, 4);
    assert.match(
      err.message,
      /^\/project\/azure\.yaml:4:\d+: remote state configuration is invalid\. The specified backend 'azureblobstorage' is not valid\. Valid values are 'AzureBlobStorage'\. Did you mean "AzureBlobStorage"\?$/,
    );
    assert.match(err.hint ?? '', /state\.remote\.backend to AzureBlobStorage/);
  });

  it('a missing backend is the same error with an empty name (as azd reports it)', async () => {
    const err = await problem(['name: demo', 'state:', '  remote:', '    config: {accountName: acct}']);
    assert.match(err.message, /The specified backend '' is not valid/);
    assert.equal(err.line, 3);
  });

  it('a misspelt key in azure.yaml state or state.remote fails parsing with a did-you-mean', () => {
    let err = thrown(() => project(['name: demo', 'state:', '  remtoe: {}']));
    assert.equal(err.code, 'PROJECT_INVALID');
    assert.match(err.message, /^\/project\/azure\.yaml:3:\d+: unknown key "remtoe" in state; did you mean "remote"\?/);
    err = thrown(() =>
      project(['name: demo', 'state:', '  remote:', '    backend: AzureBlobStorage', '    confg: {}']),
    );
    assert.match(err.message, /:5:\d+: unknown key "confg" in state\.remote; did you mean "config"\?/);
    err = thrown(() => project(['name: demo', 'state: [remote]']));
    assert.match(err.message, /:2:\d+: state must be a mapping/);
  });

  it('a misspelt config key names its line and the key it probably is', async () => {
    const err = await problem([
      'name: demo',
      'state:',
      '  remote:',
      '    backend: AzureBlobStorage',
      '    config:',
      '      accountName: acct',
      '      containerNmae: box',
    ]);
    assert.equal(err.line, 7);
    assert.match(err.message, /unknown key "containerNmae" in state\.remote\.config; did you mean "containerName"\?/);
  });

  it('config and accountName are required', async () => {
    let err = await problem(['name: demo', 'state:', '  remote:', '    backend: AzureBlobStorage']);
    assert.match(err.message, /:3:\d+: state\.remote\.config is missing/);
    err = await problem([
      'name: demo',
      'state:',
      '  remote:',
      '    backend: AzureBlobStorage',
      '    config:',
      '      containerName: box',
    ]);
    assert.match(err.message, /state\.remote\.config has no accountName/);
    assert.match(err.hint ?? '', /accountName: <storage account name>/);
  });

  it('names Azure would refuse are caught before any request, each at its line', async () => {
    const cases: Array<[string, RegExp]> = [
      [
        'accountName: My_Account',
        /:6:\d+: state\.remote\.config\.accountName "My_Account" is not a storage account name/,
      ],
      [
        'containerName: Has_Upper',
        /:6:\d+: state\.remote\.config\.containerName "Has_Upper" is not a valid container name/,
      ],
      [
        'endpoint: blob.core.windows.net',
        /:6:\d+: state\.remote\.config\.endpoint "blob\.core\.windows\.net" starts with "blob\."/,
      ],
      [
        'endpoint: https://acct.blob.core.windows.net',
        /state\.remote\.config\.endpoint .* must be only the storage endpoint suffix/,
      ],
      ['endpoint: "127.0.0.1:10000"', /must be only the storage endpoint suffix/],
      ['subscriptionId: my-sub', /state\.remote\.config\.subscriptionId "my-sub" is not a subscription ID/],
      ['containerName: 123', /state\.remote\.config\.containerName must be text, not number 123/],
    ];
    for (const [line, expected] of cases) {
      const head = ['name: demo', 'state:', '  remote:', '    backend: AzureBlobStorage', '    config:'];
      const extra = line.startsWith('accountName') ? [] : ['      accountName: acct'];
      const err = await problem([...head, `      ${line}`, ...extra]);
      assert.equal(err.code, 'REMOTE_STATE_INVALID', line);
      assert.match(err.message, expected);
      assert.ok(err.hint, line);
    }
    const blob = await problem([
      'name: demo',
      'state: {remote: {backend: AzureBlobStorage, config: {accountName: a1b, endpoint: blob.core.windows.net}}}',
    ]);
    assert.match(blob.hint ?? '', /"core\.windows\.net"/);
  });

  it('without containerName the project name must exist and make a valid container name', async () => {
    let err = await problem(['state: {remote: {backend: AzureBlobStorage, config: {accountName: acct}}}']);
    assert.match(err.message, /no containerName and azure\.yaml has no name/);
    err = await problem(['name: my_app', 'state: {remote: {backend: AzureBlobStorage, config: {accountName: acct}}}']);
    assert.match(err.message, /the default container name "my_app" .* is not a valid container name/);
    assert.match(err.hint ?? '', /containerName/);
  });

  it('a key written twice in different case is refused', async () => {
    const err = await problem([
      'name: demo',
      'state: {remote: {backend: AzureBlobStorage, config: {accountName: a1b, AccountName: b2c}}}',
    ]);
    assert.match(err.message, /sets accountName twice/);
  });

  it('every problem is reported at once', async () => {
    const err = await problem([
      'name: demo',
      'state:',
      '  remote:',
      '    backend: Blob',
      '    config:',
      '      accountName: UPPER',
      '      endpoit: core.windows.net',
    ]);
    assert.equal(err.code, 'VALIDATION_FAILED');
    assert.deepEqual(
      err.problems?.map((p) => [p.code, p.line]),
      [
        ['REMOTE_STATE_INVALID', 4],
        ['REMOTE_STATE_INVALID', 6],
        ['REMOTE_STATE_INVALID', 7],
      ],
    );
  });
});
