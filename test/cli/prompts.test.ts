/**
 * Interactive parameters through the built CLI on a real pseudo-terminal (PRD REQ-3.3 step 3, REQ-3.4, REQ-3.5,
 * REQ-7.2; DESIGN section 4 step 5): prompts labelled with `name`, secrets not echoed, typed validation, the
 * AZURE_LOCATION / AZURE_SUBSCRIPTION_ID pick-lists filled by `az`, persistence of answers, `down`
 * confirmation, and Ctrl-C.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as pty from 'node-pty';
import { CLI, azureYaml, baseEnv, dotenvOf, makeProject, readIf, standIn } from '../helpers.js';

const ENV = 'dev';
const WAIT_MS = 10_000;

const ANSI =
  // eslint-disable-next-line no-control-regex
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[()][0-9A-Za-z]|\u001b[=>78]/g;

function strip(text: string): string {
  return text.replace(ANSI, '');
}

const SECRET = 'Zq8-hunter2-Vx';
const UP = '\u001b[A';
const DOWN = '\u001b[B';
const CTRL_C = '\u0003';
const CLEAR_LINE = '\u0015';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The CLI on a pseudo-terminal: everything it prints is collected; waits poll the collected text. */
class Session {
  raw = '';
  exit: { exitCode: number; signal?: number } | undefined;
  private readonly proc: pty.IPty;
  private readonly exited: Promise<{ exitCode: number; signal?: number }>;

  constructor(args: string[], options: { cwd: string; env: Record<string, string> }) {
    this.proc = pty.spawn(process.execPath, [CLI, ...args], {
      name: 'xterm-256color',
      cols: 120,
      rows: 40,
      cwd: options.cwd,
      env: options.env,
    });
    this.proc.onData((d) => (this.raw += d));
    this.exited = new Promise((resolve) =>
      this.proc.onExit((e) => {
        this.exit = e;
        resolve(e);
      }),
    );
  }

  get text(): string {
    return strip(this.raw);
  }

  /** Waits until the text printed after offset `since` of `text` matches; returns the offset just after the match. */
  async waitFor(pattern: RegExp, since = 0, timeoutMs = WAIT_MS): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const text = this.text;
      const match = pattern.exec(text.slice(since));
      if (match) return since + match.index + match[0].length;
      if (this.exit) assert.fail(`the CLI exited (${JSON.stringify(this.exit)}) before ${pattern} appeared:\n${text}`);
      if (Date.now() > deadline) assert.fail(`timed out waiting for ${pattern}; output so far:\n${text}`);
      await sleep(25);
    }
  }

  /** Types `data` once the prompt has had a moment to start listening. */
  async type(data: string): Promise<void> {
    await sleep(100);
    this.proc.write(data);
  }

  /** The entry of a pick-list under the cursor (❯), as last drawn. */
  selected(): string {
    const text = this.text;
    const i = text.lastIndexOf('❯');
    return i < 0 ? '' : (text.slice(i + 1).split(/\r?\n/)[0] ?? '').trim();
  }

  /** Moves the pick-list cursor with the arrow keys until the entry matching `entry` is selected, then Enter. */
  async choose(entry: RegExp, maxSteps = 10): Promise<void> {
    await this.waitFor(/❯/);
    for (const key of [DOWN, UP]) {
      for (let step = 0; step < maxSteps && !entry.test(this.selected()); step++) {
        const before = this.raw.length;
        await this.type(key);
        const deadline = Date.now() + WAIT_MS;
        while (this.raw.length === before || !strip(this.raw.slice(before)).includes('❯')) {
          if (Date.now() > deadline) assert.fail(`no redraw after an arrow key:\n${this.text}`);
          await sleep(25);
        }
        await sleep(50);
      }
      if (entry.test(this.selected())) break;
    }
    assert.match(this.selected(), entry, `could not select ${entry}:\n${this.text}`);
    await this.type('\r');
  }

  async waitExit(timeoutMs = 15_000): Promise<{ exitCode: number; signal?: number }> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the CLI did not exit within ${timeoutMs} ms; output:\n${this.text}`)),
        timeoutMs,
      );
    });
    try {
      return await Promise.race([this.exited, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  kill(): void {
    if (this.exit) return;
    try {
      this.proc.kill();
    } catch {
      // already gone
    }
  }
}

/** Runs `body` with a session and always kills the CLI afterwards. */
async function withSession<T>(
  args: string[],
  options: { cwd: string; env: Record<string, string> },
  body: (s: Session) => Promise<T>,
): Promise<T> {
  const session = new Session(args, options);
  try {
    return await body(session);
  } finally {
    session.kill();
  }
}

/** PATH without any folder that holds an `az`, optionally with `extra` in front. */
function pathWithoutAz(extra?: string): string {
  const dirs = (process.env.PATH ?? '/usr/bin:/bin')
    .split(path.delimiter)
    .filter((d) => d && !existsSync(path.join(d, 'az')));
  return [...(extra ? [extra] : []), ...dirs].join(path.delimiter);
}

/** An interactive environment: a terminal, no CI. */
function ttyEnv(extra: Record<string, string> = {}, binDir?: string): Record<string, string> {
  return baseEnv({ TERM: 'xterm-256color', PATH: pathWithoutAz(binDir), ...extra });
}

const DUMP = `#!/usr/bin/env bash\nset -e\nenv -0 > "$PWD/dump.env"\ntouch "$PWD/ran.marker"\n`;

