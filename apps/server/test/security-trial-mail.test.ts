import { TRIAL_INVITATIONS_PER_DAY, VERIFICATION_MAILS_PER_DAY } from '@lyceum/shared/constants';
import { TRIAL_MAIL_MESSAGES } from '@lyceum/shared/trial-mail';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, schools } from '../src/db/schema/index.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { newId } from '../src/lib/ids.ts';
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
  type TestApp,
} from './helpers.ts';

/**
 * Public sign-up must not be a mail cannon (docs/product.md, "Trial schools and mail"): trials only on
 * trial-able plans, one verification mail at sign-up, no school mail until the admin verified, and a daily
 * cap on a trial's invitations.
 */
let t: TestApp;
let paid: SchoolFixture;
let companyAdmin: Session;
let plans: { id: string; name: string; trialAllowed: boolean }[];

beforeAll(async () => {
  t = await createTestApp();
  paid = await createSchool(t.app);
  companyAdmin = await login(t.app, (await createCompanyUser(t.app, 'company_admin')).email, 'company_admin');
  plans = (await t.app.inject({ method: 'GET', url: '/api/v1/plans' })).json();
});
afterAll(() => t.close());

const count = async (query: ReturnType<typeof sql>) =>
  (await withSystem(t.app.deps.db, (tx) => tx.execute<{ n: number }>(query))).rows[0]?.n ?? 0;
const mailsTo = (email: string) =>
  count(sql`select count(*)::int as n from mail_outbox where lower("to") = ${email.toLowerCase()}`);
const allMail = () => count(sql`select count(*)::int as n from mail_outbox`);
const allAccounts = () => count(sql`select count(*)::int as n from accounts`);
const tokenIn = async (email: string) => {
  const rows = await withSystem(t.app.deps.db, (tx) =>
    tx.execute<{ text: string }>(
      sql`select text from mail_outbox where lower("to") = ${email.toLowerCase()} order by created_at desc limit 1`,
    ),
  );
  return new URL(/https?:\/\/\S+/.exec(rows.rows[0]?.text ?? '')?.[0] ?? 'http://x/').searchParams.get('token') ?? '';
};

let n = 0;
async function signUp(planName = 'Basic') {
  n += 1;
  const email = `head${n}@trial${n}.test`;
  const plan = plans.find((p) => p.name === planName);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup/school-admin',
    remoteAddress: `203.0.113.${n}`,
    payload: {
      schoolName: `Trial School ${n}`,
      name: 'Head Teacher',
      email,
      password: 'a-good-long-password',
      planId: plan?.id,
    },
  });
  return { res, email, session: res.statusCode === 201 ? { cookie: sessionCookie(res), body: res.json() } : null };
}

const teacher = (i: number, sendInvitation = true) => ({
  name: `Invited Teacher ${i}`,
  email: `invited${i}@elsewhere.test`,
  sendInvitation,
});

