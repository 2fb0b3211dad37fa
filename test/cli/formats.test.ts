/**
 * Issue items 10.4-10.8 through the BUILT CLI (dist/cli/index.js), with real bash/sh scripts in temp projects:
 * shebang and CRLF warnings, run: mistakes, the upstream extension's azure.yaml (kind, env, secrets,
 * windows/posix, flat outputs.json), azd's ARM-style parameter files, and outputs.json consumed after reading.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, azureYaml, baseEnv, dotenvOf, makeProject, runCli, tempDir, type RunResult } from '../helpers.js';

function cli(project: string, args: string[], env: Record<string, string> = {}): Promise<RunResult> {
  return runCli(args, { cwd: project, env: baseEnv(env) });
}

const provision = (project: string, env: Record<string, string> = {}) => cli(project, ['provision', '-e', 'dev'], env);
const preview = (project: string, env: Record<string, string> = {}) => cli(project, ['preview', '-e', 'dev'], env);

/** The CLI's warning lines (stderr `warning: ...`). */
function warnings(r: RunResult): string[] {
  return r.stderr.split('\n').filter((l) => l.startsWith('warning: '));
}

function yaml(...lines: string[]): string {
  return ['name: demo', 'infra:', '  provider: scripts', '  config:', ...lines, ''].join('\n');
}

/** Everything under `dir` (files only), as one string, for "the secret is nowhere on disk". */
function allFileContents(dir: string): string {
  let out = '';
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, name);
    try {
      out += readFileSync(file, 'utf8');
    } catch {
      // a folder
    }
  }
  return out;
}

const MARK = (name: string) => `#!/usr/bin/env bash\ntouch "${name}.marker"\n`;

describe('issue 10.4: shell sh with a bash script', () => {
  const bashScript = '#!/bin/bash\nif [[ -n "${AZURE_ENV_NAME}" ]]; then touch ran.marker; fi\n';

  it('warns before anything runs, naming the script and the fix (shell: bash); the script still runs with sh', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'sh', run: 'scripts/setup.sh' }] }),
      'scripts/setup.sh': bashScript,
    });
    const r = await provision(project);
    const warning = warnings(r).find((w) => w.includes('#!/bin/bash'));
    assert.ok(warning, r.stderr);
    assert.match(warning, /scripts\/setup\.sh/);
    assert.match(warning, /shell: bash/);
    assert.ok(r.stdout.includes('Running script: setup.sh (sh)'), r.stdout);
  });

  it('preview warns too, and runs nothing', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'sh', run: 'setup.sh' }] }),
      'setup.sh': '#!/usr/bin/env bash\ntouch ran.marker\n',
    });
    const r = await preview(project);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(
      warnings(r).some((w) => w.includes('#!/usr/bin/env bash') && w.includes('shell: bash')),
      r.stderr,
    );
    assert.equal(existsSync(path.join(project, 'ran.marker')), false);
  });

  it('no warning for a POSIX shebang under sh, or a bash shebang under bash', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'sh', run: 'posix.sh' },
          { shell: 'bash', run: 'bash.sh' },
        ],
      }),
      'posix.sh': '#!/bin/sh\ntrue\n',
      'bash.sh': '#!/bin/bash\ntrue\n',
    });
    const r = await provision(project);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(warnings(r), []);
  });

  it('CRLF line endings: a warning naming the file and the .gitattributes fix, before the script fails', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/crlf.sh' }] }),
      'scripts/crlf.sh': '#!/usr/bin/env bash\r\necho hello\r\ntrue\r\n',
    });
    const r = await preview(project);
    assert.equal(r.code, 0, r.stderr);
    const warning = warnings(r).find((w) => w.includes('CRLF'));
    assert.ok(warning, r.stderr);
    assert.ok(warning.includes(path.join(project, 'scripts', 'crlf.sh')), warning);
    assert.match(warning, /\*\.sh text eol=lf/);
    assert.match(warning, /\.gitattributes/);
  });
});

