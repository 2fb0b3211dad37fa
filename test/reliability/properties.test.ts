/**
 * Property-based tests (reliability item 5, fast-check) of the engine's own readers and writers:
 * - `.env` write → read round-trips every key/value except the documented unsafe ones (DESIGN section 5: a key
 *   outside [A-Za-z_][A-Za-z0-9_]*, a value ending in `\` or `"`, text that is not valid Unicode), and nothing else
 *   is called unsafe;
 * - the readers (`.env`, azure.yaml, parameter files, outputs.json, JSON, size-capped files, KEY=VALUE input)
 *   never throw anything but our error type, whatever they are given;
 * - KEY=VALUE input parsing (the `parameters` input, `--param`);
 * - interpolation: `${VAR}` in parameter values, and `$VAR`/`${VAR}` in `.env`.
 */
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { stringify as toYaml } from 'yaml';
import {
  DotenvSyntaxError,
  formatDotenv,
  formatLine,
  isEnvKey,
  parseDotenv,
  parseDotenvFile,
  unsavableReason,
} from '../../src/core/dotenv.js';
import { ScriptsError } from '../../src/core/errors.js';
import { readTextFile } from '../../src/core/files.js';
import { parseJson } from '../../src/core/json.js';
import { parseOutputs } from '../../src/core/outputs.js';
import { parseParameterFile, resolveParameters, type Declaration } from '../../src/core/parameters.js';
import { parseProject } from '../../src/core/project.js';
import { Secrets } from '../../src/core/secrets.js';
import { parseParameterLines, parseParameterPair } from '../../src/hosts/inputs.js';
import { tempDir } from '../helpers.js';
import { badInput, rit } from './support.js';

const RUNS = 400;

/** fc.assert that counts every generated input of a reader as a bad input tried. */
function check<T>(arb: fc.Arbitrary<T>, predicate: (value: T) => void, numRuns = RUNS, counts = true): void {
  fc.assert(fc.property(arb, predicate), { numRuns });
  if (counts) badInput(numRuns);
}

/** Runs `fn`; anything thrown must be one of `types`. */
function onlyThrows(fn: () => unknown, ...types: Array<abstract new (...args: never[]) => Error>): unknown {
  try {
    return fn();
  } catch (err) {
    if (types.some((t) => err instanceof t)) return err;
    throw new Error(`threw ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}, not our error type`, {
      cause: err,
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Arbitraries

const KEY = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,12}$/);
/** Pieces that matter to godotenv and azd's writer. */
const TRICKY = fc.constantFrom(
  '\\',
  '"',
  "'",
  '$',
  '`',
  '!',
  '\n',
  '\r',
  '\r\n',
  '\t',
  ' ',
  '#',
  ' #',
  '=',
  ':',
  '{',
  '}',
  '(',
  ')',
  '$HOME',
  '${A}',
  '$(id)',
  '\\n',
  '\\"',
  '\\$',
  'export ',
  'é',
  '😀',
  '\u2028',
  '\u0085',
  '\u00a0',
  '\ufeff',
  '\u0000',
  'A',
  'z',
  '0',
  '-',
  '+',
);
const LONE_SURROGATE = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const ANY_TEXT = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: TRICKY, maxLength: 12 }),
  fc.string({ unit: fc.oneof(TRICKY, LONE_SURROGATE), maxLength: 8 }),
  fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }).map(String),
  fc.constantFrom('01', '+5', '-0', '007', '9223372036854775807', '9223372036854775808', '-9223372036854775808'),
);
/** The values DESIGN section 5 documents as unsafe. */
/** DESIGN section 7: a key godotenv reads (letters, digits, "_", ".") is kept and written back as azd writes it. */
const godotenvKey = (key: string): boolean => {
  if (key === '') return false;
  try {
    return parseDotenv(`${key}=1\n`).has(key);
  } catch {
    return false;
  }
};
const documentedUnsafe = (key: string, value: string) =>
  !(isEnvKey(key) || godotenvKey(key)) || !value.isWellFormed() || value.endsWith('\\') || value.endsWith('"');

// ---------------------------------------------------------------------------------------------------------------

