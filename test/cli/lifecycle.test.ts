/**
 * The lifecycle through the BUILT CLI (dist/cli/index.js): provision, down, preview and state against temp
 * projects with real bash scripts; script order; environment selection; --no-persist; cancellation by
 * SIGINT/SIGTERM with the script's whole process group gone afterwards.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync, readdirSync, statSync, appendFileSync } from 'node:fs';
import path from 'node:path';
import {
  CLI,
  ROOT,
  azureYaml,
  baseEnv,
  dotenvOf,
  makeProject,
  outputsScript,
  runCli,
  tempDir,
  type RunResult,
  groupMembers,
  eventually,
} from '../helpers.js';

function cli(project: string, args: string[], env: Record<string, string> = {}): Promise<RunResult> {
  return runCli(args, { cwd: project, env: baseEnv(env) });
}

function lines(text: string): string[] {
  return text.split('\n');
}

function read(project: string, rel: string): string {
  return readFileSync(path.join(project, rel), 'utf8');
}

function configText(project: string, env = 'dev'): string {
  return read(project, path.join('.azure', env, 'config.json'));
}

function recordedOutputs(project: string, env = 'dev'): unknown {
  const config = JSON.parse(configText(project, env)) as { scripts?: { outputs?: unknown } };
  return config.scripts?.outputs;
}

/** Every file under `dir` (relative path → bytes), to prove that nothing was written. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.set(path.relative(dir, full), readFileSync(full, 'latin1'));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

/** A process is gone when kill(pid, 0) throws; a zombie left for an init that reaps slowly counts as gone. */
function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

