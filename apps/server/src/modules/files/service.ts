import type { AuthResponse } from '@lyceum/shared/auth';
import type { SchoolFileParams, StaffFileParams } from '@lyceum/shared/files';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { companyFiles, companyStaff, storedFiles, users } from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import { type Actor, tenantOf, toAuthResponse } from '../../lib/actor.ts';
import { audit } from '../../db/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { fileUrl, profilePicturePath } from '../../lib/storage/object-paths.ts';
import { toProfilePicture } from './image.ts';
import { assertStorageAvailable } from './storage-usage.ts';

/** What the file helpers use of the app's dependencies. */
type FilesDeps = Pick<Deps, 'db' | 'storage' | 'log'>;

const WEBP = 'image/webp';

interface LivePicture {
  id: string;
  objectPath: string;
  bytes: number;
}

/** The actor's current picture row, locked, so two uploads of the same person replace one after the other. */
async function currentPicture(tx: Tx, actor: Actor): Promise<LivePicture | null> {
  const columns = (t: typeof storedFiles | typeof companyFiles) => ({
    id: t.id,
    objectPath: t.objectPath,
    bytes: t.bytes,
  });
  const [row] =
    actor.kind === 'company'
      ? await tx
          .select(columns(companyFiles))
          .from(companyFiles)
          .where(
            and(
              eq(companyFiles.ownerStaffId, actor.profileId),
              eq(companyFiles.kind, 'profile_picture'),
              isNull(companyFiles.deletedAt),
            ),
          )
          .for('update')
      : await tx
          .select(columns(storedFiles))
          .from(storedFiles)
          .where(
            and(
              eq(storedFiles.schoolId, actor.schoolId ?? ''),
              eq(storedFiles.ownerUserId, actor.profileId),
              eq(storedFiles.kind, 'profile_picture'),
              isNull(storedFiles.deletedAt),
            ),
          )
          .for('update');
  return row ?? null;
}

/** A replaced or removed picture keeps no row (docs/security.md, "Rows of files that are gone"). */
async function retire(tx: Tx, actor: Actor, picture: LivePicture): Promise<void> {
  if (actor.kind === 'company') {
    await tx.delete(companyFiles).where(eq(companyFiles.id, picture.id));
  } else {
    await tx
      .delete(storedFiles)
      .where(and(eq(storedFiles.schoolId, actor.schoolId ?? ''), eq(storedFiles.id, picture.id)));
  }
}

/**
 * Points the profile at its new picture (or none), audited in the same transaction. The profile keeps the URL
 * the picture is served at, so every endpoint that returns `profileImage` gives a usable link as it is.
 */
async function setProfileImage(tx: Tx, actor: Actor, objectPath: string | null, bytes?: number): Promise<void> {
  const profileImage = fileUrl(objectPath);
  const changes = { profileImage, updatedAt: new Date() };
  if (actor.kind === 'company') {
    await tx.update(companyStaff).set(changes).where(eq(companyStaff.id, actor.profileId));
  } else {
    await tx
      .update(users)
      .set(changes)
      .where(and(eq(users.schoolId, actor.schoolId ?? ''), eq(users.id, actor.profileId)));
  }
  await audit(tx, actor, {
    schoolId: actor.schoolId,
    action: objectPath ? 'profile.picture_uploaded' : 'profile.picture_removed',
    entity: actor.kind === 'company' ? 'company_staff' : 'user',
    entityId: actor.profileId,
    before: { profileImage: actor.profileImage },
    after: { profileImage, bytes: bytes ?? null },
  });
}

/** Old objects go only after the change that dropped them committed; failing to remove one is only logged. */
async function removeObject(deps: FilesDeps, objectPath: string): Promise<void> {
  await deps.storage.delete(objectPath).catch((err) => deps.log.warn({ err, objectPath }, 'could not remove a file'));
}

/**
 * Replaces the actor's profile picture (docs/product.md, "Files"): re-encoded to a 256 px WebP, counted against the school's
 * storage, recorded with the path in the same transaction. The object is written inside that transaction and
 * removed again if it does not commit, so a refused or failed upload leaves nothing behind.
 */
