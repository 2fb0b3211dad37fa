/**
 * The bytes of azd's AzureBlobStorage backend (DESIGN section 8): blobs `<env>/.env` and `<env>/config.json`.
 * azd uploads `.env` as godotenv.Marshal + its fixup with NO trailing newline (the local file has one), and
 * `config.json` as the same json.MarshalIndent bytes it writes locally. A blob we write is what azd would write;
 * a blob azd wrote is read back exactly.
 */
import { formatDotenv, parseDotenvFile, type EnvValues } from '../../core/dotenv.js';
import { ScriptsError, type ErrorCode } from '../../core/errors.js';
import { marshalIndentGo, parseJson } from '../../core/json.js';

export const DOTENV_BLOB = '.env';
export const CONFIG_BLOB = 'config.json';

/** Blob names of an environment in its container (flat, one container per project, as azd names them). */
export function blobNames(envName: string): { dotenv: string; config: string } {
  return { dotenv: `${envName}/${DOTENV_BLOB}`, config: `${envName}/${CONFIG_BLOB}` };
}

/** The `.env` blob azd uploads for these values: the local file's bytes without its one trailing newline. */
export function encodeDotenvBlob(values: EnvValues): Buffer {
  return Buffer.from(formatDotenv(values).slice(0, -1), 'utf8');
}

/**
 * The `.env` blob azd would upload for a local `.env` file: azd re-reads the file and marshals the values again
 * at each save, so a hand-edited file (comments, `export`, single quotes) goes up in canonical form.
 * `file` names the local file in errors.
 */
export function dotenvBlobFromLocal(local: string | Buffer, file: string): Buffer {
  return encodeDotenvBlob(parseDotenvFile(decodeText(local, file, 'DOTENV_INVALID'), file));
}

/**
 * The values of a `.env` blob, read as godotenv reads it (with or without a trailing newline). azd treats a blob
 * it cannot parse as empty; we refuse it instead, so that a save can never replace the shared copy with nothing.
 * `where` names the blob in errors (e.g. `https://acct.blob.core.windows.net/proj/dev/.env`).
 */
export function decodeDotenvBlob(blob: string | Buffer, where: string): EnvValues {
  return parseDotenvFile(decodeText(blob, where, 'DOTENV_INVALID'), where);
}

/** The local `.env` bytes azd writes after pulling a `.env` blob: the canonical form, one trailing newline. */
export function localDotenvFromBlob(blob: string | Buffer, where: string): Buffer {
  return Buffer.from(formatDotenv(decodeDotenvBlob(blob, where)), 'utf8');
}

/** The `config.json` blob azd uploads: Go's MarshalIndent(map, "", "  "), keys sorted, no trailing newline. */
export function encodeConfigBlob(config: Record<string, unknown>): Buffer {
  return Buffer.from(marshalIndentGo(config), 'utf8');
}

/**
 * The object in a `config.json` blob (or local file): a JSON object, as azd's config.Parse requires. An empty
 * or non-object blob is an error naming `where`, never silently an empty configuration.
 */
export function decodeConfigBlob(blob: string | Buffer, where: string): Record<string, unknown> {
  const text = decodeText(blob, where, 'CONFIG_INVALID');
  const value = parseJson(text, where, 'environment configuration');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ScriptsError({
      code: 'CONFIG_INVALID',
      message: `${where}: the environment configuration must be a JSON object ({...}).`,
      hint: `Replace ${where} with a JSON object; an azd environment with no settings is {}.`,
      file: where,
    });
  }
  return value as Record<string, unknown>;
}

/**
 * Text of a blob or file; bytes that are not UTF-8 are refused (Go would carry them through, but JavaScript
 * strings cannot, and replacing them would change a user's values).
 */
function decodeText(bytes: string | Buffer, where: string, code: ErrorCode): string {
  if (typeof bytes === 'string') return bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new ScriptsError({
      code,
      message: `${where}: the contents are not UTF-8 text.`,
      hint: `Rewrite ${where} as UTF-8 text (azd writes UTF-8), then run again.`,
      file: where,
    });
  }
}
