import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, startServer } from './server.ts';

/**
 * Compiles the server once for every server of the run (scripts/build-server.mjs, as `npm start` does), then
 * seeds the demo data once: a server starts on an empty data folder, migrates and seeds it, and stops. Each
 * worker's server then starts on its own copy of that folder (E2E_TEMPLATE_DIR), which is much cheaper than
 * seeding again on a busy machine. Returns the teardown that removes the folder.
 */
export default async function globalSetup(): Promise<() => void> {
  const { buildServer } = (await import(pathToFileURL(path.join(ROOT, 'scripts/build-server.mjs')).href)) as {
    buildServer: (options: { quiet: boolean }) => Promise<string>;
  };
  process.env.E2E_SERVER_ENTRY = await buildServer({ quiet: true });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lyceum-e2e-template-'));
  const server = await startServer({ dataDir: dir });
  await server.stop();
  process.env.E2E_TEMPLATE_DIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
