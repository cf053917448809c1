import { ATTACHMENT_MESSAGES, type Attachment, UNATTACHED_UPLOADS_MAX } from '@lyceum/shared/files';
import { sql } from 'drizzle-orm';
import { inScope, writeScope } from '../../db/school-scope.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { attachmentPath } from '../../lib/storage/object-paths.ts';
import { announcementVisible } from '../announcements/index.ts';
import {
  assertStorageAvailable,
  attachmentNotFound,
  attachmentUrl,
  deleteAttachmentRows,
  findAttachment,
  unattachedCount,
} from '../files/index.ts';
import { messageVisible } from '../messages/index.ts';
import { detectType, safeFileName } from './content.ts';

const M = ATTACHMENT_MESSAGES;

type AttachmentDeps = Pick<Deps, 'db' | 'storage' | 'log' | 'clock' | 'config'>;

async function removeObject(deps: AttachmentDeps, objectPath: string): Promise<void> {
  await deps.storage.delete(objectPath).catch((err) => deps.log.warn({ err, objectPath }, 'could not remove a file'));
}

/**
 * Stores one file for an announcement or message being written (docs/product.md, "Attachments"): its type
 * read from its bytes, its name made safe, counted against the school's storage and against the uploader's
 * unattached uploads under the school's storage lock, recorded and written in one transaction (the object is
 * removed again if that transaction does not commit).
 */
export async function uploadAttachment(
  deps: AttachmentDeps,
  actor: Actor,
  input: { data: Buffer; fileName: string },
): Promise<Attachment> {
  const scope = writeScope(actor, undefined);
  const type = detectType(input.data, input.fileName);
  if (!type) throw new AppError('unsupported_media_type', M.wrongType);
  const name = safeFileName(input.fileName, type);
  const objectPath = attachmentPath(scope.schoolId, type.extensions[0]);
  const id = newId();
  const size = input.data.length;
  let written = false;
  try {
    await inScope(deps.db, scope, async (tx) => {
      await assertStorageAvailable(tx, deps.config, scope.schoolId, size);
      // Counted under the lock just taken, so parallel uploads cannot pass the cap together.
      if ((await unattachedCount(tx, scope.schoolId, actor.profileId)) >= UNATTACHED_UPLOADS_MAX) {
        throw new AppError('rule', M.tooManyWaiting);
      }
      await tx.execute(sql`insert into stored_files (school_id, id, owner_user_id, kind, object_path, bytes, content_type)
        values (${scope.schoolId}, ${id}, ${actor.profileId}, 'attachment', ${objectPath}, ${size}, ${type.type})`);
      await tx.execute(sql`insert into attachments (school_id, id, name) values (${scope.schoolId}, ${id}, ${name})`);
      written = true;
      await deps.storage.put(objectPath, input.data, type.type);
    });
  } catch (err) {
    if (written) await removeObject(deps, objectPath);
    throw err;
  }
  return { id, name, type: type.type, size, url: attachmentUrl(id) };
}

/** The uploader takes back an upload not attached yet (removed from the composer): its storage is freed. */
export async function removeUpload(deps: AttachmentDeps, actor: Actor, { id }: { id: string }): Promise<void> {
  const scope = writeScope(actor, undefined);
  const objectPath = await inScope(deps.db, scope, async (tx) => {
    const row = await findAttachment(tx, scope.schoolId, id);
    if (!row || row.ownerUserId !== actor.profileId) throw attachmentNotFound();
    if (row.announcementId || row.messageId) throw new AppError('validation', M.alreadyAttached);
    const [gone] = await deleteAttachmentRows(
      tx,
      sql`a.school_id = ${scope.schoolId} and a.id = ${id} and f.owner_user_id = ${actor.profileId}
        and a.announcement_id is null and a.message_id is null`,
    );
    // Attached by a post that committed after the read above: it is no longer the uploader's to take back.
    if (!gone) throw new AppError('validation', M.alreadyAttached);
    return gone;
  });
  await removeObject(deps, objectPath);
}

export interface AttachmentFile {
  name: string;
  type: string;
  data: Buffer;
}

/**
 * An attachment's bytes, for someone who may read what it is attached to: the announcement's audience (and
 * those who manage it), the conversation's members; an upload not attached yet, its uploader only. Anything
 * else, another school's id included, is the same 404.
 */
export async function readAttachment(
  deps: AttachmentDeps,
  actor: Actor,
  { id }: { id: string },
): Promise<AttachmentFile> {
  const scope = writeScope(actor, undefined);
  const now = deps.clock();
  const row = await inScope(deps.db, scope, async (tx) => {
    const found = await findAttachment(tx, scope.schoolId, id);
    if (!found) return null;
    if (found.announcementId) return (await announcementVisible(tx, actor, now, found.announcementId)) ? found : null;
    if (found.messageId) return (await messageVisible(tx, scope, found.messageId)) ? found : null;
    return found.ownerUserId === actor.profileId ? found : null;
  });
  const data = row ? await deps.storage.get(row.objectPath) : null;
  if (!row || !data) throw attachmentNotFound();
  return { name: row.name, type: row.type, data };
}
