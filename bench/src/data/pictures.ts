import { mkdir, writeFile } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { withClient } from '../lib/db.ts';

/**
 * The profile pictures the generator recorded (stored_files, users.profile_image) as real files, in a fresh
 * DATA_DIR for the bench server, so a page showing avatars gets images rather than 404s. One small WebP is
 * made once and written at every object path (the rows' `bytes` stay the accounting figures they were).
 * Returns the DATA_DIR to start the server with.
 */
export async function dataDirWithPictures(databaseUrl: string): Promise<{ dataDir: string; files: number }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lyceum-bench-data-'));
  const root = path.join(dataDir, 'files');
  const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3b82f6' } })
    .webp({ quality: 60 })
    .toBuffer();
  const objectPaths = await withClient(databaseUrl, async (c) =>
    (await c.query<{ object_path: string }>(`select object_path from stored_files`)).rows.map((r) => r.object_path),
  );
  const dirs = new Set(objectPaths.map((p) => path.dirname(path.join(root, p))));
  for (const dir of dirs) await mkdir(dir, { recursive: true });
  // A few at a time: tens of thousands of small files, without holding them all open.
  for (let i = 0; i < objectPaths.length; i += 64) {
    await Promise.all(objectPaths.slice(i, i + 64).map((p) => writeFile(path.join(root, p), picture)));
  }
  return { dataDir, files: objectPaths.length };
}