/** A live CLI child with its output read as it arrives. */
function startCli(args: string[], options: { cwd: string; env: Record<string, string> }) {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const state = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (d: string) => (state.stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (state.stderr += d));
  child.stdin.end();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return { child, state, exited };
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * A project whose provision records RG_NAME and DB_NAME (and a secret DB_CONN), and whose destroy list runs
 * b-teardown then a-teardown (not reversed, not sorted), each logging what it sees.
 */
function lifecycleProject(options: { destroyFails?: boolean; continueOnError?: boolean } = {}): string {
  const teardown = (name: string, exit = 0) =>
    `#!/usr/bin/env bash\nprintf '%s rg=%s db=%s hand=%s conn=%s purge=%s\\n' ${name} "\${RG_NAME-}" "\${DB_NAME-}" "\${HAND_KEY-}" "\${DB_CONN-unset}" "\${AZD_PURGE-unset}" >> destroy.log\nexit ${exit}\n`;
  const failing: Record<string, unknown> = { shell: 'bash', run: 'scripts/b-teardown.sh' };
  if (options.continueOnError) failing.continueOnError = true;
  return makeProject({
    'azure.yaml': azureYaml({
      provision: [
        { shell: 'bash', run: 'scripts/rg.sh' },
        { shell: 'bash', run: 'scripts/db/db.sh' },
      ],
      destroy: [failing, { shell: 'bash', run: 'scripts/a-teardown.sh' }],
    }),
    'scripts/rg.sh': outputsScript({ RG_NAME: { type: 'string', value: 'rg-dev' } }, 'touch rg.marker'),
    'scripts/db/db.sh': outputsScript({
      DB_NAME: { type: 'string', value: 'db-dev' },
      DB_CONN: { type: 'securestring', value: 'conn-secret-1234' },
    }),
    'scripts/b-teardown.sh': teardown('b-teardown', options.destroyFails ? 5 : 0),
    'scripts/a-teardown.sh': teardown('a-teardown'),
  });
}

describe('REQ-5.1: provision', () => {
  it('stores outputs in .env and records them in config.json', async () => {
    const project = lifecycleProject();
    const r = await cli(project, ['provision', '-e', 'dev']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(dotenvOf(project, 'dev'), 'AZURE_ENV_NAME="dev"\nDB_NAME="db-dev"\nRG_NAME="rg-dev"\n');
    assert.deepEqual(recordedOutputs(project), ['DB_NAME', 'RG_NAME']);
    assert.equal(read(project, '.azure/config.json'), '{"version":1,"defaultEnvironment":"dev"}');
    assert.equal(read(project, '.azure/.gitignore'), '# .azure is not intended to be committed\n*');
  });

  it('gives a byte-identical .env (and config.json) when the quickstart example runs twice', async () => {
    const project = tempDir();
    cpSync(path.join(ROOT, 'examples', 'quickstart'), project, {
      recursive: true,
      filter: (src) => !/[\\/](\.azure|\.local-cloud)([\\/]|$)/.test(src) && path.basename(src) !== 'outputs.json',
    });
    const env = { AZURE_LOCATION: 'westeurope' };
    const args = ['provision', '-e', 'dev', '-p', 'DB_PASSWORD=pw-quick-9911'];
    const first = await cli(project, args, env);
    assert.equal(first.code, 0, first.stdout + first.stderr);
    const dotenv1 = dotenvOf(project, 'dev');
    const config1 = configText(project);
    const second = await cli(project, args, env);
    assert.equal(second.code, 0, second.stdout + second.stderr);
    assert.equal(dotenvOf(project, 'dev'), dotenv1);
    assert.equal(configText(project), config1);
    assert.equal(
      dotenv1,
      'APP_REPLICAS=3\nAPP_URL="http://localhost:8080/dev"\nAZURE_ENV_NAME="dev"\nAZURE_LOCATION="westeurope"\nDATABASE_NAME="mydb-dev"\nRESOURCE_GROUP_NAME="rg-quickstart-dev"\n',
    );
    assert.doesNotMatch(dotenv1!, /pw-quick-9911/);
    assert.doesNotMatch(first.stdout + first.stderr + second.stdout + second.stderr, /pw-quick-9911/);

    // And down tears it down: the resource group folder goes, and so do the recorded outputs.
    const down = await cli(project, ['down', '-e', 'dev', '--force'], env);
    assert.equal(down.code, 0, down.stdout + down.stderr);
    assert.equal(existsSync(path.join(project, '.local-cloud', 'dev', 'rg-quickstart-dev')), false);
    assert.equal(dotenvOf(project, 'dev'), 'AZURE_ENV_NAME="dev"\nAZURE_LOCATION="westeurope"\n');
  });
});

describe('REQ-5.2: down', () => {
  it('requires --force when it cannot ask (CONFIRMATION_REQUIRED) and runs nothing', async () => {
    const project = lifecycleProject();
    assert.equal((await cli(project, ['provision', '-e', 'dev'])).code, 0);
    const before = snapshot(path.join(project, '.azure'));
    const r = await cli(project, ['down', '-e', 'dev']);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /^error: .*(--force|confirm)/m);
    assert.equal(existsSync(path.join(project, 'destroy.log')), false);
    assert.deepEqual(snapshot(path.join(project, '.azure')), before);

    const j = await cli(project, ['down', '-e', 'dev', '-o', 'json']);
    assert.equal(j.code, 1);
    assert.equal((JSON.parse(j.stdout) as { error: { code: string } }).error.code, 'CONFIRMATION_REQUIRED');
    assert.equal(existsSync(path.join(project, 'destroy.log')), false);
  });

  it('with --force runs the destroy list in order with the current .env, then removes exactly the recorded outputs', async () => {
    const project = lifecycleProject();
    assert.equal((await cli(project, ['provision', '-e', 'dev'])).code, 0);
    // A hand edit (as `azd env set` would do): not an output, so it stays.
    appendFileSync(path.join(project, '.azure', 'dev', '.env'), 'HAND_KEY="hand"\n');
    const r = await cli(project, ['down', '-e', 'dev', '--force']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(
      read(project, 'destroy.log'),
      'b-teardown rg=rg-dev db=db-dev hand=hand conn=unset purge=unset\n' +
        'a-teardown rg=rg-dev db=db-dev hand=hand conn=unset purge=unset\n',
    );
    assert.deepEqual(
      lines(r.stdout).filter((l) => l.startsWith('Running script: ')),
      ['Running script: b-teardown.sh (bash)', 'Running script: a-teardown.sh (bash)'],
    );
    assert.equal(dotenvOf(project, 'dev'), 'AZURE_ENV_NAME="dev"\nHAND_KEY="hand"\n');
    assert.deepEqual(recordedOutputs(project), []);
    assert.equal(configText(project), '{\n  "scripts": {\n    "outputs": []\n  }\n}');
  });

  it('keeps the recorded outputs when a destroy script fails, so a retry still has them', async () => {
    const project = lifecycleProject({ destroyFails: true });
    assert.equal((await cli(project, ['provision', '-e', 'dev'])).code, 0);
    const dotenv = dotenvOf(project, 'dev');
    const r = await cli(project, ['down', '-e', 'dev', '--force', '--purge']);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /exit code 5/);
    // The failing script is first; the second does not run.
    assert.equal(read(project, 'destroy.log'), 'b-teardown rg=rg-dev db=db-dev hand= conn=unset purge=true\n');
    assert.equal(dotenvOf(project, 'dev'), dotenv);
    assert.deepEqual(recordedOutputs(project), ['DB_NAME', 'RG_NAME']);
  });

  it('keeps the recorded outputs when a continueOnError destroy script failed, even though down succeeds', async () => {
    const project = lifecycleProject({ destroyFails: true, continueOnError: true });
    assert.equal((await cli(project, ['provision', '-e', 'dev'])).code, 0);
    const dotenv = dotenvOf(project, 'dev');
    const r = await cli(project, ['down', '-e', 'dev', '--force']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(lines(read(project, 'destroy.log')).filter(Boolean).length, 2);
    assert.equal(dotenvOf(project, 'dev'), dotenv);
    assert.deepEqual(recordedOutputs(project), ['DB_NAME', 'RG_NAME']);
  });
});

describe('REQ-5.3: preview', () => {
  const previewProject = () =>
    makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'scripts/one.sh', name: 'Create group' },
          { shell: 'sh', run: 'scripts/two.sh', parameters: 'scripts/two.parameters.json' },
        ],
      }),
      'scripts/one.sh': outputsScript({ X: { type: 'string', value: 'x' } }, 'touch one.marker'),
      'scripts/two.sh': '#!/bin/sh\ntouch two.marker\n',
      'scripts/two.parameters.json': JSON.stringify({ parameters: { SIZE: { type: 'integer', value: '3' } } }),
    });

  it('lists each script (name, shell, path) and the note, runs nothing, and creates no .azure folder', async () => {
    const project = previewProject();
    const r = await cli(project, ['preview', '-e', 'dev', '-p', 'EXTRA=value']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const out = lines(r.stdout);
    const one = out.find((l) => l.includes('Create group'));
    const two = out.find((l) => l.includes('two.sh') && l.includes('(sh)'));
    assert.ok(one && one.includes('(bash)') && one.includes('scripts/one.sh'), r.stdout);
    assert.ok(two && two.includes('scripts/two.sh'), r.stdout);
    assert.ok(out.indexOf(one) < out.indexOf(two), 'scripts listed out of order');
    assert.ok(
      out.some((l) => l.startsWith('Scripts cannot predict infrastructure changes')),
      `no note line:\n${r.stdout}`,
    );
    assert.doesNotMatch(r.stdout, /^(Running script|Completed): /m);
    assert.equal(existsSync(path.join(project, 'one.marker')), false);
    assert.equal(existsSync(path.join(project, 'two.marker')), false);
    assert.equal(existsSync(path.join(project, '.azure')), false);

    const j = await cli(project, ['preview', '-e', 'dev', '-o', 'json']);
    assert.equal(j.code, 0, j.stderr);
    const plan = (JSON.parse(j.stdout) as { plan: { scripts: unknown[]; note: string } }).plan;
    assert.deepEqual(
      plan.scripts.map((s) => {
        const { name, shell, path: p } = s as { name: string; shell: string; path: string };
        return [name, shell, p];
      }),
      [
        ['Create group', 'bash', 'scripts/one.sh'],
        ['two.sh', 'sh', 'scripts/two.sh'],
      ],
    );
    assert.match(plan.note, /^Scripts cannot predict infrastructure changes/);
    assert.equal(existsSync(path.join(project, '.azure')), false);
  });

  it('writes nothing to an existing environment', async () => {
    const project = previewProject();
    assert.equal((await cli(project, ['provision', '-e', 'dev'])).code, 0);
    const before = snapshot(path.join(project, '.azure'));
    const r = await cli(project, ['preview', '-e', 'dev', '-p', 'SIZE=7']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.deepEqual(snapshot(path.join(project, '.azure')), before);
  });
});

