/**
 * Running scripts through the BUILT CLI (dist/cli/index.js) against temp projects with real bash/sh scripts:
 * working directory, environment layering, stdin/stdout/stderr, exit codes, outputs.json, failure reports,
 * progress lines, `.env` re-read between scripts, large output and usage errors.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CLI,
  azureYaml,
  baseEnv,
  dotenvOf,
  makeProject,
  outputsScript,
  runCli,
  type RunResult,
  hideDuration,
} from '../helpers.js';

/** Runs the built CLI in `project` with a minimal environment (never on a TTY, so never interactive). */
function cli(project: string, args: string[], env: Record<string, string> = {}): Promise<RunResult> {
  return runCli(args, { cwd: project, env: baseEnv(env) });
}

function provision(project: string, extra: string[] = [], env: Record<string, string> = {}): Promise<RunResult> {
  return cli(project, ['provision', '-e', 'dev', ...extra], env);
}

function lines(text: string): string[] {
  return text.split('\n');
}

const PROGRESS = /^(Running script|Completed|Failed|Collecting outputs from): /;

function progressLines(text: string): string[] {
  return lines(text)
    .filter((l) => PROGRESS.test(l))
    .map(hideDuration);
}

/** The part of the CLI's stderr from its own `error:` line on (before it: forwarded script stderr). */
function errorSection(stderr: string): string {
  const at = stderr.search(/^error: /m);
  assert.ok(at >= 0, `no error: line in stderr:\n${stderr}`);
  return stderr.slice(at);
}

function configOf(project: string, env = 'dev'): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(project, '.azure', env, 'config.json'), 'utf8')) as Record<string, unknown>;
}

function recordedOutputs(project: string, env = 'dev'): unknown {
  return (configOf(project, env).scripts as Record<string, unknown> | undefined)?.outputs;
}

/** A live CLI child: stdout/stderr read incrementally, with the time each chunk arrived. */
function startCli(args: string[], options: { cwd: string; env: Record<string, string>; keepStdinOpen?: boolean }) {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const state = { stdout: '', stderr: '' };
  const listeners = new Set<() => void>();
  const notify = () => [...listeners].forEach((l) => l());
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    state.stdout += d;
    notify();
  });
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    state.stderr += d;
    notify();
  });
  if (!options.keepStdinOpen) child.stdin.end();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  /** Resolves with the time `text` first appeared on `stream`. */
  const waitFor = (stream: 'stdout' | 'stderr', text: string, timeoutMs = 15_000): Promise<number> =>
    new Promise((resolve, reject) => {
      const check = () => {
        if (state[stream].includes(text)) {
          listeners.delete(check);
          clearTimeout(timer);
          resolve(Date.now());
        }
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`"${text}" never appeared on ${stream}:\n${state.stdout}\n--- stderr:\n${state.stderr}`));
      }, timeoutMs);
      listeners.add(check);
      check();
    });
  return { child, state, exited, waitFor };
}

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------------------------------------------

describe('REQ-2.1: working directory', () => {
  it('runs every script with the project root as cwd, wherever the script lives and wherever the CLI starts', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'scripts/deep/nested/where.sh' },
          { shell: 'sh', run: 'top.sh' },
        ],
      }),
      'scripts/deep/nested/where.sh': '#!/usr/bin/env bash\npwd -P > cwd-bash.txt\n',
      'top.sh': '#!/bin/sh\npwd -P > cwd-sh.txt\n',
      'sub/dir/.keep': '',
    });
    // Started from a subfolder: azure.yaml is found upward, and scripts still run in the root.
    const r = await cli(path.join(project, 'sub', 'dir'), ['provision', '-e', 'dev']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(readFileSync(path.join(project, 'cwd-bash.txt'), 'utf8'), `${project}\n`);
    assert.equal(readFileSync(path.join(project, 'cwd-sh.txt'), 'utf8'), `${project}\n`);
    assert.equal(existsSync(path.join(project, 'sub', 'dir', 'cwd-bash.txt')), false);
  });

  it('uses the project root with --cwd too', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/where.sh' }] }),
      'scripts/where.sh': '#!/usr/bin/env bash\npwd -P > cwd.txt\n',
    });
    const elsewhere = makeProject({ 'x.txt': '' });
    const r = await runCli(['provision', '-e', 'dev', '--cwd', project], { cwd: elsewhere, env: baseEnv() });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(readFileSync(path.join(project, 'cwd.txt'), 'utf8'), `${project}\n`);
    assert.equal(existsSync(path.join(elsewhere, 'cwd.txt')), false);
  });
});

