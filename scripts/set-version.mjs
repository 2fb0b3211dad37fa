// Sets the one version the three hosts share: package.json (and its lock; the CLI prints it), task/task.json
// (Major/Minor/Patch: the agent picks a task by it) and vss-extension.json (the Marketplace refuses a re-upload
// of the same version). `node scripts/set-version.mjs 1.2.3 [root]` (root: the repository by default, a copy in
// tests); test/build/package.test.ts fails when the versions differ.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(process.argv[3] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
const version = process.argv[2] ?? '';
const match = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/.exec(version);
if (!match) {
  console.error(`usage: node scripts/set-version.mjs MAJOR.MINOR.PATCH (got "${version}")`);
  process.exit(2);
}
const [, major, minor, patch] = match;

/** Rewrites `file` with `edit`, failing loudly when nothing matched (a renamed field must not pass silently). */
function rewrite(file, edit) {
  const full = path.join(root, file);
  const before = readFileSync(full, 'utf8');
  const after = edit(before);
  if (after === undefined) {
    console.error(`${file}: no version field found`);
    process.exit(1);
  }
  writeFileSync(full, after);
  console.log(`${file}: ${version}`);
}

const once = (text, pattern, replacement) => (pattern.test(text) ? text.replace(pattern, replacement) : undefined);

rewrite('package.json', (t) => once(t, /^( {2}"version": )"[^"]*"/m, `$1"${version}"`));
// The lock holds the root package's version twice: at the top and under packages[""].
rewrite('package-lock.json', (t) => {
  const top = once(t, /^( {2}"version": )"[^"]*"/m, `$1"${version}"`);
  return top && once(top, /^( {6}"version": )"[^"]*"/m, `$1"${version}"`);
});
rewrite('task/task.json', (t) => {
  const m = once(t, /("Major": )\d+/, `$1${major}`);
  const n = m && once(m, /("Minor": )\d+/, `$1${minor}`);
  return n && once(n, /("Patch": )\d+/, `$1${patch}`);
});
rewrite('vss-extension.json', (t) => once(t, /^( {2}"version": )"[^"]*"/m, `$1"${version}"`));