describe('issue 10.5: run mistakes get the right hint', () => {
  it('arguments in run: "run takes a file; arguments are not supported: use parameters", nothing runs', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'first.sh' },
          { shell: 'bash', run: 'scripts/x.sh --flag value' },
        ],
      }),
      'first.sh': MARK('first'),
      'scripts/x.sh': MARK('x'),
    });
    const r = await provision(project);
    assert.equal(r.code, 1, r.stdout);
    assert.match(r.stderr, /run takes a file; arguments are not supported/);
    assert.match(r.stderr, /scripts\/x\.sh --flag value/);
    assert.match(r.stderr, /hint: .*parameters/);
    assert.match(r.stderr, new RegExp(`${path.join(project, 'azure.yaml')}:\\d+`));
    assert.equal(existsSync(path.join(project, 'first.marker')), false, 'nothing ran');
  });

  it('a missing file with a blank in its name stays "not found" when no prefix of it exists', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/nope.sh --flag' }] }),
    });
    const r = await provision(project);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /not found/);
    assert.doesNotMatch(r.stderr, /arguments are not supported/);
  });

  it('scripts\\x.sh on Linux: the path with / is used, with a note', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts\\x.sh' }] }),
      'scripts/x.sh': MARK('x'),
    });
    const r = await provision(project);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(existsSync(path.join(project, 'x.marker')));
    assert.ok(
      warnings(r).some((w) => w.includes('scripts\\x.sh') && w.includes('"scripts/x.sh"')),
      r.stderr,
    );
  });
});

