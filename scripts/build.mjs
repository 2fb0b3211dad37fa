// Builds the committed bundles with ncc (ESM: @actions/* 3.x are ESM-only, and ncc bundles them only in ESM
// mode). `node scripts/build.mjs [outRoot]` writes to outRoot (default: the repository), so a test can build
// into a temp folder and compare with what is committed.
import { execFileSync } from 'node:child_process';
import { rmSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outRoot = path.resolve(process.argv[2] ?? root);

/** entry → output folder (relative to outRoot) */
export const BUNDLES = [
  ['src/main/cli.ts', 'dist/cli'],
  ['src/main/action-index.ts', 'dist/action'],
  ['src/main/task.ts', 'task/dist'],
];

const ncc = path.join(root, 'node_modules', '@vercel', 'ncc', 'dist', 'ncc', 'cli.js');
for (const [entry, out] of BUNDLES) {
  const dir = path.join(outRoot, out);
  // Build beside the old bundle and swap, so the bundle is never missing while tests run it.
  const fresh = `${dir}.building`;
  rmSync(fresh, { recursive: true, force: true });
  mkdirSync(fresh, { recursive: true });
  execFileSync(process.execPath, [ncc, 'build', path.join(root, entry), '-o', fresh, '--target', 'es2022', '--quiet'], {
    cwd: root,
    stdio: 'inherit',
  });
  rmSync(dir, { recursive: true, force: true });
  renameSync(fresh, dir);
}
