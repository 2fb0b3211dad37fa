import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { BlobServiceClient } from '@azure/storage-blob';
import { ScriptsError } from '../../../src/core/errors.js';
import { AzureBlobClient, lockBlobName } from '../../../src/stores/azure-blob/client.js';
import { DEV_KEY, connectionStringFor, freePort, startAzurite, type Azurite } from '../../support/azurite.js';

let azurite: Azurite;
let counter = 0;

/** A fresh container per test, so tests never see each other's blobs. */
function containerName(): string {
  counter += 1;
  return `test-${process.pid}-${counter}`;
}

async function client(container = containerName()): Promise<AzureBlobClient> {
  const c = await AzureBlobClient.fromConnectionString(azurite.connectionString, container, { maxTries: 1 });
  await c.ensureContainer();
  return c;
}

async function rejection(promise: Promise<unknown>): Promise<ScriptsError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ScriptsError, `expected a ScriptsError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected a rejection');
}

function assertNoSecret(error: ScriptsError, connectionString: string, key: string): void {
  const text = `${error.message}\n${error.hint ?? ''}`;
  assert.ok(!text.includes(key), `the key leaked: ${text}`);
  assert.ok(!text.includes(connectionString), `the connection string leaked: ${text}`);
}

before(async () => {
  azurite = await startAzurite();
});

after(async () => {
  await azurite?.stop();
});

describe('issue 12 (blob client): blob bytes round-trip exactly', () => {
  it('reads back exactly the bytes written, with an ETag', async () => {
    const c = await client();
    const bytes = Buffer.concat([Buffer.from('AZURE_ENV_NAME="dev"\nK="a\\nb \\$x ü"\r\n\x00'), randomBytes(70_000)]);
    const put = await c.put('dev/.env', bytes);
    assert.equal(put.ok, true);
    const got = await c.get('dev/.env');
    assert.ok(got);
    assert.ok(got.bytes.equals(bytes));
    assert.ok(put.ok && got.etag === put.etag && got.etag.length > 0);
  });

  it('an absent blob reads as undefined; an empty blob as zero bytes', async () => {
    const c = await client();
    assert.equal(await c.get('dev/config.json'), undefined);
    await c.put('dev/config.json', new Uint8Array(0));
    const got = await c.get('dev/config.json');
    assert.equal(got?.bytes.length, 0);
  });
});

describe('issue 12 (blob client): conditional writes never overwrite a change made by someone else', () => {
  it('If-Match with a stale ETag is a conflict and leaves the other writer’s bytes', async () => {
    const c = await client();
    const first = await c.put('dev/.env', Buffer.from('A="1"'));
    assert.ok(first.ok);
    const read = await c.get('dev/.env');
    assert.ok(read);
    // Someone else writes in between (another client on the same container).
    const other = await AzureBlobClient.fromConnectionString(azurite.connectionString, c.location.container);
    const theirs = await other.put('dev/.env', Buffer.from('A="theirs"'), { ifMatch: read.etag });
    assert.ok(theirs.ok);
    const mine = await c.put('dev/.env', Buffer.from('A="mine"'), { ifMatch: read.etag });
    assert.deepEqual(mine, { ok: false, conflict: true });
    assert.equal((await c.get('dev/.env'))?.bytes.toString(), 'A="theirs"');
    // With the current ETag the write goes through and returns a new ETag.
    const current = await c.get('dev/.env');
    const again = await c.put('dev/.env', Buffer.from('A="mine"'), { ifMatch: current!.etag });
    assert.ok(again.ok && again.etag !== current!.etag);
    assert.equal((await c.get('dev/.env'))?.bytes.toString(), 'A="mine"');
  });

  it('If-None-Match * creates once; a second create is a conflict and does not overwrite', async () => {
    const c = await client();
    const created = await c.put('dev/config.json', Buffer.from('{}'), { ifNoneMatch: '*' });
    assert.ok(created.ok);
    const second = await c.put('dev/config.json', Buffer.from('{"x":1}'), { ifNoneMatch: '*' });
    assert.deepEqual(second, { ok: false, conflict: true });
    assert.equal((await c.get('dev/config.json'))?.bytes.toString(), '{}');
  });

  it('If-Match on a blob deleted meanwhile is a conflict, not a re-create', async () => {
    const c = await client();
    const put = await c.put('dev/.env', Buffer.from('A="1"'));
    assert.ok(put.ok);
    const sdk = BlobServiceClient.fromConnectionString(azurite.connectionString);
    await sdk.getContainerClient(c.location.container).deleteBlob('dev/.env');
    assert.deepEqual(await c.put('dev/.env', Buffer.from('A="2"'), { ifMatch: put.etag }), {
      ok: false,
      conflict: true,
    });
    assert.equal(await c.get('dev/.env'), undefined);
  });
});

describe('issue 12 (blob client): the environment lock is a lease on a lock blob of our own', () => {
  it('a second acquire fails and names the holder; renew works; a released lease can be taken', async () => {
    const c = await client();
    const first = await c.acquireLock('dev', 15, 'run 1 of workflow deploy');
    assert.ok(first.acquired);
    assert.equal(first.lease.blob, lockBlobName('dev'));
    assert.equal(lockBlobName('dev'), 'dev/.azd-scripts.lock');

    const second = await c.acquireLock('dev', 15, 'someone else');
    assert.equal(second.acquired, false);
    assert.ok(!second.acquired && second.holder);
    assert.equal(second.holder.who, 'run 1 of workflow deploy');
    assert.equal(second.holder.pid, String(process.pid));
    assert.ok(second.holder.host.length > 0);
    assert.ok(!Number.isNaN(Date.parse(second.holder.since)));

    await first.lease.renew();
    assert.equal((await c.acquireLock('dev', 15, 'someone else')).acquired, false);

    // Another environment of the same project has its own lock.
    const other = await c.acquireLock('prod', 15, 'prod run');
    assert.ok(other.acquired);
    await other.lease.release();

    await first.lease.release();
    const third = await c.acquireLock('dev', 20, 'run 2');
    assert.ok(third.acquired);
    const seen = await c.acquireLock('dev', 15, 'x');
    assert.ok(!seen.acquired && seen.holder?.who === 'run 2');
    await third.lease.release();
  });

  it('the lock blob does not disturb the environment’s blobs', async () => {
    const c = await client();
    await c.put('dev/.env', Buffer.from('A="1"'));
    const lock = await c.acquireLock('dev', 15, 'run');
    assert.ok(lock.acquired);
    // Data blobs are written without the lease: they are separate blobs.
    const read = await c.get('dev/.env');
    assert.ok((await c.put('dev/.env', Buffer.from('A="2"'), { ifMatch: read!.etag })).ok);
    await lock.lease.release();
  });

  it('an unreleased 15 s lease expires on its own, a renewed one does not; the crashed holder cannot renew', async () => {
    const c = await client();
    const crashed = await c.acquireLock('dev', 15, 'a run that crashed');
    const renewed = await c.acquireLock('prod', 15, 'a run that renews');
    assert.ok(crashed.acquired && renewed.acquired);
    await new Promise((r) => setTimeout(r, 8_000));
    await renewed.lease.renew(); // now held until about 23 s
    await new Promise((r) => setTimeout(r, 8_500));
    // 16.5 s after both were taken: only the renewed one is still held.
    const next = await c.acquireLock('dev', 15, 'the next run');
    assert.ok(next.acquired, 'the expired lease was still held');
    const refused = await c.acquireLock('prod', 15, 'x');
    assert.ok(!refused.acquired && refused.holder?.who === 'a run that renews', 'the renewed lease had expired');
    const lost = await rejection(crashed.lease.renew());
    assert.equal(lost.code, 'ENVIRONMENT_LOCKED');
    assert.match(lost.message, /lock on environment "dev".*blob "dev\/\.azd-scripts\.lock".*was lost/);
    await next.lease.release();
    await renewed.lease.release();
  });

  it('rejects a lease duration Azure does not accept', async () => {
    const c = await client();
    await assert.rejects(c.acquireLock('dev', 10, 'x'), RangeError);
    await assert.rejects(c.acquireLock('dev', 61, 'x'), RangeError);
  });
});

describe('issue 12 (blob client): the container is created when missing', () => {
  it('ensureContainer creates it, and is harmless when it exists', async () => {
    const name = containerName();
    const sdk = BlobServiceClient.fromConnectionString(azurite.connectionString).getContainerClient(name);
    assert.equal(await sdk.exists(), false);
    const c = await AzureBlobClient.fromConnectionString(azurite.connectionString, name);
    await c.ensureContainer();
    assert.equal(await sdk.exists(), true);
    await c.ensureContainer();
    assert.ok((await c.put('dev/.env', Buffer.from('A="1"'))).ok);
  });

  it('an invalid container name is a clear error naming it', async () => {
    const c = await AzureBlobClient.fromConnectionString(azurite.connectionString, 'Bad_Name', { maxTries: 1 });
    const error = await rejection(c.ensureContainer());
    assert.equal(error.code, 'REMOTE_STATE_UNAVAILABLE');
    assert.match(error.message, /container "Bad_Name" of storage account "devstoreaccount1"/);
    assert.match(error.hint ?? '', /3 to 63 characters/);
  });
});

describe('issue 12 (blob client): bad credentials give a clear error with no secret in it', () => {
  it('a wrong account key is REMOTE_STATE_DENIED naming account, container and blob', async () => {
    const wrongKey = Buffer.from('not the key of this account, but well-formed base64!').toString('base64');
    const connectionString = azurite.connectionStringWithKey(wrongKey);
    const c = await AzureBlobClient.fromConnectionString(connectionString, 'proj', { maxTries: 1 });
    const error = await rejection(c.get('dev/.env'));
    assert.equal(error.code, 'REMOTE_STATE_DENIED');
    assert.match(error.message, /blob "dev\/\.env" in container "proj" of storage account "devstoreaccount1"/);
    assert.match(error.hint ?? '', /account key/);
    assertNoSecret(error, connectionString, wrongKey);
    assertNoSecret(error, connectionString, DEV_KEY);
    const write = await rejection(c.put('dev/.env', Buffer.from('x'), { ifNoneMatch: '*' }));
    assert.equal(write.code, 'REMOTE_STATE_DENIED');
    assertNoSecret(write, connectionString, wrongKey);
  });

  it('a malformed connection string is REMOTE_STATE_INVALID without echoing it', async () => {
    const secret = 'c2VjcmV0LWtleS10aGF0LW11c3Qtbm90LWxlYWs=';
    for (const connectionString of [
      `AccountName=devstoreaccount1;AccountKey=${secret}`,
      `this is not a connection string ${secret}`,
      '',
    ]) {
      const error = await rejection(AzureBlobClient.fromConnectionString(connectionString, 'proj'));
      assert.equal(error.code, 'REMOTE_STATE_INVALID', connectionString);
      assert.match(error.message, /AZURE_STORAGE_CONNECTION_STRING/);
      assert.match(error.hint ?? '', /AccountName=/);
      assert.ok(!`${error.message}${error.hint}`.includes(secret), error.message);
    }
  });
});

describe('issue 12 (blob client): an unreachable endpoint is a clear error naming it', () => {
  it('Azurite stopped: REMOTE_STATE_UNAVAILABLE naming the endpoint, no secret', async () => {
    const port = await freePort(); // nothing listens there
    const connectionString = connectionStringFor(port);
    const c = await AzureBlobClient.fromConnectionString(connectionString, 'proj', { maxTries: 1 });
    const error = await rejection(c.get('dev/.env'));
    assert.equal(error.code, 'REMOTE_STATE_UNAVAILABLE');
    assert.ok(error.message.includes(`http://127.0.0.1:${port}/devstoreaccount1`), error.message);
    assert.match(error.message, /ECONNREFUSED/);
    assertNoSecret(error, connectionString, DEV_KEY);
    const lock = await rejection(c.acquireLock('dev', 15, 'x'));
    assert.equal(lock.code, 'REMOTE_STATE_UNAVAILABLE');
    assert.match(lock.message, /dev\/\.azd-scripts\.lock/);
  });

  it('a stopped emulator (after it served requests) gives the same error', async () => {
    const own = await startAzurite();
    const c = await AzureBlobClient.fromConnectionString(own.connectionString, 'proj', { maxTries: 1 });
    await c.ensureContainer();
    assert.ok((await c.put('dev/.env', Buffer.from('A="1"'))).ok);
    await own.stop();
    const error = await rejection(c.put('dev/.env', Buffer.from('A="2"')));
    assert.equal(error.code, 'REMOTE_STATE_UNAVAILABLE');
    assert.ok(error.message.includes(own.endpoint), error.message);
  });
});
