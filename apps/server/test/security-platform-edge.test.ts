import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createTestApp, errorOf, type TestApp } from './helpers.ts';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

describe('TRUST_PROXY trusts a hop count or the proxies’ addresses, never the client’s own entry', () => {
  it('reads hop counts and address ranges, and refuses true and anything else with a reason', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      'loopback',
    ]);
    expect(problemsOf({ TRUST_PROXY: 'true' })).toEqual([
      expect.stringMatching(/^TRUST_PROXY: TRUST_PROXY=true would take the client's own X-Forwarded-For entry/),
    ]);
    for (const bad of ['yes', '10.0.0.0/33', '300.1.1.1', '10.0.0.1, nonsense', '1000']) {
      expect(problemsOf({ TRUST_PROXY: bad }), bad).toEqual([expect.stringMatching(/^TRUST_PROXY: /)]);
    }
  });

  // Each of these builds its own app (its own proxy setting): slow on a busy machine.
  async function limitedBehind(trustProxy: number | string[], run: (t: TestApp) => Promise<void>) {
    const t = await createTestApp({ trustProxy, authRateLimitPerMinute: 3 });
    try {
      await run(t);
    } finally {
      await t.close();
    }
  }
  const attempt = (t: TestApp, remoteAddress: string, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: 'someone@school.test' },
    });

  it('with a hop count, rotating the left-most X-Forwarded-For entry does not escape the per-address limit', async () => {
    await limitedBehind(1, async (t) => {
      const proxy = '10.1.2.3';
      for (let i = 0; i < 3; i++) expect((await attempt(t, proxy, `1.1.1.${i}, 203.0.113.50`)).statusCode).toBe(202);
      const refused = await attempt(t, proxy, '1.1.1.99, 203.0.113.50');
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused).code).toBe('auth/too-many-requests');
      // The entry the proxy itself added is the client: another client behind the same proxy is not affected.
      expect((await attempt(t, proxy, '1.1.1.99, 203.0.113.51')).statusCode).toBe(202);
    });
  }, 120_000);

  it("behind a proxy, the key is the /64 of the IPv6 address the proxy wrote, whatever the client's own entries", async () => {
    await limitedBehind(1, async (t) => {
      const proxy = '2001:db8:ffff::7';
      for (let i = 1; i <= 3; i++) {
        expect((await attempt(t, proxy, `2001:db8:40:1::${i}`)).statusCode).toBe(202);
      }
      expect((await attempt(t, proxy, '2001:db8:99::1, 2001:DB8:40:1:0:0:0:FF')).statusCode).toBe(429);
      expect((await attempt(t, proxy, '2001:db8:40:1::1, 2001:db8:40:2::1')).statusCode).toBe(202);
    });
  }, 120_000);

  it("with the proxies' range, only addresses in it are believed; a client connecting directly cannot pretend", async () => {
    await limitedBehind(['10.0.0.0/8'], async (t) => {
      for (let i = 0; i < 3; i++) {
        expect((await attempt(t, '10.9.9.9', `1.1.1.${i}, 203.0.113.60`)).statusCode).toBe(202);
      }
      expect((await attempt(t, '10.9.9.9', '1.1.1.200, 203.0.113.60')).statusCode).toBe(429);
      // Straight to the server, outside the range: its X-Forwarded-For is ignored and its own address counts.
      for (let i = 0; i < 3; i++) {
        expect((await attempt(t, '198.51.100.70', `203.0.113.${100 + i}`)).statusCode).toBe(202);
      }
      expect((await attempt(t, '198.51.100.70', '203.0.113.199')).statusCode).toBe(429);
    });
  }, 120_000);
});

describe('the demo accounts are not put on a reachable address by default', () => {
  const fresh = { DATA_DIR: '/tmp/lyceum-fresh' };

  it('listens on loopback with the demo data unless HOST is set', () => {
    expect(loadConfig(fresh)).toMatchObject({ host: '127.0.0.1', demoSeed: true, publicUrl: 'http://localhost:3000' });
    expect(loadConfig({ ...fresh, DEMO_SEED: 'false' })).toMatchObject({ host: '0.0.0.0', demoSeed: false });
    expect(loadConfig({ ...fresh, DATABASE_URL: 'postgres://u@h/db' })).toMatchObject({
      host: '0.0.0.0',
      demoSeed: false,
    });
  });

  it('refuses a reachable HOST with the demo data unless DEMO_SEED=true, saying why', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20']) {
      expect(problemsOf({ ...fresh, HOST }), HOST).toEqual([
        `HOST: HOST=${HOST} would let other machines sign in with the demo accounts, whose password is published. ` +
          'Set DEMO_SEED=false to start without the demo data, or DEMO_SEED=true to expose the demo on purpose.',
      ]);
    }
    expect(loadConfig({ ...fresh, HOST: '0.0.0.0', DEMO_SEED: 'true' })).toMatchObject({
      host: '0.0.0.0',
      demoSeed: true,
    });
    expect(loadConfig({ ...fresh, HOST: '0.0.0.0', DEMO_SEED: 'false' })).toMatchObject({
      host: '0.0.0.0',
      demoSeed: false,
    });
    expect(loadConfig({ ...fresh, HOST: '0.0.0.0', DATABASE_URL: 'postgres://u@h/db' }).host).toBe('0.0.0.0');
  });

  it('accepts an explicit loopback HOST with the demo data (the e2e harness and the bench start it so)', () => {
    for (const HOST of ['127.0.0.1', 'localhost', '::1', '127.0.0.2']) {
      expect(loadConfig({ ...fresh, HOST }), HOST).toMatchObject({ host: HOST, demoSeed: true });
    }
  });
});