describe('REQ-2.2: environment variables', () => {
  const dump = (file: string, keys: string[]) =>
    `#!/usr/bin/env bash\n{ ${keys.map((k) => `printf '%s=%s\\n' ${k} "\${${k}-<unset>}"`).join('; ')}; } > ${file}\n`;

  it('layers OS env < .env < parameters < outputs of earlier scripts', async () => {
    const keys = ['L_OS', 'L_ENV', 'L_PARAM', 'L_OUT', 'P_FILE', 'P_FROM_ENV'];
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'scripts/one.sh', parameters: 'scripts/p.parameters.json' },
          { shell: 'bash', run: 'scripts/two/two.sh' },
        ],
      }),
      'scripts/p.parameters.json': JSON.stringify({
        parameters: {
          P_FILE: { type: 'string', value: 'from-file' },
          P_FROM_ENV: { type: 'string' },
          L_PARAM: { type: 'string' },
          L_OUT: { type: 'string' },
        },
      }),
      'scripts/one.sh': outputsScript({ L_OUT: { type: 'string', value: 'from-output' } }, dump('seen1.txt', keys)),
      'scripts/two/two.sh': dump('seen2.txt', keys),
      '.azure/dev/.env':
        'AZURE_ENV_NAME="dev"\nL_ENV="from-env"\nL_OUT="from-env"\nL_PARAM="from-env"\nP_FILE="from-env"\nP_FROM_ENV="from-env"\n',
    });
    const r = await provision(project, ['-p', 'L_PARAM=from-param', '-p', 'L_OUT=from-param'], {
      L_OS: 'from-os',
      L_ENV: 'from-os',
      L_PARAM: 'from-os',
      L_OUT: 'from-os',
      P_FILE: 'from-os',
      P_FROM_ENV: 'from-os',
    });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(
      readFileSync(path.join(project, 'seen1.txt'), 'utf8'),
      'L_OS=from-os\nL_ENV=from-env\nL_PARAM=from-param\nL_OUT=from-param\nP_FILE=from-file\nP_FROM_ENV=from-env\n',
    );
    assert.equal(
      readFileSync(path.join(project, 'seen2.txt'), 'utf8'),
      'L_OS=from-os\nL_ENV=from-env\nL_PARAM=from-param\nL_OUT=from-output\nP_FILE=from-file\nP_FROM_ENV=from-env\n',
    );
  });

  it('always sets AZURE_ENV_NAME to the selected environment, whatever .env or the OS env say', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'a.sh' }] }),
      'a.sh': dump('seen.txt', ['AZURE_ENV_NAME']),
      '.azure/dev/.env': 'AZURE_ENV_NAME="wrong"\nOTHER="1"\n',
    });
    const r = await provision(project, [], { AZURE_ENV_NAME: 'os-name' });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(readFileSync(path.join(project, 'seen.txt'), 'utf8'), 'AZURE_ENV_NAME=dev\n');

    const fresh = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'a.sh' }] }),
      'a.sh': dump('seen.txt', ['AZURE_ENV_NAME']),
      '.azure/dev/.env': 'OTHER="1"\n',
    });
    const r2 = await provision(fresh);
    assert.equal(r2.code, 0, r2.stderr);
    assert.equal(readFileSync(path.join(fresh, 'seen.txt'), 'utf8'), 'AZURE_ENV_NAME=dev\n');
  });

  it('sets AZD_PURGE=true only for down --purge', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [{ shell: 'bash', run: 'p.sh' }],
        destroy: [{ shell: 'bash', run: 'd.sh' }],
      }),
      'p.sh': `#!/usr/bin/env bash\nprintf 'provision:%s\\n' "\${AZD_PURGE-unset}" >> purge.log\n`,
      'd.sh': `#!/usr/bin/env bash\nprintf 'down:%s\\n' "\${AZD_PURGE-unset}" >> purge.log\n`,
    });
    assert.equal((await provision(project)).code, 0);
    assert.equal((await cli(project, ['down', '-e', 'dev', '--force'])).code, 0);
    assert.equal((await cli(project, ['down', '-e', 'dev', '--force', '--purge'])).code, 0);
    assert.equal(readFileSync(path.join(project, 'purge.log'), 'utf8'), 'provision:unset\ndown:unset\ndown:true\n');
  });
});

