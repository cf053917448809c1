import type {
  CompanySchool,
  CreateSchoolRequest,
  CreateSchoolResponse,
  SchoolDetailResponse,
  SchoolListQuery,
  SchoolListResponse,
  SchoolStatus,
  UpdateSchoolRequest,
} from '@lyceum/shared/company';
import { MESSAGES } from '@lyceum/shared/errors';
import { isPlatformManager } from '@lyceum/shared/roles';
import { DEFAULT_SCHOOL_LOCALE, type SchoolLocale } from '@lyceum/shared/locale';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { accounts, schools, sessions, users } from '../../db/schema/index.ts';
import { insertAccount, insertSchoolUser } from '../../db/accounts.ts';
import { withTenant } from '../../db/tenancy.ts';
import { type Actor, tenantOf } from '../../lib/actor.ts';
import { audit } from '../../db/audit.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { enqueueMail, mailLocaleOf } from '../../db/mail.ts';
import { schoolWelcomeMail } from '../../lib/mail-texts.ts';
import { temporaryPassword } from '../../lib/tokens.ts';
import { INVITE_TOKEN_DAYS, issueOneTimeToken, setPasswordLink, hashPassword, revokeSessions } from '../auth/index.ts';
import { entitlementsOf, localeOf } from '../schools/index.ts';
import { keysetPage, type SortAllowList, sortKeyOf } from '../../lib/list-page.ts';
import { likePattern, nameAsWritten, nameKey } from '../../lib/search.ts';
import {
  activeSubscriptionRow,
  assignSubscription,
  settleLapsed,
  historyOf,
  presentSubscription,
} from './subscriptions.ts';
import { countsAgainstPlan } from '../../db/plan-count.ts';
import { ACCESS_END_SQL, CURRENT_SUBSCRIPTION, schoolStatusSql } from './school-status.ts';
import { usageOf } from './usage.ts';

interface SchoolRow extends Record<string, unknown> {
  id: string;
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  principal_name: string | null;
  logo: string | null;
  brand_color: string | null;
  is_active: boolean;
  is_demo: boolean;
  status: SchoolStatus;
  plan_name: string | null;
  end_date: string | Date | null;
  cancelled_at: string | Date | null;
  students: number | null;
  created_at: string | Date;
  language: SchoolLocale['language'];
  time_zone: string;
  currency: string;
  date_format: SchoolLocale['dateFormat'];
  week_start: SchoolLocale['weekStart'];
}

/** Students as the plan limit counts them (the usage page's figure). */
const STUDENTS = sql`count(*)::int from users u where u.role = 'student' and ${countsAgainstPlan('u')}`;

type SchoolSort = z.output<typeof SchoolListQuery>['sort'];

/**
 * The sorts of the schools list; a school without a subscription has no end date and sorts last both ways. A
 * cancelled subscription sorts by when it was cancelled, the date the list shows for it.
 */
const SORTS: SortAllowList<SchoolSort> = {
  // As every list of names: accents and case aside, the same on any database (docs/product.md, "Sorting by name").
  name: (dir) => ({ expr: nameKey(sql`sc.name`), tie: nameAsWritten(sql`sc.name`), cast: 'text', dir }),
  createdAt: (dir) => ({ expr: sql`sc.created_at`, cast: 'timestamptz', dir }),
  endDate: (dir) => ({
    expr: sql`coalesce(${ACCESS_END_SQL}, ${sql.raw(dir === 'asc' ? "'infinity'" : "'-infinity'")}::timestamptz)`,
    cast: 'timestamptz',
    dir,
  }),
  students: (dir) => ({ expr: sql`coalesce(st.n, 0)`, cast: 'int', dir }),
};

/**
 * The schools with their derived status, plan and student count, in `ids` order. Students are counted for
 * these rows only; sorting by them counts every school's once, in the list's matching query. The count is a
 * usage figure: `withUsage` false (company_user) leaves it null. The status is the one at `now`, the server's clock.
 */
