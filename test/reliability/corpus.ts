/**
 * The bad-input corpus runner (reliability item 4): each case is a project on disk (files as text or raw bytes)
 * and a CLI command; the BUILT CLI must fail with a clear error — exit status, `error:` line, the file (and line)
 * at fault, no stack trace, no internal error — and leave every byte of the project as it was.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync, symlinkSync, truncateSync } from 'node:fs';
import path from 'node:path';
import { baseEnv, runCli, tempDir } from '../helpers.js';
import { assertClearError, badInput, snapshot, snapshotDiff } from './support.js';

export type Content = string | Buffer | { symlink: string } | { sparse: number; prefix?: string } | { dir: true };

export interface BadCase {
  name: string;
  files: Record<string, Content>;
  /** CLI arguments (default: provision -e dev). */
  args?: string[];
  /** Extra environment for the run. */
  env?: Record<string, string>;
  /** Expected exit status (default 1). */
  exit?: number;
  /** The file the error must name, relative to the project (absolute in the message). */
  file?: string;
  /** The line the error must name with the file (`file:line`). */
  line?: number;
  /** Other text the error must show (the input at fault, the key, ...). */
  mentions?: Array<string | RegExp>;
  /** Paths (relative) that a script is expected to write, left out of the "nothing changed" comparison. */
  written?: string[];
  /** Text that must NOT appear anywhere in the output. */
  absent?: string[];
}

export function writeContent(dir: string, files: Record<string, Content>): void {
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(dir, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    if (typeof content === 'string' || Buffer.isBuffer(content)) {
      writeFileSync(file, content, { mode: /\.sh$/.test(rel) ? 0o755 : 0o644 });
    } else if ('symlink' in content) {
      symlinkSync(content.symlink, file);
    } else if ('dir' in content) {
      mkdirSync(file, { recursive: true });
    } else {
      writeFileSync(file, content.prefix ?? '');
      truncateSync(file, content.sparse);
    }
  }
}

/** Runs one case in a fresh folder and checks the error and the disk. */
export async function expectRejected(c: BadCase): Promise<void> {
  const dir = tempDir('azd-scripts-corpus-');
  writeContent(dir, c.files);
  const skip = (rel: string) => (c.written ?? []).includes(rel);
  const before = snapshot(dir, skip);
  const r = await runCli(c.args ?? ['provision', '-e', 'dev'], { cwd: dir, env: baseEnv(c.env), timeoutMs: 30_000 });
  badInput();
  const output = `${r.stdout}${r.stderr}`;
  const context = `case: ${c.name}\nexit ${r.code} (signal ${r.signal})`;
  assert.equal(r.code, c.exit ?? 1, `${context}\n${output}`);
  assertClearError(
    output,
    { ...(c.file === undefined ? {} : { file: path.join(dir, c.file) }), line: c.line, mentions: c.mentions },
    context,
  );
  for (const text of c.absent ?? []) assert.ok(!output.includes(text), `${context}: the output shows ${text}`);
  assert.deepEqual(snapshotDiff(before, snapshot(dir, skip)), [], `${context}: the project changed on disk`);
}