describe('REQ-2.4: stdin, stdout and stderr', () => {
  it("gives a non-TTY run's scripts an EOF stdin: read and cat return at once, even while the CLI's stdin stays open", async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'in.sh' }] }),
      'in.sh':
        '#!/usr/bin/env bash\nread -r x; echo "read-status=$? value=[${x-}]"\ncat > cat.txt; echo "cat-status=$?"\n',
    });
    const live = startCli(['provision', '-e', 'dev'], { cwd: project, env: baseEnv(), keepStdinOpen: true });
    // Something waits on the CLI's own stdin; it must never reach the script.
    live.child.stdin.write('typed-by-someone\nmore\n');
    const exit = await withTimeout(live.exited, 15_000, 'a script reading stdin must not block');
    live.child.stdin.destroy();
    assert.equal(exit.code, 0, live.state.stderr);
    assert.match(live.state.stdout, /^read-status=1 value=\[\]$/m);
    assert.match(live.state.stdout, /^cat-status=0$/m);
    assert.equal(readFileSync(path.join(project, 'cat.txt'), 'utf8'), '');
    assert.doesNotMatch(live.state.stdout + live.state.stderr, /typed-by-someone/);
  });

  it('forwards stdout and stderr chunk by chunk while the script still runs (no line buffering)', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'talk.sh' }] }),
      'talk.sh':
        "#!/usr/bin/env bash\necho first-line\necho err-line >&2\nprintf 'partial-'\nsleep 1.5\necho second-line\necho err-two >&2\n",
    });
    const live = startCli(['provision', '-e', 'dev'], { cwd: project, env: baseEnv() });
    const [first, err, partial] = await Promise.all([
      live.waitFor('stdout', 'first-line'),
      live.waitFor('stderr', 'err-line'),
      live.waitFor('stdout', 'partial-'),
    ]);
    assert.doesNotMatch(live.state.stdout, /second-line/, 'the second line came before the sleep ended');
    const exit = await live.exited;
    assert.equal(exit.code, 0, live.state.stderr);
    for (const [what, at] of [
      ['first stdout line', first],
      ['stderr line', err],
      ['partial stdout line', partial],
    ] as const) {
      assert.ok(exit.at - at >= 1000, `${what} arrived only ${exit.at - at} ms before the CLI ended`);
    }
    // Forwarded untouched: stdout to stdout, stderr to stderr, partial line joined with its end.
    assert.match(live.state.stdout, /^first-line\npartial-second-line\n/m);
    assert.match(live.state.stderr, /^err-line\nerr-two\n/m);
    assert.doesNotMatch(live.state.stdout, /err-line/);
  });

  for (const size of [400_000, 500_000]) {
    it(`loses nothing of a ${size / 1000} kB stdout when the CLI's reader stalls for 1.5 s`, async () => {
      const project = makeProject({
        'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'burst.sh' }] }),
        'burst.sh': `#!/usr/bin/env bash\nhead -c ${size} /dev/zero | tr '\\0' '~'\necho\necho LAST-LINE\n`,
      });
      const child = spawn(process.execPath, [CLI, 'provision', '-e', 'dev'], {
        cwd: project,
        env: baseEnv(),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let tildes = 0;
      let tail = '';
      child.stdout.pause();
      setTimeout(() => {
        child.stdout.on('data', (chunk: Buffer) => {
          for (let i = chunk.indexOf(0x7e); i !== -1; i = chunk.indexOf(0x7e, i + 1)) tildes++;
          tail = (tail + chunk.toString('latin1')).slice(-2000);
        });
        child.stdout.resume();
      }, 1500);
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
      assert.equal(code, 0, stderr);
      assert.equal(tildes, size, `the CLI forwarded ${tildes} of ${size} bytes`);
      assert.match(tail, /^LAST-LINE$/m);
    });
  }

  it('with -o json sends script stdout to stderr, so stdout is exactly the JSON result', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'talk.sh' }] }),
      'talk.sh': '#!/usr/bin/env bash\necho script-says-hello\necho script-warns >&2\n',
    });
    const r = await provision(project, ['-o', 'json']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal((JSON.parse(r.stdout) as { status: string }).status, 'succeeded');
    assert.match(r.stderr, /^script-says-hello$/m);
    assert.match(r.stderr, /^script-warns$/m);
    assert.match(r.stderr, /^Running script: talk\.sh \(bash\)$/m);
  });

  it('passes all of a 50 MB stdout through to the CLI stdout', async () => {
    const size = 50 * 1024 * 1024;
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'big.sh' }] }),
      'big.sh': `#!/usr/bin/env bash\nhead -c ${size} /dev/zero | tr '\\0' '~'\necho\necho big-done\n`,
    });
    const child = spawn(process.execPath, [CLI, 'provision', '-e', 'dev'], {
      cwd: project,
      env: baseEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let tildes = 0;
    let total = 0;
    let last = Buffer.alloc(0);
    child.stdout.on('data', (chunk: Buffer) => {
      total += chunk.length;
      for (let i = chunk.indexOf(0x7e); i !== -1; i = chunk.indexOf(0x7e, i + 1)) tildes++;
      last = Buffer.concat([last, chunk]).subarray(-4096);
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const code = await withTimeout(
      new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c))),
      60_000,
      '50 MB run',
    );
    assert.equal(code, 0, stderr);
    assert.equal(tildes, size);
    assert.ok(total > size);
    const tail = last.toString('utf8');
    assert.match(tail, /^big-done$/m);
    assert.match(tail, /^Completed: big\.sh \(\d+\.\ds\)$/m);
  });
});

describe('REQ-2.5: exit codes', () => {
  const project3 = (continueOnError: boolean) =>
    makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'one.sh' },
          continueOnError ? { shell: 'bash', run: 'two.sh', continueOnError: true } : { shell: 'bash', run: 'two.sh' },
          { shell: 'bash', run: 'three.sh' },
        ],
      }),
      'one.sh': '#!/usr/bin/env bash\ntouch one.marker\nexit 0\n',
      'two.sh': '#!/usr/bin/env bash\ntouch two.marker\necho boom >&2\nexit 3\n',
      'three.sh': '#!/usr/bin/env bash\ntouch three.marker\n',
    });

  it('continues after exit 0 and stops at a non-zero exit: later scripts do not run, the run exits 1', async () => {
    const project = project3(false);
    const r = await provision(project);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.ok(existsSync(path.join(project, 'one.marker')));
    assert.ok(existsSync(path.join(project, 'two.marker')));
    assert.equal(existsSync(path.join(project, 'three.marker')), false, 'three.sh ran after a failure');
    assert.doesNotMatch(r.stdout, /Running script: three\.sh/);
  });

  it('continueOnError: true goes on with a warning and the run exits 0', async () => {
    const project = project3(true);
    const r = await provision(project);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.ok(existsSync(path.join(project, 'three.marker')), 'three.sh did not run');
    assert.match(r.stderr, /^warning: .*two\.sh.*exit code 3/m);
    assert.match(r.stderr, /continueOnError/);
    assert.ok(lines(r.stdout).map(hideDuration).includes('Failed: two.sh (exit code: 3, <t>)'));
    assert.ok(lines(r.stdout).map(hideDuration).includes('Completed: three.sh (<t>)'));
  });

  it('reports a failure of the overall run in -o json', async () => {
    const project = project3(false);
    const r = await provision(project, ['-o', 'json']);
    assert.equal(r.code, 1);
    const json = JSON.parse(r.stdout) as {
      status: string;
      error: { code: string };
      scripts: Array<{ status: string; exitCode?: number }>;
    };
    assert.equal(json.status, 'failed');
    assert.equal(json.error.code, 'SCRIPT_FAILED');
    assert.deepEqual(
      json.scripts.map((s) => s.status),
      ['succeeded', 'failed', 'not-run'],
    );
    assert.equal(json.scripts[1]!.exitCode, 3);
  });
});

