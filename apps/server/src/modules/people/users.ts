import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import type {
  CreateUserRequest,
  CreateUserResponse,
  ResetUserPasswordRequest,
  ResetUserPasswordResponse,
  UserAccountResponse,
  UserListQuery,
  UserListResponse,
} from '@lyceum/shared/people';
import type { SchoolRole } from '@lyceum/shared/roles';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { accounts, sessions, users } from '../../db/schema/index.ts';
import { mayMailPasswordLink, revokeSessions } from '../auth/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { audit } from '../../db/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { createSchoolAccount, prepareCredential, queueInvitations, withEmailRace } from './accounts.ts';
import { setUserActive } from './active.ts';
import { toCsv } from '../../lib/csv.ts';
import { timeZoneOf, zonedTime } from '../../lib/school-day.ts';
import { inScope, readScope, type SchoolScope, writeScope } from '../../db/school-scope.ts';
import { loadThenCommit } from '../../db/tenancy.ts';
import { keysetList, nameSort, type SortKey, sortFields } from '../../lib/list-page.ts';
import { nameOrEmailLike } from './search.ts';
import { assertRoomForNewPeople } from './plan-limits.ts';
import { loadUserAccounts } from './views.ts';
import { assertMayChange } from './who-may-change-whom.ts';

type UserListInput = z.output<typeof UserListQuery>;

/** By name only: the sort allow-list of this list. */
const SORTS: Record<'name', SortKey> = { name: nameSort(users.name, users.nameKey) };

async function userPage(
  tx: Tx,
  scope: SchoolScope,
  query: UserListInput,
  limit: number | null,
): Promise<UserListResponse> {
  const conds: (SQL | undefined)[] = [eq(users.schoolId, scope.schoolId), isNull(users.deletedAt)];
  if (query.role) conds.push(eq(users.role, query.role));
  if (query.status !== 'all') conds.push(eq(users.isActive, query.status === 'active'));
  conds.push(nameOrEmailLike(query.search));
  return keysetList(tx, {
    sorts: SORTS,
    sort: 'name',
    cursor: query.cursor,
    limit,
    matching: (key) =>
      tx
        .select({ id: users.id, ...sortFields(key) })
        .from(users)
        .where(and(...conds)),
    load: loadThenCommit(tx, (ids) => loadUserAccounts(tx, scope.schoolId, ids)),
  });
}

export function listUsers(deps: Deps, actor: Actor, query: UserListInput): Promise<UserListResponse> {
  const scope = readScope(actor, query.schoolId, 'users');
  return inScope(deps.db, scope, (tx) => userPage(tx, scope, query, query.limit));
}

/** The users CSV: the list's filters, every row; the last sign-in in the caller's time zone, as the page shows it. */
export function exportUsers(deps: Deps, actor: Actor, query: UserListInput): Promise<string> {
  const scope = readScope(actor, query.schoolId, 'users');
  return inScope(deps.db, scope, async (tx) => {
    const page = await userPage(tx, scope, { ...query, cursor: undefined }, null);
    const timeZone = timeZoneOf(actor);
    const rows = page.items.map((u) => [
      u.name,
      u.email,
      u.phone,
      u.role,
      u.isActive ? 'active' : 'inactive',
      u.lastLoginAt && zonedTime(new Date(u.lastLoginAt), timeZone),
      u.invitationPending ? 'yes' : 'no',
    ]);
    return toCsv(['name', 'email', 'phone', 'role', 'status', 'lastLoginAt', 'invitationPending'], rows);
  });
}

/** A school user the caller may manage: 404 when absent; a principal may not manage school administrators. */
async function findManagedUser(tx: Tx, scope: SchoolScope, id: string) {
  const [row] = await tx
    .select({
      id: users.id,
      role: users.role,
      isActive: users.isActive,
      accountId: users.accountId,
      name: users.name,
      email: users.email,
      passwordHash: accounts.passwordHash,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(users.schoolId, scope.schoolId), eq(users.id, id), isNull(users.deletedAt)));
  if (!row) throw notFound(PEOPLE_MESSAGES.userNotFound);
  assertMayChange(scope.actor, row);
  return row;
}

