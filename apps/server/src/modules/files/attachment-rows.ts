import {
  ATTACHMENT_MESSAGES,
  ATTACHMENTS_PER_ITEM,
  type Attachment,
  UNATTACHED_UPLOAD_TTL_MS,
} from '@lyceum/shared/files';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { selectRows } from '../../db/select-rows.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';

/**
 * The attachments' rows (docs/product.md, "Attachments"), for the services that write or read their parents
 * inside their own transactions. An attachment shares its id with its `stored_files` row; a live one is a
 * row whose stored file is not deleted.
 */

const M = ATTACHMENT_MESSAGES;

/** What an attachment belongs to. */
export type AttachmentParent = { announcementId: string } | { messageId: string };

/** Where attachments are served: by id, the parent's read rule applied on every request. */
export const attachmentUrl = (id: string) => `/api/v1/attachments/${id}`;

const parentColumn = (parent: AttachmentParent): SQL =>
  'announcementId' in parent ? sql`announcement_id` : sql`message_id`;
const parentId = (parent: AttachmentParent): string =>
  'announcementId' in parent ? parent.announcementId : parent.messageId;

interface ClaimRow {
  id: string;
  ownerUserId: string;
  announcementId: string | null;
  messageId: string | null;
}

/**
 * Attaches the uploader's own unattached uploads to `parent`, in the caller's transaction, so a refusal writes
 * nothing. Any id that is not a live upload of this school by this user answers the same 404 (another user's
 * or another school's file is never confirmed to exist); the uploader's file already attached elsewhere is a
 * 400. `keep` are ids already on this parent (an edit), which stay and count towards the limit.
 */
export async function claimAttachments(
  tx: Tx,
  input: { schoolId: string; userId: string; ids: readonly string[]; parent: AttachmentParent; keep?: number },
): Promise<void> {
  const ids = [...new Set(input.ids)];
  if (ids.length === 0) return;
  if (ids.length + (input.keep ?? 0) > ATTACHMENTS_PER_ITEM) {
    throw invalid(M.tooMany, { attachmentIds: M.tooMany });
  }
  // Locked, so two posts racing for the same upload cannot both attach it.
  const rows = await selectRows<ClaimRow>(
    tx,
    sql`select a.id, f.owner_user_id as "ownerUserId", a.announcement_id as "announcementId", a.message_id as "messageId"
      from attachments a join stored_files f on f.school_id = a.school_id and f.id = a.id
      where a.school_id = ${input.schoolId} and a.id in ${ids} and f.deleted_at is null
      for update of a`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) {
    const row = byId.get(id);
    if (!row || row.ownerUserId !== input.userId) throw notFound(M.notFound);
    if (row.announcementId || row.messageId) throw invalid(M.alreadyAttached, { attachmentIds: M.alreadyAttached });
  }
  await tx.execute(sql`update attachments set ${parentColumn(input.parent)} = ${parentId(input.parent)}
    where school_id = ${input.schoolId} and id in ${ids}`);
}

/**
 * Makes an announcement carry exactly `ids`: the ones it has stay, new ones are claimed as on creation, and
 * the ones left out are removed with their stored files (freeing the school's storage). Returns the object
 * paths to delete once the transaction has committed.
 */
export async function replaceAttachments(
  tx: Tx,
  input: { schoolId: string; userId: string; ids: readonly string[]; parent: AttachmentParent },
): Promise<string[]> {
  const current = await selectRows<{ id: string; objectPath: string }>(
    tx,
    sql`select a.id, f.object_path as "objectPath" from attachments a
      join stored_files f on f.school_id = a.school_id and f.id = a.id
      where a.school_id = ${input.schoolId} and a.${parentColumn(input.parent)} = ${parentId(input.parent)}
        and f.deleted_at is null`,
  );
  const wanted = new Set(input.ids);
  const kept = current.filter((c) => wanted.has(c.id));
  const dropped = current.filter((c) => !wanted.has(c.id));
  const keptIds = new Set(kept.map((c) => c.id));
  await claimAttachments(tx, { ...input, ids: input.ids.filter((id) => !keptIds.has(id)), keep: kept.length });
  if (dropped.length === 0) return [];
  return deleteAttachmentRows(tx, sql`a.school_id = ${input.schoolId} and a.id in ${dropped.map((d) => d.id)}`);
}