describe('REQ-4: output collection', () => {
  it("finds outputs.json in the script's own folder", async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/a/a.sh' }] }),
      'scripts/a/a.sh': outputsScript({ HERE: { type: 'string', value: 'own-folder' } }),
    });
    const r = await provision(project);
    assert.equal(r.code, 0, r.stderr);
    assert.match(dotenvOf(project, 'dev')!, /^HERE="own-folder"$/m);
  });

  it('walks up to a parent folder and to the project root; the nearest file wins', async () => {
    const parent = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/a/a.sh' }] }),
      'scripts/a/a.sh':
        '#!/usr/bin/env bash\nprintf \'{"outputs":{"UP":{"type":"string","value":"parent"}}}\' > scripts/outputs.json\n',
    });
    assert.equal((await provision(parent)).code, 0);
    assert.match(dotenvOf(parent, 'dev')!, /^UP="parent"$/m);

    const root = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/a/a.sh' }] }),
      'scripts/a/a.sh':
        '#!/usr/bin/env bash\nprintf \'{"outputs":{"ROOTED":{"type":"string","value":"root"}}}\' > outputs.json\n',
    });
    assert.equal((await provision(root)).code, 0);
    assert.match(dotenvOf(root, 'dev')!, /^ROOTED="root"$/m);

    const both = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/a/a.sh' }] }),
      'scripts/a/a.sh':
        '#!/usr/bin/env bash\n' +
        'printf \'{"outputs":{"FAR":{"type":"string","value":"root"},"WHO":{"type":"string","value":"root"}}}\' > outputs.json\n' +
        'printf \'{"outputs":{"WHO":{"type":"string","value":"parent"}}}\' > scripts/outputs.json\n' +
        'printf \'{"outputs":{"WHO":{"type":"string","value":"nearest"}}}\' > scripts/a/outputs.json\n',
    });
    const r = await provision(both, ['-o', 'json']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(Object.keys((JSON.parse(r.stdout) as { outputs: object }).outputs), ['WHO']);
    const env = dotenvOf(both, 'dev')!;
    assert.match(env, /^WHO="nearest"$/m);
    assert.doesNotMatch(env, /FAR/);
  });

  it('does not look above the project root', async () => {
    const outer = makeProject({
      'proj/azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'a.sh' }] }),
      'proj/a.sh':
        '#!/usr/bin/env bash\nprintf \'{"outputs":{"ABOVE":{"type":"string","value":"x"}}}\' > ../outputs.json\n',
    });
    const project = path.join(outer, 'proj');
    const r = await provision(project);
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(dotenvOf(project, 'dev')!, /ABOVE/);
    assert.doesNotMatch(r.stdout, /Collecting outputs from/);
  });

  it('accepts a script without outputs.json', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'a.sh' }] }),
      'a.sh': '#!/usr/bin/env bash\necho no outputs here\n',
    });
    const r = await provision(project);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
    assert.doesNotMatch(r.stdout, /Collecting outputs from/);
    assert.equal(dotenvOf(project, 'dev'), 'AZURE_ENV_NAME="dev"\n');
  });

  it('warns about a stale outputs.json (there before the script and not rewritten), naming it, and ignores it', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/noop.sh' }] }),
      'scripts/noop.sh': '#!/usr/bin/env bash\necho did nothing\n',
      'scripts/outputs.json': JSON.stringify({ outputs: { STALE_KEY: { type: 'string', value: 'old' } } }),
    });
    const r = await provision(project, ['-o', 'json']);
    assert.equal(r.code, 0, r.stderr);
    const file = path.join(project, 'scripts', 'outputs.json');
    assert.match(r.stderr, /^warning: .*outputs\.json/m);
    assert.ok(r.stderr.includes(file), `the warning does not name ${file}:\n${r.stderr}`);
    assert.doesNotMatch(r.stderr, /Collecting outputs from/);
    assert.deepEqual((JSON.parse(r.stdout) as { outputs: object }).outputs, {});
    assert.doesNotMatch(dotenvOf(project, 'dev')!, /STALE_KEY/);
  });

  it("never gives a later script the previous script's outputs.json: it was consumed (issue 10.8)", async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'scripts/one.sh' },
          { shell: 'bash', run: 'scripts/two.sh' },
        ],
      }),
      'scripts/one.sh': outputsScript({ ONE: { type: 'string', value: '1' } }),
      'scripts/two.sh': '#!/usr/bin/env bash\ntrue\n',
    });
    const r = await provision(project);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(progressLines(r.stdout), [
      'Running script: one.sh (bash)',
      'Completed: one.sh (<t>)',
      'Collecting outputs from: one.sh',
      'Running script: two.sh (bash)',
      'Completed: two.sh (<t>)',
    ]);
    assert.equal(existsSync(path.join(project, 'scripts', 'outputs.json')), false);
    assert.doesNotMatch(r.stderr, /^warning: /m);
  });

  it('fails on malformed JSON, naming the file with line:column, and runs nothing after it', async () => {
    const bad = '{\n  "outputs": {\n    "A": { "type": "string", "value": "x" },\n  }\n}\n';
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'scripts/bad.sh' },
          { shell: 'bash', run: 'after.sh' },
        ],
      }),
      'scripts/bad.sh': `#!/usr/bin/env bash\ncat > scripts/outputs.json <<'JSON'\n${bad}JSON\n`,
      'after.sh': '#!/usr/bin/env bash\ntouch after.marker\n',
    });
    const r = await provision(project);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const error = errorSection(r.stderr);
    assert.ok(
      error.includes(`${path.join(project, 'scripts', 'outputs.json')}:4:3`),
      `error does not name file:4:3:\n${error}`,
    );
    assert.equal(existsSync(path.join(project, 'after.marker')), false);
  });

  for (const name of ['my-key', '1ABC', 'A B']) {
    it(`rejects the output name "${name}" (not an environment variable name)`, async () => {
      const project = makeProject({
        'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/a.sh' }] }),
        'scripts/a.sh': outputsScript({ [name]: { type: 'string', value: 'v' }, GOOD: { type: 'string', value: 'g' } }),
      });
      const r = await provision(project, ['-o', 'json']);
      assert.equal(r.code, 1, r.stderr);
      const json = JSON.parse(r.stdout) as { error: { code: string; message: string } };
      assert.equal(json.error.code, 'OUTPUTS_INVALID');
      assert.ok(json.error.message.includes(name), json.error.message);
      assert.ok(json.error.message.includes(path.join(project, 'scripts', 'outputs.json')), json.error.message);
    });
  }

  it('converts values: strings as-is, booleans, numbers as String(n), objects/arrays as sorted compact JSON', async () => {
    const raw =
      '{"outputs": {\n' +
      '  "V_STR": {"type": "string", "value": "hello world"},\n' +
      '  "V_TRUE": {"type": "bool", "value": true},\n' +
      '  "V_FALSE": {"type": "bool", "value": false},\n' +
      '  "V_FLOAT": {"type": "number", "value": 1.5},\n' +
      '  "V_INT": {"type": "int", "value": 10.0},\n' +
      '  "V_BIG": {"type": "number", "value": 1e21},\n' +
      '  "V_OBJ": {"type": "object", "value": {"b":1,"a":[2,{"d":1,"c":2}]}},\n' +
      '  "V_ARR": {"type": "array", "value": [{"z":1,"y":[]}, "s", null]}\n' +
      '}}\n';
    const keys = ['V_STR', 'V_TRUE', 'V_FALSE', 'V_FLOAT', 'V_INT', 'V_BIG', 'V_OBJ', 'V_ARR'];
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'scripts/a.sh' },
          { shell: 'bash', run: 'b.sh' },
        ],
      }),
      'scripts/a.sh': `#!/usr/bin/env bash\ncat > scripts/outputs.json <<'JSON'\n${raw}JSON\n`,
      'b.sh': `#!/usr/bin/env bash\nfor k in ${keys.join(' ')}; do printf '%s=%s\\n' "$k" "\${!k}"; done > seen.txt\n`,
    });
    const r = await provision(project, ['-o', 'json']);
    assert.equal(r.code, 0, r.stderr);
    const expected: Record<string, string> = {
      V_STR: 'hello world',
      V_TRUE: 'true',
      V_FALSE: 'false',
      V_FLOAT: '1.5',
      V_INT: '10',
      V_BIG: '1e+21',
      V_OBJ: '{"a":[2,{"c":2,"d":1}],"b":1}',
      V_ARR: '[{"y":[],"z":1},"s",null]',
    };
    assert.equal(
      readFileSync(path.join(project, 'seen.txt'), 'utf8'),
      keys.map((k) => `${k}=${expected[k]}\n`).join(''),
    );
    const json = JSON.parse(r.stdout) as { outputs: Record<string, { value: string; secret: boolean }> };
    for (const k of keys) assert.equal(json.outputs[k]!.value, expected[k], k);
    assert.equal(
      dotenvOf(project, 'dev'),
      [
        'AZURE_ENV_NAME="dev"',
        'V_ARR="[{\\"y\\":[],\\"z\\":1},\\"s\\",null]"',
        'V_BIG="1e+21"',
        'V_FALSE="false"',
        'V_FLOAT="1.5"',
        'V_INT=10',
        'V_OBJ="{\\"a\\":[2,{\\"c\\":2,\\"d\\":1}],\\"b\\":1}"',
        'V_STR="hello world"',
        'V_TRUE="true"',
        '',
      ].join('\n'),
    );
  });

  it('keeps securestring/SecureObject (any case) out of .env, shows them as ***, and passes them to later scripts', async () => {
    const secrets = {
      SEC_A: { type: 'securestring', value: 'sv-alpha-7731' },
      SEC_B: { type: 'SecureString', value: 'sv-bravo-7732' },
      SEC_C: { type: 'SecureObject', value: { b: 'sv-charlie-7733', a: 1 } },
      SEC_D: { type: 'SECUREOBJECT', value: ['sv-delta-7734'] },
      PLAIN: { type: 'string', value: 'visible' },
    };
    const files = {
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'scripts/a.sh' },
          { shell: 'bash', run: 'b.sh' },
        ],
      }),
      'scripts/a.sh': outputsScript(secrets),
      'b.sh':
        '#!/usr/bin/env bash\nfor k in SEC_A SEC_B SEC_C SEC_D PLAIN; do printf \'%s=%s\\n\' "$k" "${!k}"; done > seen.txt\n',
    };
    const project = makeProject(files);
    const r = await provision(project);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(
      readFileSync(path.join(project, 'seen.txt'), 'utf8'),
      'SEC_A=sv-alpha-7731\nSEC_B=sv-bravo-7732\nSEC_C={"a":1,"b":"sv-charlie-7733"}\nSEC_D=["sv-delta-7734"]\nPLAIN=visible\n',
    );
    for (const k of ['SEC_A', 'SEC_B', 'SEC_C', 'SEC_D']) assert.ok(lines(r.stdout).includes(`  ${k}=***`), k);
    assert.ok(lines(r.stdout).includes('  PLAIN=visible'));
    assert.doesNotMatch(r.stdout + r.stderr, /sv-(alpha|bravo|charlie|delta)/);
    assert.equal(dotenvOf(project, 'dev'), 'AZURE_ENV_NAME="dev"\nPLAIN="visible"\n');
    assert.deepEqual(recordedOutputs(project), ['PLAIN']);
    assert.doesNotMatch(readFileSync(path.join(project, '.azure', 'dev', 'config.json'), 'utf8'), /sv-|SEC_/);

    const again = makeProject(files);
    const j = await provision(again, ['-o', 'json']);
    assert.equal(j.code, 0, j.stderr);
    assert.doesNotMatch(j.stdout + j.stderr, /sv-(alpha|bravo|charlie|delta)/);
    const json = JSON.parse(j.stdout) as { outputs: Record<string, { value: string; secret: boolean }> };
    for (const k of ['SEC_A', 'SEC_B', 'SEC_C', 'SEC_D']) {
      assert.equal(json.outputs[k]!.value, '***', k);
      assert.equal(json.outputs[k]!.secret, true, k);
    }
    assert.equal(json.outputs.PLAIN!.value, 'visible');
    assert.equal(json.outputs.PLAIN!.secret, false);
  });

  it('does not write a value azd cannot read back (ending in a backslash or a double quote), warns naming the key, and still passes it on', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'scripts/a.sh' },
          { shell: 'bash', run: 'b.sh' },
        ],
      }),
      'scripts/a.sh': outputsScript({
        BACKSLASH: { type: 'string', value: 'C:\\dir\\' },
        QUOTED: { type: 'string', value: 'say "hi"' },
        FINE: { type: 'string', value: 'ok' },
      }),
      'b.sh': '#!/usr/bin/env bash\nprintf "%s|%s\\n" "$BACKSLASH" "$QUOTED" > seen.txt\n',
    });
    const r = await provision(project, ['-o', 'json']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /^warning: .*BACKSLASH/m);
    assert.match(r.stderr, /^warning: .*QUOTED/m);
    assert.equal(readFileSync(path.join(project, 'seen.txt'), 'utf8'), 'C:\\dir\\|say "hi"\n');
    assert.equal(dotenvOf(project, 'dev'), 'AZURE_ENV_NAME="dev"\nFINE="ok"\n');
    assert.deepEqual(recordedOutputs(project), ['FINE']);
    const json = JSON.parse(r.stdout) as { outputs: Record<string, { value: string }> };
    assert.equal(json.outputs.BACKSLASH!.value, 'C:\\dir\\');
    assert.equal(json.outputs.QUOTED!.value, 'say "hi"');
  });

  it('does not collect the outputs.json of a script that failed (continueOnError)', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'scripts/a.sh', continueOnError: true },
          { shell: 'bash', run: 'b.sh' },
        ],
      }),
      'scripts/a.sh': outputsScript({ FAILED_OUT: { type: 'string', value: 'should-not-count' } }).replace(
        /\n$/,
        '\nexit 1\n',
      ),
      'b.sh': '#!/usr/bin/env bash\nprintf "%s\\n" "${FAILED_OUT-unset}" > seen.txt\n',
    });
    const r = await provision(project, ['-o', 'json']);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(existsSync(path.join(project, 'scripts', 'outputs.json')));
    assert.equal(readFileSync(path.join(project, 'seen.txt'), 'utf8'), 'unset\n');
    assert.deepEqual((JSON.parse(r.stdout) as { outputs: object }).outputs, {});
    assert.doesNotMatch(dotenvOf(project, 'dev')!, /FAILED_OUT/);
  });

  it('makes outputs of script N visible to N+1 and N+2; the last write of a key wins', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 's1/one.sh' },
          { shell: 'bash', run: 's2/two.sh' },
          { shell: 'bash', run: 's3/three.sh' },
        ],
      }),
      's1/one.sh': outputsScript({ FROM1: { type: 'string', value: 'v1' }, SHARED: { type: 'string', value: 'one' } }),
      's2/two.sh': outputsScript(
        { FROM2: { type: 'string', value: 'v2' }, SHARED: { type: 'string', value: 'two' } },
        'printf "%s|%s\\n" "$FROM1" "$SHARED" > seen2.txt',
      ),
      's3/three.sh': '#!/usr/bin/env bash\nprintf "%s|%s|%s\\n" "$FROM1" "$FROM2" "$SHARED" > seen3.txt\n',
    });
    const r = await provision(project, ['-o', 'json']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(readFileSync(path.join(project, 'seen2.txt'), 'utf8'), 'v1|one\n');
    assert.equal(readFileSync(path.join(project, 'seen3.txt'), 'utf8'), 'v1|v2|two\n');
    const json = JSON.parse(r.stdout) as { outputs: Record<string, { value: string }> };
    assert.equal(json.outputs.SHARED!.value, 'two');
    assert.equal(dotenvOf(project, 'dev'), 'AZURE_ENV_NAME="dev"\nFROM1="v1"\nFROM2="v2"\nSHARED="two"\n');
  });

  it('persists outputs to .env and records them in .azure/<env>/config.json under scripts.outputs, keeping other keys', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/a.sh' }] }),
      'scripts/a.sh': outputsScript({ ZED: { type: 'string', value: 'z' }, ALPHA: { type: 'string', value: 'a' } }),
      '.azure/dev/.env': 'AZURE_ENV_NAME="dev"\n',
      '.azure/dev/config.json': '{\n  "infra": {\n    "keep": true\n  }\n}',
    });
    const r = await provision(project);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(dotenvOf(project, 'dev'), 'ALPHA="a"\nAZURE_ENV_NAME="dev"\nZED="z"\n');
    assert.equal(
      readFileSync(path.join(project, '.azure', 'dev', 'config.json'), 'utf8'),
      // Each output's type sits beside the keys (issue 10.9: state reports it).
      '{\n  "infra": {\n    "keep": true\n  },\n  "scripts": {\n    "outputTypes": {\n      "ALPHA": "string",\n      "ZED": "string"\n    },\n    "outputs": [\n      "ALPHA",\n      "ZED"\n    ]\n  }\n}',
    );
  });
});

