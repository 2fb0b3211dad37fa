/**
 * Bad input corpus, part 3 (issue 11.15, with 10.6 and 10.8): JSON that parses but says two things at once.
 * Duplicate keys (JSON readers keep the last silently, which can turn a securestring into a saved string), an
 * outputs.json mixing the wrapped and the flat form, and misspelt output types. Every case: a clear error naming
 * the file and the line of the second key (or of the type), the secret value shown nowhere, nothing on disk
 * changed (except the outputs.json the script itself wrote), and no later script run.
 */
import { describe } from 'node:test';
import { azureYaml } from '../helpers.js';
import { expectRejected, type BadCase, type Content } from './corpus.js';
import { rit } from './support.js';

const SECRET = 'Sup3r-s3cret-VALUE';
const ENVIRONMENT: Record<string, Content> = {
  '.azure/config.json': '{"version":1,"defaultEnvironment":"dev"}',
  '.azure/.gitignore': '# .azure is not intended to be committed\n*',
  '.azure/dev/.env': 'AZURE_ENV_NAME="dev"\n',
  '.azure/dev/config.json': '{}',
};

// ---------------------------------------------------------------------------------------------------------------
// outputs.json, written by the script (it copies a prepared file next to itself)

const OUT = 'scripts/w/outputs.json';
const outputCases: BadCase[] = [];
const addOut = (family: string, name: string, outputs: string, expect: Partial<BadCase> = {}) =>
  outputCases.push({
    name: `${family}: ${name}`,
    files: {
      'azure.yaml': azureYaml({
        provision: [
          { shell: 'bash', name: 'writer', run: 'scripts/w/run.sh' },
          { shell: 'bash', name: 'after', run: 'scripts/after.sh' },
        ],
      }),
      'scripts/w/run.sh': '#!/usr/bin/env bash\ncp fixtures/outputs.json scripts/w/outputs.json\n',
      'scripts/after.sh': '#!/usr/bin/env bash\ntouch after.ran\n',
      'fixtures/outputs.json': outputs,
      ...ENVIRONMENT,
    },
    file: OUT,
    written: [OUT],
    absent: [SECRET],
    ...expect,
  });

const secure = `{"type": "securestring", "value": "${SECRET}"}`;
const plain = `{"type": "string", "value": "${SECRET}"}`;
const DUP = 'outputs.json duplicate keys';
addOut(DUP, 'securestring then string (wrapped)', `{"outputs": {\n  "PW": ${secure},\n  "PW": ${plain}\n}}`, {
  line: 3,
  mentions: ['"PW" appears twice'],
});
addOut(DUP, 'string then securestring (wrapped)', `{"outputs": {\n  "PW": ${plain},\n  "PW": ${secure}\n}}`, {
  line: 3,
  mentions: ['"PW" appears twice'],
});
addOut(DUP, 'securestring then string (flat)', `{\n  "PW": ${secure},\n  "PW": ${plain}\n}`, {
  line: 3,
  mentions: ['"PW" appears twice in the top level'],
});
addOut(DUP, 'the same key written with an escape', `{\n  "PW": ${secure},\n  "\\u0050W": ${plain}\n}`, {
  line: 3,
  mentions: ['"PW" appears twice'],
});
addOut(
  DUP,
  '"type" twice in one output',
  `{"outputs": {"PW": {\n  "type": "securestring",\n  "type": "string",\n  "value": "${SECRET}"}}}`,
  { line: 3, mentions: ['"type" appears twice in "outputs.PW"'] },
);
addOut(
  DUP,
  '"value" twice in one output',
  `{"outputs": {"PW": {"type": "securestring",\n  "value": "x",\n  "value": "${SECRET}"}}}`,
  { line: 3, mentions: ['"value" appears twice'] },
);
addOut(DUP, '"outputs" twice', `{\n  "outputs": {"PW": ${secure}},\n  "outputs": {"PW": ${plain}}\n}`, {
  line: 3,
  mentions: ['"outputs" appears twice in the top level'],
});
addOut(
  DUP,
  'a key twice inside an object value',
  `{"CFG": {"type": "secureObject", "value": {\n  "password": "${SECRET}",\n  "password": "x"}}}`,
  { line: 3, mentions: ['"password" appears twice in "CFG.value"'] },
);