describe('REQ-5.4: state', () => {
  it('prints the recorded outputs, and -o json has them under outputs', async () => {
    const project = lifecycleProject();
    assert.equal((await cli(project, ['provision', '-e', 'dev'])).code, 0);
    const before = snapshot(path.join(project, '.azure'));
    const r = await cli(project, ['state', '-e', 'dev']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.ok(lines(r.stdout).includes('  RG_NAME=rg-dev'), r.stdout);
    assert.ok(lines(r.stdout).includes('  DB_NAME=db-dev'), r.stdout);
    assert.doesNotMatch(r.stdout, /DB_CONN|conn-secret/);
    assert.equal(existsSync(path.join(project, 'destroy.log')), false);

    const j = await cli(project, ['state', '-e', 'dev', '-o', 'json']);
    assert.equal(j.code, 0, j.stderr);
    const json = JSON.parse(j.stdout) as { environment: string; outputs: Record<string, { value: string }> };
    assert.equal(json.environment, 'dev');
    assert.deepEqual(Object.keys(json.outputs).sort(), ['DB_NAME', 'RG_NAME']);
    assert.equal(json.outputs.RG_NAME!.value, 'rg-dev');
    assert.equal(json.outputs.DB_NAME!.value, 'db-dev');
    assert.deepEqual(snapshot(path.join(project, '.azure')), before);
  });

  it('fails clearly, and creates nothing, for an environment that does not exist', async () => {
    const project = lifecycleProject();
    const r = await cli(project, ['state', '-e', 'ghost']);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /^error: .*"ghost".*does not exist/m);
    assert.equal(existsSync(path.join(project, '.azure')), false);
    const j = await cli(project, ['state', '-e', 'ghost', '-o', 'json']);
    assert.equal(j.code, 1);
    assert.equal((JSON.parse(j.stdout) as { error: { code: string } }).error.code, 'ENVIRONMENT_NOT_FOUND');
  });
});

