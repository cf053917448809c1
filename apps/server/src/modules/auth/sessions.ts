import {
  type DateFormat,
  DEFAULT_SCHOOL_LOCALE,
  type Language,
  type SchoolLocale,
  type WeekStart,
} from '@lyceum/shared/locale';
import type { Role } from '@lyceum/shared/roles';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import { instantSql } from '../../db/iso-time.ts';
import { withSystem } from '../../db/tenancy.ts';
import type { Actor } from '../../lib/actor.ts';
import { newId } from '../../lib/ids.ts';
import { publishLiveEvents } from '../../lib/live-events.ts';
import { noteSessionRelevantChange, SessionCache } from '../../lib/session-cache.ts';
import { newSecret, sha256 } from '../../lib/tokens.ts';

export const SESSION_COOKIE = 'lyceum_session';
/** Sliding expiry is pushed forward at most this often, so reads do not each write. */
const SLIDE_EVERY_MS = 5 * 60_000;

export interface Profile {
  kind: 'company' | 'school';
  id: string;
  schoolId: string | null;
  role: Role;
}

export async function createSession(
  tx: Tx,
  input: {
    accountId: string;
    profile: Profile;
    ttlDays: number;
    ip?: string;
    userAgent?: string;
    /** The account had never signed in before (sign-up, or its first sign-in): docs/product.md, "Sessions". */
    firstVisit?: boolean;
  },
): Promise<string> {
  const token = newSecret();
  await tx.insert(sessions).values({
    id: newId(),
    tokenHash: sha256(token),
    accountId: input.accountId,
    profileKind: input.profile.kind,
    profileId: input.profile.id,
    profileSchoolId: input.profile.schoolId,
    role: input.profile.role,
    expiresAt: new Date(Date.now() + input.ttlDays * 86_400_000),
    ip: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
    firstVisit: input.firstVisit ?? false,
  });
  return token;
}

interface SessionRow extends Record<string, unknown> {
  session_id: string;
  account_id: string;
  profile_kind: 'company' | 'school';
  profile_id: string;
  profile_school_id: string | null;
  last_seen_at: string | Date;
  expires_at: string | Date;
  first_visit: boolean;
  account_disabled: boolean;
  name: string | null;
  email: string | null;
  phone: string | null;
  profile_image: string | null;
  role: Role | null;
  profile_active: boolean | null;
  school_name: string | null;
  school_logo: string | null;
  school_active: boolean | null;
  subscription_active: boolean;
  on_trial: boolean;
  account_language: Language | null;
  school_language: Language | null;
  time_zone: string | null;
  currency: string | null;
  date_format: DateFormat | null;
  week_start: WeekStart | null;
}

/**
 * One query from cookie to actor: the session, its account and whichever profile it belongs to. The role
 * comes from the profile, not the session, so a promotion or a deactivation takes effect at once. `now` is the
 * server's clock (deps.clock), which the subscription's end is read against, a parameter of the same statement.
 */
export async function resolveSession(
  db: Database,
  token: string,
  { ttlDays, now }: { ttlDays: number; now: Date },
  cache?: SessionCache,
): Promise<Actor | null> {
  const tokenHash = sha256(token);
  const cached = cache?.get(tokenHash);
  if (cached) return cached;
  const epoch = SessionCache.epoch();
  // One statement, outside any transaction: this runs on every request.
  const result = await db.execute<SessionRow>(sql`
      select s.id as session_id, s.account_id, s.profile_kind, s.profile_id, s.profile_school_id, s.last_seen_at, s.expires_at,
             s.first_visit,
             (a.disabled_at is not null) as account_disabled, a.language as account_language,
             coalesce(cs.name, u.name) as name, coalesce(cs.email, u.email) as email,
             coalesce(cs.phone, u.phone) as phone, coalesce(cs.profile_image, u.profile_image) as profile_image,
             coalesce(cs.role, u.role) as role,
             coalesce(cs.is_active, u.is_active and u.deleted_at is null) as profile_active,
             sc.name as school_name, sc.logo as school_logo, sc.is_active as school_active,
             sc.language as school_language, sc.time_zone, sc.currency, sc.date_format, sc.week_start,
             -- Same rule as the sign-in gate: an active subscription whose end date has not passed.
             (s.profile_kind = 'company' or t.is_trial is not null) as subscription_active,
             coalesce(t.is_trial, false) as on_trial
      from sessions s
      join accounts a on a.id = s.account_id
      left join company_staff cs on s.profile_kind = 'company' and cs.id = s.profile_id
      left join users u on s.profile_kind = 'school' and u.school_id = s.profile_school_id and u.id = s.profile_id
      left join schools sc on sc.id = s.profile_school_id
      -- The subscription in force, if any: a paid one before a trial (null: none, so the school has lapsed).
      left join lateral (select ss.is_trial from school_subscriptions ss
        where ss.school_id = s.profile_school_id and ss.status = 'active' and ss.end_date > ${instantSql(now)}
        order by ss.is_trial limit 1) t on true
      where s.token_hash = ${tokenHash} and s.expires_at > now()`);
  const row = result.rows[0];
  if (!row) return null;
  const usable = !row.account_disabled && row.profile_active === true && row.school_active !== false && row.role;
  if (!usable) {
    await withSystem(db, (tx) => tx.delete(sessions).where(eq(sessions.id, row.session_id)));
    return null;
  }
  if (Date.now() - new Date(row.last_seen_at).getTime() > SLIDE_EVERY_MS) {
    await withSystem(db, (tx) =>
      tx
        .update(sessions)
        .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() + ttlDays * 86_400_000) })
        .where(eq(sessions.id, row.session_id)),
    );
  }
  const actor: Actor = {
    accountId: row.account_id,
    sessionId: row.session_id,
    kind: row.profile_kind,
    profileId: row.profile_id,
    schoolId: row.profile_school_id,
    role: row.role as Role,
    name: row.name ?? '',
    email: row.email ?? '',
    phone: row.phone,
    profileImage: row.profile_image,
    language: row.account_language,
    school: row.school_name ? { name: row.school_name, logo: row.school_logo, locale: localeOf(row) } : null,
    subscriptionActive: row.subscription_active,
    onTrial: row.on_trial,
    firstVisit: row.first_visit,
  };
  cache?.set(tokenHash, actor, new Date(row.expires_at), epoch);
  return actor;
}

