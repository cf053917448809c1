import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface StartedServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** How long a server may take to answer its health check; a busy 2-core machine needs well over a minute. */
const BOOT_TIMEOUT_MS = Number(process.env.E2E_BOOT_TIMEOUT_MS ?? 180_000);

/**
 * The real server on its own embedded database with the demo seed, serving the built web app, in a temporary data
 * folder removed when it stops. With `copyOf`, that folder starts as a copy of the data folder a stopped server
 * left behind, so the server finds the demo data in place instead of seeding it again. With `dataDir`, the server
 * uses and keeps that folder.
 */
export async function startServer(options: { copyOf?: string; dataDir?: string } = {}): Promise<StartedServer> {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` first.');
  }
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'lyceum-e2e-'));
  if (options.copyOf) cpSync(options.copyOf, dataDir, { recursive: true });
  const child: ChildProcess = spawn(
    process.execPath,
    // The server compiled once by global setup (as `npm start` runs it): tsx would transpile every module again
    // at each of the run's server starts, on the CPU the journeys share.
    process.env.E2E_SERVER_ENTRY
      ? ['--enable-source-maps', process.env.E2E_SERVER_ENTRY]
      : ['--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        DATABASE_URL: '',
        // Journeys sign in through the API many times a minute, all from 127.0.0.1; the limit itself is proven
        // by the server's security suite, not here.
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  // If this process dies before stop(), the server must not outlive it (it holds our stdout open).
  const killServer = () => child.kill('SIGKILL');
  process.once('exit', killServer);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + BOOT_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      killServer();
      throw new Error(`server did not become healthy in ${BOOT_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    stop: () =>
      new Promise((resolve) => {
        process.off('exit', killServer);
        const cleanUp = () => {
          if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null || child.signalCode !== null) return cleanUp();
        // The server closes its database on SIGTERM; a data folder that is copied later must be closed cleanly.
        const force = setTimeout(() => child.kill('SIGKILL'), 30_000);
        child.once('exit', () => {
          clearTimeout(force);
          cleanUp();
        });
        child.kill('SIGTERM');
      }),
  };
}
