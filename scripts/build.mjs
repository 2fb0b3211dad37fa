// Builds the committed bundles with ncc (ESM: @actions/* 3.x are ESM-only, and ncc bundles them only in ESM
// mode). `node scripts/build.mjs [outRoot]` writes to outRoot (default: the repository), so a test can build
// into a temp folder and compare with what is committed.
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync, mkdirSync, mkdtempSync, renameSync } from 'node:fs';
import os from 'node:os';
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

/**
 * The `azd` stand-in scripts get when no azd is installed: bundled once and copied into every bundle folder as
 * `azd-shim/` (index.js + package.json), because each bundle ships alone (the task folder cannot reach dist/).
 */
export const AZD_SHIM = ['src/main/azd-shim.ts', 'azd-shim'];

const ncc = path.join(root, 'node_modules', '@vercel', 'ncc', 'dist', 'ncc', 'cli.js');
function nccBuild(entry, out) {
  execFileSync(process.execPath, [ncc, 'build', path.join(root, entry), '-o', out, '--target', 'es2022', '--quiet'], {
    cwd: root,
    stdio: 'inherit',
  });
}

const shimBuild = mkdtempSync(path.join(os.tmpdir(), 'azd-scripts-shim-build-'));
try {
  nccBuild(AZD_SHIM[0], shimBuild);
  for (const [entry, out] of BUNDLES) {
    const dir = path.join(outRoot, out);
    // Build beside the old bundle and swap, so the bundle is never missing while tests run it.
    const fresh = `${dir}.building`;
    rmSync(fresh, { recursive: true, force: true });
    mkdirSync(fresh, { recursive: true });
    nccBuild(entry, fresh);
    cpSync(shimBuild, path.join(fresh, AZD_SHIM[1]), { recursive: true });
    rmSync(dir, { recursive: true, force: true });
    renameSync(fresh, dir);
  }
} finally {
  rmSync(shimBuild, { recursive: true, force: true });
}
