/**
 * Unit tests of the `.env` codec (DESIGN section 5): the writer is checked against hand-computed bytes of
 * godotenv 1.5.1 Marshal + azd's fixupUnquotedDotenv, the reader against godotenv 1.5.1's parser.go rules, and
 * the two together by round trips (examples and fast-check properties).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  DotenvSyntaxError,
  formatDotenv,
  formatLine,
  isEnvKey,
  parseDotenv,
  parseDotenvFile,
  unsavableReason,
  type EnvValues,
} from '../../src/core/dotenv.js';
import { ScriptsError } from '../../src/core/errors.js';

const FILE = '/project/.azure/dev/.env';

function map(entries: Array<[string, string]> | Record<string, string>): EnvValues {
  return new Map(Array.isArray(entries) ? entries : Object.entries(entries));
}

/** The parsed values as a plain array of entries, sorted, for readable deepEqual failures. */
function entriesOf(values: EnvValues): Array<[string, string]> {
  return [...values].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function syntaxError(text: string): DotenvSyntaxError {
  try {
    parseDotenv(text);
  } catch (err) {
    assert.ok(err instanceof DotenvSyntaxError, `expected a DotenvSyntaxError, got ${String(err)}`);
    return err;
  }
  assert.fail(`expected parseDotenv to throw for ${JSON.stringify(text)}`);
}

function fileError(text: string, file = FILE): ScriptsError {
  try {
    parseDotenvFile(text, file);
  } catch (err) {
    assert.ok(err instanceof ScriptsError, `expected a ScriptsError, got ${String(err)}`);
    return err;
  }
  assert.fail(`expected parseDotenvFile to throw for ${JSON.stringify(text)}`);
}

function assertDotenvInvalid(err: ScriptsError, file: string, line: number): void {
  assert.equal(err.code, 'DOTENV_INVALID');
  assert.equal(err.file, file);
  assert.equal(err.line, line);
  assert.ok(err.message.includes(`${file}:${line}:`), `message should name ${file}:${line}: ${err.message}`);
}

// ---------------------------------------------------------------------------------------------------------------

describe('DESIGN 5: .env writer (godotenv Marshal + azd fixup)', () => {
  it('writes canonical int64 values unquoted', () => {
    const values = map([
      ['A', '1'],
      ['B', '-5'],
      ['C', '0'],
      ['D', '9223372036854775807'],
      ['E', '-9223372036854775808'],
      ['F', '42'],
    ]);
    assert.equal(formatDotenv(values), 'A=1\nB=-5\nC=0\nD=9223372036854775807\nE=-9223372036854775808\nF=42\n');
  });

  it('quotes integers outside int64 (strconv.Atoi fails)', () => {
    const values = map([
      ['A', '9223372036854775808'],
      ['B', '-9223372036854775809'],
      ['C', '123456789012345678901234567890'],
    ]);
    assert.equal(
      formatDotenv(values),
      'A="9223372036854775808"\nB="-9223372036854775809"\nC="123456789012345678901234567890"\n',
    );
  });

  it('quotes non-canonical integers without escaping (azd fixupUnquotedDotenv)', () => {
    const values = map([
      ['A', '01'],
      ['B', '+5'],
      ['C', '-0'],
      ['D', '007'],
      ['E', '+0'],
      ['F', '-007'],
      ['G', '00'],
    ]);
    assert.equal(formatDotenv(values), 'A="01"\nB="+5"\nC="-0"\nD="007"\nE="+0"\nF="-007"\nG="00"\n');
  });

  it('quotes number-like values that Atoi rejects', () => {
    const values = map([
      ['A', '1.0'],
      ['B', '1e3'],
      ['C', '0x10'],
      ['D', '1_000'],
      ['E', ' 1'],
      ['F', '1 '],
      ['G', '\u0661'],
      ['H', '-'],
      ['I', '+'],
    ]);
    assert.equal(
      formatDotenv(values),
      'A="1.0"\nB="1e3"\nC="0x10"\nD="1_000"\nE=" 1"\nF="1 "\nG="\u0661"\nH="-"\nI="+"\n',
    );
  });

  it('writes an empty value as K=""', () => {
    assert.equal(formatDotenv(map([['K', '']])), 'K=""\n');
  });

  it('escapes each of the seven special characters', () => {
    const cases: Array<[string, string]> = [
      ['a\\b', String.raw`K="a\\b"`],
      ['a\nb', String.raw`K="a\nb"`],
      ['a\rb', String.raw`K="a\rb"`],
      ['a"b', String.raw`K="a\"b"`],
      ['a!b', String.raw`K="a\!b"`],
      ['a$b', String.raw`K="a\$b"`],
      ['a`b', 'K="a\\`b"'],
    ];
    for (const [value, line] of cases) {
      assert.equal(formatLine('K', value), line, `value ${JSON.stringify(value)}`);
      assert.equal(formatDotenv(map([['K', value]])), line + '\n', `value ${JSON.stringify(value)}`);
    }
  });

  it('escapes in order: backslash first, so escapes are never doubled', () => {
    const cases: Array<[string, string]> = [
      // all seven in a row: \ LF CR " ! $ `
      ['\\\n\r"!$`', 'K="\\\\\\n\\r\\"\\!\\$\\`"'],
      // a backslash followed by the letter n (not a line feed)
      ['\\n', 'K="\\\\n"'],
      ['a\\nb', 'K="a\\\\nb"'],
      // a backslash followed by a real line feed
      ['\\\n', 'K="\\\\\\n"'],
      ['\r\n', 'K="\\r\\n"'],
      ['\\"', 'K="\\\\\\""'],
      ['\\$', 'K="\\\\\\$"'],
      ['x\\y\n"$HOME!`\r\\n', 'K="x\\\\y\\n\\"\\$HOME\\!\\`\\r\\\\n"'],
      ['${X}', 'K="\\${X}"'],
      ['!!', 'K="\\!\\!"'],
    ];
    for (const [value, line] of cases) {
      assert.equal(formatLine('K', value), line, `value ${JSON.stringify(value)}`);
    }
  });

  it('leaves other characters (tab, quote, #, =, spaces) as they are', () => {
    assert.equal(formatLine('K', "a\tb 'c' #d =e"), 'K="a\tb \'c\' #d =e"');
    assert.equal(formatLine('K', '  lead and trail  '), 'K="  lead and trail  "');
    assert.equal(formatLine('K', '\0\u0085\u00a0\u2028'), 'K="\0\u0085\u00a0\u2028"');
  });

  it('sorts whole lines byte-wise: "=" before upper case, "_" and lower case', () => {
    const values = map([
      ['a', 'x'],
      ['B', 'x'],
      ['A_B', 'x'],
      ['AB', 'x'],
      ['A', 'x'],
    ]);
    assert.equal(formatDotenv(values), 'A="x"\nAB="x"\nA_B="x"\nB="x"\na="x"\n');
  });

  it('sorts by the whole line, not the key: "A0=" and "A1=" come before "A="', () => {
    const values = map([
      ['A', '1'],
      ['A1', 'x'],
      ['A0', '01'],
      ['_', '2'],
      ['Z', '3'],
    ]);
    assert.equal(formatDotenv(values), 'A0="01"\nA1="x"\nA=1\nZ=3\n_=2\n');
  });

  it('does not depend on insertion order', () => {
    const entries: Array<[string, string]> = [
      ['AZURE_ENV_NAME', 'dev'],
      ['AZURE_LOCATION', 'eastus'],
      ['COUNT', '3'],
      ['URL', 'https://x.example/?a=1&b=2'],
    ];
    const expected = 'AZURE_ENV_NAME="dev"\nAZURE_LOCATION="eastus"\nCOUNT=3\nURL="https://x.example/?a=1&b=2"\n';
    assert.equal(formatDotenv(map(entries)), expected);
    assert.equal(formatDotenv(map([...entries].reverse())), expected);
  });

  it('ends the file with exactly one line feed', () => {
    const text = formatDotenv(map([['K', 'v']]));
    assert.equal(text, 'K="v"\n');
    const many = formatDotenv(map({ A: 'multi\nline', B: '2' }));
    assert.equal(many, 'A="multi\\nline"\nB=2\n');
    assert.ok(!many.endsWith('\n\n'));
  });

  it('writes no values as a lone line feed (azd writes Marshal output + "\\n")', () => {
    assert.equal(formatDotenv(new Map()), '\n');
  });

  it('writes unicode values as UTF-8', () => {
    const text = formatDotenv(map([['K', 'h\u00e9 \u{1F600} \u65e5']]));
    // K="hé 😀 日"\n, spelled out byte by byte
    const expected = Buffer.from([
      0x4b, 0x3d, 0x22, 0x68, 0xc3, 0xa9, 0x20, 0xf0, 0x9f, 0x98, 0x80, 0x20, 0xe6, 0x97, 0xa5, 0x22, 0x0a,
    ]);
    assert.deepEqual(Buffer.from(text, 'utf8'), expected);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('DESIGN 5: .env reader (godotenv 1.5.1 parser.go)', () => {
  it('reads an empty file, blank lines and comment-only files as no values', () => {
    assert.deepEqual(entriesOf(parseDotenv('')), []);
    assert.deepEqual(entriesOf(parseDotenv('\n\n  \n\t\n')), []);
    assert.deepEqual(entriesOf(parseDotenv('# one\n   # two\n#three')), []);
  });

  it('skips comments: full lines, and a trailing " #" on unquoted values (cut at the last one)', () => {
    const text = [
      '# full line comment',
      '   # indented comment',
      'A=plain',
      'B=value # trailing comment',
      'C=a # b # c',
      'D=no#comment',
      'E=tab\t# comment',
      'F="quoted # kept" # comment',
      "G='single # kept' # comment",
      'H=#notacomment',
      'I=a #',
      'J= #x',
    ].join('\n');
    assert.deepEqual(
      entriesOf(parseDotenv(text)),
      entriesOf(
        map({
          A: 'plain',
          B: 'value',
          C: 'a # b',
          D: 'no#comment',
          E: 'tab',
          F: 'quoted # kept',
          G: 'single # kept',
          H: '#notacomment',
          I: 'a',
          J: '#x',
        }),
      ),
    );
  });

  it('accepts "export KEY=value"', () => {
    const text = 'export A=1\nexport   B="x"\n  export\tC=3\nexportD=4\nexport=5\n';
    assert.deepEqual(
      entriesOf(parseDotenv(text)),
      entriesOf(map({ A: '1', B: 'x', C: '3', exportD: '4', export: '5' })),
    );
  });

  it('accepts yaml style "KEY: value"; the first = or : ends the key', () => {
    const text = 'A: value\nB:value\nC : "quoted: yes"\nURL=http://x:8080/a=b\n';
    assert.deepEqual(
      entriesOf(parseDotenv(text)),
      entriesOf(map({ A: 'value', B: 'value', C: 'quoted: yes', URL: 'http://x:8080/a=b' })),
    );
  });

  it('reads single-quoted values literally (no escapes, no expansion)', () => {
    const text = "B=x\nS='a\\nb \\\\ $B ${B} \"dq\" \\t'\nT='it\\'s'\n";
    const values = parseDotenv(text);
    assert.equal(values.get('S'), 'a\\nb \\\\ $B ${B} "dq" \\t');
    // godotenv skips a quote preceded by a backslash, and keeps the backslash
    assert.equal(values.get('T'), "it\\'s");
  });

  it('reads double-quoted values: \\n, \\r, and a backslash before any other character is dropped', () => {
    const values = parseDotenv(String.raw`D="a\nb\rc\\d\"e\qf\tg\!h\`i"` + '\n');
    assert.equal(values.get('D'), 'a\nb\rc\\d"eqftg!h`i');
  });

  it('keeps backslashes in unquoted values', () => {
    assert.equal(parseDotenv(String.raw`A=C:\path\to\n` + '\n').get('A'), String.raw`C:\path\to\n`);
  });

  it('expands ${VAR} and $VAR from earlier keys of the same file; missing is empty; \\$ is not expanded', () => {
    const text = [
      'A=x',
      'B=${A}-$A-\\${A}-${MISSING}-$MISSING-end',
      'C="${B}|$A|\\$A"',
      "D='${A}'",
      'E=${LATER}',
      'LATER=1',
      'lower=v',
      'F=$lower',
      'G=$A_suffix',
      'H="$"',
      'I=${A}${A}',
    ].join('\n');
    const values = parseDotenv(text);
    assert.equal(values.get('B'), 'x-x-${A}---end');
    assert.equal(values.get('C'), 'x-x-${A}---end|x|$A');
    assert.equal(values.get('D'), '${A}');
    assert.equal(values.get('E'), '');
    // only [A-Z0-9_]+ names expand
    assert.equal(values.get('F'), '$lower');
    // the name is the longest run of [A-Z0-9_]: A_ (missing), then "suffix"
    assert.equal(values.get('G'), 'suffix');
    assert.equal(values.get('H'), '$');
    assert.equal(values.get('I'), 'xx');
  });

  it('reads CRLF files', () => {
    const text = 'A=1\r\nB="two"\r\nC=three # c\r\nD="multi\r\nline"\r\n# comment\r\nE=\'x\'\r\n';
    assert.deepEqual(
      entriesOf(parseDotenv(text)),
      entriesOf(map({ A: '1', B: 'two', C: 'three', D: 'multi\nline', E: 'x' })),
    );
  });

  it('ends an unquoted value at a lone CR', () => {
    assert.deepEqual(entriesOf(parseDotenv('A=a\rB=2\n')), entriesOf(map({ A: 'a', B: '2' })));
  });

  it('reads multi-line quoted values', () => {
    const text = 'A="line1\nline2\n  line3"\nB=after\nC=\'one\ntwo\'\n';
    assert.deepEqual(
      entriesOf(parseDotenv(text)),
      entriesOf(map({ A: 'line1\nline2\n  line3', B: 'after', C: 'one\ntwo' })),
    );
  });

  it('ignores white space around the key, the = and an unquoted value', () => {
    const text = '  A  =  spaced value  \n\tB\t=\t"q"\t\nC=\nD=\u00a0\v\fnb \u0085\n';
    assert.deepEqual(entriesOf(parseDotenv(text)), entriesOf(map({ A: 'spaced value', B: 'q', C: '', D: 'nb' })));
  });

  it('reads empty values: K=, K="", K=\'\' and K= at the end of the file', () => {
    const text = 'A=\nB=""\nC=\'\'\nD=';
    assert.deepEqual(entriesOf(parseDotenv(text)), entriesOf(map({ A: '', B: '', C: '', D: '' })));
  });

  it('lets a duplicate key win over the earlier one (last wins)', () => {
    const values = parseDotenv('A=1\nA=2\nB=${A}\nA=3\n');
    assert.equal(values.get('A'), '3');
    assert.equal(values.get('B'), '2');
  });

  it('reads a file without a trailing line feed', () => {
    assert.deepEqual(entriesOf(parseDotenv('A=1\nB="2"')), entriesOf(map({ A: '1', B: '2' })));
  });

  it('reads keys with dots and digits as godotenv does', () => {
    assert.deepEqual(entriesOf(parseDotenv('a.b=1\n1A=2\n')), entriesOf(map({ 'a.b': '1', '1A': '2' })));
  });

  it('reproduces godotenv on a value ending in \\" (why azd cannot read such a value back)', () => {
    // "x\"" : the escaped quote is skipped, the last quote closes, both trailing quotes are trimmed
    assert.equal(parseDotenv('A="x\\""\n').get('A'), 'x\\');
  });

  it('rejects a non-ASCII key as godotenv does (it checks the key byte by byte)', () => {
    // É is C3 89: godotenv checks rune(0x89), a control character, and fails; azd cannot read this file
    const err = syntaxError('A=1\n\u00c9=1\n');
    assert.equal(err.line, 2);
  });

  it('throws DotenvSyntaxError with the 1-based line', () => {
    const cases: Array<[string, number]> = [
      ['A=1\nB=2\nC="abc\nD=4\n', 3],
      ['A=1\nMY-KEY=2\n', 2],
      ['A=1\n\nJUSTAWORD\nB=2\n', 3],
      ['A="x\ny"\nB C-D=1\n', 3],
      ['A=1\r\nB-C=2\r\n', 2],
      ["A='abc\n", 1],
      ['# c\n\n  A$B=1\n', 3],
      ['A="x\\"\nB=1\n', 1],
      ['A="a"b"\n', 1],
    ];
    for (const [text, line] of cases) {
      const err = syntaxError(text);
      assert.equal(err.line, line, `line of the error in ${JSON.stringify(text)}: ${err.message}`);
    }
  });

  it('reads a last line without = (and nothing after it) as an empty key, as godotenv does', () => {
    assert.deepEqual(entriesOf(parseDotenv('A=1\nWORD')), entriesOf(map({ A: '1', '': 'WORD' })));
  });

  it('parseDotenvFile throws DOTENV_INVALID naming the file and the line (unterminated quote on line 3)', () => {
    const err = fileError('A=1\nB=2\nC="abc\nD=4\n');
    assertDotenvInvalid(err, FILE, 3);
    assert.match(err.message, /unterminated/);
    assert.ok(err.hint?.includes(FILE));
  });

  it('parseDotenvFile throws DOTENV_INVALID for a key with "-" on line 2', () => {
    const err = fileError('A=1\nMY-KEY=2\n');
    assertDotenvInvalid(err, FILE, 2);
    assert.match(err.message, /"-"/);
  });

  it('parseDotenvFile throws DOTENV_INVALID for a line without = followed by more lines', () => {
    const other = '/elsewhere/.azure/prod/.env';
    const err = fileError('A=1\nB=2\nC=3\nNOEQUALS\nD=4\n', other);
    assertDotenvInvalid(err, other, 4);
  });

  it('parseDotenvFile returns the values of a valid file', () => {
    assert.deepEqual(
      entriesOf(parseDotenvFile('A=1\nB="x"\n', FILE)),
      entriesOf(
        map({
          A: '1',
          B: 'x',
        }),
      ),
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------

const TRICKY_VALUES = [
  '',
  ' ',
  '  lead and trail  ',
  'a b',
  '#',
  'a #b',
  'a # b # c',
  "'",
  "'quoted'",
  '"leading quote',
  '""x',
  'x"y',
  '\\n',
  'a\\nb',
  '\\\\x',
  'a\\b',
  '\\"mid',
  "a\\'b",
  '\n',
  'line1\nline2',
  '\r\n',
  '\r',
  'tab\there',
  '$',
  '$HOME',
  '${HOME}',
  '\\$HOME',
  '\\${HOME}',
  '$(cmd)',
  '!',
  '!!',
  '`cmd`',
  '=',
  'a=b',
  'export X=1',
  'KEY: v',
  '01',
  '+5',
  '-0',
  '007',
  '0',
  '-5',
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775809',
  '1.5',
  'h\u00e9llo',
  '\u65e5\u672c\u8a9e',
  '\u{1F600}',
  '\u0085',
  '\u00a0nbsp\u00a0',
  '\u2028\u2029',
  '\0',
  '\\\n',
  '\\r',
  'ends with space ',
  '{"json": [1, "two"], "x": {"y": null}}',
  'C:\\Program Files\\x',
  'https://x.example/?a=1&b=$c#frag',
  'x\\y\n"$HOME!`\r\\n',
  '\\\n\r"!$`',
];

describe('DESIGN 5: .env round trip and unsavable values', () => {
  it('parseDotenv(formatDotenv(values)) gives every tricky value back', () => {
    const values: EnvValues = new Map(TRICKY_VALUES.map((v, i) => [`V${i}`, v]));
    for (const [k, v] of values) assert.equal(unsavableReason(k, v), undefined, `${k}=${JSON.stringify(v)}`);
    const back = parseDotenv(formatDotenv(values));
    assert.deepEqual(entriesOf(back), entriesOf(values));
  });

  it('round trips each tricky value on its own line too', () => {
    for (const value of TRICKY_VALUES) {
      const text = formatLine('K', value) + '\n';
      assert.equal(parseDotenv(text).get('K'), value, `written as ${JSON.stringify(text)}`);
    }
  });

  it('gives a reason for a value ending in a backslash or a double quote', () => {
    for (const value of ['abc\\', '\\', 'a\\\\', 'abc"', '"', '""', 'a\\"']) {
      const reason = unsavableReason('K', value);
      assert.ok(reason, `expected a reason for ${JSON.stringify(value)}`);
    }
    assert.match(unsavableReason('K', 'abc\\')!, /backslash/);
    assert.match(unsavableReason('K', 'abc"')!, /double quote/);
  });

  it('gives a reason for a key godotenv cannot read back', () => {
    for (const key of ['bad-key', '', '\u00c9', 'A=B', '$A']) {
      const reason = unsavableReason(key, 'value');
      assert.ok(reason, `expected a reason for key ${JSON.stringify(key)}`);
      assert.match(reason, /name/);
    }
  });

  it('issue 10.2: keeps keys godotenv reads though they are no environment variable names (azd writes them back)', () => {
    for (const key of ['1A', 'A.B', 'app.settings.name', '_.9']) {
      assert.equal(unsavableReason(key, 'value'), undefined, key);
      assert.equal(parseDotenv(formatDotenv(new Map([[key, 'v a"l']]))).get(key), 'v a"l');
    }
  });

  it('issue 10.2: refuses a last line "export " with no key, as godotenv does', () => {
    assert.throws(
      () => parseDotenv('A=1\nexport '),
      (err: DotenvSyntaxError) => err.line === 2,
    );
    assert.throws(() => parseDotenv('export   '), DotenvSyntaxError);
    assert.equal(parseDotenv('export A=1\n').get('A'), '1');
  });

  it('gives a reason for a value with a lone surrogate', () => {
    for (const value of ['\ud800', 'a\udc00b', '\ud83d']) {
      assert.ok(unsavableReason('K', value), `expected a reason for ${JSON.stringify(value)}`);
    }
  });

  it('gives no reason otherwise', () => {
    for (const key of ['A', '_', 'a', 'A_1', '_x9', 'AZURE_ENV_NAME']) {
      assert.equal(unsavableReason(key, 'value'), undefined, key);
    }
    for (const value of ['', 'x', '"x', '\\x', 'x"y', 'x\\y', '\u{1F600}', 'a\\\n']) {
      assert.equal(unsavableReason('K', value), undefined, JSON.stringify(value));
    }
  });

  it('shows why: writing a value ending in a backslash breaks reading the whole file', () => {
    const written = formatDotenv(map({ A: 'x\\', B: 'y' }));
    assert.equal(written, 'A="x\\\\"\nB="y"\n');
    assert.throws(() => parseDotenv(written), DotenvSyntaxError);
  });

  it('isEnvKey matches [A-Za-z_][A-Za-z0-9_]*', () => {
    for (const key of ['A', '_', 'a1', 'A_B_C', '__']) assert.equal(isEnvKey(key), true, key);
    for (const key of ['', '1', '1A', 'A-B', 'A.B', 'A B', '\u00c9', 'A\n']) assert.equal(isEnvKey(key), false, key);
  });
});

// ---------------------------------------------------------------------------------------------------------------

const envKey = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,12}$/);
const specialValue = fc.string({
  unit: fc.constantFrom('\\', '\n', '\r', '"', "'", '!', '$', '`', '#', ' ', '\t', '=', '{', '}', 'A', 'n', 'r', '0'),
  maxLength: 12,
});
const anyValue = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.string({ unit: 'grapheme', maxLength: 24 }),
  specialValue,
  fc.bigInt().map(String),
  fc.integer().map((n) => (n < 0 ? `-0${-n}` : `+${n}`)),
);

describe('DESIGN 5: .env codec properties (fast-check)', () => {
  it('any savable key/value map round-trips exactly', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(envKey, anyValue), { selector: ([k]) => k, maxLength: 8 }), (pairs) => {
        const values: EnvValues = new Map(pairs.filter(([k, v]) => unsavableReason(k, v) === undefined));
        const text = formatDotenv(values);
        assert.equal(text.split('\n').length - 1, Math.max(values.size, 1), 'one line per key');
        assert.deepEqual(entriesOf(parseDotenv(text)), entriesOf(values));
      }),
      { numRuns: 400 },
    );
  });

  it('unsavableReason is undefined for every well-formed value not ending in \\ or "', () => {
    fc.assert(
      fc.property(envKey, anyValue, (key, value) => {
        const expectReason = !value.isWellFormed() || value.endsWith('\\') || value.endsWith('"');
        assert.equal(unsavableReason(key, value) !== undefined, expectReason, JSON.stringify(value));
      }),
      { numRuns: 600 },
    );
  });

  it('parseDotenv on arbitrary text returns values or throws DotenvSyntaxError with a line inside the text', () => {
    const dotenvish = fc.string({
      unit: fc.constantFrom(
        'A',
        'b',
        '_',
        '=',
        ':',
        '"',
        "'",
        '\\',
        '\n',
        '\r',
        ' ',
        '#',
        '$',
        '{',
        '}',
        '-',
        'export ',
      ),
      maxLength: 40,
    });
    fc.assert(
      fc.property(fc.oneof(dotenvish, fc.string({ unit: 'binary', maxLength: 40 })), (text) => {
        try {
          parseDotenv(text);
        } catch (err) {
          assert.ok(err instanceof DotenvSyntaxError, `not a DotenvSyntaxError: ${String(err)}`);
          const lines = text.replace(/\r\n/g, '\n').split('\n').length;
          assert.ok(err.line >= 1 && err.line <= lines, `line ${err.line} of ${lines}`);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