describe("issue 10.6: the upstream extension's azure.yaml runs as is", () => {
  const SECRET = 's3cr3t-Pa55-w0rd';

  function example(): string {
    const dir = tempDir();
    cpSync(path.join(ROOT, 'examples', 'upstream-format'), dir, {
      recursive: true,
      filter: (src) => !/(^|\/)(\.azure|\.local-cloud|outputs\.json)$/.test(src),
    });
    return dir;
  }

  it('examples/upstream-format: preview, provision and down run green; the secret is never in logs or on disk', async () => {
    const project = example();
    const env = { AZURE_LOCATION: 'westeurope', DB_ADMIN_PASSWORD: SECRET };
    const p = await preview(project, env);
    assert.equal(p.code, 0, p.stderr);
    assert.match(p.stdout, /1\. Provision resource group \(bash\) infra\/provision\.sh/);
    assert.match(p.stdout, /env RESOURCE_GROUP = rg-\$\{AZURE_ENV_NAME\}/);
    assert.match(p.stdout, /secret ADMIN_PASSWORD = \*\*\*/);
    assert.match(p.stdout, /env PLATFORM = posix/, 'the posix override applies here');
    assert.doesNotMatch(p.stdout, /PLATFORM = windows/);
    assert.equal(existsSync(path.join(project, '.azure')), false, 'preview writes nothing');

    const r = await provision(project, env);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.deepEqual(warnings(r), []);
    const dotenv = dotenvOf(project, 'dev') ?? '';
    assert.match(dotenv, /^RESOURCE_GROUP_NAME="rg-dev"$/m, 'a flat outputs.json output is saved');
    assert.match(dotenv, /^APP_URL="https:\/\/app-dev\.local"$/m);
    assert.doesNotMatch(dotenv, /DATABASE_URL/, 'a securestring output is not saved');
    const cloud = path.join(project, '.local-cloud', 'dev', 'rg-dev');
    assert.equal(
      readFileSync(path.join(cloud, 'resource-group.txt'), 'utf8'),
      'location=westeurope\ncapacity=2\nlogs=true\ntags=env=dev;location=westeurope\n',
      'ARM parameters, env templates expanded against parameters',
    );
    assert.equal(readFileSync(path.join(cloud, 'app-dev', 'app.txt'), 'utf8'), 'platform=posix\n');
    assert.match(r.stdout, /database connection string received/, 'a secure output reaches the next script');
    assert.equal(existsSync(path.join(project, 'infra', 'outputs.json')), false, 'outputs.json consumed');

    const d = await cli(project, ['down', '-e', 'dev', '--force'], env);
    assert.equal(d.code, 0, d.stderr);
    assert.equal(existsSync(cloud), false);
    for (const run of [p, r, d]) assert.ok(!`${run.stdout}${run.stderr}`.includes(SECRET), 'secret in the output');
    assert.ok(!allFileContents(project).includes(SECRET), 'the secret is written nowhere in the project');
  });

  it('kind: sh and an inferred .sh run bash when bash is on PATH; shell: sh runs sh', async () => {
    const probe = '#!/bin/sh\nif [ -n "${BASH_VERSION:-}" ]; then echo "$1 under bash"; else echo "$1 under sh"; fi\n';
    const project = makeProject({
      'azure.yaml': yaml(
        '    provision:',
        '      - kind: sh',
        '        run: kind.sh',
        '      - run: inferred.sh',
        '      - shell: sh',
        '        run: exact.sh',
      ),
      'kind.sh': probe.replaceAll('$1', 'kind'),
      'inferred.sh': probe.replaceAll('$1', 'inferred'),
      'exact.sh': probe.replaceAll('$1', 'exact'),
    });
    const r = await provision(project);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /kind under bash/);
    assert.match(r.stdout, /inferred under bash/);
    assert.match(r.stdout, /exact under sh/);
    assert.match(r.stdout, /Running script: kind\.sh \(bash\)/);
    assert.match(r.stdout, /Running script: exact\.sh \(sh\)/);
  });

  it('kind: sh runs sh when bash is not on PATH', async () => {
    const sh = ['/bin/sh', '/usr/bin/sh'].find((f) => existsSync(f));
    assert.ok(sh, 'a POSIX sh');
    const bin = tempDir('azd-scripts-bin-');
    symlinkSync(sh, path.join(bin, 'sh'));
    const project = makeProject({
      'azure.yaml': yaml('    provision:', '      - kind: sh', '        run: k.sh'),
      'k.sh': '#!/bin/sh\nif [ -n "${BASH_VERSION:-}" ]; then echo "under bash"; else echo "under sh"; fi\n',
    });
    const r = await runCli(['provision', '-e', 'dev'], { cwd: project, env: { ...baseEnv(), PATH: bin } });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Running script: k\.sh \(sh\)/);
    assert.match(r.stdout, /under sh/);
  });

  it('env: sorted keys, each expanded against OS env < azd env < parameters < earlier outputs, above them all', async () => {
    const project = makeProject({
      'azure.yaml': yaml(
        '    provision:',
        '      - run: one.sh',
        '      - run: two.sh',
        '        parameters: p.json',
        '        env:',
        '          B_FULL: ${A_BASE}/${FROM_OUTPUT}',
        '          A_BASE: ${FROM_OS}-${FROM_PARAM}',
        '          FROM_PARAM: overridden',
        '          LITERAL: $HOME stays',
      ),
      'p.json': JSON.stringify({ parameters: { FROM_PARAM: { type: 'string', value: 'param' } } }),
      'one.sh': `#!/usr/bin/env bash\nprintf '%s' '{"FROM_OUTPUT": {"type": "string", "value": "out"}}' > outputs.json\n`,
      'two.sh':
        '#!/usr/bin/env bash\nprintf "%s|%s|%s|%s\\n" "$A_BASE" "$B_FULL" "$FROM_PARAM" "$LITERAL" > seen.txt\n',
    });
    const r = await provision(project, { FROM_OS: 'os' });
    assert.equal(r.code, 0, r.stderr);
    // B_FULL sorts after A_BASE, so it sees A_BASE's value; FROM_PARAM sorts after A_BASE, which saw the parameter.
    assert.equal(
      readFileSync(path.join(project, 'seen.txt'), 'utf8'),
      'os-param|os-param/out|overridden|$HOME stays\n',
    );
    assert.ok(
      warnings(r).some((w) => w.includes('${FROM_OUTPUT}') && w.includes('earlier script')),
      `a reference only an earlier script can provide is warned about before the run\n${r.stderr}`,
    );
  });

  it('an env reference nothing can provide in the first script is an error before anything runs, with a did-you-mean', async () => {
    const project = makeProject({
      'azure.yaml': yaml('    provision:', '      - run: one.sh', '        env:', '          REGION: ${AZURE_LOCATON}'),
      'one.sh': MARK('one'),
    });
    const r = await preview(project, { AZURE_LOCATION: 'westeurope' });
    assert.equal(r.code, 1, r.stdout);
    assert.match(r.stderr, /provision\[0\]\.env\.REGION refers to \$\{AZURE_LOCATON\}/);
    assert.match(r.stderr, /Did you mean \$\{AZURE_LOCATION\}/);
    assert.match(r.stderr, new RegExp(`${path.join(project, 'azure.yaml')}:8`));
    const p = await provision(project, { AZURE_LOCATION: 'westeurope' });
    assert.equal(p.code, 1);
    assert.equal(existsSync(path.join(project, 'one.marker')), false);
  });

  it('a malformed template (${VAR:-x}, an unclosed ${) is an error naming the key', async () => {
    const project = makeProject({
      'azure.yaml': yaml(
        '    provision:',
        '      - run: one.sh',
        '        env:',
        '          A: ${HOME:-x}',
        '        secrets:',
        '          B: ${HOME',
      ),
      'one.sh': MARK('one'),
    });
    const r = await preview(project);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /env\.A has "\$\{HOME:-x\}", but only \$\{NAME\} references are expanded/);
    assert.match(r.stderr, /secrets\.B has a "\$\{" that is never closed/);
  });

  it('secrets: masked (never printed by us), above env, never written to .env, redacted in a failure', async () => {
    const secret = 'literal-Secret-9876';
    const project = makeProject({
      'azure.yaml': yaml(
        '    provision:',
        '      - run: fail.sh',
        '        env:',
        '          TOKEN: plain',
        '        secrets:',
        `          TOKEN2: ${secret}`,
        `          FROM_OS: pre-\${OS_SECRET}`,
      ),
      'fail.sh': '#!/usr/bin/env bash\necho "token2=$TOKEN2 os=$FROM_OS" >&2\nexit 3\n',
    });
    const p = await preview(project, { OS_SECRET: 'os-value-1234' });
    assert.equal(p.code, 0, p.stderr);
    assert.match(p.stdout, /secret TOKEN2 = \*\*\*/);
    assert.ok(!p.stdout.includes(secret));
    const r = await provision(project, { OS_SECRET: 'os-value-1234' });
    assert.equal(r.code, 1);
    const error = r.stderr.slice(r.stderr.indexOf('error: '));
    assert.match(error, /token2=\*\*\* os=\*\*\*/, error);
    assert.ok(!error.includes(secret) && !error.includes('pre-os-value-1234'), error);
    assert.ok(!allFileContents(path.join(project, '.azure')).includes(secret));
  });

  it('windows/posix: the posix override replaces fields one by one here; windows is ignored', async () => {
    const project = makeProject({
      'azure.yaml': yaml(
        '    provision:',
        '      - run: win.ps1',
        '        name: base name',
        '        env:',
        '          A: base-a',
        '          B: base-b',
        '        windows:',
        '          env:',
        '            A: windows-a',
        '        posix:',
        '          run: posix.sh',
        '          env:',
        '            B: posix-b',
      ),
      'posix.sh': '#!/usr/bin/env bash\necho "$A $B" > seen.txt\n',
    });
    const r = await provision(project);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Running script: base name \(bash\)/, 'name kept, kind inferred from the posix run');
    assert.equal(readFileSync(path.join(project, 'seen.txt'), 'utf8'), 'base-a posix-b\n');
  });

  it('shell and kind together, and a misspelt key inside posix: errors naming each', async () => {
    const project = makeProject({
      'azure.yaml': yaml(
        '    provision:',
        '      - shell: bash',
        '        kind: sh',
        '        run: a.sh',
        '      - run: c.sh',
        '        posix:',
        '          evn: {}',
      ),
      'a.sh': MARK('a'),
      'c.sh': MARK('c'),
    });
    const r = await preview(project);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /provision\[0\] has both "shell" and "kind"/);
    assert.match(r.stderr, /unknown key "evn" in infra\.config\.provision\[1\]\.posix; did you mean "env"\?/);
  });

  it('an unknown kind lists sh and pwsh', async () => {
    const project = makeProject({
      'azure.yaml': yaml('    provision:', '      - kind: bash', '        run: b.sh'),
      'b.sh': MARK('b'),
    });
    const r = await preview(project);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /provision\[0\]\.kind: unknown kind "bash"; kind is one of sh, pwsh/);
    assert.match(r.stderr, /hint: .*shell: with one of bash, sh, pwsh, powershell/);
  });

  it('a .ps1 with no kind runs pwsh -NoProfile -NonInteractive -File <path>', async () => {
    const bin = tempDir('azd-scripts-bin-');
    const argvFile = path.join(bin, 'pwsh.argv');
    writeFileSync(path.join(bin, 'pwsh'), `#!/usr/bin/env bash\nprintf '%s\\n' "$@" > ${JSON.stringify(argvFile)}\n`, {
      mode: 0o755,
    });
    const project = makeProject({
      'azure.yaml': yaml('    provision:', '      - run: scripts/setup.ps1'),
      'scripts/setup.ps1': 'Write-Output hi\n',
    });
    const r = await runCli(['provision', '-e', 'dev'], {
      cwd: project,
      env: baseEnv({ PATH: `${bin}:${process.env.PATH}` }),
    });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(
      readFileSync(argvFile, 'utf8'),
      `-NoProfile\n-NonInteractive\n-File\n${path.join(project, 'scripts', 'setup.ps1')}\n`,
    );
  });
});