describe('property: .env write → read', () => {
  rit('every key/value except the documented unsafe ones round-trips, alone and in a whole file', () => {
    const safe = ANY_TEXT.filter((v) => !documentedUnsafe('K', v) && !v.includes('\u0000'));
    check(
      fc.uniqueArray(fc.tuple(KEY, safe), { selector: ([k]) => k, maxLength: 12 }),
      (entries) => {
        const values = new Map(entries);
        const text = formatDotenv(values);
        assert.deepEqual(parseDotenv(text), values, text);
        // Written as azd writes: one line per key, sorted byte-wise, one trailing line feed.
        const lines = text.slice(0, -1).split('\n');
        assert.ok(text.endsWith('\n'));
        assert.equal(lines.length, entries.length || 1);
        assert.deepEqual(
          [...lines].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))),
          lines,
        );
      },
      1000,
      false,
    );
  });

  rit('a value is called unsafe exactly when DESIGN documents it (and then it is never written)', () => {
    check(
      fc.tuple(fc.oneof(KEY, fc.string({ maxLength: 6 })), ANY_TEXT),
      ([key, value]) => {
        const reason = unsavableReason(key, value);
        assert.equal(
          reason !== undefined,
          documentedUnsafe(key, value),
          `${JSON.stringify(key)}=${JSON.stringify(value)}: ${reason ?? 'safe'}`,
        );
        if (reason === undefined) assert.equal(parseDotenv(formatLine(key, value) + '\n').get(key), value);
      },
      2000,
      false,
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------

/** Text built from lines of .env-looking tokens. */
const DOTENV_TEXT = fc
  .array(
    fc.tuple(
      fc.constantFrom('', 'export ', '  ', '#', '\t'),
      fc.oneof(KEY, fc.string({ unit: TRICKY, maxLength: 4 })),
      fc.constantFrom('=', ':', ' = ', '', '=='),
      fc.oneof(fc.string({ unit: TRICKY, maxLength: 10 }), ANY_TEXT),
    ),
    { maxLength: 8 },
  )
  .map((lines) => lines.map((parts) => parts.join('')).join(fc.sample(fc.constantFrom('\n', '\r\n'), 1)[0]));

const VALID_YAML = [
  'name: p',
  'infra:',
  '  provider: scripts',
  '  config:',
  '    provision:',
  '      - shell: bash',
  '        run: scripts/a.sh',
  '        name: a',
  '        continueOnError: true',
  '        parameters: p.json',
  '    destroy:',
  '      - shell: sh',
  '        run: b.sh',
  '',
].join('\n');

/** A valid document with a few random edits (insert, delete or replace) of YAML-significant characters. */
function mutated(valid: string, alphabet: string[]): fc.Arbitrary<string> {
  return fc
    .array(
      fc.tuple(
        fc.nat({ max: valid.length }),
        fc.constantFrom('insert', 'delete', 'replace'),
        fc.string({ unit: fc.constantFrom(...alphabet), minLength: 1, maxLength: 4 }),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map((edits) => {
      let text = valid;
      for (const [at, op, s] of edits) {
        const i = Math.min(at, text.length);
        text =
          op === 'insert'
            ? text.slice(0, i) + s + text.slice(i)
            : op === 'delete'
              ? text.slice(0, i) + text.slice(i + s.length)
              : text.slice(0, i) + s + text.slice(i + s.length);
      }
      return text;
    });
}
const YAML_ALPHABET = [
  ...':-[]{}&*!|>\'"#%@` \t\n,?',
  'a',
  '1',
  '~',
  'null',
  'true',
  '<<',
  '---',
  '...',
  '\ufeff',
  '\u0000',
];
const JSON_ALPHABET = [...'{}[]:,"\\ \n', 'a', '1', '-', 'e', 'null', 'true', '\ud800', '/*', '//'];

/** Any value, placed anywhere in an otherwise valid azure.yaml (wrong types at every field). */
const YAML_WITH_ANY_VALUE = fc
  .tuple(
    fc.constantFrom(
      'infra',
      'provider',
      'config',
      'provision',
      'entry',
      'shell',
      'run',
      'name',
      'continueOnError',
      'parameters',
    ),
    fc.oneof(
      fc.anything({ maxDepth: 3, withNullPrototype: true, withMap: false, withSet: false }),
      // mappings whose keys shadow Object.prototype (YAML has no such restriction)
      fc.constantFrom(
        ...[
          '{"toString":1}',
          '{"valueOf":1,"toString":"x"}',
          '{"__proto__":null}',
          '{"constructor":{"prototype":1}}',
        ].map((j) => JSON.parse(j) as unknown),
      ),
    ),
  )
  .map(([where, value]) => {
    const entry: Record<string, unknown> = { shell: 'bash', run: 'a.sh' };
    const config: Record<string, unknown> = { provision: [entry] };
    const infra: Record<string, unknown> = { provider: 'scripts', config };
    if (where === 'infra') return toYaml({ name: 'p', infra: value });
    if (where === 'provider') infra.provider = value;
    else if (where === 'config') infra.config = value;
    else if (where === 'provision') config.provision = value;
    else if (where === 'entry') config.provision = [value];
    else entry[where] = value;
    return toYaml({ name: 'p', infra });
  });

const ANY_JSON_SHAPE = (top: 'parameters' | 'outputs') =>
  fc.oneof(
    fc.json({ maxDepth: 4 }),
    fc
      .dictionary(fc.oneof(KEY, fc.string({ maxLength: 5 })), fc.anything({ maxDepth: 3, withNullPrototype: true }), {
        maxKeys: 4,
      })
      .map((inner) => JSON.stringify({ [top]: inner })),
    fc
      .dictionary(
        fc.oneof(KEY, fc.string({ maxLength: 5 })),
        fc.record(
          {
            type: fc.oneof(fc.constantFrom('string', 'integer', 'securestring', 'object', 'boolean'), fc.anything()),
            value: fc.anything({ maxDepth: 3 }),
            name: fc.anything({ maxDepth: 1 }),
            secret: fc.anything({ maxDepth: 1 }),
          },
          { requiredKeys: [] },
        ),
        { maxKeys: 4 },
      )
      .map((inner) => JSON.stringify({ [top]: inner })),
  );

describe('property: readers never throw anything but our error type', () => {
  rit('.env reader: a value or a DOTENV_INVALID ScriptsError naming the file and an existing line', () => {
    check(fc.oneof(ANY_TEXT, DOTENV_TEXT, fc.string({ unit: 'binary', maxLength: 200 })), (text) => {
      const result = onlyThrows(() => parseDotenvFile(text, '/p/.azure/dev/.env'), ScriptsError);
      if (result instanceof ScriptsError) {
        assert.equal(result.code, 'DOTENV_INVALID');
        assert.equal(result.file, '/p/.azure/dev/.env');
        const lines = text.replace(/\r\n/g, '\n').split('\n').length;
        assert.ok(
          result.line !== undefined && result.line >= 1 && result.line <= lines,
          `line ${result.line} of ${lines}`,
        );
      }
      onlyThrows(() => parseDotenv(text), DotenvSyntaxError);
    });
  });

  rit(
    'azure.yaml reader: a project or a ScriptsError naming azure.yaml (random text, mutations, any value anywhere)',
    () => {
      check(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 200 }),
          mutated(VALID_YAML, YAML_ALPHABET),
          YAML_WITH_ANY_VALUE,
        ),
        (text) => {
          const result = onlyThrows(() => parseProject(text, '/p/azure.yaml'), ScriptsError);
          if (result instanceof ScriptsError) {
            assert.ok(result.message.includes('/p/azure.yaml'), result.message);
            assert.notEqual(result.code, 'INTERNAL');
          }
        },
        800,
      );
    },
  );

  rit('parameter file reader: declarations or a ScriptsError naming the file', () => {
    const valid = JSON.stringify(
      {
        parameters: { A: { type: 'string', value: '${B}', name: 'A', secret: true }, N: { type: 'integer', value: 3 } },
      },
      null,
      2,
    );
    check(
      fc.oneof(
        fc.string({ unit: 'binary', maxLength: 100 }),
        ANY_JSON_SHAPE('parameters'),
        mutated(valid, JSON_ALPHABET),
      ),
      (text) => {
        const result = onlyThrows(() => parseParameterFile(text, '/p/params.json', 'params.json'), ScriptsError);
        if (result instanceof ScriptsError) assert.ok(result.message.includes('/p/params.json'), result.message);
      },
      800,
    );
  });

  rit('outputs.json reader: outputs or a ScriptsError naming the file', () => {
    const valid = JSON.stringify(
      { outputs: { A: { type: 'string', value: 'x' }, O: { type: 'object', value: { b: [1, true, null] } } } },
      null,
      2,
    );
    check(
      fc.oneof(fc.string({ unit: 'binary', maxLength: 100 }), ANY_JSON_SHAPE('outputs'), mutated(valid, JSON_ALPHABET)),
      (text) => {
        const result = onlyThrows(() => parseOutputs(text, '/p/outputs.json'), ScriptsError);
        if (result instanceof ScriptsError) assert.ok(result.message.includes('/p/outputs.json'), result.message);
      },
      800,
    );
  });

  rit('outputs.json reader: values nested to any depth (up to 100 000 levels)', () => {
    check(
      fc.tuple(fc.integer({ min: 1, max: 100_000 }), fc.constantFrom('array', 'object')),
      ([depth, kind]) => {
        const value =
          kind === 'array'
            ? `${'['.repeat(depth)}${']'.repeat(depth)}`
            : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
        onlyThrows(
          () => parseOutputs(`{"outputs":{"A":{"type":"${kind}","value":${value}}}}`, '/p/outputs.json'),
          ScriptsError,
        );
      },
      60,
    );
  });

  rit('JSON reader: a value or a ScriptsError whose line and column lie inside the text', () => {
    check(
      fc.oneof(
        fc.json(),
        fc.string({ unit: 'binary', maxLength: 60 }),
        mutated('{"a": [1, "b", {"c": null}]}', JSON_ALPHABET),
      ),
      (text) => {
        const result = onlyThrows(() => parseJson(text, '/p/x.json', 'parameter file'), ScriptsError);
        if (result instanceof ScriptsError) {
          const lines = text.split('\n');
          assert.ok(result.line! >= 1 && result.line! <= lines.length, `line ${result.line}`);
          assert.ok(
            result.column! >= 1 && result.column! <= lines[result.line! - 1]!.length + 1,
            `column ${result.column}`,
          );
        }
      },
    );
  });

  rit(
    'size-capped file reader: the text, or a ScriptsError for too large or invalid UTF-8 (with its line)',
    async () => {
      const dir = tempDir('azd-scripts-prop-');
      const file = path.join(dir, 'f');
      await fc.assert(
        fc.asyncProperty(
          fc.uint8Array({ maxLength: 64 }),
          fc.integer({ min: 0, max: 64 }),
          fc.boolean(),
          async (bytes, cap, bom) => {
            writeFileSync(file, bytes);
            let result: unknown;
            try {
              result = await readTextFile(file, { what: 'test file', maxBytes: cap, stripBom: bom });
            } catch (err) {
              if (!(err instanceof ScriptsError)) throw err;
              result = err;
            }
            const buffer = Buffer.from(bytes);
            if (bytes.length > cap) {
              assert.ok(result instanceof ScriptsError && /at most/.test(result.message), String(result));
              return;
            }
            const body =
              bom && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? buffer.subarray(3) : buffer;
            const decoded = (() => {
              try {
                return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
              } catch {
                return undefined;
              }
            })();
            if (decoded === undefined) {
              assert.ok(result instanceof ScriptsError && /UTF-8/.test(result.message), String(result));
              const newlines = body.filter((b) => b === 0x0a).length;
              assert.ok(result.line! >= 1 && result.line! <= newlines + 1);
            } else {
              assert.equal(result, decoded);
            }
          },
        ),
        { numRuns: 300 },
      );
      badInput(300);
    },
  );

  rit('KEY=VALUE readers: a map or an input error, whatever the text', () => {
    check(fc.oneof(ANY_TEXT, fc.string({ unit: 'binary', maxLength: 100 }), DOTENV_TEXT), (text) => {
      onlyThrows(() => parseParameterLines(text, 'The parameters input'), ScriptsError);
      onlyThrows(() => parseParameterPair(text, '--param', 1), ScriptsError);
    });
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('property: KEY=VALUE input', () => {
  const VALUE = fc
    .string({
      unit: fc.oneof(
        fc.constantFrom('=', '#', ' ', '\t', '"', "'", '$(x)', '\\'),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
      ),
      maxLength: 12,
    })
    .filter((v) => !/[\r\n]/.test(v));

  rit(
    'lines parse back to the same map: the value is everything after the first =, with comments and blank lines skipped',
    () => {
      check(
        fc.tuple(
          fc.uniqueArray(fc.tuple(KEY, VALUE), { selector: ([k]) => k, maxLength: 8 }),
          fc.array(fc.constantFrom('', '   ', '# comment', '  # KEY=not a value', '#A=1'), { maxLength: 4 }),
          fc.constantFrom('\n', '\r\n'),
          fc.constantFrom('', '  ', '\t'),
        ),
        ([entries, noise, eol, indent]) => {
          const lines = entries.map(([k, v]) => `${indent}${k}=${v}`);
          noise.forEach((n, i) => lines.splice((i * 3) % (lines.length + 1), 0, n));
          const parsed = parseParameterLines(lines.join(eol), 'The parameters input');
          assert.deepEqual(parsed, new Map(entries));
          for (const [k, v] of entries) assert.deepEqual(parseParameterPair(`${k}=${v}`, '--param', 1), [k, v]);
        },
        RUNS,
        false,
      );
    },
  );

  rit('a malformed line is an error naming its line number, never its text (it may hold a secret)', () => {
    const SECRET = fc.stringMatching(/^[a-z0-9]{10,20}$/);
    check(
      fc.tuple(
        fc.array(fc.tuple(KEY, VALUE), { maxLength: 4 }),
        SECRET,
        fc.constantFrom(
          (s: string) => s,
          (s: string) => `1${s}=x`,
          (s: string) => `-${s}=y`,
          (s: string) => `my key=${s}`,
          (s: string) => `=${s}`,
        ),
      ),
      ([before, secret, shape]) => {
        const good = before.map(([k, v]) => `${k}=${v}`);
        const text = [...good, shape(secret)].join('\n');
        const err = onlyThrows(() => parseParameterLines(text, 'The parameters input'), ScriptsError);
        assert.ok(err instanceof ScriptsError, 'a malformed line is an error');
        assert.match(err.message, new RegExp(`line ${good.length + 1}:`));
        assert.ok(!err.message.includes(secret) && !(err.hint ?? '').includes(secret), err.message);
        const pair = onlyThrows(() => parseParameterPair(shape(secret), '--param', 3), ScriptsError);
        assert.ok(
          pair instanceof ScriptsError && pair.message.includes('--param #3') && !pair.message.includes(secret),
        );
      },
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('property: interpolation', () => {
  const NAMES = ['A', 'B', 'C_1', 'LONG_NAME'];
  /** Literal text that holds no `${NAME}` placeholder (but may hold `$`, `{`, `${1}`, `${}`). */
  const LITERAL = fc
    .string({ unit: fc.constantFrom('$', '{', '}', 'x', ' ', '1', '-', '\\', '"'), maxLength: 6 })
    .filter((s) => !/\$\{[A-Za-z_][A-Za-z0-9_]*\}/.test(s));
  const TEMPLATE = fc
    .array(
      fc.oneof(
        LITERAL,
        fc.constantFrom(...NAMES).map((n) => ({ name: n })),
      ),
      { minLength: 1, maxLength: 5 },
    )
    // literal pieces must not join into a placeholder of their own ("${" + "x" + "}")
    .filter((parts) => {
      const text = parts.map((p) => (typeof p === 'string' ? p : `\${${p.name}}`)).join('');
      const found = [...text.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1]);
      return found.join(',') === parts.flatMap((p) => (typeof p === 'string' ? [] : [p.name])).join(',');
    });
  /** A source value: sometimes missing or empty, sometimes holding placeholder-looking text itself. */
  const SOURCE = fc.dictionary(
    fc.constantFrom(...NAMES),
    fc.oneof(fc.constant(''), fc.string({ maxLength: 5 }), fc.constantFrom('${A}', '$(id)', '`id`', '${B}x')),
  );

  rit(
    'parameter ${VAR}: each from the azd env, then the OS env (empty counts as missing), substituted once',
    async () => {
      await fc.assert(
        fc.asyncProperty(TEMPLATE, SOURCE, SOURCE, async (parts, azd, os) => {
          const value = parts.map((p) => (typeof p === 'string' ? p : `\${${p.name}}`)).join('');
          const declaration: Declaration = {
            key: 'TARGET',
            type: 'string',
            value,
            secret: false,
            file: '/p/params.json',
            relative: 'params.json',
            location: { file: '/p/params.json', line: 1 },
          };
          const lookup = (n: string) => (azd[n] ? azd[n] : os[n] ? os[n] : undefined);
          const missing = parts.flatMap((p) => (typeof p === 'string' || lookup(p.name) !== undefined ? [] : [p.name]));
          const expected = parts.map((p) => (typeof p === 'string' ? p : (lookup(p.name) ?? ''))).join('');
          const run = () =>
            resolveParameters({
              files: [{ file: '/p/params.json', relative: 'params.json', declarations: [declaration] }],
              requestValues: new Map(),
              azdEnv: new Map(Object.entries(azd)),
              osEnv: os,
              prompt: undefined,
              secrets: new Secrets({ mask: () => undefined }),
              command: 'provision',
            });
          if (missing.length > 0 || expected === '') {
            await assert.rejects(run(), (err: unknown) => {
              assert.ok(err instanceof ScriptsError && err.code === 'PARAMETERS_UNRESOLVED', String(err));
              for (const n of missing) assert.ok(err.message.includes(`\${${n}}`), err.message);
              return true;
            });
          } else {
            assert.equal((await run()).values.get('TARGET'), expected);
          }
        }),
        { numRuns: RUNS },
      );
    },
  );

  rit('.env $VAR and ${VAR}: from keys earlier in the file; single quotes and \\$ stay literal', () => {
    const WORD = fc.string({ unit: fc.constantFrom('a', 'b', '1', '-', '.', '/'), minLength: 1, maxLength: 5 });
    check(
      fc.array(
        fc.tuple(
          fc.array(
            fc.oneof(
              WORD,
              fc.constantFrom(...NAMES).map((n) => ({ name: n, braces: true })),
              fc.constantFrom(...NAMES).map((n) => ({ name: n, braces: false })),
            ),
            {
              minLength: 1,
              maxLength: 4,
            },
          ),
          fc.constantFrom('unquoted', 'double', 'single'),
        ),
        { minLength: 1, maxLength: NAMES.length },
      ),
      (specs) => {
        const model = new Map<string, string>();
        const lines: string[] = [];
        specs.forEach(([parts, quoting], i) => {
          const key = NAMES[i]!;
          // `$NAME` must not run into a following word character: separate with a space.
          const raw = parts
            .map((p) => (typeof p === 'string' ? p : p.braces ? `\${${p.name}}` : ` $${p.name} `))
            .join('');
          const expand = (text: string) =>
            text.replace(
              /\$\{([A-Z0-9_]+)\}|\$([A-Z0-9_]+)/g,
              (_m, a?: string, b?: string) => model.get((a ?? b)!) ?? '',
            );
          // godotenv trims an unquoted value before expanding it.
          const value = quoting === 'single' ? raw : quoting === 'double' ? expand(raw) : expand(raw.trim());
          const written = quoting === 'single' ? `'${raw}'` : quoting === 'double' ? `"${raw}"` : raw;
          lines.push(`${key}=${written}`);
          model.set(key, value);
        });
        lines.push('LITERAL="\\${A} and \\$B"');
        model.set('LITERAL', '${A} and $B');
        assert.deepEqual(parseDotenv(lines.join('\n')), model, lines.join('\n'));
      },
      RUNS,
      false,
    );
  });
});
