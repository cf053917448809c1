import { dropCompanyFigures } from '../src/modules/dashboard/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyWorld, companyWorld, DAY, setActiveEndDate } from './company-helpers.ts';
import { errorOf } from './helpers.ts';

// A world of its own: the dashboard's figures are platform-wide, so no other test's schools may add to them.
let w: CompanyWorld;
beforeAll(async () => {
  w = await companyWorld();
});
afterAll(() => w.t.close());

type Caller = CompanyWorld['admin'];
const listed = async (as: Caller, query = '') => {
  const res = await as({ method: 'GET', url: `/api/v1/company/schools?limit=100${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries((res.json().items as { name: string; status: string }[]).map((s) => [s.name, s.status]));
};
const figures = async (as: Caller) =>
  Object.fromEntries(
    ((await as({ method: 'GET', url: '/api/v1/dashboard' })).json().stats as { key: string; value: unknown }[])
      .filter((s) => ['active', 'trial', 'expired', 'cancelled'].includes(s.key))
      .map((s) => [s.key, s.value]),
  );

describe("a school whose subscription was cancelled is 'cancelled' in the company's lists", () => {
  it('lists, filters, counts and reports usage of it as cancelled, and of a lapsed one as expired', async () => {
    const cancel = await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/schools/${w.b.id}/subscription/cancel`,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // The cancelled subscription's end date is still ahead: it is not one in force for that.
    expect(new Date(cancel.json().endDate).getTime()).toBeGreaterThan(Date.now());

    for (const as of [w.companyAdmin, w.admin, w.companyUser]) {
      expect(await listed(as)).toEqual({ 'Alpha School': 'active', 'Beta School': 'cancelled' });
      expect(await listed(as, '&status=cancelled')).toEqual({ 'Beta School': 'cancelled' });
      expect(await listed(as, '&status=expired')).toEqual({});
      expect(await figures(as)).toEqual({ active: 1, trial: 0, expired: 0, cancelled: 1 });
    }
    const usage = (await w.admin({ method: 'GET', url: '/api/v1/company/usage' })).json().items;
    expect(usage.find((u: { schoolId: string }) => u.schoolId === w.b.id).status).toBe('cancelled');
    const page = (await w.admin({ method: 'GET', url: `/api/v1/company/schools/${w.b.id}` })).json();
    expect(page.school.status).toBe('cancelled');

    // A lapsed subscription is expired, not cancelled.
    await setActiveEndDate(w.t, w.a.id, new Date(Date.now() - DAY));
    dropCompanyFigures(w.t.app.deps.db);
    expect(await listed(w.admin)).toEqual({ 'Alpha School': 'expired', 'Beta School': 'cancelled' });
    expect(await figures(w.admin)).toEqual({ active: 0, trial: 0, expired: 1, cancelled: 1 });

    // Assigning a plan makes the cancelled school active again.
    const assigned = await w.companyAdmin({
      method: 'POST',
      url: `/api/v1/company/schools/${w.b.id}/subscriptions`,
      payload: { planId: await w.planId('Basic'), billingCycle: 'monthly' },
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    expect(await listed(w.admin, '&status=cancelled')).toEqual({});
    expect(await figures(w.admin)).toEqual({ active: 1, trial: 0, expired: 1, cancelled: 0 });
  });

  it('an unknown status is refused in our words; school users may not read the list', async () => {
    const bad = await w.admin({ method: 'GET', url: '/api/v1/company/schools?status=canceled' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields?.status).toBe('Unknown status');
    for (const role of ['school_admin', 'teacher'] as const) {
      const school = await w.asB(role);
      const res = await school({ method: 'GET', url: '/api/v1/company/schools?status=cancelled' });
      expect(res.statusCode).toBe(403);
    }
  });
});
