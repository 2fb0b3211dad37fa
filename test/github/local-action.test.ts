/**
 * Issue 10.12: the Action is debuggable with GitHub's own tool. `@github/local-action` imports the Action's
 * source entry (src/main/action.ts, through tsx), stubs @actions/core, and calls the `run()` it must export, as
 * the actions/typescript-action template does. Run here as a contributor would, on a copy of the quickstart.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, baseEnv, dotenvOf, runProcess, tempDir } from '../helpers.js';

const LOCAL_ACTION = path.join(ROOT, 'node_modules', '@github', 'local-action', 'bin', 'local-action.js');

describe('issue 10.12: npx @github/local-action run . src/main/action.ts .env', () => {
  it('runs the quickstart through the source entry: scripts, outputs and the closing line', async () => {
    const dir = tempDir();
    const project = path.join(dir, 'quickstart');
    cpSync(path.join(ROOT, 'examples', 'quickstart'), project, { recursive: true });
    // local-action reads the inputs (INPUT_*) and the step's env from a dotenv file, as the README shows.
    const envFile = path.join(dir, '.env');
    writeFileSync(
      envFile,
      [
        'INPUT_ENVIRONMENT=dev',
        `INPUT_WORKING-DIRECTORY=${project}`,
        'INPUT_PARAMETERS="AZURE_LOCATION=westeurope"',
        'DB_PASSWORD=local-action-Secret-7',
        '',
      ].join('\n'),
    );
    const r = await runProcess(process.execPath, [LOCAL_ACTION, 'run', '.', 'src/main/action.ts', envFile], {
      cwd: ROOT,
      env: baseEnv(),
      timeoutMs: 120_000,
    });
    const all = `${r.stdout}\n${r.stderr}`;
    assert.equal(r.code, 0, all);
    assert.doesNotMatch(all, /does not export a run\(\) function/);
    for (const name of ['setup-rg', 'setup-db', 'setup-app'])
      assert.match(r.stdout, new RegExp(`Completed: ${name} \\(\\d+\\.\\ds\\)`), all);
    assert.match(r.stdout, /SUCCESS: provisioned environment "dev": 3 scripts in \d+\.\ds/);
    assert.match(r.stdout, /::set-output name=APP_URL::http:\/\/localhost:8080\/dev/);
    assert.match(dotenvOf(project, 'dev') ?? '', /^APP_URL="http:\/\/localhost:8080\/dev"$/m);
    assert.ok(!(dotenvOf(project, 'dev') ?? '').includes('local-action-Secret-7'), 'the secret reached .env');
  });

  it('action.yml still runs the built bundle, whose entry only calls run()', () => {
    assert.match(readFileSync(path.join(ROOT, 'action.yml'), 'utf8'), /^ {2}main: dist\/action\/index\.js$/m);
    const index = readFileSync(path.join(ROOT, 'src', 'main', 'action-index.ts'), 'utf8');
    assert.match(index, /^import \{ run \} from '\.\/action\.js';$/m);
    assert.match(index, /^await run\(\);$/m);
  });
});