describe('REQ-6.1: script failure', () => {
  const failing = (extra: Record<string, string> = {}) =>
    makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'scripts/first.sh' },
          { shell: 'bash', run: 'scripts/bad.sh', name: 'bad-step' },
          { shell: 'bash', run: 'scripts/after.sh' },
        ],
      }),
      'scripts/first.sh': outputsScript({ FIRST_OUT: { type: 'string', value: 'kept' } }),
      'scripts/bad.sh':
        '#!/usr/bin/env bash\nfor i in $(seq 1 200); do printf \'stderr line %03d\\n\' "$i" >&2; done\nexit 3\n',
      'scripts/after.sh': '#!/usr/bin/env bash\ntouch after.marker\n',
      ...extra,
    });
  const numbers = (text: string) => [...text.matchAll(/stderr line (\d{3})/g)].map((m) => Number(m[1]));
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  it('names the script, its path and exit code 3, with exactly the last 50 stderr lines', async () => {
    const project = failing();
    const r = await provision(project);
    assert.equal(r.code, 1);
    const error = errorSection(r.stderr);
    assert.match(error, /bad-step/);
    assert.match(error, /scripts\/bad\.sh/);
    assert.match(error, /exit code 3/);
    assert.deepEqual(numbers(error), range(151, 200));
    assert.ok(lines(r.stdout).map(hideDuration).includes('Failed: bad-step (exit code: 3, <t>)'));
    assert.equal(existsSync(path.join(project, 'after.marker')), false);
  });

  it('keeps --stderr-lines N lines (here 5)', async () => {
    const project = failing();
    const r = await provision(project, ['--stderr-lines', '5', '-o', 'json']);
    assert.equal(r.code, 1);
    const json = JSON.parse(r.stdout) as {
      error: { message: string };
      scripts: Array<{ stderrTail?: string }>;
    };
    assert.deepEqual(numbers(json.error.message), range(196, 200));
    assert.equal(
      json.scripts[1]!.stderrTail,
      range(196, 200)
        .map((n) => `stderr line ${n}`)
        .join('\n'),
    );
  });

  it('still returns and persists the outputs of the scripts that succeeded', async () => {
    const project = failing();
    const r = await provision(project, ['-o', 'json']);
    assert.equal(r.code, 1);
    const json = JSON.parse(r.stdout) as { status: string; outputs: Record<string, { value: string }> };
    assert.equal(json.status, 'failed');
    assert.equal(json.outputs.FIRST_OUT!.value, 'kept');
    assert.match(dotenvOf(project, 'dev')!, /^FIRST_OUT="kept"$/m);
    assert.deepEqual(recordedOutputs(project), ['FIRST_OUT']);
    // Text mode shows them too.
    const t = await provision(failing());
    assert.ok(lines(t.stdout).includes('  FIRST_OUT=kept'), t.stdout);
  });

  it('hides secret outputs of earlier scripts in the stderr tail of the error', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'scripts/first.sh' },
          { shell: 'bash', run: 'leak.sh' },
        ],
      }),
      'scripts/first.sh': outputsScript({ TOKEN: { type: 'securestring', value: 'sv-zulu-4411' } }),
      'leak.sh': '#!/usr/bin/env bash\necho "using token $TOKEN" >&2\nexit 2\n',
    });
    const r = await provision(project, ['-o', 'json']);
    assert.equal(r.code, 1);
    assert.doesNotMatch(r.stdout, /sv-zulu-4411/);
    const json = JSON.parse(r.stdout) as { error: { message: string }; scripts: Array<{ stderrTail?: string }> };
    assert.match(json.error.message, /using token \*\*\*/);
    assert.equal(json.scripts[1]!.stderrTail, 'using token ***');
  });

  it('keeps only the tail of a huge stderr (20 MB) in the error', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'loud.sh' }] }),
      'loud.sh':
        '#!/usr/bin/env bash\nawk \'BEGIN { for (i = 1; i <= 400000; i++) printf "stderr line %06d %s\\n", i, "................................" }\' >&2\nexit 9\n',
    });
    const r = await provision(project, ['-o', 'json']);
    assert.equal(r.code, 1);
    const json = JSON.parse(r.stdout) as { scripts: Array<{ stderrTail?: string }> };
    const tail = json.scripts[0]!.stderrTail!.split('\n');
    assert.equal(tail.length, 50);
    assert.match(tail[0]!, /^stderr line 399951 /);
    assert.match(tail[49]!, /^stderr line 400000 /);
  });

  for (const signal of ['TERM', 'KILL'] as const) {
    it(`names the signal of a script that does kill -${signal} $$`, async () => {
      const project = makeProject({
        'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/die.sh' }] }),
        'scripts/die.sh': `#!/usr/bin/env bash\necho dying >&2\nkill -${signal} $$\necho unreachable\n`,
      });
      const r = await provision(project, ['-o', 'json']);
      assert.equal(r.code, 1, r.stderr);
      const json = JSON.parse(r.stdout) as {
        error: { message: string };
        scripts: Array<{ signal?: string; status: string }>;
      };
      assert.match(json.error.message, new RegExp(`SIG${signal}`));
      assert.match(json.error.message, /die\.sh/);
      assert.match(json.error.message, /dying/);
      assert.equal(json.scripts[0]!.signal, `SIG${signal}`);
      assert.ok(
        lines(r.stderr).some((l) => l.startsWith('Failed: die.sh (') && l.includes(`SIG${signal}`)),
        r.stderr,
      );
    });
  }
});

