import os from 'node:os';
import { MESSAGES } from '@lyceum/shared/errors';
import { desc, eq, sql } from 'drizzle-orm';
import { mailOutbox } from '../src/db/schema/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../src/db/tenancy.ts';
import {
  FREE_FAILURES_PER_ACCOUNT,
  FREE_FAILURES_PER_ADDRESS,
  FREE_FAILURES_PER_PAIR,
} from '../src/modules/auth/sign-in-throttle.ts';
import { hashSlots } from '../src/modules/auth/passwords.ts';
import { createSchool, createTestApp, errorOf, sessionCookie, TEST_PASSWORD, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
/** A fresh client address per test, so tests do not share counts. */
const freshIp = () => `198.18.${Math.floor(++n / 250)}.${(n % 250) + 1}`;

const signIn = (email: string, password: string, ip: string, role = 'teacher') =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: ip, payload: { email, password, role } });

const answer = async (email: string, password: string, ip: string) => {
  const res = await signIn(email, password, ip);
  return { status: res.statusCode, body: res.json() };
};

/** Moves every recorded failure back in time, as if the clock had run on. */
const wait = (ms: number) =>
  withSystem(t.app.deps.db, (tx) =>
    tx.execute(sql`update sign_in_attempts set last_failure_at = last_failure_at - ${`${ms} milliseconds`}::interval
      where last_failure_at is not null`),
  );

async function teacherEmail(): Promise<string> {
  return (await createSchool(t.app)).users.teacher.email;
}

describe('sign-in answers the same for known and unknown e-mails', () => {
  it('gives the same statuses and bodies, wrong password after wrong password, until both are held', async () => {
    const known = await teacherEmail();
    const unknown = `nobody.${Date.now()}@school.test`;
    const ipKnown = freshIp();
    const ipUnknown = freshIp();
    const knownAnswers = [];
    const unknownAnswers = [];
    for (let i = 0; i < FREE_FAILURES_PER_PAIR + 2; i++) {
      knownAnswers.push(await answer(known, 'wrong-password-1', ipKnown));
      unknownAnswers.push(await answer(unknown, 'wrong-password-1', ipUnknown));
    }
    expect(unknownAnswers).toEqual(knownAnswers);
    expect(knownAnswers.map((a) => a.status)).toEqual([...Array(FREE_FAILURES_PER_PAIR).fill(401), 429, 429]);
    expect(knownAnswers.at(-1)?.body).toEqual({
      error: { code: 'auth/too-many-requests', message: MESSAGES.tooManyRequests },
    });
  });

  it('spends a password hash on an unknown e-mail, so it costs as much as a wrong password', async () => {
    // Counted, not timed: a clock (wall or CPU) on a shared machine also measures the neighbours.
    const { users } = await createSchool(t.app);
    const hashesFor = async (email: string, password: string, role = 'teacher') => {
      const before = hashSlots.started;
      const res = await signIn(email, password, freshIp(), role);
      expect(res.statusCode).toBe(401);
      return hashSlots.started - before;
    };
    await hashesFor(`ghost.first.${Date.now()}@school.test`, 'wrong-password-2'); // makes the dummy hash, once
    const wrongPassword = await hashesFor(users.teacher.email, 'wrong-password-2');
    const unknownEmail = await hashesFor(`ghost.${Date.now()}@school.test`, 'wrong-password-2');
    // An invited account that never set a password costs no less.
    await withSystem(t.app.deps.db, (tx) =>
      tx.execute(sql`update accounts set password_hash = null where id = ${users.student.accountId}`),
    );
    const noPassword = await hashesFor(users.student.email, 'wrong-password-2', 'student');
    expect(wrongPassword).toBe(1);
    expect(unknownEmail).toBe(wrongPassword);
    expect(noPassword).toBe(wrongPassword);
  });
});

