/**
 * Secrets that reach outputs and error text by a side door (issue 11): an output built from a secret (11.2), one
 * field of a secureobject printed on its own (11.3), and a secret straddling the cut of the kept stderr tail
 * (11.12). Each is searched for everywhere we write: the CLI's output and `--output json`, `.azure/**`, `state`,
 * the Action's log, step outputs and summary, the task's log (debug included), variables and summary.
 */
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { azureYaml, baseEnv, makeProject, outputsScript, runCli } from '../helpers.js';
import { describeRun as describeAction, maskProblems, runAction } from '../github/runner.js';
import { describeRun as describeTask, runTask, secretProblems } from '../azure-pipelines/agent.js';
import { badInput, rit } from './support.js';

const hex = (n = 6) => randomBytes(n).toString('hex');

/** Every file under `.azure/`, as text. */
function azureFiles(root: string): string {
  const dir = path.join(root, '.azure');
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else out.push(`--- ${path.relative(dir, full)}\n${readFileSync(full, 'utf8')}`);
    }
  };
  walk(dir);
  return out.join('\n');
}

describe('issue 11.2: a known secret inside a string output', () => {
  const plant = () => {
    const password = `pw-${hex()}`;
    const conn = `Server=db.example;User=app;Password=${password}`;
    const root = makeProject({
      'azure.yaml': azureYaml({
        provision: [{ shell: 'bash', name: 'db', run: 'scripts/db/run.sh', parameters: 'params.json' }],
      }),
      'params.json': JSON.stringify({
        parameters: {
          DB_PASSWORD: { type: 'string', secret: true },
          SHORT_SECRET: { type: 'string', secret: true },
        },
      }),
      'scripts/db/run.sh': `#!/usr/bin/env bash
set -e
printf '{"outputs":{"DB_CONN":{"type":"string","value":"Server=db.example;User=app;Password=%s"},"SHORT_USE":{"type":"string","value":"tier-%s"},"PLAIN":{"type":"string","value":"plain-value"}}}' "$DB_PASSWORD" "$SHORT_SECRET" > "$(dirname "$0")/outputs.json"
`,
    });
    // 3 characters: shorter than a secret that makes an output holding it secret.
    return { root, password, conn, env: { DB_PASSWORD: password, SHORT_SECRET: 'x7q' } };
  };

  rit(
    'CLI: not saved to .env, *** in the outputs block, --output json and state; a warning says securestring',
    async () => {
      const p = plant();
      const text = await runCli(['provision', '-e', 'dev'], { cwd: p.root, env: baseEnv(p.env) });
      badInput();
      assert.equal(text.code, 0, text.stderr);
      assert.ok(!text.stdout.includes(p.password) && !text.stderr.includes(p.password), `${text.stdout}${text.stderr}`);
      assert.match(text.stdout, /^ {2}DB_CONN=\*\*\*$/m);
      assert.match(text.stderr, /Output DB_CONN of "db" contains the value of parameter DB_PASSWORD[^\n]*securestring/);
      const files = azureFiles(p.root);
      assert.ok(!files.includes(p.password), files);
      assert.doesNotMatch(files, /DB_CONN/);
      assert.match(files, /^PLAIN="plain-value"$/m);
      // A secret shorter than 8 characters does not make an output secret.
      assert.match(files, /^SHORT_USE="tier-x7q"$/m);

      const json = await runCli(['provision', '-e', 'dev', '-o', 'json'], { cwd: p.root, env: baseEnv(p.env) });
      assert.equal(json.code, 0, json.stderr);
      assert.ok(!json.stdout.includes(p.password), json.stdout);
      const outputs = (JSON.parse(json.stdout) as { outputs: Record<string, unknown> }).outputs;
      assert.deepEqual(outputs.DB_CONN, { value: '***', secret: true, masked: true, type: 'string' });

      const state = await runCli(['state', '-e', 'dev', '-o', 'json'], { cwd: p.root, env: baseEnv() });
      assert.equal(state.code, 0, state.stderr);
      assert.ok(!state.stdout.includes(p.password), state.stdout);
    },
  );

  rit('GitHub Action: masked before shown, left out of the outputs JSON and the summary', async () => {
    const p = plant();
    const run = await runAction({ workspace: p.root, inputs: { environment: 'dev' }, env: p.env });
    badInput();
    assert.equal(run.code, 0, describeAction(run));
    assert.deepEqual(maskProblems(run, p.conn), [], describeAction(run));
    assert.equal(JSON.parse(run.outputs.get('outputs') ?? '{}').DB_CONN, undefined);
    assert.equal(JSON.parse(run.outputs.get('outputs') ?? '{}').PLAIN, 'plain-value');
    assert.ok(!run.summary.includes(p.password), run.summary);
    assert.ok(
      run.warnings.some((w) => /DB_CONN[^]*securestring/.test(w.message)),
      describeAction(run),
    );
    assert.ok(!azureFiles(p.root).includes(p.password));
  });

  rit('Azure Pipelines task: a secret variable (issecret=true), never in the log, debug or summary', async () => {
    const p = plant();
    const run = await runTask({ sources: p.root, inputs: { environmentName: 'dev' }, env: p.env });
    badInput();
    assert.equal(run.completes.at(-1)?.result, 'Succeeded', describeTask(run));
    assert.deepEqual(secretProblems(run, p.conn), [], describeTask(run));
    const conn = run.variables.filter((v) => v.name === 'DB_CONN');
    assert.ok(conn.length > 0 && conn.every((v) => v.isSecret), describeTask(run));
    assert.equal(JSON.parse(run.outputs.get('outputs')?.value ?? '{}').DB_CONN, undefined);
    assert.ok(!run.summary.includes(p.password), run.summary);
    assert.ok(!azureFiles(p.root).includes(p.password));
  });
});

