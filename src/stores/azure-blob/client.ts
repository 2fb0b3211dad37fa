/**
 * The Azure Blob Storage client the remote environment store is built on: whole-blob reads and conditional
 * writes (ETags), and a lease-held lock blob per environment. azd itself writes remote state with no ETag and
 * no lease (Azure/azure-dev#9317); ours never overwrites a blob that changed since it was read, and holds a
 * lease for the whole run so two runs on one environment cannot interleave.
 *
 * `@azure/storage-blob` is loaded with `await import()` only when a remote store is used, so runs with local
 * state never pay for loading it. Errors are ScriptsErrors naming the account, container and blob (and the
 * endpoint for network failures), never the key or the connection string.
 */
import os from 'node:os';
import type { BlobServiceClient, ContainerClient } from '@azure/storage-blob';
import { ScriptsError } from '../../core/errors.js';

/** Lock blob of an environment: beside its `.env` and `config.json` blobs, a name azd never reads or writes. */
export function lockBlobName(envName: string): string {
  return `${envName}/.azd-scripts.lock`;
}

export interface StoredBlob {
  bytes: Buffer;
  etag: string;
}

/** `ifMatch`: write only if the blob still has this ETag; `ifNoneMatch: '*'`: write only if there is no blob. */
export type WriteCondition = { ifMatch: string } | { ifNoneMatch: '*' };

export type PutResult =
  | { ok: true; etag: string }
  /** Someone else wrote (or deleted) the blob since the ETag was read, or created it first: nothing written. */
  | { ok: false; conflict: true };

/** What the lock holder wrote into the lock blob's metadata when it took the lease. */
export interface LockHolder {
  who: string;
  pid: string;
  host: string;
  since: string;
}

export interface Lease {
  readonly id: string;
  readonly blob: string;
  /** Restarts the lease's duration; fails if the lease was lost (expired and taken by someone else). */
  renew(): Promise<void>;
  release(): Promise<void>;
}

export type LeaseResult = { acquired: true; lease: Lease } | { acquired: false; holder?: LockHolder };

export interface ClientOptions {
  /** Attempts per request, including the first (the SDK retries network errors and 5xx). Default 3. */
  maxTries?: number;
}

interface Where {
  account: string;
  container: string;
  endpoint: string;
}

const CONNECTION_STRING_HINT =
  'Set AZURE_STORAGE_CONNECTION_STRING to the storage account\'s connection string ("DefaultEndpointsProtocol=https;' +
  'AccountName=...;AccountKey=...;EndpointSuffix=core.windows.net", or with BlobEndpoint=... for an emulator).';

