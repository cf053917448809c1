import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '@lyceum/shared/errors';
import { API_ACCESS } from '@lyceum/shared/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_READS_PER_MINUTE } from '../src/lib/public-read-limit.ts';
import { newId } from '../src/lib/ids.ts';
import { as, createSchool, createTestApp, errorOf, login, type TestApp } from './helpers.ts';

/**
 * Every route anyone may call without signing in is listed in docs/security.md, "Public entry points", with
 * what it can cost the platform, and every one that costs anything is limited per client address (an IPv6
 * client's /64 is one address: lib/client-address.ts). Generated from the permission table, so a new public
 * route fails here until it is listed and limited.
 */
const AUTH_LIMIT = 2;
/** Answer a constant without touching the database, or only end the caller's own session. */
const UNLIMITED: Record<string, string> = {
  'GET /api/v1/health': 'a constant answer for load balancers; no database',
  'POST /api/v1/auth/logout': "ends the caller's own session, if any",
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const publicRoutes = Object.entries(API_ACCESS)
  .filter(([, access]) => access === 'public')
  .map(([key]) => key);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimitPerMinute: AUTH_LIMIT });
});
afterAll(() => t.close());

describe('public entry points', () => {
  it('each is listed in docs/security.md with its limit and cost', () => {
    const doc = readFileSync(path.join(root, 'docs/security.md'), 'utf8');
    const section = doc.split('## Public entry points')[1]?.split('\n## ')[0] ?? '';
    expect(publicRoutes.length).toBeGreaterThan(10);
    for (const key of publicRoutes)
      expect({ key, listed: section.includes(`\`${key}\``) }).toEqual({ key, listed: true });
  });

  it('each that costs anything is limited per client address, and one address does not hold back another', async () => {
    for (const key of publicRoutes.filter((k) => !(k in UNLIMITED))) {
      const [method, url] = key.split(' ') as [string, string];
      const limit = method === 'GET' ? PUBLIC_READS_PER_MINUTE : AUTH_LIMIT;
      const request = (ip: string) =>
        t.app.inject({
          method: method as 'GET',
          url: url.replace(/:[a-zA-Z]+/g, () => newId()) + (url.endsWith('/brand') ? `?school=${newId()}` : ''),
          remoteAddress: ip,
          // Bodies that are wrong in a harmless way: the limit holds whatever the answer would have been.
          ...(method === 'GET' ? {} : { payload: { email: 'nobody@entry.test' } }),
        });
      // One client given an IPv6 /64 sends every request from a new address in it: still one client.
      const net = `2001:db8:${(publicRoutes.indexOf(key) + 1).toString(16)}`;
      const ip = (n: number) => `${net}:0:${(n + 1).toString(16)}::1`;
      for (let n = 0; n < limit; n++)
        expect({ key, n, status: (await request(ip(n))).statusCode }).not.toMatchObject({ status: 429 });
      const refused = await request(ip(limit));
      expect({ key, status: refused.statusCode }).toEqual({ key, status: 429 });
      expect(refused.json().error.message).toMatch(/Too many/);
      expect({ key, other: (await request(`${net}:1::1`)).statusCode }).not.toMatchObject({ other: 429 });
    }
  });

  it('the unlimited ones cost nothing worth limiting', async () => {
    for (const key of Object.keys(UNLIMITED)) expect(publicRoutes).toContain(key);
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.json()).toEqual({ status: 'ok' });
  });
});

describe('bodies nobody needs are not read', () => {
  /** About 800 KB of nesting: costly to parse, within the global 1 MB limit. */
  const deep = `{"x":${'['.repeat(400_000)}${']'.repeat(400_000)}}`;

  it('logout refuses a body past a few bytes unread (413), and works with none or {}', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    expect(big.statusCode).toBe(413);
    expect(errorOf(big).code).toBe('too_large');

    const school = await createSchool(t.app);
    for (const payload of [undefined, {}]) {
      const session = await login(t.app, school.users.parent.email, 'parent');
      const call = as(t.app, session);
      const out = await call({ method: 'POST', url: '/api/v1/auth/logout', ...(payload ? { payload } : {}) });
      expect(out.statusCode).toBe(204);
      expect((await call({ method: 'GET', url: '/api/v1/auth/me' })).statusCode).toBe(401);
    }
  });

  it('a write to no route answers 404 without reading its body', async () => {
    // Malformed JSON would answer 400 had it been parsed, and 2 MB 413 had it been read.
    for (const payload of ['{"unterminated": [', deep, 'x'.repeat(2_000_000)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/nonexistent',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toEqual({ code: 'not_found', message: MESSAGES.notFound });
    }
  });
});