const MIX = 'outputs.json mixing the two forms';
addOut(MIX, '"outputs" beside a flat output', `{\n  "outputs": {"A": ${plain}},\n  "PW": ${secure}\n}`, {
  line: 3,
  mentions: ['both "outputs" and "PW"'],
});
addOut(
  MIX,
  '"outputs" beside $schema and a flat output',
  `{\n  "$schema": "x",\n  "outputs": {},\n  "PW": ${secure}\n}`,
  { line: 4, mentions: ['both "outputs" and "PW"'] },
);
addOut(MIX, 'a misspelt "outputs" in a flat file', `{\n  "outptus": {"PW": ${secure}}\n}`, {
  line: 2,
  mentions: ['did you mean "outputs"'],
});
addOut(MIX, '"Outputs" (case) beside real outputs', `{\n  "Outputs": {"PW": ${secure}},\n  "A": ${plain}\n}`, {
  line: 2,
  mentions: ['did you mean "outputs"'],
});

const TYPES = 'outputs.json unknown types';
for (const [type, guess] of [
  ['securestrin', 'securestring'],
  ['secure_string', 'securestring'],
  ['securestrnig', 'securestring'],
  ['SecureStrings', 'securestring'],
  ['secureobj', 'secureobject'],
  ['strng', 'string'],
  ['secret', undefined],
  ['', undefined],
] as const) {
  addOut(
    TYPES,
    JSON.stringify(type),
    `{\n  "PW": {\n    "type": ${JSON.stringify(type)},\n    "value": "${SECRET}"\n  }\n}`,
    {
      line: 3,
      mentions: [`unknown type ${JSON.stringify(type)}`, ...(guess ? [`did you mean "${guess}"`] : [])],
    },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Parameter files

const paramCases: BadCase[] = [];
const addParam = (name: string, params: string, expect: Partial<BadCase>) =>
  paramCases.push({
    name: `parameter file duplicate keys: ${name}`,
    files: {
      'azure.yaml': azureYaml({ provision: [{ shell: 'bash', run: 'scripts/ok.sh', parameters: 'params.json' }] }),
      'scripts/ok.sh': '#!/usr/bin/env bash\ntouch ran.marker\n',
      'params.json': params,
      ...ENVIRONMENT,
    },
    file: 'params.json',
    absent: [SECRET],
    ...expect,
  });

addParam(
  'a parameter declared twice (secret, then not)',
  `{"parameters": {\n  "PW": {"type": "string", "secret": true, "value": "${SECRET}"},\n  "PW": {"type": "string", "value": "${SECRET}"}\n}}`,
  { line: 3, mentions: ['"PW" appears twice in "parameters"'] },
);
addParam(
  '"secret" twice in one parameter',
  `{"parameters": {"PW": {"type": "string", "secret": true,\n  "secret": false, "value": "${SECRET}"}}}`,
  { line: 2, mentions: ['"secret" appears twice in "parameters.PW"'] },
);
addParam('"type" twice in one parameter', `{"parameters": {"N": {"type": "integer",\n  "type": "string"}}}`, {
  line: 2,
  mentions: ['"type" appears twice'],
});
addParam('"value" twice (ARM style)', `{"parameters": {"N": {"value": 1,\n  "value": "two"}}}`, {
  line: 2,
  mentions: ['"value" appears twice'],
});
addParam('"parameters" twice', `{"parameters": {},\n "parameters": {"N": {"value": 1}}}`, {
  line: 2,
  mentions: ['"parameters" appears twice in the top level'],
});
addParam(
  'the same parameter written with an escape',
  `{"parameters": {"PW": {"value": "a"},\n  "\\u0050W": {"value": "b"}}}`,
  { line: 2, mentions: ['"PW" appears twice'] },
);

describe(
  'bad input corpus: duplicate keys, mixed forms and unknown types in outputs.json (11.15)',
  { concurrency: 3 },
  () => {
    for (const c of outputCases) rit(c.name, () => expectRejected(c));
  },
);

describe('bad input corpus: duplicate keys in parameter files (11.15)', { concurrency: 3 }, () => {
  for (const c of paramCases) rit(c.name, () => expectRejected(c));
});