function field(connectionString: string, name: string): string | undefined {
  for (const part of connectionString.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim().toLowerCase() === name.toLowerCase()) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** Removes every value of the connection string that could be secret from a text we did not write. */
function redact(text: string, connectionString: string): string {
  let out = connectionString.length >= 4 ? text.split(connectionString).join('<connection string>') : text;
  for (const name of ['AccountKey', 'SharedAccessSignature']) {
    const value = field(connectionString, name);
    if (value !== undefined && value.length >= 4) out = out.split(value).join('<redacted>');
  }
  return out.replace(/(sig|AccountKey)=[^;&\s'"]+/gi, '$1=<redacted>');
}

interface SdkError {
  statusCode?: number;
  code?: string;
  details?: { errorCode?: string };
  message?: string;
}

function describe(where: Where, blob?: string): string {
  const target =
    blob === undefined ? `container "${where.container}"` : `blob "${blob}" in container "${where.container}"`;
  return `${target} of storage account "${where.account}"`;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'REQUEST_SEND_ERROR',
]);

function toScriptsError(error: unknown, action: string, where: Where, connectionString: string, blob?: string) {
  const e = (error ?? {}) as SdkError;
  const status = e.statusCode;
  const code = e.details?.errorCode ?? e.code;
  if (status === 401 || status === 403) {
    return new ScriptsError({
      code: 'REMOTE_STATE_DENIED',
      message: `Could not ${action} the ${describe(where, blob)}: access denied (HTTP ${status}${code ? `, ${code}` : ''}).`,
      hint:
        code === 'AuthenticationFailed'
          ? 'The account key in AZURE_STORAGE_CONNECTION_STRING is wrong or was rotated; copy the current connection string from the storage account\'s "Access keys".'
          : 'Check that the credentials may read and write blobs in this container (role "Storage Blob Data Contributor", or an account key / SAS with read, write, create and delete).',
    });
  }
  if (status === undefined || status === 0 || NETWORK_CODES.has(e.code ?? '')) {
    return new ScriptsError({
      code: 'REMOTE_STATE_UNAVAILABLE',
      message: `Could not ${action} the ${describe(where, blob)}: the blob endpoint ${where.endpoint} did not answer (${e.code ?? redact(e.message ?? 'no response', connectionString)}).`,
      hint: 'Check the account name and endpoint, the network and any proxy or firewall between this machine and the storage account, then run again.',
    });
  }
  return new ScriptsError({
    code: 'REMOTE_STATE_UNAVAILABLE',
    message: `Could not ${action} the ${describe(where, blob)}: HTTP ${status}${code ? ` ${code}` : ''}.`,
    hint:
      code === 'InvalidResourceName'
        ? 'A container name must be 3 to 63 characters: lowercase letters, numbers and single dashes.'
        : 'Run again; if it persists, check the storage account in the Azure portal.',
  });
}

const LEASE_LOST = new Set([
  'LeaseIdMismatchWithLeaseOperation',
  'LeaseNotPresentWithLeaseOperation',
  'LeaseIsBrokenAndCannotBeRenewed',
  'LeaseLost',
]);

function isStatus(error: unknown, ...statuses: number[]): boolean {
  const status = (error as SdkError | undefined)?.statusCode;
  return status !== undefined && statuses.includes(status);
}

function errorCode(error: unknown): string | undefined {
  const e = error as SdkError | undefined;
  return e?.details?.errorCode ?? e?.code;
}

export class AzureBlobClient {
  private constructor(
    private readonly container: ContainerClient,
    private readonly where: Where,
    private readonly connectionString: string,
  ) {}

  /** Account, container and blob endpoint, for messages. */
  get location(): Readonly<Where> {
    return this.where;
  }

  static async fromConnectionString(
    connectionString: string,
    containerName: string,
    options: ClientOptions = {},
  ): Promise<AzureBlobClient> {
    if (connectionString.trim() === '') {
      throw new ScriptsError({
        code: 'REMOTE_STATE_INVALID',
        message: 'AZURE_STORAGE_CONNECTION_STRING is empty.',
        hint: CONNECTION_STRING_HINT,
      });
    }
    const { BlobServiceClient } = await import('@azure/storage-blob');
    let service: BlobServiceClient;
    try {
      service = BlobServiceClient.fromConnectionString(connectionString, {
        retryOptions: {
          maxTries: options.maxTries ?? 3,
          retryDelayInMs: 500,
          maxRetryDelayInMs: 4000,
          // A hung connection would otherwise hold the run (and its lock) without end; state blobs are small.
          tryTimeoutInMs: 60_000,
        },
      });
    } catch (error) {
      const reason = redact(error instanceof Error ? error.message : String(error), connectionString);
      throw new ScriptsError({
        code: 'REMOTE_STATE_INVALID',
        message: `AZURE_STORAGE_CONNECTION_STRING is not a usable storage connection string: ${reason}`,
        hint: CONNECTION_STRING_HINT,
      });
    }
    const url = new URL(service.url);
    const where: Where = {
      account: service.accountName || field(connectionString, 'AccountName') || url.hostname.split('.')[0] || '?',
      container: containerName,
      endpoint: `${url.protocol}//${url.host}${url.pathname.replace(/\/$/, '')}`,
    };
    return new AzureBlobClient(service.getContainerClient(containerName), where, connectionString);
  }

  private fail(error: unknown, action: string, blob?: string): ScriptsError {
    return toScriptsError(error, action, this.where, this.connectionString, blob);
  }

  /** Creates the container when it does not exist (azd does the same), without needing account-level list rights. */
  async ensureContainer(): Promise<void> {
    try {
      await this.container.createIfNotExists();
    } catch (error) {
      throw this.fail(error, 'create', undefined);
    }
  }

  async get(blob: string): Promise<StoredBlob | undefined> {
    try {
      const response = await this.container.getBlockBlobClient(blob).download();
      const chunks: Buffer[] = [];
      for await (const chunk of response.readableStreamBody ?? []) chunks.push(Buffer.from(chunk as Uint8Array));
      // The ETag of the very bytes read (one response), so a later If-Match write detects any change since.
      return { bytes: Buffer.concat(chunks), etag: response.etag ?? '' };
    } catch (error) {
      if (isStatus(error, 404)) return undefined;
      throw this.fail(error, 'read', blob);
    }
  }

  async put(blob: string, bytes: Uint8Array, condition?: WriteCondition): Promise<PutResult> {
    try {
      const response = await this.container.getBlockBlobClient(blob).upload(bytes, bytes.byteLength, {
        conditions: condition ?? {},
      });
      return { ok: true, etag: response.etag ?? '' };
    } catch (error) {
      if (condition !== undefined && (isStatus(error, 412) || errorCode(error) === 'BlobAlreadyExists')) {
        return { ok: false, conflict: true };
      }
      throw this.fail(error, 'write', blob);
    }
  }

  /**
   * Takes the lease on the environment's lock blob for `durationSeconds` (15 to 60; renew before it ends),
   * creating the blob if needed, and records who holds it in the blob's metadata. When someone else holds it,
   * returns what they recorded.
   */
  async acquireLock(envName: string, durationSeconds: number, who: string): Promise<LeaseResult> {
    if (!Number.isInteger(durationSeconds) || durationSeconds < 15 || durationSeconds > 60) {
      throw new RangeError(`lease duration must be 15 to 60 seconds, not ${durationSeconds}`);
    }
    const name = lockBlobName(envName);
    const blob = this.container.getBlockBlobClient(name);
    try {
      await blob.upload('', 0, { conditions: { ifNoneMatch: '*' } });
    } catch (error) {
      // Already there (perhaps leased by another run): that is the normal case after the first run.
      if (!isStatus(error, 409, 412)) throw this.fail(error, 'create the lock', name);
    }
    let leaseId: string;
    try {
      const response = await blob.getBlobLeaseClient().acquireLease(durationSeconds);
      leaseId = response.leaseId ?? '';
    } catch (error) {
      if (isStatus(error, 409) && errorCode(error) === 'LeaseAlreadyPresent') {
        return { acquired: false, holder: await this.holder(name) };
      }
      throw this.fail(error, 'lock', name);
    }
    const since = new Date().toISOString();
    try {
      await blob.setMetadata(
        { who: ascii(who), pid: String(process.pid), host: ascii(os.hostname()), since },
        { conditions: { leaseId } },
      );
    } catch (error) {
      await blob
        .getBlobLeaseClient(leaseId)
        .releaseLease()
        .catch(() => undefined);
      throw this.fail(error, 'lock', name);
    }
    const leaseClient = blob.getBlobLeaseClient(leaseId);
    return {
      acquired: true,
      lease: {
        id: leaseId,
        blob: name,
        renew: async () => {
          try {
            await leaseClient.renewLease();
          } catch (error) {
            throw this.lost(error, envName, name) ?? this.fail(error, 'renew the lock on', name);
          }
        },
        release: async () => {
          try {
            await leaseClient.releaseLease();
          } catch (error) {
            throw this.lost(error, envName, name) ?? this.fail(error, 'release the lock on', name);
          }
        },
      },
    };
  }

  /** Our lease ended and another run took the lock (or it was broken): say so, not "HTTP 409". */
  private lost(error: unknown, envName: string, name: string): ScriptsError | undefined {
    if (!isStatus(error, 409) || !LEASE_LOST.has(errorCode(error) ?? '')) return undefined;
    return new ScriptsError({
      code: 'ENVIRONMENT_LOCKED',
      message:
        `The lock on environment "${envName}" (${describe(this.where, name)}) was lost: ` +
        `its lease ended and was taken or broken by someone else (${errorCode(error)}).`,
      hint: 'Another run may be changing this environment now. Check its remote state before running again.',
    });
  }

  private async holder(name: string): Promise<LockHolder | undefined> {
    try {
      const properties = await this.container.getBlockBlobClient(name).getProperties();
      const m = properties.metadata ?? {};
      if (m.who === undefined && m.pid === undefined) return undefined;
      return { who: m.who ?? '?', pid: m.pid ?? '?', host: m.host ?? '?', since: m.since ?? '?' };
    } catch {
      return undefined;
    }
  }
}

/** Metadata values travel as HTTP headers: keep them printable ASCII. */
function ascii(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, 200);
}
