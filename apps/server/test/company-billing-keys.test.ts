import { IDEMPOTENCY_MESSAGES } from '@lyceum/shared/api';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, billingRequests, schoolSubscriptions } from '../src/db/schema/index.ts';
import { withSystem } from '../src/db/tenancy.ts';
import { forgetExpiredBillingKeys } from '../src/modules/company/billing-keys.ts';
import { newId } from '../src/lib/ids.ts';
import { activeSubscriptionRow, type CompanyWorld, companyWorld, schoolOnPlan } from './company-helpers.ts';
import { errorOf } from './helpers.ts';

let w: CompanyWorld;
beforeAll(async () => {
  w = await companyWorld();
});
afterAll(() => w.t.close());

type Staff = CompanyWorld['admin'];

const renew = (as: Staff, schoolId: string, key: string | null, months = 1) =>
  as({
    method: 'POST',
    url: `/api/v1/company/schools/${schoolId}/subscription/renew`,
    ...(key === null ? {} : { headers: { 'idempotency-key': key } }),
    payload: { months },
  });

const assign = async (as: Staff, schoolId: string, key: string, plan = 'Premium') =>
  as({
    method: 'POST',
    url: `/api/v1/company/schools/${schoolId}/subscriptions`,
    headers: { 'idempotency-key': key },
    payload: { planId: await w.planId(plan) },
  });

const audited = async (schoolId: string, action: string) =>
  (
    await withSystem(w.t.app.deps.db, (tx) =>
      tx
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.schoolId, schoolId), eq(auditLog.action, action))),
    )
  ).length;

const subscriptionsOf = (schoolId: string) =>
  withSystem(w.t.app.deps.db, (tx) =>
    tx.select().from(schoolSubscriptions).where(eq(schoolSubscriptions.schoolId, schoolId)),
  );

const keysOf = (schoolId: string) =>
  withSystem(w.t.app.deps.db, (tx) => tx.select().from(billingRequests).where(eq(billingRequests.schoolId, schoolId)));

const key = () => `renew-${newId()}`;