describe('REQ-8: multi-script orchestration', () => {
  const timed = (name: string) =>
    `printf '%s start %s\\n' ${name} "$(date +%s%N)" >> order.log; sleep 0.2; printf '%s end %s\\n' ${name} "$(date +%s%N)" >> order.log`;

  it('runs provision scripts one at a time in the defined order, accumulating outputs', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'z/zeta.sh' },
          { shell: 'bash', run: 'a/alpha.sh' },
          { shell: 'bash', run: 'm/mid.sh' },
        ],
      }),
      'z/zeta.sh': outputsScript({ OUT_Z: { type: 'string', value: 'z' } }, timed('zeta')),
      'a/alpha.sh': outputsScript({ OUT_A: { type: 'string', value: 'a' } }, timed('alpha')),
      'm/mid.sh': outputsScript(
        { OUT_M: { type: 'string', value: 'm' } },
        `${timed('mid')}; printf '%s,%s\\n' "$OUT_Z" "$OUT_A" > mid-seen.txt`,
      ),
    });
    const r = await cli(project, ['provision', '-e', 'dev', '-o', 'json']);
    assert.equal(r.code, 0, r.stderr);
    const events = lines(read(project, 'order.log'))
      .filter(Boolean)
      .map((l) => {
        const [name, what, ns] = l.split(' ');
        return { name, what, at: BigInt(ns!) };
      });
    assert.deepEqual(
      events.map((e) => `${e.name} ${e.what}`),
      ['zeta start', 'zeta end', 'alpha start', 'alpha end', 'mid start', 'mid end'],
    );
    for (let i = 1; i < events.length; i++) assert.ok(events[i]!.at >= events[i - 1]!.at, 'timestamps overlap');
    assert.equal(read(project, 'mid-seen.txt'), 'z,a\n');
    const json = JSON.parse(r.stdout) as { outputs: Record<string, { value: string }> };
    assert.deepEqual(Object.keys(json.outputs), ['OUT_Z', 'OUT_A', 'OUT_M']);
  });

  it('runs destroy scripts in the defined order (not reversed)', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({
        destroy: [
          { shell: 'bash', run: 'd/c.sh' },
          { shell: 'bash', run: 'd/a.sh' },
          { shell: 'bash', run: 'd/b.sh' },
        ],
      }),
      'd/c.sh': `#!/usr/bin/env bash\n${timed('c')}\n`,
      'd/a.sh': `#!/usr/bin/env bash\n${timed('a')}\n`,
      'd/b.sh': `#!/usr/bin/env bash\n${timed('b')}\n`,
    });
    const r = await cli(project, ['down', '-e', 'dev', '--force']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.deepEqual(
      lines(read(project, 'order.log'))
        .filter(Boolean)
        .map((l) => l.split(' ').slice(0, 2).join(' ')),
      ['c start', 'c end', 'a start', 'a end', 'b start', 'b end'],
    );
  });
});

