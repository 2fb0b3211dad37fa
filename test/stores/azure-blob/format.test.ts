/**
 * The bytes of azd's AzureBlobStorage backend (DESIGN section 8), checked against hand-computed vectors of
 * godotenv 1.5.1 Marshal + azd's fixup (`.env` blob: no trailing newline) and Go's json.MarshalIndent
 * (`config.json` blob: the same bytes as locally).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ScriptsError } from '../../../src/core/errors.js';
import {
  blobNames,
  decodeConfigBlob,
  decodeDotenvBlob,
  dotenvBlobFromLocal,
  encodeConfigBlob,
  encodeDotenvBlob,
  localDotenvFromBlob,
} from '../../../src/stores/azure-blob/format.js';

const BLOB = 'https://acct.blob.core.windows.net/proj/dev/.env';

const VALUES = new Map<string, string>([
  ['AZURE_ENV_NAME', 'dev'],
  ['A', 'x'],
  ['A1', 'y'],
  ['AB', 'y2'],
  ['A_B', 'z'],
  ['COUNT', '42'],
  ['NEG', '-5'],
  ['MAXINT', '9223372036854775807'],
  ['BIG', '9223372036854775808'],
  ['PLUS', '+1'],
  ['ZERO_PADDED', '007'],
  ['EMPTY', ''],
  ['MSG', 'say "hi"\nline2 $HOME `x` !bang \\ end\r'],
]);

// Written by hand from the rules: integers that Atoi reads back canonically are bare, everything else is quoted
// and escaped (\ LF CR " ! $ `), and whole lines are sorted byte-wise ("A1=" < "A=" < "AB" < "AZ" < "A_").
const AZD_BLOB = [
  'A1="y"',
  'A="x"',
  'AB="y2"',
  'AZURE_ENV_NAME="dev"',
  'A_B="z"',
  'BIG="9223372036854775808"',
  'COUNT=42',
  'EMPTY=""',
  'MAXINT=9223372036854775807',
  'MSG="say \\"hi\\"\\nline2 \\$HOME \\`x\\` \\!bang \\\\ end\\r"',
  'NEG=-5',
  'PLUS="+1"',
  'ZERO_PADDED="007"',
].join('\n');

function scriptsError(fn: () => unknown): ScriptsError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof ScriptsError, `expected a ScriptsError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected a ScriptsError');
}

function sorted(values: Map<string, string>): Array<[string, string]> {
  return [...values].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

describe('issue 12.1: the .env blob is what azd writes (no trailing newline)', () => {
  it('blob names are <env>/.env and <env>/config.json', () => {
    assert.deepEqual(blobNames('dev-1'), { dotenv: 'dev-1/.env', config: 'dev-1/config.json' });
  });

  it('encodes values as godotenv.Marshal + azd fixup, sorted by whole line, without the final newline', () => {
    const blob = encodeDotenvBlob(VALUES);
    assert.equal(blob.toString('utf8'), AZD_BLOB);
    assert.notEqual(blob.at(-1), 0x0a);
  });

  it('an environment with no values is an empty blob', () => {
    assert.equal(encodeDotenvBlob(new Map()).length, 0);
  });

  it('a local .env we or azd wrote goes up as the same bytes minus its trailing newline', () => {
    assert.equal(dotenvBlobFromLocal(Buffer.from(AZD_BLOB + '\n'), '/p/.azure/dev/.env').toString(), AZD_BLOB);
  });

  it('a hand-edited local .env goes up in the canonical form azd re-marshals at each save', () => {
    const local = '# comment\nexport B=\'single $x\'\nA: 01\nC="multi\\nline"\n';
    assert.equal(
      dotenvBlobFromLocal(local, '/p/.azure/dev/.env').toString(),
      'A="01"\nB="single \\$x"\nC="multi\\nline"',
    );
  });

  it('a local .env that does not parse is refused with its file and line', () => {
    const err = scriptsError(() => dotenvBlobFromLocal('A=1\nB="open\n', '/p/.azure/dev/.env'));
    assert.equal(err.code, 'DOTENV_INVALID');
    assert.equal(err.file, '/p/.azure/dev/.env');
    assert.match(err.message, /^\/p\/\.azure\/dev\/\.env:\d+:/);
  });
});

describe('issue 12.1: a .env blob azd wrote is read exactly', () => {
  it('reads every value of an azd blob without a trailing newline', () => {
    assert.deepEqual(sorted(decodeDotenvBlob(Buffer.from(AZD_BLOB), BLOB)), sorted(VALUES));
  });

  it('reads the same values when the blob has a trailing newline (or CRLF line ends)', () => {
    assert.deepEqual(sorted(decodeDotenvBlob(Buffer.from(AZD_BLOB + '\n'), BLOB)), sorted(VALUES));
    assert.deepEqual(sorted(decodeDotenvBlob(AZD_BLOB.replace(/\n/g, '\r\n'), BLOB)), sorted(VALUES));
  });

  it('the local file written from a pulled blob is the blob plus one newline, either way', () => {
    assert.equal(localDotenvFromBlob(Buffer.from(AZD_BLOB), BLOB).toString(), AZD_BLOB + '\n');
    assert.equal(localDotenvFromBlob(Buffer.from(AZD_BLOB + '\n'), BLOB).toString(), AZD_BLOB + '\n');
  });

  it('an empty blob is an environment with no values (local file: one newline, as azd writes it)', () => {
    assert.equal(decodeDotenvBlob(Buffer.alloc(0), BLOB).size, 0);
    assert.equal(localDotenvFromBlob(Buffer.alloc(0), BLOB).toString(), '\n');
  });

  it('a round trip through our encoder gives back the same bytes', () => {
    const values = decodeDotenvBlob(Buffer.from(AZD_BLOB), BLOB);
    assert.equal(encodeDotenvBlob(values).toString(), AZD_BLOB);
  });

  it('a blob that does not parse is refused (azd would read it as empty and then overwrite it)', () => {
    const err = scriptsError(() => decodeDotenvBlob(Buffer.from('A=1\nB="never closed'), BLOB));
    assert.equal(err.code, 'DOTENV_INVALID');
    assert.equal(err.file, BLOB);
    assert.equal(err.line, 2);
  });

  it('a blob that is not UTF-8 is refused, naming the blob', () => {
    const err = scriptsError(() => decodeDotenvBlob(Buffer.from([0x41, 0x3d, 0xff, 0xfe]), BLOB));
    assert.equal(err.code, 'DOTENV_INVALID');
    assert.match(err.message, /not UTF-8/);
    assert.ok(err.message.includes(BLOB));
  });
});

describe('issue 12.1: the config.json blob is the same bytes as locally (Go MarshalIndent)', () => {
  const CONFIG = {
    scripts: { outputs: ['B', 'A'] },
    infra: { parameters: { s: '<a&b>', n: 1 } },
    list: [],
    empty: {},
  };
  // Hand-written: keys sorted, two-space indent, <>& as \u escapes, empty {} and [] inline, no final newline.
  const AZD_CONFIG = [
    '{',
    '  "empty": {},',
    '  "infra": {',
    '    "parameters": {',
    '      "n": 1,',
    '      "s": "\\u003ca\\u0026b\\u003e"',
    '    }',
    '  },',
    '  "list": [],',
    '  "scripts": {',
    '    "outputs": [',
    '      "B",',
    '      "A"',
    '    ]',
    '  }',
    '}',
  ].join('\n');

  it('encodes as json.MarshalIndent(map, "", "  ") with no trailing newline', () => {
    assert.equal(encodeConfigBlob(CONFIG).toString('utf8'), AZD_CONFIG);
  });

  it('an empty configuration is {}', () => {
    assert.equal(encodeConfigBlob({}).toString(), '{}');
  });

  it('reads a blob azd wrote and writes it back byte for byte', () => {
    const read = decodeConfigBlob(Buffer.from(AZD_CONFIG), 'dev/config.json');
    assert.deepEqual(read, { ...CONFIG, infra: { parameters: { n: 1, s: '<a&b>' } } });
    assert.equal(encodeConfigBlob(read).toString(), AZD_CONFIG);
  });

  it('an empty blob, a non-object or broken JSON is an error naming the blob, never an empty config', () => {
    for (const bad of ['', '[]', 'null', '{"a": }']) {
      const err = scriptsError(() => decodeConfigBlob(Buffer.from(bad), 'dev/config.json'));
      assert.equal(err.code, 'CONFIG_INVALID', bad);
      assert.ok(err.message.includes('dev/config.json'), err.message);
    }
  });
});
