import { MESSAGES } from '@lyceum/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientKey } from '../src/lib/client-address.ts';
import { FREE_FAILURES_PER_PAIR } from '../src/modules/auth/sign-in-throttle.ts';
import { createSchool, createTestApp, errorOf, TEST_PASSWORD, type TestApp } from './helpers.ts';

/**
 * Every per-address limit counts by one key (docs/security.md, "One client, one key (IPv6)"): an IPv6 client is usually
 * given a whole /64 and may send each request from a new address in it, so keyed on the full address it would
 * get a fresh allowance every time.
 */
describe('clientKey', () => {
  it('keeps an IPv4 address as it is, and reads an IPv4-mapped IPv6 address as its IPv4', () => {
    expect(clientKey('203.0.113.5')).toBe('203.0.113.5');
    for (const mapped of ['::ffff:203.0.113.5', '::FFFF:203.0.113.5', '::ffff:cb00:7105', '0:0:0:0:0:ffff:cb00:7105']) {
      expect(clientKey(mapped), mapped).toBe('203.0.113.5');
    }
  });

  it('keys any other IPv6 address on its /64, however it is spelled', () => {
    for (const spelling of [
      '2001:db8:1:2::1',
      '2001:DB8:1:2::1',
      '2001:0db8:0001:0002:0000:0000:0000:0001',
      '2001:db8:1:2:0:0:0:1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:db8:1:2:a:b:c:d',
      '2001:db8:1:2:0:0:198.51.100.7',
      '2001:db8:1:2::1%eth0',
      '[2001:db8:1:2::1]',
      '[2001:db8:1:2::1]:443',
    ]) {
      expect(clientKey(spelling), spelling).toBe('2001:db8:1:2::/64');
    }
    // Zeros in the prefix compress as RFC 5952 says, so they too have one spelling.
    expect(clientKey('2001:0DB8:0000:0000:1::')).toBe('2001:db8::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8::/64');
    expect(clientKey('fe80::1%25eth0')).toBe('fe80::/64');
    expect(clientKey('FE80::AB:1%lo')).toBe('fe80::/64');
    expect(clientKey('::1')).toBe('::/64');
  });

  it('gives different /64s different keys, and IPv4 and IPv6 never the same one', () => {
    const keys = ['2001:db8:1:2::1', '2001:db8:1:3::1', '2001:db8:2:2::1', '2001:db9:1:2::1', '203.0.113.5', '::1'].map(
      clientKey,
    );
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('drops a port a proxy wrote after an IPv4 address, and leaves anything that is not an address alone', () => {
    expect(clientKey('203.0.113.5:51234')).toBe('203.0.113.5');
    expect(clientKey('unknown')).toBe('unknown');
    expect(clientKey('')).toBe('');
    expect(clientKey('203.0.113.256')).toBe('203.0.113.256');
  });
});

const PER_MINUTE = 8;
const PER_DAY = 2;
let t: TestApp;
let basicPlanId: string;

beforeAll(async () => {
  // Noon UTC today, so the daily count does not turn over while the tests run.
  const noon = new Date();
  noon.setUTCHours(12, 0, 0, 0);
  t = await createTestApp(
    { authRateLimitPerMinute: PER_MINUTE, signupDailyLimitPerAddress: PER_DAY },
    { clock: () => noon },
  );
  const plans: { id: string; name: string }[] = (await t.app.inject({ method: 'GET', url: '/api/v1/plans' })).json();
  basicPlanId = plans.find((p) => p.name === 'Basic')?.id ?? '';
});
afterAll(() => t.close());

let n = 0;
const signUp = (remoteAddress: string) => {
  n += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup/school-admin',
    remoteAddress,
    payload: {
      schoolName: `Rotating School ${n}`,
      name: 'Head Teacher',
      email: `head${n}@rotating${n}.test`,
      password: 'a-good-long-password',
      planId: basicPlanId,
    },
  });
};
const forgotPassword = (remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/forgot-password',
    remoteAddress,
    payload: { email: 'someone@rotating.test' },
  });

describe('one client, one key, through the server', () => {
  it('addresses of one /64 share the daily sign-up limit; another /64 has its own', async () => {
    expect((await signUp('2001:db8:10:1::a')).statusCode).toBe(201);
    expect((await signUp('2001:db8:10:1:ffff:1234:5678:9abc')).statusCode).toBe(201);
    const over = await signUp('2001:DB8:10:1:0:0:0:C');
    expect(over.statusCode, over.body).toBe(429);
    expect(errorOf(over)).toEqual({ code: 'auth/too-many-requests', message: MESSAGES.signupsToday });
    expect((await signUp('2001:db8:10:2::a')).statusCode).toBe(201);
  });

  it('an IPv4 client and its IPv4-mapped IPv6 spelling share the daily sign-up limit', async () => {
    expect((await signUp('203.0.113.5')).statusCode).toBe(201);
    expect((await signUp('::ffff:203.0.113.5')).statusCode).toBe(201);
    const over = await signUp('203.0.113.5');
    expect(over.statusCode, over.body).toBe(429);
    expect(errorOf(over).message).toBe(MESSAGES.signupsToday);
    expect((await signUp('203.0.113.6')).statusCode).toBe(201);
  });

  it('addresses of one /64 share a per-minute limit; another /64 has its own', async () => {
    for (let i = 1; i <= PER_MINUTE; i++) {
      expect((await forgotPassword(`2001:db8:20:1:${i.toString(16)}::${i.toString(16)}`)).statusCode).toBe(202);
    }
    const refused = await forgotPassword('2001:db8:20:1:abcd::1');
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toEqual({ code: 'auth/too-many-requests', message: MESSAGES.tooManyRequests });
    expect((await forgotPassword('2001:db8:20:2::1')).statusCode).toBe(202);
  });

  it('an IPv4 client and its IPv4-mapped IPv6 spelling share a per-minute limit', async () => {
    for (let i = 0; i < PER_MINUTE; i++) {
      expect((await forgotPassword(i % 2 ? '::ffff:198.51.100.9' : '198.51.100.9')).statusCode).toBe(202);
    }
    expect((await forgotPassword('198.51.100.9')).statusCode).toBe(429);
    expect((await forgotPassword('::ffff:198.51.100.9')).statusCode).toBe(429);
    expect((await forgotPassword('198.51.100.10')).statusCode).toBe(202);
  });

  it('wrong passwords from addresses of one /64 hold that /64, not the owner in another', async () => {
    const email = (await createSchool(t.app)).users.teacher.email;
    const signIn = (remoteAddress: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress,
        payload: { email, password, role: 'teacher' },
      });
    for (let i = 1; i <= FREE_FAILURES_PER_PAIR; i++) {
      expect((await signIn(`2001:db8:30:1::${i.toString(16)}`, 'wrong-password-1')).statusCode).toBe(401);
    }
    const held = await signIn('2001:db8:30:1:9::9', TEST_PASSWORD);
    expect(held.statusCode).toBe(429);
    expect(errorOf(held).code).toBe('auth/too-many-requests');
    expect((await signIn('2001:db8:30:2::1', TEST_PASSWORD)).statusCode).toBe(200);
  });
});