describe('DESIGN 2: environment selection', () => {
  const envProject = (files: Record<string, string> = {}) =>
    makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'who.sh' }] }),
      'who.sh': '#!/usr/bin/env bash\nprintf "%s\\n" "$AZURE_ENV_NAME" > who.txt\n',
      '.azure/config.json': '{"version":1,"defaultEnvironment":"from-default"}',
      ...files,
    });

  it('-e beats AZURE_ENV_NAME, which beats .azure/config.json defaultEnvironment', async () => {
    const a = envProject();
    const r1 = await cli(a, ['provision', '-e', 'from-flag'], { AZURE_ENV_NAME: 'from-os' });
    assert.equal(r1.code, 0, r1.stderr);
    assert.equal(read(a, 'who.txt'), 'from-flag\n');
    assert.ok(existsSync(path.join(a, '.azure', 'from-flag', '.env')));
    assert.equal(existsSync(path.join(a, '.azure', 'from-os')), false);

    const b = envProject();
    const r2 = await cli(b, ['provision'], { AZURE_ENV_NAME: 'from-os' });
    assert.equal(r2.code, 0, r2.stderr);
    assert.equal(read(b, 'who.txt'), 'from-os\n');
    assert.equal(existsSync(path.join(b, '.azure', 'from-default')), false);

    const c = envProject();
    const r3 = await cli(c, ['provision']);
    assert.equal(r3.code, 0, r3.stderr);
    assert.equal(read(c, 'who.txt'), 'from-default\n');
    assert.equal(dotenvOf(c, 'from-default'), 'AZURE_ENV_NAME="from-default"\n');
  });

  it('fails with ENVIRONMENT_NOT_SELECTED (exit 1) when nothing names an environment, running nothing', async () => {
    const project = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'who.sh' }] }),
      'who.sh': '#!/usr/bin/env bash\ntouch ran.marker\n',
    });
    const r = await cli(project, ['provision', '-o', 'json']);
    assert.equal(r.code, 1, r.stderr);
    assert.equal((JSON.parse(r.stdout) as { error: { code: string } }).error.code, 'ENVIRONMENT_NOT_SELECTED');
    const t = await cli(project, ['provision']);
    assert.equal(t.code, 1);
    assert.match(t.stderr, /^error: .*environment/im);
    assert.equal(existsSync(path.join(project, 'ran.marker')), false);
    assert.equal(existsSync(path.join(project, '.azure')), false);
  });
});

describe('DESIGN 2: --no-persist', () => {
  const project = () =>
    makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 's/one.sh' },
          { shell: 'bash', run: 's/two.sh' },
        ],
      }),
      's/one.sh': outputsScript({ ONE: { type: 'string', value: '1' } }),
      's/two.sh': '#!/usr/bin/env bash\nprintf "%s\\n" "$ONE" > two-seen.txt\n',
    });

  it('writes nothing under .azure/ for a new environment, yet passes and returns outputs', async () => {
    const dir = project();
    const r = await cli(dir, ['provision', '-e', 'dev', '--no-persist', '-p', 'GIVEN=v', '-o', 'json']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(existsSync(path.join(dir, '.azure')), false);
    assert.equal(read(dir, 'two-seen.txt'), '1\n');
    assert.equal((JSON.parse(r.stdout) as { outputs: Record<string, { value: string }> }).outputs.ONE!.value, '1');
  });

  it('leaves an existing environment byte for byte as it was', async () => {
    const dir = project();
    assert.equal((await cli(dir, ['provision', '-e', 'dev'])).code, 0);
    appendFileSync(path.join(dir, '.azure', 'dev', '.env'), 'HAND="h"\n');
    const before = snapshot(path.join(dir, '.azure'));
    const r = await cli(dir, ['provision', '-e', 'dev', '--no-persist', '-p', 'GIVEN=v']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(snapshot(path.join(dir, '.azure')), before);
  });
});

