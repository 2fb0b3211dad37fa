/**
 * The committed bundles (dist/ and task/dist/) are what the Action, the task and the README's first command run:
 * they must be exactly what `npm run build` makes from the source, and they must run (an ESM bundle of the
 * @actions/* 3.x packages built the wrong way "succeeds" and then throws at run time).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT, baseEnv, runNode, tempDir } from '../helpers.js';

const BUNDLES = ['dist/cli', 'dist/action', 'task/dist'];

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

describe('committed bundles', () => {
  it('are exactly the fresh build of the source', { timeout: 180_000 }, () => {
    const out = tempDir('azd-scripts-build-');
    execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs'), out], { cwd: ROOT, stdio: 'pipe' });
    for (const bundle of BUNDLES) {
      const committed = path.join(ROOT, bundle);
      const fresh = path.join(out, bundle);
      assert.deepEqual(files(committed), files(fresh), `${bundle}: the files differ; run npm run build`);
      for (const file of files(fresh)) {
        assert.ok(
          readFileSync(path.join(committed, file)).equals(readFileSync(path.join(fresh, file))),
          `${bundle}/${file} is stale: run npm run build and commit it`,
        );
      }
    }
  });

  for (const bundle of BUNDLES) {
    it(`${bundle} is an ES module package that runs`, async () => {
      assert.deepEqual(JSON.parse(readFileSync(path.join(ROOT, bundle, 'package.json'), 'utf8')), { type: 'module' });
      // Importing the bundle without any host input must end in our own error, not a module-loading crash.
      const result = await runNode(path.join(ROOT, bundle, 'index.js'), bundle === 'dist/cli' ? ['--version'] : [], {
        cwd: tempDir(),
        env: baseEnv(),
      });
      const output = result.stdout + result.stderr;
      assert.doesNotMatch(output, /Cannot find module|ERR_MODULE_NOT_FOUND|ERR_REQUIRE_ESM|SyntaxError/);
      if (bundle === 'dist/cli') assert.match(result.stdout, /^\d+\.\d+\.\d+\n$/);
      else assert.match(output, /azure\.yaml/);
    });

    // Issue 10.3: each bundle ships alone (the task folder cannot reach dist/), so each carries the azd stand-in.
    it(`${bundle}/azd-shim (the azd stand-in for scripts) is an ES module package that runs`, async () => {
      const shim = path.join(ROOT, bundle, 'azd-shim');
      assert.deepEqual(files(shim), ['index.js', 'package.json']);
      assert.deepEqual(JSON.parse(readFileSync(path.join(shim, 'package.json'), 'utf8')), { type: 'module' });
      const result = await runNode(path.join(shim, 'index.js'), ['version'], { cwd: tempDir(), env: baseEnv() });
      assert.equal(result.code, 1);
      assert.equal(result.stdout, '');
      assert.match(result.stderr, /^azd-scripts: `azd version` is not supported here\./);
    });
  }
});