/** The school's locale columns of a lookup row (a school row always has them: they are not null). */
function localeOf(
  row: Pick<SessionRow, 'school_language' | 'time_zone' | 'currency' | 'date_format' | 'week_start'>,
): SchoolLocale {
  return {
    language: row.school_language ?? DEFAULT_SCHOOL_LOCALE.language,
    timeZone: row.time_zone ?? DEFAULT_SCHOOL_LOCALE.timeZone,
    currency: row.currency ?? DEFAULT_SCHOOL_LOCALE.currency,
    dateFormat: row.date_format ?? DEFAULT_SCHOOL_LOCALE.dateFormat,
    weekStart: row.week_start ?? DEFAULT_SCHOOL_LOCALE.weekStart,
  };
}

const revoked = { id: sessions.id, profileId: sessions.profileId, schoolId: sessions.profileSchoolId };

/**
 * Deletes the sessions matching `where` and ends their live event streams at once, on every server process
 * (not only at their next heartbeat). Every sign-out, revocation and deactivation goes through here.
 */
export async function revokeSessions(tx: Tx, where: SQL | undefined): Promise<void> {
  noteSessionRelevantChange();
  const rows = await tx.delete(sessions).where(where).returning(revoked);
  await publishLiveEvents(
    tx,
    rows.map((r) => ({ kind: 'session_ended', schoolId: r.schoolId, userIds: [r.profileId], id: r.id })),
  );
}

export async function revokeSessionByToken(db: Database, token: string): Promise<void> {
  await withSystem(db, (tx) => revokeSessions(tx, eq(sessions.tokenHash, sha256(token))));
}

/** Signs an account out everywhere, or everywhere but `keepSessionId`. */
export async function revokeAccountSessions(tx: Tx, accountId: string, keepSessionId?: string): Promise<void> {
  await revokeSessions(
    tx,
    keepSessionId
      ? and(eq(sessions.accountId, accountId), ne(sessions.id, keepSessionId))
      : eq(sessions.accountId, accountId),
  );
}

/** A stream's reader as the database has it now: their own language and their school's locale (null: company staff). */
export interface FreshReader {
  language: Language | null;
  locale: SchoolLocale | null;
}

/**
 * The language and school locale of many readers in one statement (every stream of a school wakes at once
 * when its locale changes). Like the session lookup, outside any transaction.
 */
export async function readFreshReaders(
  db: Database,
  readers: readonly { accountId: string; schoolId: string | null }[],
): Promise<(FreshReader | null)[]> {
  if (readers.length === 0) return [];
  const result = await db.execute<
    Pick<
      SessionRow,
      'account_language' | 'school_language' | 'time_zone' | 'currency' | 'date_format' | 'week_start'
    > & {
      k: number;
      school_id: string | null;
    }
  >(sql`
      select x.k::int - 1 as k, a.language as account_language, sc.id as school_id, sc.language as school_language,
             sc.time_zone, sc.currency, sc.date_format, sc.week_start
      from unnest(${sql.param(readers.map((r) => r.accountId))}::uuid[],
                  ${sql.param(readers.map((r) => r.schoolId ?? ''))}::text[]) with ordinality as x(account_id, school_id, k)
      join accounts a on a.id = x.account_id
      left join schools sc on sc.id = nullif(x.school_id, '')::uuid`);
  const answers: (FreshReader | null)[] = readers.map(() => null);
  for (const row of result.rows) {
    answers[Number(row.k)] = { language: row.account_language, locale: row.school_id ? localeOf(row) : null };
  }
  return answers;
}