function scriptEnv(root: string): Map<string, string> | undefined {
  const text = readIf(path.join(root, 'dump.env'));
  if (text === undefined) return undefined;
  const env = new Map<string, string>();
  for (const entry of text.split('\0')) {
    const eq = entry.indexOf('=');
    if (eq > 0) env.set(entry.slice(0, eq), entry.slice(eq + 1));
  }
  return env;
}

function ran(root: string): boolean {
  return existsSync(path.join(root, 'ran.marker'));
}

const PRD_PARAMETERS = JSON.stringify(
  {
    parameters: {
      AZURE_LOCATION: { type: 'string', value: '${AZURE_LOCATION}' },
      DB_NAME: { type: 'string', value: 'mydb-${AZURE_ENV_NAME}' },
      DB_PASSWORD: { type: 'string', name: 'Database Password', secret: true },
      REPLICA_COUNT: { type: 'integer' },
    },
  },
  null,
  2,
);

function prdProject(): string {
  return makeProject({
    'azure.yaml': azureYaml({
      provision: [{ shell: 'bash', run: 'scripts/dump.sh', parameters: 'scripts/main.parameters.json' }],
      destroy: [{ shell: 'bash', run: 'scripts/dump.sh' }],
    }),
    'scripts/dump.sh': DUMP,
    'scripts/main.parameters.json': PRD_PARAMETERS,
  });
}

const LOCATIONS = JSON.stringify([
  { name: 'westeurope', displayName: 'West Europe', metadata: { regionType: 'Physical' } },
  { name: 'eastus', displayName: 'East US', metadata: { regionType: 'Physical' } },
]);
const SUBSCRIPTIONS = JSON.stringify([
  { id: '11111111-1111-1111-1111-111111111111', name: 'Sub One', isDefault: false, state: 'Enabled' },
  { id: '22222222-2222-2222-2222-222222222222', name: 'Sub Two', isDefault: true, state: 'Enabled' },
]);

/** A stand-in `az` that answers `account list-locations` and `account list`. */
function fakeAz(): { dir: string; argvFile: string } {
  return standIn(
    'az',
    [
      `if [ "$1 $2" = "account list-locations" ]; then printf '%s\\n' '${LOCATIONS}'; exit 0; fi`,
      `if [ "$1 $2" = "account list" ]; then printf '%s\\n' '${SUBSCRIPTIONS}'; exit 0; fi`,
      'echo "unexpected az call: $*" >&2; exit 1',
    ].join('\n'),
  );
}