describe('trial-able plans', () => {
  it('by default only the cheapest seeded plan can be tried, and the public list says which', () => {
    expect(plans.filter((p) => p.trialAllowed).map((p) => p.name)).toEqual(['Basic']);
    expect(plans.length).toBeGreaterThan(1);
  });

  it('sign-up on a plan that is not trial-able answers 422 and writes nothing, not even mail', async () => {
    const [accounts, mail] = [await allAccounts(), await allMail()];
    const { res } = await signUp('Enterprise');
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({ code: 'rule', message: TRIAL_MAIL_MESSAGES.planNotTrialable });
    expect(errorOf(res).fields?.planId).toBe(TRIAL_MAIL_MESSAGES.planNotTrialable);
    expect([await allAccounts(), await allMail()]).toEqual([accounts, mail]);
  });

  it('the company marks a plan trial-able in the plan form, and sign-up then accepts it', async () => {
    const enterprise = plans.find((p) => p.name === 'Enterprise');
    const patch = await as(
      t.app,
      companyAdmin,
    )({
      method: 'PATCH',
      url: `/api/v1/company/plans/${enterprise?.id}`,
      payload: { trialAllowed: true },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().trialAllowed).toBe(true);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/v1/plans' })).json();
    expect(listed.find((p: { name: string }) => p.name === 'Enterprise').trialAllowed).toBe(true);
    expect((await signUp('Enterprise')).res.statusCode).toBe(201);
    await as(
      t.app,
      companyAdmin,
    )({
      method: 'PATCH',
      url: `/api/v1/company/plans/${enterprise?.id}`,
      payload: { trialAllowed: false },
    });
    const { limits } = (await as(t.app, companyAdmin)({ method: 'GET', url: '/api/v1/company/plans' })).json().items[0];
    const created = await as(
      t.app,
      companyAdmin,
    )({
      method: 'POST',
      url: '/api/v1/company/plans',
      payload: { name: 'Taster', priceMinor: 100, limits },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().trialAllowed).toBe(false);
  });
});

describe('a self-signed-up school sends no mail until its admin verified the address', () => {
  it('sign-up queues exactly one mail, the verification link, to the address signed up with', async () => {
    const mail = await allMail();
    const { res, email } = await signUp();
    expect(res.statusCode).toBe(201);
    expect(await allMail()).toBe(mail + 1);
    expect(await mailsTo(email)).toBe(1);
    expect(await tokenIn(email)).not.toBe('');
  });

  it('every mail-sending action answers 403 with the message, and writes nothing', async () => {
    const { session } = await signUp();
    const call = as(t.app, session);
    const [accounts, mail] = [await allAccounts(), await allMail()];
    const attempts = [
      await call({ method: 'POST', url: '/api/v1/teachers', payload: teacher(1) }),
      await call({
        method: 'POST',
        url: '/api/v1/users',
        payload: { name: 'A Principal', email: 'principal@elsewhere.test', role: 'principal', sendInvitation: true },
      }),
      await call({
        method: 'POST',
        url: '/api/v1/teachers/import',
        payload: { csv: 'name,email\nImported One,imported1@elsewhere.test\n', sendInvitation: true },
      }),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(403);
      expect(errorOf(res)).toMatchObject({ code: 'forbidden', message: TRIAL_MAIL_MESSAGES.verifyFirst });
    }
    expect([await allAccounts(), await allMail()]).toEqual([accounts, mail]);
    // Without mail the same school may still work: a temporary password instead of an invitation.
    const quiet = await call({ method: 'POST', url: '/api/v1/teachers', payload: teacher(2, false) });
    expect(quiet.statusCode).toBe(201);
    const someone = quiet.json().teacher.id as string;
    // (A resend of an invitation goes through the same queueInvitations; this school has no one invited to resend to.)
    for (const url of [`/api/v1/users/${someone}/reset-password`]) {
      const res = await call({ method: 'POST', url, payload: url.endsWith('reset-password') ? { mode: 'email' } : {} });
      expect(res.statusCode, url).toBe(403);
      expect(errorOf(res).message).toBe(TRIAL_MAIL_MESSAGES.verifyFirst);
    }
    expect(await allMail()).toBe(mail);
  });

  it('an import preview with invitations says up front that the school cannot send them; without, it is ready', async () => {
    const { session } = await signUp();
    const call = as(t.app, session);
    const csv = 'name,email\nPreviewed One,previewed1@elsewhere.test\n';
    const [accounts, mail] = [await allAccounts(), await allMail()];
    const invited = await call({ method: 'POST', url: '/api/v1/teachers/import/preview', payload: { csv } });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json().errors).toEqual([{ line: null, column: null, message: TRIAL_MAIL_MESSAGES.verifyFirst }]);
    const quiet = await call({
      method: 'POST',
      url: '/api/v1/teachers/import/preview',
      payload: { csv, sendInvitation: false },
    });
    expect(quiet.json()).toMatchObject({ errors: [], validCount: 1 });
    expect([await allAccounts(), await allMail()]).toEqual([accounts, mail]);
    const imported = await call({
      method: 'POST',
      url: '/api/v1/teachers/import',
      payload: { csv, sendInvitation: false },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ created: 1, invitationsSent: 0 });
  });

  it('the banner status, a resend (limited per day), and the link that verifies', async () => {
    const { session, email } = await signUp();
    const call = as(t.app, session);
    const status = await call({ method: 'GET', url: '/api/v1/auth/email-verification' });
    expect(status.json()).toEqual({ required: true, email, signedUp: true, schoolConfirmed: false });
    // The session read says so too: the banner needs no request of its own on every page.
    expect((await call({ method: 'GET', url: '/api/v1/auth/me' })).json()).toMatchObject({
      mailVerificationRequired: true,
    });
    for (let i = 1; i < VERIFICATION_MAILS_PER_DAY; i++) {
      expect((await call({ method: 'POST', url: '/api/v1/auth/email-verification/resend' })).statusCode).toBe(204);
    }
    expect(await mailsTo(email)).toBe(VERIFICATION_MAILS_PER_DAY);
    const refused = await call({ method: 'POST', url: '/api/v1/auth/email-verification/resend' });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).message).toBe(TRIAL_MAIL_MESSAGES.verificationMailsPerDay);
    expect(await mailsTo(email)).toBe(VERIFICATION_MAILS_PER_DAY);

    const token = await tokenIn(email);
    // The link proves an address; it cannot set a password.
    const asReset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token, password: 'another-long-password' },
    });
    expect(asReset.statusCode).toBe(400);
    const verified = await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } });
    expect(verified.statusCode).toBe(204);
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } });
    expect(again.statusCode).toBe(400);
    expect((await call({ method: 'GET', url: '/api/v1/auth/email-verification' })).json()).toEqual({
      required: false,
      email,
      signedUp: true,
      schoolConfirmed: true,
    });
    expect((await call({ method: 'GET', url: '/api/v1/auth/me' })).json()).toMatchObject({
      mailVerificationRequired: false,
    });
    const resend = await call({ method: 'POST', url: '/api/v1/auth/email-verification/resend' });
    expect(resend.statusCode).toBe(422);
    expect(errorOf(resend).message).toBe(TRIAL_MAIL_MESSAGES.alreadyVerified);

    const invited = await call({ method: 'POST', url: '/api/v1/teachers', payload: teacher(3) });
    expect(invited.statusCode).toBe(201);
    expect(await mailsTo(teacher(3).email)).toBe(1);
  });

  it('another admin, made with any address and a temporary password, cannot have the link mailed there', async () => {
    const { session, email } = await signUp();
    const call = as(t.app, session);
    const chosen = 'someone-else@victim.test';
    const made = await call({
      method: 'POST',
      url: '/api/v1/users',
      payload: { name: 'Second Admin', email: chosen, role: 'school_admin', sendInvitation: false },
    });
    expect(made.statusCode, made.body).toBe(201);
    const second = await login(t.app, chosen, 'school_admin', made.json().temporaryPassword);
    const asSecond = as(t.app, second);
    const mail = await allMail();
    const refused = await asSecond({ method: 'POST', url: '/api/v1/auth/email-verification/resend' });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'forbidden', message: TRIAL_MAIL_MESSAGES.onlySignUpAdmin });
    expect(await mailsTo(chosen)).toBe(0);
    expect(await allMail()).toBe(mail);
    // Nor does the banner, with its button, show for them: the link is not theirs to ask for. The session still
    // says that their school cannot send mail, as it does for the admin who signed up.
    expect((await asSecond({ method: 'GET', url: '/api/v1/auth/me' })).json()).toMatchObject({
      mailVerificationRequired: false,
      school: { mailAllowed: false },
    });
    expect((await call({ method: 'GET', url: '/api/v1/auth/me' })).json()).toMatchObject({
      mailVerificationRequired: true,
      school: { mailAllowed: false },
    });
    // Their mail is refused like the signing-up admin's, with what they can do instead of a link they never got,
    // up front in an import preview too.
    const csv = 'name,email\nSecond Import,second-import@elsewhere.test\n';
    for (const res of [
      await asSecond({ method: 'POST', url: '/api/v1/teachers', payload: teacher(20) }),
      await asSecond({ method: 'POST', url: '/api/v1/teachers/import', payload: { csv, sendInvitation: true } }),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(errorOf(res)).toMatchObject({ code: 'forbidden', message: TRIAL_MAIL_MESSAGES.verifyFirstOther });
    }
    const preview = await asSecond({ method: 'POST', url: '/api/v1/teachers/import/preview', payload: { csv } });
    expect(preview.json().errors).toEqual([
      { line: null, column: null, message: TRIAL_MAIL_MESSAGES.verifyFirstOther },
    ]);
    const spanish = await asSecond({
      method: 'POST',
      url: '/api/v1/teachers',
      payload: teacher(21),
      headers: { 'accept-language': 'es' },
    });
    expect(errorOf(spanish).message).toMatch(/^Su escuela aún no puede enviar correos/);
    // Their status says the link is not theirs and the school is not confirmed yet, so a used link opened by them
    // does not tell them their address is confirmed (docs/product.md, "Trial schools and mail").
    expect((await asSecond({ method: 'GET', url: '/api/v1/auth/email-verification' })).json()).toEqual({
      required: false,
      email: chosen,
      signedUp: false,
      schoolConfirmed: false,
    });
    // The admin who signed up still asks for theirs, to the address signed up with, within its daily limit.
    expect((await call({ method: 'POST', url: '/api/v1/auth/email-verification/resend' })).statusCode).toBe(204);
    expect(await mailsTo(email)).toBe(2);
    expect(await allMail()).toBe(mail + 1);
    // And only their link confirms the school.
    const token = await tokenIn(email);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } })).statusCode,
    ).toBe(204);
    expect((await call({ method: 'GET', url: '/api/v1/auth/me' })).json().mailVerificationRequired).toBe(false);
    expect((await asSecond({ method: 'GET', url: '/api/v1/auth/email-verification' })).json()).toMatchObject({
      signedUp: false,
      schoolConfirmed: true,
    });
    expect((await asSecond({ method: 'GET', url: '/api/v1/auth/me' })).json().school.mailAllowed).toBe(true);
    expect((await asSecond({ method: 'POST', url: '/api/v1/teachers', payload: teacher(22) })).statusCode).toBe(201);
    // A school the company made never waits: its people's sessions say it may send mail.
    const paidPrincipal = await login(t.app, paid.users.principal.email, 'principal');
    expect((await as(t.app, paidPrincipal)({ method: 'GET', url: '/api/v1/auth/me' })).json().school.mailAllowed).toBe(
      true,
    );
  });
});