async function schoolRows(tx: Tx, ids: string[], withUsage: boolean, now: Date): Promise<SchoolRow[]> {
  if (ids.length === 0) return [];
  const result = await tx.execute<SchoolRow>(sql`
    select sc.id, sc.name, sc.address, sc.phone, sc.email, sc.principal_name, sc.logo, sc.brand_color,
      sc.is_active, sc.is_demo, sc.created_at, sc.language, sc.time_zone, sc.currency, sc.date_format, sc.week_start,
      p.name as plan_name, c.end_date, case when c.status = 'cancelled' then ${ACCESS_END_SQL} end as cancelled_at,
      ${schoolStatusSql(now)} as status,
      ${withUsage ? sql`(select ${STUDENTS} and u.school_id = sc.id)` : sql`null`} as students
    from schools sc
    ${CURRENT_SUBSCRIPTION}
    left join plans p on p.id = c.plan_id
    where sc.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  const byId = new Map((result.rows as SchoolRow[]).map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const iso = (v: string | Date | null) => (v ? new Date(v).toISOString() : null);

function toCompanySchool(r: SchoolRow): CompanySchool {
  return {
    id: r.id,
    name: r.name,
    address: r.address,
    phone: r.phone,
    email: r.email,
    principalName: r.principal_name,
    logo: r.logo,
    brandColor: r.brand_color,
    isActive: r.is_active,
    isDemo: r.is_demo,
    status: r.status,
    planName: r.plan_name,
    subscriptionEndDate: iso(r.end_date),
    subscriptionCancelledAt: iso(r.cancelled_at),
    studentCount: r.students === null ? null : Number(r.students),
    createdAt: new Date(r.created_at).toISOString(),
    locale: {
      language: r.language,
      timeZone: r.time_zone,
      currency: r.currency,
      dateFormat: r.date_format,
      weekStart: r.week_start,
    },
  };
}

export async function listSchools(
  deps: Deps,
  actor: Actor,
  query: z.output<typeof SchoolListQuery>,
): Promise<SchoolListResponse> {
  // company_user reads no school's usage (docs/product.md, "Who may do what"): neither the count nor an order by it.
  const withUsage = isPlatformManager(actor.role);
  if (!withUsage && query.sort === 'students') throw new AppError('forbidden', MESSAGES.forbidden);
  const key = sortKeyOf(SORTS, query.sort, query.order);
  const pattern = query.q ? likePattern(query.q) : null;
  const now = deps.clock();
  const matching = sql`
    select sc.id, ${key.expr} as sort_value${key.tie ? sql`, ${key.tie} as tie_value` : sql``}
    from schools sc
    ${CURRENT_SUBSCRIPTION}
    ${query.sort === 'students' ? sql`left join (select u.school_id, ${STUDENTS} group by u.school_id) st(school_id, n) on st.school_id = sc.id` : sql``}
    where true
      ${pattern ? sql`and (sc.name ilike ${pattern} or sc.email ilike ${pattern} or sc.principal_name ilike ${pattern})` : sql``}
      ${query.status ? sql`and ${schoolStatusSql(now)} = ${query.status}` : sql``}`;
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    await settleLapsed(tx, null, now);
    const page = await keysetPage(
      tx,
      matching,
      key,
      query.cursor,
      query.limit,
      async (ids) => (await schoolRows(tx, ids, withUsage, now)).map(toCompanySchool),
      undefined,
      'Invalid cursor',
    );
    return { items: page.items, total: page.total, nextCursor: page.nextCursor };
  });
}

async function companySchool(tx: Tx, id: string, now: Date, withUsage = true): Promise<CompanySchool> {
  const [row] = await schoolRows(tx, [id], withUsage, now);
  if (!row) throw notFound('School not found');
  return toCompanySchool(row);
}

const blank = (v: string | undefined) => (v === undefined ? undefined : v.trim() === '' ? null : v.trim());

function schoolValues(input: z.output<typeof UpdateSchoolRequest>) {
  return {
    name: input.name,
    address: blank(input.address),
    phone: blank(input.phone),
    email: blank(input.email),
    principalName: blank(input.principalName),
    logo: blank(input.logo),
    brandColor: blank(input.brandColor),
    language: input.language,
    timeZone: input.timeZone,
    currency: input.currency,
    dateFormat: input.dateFormat,
    weekStart: input.weekStart,
  };
}

/** The fields a partial update names (undefined = left as it is). */
function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * A school, its first admin and its first subscription in one transaction: either all exist or none. The
 * admin gets an invitation e-mail with a set-password link, or an 18-character temporary password returned
 * once (docs/product.md, "Accounts made by staff: temporary passwords and invitations").
 */
export async function createSchool(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof CreateSchoolRequest>,
): Promise<CreateSchoolResponse> {
  const { publicUrl } = deps.config;
  const password = input.admin.sendInvitation ? null : temporaryPassword();
  const passwordHash = password ? await hashPassword(password) : null;
  const now = deps.clock();
  const result = await withTenant(deps.db, tenantOf(actor), async (tx) => {
    const taken = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(sql`lower(${accounts.email}) = ${input.admin.email.toLowerCase()}`);
    if (taken.length) {
      throw new AppError('auth/email-already-in-use', MESSAGES.emailInUse, { 'admin.email': MESSAGES.emailInUse });
    }
    const schoolId = newId();
    const values = schoolValues(input);
    const locale = localeOf({ ...DEFAULT_SCHOOL_LOCALE, ...definedOnly(values) });
    await tx.insert(schools).values({ ...values, ...locale, id: schoolId, name: input.name });
    const accountId = await insertAccount(tx, input.admin.email, passwordHash);
    const adminId = await insertSchoolUser(tx, {
      schoolId,
      accountId,
      name: input.admin.name,
      email: input.admin.email,
      role: 'school_admin',
      ...(input.admin.phone ? { phone: input.admin.phone } : {}),
    });
    const subscription = await assignSubscription(tx, actor, schoolId, input.subscription, now);
    if (input.admin.sendInvitation) {
      const token = await issueOneTimeToken(tx, accountId, 'invite', INVITE_TOKEN_DAYS * 86_400_000);
      const mail = schoolWelcomeMail(await mailLocaleOf(tx, input.admin.email), {
        name: input.admin.name,
        email: input.admin.email,
        schoolName: input.name,
        link: setPasswordLink(publicUrl, token),
        signInUrl: `${publicUrl}/login`,
        days: INVITE_TOKEN_DAYS,
        expiresAt: new Date(Date.now() + INVITE_TOKEN_DAYS * 86_400_000),
      });
      await enqueueMail(tx, { to: input.admin.email, ...mail });
    }
    await audit(tx, actor, {
      schoolId,
      action: 'school.created',
      entity: 'school',
      entityId: schoolId,
      after: { name: input.name, adminEmail: input.admin.email, planId: input.subscription.planId, ...locale },
    });
    const presented = await presentSubscription(tx, subscription);
    return {
      school: await companySchool(tx, schoolId, now),
      admin: {
        id: adminId,
        name: input.admin.name,
        email: input.admin.email,
        invitationSent: input.admin.sendInvitation,
        temporaryPassword: password,
      },
      subscription: presented,
    };
  });
  if (input.admin.sendInvitation) void deps.mail.flush();
  return result;
}

export async function updateSchool(
  deps: Deps,
  actor: Actor,
  { id, ...input }: z.output<typeof UpdateSchoolRequest> & { id: string },
): Promise<CompanySchool> {
  const now = deps.clock();
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    const [before] = await tx.select().from(schools).where(eq(schools.id, id));
    if (!before) throw notFound('School not found');
    const values = definedOnly(schoolValues(input));
    if (Object.keys(values).length === 0) throw invalid(MESSAGES.invalidData);
    await tx
      .update(schools)
      .set({ ...values, updatedAt: now })
      .where(eq(schools.id, id));
    await audit(tx, actor, {
      schoolId: id,
      action: 'school.updated',
      entity: 'school',
      entityId: id,
      before: Object.fromEntries(Object.keys(values).map((k) => [k, before[k as keyof typeof before]])),
      after: values,
    });
    return companySchool(tx, id, now);
  });
}

/** Deactivating signs every user of the school out at once; sign-in then answers `auth/school-inactive`. */
export async function setSchoolActive(
  deps: Deps,
  actor: Actor,
  { id, isActive }: { id: string; isActive: boolean },
): Promise<CompanySchool> {
  const now = deps.clock();
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    const [before] = await tx.select().from(schools).where(eq(schools.id, id));
    if (!before) throw notFound('School not found');
    await tx.update(schools).set({ isActive, updatedAt: now }).where(eq(schools.id, id));
    if (!isActive) await revokeSessions(tx, eq(sessions.profileSchoolId, id));
    await audit(tx, actor, {
      schoolId: id,
      action: isActive ? 'school.reactivated' : 'school.deactivated',
      entity: 'school',
      entityId: id,
      before: { isActive: before.isActive },
      after: { isActive },
    });
    return companySchool(tx, id, now);
  });
}

export async function schoolDetail(deps: Deps, actor: Actor, { id }: { id: string }): Promise<SchoolDetailResponse> {
  const now = deps.clock();
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    await settleLapsed(tx, id, now);
    // company_user reads the school and its subscription, not its usage against the plan limits (its student
    // count included) nor its people (docs/product.md, "Who may do what"): those parts stay empty for it.
    const manager = isPlatformManager(actor.role);
    const school = await companySchool(tx, id, now, manager);
    const active = await activeSubscriptionRow(tx, id);
    const subscription = active ? await presentSubscription(tx, active) : null;
    const admins = manager
      ? await tx
          .select()
          .from(users)
          .where(
            and(eq(users.schoolId, id), inArray(users.role, ['school_admin', 'principal']), isNull(users.deletedAt)),
          )
      : [];
    const [usage] = manager ? await usageOf(tx, id, now) : [];
    return {
      school,
      subscription: subscription ?? null,
      history: await historyOf(tx, id),
      usage: usage?.items ?? [],
      admins: admins.map((u) => ({
        id: u.id,
        name: u.name,
        email: u.email,
        role: u.role as 'school_admin' | 'principal',
        isActive: u.isActive,
        lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
      })),
      entitlements: await entitlementsOf(tx, id, now),
    };
  });
}