describe('REQ-9.1: progress messages', () => {
  it('prints exactly Running script / Completed / Collecting outputs from / Failed, the name defaulting to the file name', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'scripts/a.sh' },
          { shell: 'sh', run: 'scripts/b.sh', name: 'Second step' },
          { shell: 'bash', run: 'scripts/c.sh' },
          { shell: 'bash', run: 'scripts/d.sh' },
        ],
      }),
      'scripts/a.sh': outputsScript({ A_OUT: { type: 'string', value: 'a' } }),
      'scripts/b.sh': '#!/bin/sh\necho "Running script: not ours"\n',
      'scripts/c.sh': '#!/usr/bin/env bash\nexit 4\n',
      'scripts/d.sh': '#!/usr/bin/env bash\ntrue\n',
    });
    const r = await provision(project);
    assert.equal(r.code, 1);
    assert.deepEqual(
      progressLines(r.stdout).filter((l) => l !== 'Running script: not ours'),
      [
        'Running script: a.sh (bash)',
        'Completed: a.sh (<t>)',
        'Collecting outputs from: a.sh',
        'Running script: Second step (sh)',
        'Completed: Second step (<t>)',
        'Running script: c.sh (bash)',
        'Failed: c.sh (exit code: 4, <t>)',
      ],
    );
  });
});

