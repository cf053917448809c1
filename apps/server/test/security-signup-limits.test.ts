import { MESSAGES } from '@lyceum/shared/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { DailyLimit } from '../src/lib/daily-limit.ts';
import { hashSlots } from '../src/modules/auth/passwords.ts';
import { createTestApp, errorOf, type TestApp } from './helpers.ts';

/**
 * One client address signs up at most SIGNUP_DAILY_LIMIT_PER_ADDRESS schools a day (docs/product.md, "Rate limits
 * and lock-out"; docs/security.md, "Public entry points"): each sign-up is a school, a mail to the address typed
 * and files the platform pays for, and the per-minute limit alone let one address make 28 800 a day.
 */
const LIMIT = loadConfig({ NODE_ENV: 'test' }).signupDailyLimitPerAddress;
// 21:00 UTC: three hours before the day turns.
let now = Date.UTC(2026, 2, 10, 21, 0, 0);
let t: TestApp;
let basicPlanId: string;

beforeAll(async () => {
  t = await createTestApp({ signupDailyLimitPerAddress: LIMIT }, { clock: () => new Date(now) });
  const plans: { id: string; name: string }[] = (await t.app.inject({ method: 'GET', url: '/api/v1/plans' })).json();
  basicPlanId = plans.find((p) => p.name === 'Basic')?.id ?? '';
});
afterAll(() => t.close());

let n = 0;
function signUp(address: string, change: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  n += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup/school-admin',
    remoteAddress: address,
    headers,
    payload: {
      schoolName: `Daily School ${n}`,
      name: 'Head Teacher',
      email: `head${n}@daily${n}.test`,
      password: 'a-good-long-password',
      planId: basicPlanId,
      ...change,
    },
  });
}

const count = async (query: ReturnType<typeof sql>) =>
  (await withSystem(t.app.deps.db, (tx) => tx.execute<{ n: number }>(query))).rows[0]?.n ?? 0;
const written = async () => ({
  schools: await count(sql`select count(*)::int as n from schools`),
  accounts: await count(sql`select count(*)::int as n from accounts`),
  sessions: await count(sql`select count(*)::int as n from sessions`),
  mail: await count(sql`select count(*)::int as n from mail_outbox`),
  hashes: hashSlots.started,
});

describe('sign-ups per address per day', () => {
  it('is 10 by default', () => {
    expect(LIMIT).toBe(10);
  });

  it('refuses the 11th sign-up of the day with 429 and Retry-After, before anything is hashed, written or mailed', async () => {
    const address = '192.0.2.10';
    for (let i = 0; i < LIMIT; i++) expect((await signUp(address)).statusCode).toBe(201);
    const before = await written();
    const over = await signUp(address, { email: 'eleventh@daily.test' });
    expect(over.statusCode, over.body).toBe(429);
    expect(errorOf(over)).toEqual({ code: 'auth/too-many-requests', message: MESSAGES.signupsToday });
    // Until midnight UTC, three hours away.
    expect(over.headers['retry-after']).toBe(String(3 * 3600));
    expect(await written()).toEqual(before);
    expect(await count(sql`select count(*)::int as n from mail_outbox where "to" = 'eleventh@daily.test'`)).toBe(0);

    const es = await signUp(address, {}, { 'accept-language': 'es' });
    expect(es.statusCode).toBe(429);
    expect(errorOf(es).message).toBe(
      'Se registraron demasiadas escuelas desde su red hoy. Vuelva a intentarlo mañana.',
    );

    // Another address is not affected.
    expect((await signUp('192.0.2.11')).statusCode).toBe(201);
  });

  it('counts only accepted sign-ups: refused input and an e-mail already in use leave the allowance whole', async () => {
    const address = '192.0.2.20';
    expect((await signUp(address, { email: 'not-an-address' })).statusCode).toBe(400);
    expect((await signUp(address, { password: 'short' })).statusCode).toBe(400);
    expect((await signUp(address, { password: 'password123' })).statusCode).toBe(400);
    expect((await signUp(address, { email: 'head1@daily1.test' })).statusCode).toBe(409);
    expect((await signUp(address, { planId: '00000000-0000-7000-8000-000000000000' })).statusCode).toBe(400);
    for (let i = 0; i < LIMIT; i++) expect((await signUp(address)).statusCode).toBe(201);
    expect((await signUp(address)).statusCode).toBe(429);
  });

  it('sign-ups racing for the last places: exactly the limit gets through', async () => {
    const address = '192.0.2.30';
    const before = await count(sql`select count(*)::int as n from schools`);
    const answers = await Promise.all(Array.from({ length: LIMIT + 3 }, () => signUp(address)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(LIMIT);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(3);
    expect(await count(sql`select count(*)::int as n from schools`)).toBe(before + LIMIT);
  });

  it('starts again when the day turns (UTC)', async () => {
    const address = '192.0.2.10';
    now = Date.UTC(2026, 2, 10, 23, 59, 59);
    const last = await signUp(address);
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBe('1');
    now = Date.UTC(2026, 2, 11, 0, 0, 0);
    expect((await signUp(address)).statusCode).toBe(201);
  });
});

describe('the daily count', () => {
  it('holds one entry per address with an accepted sign-up today, and none after the day turns', () => {
    let clock = Date.UTC(2026, 2, 10, 12, 0, 0);
    const limit = new DailyLimit(2, () => clock);
    const a1 = limit.take('a');
    const a2 = limit.take('a');
    expect([a1.allowed, a2.allowed]).toEqual([true, true]);
    expect(limit.take('a')).toEqual({ allowed: false, retryAfterSeconds: 12 * 3600 });
    // A refused sign-up gives its place back, once; an address with nothing accepted leaves the table.
    if (a2.allowed) {
      a2.giveBack();
      a2.giveBack();
    }
    expect(limit.take('a').allowed).toBe(true);
    expect(limit.take('a').allowed).toBe(false);
    const b = limit.take('b');
    expect(limit.size).toBe(2);
    if (b.allowed) b.giveBack();
    expect(limit.size).toBe(1);
    clock += 12 * 3600_000;
    expect(limit.take('c').allowed).toBe(true);
    expect(limit.size).toBe(1);
    // A place given back after the day turned does not eat into the new day.
    if (a1.allowed) a1.giveBack();
    expect(limit.size).toBe(1);
  });
});
