import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema/index.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { newId } from '../src/lib/ids.ts';
import { uniqueEmail } from './factories/people.ts';
import { schoolWorld } from './fixtures/school-world.ts';
import { as, errorOf, login, type SchoolFixture, type Session, TEST_PASSWORD, type TestApp } from './helpers.ts';

/** The Users page API: every account of the school, (de)activation, invitations, password resets. */
let t: TestApp;
let a: SchoolFixture;
let b: SchoolFixture;
let admin: Session;
let principal: Session;
let adminB: Session;

beforeAll(async () => {
  const w = await schoolWorld({ a: { name: 'Users A' }, b: { name: 'Users B' } });
  ({ t, a, b } = w);
  admin = await w.a.signIn('school_admin');
  principal = await w.a.signIn('principal');
  adminB = await w.b.signIn('school_admin');
});
afterAll(() => t.close());

const mailsTo = (email: string) =>
  withSystem(t.app.deps.db, (tx) =>
    tx.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)),
  );

/** A principal or school admin created by the school admin with an invitation (no password yet); their id. */
async function invite(name: string, email: string, role: 'principal' | 'school_admin'): Promise<string> {
  const made = await as(
    t.app,
    admin,
  )({ method: 'POST', url: '/api/v1/users', payload: { name, email, role, sendInvitation: true } });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().user.id as string;
}

describe('listing', () => {
  it('lists every account with role, status and last sign-in; filters by role, status and search', async () => {
    const res = await as(t.app, admin)({ method: 'GET', url: '/api/v1/users?limit=100' });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as {
      role: string;
      email: string;
      lastLoginAt: string | null;
      isActive: boolean;
      invitationPending: boolean;
    }[];
    expect(items.map((u) => u.role).sort()).toEqual(['parent', 'principal', 'school_admin', 'student', 'teacher']);
    expect(items.find((u) => u.email === a.users.school_admin.email)?.lastLoginAt).toEqual(expect.any(String));
    expect(items.find((u) => u.email === a.users.teacher.email)).toMatchObject({
      lastLoginAt: null,
      isActive: true,
      invitationPending: false,
    });
    const teachers = await as(t.app, admin)({ method: 'GET', url: '/api/v1/users?role=teacher' });
    expect(teachers.json().items.map((u: { id: string }) => u.id)).toEqual([a.users.teacher.id]);
    expect((await as(t.app, admin)({ method: 'GET', url: '/api/v1/users?role=admin' })).statusCode).toBe(400);
    const csv = await as(t.app, admin)({ method: 'GET', url: '/api/v1/users/export' });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('users.csv');
    expect(csv.body.split('\n')[0]).toBe('\uFEFFname,email,phone,role,status,lastLoginAt,invitationPending');
  });
});

