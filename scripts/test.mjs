// Runs the test suite with node's own test runner (TypeScript through tsx) and ends with one line that CI
// reads: "N passed, N failed". `npm test -- test/core` runs only the files under the given paths.
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const roots = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['test'];

function collect(target, out) {
  const stat = statSync(target);
  if (stat.isFile()) {
    if (target.endsWith('.test.ts')) out.push(target);
    return out;
  }
  for (const name of readdirSync(target).sort()) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    collect(path.join(target, name), out);
  }
  return out;
}

const files = roots.flatMap((r) => collect(path.resolve(root, r), []));
const args = [
  '--import',
  'tsx',
  '--test',
  '--test-concurrency=2',
  '--test-reporter=spec',
  '--test-reporter-destination=stdout',
  `--test-reporter=${path.join(root, 'scripts', 'summary-reporter.mjs')}`,
  '--test-reporter-destination=stdout',
  ...files,
];
const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
