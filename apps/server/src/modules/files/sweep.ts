import { isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { companyFiles, storedFiles } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenancy.ts';
import type { StorageDriver } from '../../lib/storage/driver.ts';
import { retireStaleUploads } from './attachment-rows.ts';

/** An object this young may belong to an upload whose transaction has not committed yet: leave it. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
export const ORPHAN_SWEEP_MS = 6 * 60 * 60 * 1000;

/**
 * Retires attachments uploaded more than a day ago and never attached (docs/product.md, "Attachments"), then
 * removes stored objects that no live row refers to and that are older than the grace period: those
 * retired uploads, and what a crash between writing an object and the end of its transaction, or a failed
 * removal after a replacement, left behind. Returns the number of objects removed.
 */
export async function sweepOrphanObjects(
  db: Database,
  storage: StorageDriver,
  log?: FastifyBaseLogger,
  now = Date.now(),
): Promise<number> {
  await withSystem(db, (tx) => retireStaleUploads(tx, new Date(now)));
  // Read the live paths after listing would race new uploads; the grace period covers those either way.
  const live = await withSystem(db, async (tx) => {
    const school = await tx
      .select({ p: storedFiles.objectPath })
      .from(storedFiles)
      .where(isNull(storedFiles.deletedAt));
    const company = await tx
      .select({ p: companyFiles.objectPath })
      .from(companyFiles)
      .where(isNull(companyFiles.deletedAt));
    return new Set([...school, ...company].map((r) => r.p));
  });
  let removed = 0;
  for await (const object of storage.list()) {
    if (live.has(object.objectPath) || now - object.modifiedAt.getTime() < ORPHAN_GRACE_MS) continue;
    await storage.delete(object.objectPath);
    removed++;
  }
  if (removed > 0) log?.info({ removed }, 'removed orphaned stored files');
  return removed;
}