describe("issue 10.7: azd's ARM-style parameter files", () => {
  it('entries {"value": ...} without type: string, or the JSON type of a literal; $schema and contentVersion allowed', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [{ shell: 'bash', run: 'a.sh', parameters: 'infra/main.parameters.json' }],
      }),
      'infra/main.parameters.json': JSON.stringify(
        {
          $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#',
          contentVersion: '1.0.0.0',
          parameters: {
            environmentName: { value: '${AZURE_ENV_NAME}' },
            capacity: { value: 3 },
            ratio: { value: 0.5 },
            enabled: { value: false },
            tags: { value: { b: 2, a: 'x' } },
            plain: { value: 'text' },
          },
        },
        null,
        2,
      ),
      'a.sh':
        '#!/usr/bin/env bash\nprintf "%s|%s|%s|%s|%s|%s\\n" "$environmentName" "$capacity" "$ratio" "$enabled" "$tags" "$plain" > seen.txt\n',
    });
    const r = await provision(project);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(readFileSync(path.join(project, 'seen.txt'), 'utf8'), 'dev|3|0.5|false|{"a":"x","b":2}|text\n');
  });

  it('an untyped integer literal is an integer: a request value "abc" for it is refused', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'a.sh', parameters: 'p.json' }] }),
      'p.json': JSON.stringify({ parameters: { capacity: { value: 3 } } }),
      'a.sh': MARK('a'),
    });
    const r = await cli(project, ['provision', '-e', 'dev', '--param', 'capacity=abc']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /capacity is declared as integer/);
  });
});