describe('sign-in throttling slows an attacker without locking the owner out', () => {
  it("holds the attacker's address, even with the right password, while the owner signs in from elsewhere", async () => {
    const email = await teacherEmail();
    const attacker = freshIp();
    for (let i = 0; i < FREE_FAILURES_PER_PAIR; i++) {
      expect((await signIn(email, 'wrong-password-3', attacker)).statusCode).toBe(401);
    }
    expect((await signIn(email, TEST_PASSWORD, attacker)).statusCode).toBe(429);
    const owner = await signIn(email, TEST_PASSWORD, freshIp());
    expect(owner.statusCode).toBe(200);
    expect(sessionCookie(owner)).toMatch(/^lyceum_session=/);
  });

  it('holds an address for growing delays: one minute, then two, then four', async () => {
    const email = await teacherEmail();
    const ip = freshIp();
    for (let i = 0; i < FREE_FAILURES_PER_PAIR; i++) await signIn(email, 'wrong-password-4', ip);
    expect((await signIn(email, 'wrong-password-4', ip)).statusCode).toBe(429);
    await wait(61_000);
    expect((await signIn(email, 'wrong-password-4', ip)).statusCode).toBe(401);
    expect((await signIn(email, 'wrong-password-4', ip)).statusCode).toBe(429);
    await wait(61_000);
    expect((await signIn(email, TEST_PASSWORD, ip)).statusCode).toBe(429);
    await wait(60_000);
    expect((await signIn(email, 'wrong-password-4', ip)).statusCode).toBe(401);
    await wait(3 * 60_000 + 1_000);
    expect((await signIn(email, 'wrong-password-4', ip)).statusCode).toBe(429);
    await wait(60_000);
    // The right password, once the hold is over, signs in and clears the address's count.
    expect((await signIn(email, TEST_PASSWORD, ip)).statusCode).toBe(200);
    expect((await signIn(email, 'wrong-password-4', ip)).statusCode).toBe(401);
  });

  it('counts parallel guesses before checking them, so a burst gets no more than the free attempts', async () => {
    const email = await teacherEmail();
    const ip = freshIp();
    const burst = await Promise.all(
      Array.from({ length: FREE_FAILURES_PER_PAIR + 5 }, () => signIn(email, 'wrong-password-5', ip)),
    );
    const statuses = burst.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(FREE_FAILURES_PER_PAIR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it("past the account's budget across addresses, holds unrecognised addresses but not the owner's usual one", async () => {
    const email = await teacherEmail();
    const usual = freshIp();
    expect((await signIn(email, TEST_PASSWORD, usual)).statusCode).toBe(200);
    // A botnet: one wrong password from each of many addresses.
    for (let i = 0; i < FREE_FAILURES_PER_ACCOUNT; i++) {
      expect((await signIn(email, 'wrong-password-6', freshIp())).statusCode).toBe(401);
    }
    const fresh = await signIn(email, TEST_PASSWORD, freshIp());
    expect(fresh.statusCode).toBe(429);
    expect(errorOf(fresh)).toEqual({ code: 'auth/too-many-requests', message: MESSAGES.tooManyRequests });
    expect((await signIn(email, TEST_PASSWORD, usual)).statusCode).toBe(200);
    // The hold grows and then ends: the owner on a new device is let in once it is over.
    await wait(61_000);
    expect((await signIn(email, TEST_PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('treats an unknown e-mail the same way once its budget across addresses is spent', async () => {
    const unknown = `botnet.${Date.now()}@school.test`;
    for (let i = 0; i < FREE_FAILURES_PER_ACCOUNT; i++) {
      expect((await signIn(unknown, 'wrong-password-7', freshIp())).statusCode).toBe(401);
    }
    expect((await signIn(unknown, 'wrong-password-7', freshIp())).statusCode).toBe(429);
  });

  it("past an address's budget across e-mails (spraying), holds new e-mails there but not those that signed in from it", async () => {
    const regular = await teacherEmail();
    const newcomer = await teacherEmail();
    const ip = freshIp();
    expect((await signIn(regular, TEST_PASSWORD, ip)).statusCode).toBe(200);
    // A spray of wrong passwords for many e-mails from one address (written directly: a hundred hashes is slow).
    await withSystem(t.app.deps.db, (tx) =>
      tx.execute(sql`
        insert into sign_in_attempts (email_key, ip, failures, last_failure_at)
        select 'spray' || g || '@school.test', ${ip}, 1, now()
        from generate_series(1, ${FREE_FAILURES_PER_ADDRESS}) g`),
    );
    expect((await signIn(newcomer, TEST_PASSWORD, ip)).statusCode).toBe(429);
    expect((await signIn(`spray-more.${Date.now()}@school.test`, 'x-wrong-password', ip)).statusCode).toBe(429);
    expect((await signIn(regular, TEST_PASSWORD, ip)).statusCode).toBe(200);
    expect((await signIn(newcomer, TEST_PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('forgets failures a day after the last one, on every key', async () => {
    const email = await teacherEmail();
    const usual = freshIp();
    expect((await signIn(email, TEST_PASSWORD, usual)).statusCode).toBe(200);
    for (let i = 0; i < FREE_FAILURES_PER_PAIR; i++) await signIn(email, 'wrong-password-11', usual);
    for (let i = 0; i < FREE_FAILURES_PER_ACCOUNT; i++) await signIn(email, 'wrong-password-11', freshIp());
    expect((await signIn(email, TEST_PASSWORD, usual)).statusCode).toBe(429);
    expect((await signIn(email, TEST_PASSWORD, freshIp())).statusCode).toBe(429);
    await wait(24 * 3_600_000 + 1_000);
    expect((await signIn(email, TEST_PASSWORD, freshIp())).statusCode).toBe(200);
    expect((await signIn(email, TEST_PASSWORD, usual)).statusCode).toBe(200);
  });

  it('lets the owner clear holds by resetting the password through the e-mailed link', async () => {
    const school = await createSchool(t.app);
    const email = school.users.parent.email;
    const ip = freshIp();
    for (let i = 0; i < FREE_FAILURES_PER_PAIR; i++) await signIn(email, 'wrong-password-8', ip, 'parent');
    expect((await signIn(email, TEST_PASSWORD, ip, 'parent')).statusCode).toBe(429);
    const forgot = await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email } });
    expect(forgot.statusCode).toBe(202);
    await t.app.deps.afterReply.settled();
    const [mail] = await withSystem(t.app.deps.db, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)).limit(1),
    );
    const token = decodeURIComponent(/token=([A-Za-z0-9_\-%]+)/.exec(mail?.text ?? '')?.[1] ?? '');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token, password: 'a-brand-new-passphrase' },
    });
    expect(reset.statusCode).toBe(204);
    expect((await signIn(email, 'a-brand-new-passphrase', ip, 'parent')).statusCode).toBe(200);
  });
});

describe('every other password check shares the same counts', () => {
  it("the plan-expiry screen's contact-sales check is held once sign-in is, and counts its own failures", async () => {
    const email = await teacherEmail();
    const ip = freshIp();
    const lapsed = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/sales-leads/lapsed',
        remoteAddress: ip,
        payload: { email, password, message: 'Please renew us.' },
      });
    for (let i = 0; i < FREE_FAILURES_PER_PAIR - 1; i++)
      expect((await lapsed('wrong-password-9')).statusCode).toBe(401);
    expect((await signIn(email, 'wrong-password-9', ip)).statusCode).toBe(401);
    const held = await lapsed(TEST_PASSWORD);
    expect(held.statusCode).toBe(429);
    expect(errorOf(held).code).toBe('auth/too-many-requests');
  });
});

describe('change-password has the same limits and failure counting as sign-in', () => {
  it('counts wrong current passwords with sign-in failures and holds the address, not the owner elsewhere', async () => {
    const email = await teacherEmail();
    const ip = freshIp();
    const session = sessionCookie(await signIn(email, TEST_PASSWORD, freshIp()));
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/change-password',
        remoteAddress: ip,
        headers: { cookie: session },
        payload: { currentPassword, newPassword: 'another-long-passphrase' },
      });
    for (let i = 0; i < FREE_FAILURES_PER_PAIR; i++) {
      const res = await change('wrong-password-10');
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('auth/wrong-password');
    }
    const held = await change(TEST_PASSWORD);
    expect(held.statusCode).toBe(429);
    expect(errorOf(held)).toEqual({ code: 'auth/too-many-requests', message: MESSAGES.tooManyRequests });
    expect((await signIn(email, TEST_PASSWORD, ip)).statusCode).toBe(429);
    expect((await signIn(email, TEST_PASSWORD, freshIp())).statusCode).toBe(200);
  });
});

describe('every route that checks a password is limited per address', () => {
  it('answers 429 past AUTH_RATE_LIMIT_PER_MINUTE from one address: sign-in, change-password, lapsed contact-sales', async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 2 });
    try {
      const school = await createSchool(limited.app);
      const login = await limited.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: '192.0.2.200',
        payload: { email: school.users.teacher.email, password: TEST_PASSWORD, role: 'teacher' },
      });
      const cookie = sessionCookie(login);
      const routes = [
        { url: '/api/v1/auth/login', payload: { email: 'x@x.test', password: 'wrong-password', role: 'teacher' } },
        { url: '/api/v1/auth/change-password', payload: { currentPassword: 'wrong-password', newPassword: 'x' } },
        { url: '/api/v1/sales-leads/lapsed', payload: { email: 'x@x.test', password: 'wrong-password', message: 'x' } },
      ];
      for (const [i, { url, payload }] of routes.entries()) {
        const attempt = (ip: string) =>
          limited.app.inject({ method: 'POST', url, remoteAddress: ip, headers: { cookie }, payload });
        const ip = `192.0.2.${i + 1}`;
        for (let k = 0; k < 2; k++) expect((await attempt(ip)).statusCode, url).not.toBe(429);
        const refused = await attempt(ip);
        expect(refused.statusCode, url).toBe(429);
        expect(errorOf(refused).code, url).toBe('auth/too-many-requests');
        expect((await attempt(`192.0.2.${i + 101}`)).statusCode, url).not.toBe(429);
      }
    } finally {
      await limited.close();
    }
  }, 120_000);
});

describe('password hashing is bounded in memory', () => {
  it('a burst of sign-ins runs at most one hash per core at once, and every one still answers right', async () => {
    const email = await teacherEmail();
    let most = 0;
    let watching = true;
    const watch = (async () => {
      while (watching) {
        most = Math.max(most, hashSlots.busy);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    // Right and wrong passwords, known and unknown e-mails, each from its own address (no throttle involved).
    const attempts = Array.from({ length: 12 }, (_, i) =>
      answer(
        i % 3 === 2 ? `nobody-${i}@example.test` : email,
        i % 3 === 0 ? TEST_PASSWORD : 'wrong-password',
        freshIp(),
      ),
    );
    const answers = await Promise.all(attempts);
    watching = false;
    await watch;
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? 200 : 401)));
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(hashSlots.size);
    expect(hashSlots.size).toBe(os.availableParallelism());
    expect(hashSlots.busy).toBe(0);
  });
});
