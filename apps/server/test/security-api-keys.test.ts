import { MESSAGES } from '@lyceum/shared/errors';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUsage, students } from '../src/db/schema/index.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { type CompanyWorld, companyWorld } from './company-helpers.ts';
import { errorOf } from './helpers.ts';

let w: CompanyWorld;
beforeAll(async () => {
  w = await companyWorld();
});
afterAll(() => w.t.close());

const callsOf = async (schoolId: string) =>
  (await withSystem(w.t.app.deps.db, (tx) => tx.select().from(apiUsage).where(eq(apiUsage.schoolId, schoolId))))[0]
    ?.calls ?? 0;

describe('API keys are charged only for the calls they may make', () => {
  it("a read-only key's refused writes, and calls outside the key's routes, do not count against apiCallsPerMonth", async () => {
    await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/schools/${w.a.id}/subscriptions`,
      payload: { planId: await w.planId('Standard'), addonIds: [await w.addonId('API Access')] },
    });
    const sa = await w.asA('school_admin');
    const created = await sa({
      method: 'POST',
      url: '/api/v1/api-keys',
      payload: { name: 'Reader', scopes: ['read'] },
    });
    expect(created.statusCode).toBe(201);
    const api = (opts: { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: Record<string, unknown> }) =>
      w.t.app.inject({ ...opts, headers: { authorization: `Bearer ${created.json().key}` } } as InjectOptions);
    const before = await callsOf(w.a.id);

    for (let i = 0; i < 3; i++) {
      const write = await api({
        method: 'POST',
        url: '/api/v1/students',
        payload: { name: 'Should Not Exist', email: `nobody${i}@school.test` },
      });
      expect(write.statusCode).toBe(403);
      expect(errorOf(write)).toEqual({ code: 'forbidden', message: MESSAGES.apiKeyScope });
    }
    const outside = await api({ method: 'GET', url: '/api/v1/api-keys' });
    expect(outside.statusCode).toBe(403);
    expect(await callsOf(w.a.id)).toBe(before);
    const written = await withSystem(w.t.app.deps.db, (tx) =>
      tx.select().from(students).where(eq(students.schoolId, w.a.id)),
    );
    expect(written.every((s) => !JSON.stringify(s).includes('Should Not Exist'))).toBe(true);

    // A call the key may make is still counted, once.
    expect((await api({ method: 'GET', url: '/api/v1/school' })).statusCode).toBe(200);
    expect(await callsOf(w.a.id)).toBe(before + 1);
  });
});