describe('DESIGN 3: cancellation', () => {
  const cancelProject = (slowBody: string) =>
    makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', run: 'scripts/first.sh' },
          { shell: 'bash', run: 'scripts/slow.sh', name: 'slow-step' },
          { shell: 'bash', run: 'scripts/never.sh' },
        ],
      }),
      'scripts/first.sh': outputsScript({ FIRST_OUT: { type: 'string', value: 'kept' } }),
      'scripts/slow.sh': `#!/usr/bin/env bash\necho $$ > script.pid\n${slowBody}\n`,
      'scripts/never.sh': '#!/usr/bin/env bash\ntouch never.marker\n',
    });

  const cases: Array<{ signal: NodeJS.Signals; body: string; limitMs: number; what: string }> = [
    {
      signal: 'SIGINT',
      what: 'a script with a background child',
      body: 'sleep 300 &\necho $! > bg.pid\necho slow-started\nsleep 30\ntouch slow.finished',
      limitMs: 5000,
    },
    {
      signal: 'SIGTERM',
      what: 'a script with a background child',
      body: 'sleep 300 &\necho $! > bg.pid\necho slow-started\nsleep 30\ntouch slow.finished',
      limitMs: 5000,
    },
    {
      // Ignores SIGINT: must be escalated (SIGTERM, then SIGKILL) before a CI agent's own kill (7.5 s).
      signal: 'SIGINT',
      what: 'a script that ignores SIGINT',
      body: "trap '' INT\nsleep 300 &\necho $! > bg.pid\necho slow-started\nsleep 30\ntouch slow.finished",
      limitMs: 7500,
    },
  ];

  for (const { signal, body, limitMs, what } of cases) {
    it(`${signal} to the CLI during ${what}: exit 130 within ${limitMs / 1000} s, partial outputs kept, group gone`, async () => {
      const project = cancelProject(body);
      const live = startCli(['provision', '-e', 'dev'], { cwd: project, env: baseEnv() });
      const started = await eventually(
        () => live.state.stdout.includes('slow-started') && existsSync(path.join(project, 'bg.pid')),
        15_000,
      );
      assert.ok(started, `the slow script never started:\n${live.state.stdout}\n${live.state.stderr}`);
      const bgPid = Number(read(project, 'bg.pid').trim());
      const scriptPid = Number(read(project, 'script.pid').trim());
      assert.ok(bgPid > 0 && scriptPid > 0);

      const sentAt = Date.now();
      live.child.kill(signal);
      const timer = setTimeout(() => live.child.kill('SIGKILL'), 15_000);
      const exit = await live.exited;
      clearTimeout(timer);
      const took = exit.at - sentAt;
      assert.ok(took < limitMs, `the CLI took ${took} ms to exit after ${signal}`);
      assert.equal(
        exit.code,
        130,
        `exit ${exit.code} (signal ${exit.signal})\n${live.state.stdout}\n${live.state.stderr}`,
      );
      const all = live.state.stdout + live.state.stderr;
      assert.match(all, /Cancelled/);
      assert.ok(
        lines(all).some((l) => l.includes('Cancelled') && l.includes('slow-step')),
        `no "Cancelled ... slow-step" message:\n${all}`,
      );
      assert.match(dotenvOf(project, 'dev')!, /^FIRST_OUT="kept"$/m);
      assert.deepEqual(recordedOutputs(project), ['FIRST_OUT']);
      assert.equal(existsSync(path.join(project, 'never.marker')), false, 'a script ran after the cancel');
      assert.equal(existsSync(path.join(project, 'slow.finished')), false);
      // No lock or temp file left behind in the environment.
      // .env.lock is azd's lock file: it stays, as azd leaves it (DESIGN section 7).
      assert.deepEqual(readdirSync(path.join(project, '.azure', 'dev')).sort(), ['.env', '.env.lock', 'config.json']);

      const gone = await eventually(() => isGone(bgPid) && isGone(scriptPid), 3000);
      if (!gone) {
        for (const pid of [bgPid, scriptPid]) if (!isGone(pid)) process.kill(pid, 'SIGKILL');
      }
      assert.ok(
        gone,
        `process(es) of the script's group outlived the CLI: ${[bgPid, scriptPid].filter((p) => !isGone(p))}`,
      );
      assert.deepEqual(groupMembers(scriptPid), []);
    });
  }
});