/** docs/product.md, "Billing: what is due": a renewal or an assignment happens once per Idempotency-Key. */
describe('a billing change sent again with its Idempotency-Key happens once', () => {
  it('a retried renewal renews and bills once and answers the first answer', async () => {
    const { school } = await schoolOnPlan(w);
    const before = await activeSubscriptionRow(w.t, school.id);
    const k = key();
    const first = await renew(w.admin, school.id, k);
    expect(first.statusCode, first.body).toBe(200);
    const retry = await renew(w.admin, school.id, k);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toEqual(first.json());
    const after = await activeSubscriptionRow(w.t, school.id);
    expect(after?.billedMinor).toBe((before?.billedMinor ?? 0) + (before?.totalAmountMinor ?? 0));
    expect(after?.endDate).toEqual(new Date(first.json().endDate));
    expect(await audited(school.id, 'subscription.renewed')).toBe(1);
  });

  it('the same key sent twice at once renews once; both answer the same', async () => {
    const { school } = await schoolOnPlan(w);
    const before = await activeSubscriptionRow(w.t, school.id);
    const k = key();
    const answers = await Promise.all([1, 2, 3].map(() => renew(w.admin, school.id, k)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    const after = await activeSubscriptionRow(w.t, school.id);
    expect(after?.billedMinor).toBe((before?.billedMinor ?? 0) + (before?.totalAmountMinor ?? 0));
    expect(await audited(school.id, 'subscription.renewed')).toBe(1);
  });

  it('different keys, and no key, are different renewals', async () => {
    const { school } = await schoolOnPlan(w);
    const before = await activeSubscriptionRow(w.t, school.id);
    for (const k of [key(), key(), null]) expect((await renew(w.admin, school.id, k)).statusCode).toBe(200);
    const after = await activeSubscriptionRow(w.t, school.id);
    expect(after?.billedMinor).toBe((before?.billedMinor ?? 0) + 3 * (before?.totalAmountMinor ?? 0));
    expect(await audited(school.id, 'subscription.renewed')).toBe(3);
  });

  it('a retried assignment assigns once: one new subscription, the first answer again', async () => {
    const { school } = await schoolOnPlan(w);
    const had = (await subscriptionsOf(school.id)).length;
    const k = `assign-${newId()}`;
    const first = await assign(w.admin, school.id, k);
    expect(first.statusCode, first.body).toBe(201);
    const retry = await assign(w.admin, school.id, k);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    const rows = await subscriptionsOf(school.id);
    expect(rows).toHaveLength(had + 1);
    expect(rows.filter((r) => r.status === 'active').map((r) => r.id)).toEqual([first.json().id]);
  });

  it('the same key for another request is refused (422, translated) and changes nothing', async () => {
    const { school } = await schoolOnPlan(w);
    const had = (await subscriptionsOf(school.id)).length;
    const k = key();
    expect((await renew(w.admin, school.id, k, 1)).statusCode).toBe(200);
    const before = await activeSubscriptionRow(w.t, school.id);
    const other = await renew(w.admin, school.id, k, 2);
    expect(other.statusCode).toBe(422);
    expect(errorOf(other)).toEqual({ code: 'rule', message: IDEMPOTENCY_MESSAGES.reused });
    // Another action under the same key.
    const assigned = await assign(w.admin, school.id, k);
    expect(assigned.statusCode).toBe(422);
    expect(errorOf(assigned).message).toBe(IDEMPOTENCY_MESSAGES.reused);
    expect(await activeSubscriptionRow(w.t, school.id)).toEqual(before);
    expect(await subscriptionsOf(school.id)).toHaveLength(had);
    const translated = {
      es: 'Esta clave Idempotency-Key ya se usó para otra solicitud. Envíe esa solicitud de nuevo tal como era, o una clave nueva para una solicitud nueva.',
      ar: 'سبق استخدام مفتاح Idempotency-Key هذا لطلب مختلف. أعد إرسال ذلك الطلب كما كان، أو استخدم مفتاحًا جديدًا لطلب جديد.',
    };
    for (const [language, message] of Object.entries(translated)) {
      const res = await w.admin({
        method: 'POST',
        url: `/api/v1/company/schools/${school.id}/subscription/renew`,
        headers: { 'idempotency-key': k, 'accept-language': language },
        payload: { months: 3 },
      });
      expect(errorOf(res).message).toBe(message);
    }
  });

  it("a key is the school's and the staff member's own: another school's answer is never read", async () => {
    const one = await schoolOnPlan(w);
    const two = await schoolOnPlan(w);
    const k = key();
    const first = await renew(w.admin, one.school.id, k);
    expect(first.statusCode).toBe(200);
    const twoBefore = await activeSubscriptionRow(w.t, two.school.id);
    // The same key for another school: that school's own renewal, answered with its own subscription.
    const elsewhere = await renew(w.admin, two.school.id, k);
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json()).toMatchObject({ schoolId: two.school.id, id: twoBefore?.id });
    expect(elsewhere.json().id).not.toBe(first.json().id);
    expect((await activeSubscriptionRow(w.t, two.school.id))?.billedMinor).toBe(
      (twoBefore?.billedMinor ?? 0) + (twoBefore?.totalAmountMinor ?? 0),
    );
    // Another staff member's same key is theirs: a renewal of its own, not the first one's answer.
    const colleague = await renew(w.companyAdmin, one.school.id, k);
    expect(colleague.statusCode).toBe(200);
    expect(colleague.json().endDate).not.toBe(first.json().endDate);
    expect(await audited(one.school.id, 'subscription.renewed')).toBe(2);
  });

  it('wrong roles are refused before the key is read, and keep nothing', async () => {
    const { school, schoolAdmin } = await schoolOnPlan(w);
    const k = key();
    expect((await renew(w.admin, school.id, k)).statusCode).toBe(200);
    for (const as of [w.companyUser, schoolAdmin]) {
      const res = await renew(as, school.id, k);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('forbidden');
      expect((await assign(as, school.id, `assign-${newId()}`)).statusCode).toBe(403);
    }
    expect(await keysOf(school.id)).toHaveLength(1);
    expect(await audited(school.id, 'subscription.renewed')).toBe(1);
    expect((await renew(w.admin, '01900000-0000-7000-8000-000000000000', k)).statusCode).toBe(404);
  });

  it('an empty or too long key is refused with its own words, and nothing changes', async () => {
    const { school } = await schoolOnPlan(w);
    const before = await activeSubscriptionRow(w.t, school.id);
    for (const [bad, message] of [
      ['', IDEMPOTENCY_MESSAGES.empty],
      ['   ', IDEMPOTENCY_MESSAGES.empty],
      ['k'.repeat(201), IDEMPOTENCY_MESSAGES.tooLong],
    ] as const) {
      for (const res of [await renew(w.admin, school.id, bad), await assign(w.admin, school.id, bad)]) {
        expect(res.statusCode).toBe(400);
        expect(errorOf(res)).toMatchObject({ code: 'validation', message: `Invalid data: ${message}` });
      }
    }
    const es = await w.admin({
      method: 'POST',
      url: `/api/v1/company/schools/${school.id}/subscription/renew`,
      headers: { 'idempotency-key': '', 'accept-language': 'es' },
      payload: { months: 1 },
    });
    expect(errorOf(es).message).toContain('La cabecera Idempotency-Key no puede estar vacía');
    expect(await activeSubscriptionRow(w.t, school.id)).toEqual(before);
    expect(await keysOf(school.id)).toHaveLength(0);
  });

  it('a refused change keeps no answer: the key is free for the corrected request', async () => {
    const { school } = await schoolOnPlan(w);
    expect((await renew(w.admin, school.id, key(), 60)).statusCode).toBe(200);
    // 12 + 60 months, and 60 more would pass ten years: refused, so the key keeps nothing.
    const k = key();
    const tooFar = await renew(w.admin, school.id, k, 60);
    expect(tooFar.statusCode).toBe(422);
    expect(await keysOf(school.id)).toHaveLength(1);
    const corrected = await renew(w.admin, school.id, k, 12);
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await audited(school.id, 'subscription.renewed')).toBe(2);
  });

  it('a key is kept 24 hours: then it is forgotten and the sweep deletes it', async () => {
    const { school } = await schoolOnPlan(w);
    const k = key();
    expect((await renew(w.admin, school.id, k)).statusCode).toBe(200);
    const age = (hours: number) =>
      withSystem(w.t.app.deps.db, (tx) =>
        tx
          .update(billingRequests)
          .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
          .where(eq(billingRequests.schoolId, school.id)),
      );
    await age(23);
    expect((await renew(w.admin, school.id, k)).statusCode).toBe(200);
    expect(await audited(school.id, 'subscription.renewed')).toBe(1);
    await age(25);
    await forgetExpiredBillingKeys(w.t.app.deps.db);
    expect(await keysOf(school.id)).toHaveLength(0);
    expect((await renew(w.admin, school.id, k)).statusCode).toBe(200);
    expect(await audited(school.id, 'subscription.renewed')).toBe(2);
    // Past its time even before the sweep: the key is a new request.
    await age(25);
    expect((await renew(w.admin, school.id, k, 2)).statusCode).toBe(200);
    expect(await audited(school.id, 'subscription.renewed')).toBe(3);
  });
});