describe('REQ-3.3/3.5 + REQ-7.2: prompts for unresolved parameters on a terminal', () => {
  it('prompts with name labels, hides the secret, re-asks an invalid integer, persists non-secrets, and does not re-prompt them', async () => {
    const root = prdProject();
    const env = ttyEnv();

    await withSession(['provision', '-e', ENV], { cwd: root, env }, async (s) => {
      // Without az on PATH: a line says why, then a plain text prompt labelled with the key.
      await s.waitFor(/AZURE_LOCATION:.*\baz\b.*not on PATH/);
      let at = await s.waitFor(/\? AZURE_LOCATION/);
      await s.type('westeurope\r');

      at = await s.waitFor(/\? Database Password/, at);
      assert.doesNotMatch(s.text, /\? DB_PASSWORD/, 'the prompt uses the name, not the key');
      await s.type(SECRET + '\r');

      at = await s.waitFor(/\? REPLICA_COUNT/, at);
      await s.type('abc\r');
      at = await s.waitFor(/REPLICA_COUNT must be an integer/, at);
      await s.type(CLEAR_LINE);
      await s.type('4\r');

      await s.waitFor(/SUCCESS: provisioned environment/, at);
      const exit = await s.waitExit();
      assert.equal(exit.exitCode, 0, s.text);
      assert.ok(!s.raw.includes(SECRET), `the secret was echoed:\n${s.text}`);
      assert.ok(!s.raw.includes('Zq8'), 'not even a part of the secret is echoed');
    });

    const got = scriptEnv(root)!;
    assert.equal(got.get('AZURE_LOCATION'), 'westeurope');
    assert.equal(got.get('DB_NAME'), 'mydb-dev');
    assert.equal(got.get('DB_PASSWORD'), SECRET);
    assert.equal(got.get('REPLICA_COUNT'), '4');
    const dotenv = dotenvOf(root, ENV)!;
    assert.match(dotenv, /^AZURE_LOCATION="westeurope"$/m);
    assert.match(dotenv, /^REPLICA_COUNT=4$/m);
    assert.doesNotMatch(dotenv, /DB_PASSWORD/);
    assert.ok(!dotenv.includes(SECRET));
    assert.ok(!(readIf(path.join(root, '.azure', ENV, 'config.json')) ?? '').includes(SECRET));

    // Second run: only the secret is asked again.
    await withSession(['provision', '-e', ENV], { cwd: root, env }, async (s) => {
      await s.waitFor(/\? Database Password/);
      assert.doesNotMatch(s.text, /\? AZURE_LOCATION|\? REPLICA_COUNT/);
      await s.type('second-secret-9\r');
      const exit = await s.waitExit();
      assert.equal(exit.exitCode, 0, s.text);
      assert.doesNotMatch(s.text, /\? AZURE_LOCATION|\? REPLICA_COUNT/);
      assert.ok(!s.raw.includes('second-secret-9'));
    });
    const again = scriptEnv(root)!;
    assert.equal(again.get('AZURE_LOCATION'), 'westeurope');
    assert.equal(again.get('REPLICA_COUNT'), '4');
    assert.equal(again.get('DB_PASSWORD'), 'second-secret-9');
  });

  it('does not prompt with --no-prompt or CI=true even on a terminal: one error lists every key', async () => {
    for (const [args, extra] of [
      [['--no-prompt'], {}],
      [[], { CI: 'true' }],
    ] as const) {
      const root = prdProject();
      await withSession(['provision', '-e', ENV, ...args], { cwd: root, env: ttyEnv(extra) }, async (s) => {
        const exit = await s.waitExit();
        assert.equal(exit.exitCode, 1, s.text);
        assert.doesNotMatch(s.text, /\? /, 'no prompt');
        for (const key of ['AZURE_LOCATION', 'DB_PASSWORD', 'REPLICA_COUNT']) assert.match(s.text, new RegExp(key));
        assert.match(s.text, /azd env set/);
      });
      assert.equal(ran(root), false);
    }
  });
});

