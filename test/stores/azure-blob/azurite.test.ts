import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { describe, it } from 'node:test';
import { AzureBlobClient } from '../../../src/stores/azure-blob/client.js';
import { freePort, startAzurite } from '../../support/azurite.js';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function listen(): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  assert.ok(address && typeof address === 'object');
  return { server, port: address.port };
}

describe('issue 12 (test emulator): Azurite serves blobs and leaves no process or folder behind', () => {
  it('starts, answers the SDK, and stop() ends the process group and removes its folder', async () => {
    const azurite = await startAzurite();
    try {
      assert.ok(alive(azurite.pid));
      assert.ok(existsSync(azurite.location));
      const c = await AzureBlobClient.fromConnectionString(azurite.connectionString, 'helper-check');
      await c.ensureContainer();
      assert.ok((await c.put('dev/.env', Buffer.from('A="1"'))).ok);
    } finally {
      await azurite.stop();
    }
    assert.equal(alive(azurite.pid), false);
    assert.equal(existsSync(azurite.location), false);
    await azurite.stop(); // twice is harmless
  });

  it('a port taken by someone else is skipped: it retries on another free port', async () => {
    const busy = await listen();
    const ports = [busy.port];
    try {
      const azurite = await startAzurite({ pickPort: async () => ports.shift() ?? (await freePort()) });
      try {
        assert.notEqual(azurite.port, busy.port);
        const c = await AzureBlobClient.fromConnectionString(azurite.connectionString, 'helper-retry');
        await c.ensureContainer();
      } finally {
        await azurite.stop();
      }
    } finally {
      busy.server.close();
    }
  });
});
