import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addonRequests, auditLog, notifications, schoolSubscriptions } from '../src/db/schema/index.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { addMonths } from '@lyceum/shared/subscription-rules';
import { type CompanyWorld, companyWorld, schoolOnPlan } from './company-helpers.ts';
import { errorOf } from './helpers.ts';

let w: CompanyWorld;
beforeAll(async () => {
  w = await companyWorld();
});
afterAll(() => w.t.close());

const subsOf = (schoolId: string) =>
  withSystem(w.t.app.deps.db, (tx) =>
    tx.select().from(schoolSubscriptions).where(eq(schoolSubscriptions.schoolId, schoolId)),
  );

async function schoolOnStandard() {
  const { school, subscription, schoolAdmin } = await schoolOnPlan(w);
  return { school, sub: subscription, sa: schoolAdmin };
}

/**
 * Company staff's billing decisions racing each other (two tabs, a double click, two staff members). On PGlite
 * requests run one after the other; on a PostgreSQL server these fail without the school's subscription lock
 * (docs/security.md, "Billing changes one at a time").
 */
describe('billing changes at the same time', () => {
  it('renewals at once each bill what they extend: the ledger never bills a month it did not add', async () => {
    const { school, sub } = await schoolOnStandard();
    const renew = () =>
      w.companyAdmin({
        method: 'POST',
        url: `/api/v1/company/schools/${school.id}/subscription/renew`,
        payload: { months: 1 },
      });
    const answers = await Promise.all([renew(), renew(), renew(), renew()]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const [row] = await subsOf(school.id);
    // Assigned for 12 months, then renewed four times by a month: 16 months billed, 16 months long.
    expect(row?.billedMinor).toBe((row?.totalAmountMinor ?? 0) * 16);
    expect(row?.endDate.toISOString()).toBe(addMonths(new Date(sub.startDate), 16).toISOString());
  });

  it('renewals and an assignment at once leave one active subscription, the one assigned', async () => {
    const { school } = await schoolOnStandard();
    const renew = () =>
      w.companyAdmin({
        method: 'POST',
        url: `/api/v1/company/schools/${school.id}/subscription/renew`,
        payload: { months: 1 },
      });
    const premium = await w.planId('Premium');
    const [assigned, ...renewed] = await Promise.all([
      w.companyAdmin({
        method: 'POST',
        url: `/api/v1/company/schools/${school.id}/subscriptions`,
        payload: { planId: premium },
      }),
      renew(),
      renew(),
      renew(),
    ]);
    expect([assigned.statusCode, ...renewed.map((r) => r.statusCode)]).toEqual([201, 200, 200, 200]);
    const active = (await subsOf(school.id)).filter((s) => s.status === 'active');
    expect(active.map((s) => s.id)).toEqual([assigned.json().id]);
  });

  it('two add-ons approved at once are both kept, each charge counted', async () => {
    const { school, sa } = await schoolOnStandard();
    const [before] = await subsOf(school.id);
    const ask = async (name: string) => {
      const r = await sa({
        method: 'POST',
        url: '/api/v1/addon-requests',
        payload: { addonId: await w.addonId(name) },
      });
      expect(r.statusCode, r.body).toBe(201);
      return r.json().id as string;
    };
    const ids = [await ask('Advanced Analytics'), await ask('WhatsApp')];
    const approved = await Promise.all(
      ids.map((id) => w.companyAdmin({ method: 'POST', url: `/api/v1/company/addon-requests/${id}/approve` })),
    );
    expect(approved.map((r) => r.statusCode)).toEqual([200, 200]);
    const [after] = (await subsOf(school.id)).filter((s) => s.status === 'active');
    const wanted = [await w.addonId('Advanced Analytics'), await w.addonId('WhatsApp')];
    expect([...(after?.addonIds ?? [])].sort()).toEqual(wanted.sort());
    const charges = await withSystem(w.t.app.deps.db, (tx) =>
      tx.select({ due: addonRequests.amountDueMinor }).from(addonRequests).where(inArray(addonRequests.id, ids)),
    );
    const charged = charges.reduce((sum, c) => sum + (c.due ?? 0), 0);
    expect(after?.totalAmountMinor).toBe((before?.totalAmountMinor ?? 0) + charged);
  });

  it('an approval and a rejection of one request at once: one decision, the other told', async () => {
    const { school, sa } = await schoolOnStandard();
    const asked = await sa({
      method: 'POST',
      url: '/api/v1/addon-requests',
      payload: { addonId: await w.addonId('WhatsApp') },
    });
    const id = asked.json().id;
    const [approve, reject] = await Promise.all([
      w.companyAdmin({ method: 'POST', url: `/api/v1/company/addon-requests/${id}/approve` }),
      w.companyAdmin({
        method: 'POST',
        url: `/api/v1/company/addon-requests/${id}/reject`,
        payload: { reason: 'Not this term' },
      }),
    ]);
    expect([approve.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
    const [request] = await withSystem(w.t.app.deps.db, (tx) =>
      tx.select().from(addonRequests).where(eq(addonRequests.id, id)),
    );
    const loser = approve.statusCode === 409 ? approve : reject;
    expect(errorOf(loser).message).toBe(`This request was already ${request?.status}.`);
    const [active] = (await subsOf(school.id)).filter((s) => s.status === 'active');
    expect(active?.addonIds.includes(await w.addonId('WhatsApp'))).toBe(request?.status === 'approved');
    const decisions = await withSystem(w.t.app.deps.db, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entityId, id),
            inArray(auditLog.action, ['addon_request.approved', 'addon_request.rejected']),
          ),
        ),
    );
    expect(decisions).toHaveLength(1);
  });

  it('two approvals of one request at once: the add-on is charged and announced once', async () => {
    const { school, sa } = await schoolOnStandard();
    const [before] = await subsOf(school.id);
    const asked = await sa({
      method: 'POST',
      url: '/api/v1/addon-requests',
      payload: { addonId: await w.addonId('WhatsApp') },
    });
    const id = asked.json().id;
    const approve = () => w.companyAdmin({ method: 'POST', url: `/api/v1/company/addon-requests/${id}/approve` });
    const answers = await Promise.all([approve(), approve()]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [after] = await subsOf(school.id);
    const [request] = await withSystem(w.t.app.deps.db, (tx) =>
      tx.select().from(addonRequests).where(eq(addonRequests.id, id)),
    );
    expect(after?.totalAmountMinor).toBe((before?.totalAmountMinor ?? 0) + (request?.amountDueMinor ?? 0));
    const told = await withSystem(w.t.app.deps.db, (tx) =>
      tx
        .select()
        .from(notifications)
        .where(and(eq(notifications.schoolId, school.id), eq(notifications.title, 'WhatsApp is active'))),
    );
    expect(told).toHaveLength(1);
  });
});
