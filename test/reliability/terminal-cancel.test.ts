/**
 * Issue 11.9: the CLI on a terminal (the script shares our process group so it reads the terminal and gets
 * Ctrl-C) leaves nothing of a cancelled script behind: a background job (`sleep 1000 &`, which a non-interactive
 * bash starts with SIGINT ignored) is reaped after Ctrl-C and after SIGTERM, as in the CI paths.
 */
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as pty from 'node-pty';
import { CLI, alive, azureYaml, baseEnv, eventually, makeProject } from '../helpers.js';
import { fault, processesIn, rit, settleProcessesIn, sleep } from './support.js';

function project(): string {
  return makeProject({
    'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/long.sh' }] }),
    'scripts/long.sh':
      '#!/usr/bin/env bash\nsleep 1000 &\necho $! > bg.pid\n( sleep 1000 ) &\necho READY-TO-CANCEL\nsleep 1000\n',
  });
}

async function runOnTerminal(root: string, cancel: (term: pty.IPty) => void): Promise<string> {
  let out = '';
  const term = pty.spawn(process.execPath, [CLI, 'provision', '-e', 'dev'], {
    name: 'xterm-256color',
    cols: 120,
    rows: 40,
    cwd: root,
    env: baseEnv({ TERM: 'xterm-256color' }),
  });
  term.onData((d) => (out += d));
  const exited = new Promise<void>((resolve) => term.onExit(() => resolve()));
  assert.ok(
    await eventually(() => out.includes('READY-TO-CANCEL') && existsSync(path.join(root, 'bg.pid')), 15_000),
    out,
  );
  await sleep(100);
  cancel(term);
  fault();
  const timeout = sleep(20_000).then(() => 'timeout');
  assert.notEqual(
    await Promise.race([exited.then(() => 'exited'), timeout]),
    'timeout',
    `the CLI did not exit:\n${out}`,
  );
  return out;
}

describe("issue 11.9: the CLI on a terminal reaps a cancelled script's descendants", () => {
  for (const how of ['Ctrl-C', 'SIGTERM'] as const) {
    rit(
      `${how}: the script's background jobs do not outlive the run`,
      async () => {
        const root = project();
        const out = await runOnTerminal(root, (term) =>
          how === 'Ctrl-C' ? term.write('\u0003') : process.kill(term.pid, 'SIGTERM'),
        );
        assert.match(out, /[Cc]ancelled/);
        const bg = Number(readFileSync(path.join(root, 'bg.pid'), 'utf8').trim());
        const gone = await eventually(() => !alive(bg) && processesIn(root).length === 0, 5000);
        const left = await settleProcessesIn(root, 10);
        assert.ok(gone, `left running after the CLI exited: ${left.join(', ')}\n${out}`);
      },
      { timeout: 60_000 },
    );
  }
});