export async function uploadProfilePicture(deps: Deps, actor: Actor, input: { data: Buffer }): Promise<AuthResponse> {
  const picture = await toProfilePicture(input.data);
  const objectPath = profilePicturePath(actor.kind === 'company' ? null : actor.schoolId, actor.profileId);
  let written = false;
  let replaced: LivePicture | null = null;
  try {
    await withTenant(deps.db, tenantOf(actor), async (tx) => {
      replaced = await currentPicture(tx, actor);
      const row = {
        id: newId(),
        kind: 'profile_picture' as const,
        objectPath,
        bytes: picture.length,
        contentType: WEBP,
      };
      if (actor.kind === 'company') {
        if (replaced) await retire(tx, actor, replaced);
        await tx.insert(companyFiles).values({ ...row, ownerStaffId: actor.profileId });
      } else {
        const schoolId = actor.schoolId ?? '';
        await assertStorageAvailable(tx, deps.config, schoolId, picture.length, replaced?.bytes ?? 0);
        if (replaced) await retire(tx, actor, replaced);
        await tx.insert(storedFiles).values({ ...row, schoolId, ownerUserId: actor.profileId });
      }
      await setProfileImage(tx, actor, objectPath, picture.length);
      written = true;
      await deps.storage.put(objectPath, picture, WEBP);
    });
  } catch (err) {
    if (written) await removeObject(deps, objectPath);
    throw err;
  }
  const old = replaced as LivePicture | null;
  if (old) await removeObject(deps, old.objectPath);
  return toAuthResponse({ ...actor, profileImage: fileUrl(objectPath) });
}

/** Removes the actor's picture; the profile falls back to the initial. Removing none is not an error. */
export async function removeProfilePicture(deps: Deps, actor: Actor): Promise<AuthResponse> {
  const removed = await withTenant(deps.db, tenantOf(actor), async (tx) => {
    const current = await currentPicture(tx, actor);
    if (!current && !actor.profileImage) return null;
    if (current) await retire(tx, actor, current);
    await setProfileImage(tx, actor, null);
    return current;
  });
  if (removed) await removeObject(deps, removed.objectPath);
  return toAuthResponse({ ...actor, profileImage: null });
}

/**
 * A school's stored picture, for its own signed-in users and company staff. Anything else — another school,
 * a deleted or never-stored object — is the same 404, so a guess learns nothing.
 */
export async function readSchoolFile(deps: Deps, actor: Actor, params: SchoolFileParams): Promise<Buffer> {
  if (actor.kind === 'school' && actor.schoolId !== params.schoolId) throw notFound();
  const objectPath = `schools/${params.schoolId}/users/${params.userId}/profile/${params.file}`;
  const [row] = await withTenant(deps.db, tenantOf(actor), (tx) =>
    tx
      .select({ id: storedFiles.id })
      .from(storedFiles)
      .where(
        and(
          eq(storedFiles.schoolId, params.schoolId),
          eq(storedFiles.objectPath, objectPath),
          isNull(storedFiles.deletedAt),
        ),
      ),
  );
  return readObject(deps, row ? objectPath : null);
}

/**
 * A company staff member's picture, for company staff only. A school's user gets the same 404 as for another
 * school's picture (docs/product.md, "Files"), whether the picture exists or not.
 */
export async function readStaffFile(deps: Deps, actor: Actor, params: StaffFileParams): Promise<Buffer> {
  if (actor.kind !== 'company') throw notFound();
  const objectPath = `users/${params.userId}/profile/${params.file}`;
  const [row] = await withTenant(deps.db, tenantOf(actor), (tx) =>
    tx
      .select({ id: companyFiles.id })
      .from(companyFiles)
      .where(and(eq(companyFiles.objectPath, objectPath), isNull(companyFiles.deletedAt))),
  );
  return readObject(deps, row ? objectPath : null);
}

async function readObject(deps: FilesDeps, objectPath: string | null): Promise<Buffer> {
  const data = objectPath ? await deps.storage.get(objectPath) : null;
  if (!data) throw notFound();
  return data;
}
