/**
 * Issue 11.9: the CLI on a terminal (the script shares our process group so it reads the terminal and gets
 * Ctrl-C) leaves nothing of a cancelled script behind: a background job (`sleep 1000 &`, which a non-interactive
 * bash starts with SIGINT ignored) is reaped after Ctrl-C and after SIGTERM, as in the CI paths.
 *
 * The CLI runs under a shell on a real pseudo-terminal, as a person starts it: the shell leads the session and
 * outlives the CLI (else the kernel's hang-up on the session leader's exit would kill the leftovers for us).
 */
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import * as pty from 'node-pty';
import { CLI, azureYaml, baseEnv, eventually, makeProject } from '../helpers.js';
import { fault, processesIn, rit, settleProcessesIn, sleep } from './support.js';

function project(): string {
  return makeProject({
    'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/long.sh' }] }),
    'scripts/long.sh': '#!/usr/bin/env bash\nsleep 1000 &\n( sleep 1000 ) &\necho READY-TO-CANCEL\nsleep 1000\n',
  });
}

/** Children of `pid`, from /proc. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .filter((n) => {
      try {
        const stat = readFileSync(`/proc/${n}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

function commandOf(pid: number): string {
  try {
    return `${pid} (${readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()})`;
  } catch {
    return String(pid);
  }
}

describe("issue 11.9: the CLI on a terminal reaps a cancelled script's descendants", () => {
  for (const how of ['Ctrl-C', 'SIGTERM'] as const) {
    rit(
      `${how}: the script's background jobs do not outlive the run`,
      async () => {
        const root = project();
        let out = '';
        // The shell traps INT (so Ctrl-C does not end it) and stays for a while after the CLI exits.
        const command = `trap 'echo shell-got-int' INT; ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} provision -e dev; echo "CLI-EXITED $?"; sleep 30`;
        const term = pty.spawn('bash', ['-c', command], {
          name: 'xterm-256color',
          cols: 160,
          rows: 40,
          cwd: root,
          env: baseEnv({ TERM: 'xterm-256color' }),
        });
        term.onData((d) => (out += d));
        try {
          assert.ok(await eventually(() => out.includes('READY-TO-CANCEL'), 15_000), out);
          await sleep(200);
          if (how === 'Ctrl-C') term.write('\u0003');
          else {
            const cli = childrenOf(term.pid);
            assert.equal(cli.length, 1, `the CLI under the shell: ${cli.join(', ')}`);
            process.kill(cli[0]!, 'SIGTERM');
          }
          fault();
          assert.ok(await eventually(() => out.includes('CLI-EXITED'), 20_000), `the CLI did not exit:\n${out}`);
          assert.match(out, /[Cc]ancelled/);
          // The shell and its own `sleep 30` work in the project folder too.
          const shell = () => [term.pid, ...childrenOf(term.pid)];
          const leftovers = () => processesIn(root).filter((p) => !shell().includes(p));
          const gone = await eventually(() => leftovers().length === 0, 5000);
          assert.ok(gone, `left running after the CLI exited: ${leftovers().map(commandOf).join(', ')}\n${out}`);
        } finally {
          term.kill('SIGKILL');
          await settleProcessesIn(root, 10);
        }
      },
      { timeout: 60_000 },
    );
  }
});
