import { MESSAGES } from '@lyceum/shared/errors';
import { UNLIMITED } from '@lyceum/shared/plans';
import { UNVERIFIED_STORAGE_BYTES, UNVERIFIED_STORAGE_MESSAGES } from '@lyceum/shared/trial-caps';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/** Plans state storage in GB; we count binary gigabytes, so "5 GB" is 5 × 2³⁰ bytes. */
export const BYTES_PER_GB = 1024 ** 3;

/** Bytes a school's live (not deleted) stored objects take. Works under school or company scope. */
export async function storageUsedBytes(tx: Tx, schoolId: string): Promise<number> {
  const [row] = await tx
    .select({ bytes: sql<string>`coalesce(sum(${storedFiles.bytes}), 0)::text` })
    .from(storedFiles)
    .where(and(eq(storedFiles.schoolId, schoolId), isNull(storedFiles.deletedAt)));
  return Number(row?.bytes ?? 0);
}

/**
 * Bytes used by every school that stores anything (schools with nothing stored are absent: read them as 0).
 * For the company usage page; call it under company scope, where row-level security lets every school through.
 */
export async function storageUsedBySchool(tx: Tx): Promise<Map<string, number>> {
  const rows = await tx
    .select({ schoolId: storedFiles.schoolId, bytes: sql<string>`sum(${storedFiles.bytes})::text` })
    .from(storedFiles)
    .where(isNull(storedFiles.deletedAt))
    .groupBy(storedFiles.schoolId);
  return new Map(rows.map((r) => [r.schoolId, Number(r.bytes)]));
}

/**
 * The school's storage allowance in bytes from its plan's `storageGB` (-1 = unlimited → null), taking the
 * active subscription, else the most recent one. A school without any subscription may store nothing.
 */
export async function storageLimitBytes(tx: Tx, schoolId: string): Promise<number | null> {
  const result = await tx.execute<{ storage_gb: unknown }>(sql`
    select p.limits -> 'storageGB' as storage_gb
    from school_subscriptions s join plans p on p.id = s.plan_id
    where s.school_id = ${schoolId}
    order by (s.status = 'active') desc, s.created_at desc
    limit 1`);
  const raw = result.rows[0]?.storage_gb;
  if (raw === undefined) return 0;
  const gb = Number(raw);
  if (!Number.isFinite(gb)) return 0;
  if (gb === UNLIMITED) return null;
  return Math.floor(Math.max(0, gb) * BYTES_PER_GB);
}

/** Whether the school signed up publicly and its admin has not yet opened the confirmation link. */
async function awaitingConfirmation(tx: Tx, schoolId: string): Promise<boolean> {
  const result = await tx.execute<{ awaiting: boolean }>(
    sql`select awaiting_mail_verification as awaiting from schools where id = ${schoolId}`,
  );
  return result.rows[0]?.awaiting === true;
}

/** What unconfirmed schools may store together: the install's `UNVERIFIED_STORAGE_TOTAL_BYTES` (config.ts). */
export interface UnverifiedStorage {
  unverifiedStorageTotalBytes: number;
}

/**
 * Bytes every school awaiting confirmation stores together. Row-level security would show a school only its
 * own files, so a function running as the owner sums them (migration 0035) and answers that one number.
 */
async function unverifiedStorageBytes(tx: Tx): Promise<number> {
  const result = await tx.execute<{ bytes: string }>(sql`select lyceum_unverified_storage_bytes()::text as bytes`);
  return Number(result.rows[0]?.bytes ?? 0);
}

/**
 * Refuses (422, `Storage limit exceeded`) when `extraBytes` more would take the school over its plan, and
 * (422, UNVERIFIED_STORAGE_MESSAGES) while the school's e-mail address is not confirmed (docs/product.md, "Trial
 * schools and mail"): past UNVERIFIED_STORAGE_BYTES for the school, or past `unverifiedStorageTotalBytes` for all
 * such schools together. Anyone can sign a school up, so its plan's storage waits for a proved address, and what
 * the platform pays for made-up ones is bounded however many are signed up. A confirmed school never meets the
 * second bound. Every upload (pictures, attachments) passes here. Takes a transaction-scoped lock per school
 * first (and, for an unconfirmed school, then the one lock of all unconfirmed schools), so two uploads racing
 * cannot both pass a check: call it in the same transaction that then records the new object, after which the
 * locks are released. `replacedBytes` is what the same change frees (a replaced picture), so swapping one for
 * another of equal size succeeds even at the limit.
 */
export async function assertStorageAvailable(
  tx: Tx,
  bounds: UnverifiedStorage,
  schoolId: string,
  extraBytes: number,
  replacedBytes = 0,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`storage:${schoolId}`}, 0))`);
  const limit = await storageLimitBytes(tx, schoolId);
  const unconfirmed = await awaitingConfirmation(tx, schoolId);
  if (limit === null && !unconfirmed) return;
  const after = (await storageUsedBytes(tx, schoolId)) - replacedBytes + extraBytes;
  if (limit !== null && after > limit) throw new AppError('rule', MESSAGES.storageLimitExceeded);
  if (!unconfirmed) return;
  if (after > UNVERIFIED_STORAGE_BYTES) throw new AppError('rule', UNVERIFIED_STORAGE_MESSAGES.limitReached);
  // Always after the school's own lock, so the two are taken in one order and never wait on each other.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('storage:unconfirmed schools', 0))`);
  const total = (await unverifiedStorageBytes(tx)) - replacedBytes + extraBytes;
  if (total > bounds.unverifiedStorageTotalBytes) throw new AppError('rule', UNVERIFIED_STORAGE_MESSAGES.allTaken);
}
