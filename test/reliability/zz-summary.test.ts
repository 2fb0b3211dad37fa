/**
 * The reliability suite's one summary line (reliability item 8). Runs last: waits until every other file of
 * test/reliability that this test run started has reported its tally (support.ts writes it when the file ends),
 * then prints `reliability: N faults injected, N bad inputs tried, N failures`.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TALLY_DIR, reporting, sleep, type Tally } from './support.js';

reporting.enabled = false;

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SELF = fileURLToPath(import.meta.url);

/** The other reliability test files this test run includes, read from the test runner's command line. */
function expectedFiles(): string[] {
  let argv: string[];
  try {
    argv = readFileSync(`/proc/${process.ppid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
  return argv
    .filter((a) => a.endsWith('.test.ts'))
    .map((a) => path.resolve(a))
    .filter((a) => path.dirname(a) === HERE && a !== SELF);
}

interface Report extends Tally {
  pid: number;
  file: string;
}

function reports(): Report[] {
  if (!existsSync(TALLY_DIR)) return [];
  return readdirSync(TALLY_DIR)
    .filter((n) => n.endsWith('.json') && n !== `${process.pid}.json`)
    .flatMap((n) => {
      try {
        return [JSON.parse(readFileSync(path.join(TALLY_DIR, n), 'utf8')) as Report];
      } catch {
        return []; // being written
      }
    });
}

describe('reliability summary', () => {
  it('prints one line: faults injected, bad inputs tried, failures', async () => {
    const expected = expectedFiles();
    const deadline = Date.now() + 240_000;
    while (reports().length < expected.length && Date.now() < deadline) await sleep(200);
    const got = reports();
    const missing = expected.length - got.length;
    const sum = (k: keyof Tally) => got.reduce((n, r) => n + r[k], 0);
    // failed tests, tests that never settled (timed out), and files that never reported
    const failures = sum('failed') + (sum('tests') - sum('settled')) + Math.max(0, missing);
    process.stdout.write(
      `reliability: ${sum('faults')} faults injected, ${sum('inputs')} bad inputs tried, ${failures} failures\n`,
    );
    rmSync(TALLY_DIR, { recursive: true, force: true });
    assert.ok(missing <= 0, `${missing} reliability test file(s) never reported (crashed or timed out)`);
  });
});
