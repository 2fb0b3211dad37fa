/**
 * A real Azure Blob Storage emulator (Azurite, blob service only) for tests of the remote state store. Each
 * call starts its own Azurite on a free loopback port with its own temp folder; `stop()` kills the whole
 * process group and removes the folder, so a test file leaves nothing behind even when a test fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

/** Azurite's well-known development account (public, documented by Microsoft; not a secret). */
export const DEV_ACCOUNT = 'devstoreaccount1';
export const DEV_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

export interface Azurite {
  port: number;
  /** Process (and process group) id of the emulator. */
  pid: number;
  /** Its data folder, removed by stop(). */
  location: string;
  /** `http://127.0.0.1:<port>/devstoreaccount1` (path-style, as Azurite serves it). */
  endpoint: string;
  connectionString: string;
  /** A connection string for the same endpoint with another key (for "wrong key" tests). */
  connectionStringWithKey(key: string): string;
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);

export function connectionStringFor(port: number, key = DEV_KEY): string {
  return (
    `DefaultEndpointsProtocol=http;AccountName=${DEV_ACCOUNT};AccountKey=${key};` +
    `BlobEndpoint=http://127.0.0.1:${port}/${DEV_ACCOUNT};`
  );
}

/** A port the kernel just handed out; a racing process can still take it, hence the retry in startAzurite. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function killGroup(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) {
      resolve();
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}

async function startOnce(port: number, location: string): Promise<{ child: ChildProcess } | 'in-use'> {
  const main = require.resolve('azurite/dist/src/blob/main.js');
  const child = spawn(
    process.execPath,
    [
      main,
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      String(port),
      '--location',
      location,
      '--silent',
      '--skipApiVersionCheck',
      '--loose',
      // Azurite otherwise sends usage telemetry to Application Insights: no network in tests.
      '--disableTelemetry',
    ],
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      if (/EADDRINUSE/.test(output)) return 'in-use';
      throw new Error(`Azurite exited (${child.exitCode ?? child.signalCode}) before listening:\n${output}`);
    }
    // Azurite's own "listening" line, not just an open port: another process may hold the port we picked.
    if (output.includes(`successfully listens on http://127.0.0.1:${port}`) && (await canConnect(port))) {
      return { child };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await killGroup(child);
  throw new Error(`Azurite did not listen on 127.0.0.1:${port} within 30 s:\n${output}`);
}

export interface StartOptions {
  /** Where ports come from (tests of this helper hand it a busy one first). Default: freePort. */
  pickPort?: () => Promise<number>;
}

export async function startAzurite(options: StartOptions = {}): Promise<Azurite> {
  const pickPort = options.pickPort ?? freePort;
  const location = mkdtempSync(path.join(os.tmpdir(), 'azd-scripts-azurite-'));
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      const port = await pickPort();
      const started = await startOnce(port, location);
      if (started === 'in-use') continue;
      const { child } = started;
      let stopped = false;
      return {
        port,
        pid: child.pid!,
        location,
        endpoint: `http://127.0.0.1:${port}/${DEV_ACCOUNT}`,
        connectionString: connectionStringFor(port),
        connectionStringWithKey: (key) => connectionStringFor(port, key),
        async stop() {
          if (stopped) return;
          stopped = true;
          await killGroup(child);
          rmSync(location, { recursive: true, force: true });
        },
      };
    }
    throw new Error('Azurite: no free port after 5 attempts');
  } catch (error) {
    rmSync(location, { recursive: true, force: true });
    throw error;
  }
}
