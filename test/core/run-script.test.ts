/**
 * Unit tests of one script run (PRD REQ-2, REQ-6.1; DESIGN section 3): exit code and signal, closed stdin, the
 * exact environment, output forwarding with backpressure, the bounded stderr tail, and cancellation of the
 * script's whole process group.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Cancellation } from '../../src/core/host.js';
import { StderrTail, runScript, type RunScriptOptions } from '../../src/core/run-script.js';
import { findExecutable } from '../../src/core/shells.js';
import { makeProject, eventually } from '../helpers.js';

const BASH = findExecutable('bash', process.env) ?? '/bin/bash';

function sink(options: { delayMs?: number; highWaterMark?: number } = {}) {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    highWaterMark: options.highWaterMark ?? 16 * 1024,
    write(chunk: Buffer, _enc, cb) {
      chunks.push(Buffer.from(chunk));
      if (options.delayMs) setTimeout(cb, options.delayMs);
      else cb();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8'), bytes: () => Buffer.concat(chunks).length };
}

function script(body: string, extra: Partial<RunScriptOptions> = {}) {
  const dir = makeProject({ 's.sh': `#!/usr/bin/env bash\n${body}\n` });
  const out = sink();
  const err = sink();
  const cancellation = new Cancellation();
  const options: RunScriptOptions = {
    executable: BASH,
    args: [path.join(dir, 's.sh')],
    cwd: dir,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    stdin: 'closed',
    stdout: out.stream,
    stderr: err.stream,
    stderrLines: 50,
    cancellation,
    ...extra,
  };
  return { dir, out, err, cancellation, run: () => runScript(options) };
}

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

describe('REQ-6.1: StderrTail', () => {
  const tailOf = (maxLines: number, chunks: Array<string | Buffer>, maxBytes?: number) => {
    const tail = maxBytes === undefined ? new StderrTail(maxLines) : new StderrTail(maxLines, maxBytes);
    for (const c of chunks) tail.push(typeof c === 'string' ? Buffer.from(c) : c);
    return tail.text();
  };

  it('keeps the last N lines across chunk boundaries', () => {
    assert.equal(tailOf(2, ['ab', 'c\nde', 'f\n', 'g']), 'def\ng');
    assert.equal(tailOf(2, ['a\nb\nc\n']), 'b\nc');
    assert.equal(tailOf(50, ['x\ny']), 'x\ny');
    assert.equal(tailOf(3, ['a\n\nb\n']), 'a\n\nb');
  });

  it('keeps exactly lines 151..200 of 200 with the default 50, whatever the chunking', () => {
    const all = Array.from({ length: 200 }, (_, i) => `line ${i + 1}\n`).join('');
    const expected = Array.from({ length: 50 }, (_, i) => `line ${i + 151}`).join('\n');
    assert.equal(tailOf(50, [all]), expected);
    assert.equal(tailOf(50, all.split('')), expected);
    assert.equal(tailOf(50, all.match(/[\s\S]{1,7}/g)!), expected);
  });

  it('keeps nothing for 0 lines or no input', () => {
    assert.equal(tailOf(0, ['a\nb\n']), '');
    assert.equal(tailOf(5, []), '');
  });

  it('drops CR of CRLF line ends and joins a UTF-8 character split across chunks', () => {
    assert.equal(tailOf(5, ['a\r\nb\r\n']), 'a\nb');
    const e = Buffer.from('é\n');
    assert.equal(tailOf(5, [e.subarray(0, 1), e.subarray(1)]), 'é');
  });

  it('bounds a stream without line breaks by bytes, keeping its end', () => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const chunks = Array.from({ length: 48 }, () => chunk); // 3 MiB
    const text = tailOf(50, [...chunks, Buffer.from('THE-END')], 1024 * 1024);
    assert.ok(text.length <= 1024 * 1024, `kept ${text.length} bytes`);
    assert.ok(text.endsWith('aaaTHE-END'));
  });
});

describe('REQ-2: runScript', () => {
  it('reports the exit code and the stderr tail', async () => {
    const s = script('echo out; echo err1 >&2; echo err2 >&2; exit 7', { stderrLines: 1 });
    const exit = await s.run();
    assert.equal(exit.exitCode, 7);
    assert.equal(exit.signal, null);
    assert.equal(exit.cancelled, false);
    assert.equal(exit.stderrTail, 'err2');
    assert.equal(s.out.text(), 'out\n');
    assert.equal(s.err.text(), 'err1\nerr2\n');
  });

  for (const signal of ['TERM', 'KILL'] as const) {
    it(`reports SIG${signal} for a script that kills itself`, async () => {
      const exit = await script(`kill -${signal} $$`).run();
      assert.equal(exit.exitCode, null);
      assert.equal(exit.signal, `SIG${signal}`);
      assert.equal(exit.cancelled, false);
    });
  }

  it('gives the script an EOF stdin, the cwd and exactly the environment passed', async () => {
    const s = script('read -r x; echo "read=$?"; pwd -P; echo "foo=$FOO home=${HOME-unset}"', {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', FOO: 'bar baz' },
    });
    const exit = await s.run();
    assert.equal(exit.exitCode, 0);
    assert.equal(s.out.text(), `read=1\n${s.dir}\nfoo=bar baz home=unset\n`);
  });

  it('returns a spawn error instead of throwing when the shell cannot start', async () => {
    const exit = await script('true', { executable: '/nonexistent/bash-xyz' }).run();
    assert.ok(exit.spawnError, 'no spawnError');
    assert.equal(exit.exitCode, null);
  });

  it('forwards everything to a slow sink (backpressure), in order', async () => {
    const slow = sink({ delayMs: 1, highWaterMark: 1024 });
    const s = script('for i in $(seq 1 20000); do echo "line $i"; done', { stdout: slow.stream });
    const exit = await s.run();
    assert.equal(exit.exitCode, 0);
    await new Promise<void>((resolve) => slow.stream.end(resolve));
    const expected = Array.from({ length: 20000 }, (_, i) => `line ${i + 1}\n`).join('');
    assert.equal(slow.text(), expected);
  });

  for (const size of [100_000, 200_000, 400_000]) {
    it(`loses nothing of ${size / 1000} kB when the sink stalls once for 800 ms (backpressure is not idleness)`, async () => {
      let first = true;
      const chunks: Buffer[] = [];
      const stalled = new Writable({
        highWaterMark: 1024,
        write(chunk: Buffer, _enc, cb) {
          chunks.push(Buffer.from(chunk));
          if (first) {
            first = false;
            setTimeout(cb, 800);
          } else cb();
        },
      });
      const s = script(`head -c ${size} /dev/zero | tr '\\0' x\necho\necho LAST-LINE`, { stdout: stalled });
      const exit = await s.run();
      assert.equal(exit.exitCode, 0);
      // What the sink has buffered is not lost: let it finish first.
      await new Promise<void>((resolve) => stalled.end(resolve));
      const text = Buffer.concat(chunks).toString('utf8');
      assert.equal(text.length, size + '\nLAST-LINE\n'.length, `the sink got ${text.length} bytes`);
      assert.ok(text.endsWith('\nLAST-LINE\n'));
    });
  }

  it('does not wait forever for a background process that keeps the pipes open after the script exits', async () => {
    const s = script('sleep 30 &\necho $! > bg.pid\necho done');
    const started = Date.now();
    const exit = await s.run();
    const took = Date.now() - started;
    const bg = Number(readFileSync(path.join(s.dir, 'bg.pid'), 'utf8'));
    try {
      process.kill(bg, 'SIGKILL');
    } catch {
      // already gone
    }
    assert.equal(exit.exitCode, 0);
    assert.ok(took < 6000, `took ${took} ms`);
    assert.equal(s.out.text(), 'done\n');
  });
});

describe('DESIGN 3: cancellation of a script', () => {
  it('forwards SIGINT to the process group and reaps a background child that ignores it', async () => {
    const s = script('sleep 300 &\necho $! > bg.pid\necho $$ > sh.pid\nsleep 30\ntouch finished');
    const running = s.run();
    assert.ok(await eventually(() => existsSync(path.join(s.dir, 'sh.pid')), 10_000));
    const bg = Number(readFileSync(path.join(s.dir, 'bg.pid'), 'utf8'));
    const sh = Number(readFileSync(path.join(s.dir, 'sh.pid'), 'utf8'));
    const sentAt = Date.now();
    s.cancellation.cancel('SIGINT');
    const exit = await running;
    assert.ok(Date.now() - sentAt < 4000, `took ${Date.now() - sentAt} ms`);
    assert.equal(exit.cancelled, true);
    assert.equal(existsSync(path.join(s.dir, 'finished')), false);
    assert.ok(await eventually(() => isGone(bg) && isGone(sh), 3000), 'a process of the group outlived the run');
  });

  it('escalates to SIGTERM after the grace period for a script that ignores SIGINT', async () => {
    const s = script("trap '' INT\necho $$ > sh.pid\nsleep 30", { graceMs: 300 });
    const running = s.run();
    assert.ok(await eventually(() => existsSync(path.join(s.dir, 'sh.pid')), 10_000));
    const sentAt = Date.now();
    s.cancellation.cancel('SIGINT');
    const exit = await running;
    const took = Date.now() - sentAt;
    assert.ok(took >= 250 && took < 3000, `took ${took} ms`);
    assert.equal(exit.cancelled, true);
  });

  it('kills the group at once on a second cancel', async () => {
    const s = script("trap '' INT TERM\necho $$ > sh.pid\nwhile :; do sleep 0.1; done", { graceMs: 10_000 });
    const running = s.run();
    assert.ok(await eventually(() => existsSync(path.join(s.dir, 'sh.pid')), 10_000));
    s.cancellation.cancel('SIGINT');
    await new Promise((r) => setTimeout(r, 200));
    const sentAt = Date.now();
    s.cancellation.cancel('SIGINT');
    const exit = await running;
    assert.ok(Date.now() - sentAt < 2000, `took ${Date.now() - sentAt} ms`);
    assert.equal(exit.cancelled, true);
    assert.equal(exit.signal, 'SIGKILL');
  });

  it('does not start anything useful when already cancelled: the script is signalled at once', async () => {
    const s = script('sleep 30\ntouch finished');
    s.cancellation.cancel('SIGTERM');
    const started = Date.now();
    const exit = await s.run();
    assert.ok(Date.now() - started < 3000);
    assert.equal(exit.cancelled, true);
    assert.equal(existsSync(path.join(s.dir, 'finished')), false);
  });
});