export async function createUser(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof CreateUserRequest>,
): Promise<CreateUserResponse> {
  const scope = writeScope(actor, input.schoolId);
  // docs/product.md, "Rate limits and lock-out": principals manage everything in the school except making administrators.
  assertMayChange(actor, { role: input.role });
  const credential = await prepareCredential(input.sendInvitation);
  const user = await withEmailRace(() =>
    inScope(deps.db, scope, async (tx) => {
      await assertRoomForNewPeople(tx, scope.schoolId, { [input.role]: 1 });
      const { userId, accountId } = await createSchoolAccount(
        tx,
        {
          schoolId: scope.schoolId,
          role: input.role,
          name: input.name,
          email: input.email,
          phone: input.phone ?? null,
        },
        credential,
      );
      if (credential.invitation) {
        await queueInvitations(tx, scope, deps.config.publicUrl, [
          { accountId, email: input.email, name: input.name, role: input.role },
        ]);
      }
      await audit(tx, actor, {
        schoolId: scope.schoolId,
        action: 'user.created',
        entity: input.role,
        entityId: userId,
        after: { name: input.name, email: input.email, role: input.role, invitation: credential.invitation },
      });
      const [made] = await loadUserAccounts(tx, scope.schoolId, [userId]);
      return made as UserAccountResponse;
    }),
  );
  if (credential.invitation) void deps.mail.flush();
  return { user, temporaryPassword: credential.temporaryPassword, invitationSent: credential.invitation };
}

export function setAccountActive(
  deps: Deps,
  actor: Actor,
  { id, active }: { id: string; active: boolean },
): Promise<UserAccountResponse> {
  const scope = writeScope(actor, undefined);
  return inScope(deps.db, scope, async (tx) => {
    const row = await findManagedUser(tx, scope, id);
    await setUserActive(
      tx,
      actor,
      scope.schoolId,
      { id, role: row.role as SchoolRole, isActive: row.isActive },
      active,
    );
    const [after] = await loadUserAccounts(tx, scope.schoolId, [id]);
    return after as UserAccountResponse;
  });
}

export async function resendInvitation(deps: Deps, actor: Actor, { id }: { id: string }): Promise<void> {
  const scope = writeScope(actor, undefined);
  await inScope(deps.db, scope, async (tx) => {
    const row = await findManagedUser(tx, scope, id);
    if (row.passwordHash) throw new AppError('rule', PEOPLE_MESSAGES.passwordAlreadySet);
    // The same hourly count as the e-mailed reset: a school must not be able to flood one address.
    if (!(await mayMailPasswordLink(tx, row.accountId, 'invite'))) {
      throw new AppError('rate_limited', PEOPLE_MESSAGES.invitationsPerHour);
    }
    await queueInvitations(tx, scope, deps.config.publicUrl, [
      { accountId: row.accountId, email: row.email, name: row.name, role: row.role as SchoolRole },
    ]);
    await audit(tx, actor, {
      schoolId: scope.schoolId,
      action: 'user.invitation_resent',
      entity: row.role,
      entityId: id,
    });
  });
  void deps.mail.flush();
}

/**
 * `temporary`: a new temporary password replaces the old one at once and signs the user out everywhere;
 * `email`: a one-time set-password link is mailed and the old password keeps working until it is used.
 */
export async function resetUserPassword(
  deps: Deps,
  actor: Actor,
  { id, ...input }: { id: string } & z.output<typeof ResetUserPasswordRequest>,
): Promise<ResetUserPasswordResponse> {
  const scope = writeScope(actor, undefined);
  const credential = await prepareCredential(input.mode === 'email');
  await inScope(deps.db, scope, async (tx) => {
    const row = await findManagedUser(tx, scope, id);
    if (credential.invitation) {
      const purpose = row.passwordHash ? 'reset' : 'invite';
      // The account's hourly count, shared with /forgot-password; staff are told, and offered a temporary password.
      if (!(await mayMailPasswordLink(tx, row.accountId, purpose))) {
        throw new AppError('rate_limited', PEOPLE_MESSAGES.resetMailsPerHour);
      }
      await queueInvitations(
        tx,
        scope,
        deps.config.publicUrl,
        [{ accountId: row.accountId, email: row.email, name: row.name, role: row.role as SchoolRole }],
        purpose,
      );
    } else {
      await tx
        .update(accounts)
        .set({ passwordHash: credential.passwordHash, failedLogins: 0, failedLoginsSince: null, updatedAt: new Date() })
        .where(eq(accounts.id, row.accountId));
      await revokeSessions(tx, eq(sessions.accountId, row.accountId));
    }
    await audit(tx, actor, {
      schoolId: scope.schoolId,
      action: 'user.password_reset',
      entity: row.role,
      entityId: id,
      after: { mode: input.mode },
    });
  });
  if (credential.invitation) void deps.mail.flush();
  return { temporaryPassword: credential.temporaryPassword, invitationSent: credential.invitation };
}