let forgotFrom = 0;
/** The public /forgot-password, from an address of its own each time (the route allows 20 a minute per address). */
async function forgot(email: string) {
  forgotFrom += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/forgot-password',
    remoteAddress: `198.51.100.${forgotFrom}`,
    payload: { email },
  });
  expect(res.statusCode).toBe(202);
  await t.app.deps.afterReply.settled();
  return res;
}

describe('a reset asked for at /forgot-password is the school’s mail', () => {
  it('an unconfirmed school’s people get no reset link, whatever address it gave them; once confirmed they do', async () => {
    const { session, email } = await signUp();
    const call = as(t.app, session);
    const made = await call({ method: 'POST', url: '/api/v1/teachers', payload: teacher(30, false) });
    expect(made.statusCode).toBe(201);
    const victim = teacher(30).email;
    const answer = (await forgot(victim)).json();
    // The same answer as for an address with no account: nobody learns what happened.
    expect((await forgot('nobody-here@elsewhere.test')).json()).toEqual(answer);
    expect(await mailsTo(victim)).toBe(0);
    // Nor the admin, whose address has had only its confirmation link.
    await forgot(email);
    expect(await mailsTo(email)).toBe(1);

    const token = await tokenIn(email);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } })).statusCode,
    ).toBe(204);
    await forgot(victim);
    expect(await mailsTo(victim)).toBe(1);
    const schoolId = session?.body.user.schoolId as string;
    expect(
      await count(
        sql`select count(*)::int as n from mail_outbox where lower("to") = ${victim} and school_id = ${schoolId}`,
      ),
    ).toBe(1);
  });
});