describe('DESIGN 3: .env is read again after each script', () => {
  it("lets a script's own `azd env set` (an appended line) reach the next script and stay in .env", async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'scripts/set.sh' },
          { shell: 'bash', run: 'next.sh' },
        ],
      }),
      'scripts/set.sh': outputsScript(
        { S1_OUT: { type: 'string', value: 'o1' } },
        'printf \'MY_KEY="x"\\n\' >> .azure/dev/.env',
      ),
      'next.sh': '#!/usr/bin/env bash\nprintf "%s\\n" "${MY_KEY-unset}" > seen.txt\n',
    });
    const r = await provision(project);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(readFileSync(path.join(project, 'seen.txt'), 'utf8'), 'x\n');
    assert.equal(dotenvOf(project, 'dev'), 'AZURE_ENV_NAME="dev"\nMY_KEY="x"\nS1_OUT="o1"\n');
  });

  it('fails naming the file and line when a script corrupts .env, and leaves the file as the script left it', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'scripts/corrupt.sh' },
          { shell: 'bash', run: 'next.sh' },
        ],
      }),
      'scripts/corrupt.sh':
        '#!/usr/bin/env bash\nprintf \'OK_KEY="fine"\\nBROKEN="unterminated\\n\' >> .azure/dev/.env\ncp .azure/dev/.env corrupted.copy\n',
      'next.sh': '#!/usr/bin/env bash\ntouch next.marker\n',
      '.azure/dev/.env': 'AZURE_ENV_NAME="dev"\n',
    });
    const r = await provision(project);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const error = errorSection(r.stderr);
    assert.ok(error.includes(`${path.join(project, '.azure', 'dev', '.env')}:3`), error);
    assert.equal(dotenvOf(project, 'dev'), readFileSync(path.join(project, 'corrupted.copy'), 'utf8'));
    assert.equal(existsSync(path.join(project, 'next.marker')), false);
  });

  it('does not overwrite a corrupted .env when saving outputs either', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/corrupt.sh' }] }),
      'scripts/corrupt.sh': outputsScript(
        { OUT: { type: 'string', value: 'v' } },
        "printf 'BROKEN=\"unterminated\\n' >> .azure/dev/.env; cp .azure/dev/.env corrupted.copy",
      ),
      '.azure/dev/.env': 'AZURE_ENV_NAME="dev"\n',
    });
    const r = await provision(project);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.ok(errorSection(r.stderr).includes(`${path.join(project, '.azure', 'dev', '.env')}:2`), r.stderr);
    assert.equal(dotenvOf(project, 'dev'), readFileSync(path.join(project, 'corrupted.copy'), 'utf8'));
  });
});

