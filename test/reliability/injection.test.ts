/**
 * Injection (reliability item 7): parameter values (from the request, a parameter file literal, `${VAR}`
 * interpolation, the azd environment) and output values (passed to later scripts, saved to `.env` and read back
 * by the next run, set as step outputs and variables) that hold `$(…)`, backticks, `;`, `&&`, `|`, newlines and
 * quotes reach the scripts byte for byte and execute nothing — through the BUILT CLI, GitHub Action and Azure
 * Pipelines task.
 */
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { azureYaml, baseEnv, makeProject, outputsScript, runCli, tempDir } from '../helpers.js';
import { describeRun as describeAction, runAction } from '../github/runner.js';
import { describeRun as describeTask, runTask } from '../azure-pipelines/agent.js';
import { badInput, rit } from './support.js';

/** Hostile values; each would create a file in `trap` if any shell evaluated it. */
function hostileValues(trap: string): string[] {
  return [
    `$(touch ${trap}/dollar)`,
    `\`touch ${trap}/backtick\``,
    `x; touch ${trap}/semicolon`,
    `x && touch ${trap}/and`,
    `x | touch ${trap}/pipe`,
    `x\ntouch ${trap}/newline\ny`,
    `x\r\ntouch ${trap}/crlf`,
    `'; touch ${trap}/single-quote; '`,
    `"; touch ${trap}/double-quote; "x`,
    `\\"$(touch ${trap}/escaped)\\"x`,
    `$IFS$(touch$IFS${trap}/ifs)`,
    // (no ${NAME}: in a parameter file that is a placeholder by design)
    '$HOME $PATH ${1} ${} $1 $@ $$ $? !! !event',
    '* ? [a-z] ~ {a,b} <in >out 2>&1',
    'tab\there # not a comment = equals',
    '%0A%25%0D ::notice::x ##vso[task.setvariable variable=X]y',
    'ünïcödé 🚀 \u2028 \u00a0',
    'ends with a backslash-free \\ middle',
  ];
}

interface Setup {
  root: string;
  trap: string;
  values: string[];
  /** Values without line breaks (what a KEY=VALUE line can carry). */
  singleLine: number[];
}

/**
 * REQ_i: declared, given by the request (or the OS environment for multi-line values); LIT_i: a literal in the
 * parameter file; INT_i: `pre-${SRC_i}-post` with SRC_i in the OS environment. emit writes OUT_i (when EMIT=1);
 * record saves what it receives, byte for byte.
 */
function setup(): Setup {
  const trap = tempDir('azd-scripts-trap-');
  const values = hostileValues(trap);
  const parameters: Record<string, unknown> = {};
  const outputs: Record<string, { type: string; value: string }> = {};
  values.forEach((v, i) => {
    parameters[`REQ_${i}`] = { type: 'string' };
    parameters[`LIT_${i}`] = { type: 'string', value: v };
    parameters[`INT_${i}`] = { type: 'string', value: `pre-\${SRC_${i}}-post` };
    outputs[`OUT_${i}`] = { type: 'string', value: v };
  });
  const names = values.flatMap((_, i) => [`REQ_${i}`, `LIT_${i}`, `INT_${i}`, `OUT_${i}`]);
  const root = makeProject({
    'azure.yaml': azureYaml({
      provision: [
        { shell: 'bash', name: 'emit', run: 'scripts/emit/run.sh', parameters: 'params.json' },
        { shell: 'bash', name: 'record', run: 'scripts/record/run.sh' },
        { shell: 'sh', name: 'record-sh', run: 'scripts/record-sh/run.sh' },
      ],
    }),
    'params.json': JSON.stringify({ parameters }, null, 2),
    'scripts/emit/run.sh': outputsScript(outputs).replace(/^printf/m, '[ "${EMIT:-}" = 1 ] || exit 0\nprintf'),
    'scripts/record/run.sh': `#!/usr/bin/env bash\nset -eu\nmkdir -p .seen/bash\nfor k in ${names.join(' ')}; do printf '%s' "\${!k}" > ".seen/bash/$k"; done\n`,
    'scripts/record-sh/run.sh': `#!/bin/sh\nset -eu\nmkdir -p .seen/sh\n${names.map((k) => `printf '%s' "$${k}" > .seen/sh/${k}`).join('\n')}\n`,
  });
  const singleLine = values.flatMap((v, i) => (/[\r\n]/.test(v) ? [] : [i]));
  return { root, trap, values, singleLine };
}