describe('REQ-3.4: AZURE_LOCATION and AZURE_SUBSCRIPTION_ID pick-lists', () => {
  it('offers a location pick-list from `az account list-locations`; the choice reaches the script and .env', async () => {
    const root = prdProject();
    const az = fakeAz();
    await withSession(['provision', '-e', ENV], { cwd: root, env: ttyEnv({}, az.dir) }, async (s) => {
      let at = await s.waitFor(/\? AZURE_LOCATION/);
      await s.waitFor(/East US \(eastus\)[\s\S]*West Europe \(westeurope\)|West Europe[\s\S]*East US/);
      assert.doesNotMatch(s.text, /not on PATH/);
      await s.choose(/West Europe/);
      at = await s.waitFor(/✔ AZURE_LOCATION.*westeurope/, at);

      at = await s.waitFor(/\? Database Password/, at);
      await s.type(SECRET + '\r');
      await s.waitFor(/\? REPLICA_COUNT/, at);
      await s.type('2\r');
      const exit = await s.waitExit();
      assert.equal(exit.exitCode, 0, s.text);
      assert.ok(!s.raw.includes(SECRET));
    });
    assert.equal(scriptEnv(root)!.get('AZURE_LOCATION'), 'westeurope');
    assert.match(dotenvOf(root, ENV)!, /^AZURE_LOCATION="westeurope"$/m);
    assert.match(readFileSync(az.argvFile, 'utf8'), /^list-locations$/m);
  });

  const SUB_PARAMETERS = JSON.stringify({
    parameters: { AZURE_SUBSCRIPTION_ID: { type: 'string', value: '${AZURE_SUBSCRIPTION_ID}' } },
  });
  const subProject = () =>
    makeProject({
      'azure.yaml': azureYaml({
        provision: [{ shell: 'bash', run: 'scripts/dump.sh', parameters: 'scripts/main.parameters.json' }],
      }),
      'scripts/dump.sh': DUMP,
      'scripts/main.parameters.json': SUB_PARAMETERS,
    });

  it('offers a subscription pick-list from `az account list`; the choice reaches the script', async () => {
    const root = subProject();
    const az = fakeAz();
    await withSession(['provision', '-e', ENV], { cwd: root, env: ttyEnv({}, az.dir) }, async (s) => {
      await s.waitFor(/\? AZURE_SUBSCRIPTION_ID/);
      await s.waitFor(/Sub One[\s\S]*Sub Two|Sub Two[\s\S]*Sub One/);
      await s.choose(/Sub One/);
      const exit = await s.waitExit();
      assert.equal(exit.exitCode, 0, s.text);
    });
    assert.equal(scriptEnv(root)!.get('AZURE_SUBSCRIPTION_ID'), '11111111-1111-1111-1111-111111111111');
    assert.match(dotenvOf(root, ENV)!, /^AZURE_SUBSCRIPTION_ID="11111111-1111-1111-1111-111111111111"$/m);
    assert.match(readFileSync(az.argvFile, 'utf8'), /^account\nlist\n/m);
  });

  it('without az on PATH asks for the subscription as text and says why there is no list', async () => {
    const root = subProject();
    await withSession(['provision', '-e', ENV], { cwd: root, env: ttyEnv() }, async (s) => {
      await s.waitFor(/AZURE_SUBSCRIPTION_ID:.*\baz\b.*not on PATH/);
      await s.waitFor(/\? AZURE_SUBSCRIPTION_ID/);
      await s.type('33333333-3333-3333-3333-333333333333\r');
      const exit = await s.waitExit();
      assert.equal(exit.exitCode, 0, s.text);
    });
    assert.equal(scriptEnv(root)!.get('AZURE_SUBSCRIPTION_ID'), '33333333-3333-3333-3333-333333333333');
  });

  it('when `az` fails (not logged in) asks as text and says why', async () => {
    const root = subProject();
    const az = standIn('az', 'echo "ERROR: Please run \'az login\' to setup account." >&2; exit 1');
    await withSession(['provision', '-e', ENV], { cwd: root, env: ttyEnv({}, az.dir) }, async (s) => {
      await s.waitFor(/AZURE_SUBSCRIPTION_ID:.*az login/);
      await s.waitFor(/\? AZURE_SUBSCRIPTION_ID/);
      await s.type('55555555-5555-5555-5555-555555555555\r');
      const exit = await s.waitExit();
      assert.equal(exit.exitCode, 0, s.text);
    });
    assert.equal(scriptEnv(root)!.get('AZURE_SUBSCRIPTION_ID'), '55555555-5555-5555-5555-555555555555');
  });

  it('does not offer a pick-list when the value is known (OS env, copied into the new azd env)', async () => {
    const root = subProject();
    const az = fakeAz();
    const env = ttyEnv({ AZURE_SUBSCRIPTION_ID: '44444444-4444-4444-4444-444444444444' }, az.dir);
    await withSession(['provision', '-e', ENV], { cwd: root, env }, async (s) => {
      const exit = await s.waitExit();
      assert.equal(exit.exitCode, 0, s.text);
      assert.doesNotMatch(s.text, /\? AZURE_SUBSCRIPTION_ID/);
    });
    assert.equal(scriptEnv(root)!.get('AZURE_SUBSCRIPTION_ID'), '44444444-4444-4444-4444-444444444444');
    assert.equal(readIf(az.argvFile), undefined, 'az was not called');
  });
});