describe('issue 11.3: secureobject leaves are masked one by one', () => {
  const plant = () => {
    const password = `leaf-${hex()}`;
    const lines = [`line-a-${hex()}`, `line-b-${hex()}`];
    const root = makeProject({
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', name: 'setup', run: 'scripts/setup/run.sh' },
          { shell: 'bash', name: 'uses', run: 'scripts/uses/run.sh' },
        ],
      }),
      'scripts/setup/run.sh': outputsScript({
        CONFIG: {
          type: 'secureObject',
          value: { db: { password, port: 5432, tls: true }, cert: lines.join('\n'), users: ['admin'] },
        },
      }),
      // Prints single fields of the object, as a script reading it with jq would.
      'scripts/uses/run.sh': `#!/usr/bin/env bash
pw=$(printf %s "$CONFIG" | sed 's/.*"password":"\\([^"]*\\)".*/\\1/')
echo "login as admin with $pw failed (port 5432)" >&2
printf '%s\\n' "${lines[1]}" >&2
exit 2
`,
    });
    return { root, password, lines };
  };

  rit('CLI: the error quotes the failing script with each string leaf redacted; numbers stay', async () => {
    const p = plant();
    const r = await runCli(['provision', '-e', 'dev', '-o', 'json'], { cwd: p.root, env: baseEnv() });
    badInput();
    assert.equal(r.code, 1, r.stderr);
    const result = JSON.parse(r.stdout) as { error: { message: string }; scripts: Array<{ stderrTail?: string }> };
    for (const text of [result.error.message, result.scripts[1]!.stderrTail ?? '']) {
      for (const s of [p.password, ...p.lines]) assert.ok(!text.includes(s), `${s} shown in:\n${text}`);
      assert.match(text, /login as \*\*\* with \*\*\* failed \(port 5432\)/);
    }
  });

  rit(
    'GitHub Action: every string leaf (and line) registered with add-mask before shown; not 5432 or true',
    async () => {
      const p = plant();
      const run = await runAction({ workspace: p.root, inputs: { environment: 'dev' } });
      badInput();
      assert.equal(run.code, 1, describeAction(run));
      assert.deepEqual(
        [p.password, ...p.lines, 'admin'].flatMap((s) => maskProblems(run, s)),
        [],
        describeAction(run),
      );
      assert.ok(!run.masks.includes('5432') && !run.masks.includes('true'), run.masks.join(', '));
      assert.ok(!run.errors.some((e) => e.message.includes(p.password)), describeAction(run));
      assert.ok(!run.summary.includes(p.password), run.summary);
    },
  );

  rit(
    'Azure Pipelines task: every string leaf line registered with setsecret; the result message redacted',
    async () => {
      const p = plant();
      const run = await runTask({ sources: p.root, inputs: { environmentName: 'dev' } });
      badInput();
      assert.equal(run.completes.at(-1)?.result, 'Failed', describeTask(run));
      assert.deepEqual(
        [p.password, ...p.lines].flatMap((s) => secretProblems(run, s)),
        [],
        describeTask(run),
      );
      assert.ok(!run.completes.at(-1)!.message.includes(p.password), describeTask(run));
      assert.ok(!run.summary.includes(p.password), run.summary);
    },
  );
});

describe('issue 11.12: the stderr tail is redacted before it is cut', () => {
  rit('a secret straddling the 1 MiB cut of a long stderr line leaves no fragment in the error', async () => {
    const secret = `straddle-${hex(8)}`; // 25 characters
    const keep = 10; // characters of the secret that fall after the cut
    const after = 1024 * 1024 - keep - 1; // the kept tail: the last 1 MiB, ending in a newline
    const root = makeProject({
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/long.sh', parameters: 'params.json' }] }),
      'params.json': JSON.stringify({ parameters: { TOKEN: { type: 'string', secret: true } } }),
      'scripts/long.sh': `#!/usr/bin/env bash
{ head -c 100 /dev/zero | tr '\\0' a; printf %s "$TOKEN"; head -c ${after} /dev/zero | tr '\\0' b; echo; } >&2
exit 1
`,
    });
    const r = await runCli(['provision', '-e', 'dev', '-o', 'json'], {
      cwd: root,
      env: baseEnv({ TOKEN: secret }),
    });
    badInput();
    assert.equal(r.code, 1);
    const result = JSON.parse(r.stdout) as { error: { message: string }; scripts: Array<{ stderrTail?: string }> };
    const pieces = Array.from({ length: secret.length - 5 }, (_, i) => secret.slice(i, i + 6));
    for (const text of [result.error.message, result.scripts[0]!.stderrTail ?? '']) {
      assert.ok(text.includes('bbbbbbbb'), 'the tail is there');
      const shown = pieces.filter((piece) => text.includes(piece));
      assert.deepEqual(shown, [], `a fragment of the secret is shown: ${text.slice(0, 120)}`);
    }
  });
});
