import type { SessionResponse, SessionUser } from '@lyceum/shared/auth';
import { API_ACCESS } from '@lyceum/shared/permissions';
import { MESSAGES } from '@lyceum/shared/errors';
import { translateTo } from '@lyceum/shared/i18n/catalogues';
import { PASSWORD_MESSAGES } from '@lyceum/shared/password-policy';
import { DEFAULT_SCHOOL_LOCALE } from '@lyceum/shared/locale';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  accounts,
  companyStaff,
  mailOutbox,
  schoolSubscriptions,
  schools,
  sessions,
  setupCodes,
  users,
} from '../src/db/schema/index.ts';
import { insertAccount } from '../src/db/accounts.ts';
import { selectRows } from '../src/db/select-rows.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { issueOneTimeToken } from '../src/modules/auth/index.ts';
import { LINK_CHECK_BODY_LIMIT } from '../src/modules/auth/routes.ts';
import { issueSetupCode } from '../src/modules/auth/setup-code.ts';
import { LOGIN_FAILURES_PER_ACCOUNT, RESET_MAILS_PER_HOUR } from '../src/modules/auth/service.ts';
import { sha256 } from '../src/lib/tokens.ts';
import {
  as,
  createCompanyUser,
  createSchool,
  createTestApp,
  errorOf,
  login,
  type SchoolFixture,
  type Session,
  sessionCookie,
  TEST_PASSWORD,
  type TestApp,
} from './helpers.ts';

let t: TestApp;
let school: SchoolFixture;

beforeAll(async () => {
  t = await createTestApp();
  school = await createSchool(t.app, { name: 'Alpha School' });
});
afterAll(() => t.close());

/** A POST, then whatever it started after its reply (the reset mail of /forgot-password). */
async function post(url: string, payload: unknown, cookie?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });
  await t.app.deps.afterReply.settled();
  return res;
}

async function latestMailTo(email: string): Promise<string> {
  const rows = await withSystem(t.app.deps.db, (tx) =>
    tx.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(sql`${mailOutbox.createdAt} desc`).limit(1),
  );
  const text = rows[0]?.text;
  if (!text) throw new Error(`no mail to ${email}`);
  return text;
}

const tokenFrom = (mail: string) => {
  const match = mail.match(/reset-password\?token=([A-Za-z0-9_\-%]+)/);
  if (!match?.[1]) throw new Error('no link in mail');
  return decodeURIComponent(match[1]);
};

