// Packages the Azure DevOps extension (.vsix) offline with tfx, and fails on any warning: tfx's own task.json
// checks only warn and exit 0. A few checks tfx does not make are done here too.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.tmp', 'vsix');
mkdirSync(out, { recursive: true });

const problems = [];
const task = JSON.parse(readFileSync(path.join(root, 'task', 'task.json'), 'utf8'));
if (!(typeof task.friendlyName === 'string' && task.friendlyName.length <= 40))
  problems.push('task.json: friendlyName must be at most 40 characters');
for (const v of task.outputVariables ?? []) {
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(v.name))
    problems.push(`task.json: output variable "${v.name}" must match ^[A-Za-z][A-Za-z0-9]*$`);
}
for (const input of task.inputs ?? []) {
  if (!/^[a-z][A-Za-z0-9]*$/.test(input.name)) problems.push(`task.json: input "${input.name}" must be camelCase`);
  if (!input.helpMarkDown) problems.push(`task.json: input "${input.name}" needs helpMarkDown`);
}
for (const handler of ['Node24', 'Node20_1']) {
  const target = task.execution?.[handler]?.target;
  if (!target) problems.push(`task.json: execution.${handler} is missing`);
  else if (!existsSync(path.join(root, 'task', target)))
    problems.push(`task.json: execution.${handler}.target ${target} does not exist`);
}

const tfx = path.join(root, 'node_modules', 'tfx-cli', '_build', 'tfx-cli.js');
let output = '';
try {
  output = execFileSync(
    process.execPath,
    [
      tfx,
      'extension',
      'create',
      '--root',
      root,
      '--manifest-globs',
      'vss-extension.json',
      '--output-path',
      out,
      '--no-prompt',
      '--no-color',
    ],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
  );
} catch (err) {
  problems.push(`tfx extension create failed: ${err.stdout ?? ''}${err.stderr ?? ''}`);
}
const warnings = output.split('\n').filter((l) => /warning/i.test(l));
for (const w of warnings) problems.push(`tfx: ${w.trim()}`);
if (!/Completed operation: create extension/.test(output))
  problems.push(`tfx did not create the extension:\n${output}`);

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(
  output
    .split('\n')
    .filter((l) => /VSIX:/.test(l))
    .join('\n')
    .trim() || 'extension packaged',
);