describe('DESIGN 3: down on a terminal asks for confirmation', () => {
  const setup = () =>
    makeProject({
      'azure.yaml': azureYaml({
        provision: [{ shell: 'bash', run: 'scripts/dump.sh' }],
        destroy: [{ shell: 'bash', run: 'scripts/dump.sh' }],
      }),
      'scripts/dump.sh': DUMP,
    });

  it('answering no runs nothing', async () => {
    const root = setup();
    await withSession(['down', '-e', ENV], { cwd: root, env: ttyEnv() }, async (s) => {
      await s.waitFor(/\? .*destroy script/);
      await s.type('n\r');
      const exit = await s.waitExit();
      assert.notEqual(exit.exitCode, 0);
      assert.match(s.text, /no destroy script was run/i);
    });
    assert.equal(ran(root), false);
  });

  it('answering yes runs the destroy scripts', async () => {
    const root = setup();
    await withSession(['down', '-e', ENV], { cwd: root, env: ttyEnv() }, async (s) => {
      await s.waitFor(/\? .*destroy script/);
      await s.type('y\r');
      const exit = await s.waitExit();
      assert.equal(exit.exitCode, 0, s.text);
    });
    assert.equal(ran(root), true);
  });

  it('--force does not ask', async () => {
    const root = setup();
    await withSession(['down', '-e', ENV, '--force'], { cwd: root, env: ttyEnv() }, async (s) => {
      const exit = await s.waitExit();
      assert.equal(exit.exitCode, 0, s.text);
      assert.doesNotMatch(s.text, /\? /);
    });
    assert.equal(ran(root), true);
  });
});

describe('issue 10.10: declining the down confirmation is a plain line, not an error', () => {
  it('answering no prints "down was not confirmed…" without error:/hint: or a FAILED line, and exits 1', async () => {
    const root = makeProject({
      'azure.yaml': azureYaml({ destroy: [{ shell: 'bash', run: 'scripts/dump.sh' }] }),
      'scripts/dump.sh': DUMP,
    });
    await withSession(['down', '-e', ENV], { cwd: root, env: ttyEnv() }, async (s) => {
      const at = await s.waitFor(/\? .*destroy script/);
      await s.type('n\r');
      const exit = await s.waitExit();
      assert.equal(exit.exitCode, 1, s.text);
      const after = s.text.slice(at);
      assert.match(after, /^down was not confirmed: no destroy script was run, environment "dev" is unchanged\.\r?$/m);
      assert.doesNotMatch(after, /error:|hint:|FAILED:/);
    });
    assert.equal(ran(root), false);
  });
});

describe('Ctrl-C at a prompt', () => {
  it('ends the CLI without a stack trace; nothing ran and nothing was written', async () => {
    const root = prdProject();
    await withSession(['provision', '-e', ENV], { cwd: root, env: ttyEnv() }, async (s) => {
      await s.waitFor(/\? AZURE_LOCATION/);
      await s.type(CTRL_C);
      const exit = await s.waitExit();
      assert.notEqual(exit.exitCode, 0);
      assert.doesNotMatch(s.text, /^\s+at .+:\d+:\d+\)?$/m, 'no stack trace');
      assert.doesNotMatch(s.text, /ExitPromptError/);
    });
    assert.equal(ran(root), false);
    assert.equal(dotenvOf(root, ENV), undefined);
  });

  it('is reported as a cancellation (exit 130), not as an unexpected error', async () => {
    const root = prdProject();
    await withSession(['provision', '-e', ENV], { cwd: root, env: ttyEnv() }, async (s) => {
      await s.waitFor(/\? AZURE_LOCATION/);
      await s.type('west');
      await s.type(CTRL_C);
      const exit = await s.waitExit();
      assert.doesNotMatch(s.text, /Unexpected error|bug in azd-scripts/, s.text);
      assert.equal(exit.exitCode, 130, s.text);
    });
    assert.equal(ran(root), false);
  });
});