describe('CLI usage errors', () => {
  const project = () =>
    makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'a.sh' }] }),
      'a.sh': '#!/usr/bin/env bash\ntouch ran.marker\n',
    });
  const cases: Array<[string, string[]]> = [
    ['an unknown flag', ['provision', '-e', 'dev', '--bogus']],
    ['a non-numeric --stderr-lines', ['provision', '-e', 'dev', '--stderr-lines', 'abc']],
    ['a negative --stderr-lines', ['provision', '-e', 'dev', '--stderr-lines', '-1']],
    ['--param without =', ['provision', '-e', 'dev', '--param', 'NOEQUALS']],
    ['-p with an invalid key', ['provision', '-e', 'dev', '-p', '1BAD=x']],
    ['two commands', ['provision', 'down', '-e', 'dev']],
    ['an unknown command', ['deploy', '-e', 'dev']],
    ['a bad --output', ['provision', '-e', 'dev', '-o', 'yaml']],
  ];
  for (const [what, args] of cases) {
    it(`exits 2 for ${what}, runs nothing and writes nothing`, async () => {
      const dir = project();
      const r = await cli(dir, args);
      assert.equal(r.code, 2, r.stdout + r.stderr);
      assert.match(r.stderr, /^error: /m);
      assert.equal(existsSync(path.join(dir, 'ran.marker')), false);
      assert.equal(existsSync(path.join(dir, '.azure')), false);
    });
  }

  it('never shows the value of a bad --param', async () => {
    const r = await cli(project(), ['provision', '-e', 'dev', '-p', 'bad key=hunter2-secret']);
    assert.equal(r.code, 2);
    assert.doesNotMatch(r.stderr, /hunter2/);
  });
});
