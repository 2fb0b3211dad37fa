/**
 * Issue 10.11: the CLI installs as people install CLIs. The package is publishable, its tarball holds the
 * self-contained CLI bundle and nothing to fetch, `npm i -g` and `npx` of it run offline; the version is one
 * version across package.json, task.json and vss-extension.json; the docs cite only files that exist.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT, baseEnv, dotenvOf, runProcess, tempDir } from '../helpers.js';

interface PackageJson {
  version: string;
  private?: boolean;
  files?: string[];
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
}

function json<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as T;
}

function npm(args: string[], cwd: string, cache: string) {
  // A private cache: nothing is read from or written to the user's, and --offline proves nothing is fetched.
  return runProcess('npm', args, { cwd, env: baseEnv({ npm_config_cache: cache }), timeoutMs: 120_000 });
}

describe('issue 10.11: npm pack, npm i -g and npx, offline', () => {
  it('package.json is publishable: not private, a files list, the bin, no runtime dependencies', () => {
    const pkg = json<PackageJson>('package.json');
    assert.notEqual(pkg.private, true);
    assert.deepEqual(pkg.files, ['dist/cli/']);
    assert.deepEqual(pkg.bin, { 'azd-scripts': 'dist/cli/index.js' });
    // The bundles are self-contained (ncc); a dependency here would be fetched on every install for nothing.
    assert.deepEqual(pkg.dependencies ?? {}, {});
  });

  it('the tarball installs into a fresh prefix offline; its azd-scripts prints the version and provisions the quickstart', async () => {
    const dir = tempDir();
    const cache = path.join(dir, 'cache');
    mkdirSync(cache);
    const pack = await npm(['pack', '--json', '--pack-destination', dir], ROOT, cache);
    assert.equal(pack.code, 0, pack.stderr);
    const [packed] = JSON.parse(pack.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
    const files = packed!.files.map((f) => f.path).sort();
    assert.ok(files.includes('dist/cli/index.js'), files.join('\n'));
    assert.ok(files.includes('package.json') && files.includes('README.md'));
    for (const f of files)
      assert.match(f, /^(dist\/cli\/([^/]+|azd-shim\/[^/]+)|package\.json|README\.md|LICENSE)$/, 'only the CLI ships');
    const tgz = path.join(dir, packed!.filename);

    const prefix = path.join(dir, 'prefix');
    const install = await npm(['i', '-g', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', tgz], dir, cache);
    assert.equal(install.code, 0, install.stderr);
    const bin = path.join(prefix, 'bin', 'azd-scripts');
    const version = await runProcess(bin, ['version'], { cwd: dir, env: baseEnv() });
    assert.equal(version.code, 0, version.stderr);
    assert.equal(version.stdout, `${json<PackageJson>('package.json').version}\n`);

    const project = path.join(dir, 'quickstart');
    cpSync(path.join(ROOT, 'examples', 'quickstart'), project, { recursive: true });
    const run = await runProcess(bin, ['provision', '--cwd', project, '-e', 'demo'], {
      cwd: dir,
      env: baseEnv({ AZURE_LOCATION: 'westeurope', DB_PASSWORD: 'example-only' }),
    });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^SUCCESS: provisioned environment "demo": 3 scripts in /m);
    assert.match(dotenvOf(project, 'demo') ?? '', /^APP_URL="http:\/\/localhost:8080\/demo"$/m);

    const npx = await npm(
      ['exec', '--yes', '--offline', `--package=${tgz}`, '--', 'azd-scripts', 'version'],
      dir,
      cache,
    );
    assert.equal(npx.code, 0, npx.stderr);
    assert.equal(npx.stdout, version.stdout);
  });
});

describe('issue 10.11: one version for the CLI, the Action and the task', () => {
  interface TaskJson {
    version: { Major: number; Minor: number; Patch: number };
  }

  it('package.json, package-lock.json, task/task.json and vss-extension.json agree', () => {
    const version = json<PackageJson>('package.json').version;
    const lock = json<{ version: string; packages: Record<string, { version?: string }> }>('package-lock.json');
    const task = json<TaskJson>('task/task.json').version;
    assert.equal(lock.version, version);
    assert.equal(lock.packages['']!.version, version);
    assert.equal(`${task.Major}.${task.Minor}.${task.Patch}`, version);
    assert.equal(json<{ version: string }>('vss-extension.json').version, version);
  });

  it('scripts/set-version.mjs moves all of them, keeping the rest of each file byte for byte', async () => {
    const copy = tempDir();
    const files = ['package.json', 'package-lock.json', 'task/task.json', 'vss-extension.json'];
    for (const f of files) cpSync(path.join(ROOT, f), path.join(copy, f));
    const r = await runProcess(process.execPath, [path.join(ROOT, 'scripts', 'set-version.mjs'), '2.13.4', copy], {
      env: baseEnv(),
    });
    assert.equal(r.code, 0, r.stderr);
    const read = (f: string) => readFileSync(path.join(copy, f), 'utf8');
    assert.equal((JSON.parse(read('package.json')) as PackageJson).version, '2.13.4');
    const lock = JSON.parse(read('package-lock.json')) as {
      version: string;
      packages: Record<string, { version?: string }>;
    };
    assert.equal(lock.version, '2.13.4');
    assert.equal(lock.packages['']!.version, '2.13.4');
    assert.deepEqual((JSON.parse(read('task/task.json')) as TaskJson).version, { Major: 2, Minor: 13, Patch: 4 });
    assert.equal((JSON.parse(read('vss-extension.json')) as { version: string }).version, '2.13.4');
    for (const f of files) {
      const original = readFileSync(path.join(ROOT, f), 'utf8');
      const changed = read(f)
        .split('\n')
        .filter((l, i) => l !== original.split('\n')[i]);
      assert.ok(
        changed.length <= (f === 'task/task.json' ? 3 : f === 'package-lock.json' ? 2 : 1),
        `${f}: ${changed.join('\n')}`,
      );
    }
    const bad = await runProcess(process.execPath, [path.join(ROOT, 'scripts', 'set-version.mjs'), 'v1', copy], {
      env: baseEnv(),
    });
    assert.equal(bad.code, 2);
  });
});

describe('issue 10.11: the docs cite only files that exist', () => {
  /** Named in the docs as examples of odd script names inside a test project, not as files of this repository. */
  const NOT_REPOSITORY_FILES = new Set(['scripts/-x']);
  const TOP = /^(?:\.\/)?(?:src|test|scripts|docs|examples|task|dist|images|\.github|\.ci)\/[^\s<>*$`'"]*$/;
  const TOP_FILES = /^(?:action\.yml|package\.json|vss-extension\.json|CHANGELOG\.md|README\.md|tsconfig\.json)$/;

  const docs = [
    'README.md',
    'CHANGELOG.md',
    ...readdirSync(path.join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  const testFiles = readdirSync(path.join(ROOT, 'test'), { recursive: true }).map(String);

  function cited(doc: string): string[] {
    const text = readFileSync(path.join(ROOT, doc), 'utf8');
    const found: string[] = [];
    // Markdown links to local files (relative to the document).
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1]!.split('#')[0]!;
      if (!target || /^[a-z]+:/i.test(target)) continue;
      found.push(path.relative(ROOT, path.resolve(ROOT, path.dirname(doc), target)));
    }
    // Inline code that is a repository path (with an optional :line), or a test file named on its own.
    for (const m of text.matchAll(/`([^`\n]+)`/g)) {
      const code = m[1]!.replace(/:\d+(?::\d+)?$/, '');
      if (NOT_REPOSITORY_FILES.has(code)) continue;
      if (TOP.test(code) || TOP_FILES.test(code)) found.push(code.replace(/^\.\//, ''));
      else if (/^[\w.-]+\.test\.ts$/.test(code)) {
        const match = testFiles.find((f) => path.basename(f) === code);
        found.push(match ? path.join('test', match) : `test/**/${code}`);
      }
    }
    return found;
  }

  for (const doc of docs) {
    it(`${doc}`, () => {
      const dead = cited(doc).filter((p) => !existsSync(path.join(ROOT, p)));
      assert.deepEqual(dead, [], `${doc} cites files that are not in the repository`);
    });
  }
});