describe('login', () => {
  it('signs every school role in with its own profile and a session cookie', async () => {
    for (const role of ['school_admin', 'principal', 'teacher', 'student', 'parent'] as const) {
      const res = await post('/api/v1/auth/login', { email: school.users[role].email, password: TEST_PASSWORD, role });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.user).toMatchObject({
        id: school.users[role].id,
        role,
        schoolId: school.id,
        email: school.users[role].email,
      });
      expect(body.school).toEqual({ name: 'Alpha School', logo: null, locale: DEFAULT_SCHOOL_LOCALE });
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/lyceum_session=[^;]{40,};/);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      const me = await as(t.app, { cookie: sessionCookie(res), body })({ method: 'GET', url: '/api/v1/auth/me' });
      expect(me.json().user.id).toBe(school.users[role].id);
    }
  });

  it('signs every company role in without a school', async () => {
    for (const role of ['company_admin', 'admin', 'company_user'] as const) {
      const staff = await createCompanyUser(t.app, role);
      const s = await login(t.app, staff.email, role);
      expect(s.body.user).toMatchObject({ id: staff.id, role, schoolId: null });
      expect((s.body as unknown as { school: unknown }).school).toBeNull();
    }
  });

  it('uses the chosen role only to pick which profile is looked up first', async () => {
    const staff = await createCompanyUser(t.app, 'company_admin');
    // Give the same account a teacher profile in the school too.
    const teacherId = await withSystem(t.app.deps.db, async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          schoolId: school.id,
          id: crypto.randomUUID(),
          accountId: staff.accountId,
          name: 'Dual',
          email: staff.email,
          role: 'teacher',
        })
        .returning({ id: users.id });
      return row?.id as string;
    });
    const asCompany = await login(t.app, staff.email, 'company_admin');
    expect(asCompany.body.user).toMatchObject({ id: staff.id, role: 'company_admin' });
    const asTeacher = await login(t.app, staff.email, 'teacher');
    expect(asTeacher.body.user).toMatchObject({ id: teacherId, role: 'teacher', schoolId: school.id });
    // A role the account does not hold falls back to the other kind of profile.
    const fallback = await login(t.app, school.users.teacher.email, 'company_admin');
    expect(fallback.body.user).toMatchObject({ id: school.users.teacher.id, role: 'teacher' });
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const wrong = await post('/api/v1/auth/login', {
      email: school.users.principal.email,
      password: 'not-the-password',
      role: 'principal',
    });
    const unknown = await post('/api/v1/auth/login', {
      email: 'nobody@nowhere.test',
      password: 'not-the-password',
      role: 'principal',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(errorOf(wrong).code).toBe('auth/invalid-credential');
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an identity without a profile with the profile-not-found message and no session', async () => {
    const email = 'orphan@school.test';
    await withSystem(t.app.deps.db, async (tx) => {
      const { hashPassword } = await import('../src/modules/auth/passwords.ts');
      await insertAccount(tx, email, await hashPassword(TEST_PASSWORD));
    });
    const res = await post('/api/v1/auth/login', { email, password: TEST_PASSWORD, role: 'teacher' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toMatchObject({
      code: 'auth/profile-not-found',
      message: 'User profile not found for orphan@school.test. Please contact administrator to create your profile.',
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses disabled accounts and deactivated profiles', async () => {
    const s = await createSchool(t.app);
    await withSystem(t.app.deps.db, (tx) =>
      tx.update(accounts).set({ disabledAt: new Date() }).where(eq(accounts.id, s.users.teacher.accountId)),
    );
    const res = await post('/api/v1/auth/login', {
      email: s.users.teacher.email,
      password: TEST_PASSWORD,
      role: 'teacher',
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({ code: 'auth/user-disabled', message: MESSAGES.userDisabled });

    await withSystem(t.app.deps.db, (tx) =>
      tx.update(users).set({ isActive: false }).where(eq(users.id, s.users.student.id)),
    );
    const inactive = await post('/api/v1/auth/login', {
      email: s.users.student.email,
      password: TEST_PASSWORD,
      role: 'student',
    });
    expect(errorOf(inactive).code).toBe('auth/user-disabled');
  });

  it('signs a deactivated profile out of its open sessions', async () => {
    const s = await createSchool(t.app);
    const session = await login(t.app, s.users.parent.email, 'parent');
    await withSystem(t.app.deps.db, (tx) =>
      tx.update(users).set({ isActive: false }).where(eq(users.id, s.users.parent.id)),
    );
    const me = await as(t.app, session)({ method: 'GET', url: '/api/v1/auth/me' });
    expect(me.statusCode).toBe(401);
  });

  it('blocks school users whose subscription lapsed with the exact expiry message, but not company staff', async () => {
    const lapsed = await createSchool(t.app, { subscriptionDays: -1 });
    const res = await post('/api/v1/auth/login', {
      email: lapsed.users.teacher.email,
      password: TEST_PASSWORD,
      role: 'teacher',
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({
      code: 'auth/subscription-expired',
      message:
        "Your school's subscription has expired. Please contact your school administrator to renew the subscription.",
    });
    // An 'active' row whose end date has passed is expired too (detected on read).
    const stale = await createSchool(t.app);
    await withSystem(t.app.deps.db, (tx) =>
      tx
        .update(schoolSubscriptions)
        .set({ endDate: new Date(Date.now() - 1000) })
        .where(eq(schoolSubscriptions.schoolId, stale.id)),
    );
    const staleRes = await post('/api/v1/auth/login', {
      email: stale.users.parent.email,
      password: TEST_PASSWORD,
      role: 'parent',
    });
    expect(errorOf(staleRes).code).toBe('auth/subscription-expired');
    const staff = await createCompanyUser(t.app, 'admin');
    expect((await login(t.app, staff.email, 'admin')).body.user.role).toBe('admin');
  });

  it('blocks users of a deactivated school', async () => {
    const s = await createSchool(t.app);
    await withSystem(t.app.deps.db, (tx) => tx.update(schools).set({ isActive: false }).where(eq(schools.id, s.id)));
    const res = await post('/api/v1/auth/login', {
      email: s.users.school_admin.email,
      password: TEST_PASSWORD,
      role: 'school_admin',
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({ code: 'auth/school-inactive', message: MESSAGES.schoolInactive });
  });

  it('holds an account after repeated failures, before checking the password', async () => {
    const s = await createSchool(t.app);
    const email = s.users.teacher.email;
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++) {
      const res = await post('/api/v1/auth/login', { email, password: 'wrong-password-1', role: 'teacher' });
      expect(errorOf(res).code).toBe('auth/invalid-credential');
    }
    const held = await post('/api/v1/auth/login', { email, password: TEST_PASSWORD, role: 'teacher' });
    expect(held.statusCode).toBe(429);
    expect(errorOf(held)).toEqual({ code: 'auth/too-many-requests', message: MESSAGES.tooManyRequests });
  });

  it('rejects malformed input with field errors and no session', async () => {
    const res = await post('/api/v1/auth/login', { email: 'not-an-email', password: '', role: 'headmaster' });
    expect(res.statusCode).toBe(400);
    const err = errorOf(res);
    expect(err.code).toBe('validation');
    expect(Object.keys(err.fields ?? {})).toEqual(expect.arrayContaining(['email', 'password', 'role']));
  });
});

describe('the sign-in time', () => {
  // A fixed clock three hours behind the system's, which sign-in's time, the trial's dates and the subscription
  // gate all read (deps.clock).
  const now = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 3 * 3_600_000);
  let clocked: TestApp;
  beforeAll(async () => {
    clocked = await createTestApp({}, { clock: () => now });
  });
  afterAll(() => clocked.close());

  it("is the server's clock: stored on the account and the user, and shown on the Users page", async () => {
    const at = await createSchool(clocked.app);
    const teacher = await login(clocked.app, at.users.teacher.email, 'teacher');
    expect(teacher.body.user.id).toBe(at.users.teacher.id);
    const [account] = await withSystem(clocked.app.deps.db, (tx) =>
      tx.select().from(accounts).where(eq(accounts.id, at.users.teacher.accountId)),
    );
    expect(account?.lastLoginAt?.toISOString()).toBe(now.toISOString());
    const admin = await login(clocked.app, at.users.school_admin.email, 'school_admin');
    const list = await as(clocked.app, admin)({ method: 'GET', url: '/api/v1/users' });
    expect(list.statusCode, list.body).toBe(200);
    const shown = list.json().items.find((u: { id: string }) => u.id === at.users.teacher.id);
    expect(shown?.lastLoginAt).toBe(now.toISOString());
  });

  it("a sign-up is the admin's first sign-in, and its 14-day trial starts, by the server's clock", async () => {
    const plans = (await clocked.app.inject({ method: 'GET', url: '/api/v1/plans' })).json();
    const res = await clocked.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup/school-admin',
      payload: {
        schoolName: 'Clocktower School',
        name: 'Cleo Clock',
        email: 'cleo@clocktower.test',
        password: 'clocktower-is-great',
        planId: plans.find((p: { name: string }) => p.name === 'Basic').id,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const admin = { cookie: sessionCookie(res), body: res.json() };
    const list = await as(clocked.app, admin)({ method: 'GET', url: '/api/v1/users' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.find((u: { id: string }) => u.id === admin.body.user.id)?.lastLoginAt).toBe(
      now.toISOString(),
    );
    const mine = await as(clocked.app, admin)({ method: 'GET', url: '/api/v1/subscription' });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().daysLeft).toBe(14);
    const [sub] = await withSystem(clocked.app.deps.db, (tx) =>
      tx.select().from(schoolSubscriptions).where(eq(schoolSubscriptions.schoolId, admin.body.user.schoolId)),
    );
    expect([sub?.startDate.toISOString(), sub?.endDate.toISOString()]).toEqual([
      now.toISOString(),
      new Date(now.getTime() + 14 * 86_400_000).toISOString(),
    ]);
  });
});

describe('rate limit per IP', () => {
  it('answers auth/too-many-requests once an address exceeds the login limit', async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 3 });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          remoteAddress: '203.0.113.7',
          payload: { email: 'someone@x.test', password: 'whatever-1', role: 'teacher' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const res = await attempt();
      expect(res.statusCode).toBe(429);
      expect(errorOf(res).code).toBe('auth/too-many-requests');
    } finally {
      await limited.close();
    }
  });
});

describe('rate limit per IP on every sign-in, sign-up and password-reset endpoint', () => {
  // Generated from the permission table: every public POST under /auth except sign-out (which only ends the
  // caller's own session) takes credentials or sends mail, so each must be limited per address.
  const limitedRoutes = Object.entries(API_ACCESS)
    .filter(([key, access]) => access === 'public' && key.startsWith('POST /api/v1/auth/') && !key.endsWith('/logout'))
    .map(([key]) => key.slice('POST '.length));

  it('covers login, forgot and reset password and both sign-ups', () => {
    expect(limitedRoutes).toEqual(
      expect.arrayContaining([
        '/api/v1/auth/login',
        '/api/v1/auth/forgot-password',
        '/api/v1/auth/reset-password',
        '/api/v1/auth/reset-password/check',
        '/api/v1/auth/signup/school-admin',
        '/api/v1/auth/signup/company-admin',
      ]),
    );
  });

  it('answers 429 auth/too-many-requests past the limit, per address, and nothing is written', async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 2 });
    try {
      for (const [i, url] of limitedRoutes.entries()) {
        // Bodies that are wrong in a harmless way: the limit must hold whatever the answer would have been.
        const attempt = (ip: string) =>
          limited.app.inject({ method: 'POST', url, remoteAddress: ip, payload: { email: `nobody${i}@x.test` } });
        const ip = `198.51.100.${i + 1}`;
        for (let n = 0; n < 2; n++) expect((await attempt(ip)).statusCode, url).not.toBe(429);
        const refused = await attempt(ip);
        expect(refused.statusCode, url).toBe(429);
        expect(errorOf(refused).code, url).toBe('auth/too-many-requests');
        // Another address is not affected.
        expect((await attempt(`203.0.113.${i + 1}`)).statusCode, url).not.toBe(429);
      }
      const mails = await withSystem(limited.app.deps.db, (tx) => tx.select().from(mailOutbox));
      expect(mails).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});

describe('sessions', () => {
  it('logout ends the session', async () => {
    const s = await login(t.app, school.users.parent.email, 'parent');
    const out = await as(t.app, s)({ method: 'POST', url: '/api/v1/auth/logout' });
    expect(out.statusCode).toBe(204);
    expect((await as(t.app, s)({ method: 'GET', url: '/api/v1/auth/me' })).statusCode).toBe(401);
  });

  it('me without a session is 401 in the error format', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toEqual({ code: 'unauthenticated', message: MESSAGES.signedOut });
  });

  it('stores only the hash of the session token', async () => {
    const s = await login(t.app, school.users.student.email, 'student');
    const token = s.cookie.split('=')[1] as string;
    const rows = await withSystem(t.app.deps.db, (tx) => tx.select().from(sessions));
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });
});

describe('the first visit (docs/product.md, "Sessions")', () => {
  /** What the sign-in (or sign-up) answered, and what the session read says now (a reload). */
  const answered = (session: Session) => (session.body.user as SessionUser).firstVisit;
  const me = async (session: Session) => {
    const res = await as(t.app, session)({ method: 'GET', url: '/api/v1/auth/me' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SessionResponse>().user.firstVisit;
  };

  it('is true for the whole first session of an invited teacher, then false for every later one', async () => {
    const s = await createSchool(t.app);
    const admin = await login(t.app, s.users.school_admin.email, 'school_admin');
    const email = 'first-visit-teacher@alpha.test';
    const created = await as(
      t.app,
      admin,
    )({
      method: 'POST',
      url: '/api/v1/teachers',
      payload: { name: 'Tom Teacher', email, sendInvitation: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const set = await post('/api/v1/auth/reset-password', {
      token: tokenFrom(await latestMailTo(email)),
      password: 'tom-sets-his-own',
    });
    expect(set.statusCode, set.body).toBe(204);

    const first = await login(t.app, email, 'teacher', 'tom-sets-his-own');
    expect(answered(first)).toBe(true);
    expect(await me(first)).toBe(true);
    // A reload reads the session again: still the first visit.
    expect(await me(first)).toBe(true);

    const second = await login(t.app, email, 'teacher', 'tom-sets-his-own');
    expect(answered(second)).toBe(false);
    expect(await me(second)).toBe(false);
    // The first session stays the first visit until it ends.
    expect(await me(first)).toBe(true);
  });

  it("is true for a staff-made account's first sign-in only, and false for an account that signed in before", async () => {
    const s = await createSchool(t.app);
    const first = await login(t.app, s.users.parent.email, 'parent');
    expect([answered(first), await me(first)]).toEqual([true, true]);
    await as(t.app, first)({ method: 'POST', url: '/api/v1/auth/logout' });
    const again = await login(t.app, s.users.parent.email, 'parent');
    expect([answered(again), await me(again)]).toEqual([false, false]);
  });

  it('is true for the session a school sign-up opens, and false once the admin signs in again', async () => {
    const plans = (await t.app.inject({ method: 'GET', url: '/api/v1/plans' })).json();
    const email = 'olivia@maple-grove.test';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup/school-admin',
      payload: {
        schoolName: 'Maple Grove Academy',
        name: 'Olivia Oak',
        email,
        password: 'maple-grove-rocks',
        planId: plans.find((p: { name: string }) => p.name === 'Basic').id,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const signedUp = { cookie: sessionCookie(res), body: res.json() };
    expect(answered(signedUp)).toBe(true);
    expect(await me(signedUp)).toBe(true);
    await as(t.app, signedUp)({ method: 'POST', url: '/api/v1/auth/logout' });
    const later = await login(t.app, email, 'school_admin', 'maple-grove-rocks');
    expect([answered(later), await me(later)]).toEqual([false, false]);
  });
});

describe('change password', () => {
  it('needs the current password, applies the policy and signs other sessions out', async () => {
    const s = await createSchool(t.app);
    const email = s.users.principal.email;
    const first = await login(t.app, email, 'principal');
    const second = await login(t.app, email, 'principal');

    const wrong = await as(
      t.app,
      first,
    )({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      payload: { currentPassword: 'nope-nope-nope', newPassword: 'a-brand-new-secret' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatchObject({
      code: 'auth/wrong-password',
      fields: { currentPassword: MESSAGES.wrongCurrentPassword },
    });

    const common = await as(
      t.app,
      first,
    )({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'password1' },
    });
    expect(common.statusCode).toBe(400);
    expect(errorOf(common)).toMatchObject({ code: 'auth/password-does-not-meet-requirements' });
    expect(errorOf(common).fields?.newPassword).toMatch(/too common/);

    const short = await as(
      t.app,
      first,
    )({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).fields?.newPassword).toBe('Password must be at least 8 characters');

    const ok = await as(
      t.app,
      first,
    )({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-secret' },
    });
    expect(ok.statusCode).toBe(204);
    expect((await as(t.app, first)({ method: 'GET', url: '/api/v1/auth/me' })).statusCode).toBe(200);
    expect((await as(t.app, second)({ method: 'GET', url: '/api/v1/auth/me' })).statusCode).toBe(401);
    await login(t.app, email, 'principal', 'a-brand-new-secret');
    // Stored as argon2id with OWASP's parameters (the fixtures' accounts are made with cheaper ones).
    const [stored] = await withSystem(t.app.deps.db, (tx) =>
      selectRows<{ hash: string }>(tx, sql`select password_hash as hash from accounts where email = ${email}`),
    );
    expect(stored?.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('password rules (docs/product.md, "Passwords")', () => {
  it('answers every broken rule with auth/password-does-not-meet-requirements and its own words, wherever a password is set, writing nothing', async () => {
    const s = await createSchool(t.app);
    const session = await login(t.app, s.users.principal.email, 'principal');
    const plans = (await t.app.inject({ method: 'GET', url: '/api/v1/plans' })).json();
    const rules = [
      ['short', PASSWORD_MESSAGES.tooShort(8)],
      ['x'.repeat(65), PASSWORD_MESSAGES.tooLong(64)],
      ['password1', PASSWORD_MESSAGES.tooCommon],
    ] as const;
    // Sign-up (both), reset and invitation acceptance (one endpoint), and change password.
    const setters = [
      {
        field: 'newPassword',
        send: (password: string) =>
          as(
            t.app,
            session,
          )({
            method: 'POST',
            url: '/api/v1/auth/change-password',
            payload: { currentPassword: TEST_PASSWORD, newPassword: password },
          }),
      },
      {
        field: 'password',
        send: (password: string) => post('/api/v1/auth/reset-password', { token: 'a-link-never-sent', password }),
      },
      {
        field: 'password',
        send: (password: string) =>
          post('/api/v1/auth/signup/school-admin', {
            schoolName: 'Rules School',
            name: 'Rita Rules',
            email: 'rita-rules@x.test',
            password,
            planId: plans[0].id,
          }),
      },
      {
        field: 'password',
        send: (password: string) =>
          post('/api/v1/auth/signup/company-admin', { name: 'Rob Rules', email: 'rob-rules@x.test', password }),
      },
    ];
    const countAccounts = async () =>
      (await withSystem(t.app.deps.db, (tx) => tx.select({ n: sql<number>`count(*)::int` }).from(accounts)))[0]?.n;
    const before = await countAccounts();
    for (const { field, send } of setters) {
      for (const [password, message] of rules) {
        const res = await send(password);
        expect(res.statusCode, `${field} ${message}`).toBe(400);
        expect(errorOf(res), `${field} ${message}`).toEqual({
          code: 'auth/password-does-not-meet-requirements',
          message,
          fields: { [field]: message },
        });
      }
    }
    expect(await countAccounts()).toBe(before);
    // The old password still signs in: nothing was changed.
    await login(t.app, s.users.principal.email, 'principal');
  });

  it('keeps the other fields’ messages and answers in the reader’s language, the code unchanged', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup/company-admin',
      headers: { 'accept-language': 'es' },
      payload: { name: 'Rob Rules', email: 'not-an-email', password: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toEqual({
      code: 'auth/password-does-not-meet-requirements',
      message: 'La contraseña debe tener al menos 8 caracteres',
      fields: {
        email: translateTo('Enter a valid email address', 'es'),
        password: 'La contraseña debe tener al menos 8 caracteres',
      },
    });
    // A password left out is a missing field, not a broken rule.
    const missing = await post('/api/v1/auth/reset-password', { token: 'a-link-never-sent' });
    expect(errorOf(missing)).toMatchObject({ code: 'validation', fields: { password: 'Password is required' } });
  });
});

describe('a minimum raised by the install (PASSWORD_MIN_LENGTH)', () => {
  it('names the configured minimum, whichever check caught the password, in the reader’s language', async () => {
    const raised = await createTestApp({ passwordMinLength: 12 });
    try {
      const s = await createSchool(raised.app);
      const session = await login(raised.app, s.users.principal.email, 'principal');
      const plans = (await raised.app.inject({ method: 'GET', url: '/api/v1/plans' })).json();
      const change = (newPassword: string, headers: Record<string, string> = {}) =>
        as(
          raised.app,
          session,
        )({
          method: 'POST',
          url: '/api/v1/auth/change-password',
          headers,
          payload: { currentPassword: TEST_PASSWORD, newPassword },
        });
      const message = 'Password must be at least 12 characters';
      expect(PASSWORD_MESSAGES.tooShort(12)).toBe(message);
      // 7 characters fail the shared schema's floor, 10 the server's own check: both name the install's 12.
      for (const newPassword of ['a7chars', 'ten-chars!']) {
        const res = await change(newPassword);
        expect({ newPassword, status: res.statusCode, error: errorOf(res) }).toEqual({
          newPassword,
          status: 400,
          error: { code: 'auth/password-does-not-meet-requirements', message, fields: { newPassword: message } },
        });
      }
      const inOtherSetters = [
        await raised.app.inject({
          method: 'POST',
          url: '/api/v1/auth/reset-password',
          payload: { token: 'a-link-never-sent', password: 'a7chars' },
        }),
        await raised.app.inject({
          method: 'POST',
          url: '/api/v1/auth/signup/school-admin',
          payload: {
            schoolName: 'Raised School',
            name: 'Rae Raised',
            email: 'rae-raised@x.test',
            password: 'a7chars',
            planId: plans[0].id,
          },
        }),
      ];
      for (const res of inOtherSetters) {
        expect({ status: res.statusCode, error: errorOf(res) }).toEqual({
          status: 400,
          error: { code: 'auth/password-does-not-meet-requirements', message, fields: { password: message } },
        });
      }
      const spanish = await change('a7chars', { 'accept-language': 'es' });
      expect(errorOf(spanish)).toEqual({
        code: 'auth/password-does-not-meet-requirements',
        message: 'La contraseña debe tener al menos 12 caracteres',
        fields: { newPassword: 'La contraseña debe tener al menos 12 caracteres' },
      });
      const arabic = await change('a7chars', { 'accept-language': 'ar' });
      expect(errorOf(arabic).fields?.newPassword).toBe(translateTo(message, 'ar'));
      expect(errorOf(arabic).fields?.newPassword).toContain('12');
      // Twelve characters pass: the old password is replaced.
      expect((await change('twelve-chars')).statusCode).toBe(204);
    } finally {
      await raised.close();
    }
  });
});

describe('forgot and reset password', () => {
  it('sends a one-time link that sets a new password and signs the account out everywhere', async () => {
    const s = await createSchool(t.app);
    const email = s.users.teacher.email;
    const old = await login(t.app, email, 'teacher');
    const res = await post('/api/v1/auth/forgot-password', { email });
    expect(res.statusCode).toBe(202);
    const token = tokenFrom(await latestMailTo(email));

    const weak = await post('/api/v1/auth/reset-password', { token, password: '12345678' });
    expect(errorOf(weak).code).toBe('auth/password-does-not-meet-requirements');

    const reset = await post('/api/v1/auth/reset-password', { token, password: 'reset-to-this-one' });
    expect(reset.statusCode).toBe(204);
    expect((await as(t.app, old)({ method: 'GET', url: '/api/v1/auth/me' })).statusCode).toBe(401);
    await login(t.app, email, 'teacher', 'reset-to-this-one');

    const again = await post('/api/v1/auth/reset-password', { token, password: 'another-new-one' });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toEqual({ code: 'auth/invalid-action-code', message: MESSAGES.invalidActionCode });
  });

  it('answers the same for unknown addresses and sends nothing', async () => {
    const res = await post('/api/v1/auth/forgot-password', { email: 'ghost@nowhere.test' });
    expect(res.statusCode).toBe(202);
    const known = await post('/api/v1/auth/forgot-password', { email: school.users.parent.email });
    expect(known.json()).toEqual(res.json());
    const mails = await withSystem(t.app.deps.db, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.to, 'ghost@nowhere.test')),
    );
    expect(mails).toHaveLength(0);
  });

  it('answers before it looks the address up: nothing of a known account is read or written until after both replies', async () => {
    const s = await createSchool(t.app);
    const email = s.users.parent.email;
    const written = async () => {
      const [row] = await withSystem(t.app.deps.db, (tx) =>
        selectRows<{ tokens: number; mails: number }>(
          tx,
          sql`select
            (select count(*)::int from one_time_tokens tt join accounts a on a.id = tt.account_id
              where a.email = ${email}) as tokens,
            (select count(*)::int from mail_outbox where "to" = ${email}) as mails`,
        ),
      );
      return row;
    };
    // The work after the reply is held here, so what the reply waited for is exactly what ran before it.
    const held: Array<() => Promise<unknown>> = [];
    const run = vi.spyOn(t.app.deps.afterReply, 'run').mockImplementation((_what, work) => {
      held.push(work);
    });
    try {
      const ask = (address: string) =>
        t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: address } });
      const [known, unknown] = [await ask(email), await ask('nobody-at-all@nowhere.test')];
      expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
      expect(known.json()).toEqual(unknown.json());
      expect(held).toHaveLength(2);
      expect(await written()).toEqual({ tokens: 0, mails: 0 });
    } finally {
      run.mockRestore();
    }
    for (const work of held) await work();
    expect(await written()).toEqual({ tokens: 1, mails: 1 });
  });

  it('logs work after the reply that fails, and the next request is answered as usual', async () => {
    const failing = vi.spyOn(t.app.deps.log, 'error');
    try {
      t.app.deps.afterReply.run('a test', async () => {
        throw new Error('database gone');
      });
      await t.app.deps.afterReply.settled();
      expect(failing).toHaveBeenCalledWith(
        expect.objectContaining({ err: expect.any(Error) }),
        'a test failed after its reply',
      );
    } finally {
      failing.mockRestore();
    }
    expect((await post('/api/v1/auth/forgot-password', { email: 'ghost@nowhere.test' })).statusCode).toBe(202);
  });

  it('refuses expired links', async () => {
    const s = await createSchool(t.app);
    await post('/api/v1/auth/forgot-password', { email: s.users.student.email });
    const token = tokenFrom(await latestMailTo(s.users.student.email));
    await withSystem(t.app.deps.db, (tx) =>
      tx.execute(sql`update one_time_tokens set expires_at = now() - interval '1 minute'`),
    );
    const res = await post('/api/v1/auth/reset-password', { token, password: 'perfectly-fine-pass' });
    expect(errorOf(res)).toEqual({ code: 'auth/expired-action-code', message: MESSAGES.expiredActionCode });
  });

  it('sends at most a few reset mails per account per hour', async () => {
    const s = await createSchool(t.app);
    for (let i = 0; i < RESET_MAILS_PER_HOUR + 2; i++) {
      expect((await post('/api/v1/auth/forgot-password', { email: s.users.parent.email })).statusCode).toBe(202);
    }
    const mails = await withSystem(t.app.deps.db, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.to, s.users.parent.email)),
    );
    expect(mails).toHaveLength(RESET_MAILS_PER_HOUR);
  });

  it('writes the mail to DATA_DIR/mail as .eml when no SMTP server is configured', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    await post('/api/v1/auth/forgot-password', { email: school.users.teacher.email });
    await t.app.deps.mail.flush();
    const dir = `${t.config.dataDir}/mail`;
    const files = await readdir(dir);
    const contents = await Promise.all(files.map((f) => readFile(`${dir}/${f}`, 'utf8')));
    expect(
      contents.some((c) => c.includes(`To: ${school.users.teacher.email}`) && c.includes('/reset-password?token=')),
    ).toBe(true);
  });
});

describe('checking a set-password link when its page opens (docs/product.md, "Password reset")', () => {
  const check = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password/check', payload: payload as object, headers });
  /** The answer setting a password with the same link gives, for the comparison (a password the rules take). */
  const setWith = (token: string) => post('/api/v1/auth/reset-password', { token, password: 'a-fine-new-password' });
  const inviteTeacher = async (s: SchoolFixture, email: string) => {
    const admin = await login(t.app, s.users.school_admin.email, 'school_admin');
    const created = await as(
      t.app,
      admin,
    )({ method: 'POST', url: '/api/v1/teachers', payload: { name: 'Ivy Invited', email, sendInvitation: true } });
    expect(created.statusCode, created.body).toBe(201);
    return tokenFrom(await latestMailTo(email));
  };

  it('says a working invitation link works, uses nothing up, and then the same refusal setting the password gives once it is used', async () => {
    const s = await createSchool(t.app);
    const token = await inviteTeacher(s, 'ivy-check@alpha.test');
    for (let i = 0; i < 2; i++) {
      const ok = await check({ token });
      expect([ok.statusCode, ok.json()]).toEqual([200, { valid: true }]);
    }
    expect((await setWith(token)).statusCode).toBe(204);

    const used = await check({ token });
    expect(used.statusCode).toBe(400);
    expect(errorOf(used)).toEqual({ code: 'auth/invalid-action-code', message: MESSAGES.invalidActionCode });
    expect(used.json()).toEqual((await setWith(token)).json());
    // In the reader's language, as the set-password call's refusal is.
    const spanish = await check({ token }, { 'accept-language': 'es' });
    expect(errorOf(spanish).message).toBe(translateTo(MESSAGES.invalidActionCode, 'es'));
  });

  it('refuses an expired reset link, an unknown one and an address confirmation link as setting the password would', async () => {
    const s = await createSchool(t.app);
    await post('/api/v1/auth/forgot-password', { email: s.users.parent.email });
    const expired = tokenFrom(await latestMailTo(s.users.parent.email));
    await withSystem(t.app.deps.db, (tx) =>
      tx.execute(
        sql`update one_time_tokens set expires_at = now() - interval '1 minute' where token_hash = ${sha256(expired)}`,
      ),
    );
    const verification = await withSystem(t.app.deps.db, (tx) =>
      issueOneTimeToken(tx, s.users.parent.accountId, 'verify_email', 3_600_000),
    );
    const cases = [
      { token: expired, error: { code: 'auth/expired-action-code', message: MESSAGES.expiredActionCode } },
      { token: 'a-link-never-sent', error: { code: 'auth/invalid-action-code', message: MESSAGES.invalidActionCode } },
      { token: verification, error: { code: 'auth/invalid-action-code', message: MESSAGES.invalidActionCode } },
    ];
    for (const { token, error } of cases) {
      const res = await check({ token });
      expect({ token, status: res.statusCode, error: errorOf(res) }).toEqual({ token, status: 400, error });
      // No more and no less than setting the password tells.
      expect(res.json()).toEqual((await setWith(token)).json());
    }
    // Neither the checks nor the refused attempts changed the account's password.
    await login(t.app, s.users.parent.email, 'parent');
  });

  it('refuses a malformed request with 400 and a body past its bound unread (413)', async () => {
    for (const payload of [{}, { token: 'short' }, { token: 'x'.repeat(201) }, { token: 42 }]) {
      const res = await check(payload);
      expect({ payload, status: res.statusCode, code: errorOf(res).code }).toEqual({
        payload,
        status: 400,
        code: 'validation',
      });
    }
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password/check',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ token: 'a-link-never-sent', padding: 'x'.repeat(LINK_CHECK_BODY_LIMIT) }),
    });
    expect(big.statusCode).toBe(413);
    expect(errorOf(big).code).toBe('too_large');
  });

  it('is limited per address like setting the password, a working link too', async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 2 });
    try {
      const s = await createSchool(limited.app);
      await limited.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email: s.users.teacher.email },
      });
      await limited.app.deps.afterReply.settled();
      const [mail] = await withSystem(limited.app.deps.db, (tx) =>
        tx.select().from(mailOutbox).where(eq(mailOutbox.to, s.users.teacher.email)),
      );
      const token = tokenFrom(mail?.text ?? '');
      const ask = (ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/reset-password/check',
          remoteAddress: ip,
          payload: { token },
        });
      for (let n = 0; n < 2; n++) expect((await ask('198.51.100.40')).statusCode).toBe(200);
      const refused = await ask('198.51.100.40');
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused).code).toBe('auth/too-many-requests');
      expect((await ask('203.0.113.40')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('school admin signup', () => {
  it('creates a school, its admin and a 14-day trial of the chosen plan, signed in', async () => {
    const plansRes = await t.app.inject({ method: 'GET', url: '/api/v1/plans' });
    // Only trial-able plans can be chosen at sign-up; of the default plans, Basic (security-trial-mail.test.ts).
    const plan = plansRes.json().find((p: { name: string }) => p.name === 'Basic');
    const res = await post('/api/v1/auth/signup/school-admin', {
      schoolName: 'Hilltop High',
      name: 'Hana Head',
      email: 'Hana@Hilltop.test',
      password: 'hilltop-is-great',
      planId: plan.id,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({ role: 'school_admin', email: 'hana@hilltop.test', name: 'Hana Head' });
    expect(body.school).toEqual({ name: 'Hilltop High', logo: null, locale: DEFAULT_SCHOOL_LOCALE });
    const [sub] = await withSystem(t.app.deps.db, (tx) =>
      tx.select().from(schoolSubscriptions).where(eq(schoolSubscriptions.schoolId, body.user.schoolId)),
    );
    expect(sub).toMatchObject({
      status: 'active',
      // A free trial owes nothing (docs/product.md, "Billing: what is due").
      paymentStatus: 'none',
      billedMinor: 0,
      isTrial: true,
      isInitial: true,
      planId: plan.id,
    });
    const days = ((sub?.endDate.getTime() ?? 0) - (sub?.startDate.getTime() ?? 0)) / 86_400_000;
    expect(days).toBeCloseTo(14, 3);
    const [sch] = await withSystem(t.app.deps.db, (tx) =>
      tx.select().from(schools).where(eq(schools.id, body.user.schoolId)),
    );
    expect(sch?.adminIds).toEqual([body.user.id]);
    const me = await as(t.app, { cookie: sessionCookie(res), body })({ method: 'GET', url: '/api/v1/auth/me' });
    expect(me.statusCode).toBe(200);
    // Signing up signs the admin in: the Users page shows when, not "Never".
    const users = await as(t.app, { cookie: sessionCookie(res), body })({ method: 'GET', url: '/api/v1/users' });
    expect(users.statusCode, users.body).toBe(200);
    const admin = users.json().items.find((u: { id: string }) => u.id === body.user.id);
    expect(admin?.lastLoginAt).not.toBeNull();
  });

  it('refuses a taken e-mail, an unknown plan and a weak password, writing nothing', async () => {
    const before = await withSystem(t.app.deps.db, (tx) => tx.select({ n: sql<number>`count(*)::int` }).from(schools));
    const plans = (await t.app.inject({ method: 'GET', url: '/api/v1/plans' })).json();
    const base = { schoolName: 'Dup School', name: 'X', password: 'a-good-long-password', planId: plans[0].id };
    const taken = await post('/api/v1/auth/signup/school-admin', {
      ...base,
      email: school.users.teacher.email.toUpperCase(),
    });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toMatchObject({ code: 'auth/email-already-in-use', message: MESSAGES.emailInUse });
    const noPlan = await post('/api/v1/auth/signup/school-admin', {
      ...base,
      email: 'new1@x.test',
      planId: crypto.randomUUID(),
    });
    expect(noPlan.statusCode).toBe(400);
    expect(errorOf(noPlan).fields?.planId).toBeDefined();
    const weak = await post('/api/v1/auth/signup/school-admin', {
      ...base,
      email: 'new2@x.test',
      password: 'qwertyuiop',
    });
    expect(errorOf(weak).code).toBe('auth/password-does-not-meet-requirements');
    // Too long: our words, never zod's ("Too big: expected string to have <=160 characters").
    const longName = await post('/api/v1/auth/signup/school-admin', {
      ...base,
      email: 'new3@x.test',
      schoolName: 'N'.repeat(161),
    });
    expect(longName.statusCode).toBe(400);
    expect(errorOf(longName)).toEqual({
      code: 'validation',
      message: 'Invalid data: School name is too long',
      fields: { schoolName: 'School name is too long' },
    });
    const longAddress = await post('/api/v1/auth/signup/school-admin', {
      ...base,
      email: 'new4@x.test',
      address: 'A'.repeat(301),
    });
    expect(errorOf(longAddress).fields).toEqual({ address: 'Can be at most 300 characters' });
    const after = await withSystem(t.app.deps.db, (tx) => tx.select({ n: sql<number>`count(*)::int` }).from(schools));
    expect(after[0]?.n).toBe(before[0]?.n);
  });
});

describe('company admin signup', () => {
  it('the first company admin needs a setup code from the server; it makes nobody else an admin', async () => {
    const fresh = await createTestApp();
    try {
      const signUp = (payload: Record<string, string>) =>
        fresh.app.inject({
          method: 'POST',
          url: '/api/v1/auth/signup/company-admin',
          headers: { 'accept-language': 'es' },
          payload: { name: 'First Founder', email: 'founder@lyceum.test', password: 'founding-secret-1', ...payload },
        });
      const code = await issueSetupCode(fresh.app.deps.db);
      expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);

      const without = await signUp({});
      expect(without.statusCode).toBe(403);
      expect(errorOf(without)).toEqual({
        code: 'auth/operation-not-allowed',
        message: translateTo(MESSAGES.setupCodeRequired, 'es'),
        fields: { setupCode: translateTo(MESSAGES.setupCodeRequired, 'es') },
      });
      // An invitation code is no setup code.
      const wrong = await signUp({ setupCode: 'AAAA-BBBB-CCCC-DDDD', invitationCode: 'AAAA-BBBB-CCCC-DDDD' });
      expect(wrong.statusCode).toBe(403);
      expect(errorOf(wrong).fields).toEqual({ setupCode: translateTo(MESSAGES.invalidSetupCode, 'es') });
      const count = async () =>
        (await withSystem(fresh.app.deps.db, (tx) => tx.select({ n: sql<number>`count(*)::int` }).from(accounts)))[0]
          ?.n;
      expect(await count()).toBe(0);

      // Read off a console and typed by hand: case and spaces do not matter.
      const right = await signUp({ setupCode: ` ${(code as string).toLowerCase().replaceAll('-', ' ')} ` });
      expect(right.statusCode).toBe(201);
      expect(right.json().user).toMatchObject({ role: 'company_admin', email: 'founder@lyceum.test' });

      const again = await signUp({ email: 'second@x.test', setupCode: code as string });
      expect(again.statusCode).toBe(403);
      expect(errorOf(again).code).toBe('auth/operation-not-allowed');
      expect(await count()).toBe(1);
      expect(await withSystem(fresh.app.deps.db, (tx) => tx.select().from(setupCodes))).toEqual([]);
      // Nor is a new one made once a company admin exists.
      expect(await issueSetupCode(fresh.app.deps.db)).toBeNull();
    } finally {
      await fresh.close();
    }
  });

  it('is open only while no company account exists, then needs a one-time invitation code', async () => {
    const fresh = await createTestApp();
    try {
      const status = await fresh.app.inject({ method: 'GET', url: '/api/v1/auth/signup/company-admin' });
      expect(status.json()).toEqual({ open: true });
      const setupCode = (await issueSetupCode(fresh.app.deps.db)) as string;
      const first = await fresh.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup/company-admin',
        payload: { name: 'First Founder', email: 'founder@lyceum.test', password: 'founding-secret-1', setupCode },
      });
      expect(first.statusCode).toBe(201);
      expect(first.json().user).toMatchObject({ role: 'company_admin', schoolId: null });
      expect((await fresh.app.inject({ method: 'GET', url: '/api/v1/auth/signup/company-admin' })).json()).toEqual({
        open: false,
      });

      const closed = await fresh.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup/company-admin',
        payload: { name: 'Intruder', email: 'intruder@x.test', password: 'intruder-secret-1' },
      });
      expect(closed.statusCode).toBe(403);
      expect(errorOf(closed)).toEqual({ code: 'auth/operation-not-allowed', message: MESSAGES.companySignupClosed });

      const founder = { cookie: sessionCookie(first), body: first.json() };
      const invite = await as(fresh.app, founder)({ method: 'POST', url: '/api/v1/company/invitations' });
      expect(invite.statusCode).toBe(201);
      const { code } = invite.json();
      const bad = await fresh.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup/company-admin',
        payload: { name: 'Guess', email: 'guess@x.test', password: 'guessing-secret-1', invitationCode: 'wrong-code' },
      });
      expect(errorOf(bad).message).toBe(MESSAGES.invalidInvitation);
      const invited = await fresh.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup/company-admin',
        payload: { name: 'Second', email: 'second@lyceum.test', password: 'second-secret-1', invitationCode: code },
      });
      expect(invited.statusCode).toBe(201);
      const reuse = await fresh.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup/company-admin',
        payload: { name: 'Third', email: 'third@lyceum.test', password: 'third-secret-1', invitationCode: code },
      });
      expect(reuse.statusCode).toBe(403);
      const staff = await withSystem(fresh.app.deps.db, (tx) => tx.select().from(companyStaff));
      expect(staff.map((s) => s.email).sort()).toEqual(['founder@lyceum.test', 'second@lyceum.test']);
    } finally {
      await fresh.close();
    }
  });

  it('only a company_admin makes invitation codes', async () => {
    for (const role of ['admin', 'company_user'] as const) {
      const staff = await createCompanyUser(t.app, role);
      const s = await login(t.app, staff.email, role);
      expect((await as(t.app, s)({ method: 'POST', url: '/api/v1/company/invitations' })).statusCode).toBe(403);
    }
    const teacher = await login(t.app, school.users.teacher.email, 'teacher');
    expect((await as(t.app, teacher)({ method: 'POST', url: '/api/v1/company/invitations' })).statusCode).toBe(403);
  });
});
