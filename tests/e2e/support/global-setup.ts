import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './server.ts';

/**
 * Seeds the demo data once: a server starts on an empty data folder, migrates and seeds it, and stops. Each
 * worker's server then starts on its own copy of that folder (E2E_TEMPLATE_DIR), which is much cheaper than seeding
 * again on a busy machine. Returns the teardown that removes the folder.
 */
export default async function globalSetup(): Promise<() => void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lyceum-e2e-template-'));
  const server = await startServer({ dataDir: dir });
  await server.stop();
  process.env.E2E_TEMPLATE_DIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