describe('creating principals and school admins', () => {
  it('a school admin creates both; a principal only principals', async () => {
    const email = uniqueEmail('vice');
    const res = await as(
      t.app,
      admin,
    )({ method: 'POST', url: '/api/v1/users', payload: { name: 'Vice Admin', email, role: 'school_admin' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      user: { role: 'school_admin', email, invitationPending: false, invited: false },
      invitationSent: false,
    });
    await login(t.app, email, 'school_admin', res.json().temporaryPassword);
    const invited = await as(
      t.app,
      principal,
    )({
      method: 'POST',
      url: '/api/v1/users',
      payload: { name: 'Deputy', email: uniqueEmail('deputy'), role: 'principal', sendInvitation: true },
    });
    expect(invited.json()).toMatchObject({
      user: { role: 'principal', invitationPending: true, invited: true },
      temporaryPassword: null,
      invitationSent: true,
    });
    const refused = await as(
      t.app,
      principal,
    )({ method: 'POST', url: '/api/v1/users', payload: { name: 'X', email: uniqueEmail(), role: 'school_admin' } });
    expect(refused.statusCode).toBe(403);
    const student = await as(
      t.app,
      admin,
    )({ method: 'POST', url: '/api/v1/users', payload: { name: 'X', email: uniqueEmail(), role: 'student' } });
    expect(student.statusCode).toBe(400);
    const missing = await as(
      t.app,
      admin,
    )({ method: 'POST', url: '/api/v1/users', payload: { name: 'X', role: 'principal' } });
    expect(errorOf(missing).message).toBe('Missing required fields: email, name, and role are required');
    const taken = await as(
      t.app,
      admin,
    )({
      method: 'POST',
      url: '/api/v1/users',
      payload: { name: 'X', email: b.users.principal.email, role: 'principal' },
    });
    expect(errorOf(taken).message).toBe('A user with this email already exists...');
    const adminIds = await t.app.deps.db.execute<{ ids: string[] }>(
      sql`select admin_ids::text[] as ids from schools where id = ${a.id}`,
    );
    expect(adminIds.rows[0]?.ids).toContain(res.json().user.id);
  });
});

describe('activation, invitations and passwords', () => {
  it('deactivating signs the user out everywhere; reactivating lets them back in; never yourself', async () => {
    const teacher = await login(t.app, a.users.teacher.email, 'teacher');
    const off = await as(t.app, admin)({ method: 'POST', url: `/api/v1/users/${a.users.teacher.id}/deactivate` });
    expect(off.json()).toMatchObject({ isActive: false });
    expect((await as(t.app, teacher)({ method: 'GET', url: '/api/v1/auth/me' })).statusCode).toBe(401);
    const sessions = await t.app.deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from sessions where profile_id = ${a.users.teacher.id}`,
    );
    expect(Number(sessions.rows[0]?.n)).toBe(0);
    expect(
      (await as(t.app, admin)({ method: 'POST', url: `/api/v1/users/${a.users.teacher.id}/reactivate` })).json()
        .isActive,
    ).toBe(true);
    await login(t.app, a.users.teacher.email, 'teacher');
    const self = await as(t.app, admin)({ method: 'POST', url: `/api/v1/users/${a.users.school_admin.id}/deactivate` });
    expect(self.statusCode).toBe(422);
    const principalOnAdmin = await as(
      t.app,
      principal,
    )({ method: 'POST', url: `/api/v1/users/${a.users.school_admin.id}/deactivate` });
    expect(principalOnAdmin.statusCode).toBe(403);
    const cross = await as(t.app, adminB)({ method: 'POST', url: `/api/v1/users/${a.users.teacher.id}/deactivate` });
    expect(cross.statusCode).toBe(404);
    expect(
      errorOf(await as(t.app, admin)({ method: 'POST', url: `/api/v1/users/${newId()}/reactivate` })).message,
    ).toBe('User not found');
  });

  it('resends an invitation only while no password is set', async () => {
    const email = uniqueEmail('pending');
    const id = await invite('Pending', email, 'principal');
    expect(await mailsTo(email)).toHaveLength(1);
    const res = await as(t.app, admin)({ method: 'POST', url: `/api/v1/users/${id}/resend-invitation` });
    expect(res.statusCode).toBe(204);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.text).toContain('/reset-password?token=');
    // Three invitations this hour (the first one with them), then refused, nothing sent.
    const third = await as(t.app, admin)({ method: 'POST', url: `/api/v1/users/${id}/resend-invitation` });
    expect(third.statusCode, third.body).toBe(204);
    const flood = await as(t.app, admin)({ method: 'POST', url: `/api/v1/users/${id}/resend-invitation` });
    expect(flood.statusCode).toBe(429);
    expect(errorOf(flood).message).toBe(PEOPLE_MESSAGES.invitationsPerHour);
    expect(await mailsTo(email)).toHaveLength(3);
    const refused = await as(
      t.app,
      admin,
    )({ method: 'POST', url: `/api/v1/users/${a.users.student.id}/resend-invitation` });
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).message).toBe('This user has already set a password. Use reset password instead.');
  });

  it('resets a password to a new temporary one (old one and sessions gone) or by e-mail', async () => {
    const parent = await login(t.app, a.users.parent.email, 'parent');
    const res = await as(
      t.app,
      principal,
    )({ method: 'POST', url: `/api/v1/users/${a.users.parent.id}/reset-password`, payload: { mode: 'temporary' } });
    expect(res.statusCode).toBe(200);
    const temp = res.json().temporaryPassword as string;
    expect(temp).toHaveLength(18);
    expect((await as(t.app, parent)({ method: 'GET', url: '/api/v1/auth/me' })).statusCode).toBe(401);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: a.users.parent.email, password: TEST_PASSWORD, role: 'parent' },
    });
    expect(old.statusCode).toBe(401);
    await login(t.app, a.users.parent.email, 'parent', temp);
    const byMail = await as(
      t.app,
      admin,
    )({ method: 'POST', url: `/api/v1/users/${a.users.student.id}/reset-password`, payload: { mode: 'email' } });
    expect(byMail.json()).toEqual({ temporaryPassword: null, invitationSent: true });
    expect((await mailsTo(a.users.student.email))[0]?.subject).toBe('Set a new Lyceum password');
    await login(t.app, a.users.student.email, 'student');
    const bad = await as(
      t.app,
      admin,
    )({ method: 'POST', url: `/api/v1/users/${a.users.student.id}/reset-password`, payload: { mode: 'sms' } });
    expect(bad.statusCode).toBe(400);
    const onAdmin = await as(
      t.app,
      principal,
    )({ method: 'POST', url: `/api/v1/users/${a.users.school_admin.id}/reset-password`, payload: {} });
    expect(onAdmin.statusCode).toBe(403);
  });

  it('an e-mailed reset counts with /forgot-password: past 3 an hour it answers 429, sends nothing, offers a temporary one', async () => {
    const teacher = a.users.teacher;
    const reset = (session: Session, id: string, mode: 'email' | 'temporary' = 'email') =>
      as(t.app, session)({ method: 'POST', url: `/api/v1/users/${id}/reset-password`, payload: { mode } });
    const forgot = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        remoteAddress: '192.0.2.161',
        payload: { email: teacher.email },
      });
      await t.app.deps.afterReply.settled();
      return res;
    };
    const before = (await mailsTo(teacher.email)).length;
    expect((await forgot()).statusCode).toBe(202);
    expect((await mailsTo(teacher.email)).length).toBe(before + 1);
    for (const session of [admin, principal]) expect((await reset(session, teacher.id)).statusCode).toBe(200);
    expect((await mailsTo(teacher.email)).length).toBe(before + 3);

    const refused = await reset(admin, teacher.id);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toEqual({ code: 'rate_limited', message: PEOPLE_MESSAGES.resetMailsPerHour });
    expect(PEOPLE_MESSAGES.resetMailsPerHour).toBe(
      'A password reset e-mail was already sent to this person 3 times this hour. Reset with a temporary password instead, or try again later.',
    );
    // The staff resets count for /forgot-password too: it answers as always and sends nothing.
    expect((await forgot()).statusCode).toBe(202);
    expect((await mailsTo(teacher.email)).length).toBe(before + 3);
    // Another school's admin still does not find the person; a temporary password still works; others are not held.
    expect((await reset(adminB, teacher.id)).statusCode).toBe(404);
    const temporary = await reset(admin, teacher.id, 'temporary');
    expect([temporary.statusCode, temporary.json().temporaryPassword]).toEqual([200, expect.any(String)]);
    expect((await reset(admin, a.users.principal.id)).statusCode).toBe(200);

    // Someone who never set a password is mailed an invitation instead: counted the same way.
    const email = uniqueEmail('flood');
    const id = await invite('Vic Tim', email, 'school_admin');
    for (let i = 0; i < 2; i++) expect((await reset(admin, id)).statusCode).toBe(200);
    const invitedTooOften = await reset(admin, id);
    expect(errorOf(invitedTooOften)).toEqual({ code: 'rate_limited', message: PEOPLE_MESSAGES.resetMailsPerHour });
    expect(await mailsTo(email)).toHaveLength(3);
  });
});