/**
 * Deletes the attachments matching `where` (over `attachments a` joined with `stored_files f`) with their
 * stored files' rows, in one statement, and answers the object paths to remove once the transaction has
 * committed. A file that is gone keeps no row: marked deleted and kept, an upload taken back over and over
 * stored two rows a cycle for ever (docs/security.md, "Rows of files that are gone"). The condition is checked
 * again on rows another transaction changed meanwhile, so an upload attached by a racing post is left alone.
 */
export async function deleteAttachmentRows(tx: Tx, where: SQL): Promise<string[]> {
  const rows = await selectRows<{ objectPath: string }>(
    tx,
    sql`with gone as (
        delete from attachments a using stored_files f
        where f.school_id = a.school_id and f.id = a.id and (${where})
        returning a.school_id, a.id)
      delete from stored_files f using gone where f.school_id = gone.school_id and f.id = gone.id
      returning f.object_path as "objectPath"`,
  );
  return rows.map((r) => r.objectPath);
}

interface AttachmentRow {
  id: string;
  parentId: string;
  name: string;
  type: string;
  size: number | string;
}

/** The live attachments of each parent in `parentIds`, oldest first; one query for a whole page. */
export async function attachmentsOf(
  tx: Tx,
  schoolId: string,
  kind: 'announcement' | 'message',
  parentIds: readonly string[],
): Promise<Map<string, Attachment[]>> {
  const byParent = new Map<string, Attachment[]>();
  if (parentIds.length === 0) return byParent;
  const column = kind === 'announcement' ? sql`a.announcement_id` : sql`a.message_id`;
  const rows = await selectRows<AttachmentRow>(
    tx,
    sql`select a.id, ${column} as "parentId", a.name, f.content_type as type, f.bytes as size
      from attachments a join stored_files f on f.school_id = a.school_id and f.id = a.id
      where a.school_id = ${schoolId} and ${column} in ${[...new Set(parentIds)]} and f.deleted_at is null
      order by f.created_at, a.id`,
  );
  for (const r of rows) {
    const list = byParent.get(r.parentId) ?? [];
    list.push({ id: r.id, name: r.name, type: r.type, size: Number(r.size), url: attachmentUrl(r.id) });
    byParent.set(r.parentId, list);
  }
  return byParent;
}

/** An attachment as the download needs it: where its bytes are and what it belongs to. */
export interface StoredAttachment {
  id: string;
  name: string;
  type: string;
  objectPath: string;
  ownerUserId: string;
  announcementId: string | null;
  messageId: string | null;
}

/** A live attachment of the school, or null. */
export async function findAttachment(tx: Tx, schoolId: string, id: string): Promise<StoredAttachment | null> {
  const [row] = await selectRows<StoredAttachment>(
    tx,
    sql`select a.id, a.name, f.content_type as type, f.object_path as "objectPath", f.owner_user_id as "ownerUserId",
        a.announcement_id as "announcementId", a.message_id as "messageId"
      from attachments a join stored_files f on f.school_id = a.school_id and f.id = a.id
      where a.school_id = ${schoolId} and a.id = ${id} and f.deleted_at is null`,
  );
  return row ?? null;
}

/** How many uploads the user holds that are not attached to anything yet (live ones only). */
export async function unattachedCount(tx: Tx, schoolId: string, userId: string): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from attachments a join stored_files f on f.school_id = a.school_id and f.id = a.id
      where a.school_id = ${schoolId} and f.owner_user_id = ${userId} and f.deleted_at is null
        and a.announcement_id is null and a.message_id is null`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Deletes uploads nobody attached within a day (any school; run as the system), so they stop counting against
 * storage, and the rows an earlier version marked deleted and kept (attachments, profile pictures, company
 * staff's pictures). Returns the object paths for removal.
 */
export async function retireStaleUploads(tx: Tx, now: Date): Promise<string[]> {
  const before = new Date(now.getTime() - UNATTACHED_UPLOAD_TTL_MS).toISOString();
  const stale = await deleteAttachmentRows(
    tx,
    sql`f.deleted_at is not null
      or (a.announcement_id is null and a.message_id is null and f.created_at < ${before}::timestamptz)`,
  );
  const marked = await selectRows<{ objectPath: string }>(
    tx,
    sql`delete from stored_files where deleted_at is not null returning object_path as "objectPath"`,
  );
  await tx.execute(sql`delete from company_files where deleted_at is not null`);
  return [...stale, ...marked.map((r) => r.objectPath)];
}

/** The error for an id the caller may not see: the same whether it exists elsewhere or not at all. */
export const attachmentNotFound = () => new AppError('not_found', M.notFound);
