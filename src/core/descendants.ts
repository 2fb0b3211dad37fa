/**
 * A script's descendants when it shares our process group (the CLI on a terminal, issue 11.9): they cannot be
 * signalled as a group, and once the script exits they are reparented to init, out of reach of a parent-child
 * walk. So each such script gets a marker in its environment, which every descendant inherits: on Linux the
 * processes carrying it are found in /proc/<pid>/environ, orphans included. Elsewhere (macOS) the tree under the
 * script is read with `ps` while the script still runs (at cancel time).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';

export const MARKER_NAME = 'AZD_SCRIPTS_RUN_ID';

export function newMarker(): string {
  return randomBytes(8).toString('hex');
}

/** Linux: live processes (other than us) whose environment holds MARKER_NAME=marker. */
function markedProcesses(marker: string): number[] {
  const needle = Buffer.from(`\0${MARKER_NAME}=${marker}\0`);
  const first = Buffer.from(`${MARKER_NAME}=${marker}\0`);
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const environ = readFileSync(`/proc/${name}/environ`);
      if (environ.includes(needle) || environ.subarray(0, first.length).equals(first)) found.push(Number(name));
    } catch {
      // gone meanwhile, or another user's process
    }
  }
  return found;
}

/** Processes under `pid` (not `pid` itself), from `ps`. */
function treeUnder(pid: number): number[] {
  let text: string;
  try {
    text = execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8', timeout: 5000 });
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  for (const line of text.split('\n')) {
    const [p, pp] = line.trim().split(/\s+/).map(Number);
    if (!p || pp === undefined || Number.isNaN(pp)) continue;
    children.set(pp, [...(children.get(pp) ?? []), p]);
  }
  const out: number[] = [];
  const stack = [...(children.get(pid) ?? [])];
  while (stack.length > 0) {
    const p = stack.pop()!;
    if (p === process.pid || out.includes(p)) continue;
    out.push(p);
    stack.push(...(children.get(p) ?? []));
  }
  return out;
}

/**
 * The descendants of one script that shares our process group. `snapshot` is called while the script runs (at
 * cancel time); `remaining` after it exited.
 */
export class Descendants {
  private seen: number[] = [];

  constructor(private readonly marker: string) {}

  snapshot(scriptPid: number | undefined): void {
    if (process.platform === 'linux' || scriptPid === undefined) return;
    this.seen = treeUnder(scriptPid);
  }

  remaining(): number[] {
    if (process.platform === 'linux') return markedProcesses(this.marker);
    return this.seen.filter((pid) => isAlive(pid));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