/** The OS environment: SRC_i always, REQ_i for the values a KEY=VALUE line cannot carry (or all of them). */
function osEnv(s: Setup, reqFromEnv: 'multi-line' | 'all' | 'none'): Record<string, string> {
  const env: Record<string, string> = { EMIT: '1' };
  s.values.forEach((v, i) => {
    env[`SRC_${i}`] = v;
    if (reqFromEnv === 'all' || (reqFromEnv === 'multi-line' && !s.singleLine.includes(i))) env[`REQ_${i}`] = v;
  });
  return env;
}

function checkReceived(s: Setup, what: string): void {
  const problems: string[] = [];
  for (const shell of ['bash', 'sh']) {
    s.values.forEach((v, i) => {
      const expected: Record<string, string> = {
        [`REQ_${i}`]: v,
        [`LIT_${i}`]: v,
        [`INT_${i}`]: `pre-${v}-post`,
        [`OUT_${i}`]: v,
      };
      for (const [k, want] of Object.entries(expected)) {
        const got = readFileSync(path.join(s.root, '.seen', shell, k), 'utf8');
        if (got !== want)
          problems.push(`${what}, ${shell}: ${k} is ${JSON.stringify(got)}, not ${JSON.stringify(want)}`);
      }
    });
  }
  assert.deepEqual(problems, []);
  assert.deepEqual(readdirSync(s.trap), [], `${what}: a value was executed`);
}

describe('injection: hostile values reach scripts verbatim and execute nothing', () => {
  rit('CLI: --param, parameter file literals, ${VAR} interpolation and outputs; then again from .env', async () => {
    const s = setup();
    const params = s.singleLine.flatMap((i) => ['--param', `REQ_${i}=${s.values[i]}`]);
    // --param also carries multi-line values (argv can hold any text).
    const multi = s.values.flatMap((v, i) => (s.singleLine.includes(i) ? [] : ['--param', `REQ_${i}=${v}`]));
    const first = await runCli(['provision', '-e', 'dev', ...params, ...multi], {
      cwd: s.root,
      env: baseEnv(osEnv(s, 'none')),
    });
    badInput(s.values.length * 4);
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    checkReceived(s, 'first run');

    // The next run gets REQ_i and OUT_i from .env only (no request values, emit writes nothing).
    const env = osEnv(s, 'none');
    delete env.EMIT;
    const second = await runCli(['provision', '-e', 'dev'], { cwd: s.root, env: baseEnv(env) });
    badInput(s.values.length * 2);
    assert.equal(second.code, 0, `${second.stdout}\n${second.stderr}`);
    checkReceived(s, 'second run (values read back from .env)');
  });

  rit(
    'GitHub Action: the parameters input and step env; outputs as step outputs and GITHUB_ENV, verbatim',
    async () => {
      const s = setup();
      const run = await runAction({
        workspace: s.root,
        inputs: {
          environment: 'dev',
          parameters: s.singleLine.map((i) => `REQ_${i}=${s.values[i]}`).join('\n'),
          'export-env': 'true',
        },
        env: osEnv(s, 'multi-line'),
      });
      badInput(s.values.length * 4);
      assert.equal(run.code, 0, describeAction(run));
      checkReceived(s, 'GitHub');
      s.values.forEach((v, i) => {
        assert.equal(run.outputs.get(`OUT_${i}`), v, `step output OUT_${i}`);
        assert.equal(run.exported.get(`OUT_${i}`), v, `GITHUB_ENV OUT_${i}`);
      });
    },
  );

  rit('Azure Pipelines task: the parameters input and step env; outputs as output variables, verbatim', async () => {
    const s = setup();
    const run = await runTask({
      sources: s.root,
      inputs: { environmentName: 'dev', parameters: s.singleLine.map((i) => `REQ_${i}=${s.values[i]}`).join('\n') },
      env: osEnv(s, 'multi-line'),
    });
    badInput(s.values.length * 4);
    assert.equal(run.completes.at(-1)?.result, 'Succeeded', describeTask(run));
    checkReceived(s, 'Azure Pipelines');
    s.values.forEach((v, i) => assert.equal(run.outputs.get(`OUT_${i}`)?.value, v, `output variable OUT_${i}`));
  });
});