describe('issue 10.8: outputs.json is consumed', () => {
  it('the file is removed after its outputs are read; a later script in the same folder never sees it', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'scripts/one.sh' },
          { shell: 'bash', run: 'scripts/two.sh' },
        ],
      }),
      'scripts/one.sh': `#!/usr/bin/env bash\nprintf '%s' '{"outputs": {"TOKEN": {"type": "securestring", "value": "tok-123"}}}' > scripts/outputs.json\n`,
      'scripts/two.sh': '#!/usr/bin/env bash\n[ -e scripts/outputs.json ] && echo "stale file present"\ntrue\n',
    });
    const r = await provision(project);
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(r.stdout, /stale file present/);
    assert.equal(existsSync(path.join(project, 'scripts', 'outputs.json')), false);
    assert.ok(!allFileContents(path.join(project, '.azure')).includes('tok-123'), 'not in the azd environment');
  });

  it('a stale file no longer hides a fresh one further up: it is passed over with a warning', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/deep/one.sh' }] }),
      'scripts/deep/outputs.json': '{"outputs": {"OLD": {"type": "string", "value": "old"}}}',
      'scripts/deep/one.sh': `#!/usr/bin/env bash\nprintf '%s' '{"NEW": {"type": "string", "value": "new"}}' > scripts/outputs.json\n`,
    });
    const r = await provision(project);
    assert.equal(r.code, 0, r.stderr);
    const dotenv = dotenvOf(project, 'dev') ?? '';
    assert.match(dotenv, /^NEW="new"$/m);
    assert.doesNotMatch(dotenv, /OLD/);
    assert.ok(
      warnings(r).some((w) => w.includes(path.join(project, 'scripts', 'deep', 'outputs.json'))),
      r.stderr,
    );
    assert.ok(existsSync(path.join(project, 'scripts', 'deep', 'outputs.json')), 'a stale file is left alone');
  });

  it('an unknown output type is an error with a did-you-mean; the value is neither saved nor shown', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'one.sh' }] }),
      'one.sh': `#!/usr/bin/env bash\nprintf '%s' '{"outputs": {"PASSWORD": {"type": "securestrin", "value": "pw-4242"}}}' > outputs.json\n`,
    });
    const r = await provision(project);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /unknown type "securestrin"; did you mean "securestring"\?/);
    assert.ok(!`${r.stdout}${r.stderr}`.includes('pw-4242'));
    assert.doesNotMatch(dotenvOf(project, 'dev') ?? '', /PASSWORD/);
  });

  it('every known type is accepted in any case', async () => {
    const types = [
      'string',
      'SecureString',
      'int',
      'Integer',
      'number',
      'bool',
      'Boolean',
      'object',
      'secureObject',
      'ARRAY',
    ];
    const outputs = Object.fromEntries(types.map((t, i) => [`O${i}`, { type: t, value: 'x' }]));
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'one.sh' }] }),
      'one.sh': `#!/usr/bin/env bash\nprintf '%s' '${JSON.stringify(outputs)}' > outputs.json\n`,
    });
    const r = await provision(project);
    assert.equal(r.code, 0, r.stderr);
  });
});