describe('a trial school sends at most TRIAL_INVITATIONS_PER_DAY invitations a day', () => {
  async function verifiedTrial() {
    const { session, email } = await signUp();
    const token = await tokenIn(email);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } });
    return session;
  }
  const sentBefore = (schoolId: string, howMany: number, hoursAgo = 1) =>
    withSystem(t.app.deps.db, (tx) =>
      tx.insert(mailOutbox).values(
        Array.from({ length: howMany }, (_, i) => ({
          id: newId(),
          schoolId,
          to: `earlier${i}@elsewhere.test`,
          subject: 'earlier',
          text: 'earlier',
          status: 'sent' as const,
          createdAt: new Date(Date.now() - hoursAgo * 3_600_000),
        })),
      ),
    );

  it('the invitation past the cap answers 422 naming the limit and writes nothing; a day later it is allowed', async () => {
    const session = await verifiedTrial();
    const schoolId = session?.body.user.schoolId as string;
    await sentBefore(schoolId, TRIAL_INVITATIONS_PER_DAY - 1);
    const call = as(t.app, session);
    expect((await call({ method: 'POST', url: '/api/v1/teachers', payload: teacher(10) })).statusCode).toBe(201);
    const [accounts, mail] = [await allAccounts(), await allMail()];
    const over = await call({ method: 'POST', url: '/api/v1/teachers', payload: teacher(11) });
    expect(over.statusCode).toBe(422);
    expect(errorOf(over)).toMatchObject({
      code: 'rule',
      message: TRIAL_MAIL_MESSAGES.invitationsPerDay(TRIAL_INVITATIONS_PER_DAY + 1),
    });
    expect(errorOf(over).message).toContain(String(TRIAL_INVITATIONS_PER_DAY));
    const csv = `name,email\n${[12, 13].map((i) => `Imported ${i},imported${i}@elsewhere.test`).join('\n')}\n`;
    const imported = await call({
      method: 'POST',
      url: '/api/v1/teachers/import',
      payload: { csv, sendInvitation: true },
    });
    expect(imported.statusCode).toBe(422);
    expect([await allAccounts(), await allMail()]).toEqual([accounts, mail]);
    // The day's count rolls: mail older than 24 hours no longer counts.
    await withSystem(t.app.deps.db, (tx) =>
      tx.execute(sql`update mail_outbox set created_at = now() - interval '25 hours' where school_id = ${schoolId}`),
    );
    expect((await call({ method: 'POST', url: '/api/v1/teachers', payload: teacher(14) })).statusCode).toBe(201);
  });

  it('resets asked for at /forgot-password count against the cap, and past it send nothing', async () => {
    const session = await verifiedTrial();
    const schoolId = session?.body.user.schoolId as string;
    const call = as(t.app, session);
    expect((await call({ method: 'POST', url: '/api/v1/teachers', payload: teacher(40, false) })).statusCode).toBe(201);
    const person = teacher(40).email;
    await sentBefore(schoolId, TRIAL_INVITATIONS_PER_DAY - 1);
    await forgot(person);
    expect(await mailsTo(person)).toBe(1);
    // That reset was the 50th: the next invitation is past the cap, and so is the next reset.
    const over = await call({ method: 'POST', url: '/api/v1/teachers', payload: teacher(41) });
    expect(over.statusCode).toBe(422);
    expect(errorOf(over).message).toBe(TRIAL_MAIL_MESSAGES.invitationsPerDay(TRIAL_INVITATIONS_PER_DAY + 1));
    await forgot(person);
    expect(await mailsTo(person)).toBe(1);
  });

  it('a school on a paid subscription, or made by the company, has no daily cap and needs no verification', async () => {
    const [row] = await withSystem(t.app.deps.db, (tx) =>
      tx.select({ awaiting: schools.awaitingMailVerification }).from(schools).where(eq(schools.id, paid.id)),
    );
    expect(row?.awaiting).toBe(false);
    await sentBefore(paid.id, TRIAL_INVITATIONS_PER_DAY + 5);
    const admin = await login(t.app, paid.users.school_admin.email, 'school_admin');
    const res = await as(t.app, admin)({ method: 'POST', url: '/api/v1/teachers', payload: teacher(20) });
    expect(res.statusCode).toBe(201);
    await forgot(paid.users.teacher.email);
    expect(await mailsTo(paid.users.teacher.email)).toBe(1);
  });
});
