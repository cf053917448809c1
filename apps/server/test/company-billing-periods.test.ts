import { readFileSync } from 'node:fs';
import { DEFAULT_SCHOOL_LOCALE } from '@lyceum/shared/locale';
import { addMonths } from '@lyceum/shared/subscription-rules';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolSubscriptions, subscriptionPayments } from '../src/db/schema/index.ts';
import { withSystem } from '../src/db/tenancy.ts';
import type { Tx } from '../src/db/client.ts';
import { type CompanyWorld, companyWorld } from './company-helpers.ts';
import type { Caller } from './fixtures/school-world.ts';
import { as, createSchool, errorOf, login, type SchoolFixture } from './helpers.ts';
import { pdfText } from './pdf-text.ts';

/**
 * docs/product.md, "Payments" (a receipt's period is fixed when its payment is confirmed), "Billing: what is due"
 * (the company's school page shows what My Subscription shows) and "Statuses, expiry and renewal" (a cancelled
 * subscription is listed by when it was cancelled).
 */

let w: CompanyWorld;
beforeAll(async () => {
  w = await companyWorld();
});
afterAll(() => w.t.close());

let keySeq = 0;
const assign = async (schoolId: string, payload: Record<string, unknown>) => {
  const res = await w.companyAdmin({
    method: 'POST',
    url: `/api/v1/company/schools/${schoolId}/subscriptions`,
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const renew = (schoolId: string, months: number) =>
  w.companyAdmin({
    method: 'POST',
    url: `/api/v1/company/schools/${schoolId}/subscription/renew`,
    payload: { months },
  });
const cancel = (schoolId: string) =>
  w.companyAdmin({ method: 'POST', url: `/api/v1/company/schools/${schoolId}/subscription/cancel` });
const confirm = async (id: string) => {
  const res = await w.companyAdmin({ method: 'POST', url: `/api/v1/company/payments/${id}/confirm` });
  expect(res.statusCode, res.body).toBe(200);
};
const schoolAdmin = async (s: SchoolFixture) =>
  as(w.t.app, await login(w.t.app, s.users.school_admin.email, 'school_admin'));
const pay = async (caller: Caller, subscriptionId: string, amountMinor: number, renewal = false) => {
  keySeq++;
  const res = await caller({
    method: 'POST',
    url: '/api/v1/payments',
    payload: {
      subscriptionId,
      method: 'bank_transfer',
      reference: `PER-${keySeq}`,
      amountMinor,
      idempotencyKey: `period-key-${keySeq}`,
      ...(renewal ? { renewal: true } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
};
const receipt = async (caller: Caller, id: string) => {
  const res = await caller({ method: 'GET', url: `/api/v1/payments/${id}/receipt` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** A date as the English PDF writes it. */
const pdfDate = (iso: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: DEFAULT_SCHOOL_LOCALE.timeZone }).format(new Date(iso));

describe("a receipt's period is the one its payment paid for", () => {
  it('stays as it was confirmed after a renewal, on the page and in the PDF; a later payment has the renewed term', async () => {
    const s = await createSchool(w.t.app, { name: 'Period Oak School' });
    const sub = await assign(s.id, { planId: await w.planId('Basic'), months: 1 });
    const sa = await schoolAdmin(s);
    const first = await pay(sa, sub.id, 5000);
    await confirm(first.id);
    const renewed = await renew(s.id, 3);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().endDate).toBe(addMonths(new Date(sub.endDate), 3).toISOString());

    for (const reader of [sa, w.companyAdmin, w.admin, w.companyUser]) {
      expect((await receipt(reader, first.id)).period).toEqual({ start: sub.startDate, end: sub.endDate });
    }
    const pdf = await sa({ method: 'GET', url: `/api/v1/payments/${first.id}/receipt.pdf` });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    // The dash between the dates is not a Latin-1 character: only the dates are compared.
    const periodLine = text.split('\n').find((line) => line.startsWith('Period: '));
    expect(periodLine?.startsWith(`Period: ${pdfDate(sub.startDate)}`)).toBe(true);
    expect(periodLine?.endsWith(pdfDate(sub.endDate))).toBe(true);
    expect(text).not.toContain(pdfDate(renewed.json().endDate));

    const second = await pay(sa, sub.id, 5000);
    await confirm(second.id);
    expect((await receipt(sa, second.id)).period).toEqual({ start: sub.startDate, end: renewed.json().endDate });
    // The first one still reads as it did.
    expect((await receipt(sa, first.id)).period.end).toBe(sub.endDate);
  });

  it('a renewal payment confirmed before its renewal pays the next billing cycle ahead', async () => {
    const s = await createSchool(w.t.app, { name: 'Period Elm School' });
    const sub = await assign(s.id, { planId: await w.planId('Basic'), months: 1 });
    const sa = await schoolAdmin(s);
    // What is outstanding and the next cycle: the most a renewal payment may be.
    const ahead = await pay(sa, sub.id, 2 * 5000, true);
    await confirm(ahead.id);
    const expected = { start: sub.startDate, end: addMonths(new Date(sub.endDate), 1).toISOString() };
    expect((await receipt(sa, ahead.id)).period).toEqual(expected);
    // The company renews it afterwards by a year: the receipt keeps the cycle it paid.
    expect((await renew(s.id, 12)).statusCode).toBe(200);
    expect((await receipt(w.companyAdmin, ahead.id)).period).toEqual(expected);
  });

  // A PostgreSQL server lets another connection hold the school's subscription lock while the request waits for it.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'a payment confirmed while a renewal holds the subscription takes its period from the renewed term',
    async () => {
      const s = await createSchool(w.t.app, { name: 'Period Lime School' });
      const sub = await assign(s.id, { planId: await w.planId('Basic'), months: 1 });
      const paid = await pay(await schoolAdmin(s), sub.id, 5000);
      const { database } = w.t.config;
      if (database.kind !== 'postgres') throw new Error('a PostgreSQL server is needed');
      const renewal = new pg.Client({ connectionString: database.url });
      await renewal.connect();
      try {
        // A renewal in the middle of its work: the lock taken, the end date moved, not yet committed.
        await renewal.query('begin');
        await renewal.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`subscriptions:${s.id}`]);
        const renewedEnd = addMonths(new Date(sub.endDate), 1);
        await renewal.query('update school_subscriptions set end_date = $1 where school_id = $2 and id = $3', [
          renewedEnd,
          s.id,
          sub.id,
        ]);
        const confirming = w.companyAdmin({ method: 'POST', url: `/api/v1/company/payments/${paid.id}/confirm` });
        const waiting = async () =>
          (
            await renewal.query(
              "select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())",
            )
          ).rows[0].n > 0;
        while (!(await waiting())) await new Promise((resolve) => setTimeout(resolve, 20));
        await renewal.query('commit');
        expect((await confirming).statusCode).toBe(200);
        expect((await receipt(w.companyAdmin, paid.id)).period).toEqual({
          start: sub.startDate,
          end: renewedEnd.toISOString(),
        });
      } finally {
        await renewal.end();
      }
    },
  );

  it('refuses a receipt to another school, to roles other than the school admin, and for an unknown or bad id', async () => {
    const s = await createSchool(w.t.app, { name: 'Period Ash School' });
    const sub = await assign(s.id, { planId: await w.planId('Basic'), months: 1 });
    const paid = await pay(await schoolAdmin(s), sub.id, 5000);
    await confirm(paid.id);
    const other = await w.asA('school_admin');
    expect((await other({ method: 'GET', url: `/api/v1/payments/${paid.id}/receipt` })).statusCode).toBe(404);
    expect((await other({ method: 'GET', url: `/api/v1/payments/${paid.id}/receipt.pdf` })).statusCode).toBe(404);
    const principal = as(w.t.app, await login(w.t.app, s.users.principal.email, 'principal'));
    expect((await principal({ method: 'GET', url: `/api/v1/payments/${paid.id}/receipt` })).statusCode).toBe(403);
    // Only company managers confirm, which is what fixes the period.
    const byAdmin = await (await schoolAdmin(s))({
      method: 'POST',
      url: `/api/v1/company/payments/${paid.id}/confirm`,
    });
    expect(byAdmin.statusCode).toBe(403);
    const unknown = '0190a0a0-0000-7000-8000-000000000000';
    expect((await w.companyAdmin({ method: 'GET', url: `/api/v1/payments/${unknown}/receipt` })).statusCode).toBe(404);
    const bad = await w.companyAdmin({ method: 'GET', url: '/api/v1/payments/not-an-id/receipt' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe('validation');
  });
});

describe("the company's school page shows what the subscription billed, as My Subscription does", () => {
  it('the same billed, paid and outstanding for an active subscription and, in its history, a cancelled one', async () => {
    const s = await createSchool(w.t.app, { name: 'Figures Pine School' });
    const sub = await assign(s.id, { planId: await w.planId('Basic'), months: 3 });
    const sa = await schoolAdmin(s);
    await confirm((await pay(sa, sub.id, 5000)).id);
    const figures = (x: Record<string, unknown>) => ({
      id: x.id,
      amountDueMinor: x.amountDueMinor,
      paidMinor: x.paidMinor,
      outstandingMinor: x.outstandingMinor,
    });
    const mine = async () => (await sa({ method: 'GET', url: '/api/v1/subscription' })).json().subscription;
    for (const reader of [w.companyAdmin, w.admin, w.companyUser]) {
      const detail = (await reader({ method: 'GET', url: `/api/v1/company/schools/${s.id}` })).json();
      expect(figures(detail.subscription)).toEqual(figures(await mine()));
      expect(figures(detail.subscription)).toEqual({
        id: sub.id,
        amountDueMinor: 15_000,
        paidMinor: 5000,
        outstandingMinor: 10_000,
      });
    }
    expect((await cancel(s.id)).statusCode).toBe(200);
    const detail = (await w.companyUser({ method: 'GET', url: `/api/v1/company/schools/${s.id}` })).json();
    expect(detail.subscription).toBeNull();
    expect(figures(detail.history.items[0])).toEqual(figures(await mine()));
    // Another school's detail does not carry this school's subscription; a school user may not read it.
    const other = (await w.companyAdmin({ method: 'GET', url: `/api/v1/company/schools/${w.a.id}` })).json();
    expect(other.history.items.map((i: { id: string }) => i.id)).not.toContain(sub.id);
    expect((await sa({ method: 'GET', url: `/api/v1/company/schools/${s.id}` })).statusCode).toBe(403);
    const bad = await w.companyAdmin({ method: 'GET', url: '/api/v1/company/schools/not-an-id' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('a cancelled subscription is listed by when it was cancelled', () => {
  it('the schools list and the school page say when, sorting and filtering by it; a replaced one is cancelled when replaced', async () => {
    const s = await createSchool(w.t.app, { name: 'Cancel Birch School' });
    const sub = await assign(s.id, { planId: await w.planId('Basic'), months: 12 });
    const before = Date.now();
    const cancelled = await cancel(s.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const at = cancelled.json().cancelledAt as string;
    expect(new Date(at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(at).getTime()).toBeLessThan(new Date(sub.endDate).getTime());

    const row = async (query: string, reader = w.companyAdmin) => {
      const res = await reader({ method: 'GET', url: `/api/v1/company/schools?limit=100${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().items as { name: string }[]).find((i) => i.name === 'Cancel Birch School');
    };
    for (const reader of [w.companyAdmin, w.admin, w.companyUser]) {
      expect(await row('&status=cancelled', reader)).toMatchObject({
        status: 'cancelled',
        subscriptionEndDate: sub.endDate,
        subscriptionCancelledAt: at,
      });
    }
    expect(await row('&status=active')).toBeUndefined();
    // Ending soonest: it ended when it was cancelled, before any school still running.
    const soonest = (
      await w.companyAdmin({ method: 'GET', url: '/api/v1/company/schools?limit=100&sort=endDate&order=asc' })
    ).json().items as { name: string; status: string }[];
    const index = soonest.findIndex((i) => i.name === 'Cancel Birch School');
    expect(soonest.slice(0, index).every((i) => i.status === 'cancelled' || i.status === 'expired')).toBe(true);
    expect(soonest[index + 1]?.status).not.toBe('cancelled');
    const detail = (await w.companyAdmin({ method: 'GET', url: `/api/v1/company/schools/${s.id}` })).json();
    expect(detail.school.subscriptionCancelledAt).toBe(at);
    expect(detail.history.items[0]).toMatchObject({ status: 'cancelled', cancelledAt: at });

    // A plan assigned afterwards: the school runs again, and no cancelled date is listed for it.
    const next = await assign(s.id, { planId: await w.planId('Standard'), months: 1 });
    expect(await row('')).toMatchObject({ status: 'active', subscriptionCancelledAt: null });
    // Assigning over an active plan cancels it as it replaces it.
    const third = await assign(s.id, { planId: await w.planId('Basic'), months: 1 });
    const history = (await w.companyAdmin({ method: 'GET', url: `/api/v1/company/schools/${s.id}` })).json().history
      .items as { id: string; cancelledAt: string | null }[];
    expect(history.find((h) => h.id === next.id)?.cancelledAt).toBe(third.startDate);
    expect(history.find((h) => h.id === third.id)?.cancelledAt).toBeNull();

    // A school user reads no company list; a bad filter changes nothing and says so.
    const sa = await schoolAdmin(s);
    expect((await sa({ method: 'GET', url: '/api/v1/company/schools' })).statusCode).toBe(403);
    const bad = await w.companyAdmin({ method: 'GET', url: '/api/v1/company/schools?status=ended' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields?.status).toBe('Unknown status');
  });
});

describe('the migration fills in what rows made before it lack', () => {
  /** Empties what the migration fills in for the school's rows, as they stood before it, then runs its updates. */
  const backfill = (schoolId: string, before?: (tx: Tx) => Promise<unknown>) =>
    withSystem(w.t.app.deps.db, async (tx) => {
      await tx.update(schoolSubscriptions).set({ cancelledAt: null }).where(eq(schoolSubscriptions.schoolId, schoolId));
      await tx
        .update(subscriptionPayments)
        .set({ periodStart: null, periodEnd: null })
        .where(eq(subscriptionPayments.schoolId, schoolId));
      await before?.(tx);
      const file = new URL('../src/db/migrations/0041_billing-periods.sql', import.meta.url);
      const updates = readFileSync(file, 'utf8')
        .split('--> statement-breakpoint')
        .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
        .filter((statement) => statement.startsWith('UPDATE'));
      expect(updates).toHaveLength(2);
      for (const statement of updates) await tx.execute(sql.raw(statement));
    });
  const cancelledAtOf = async (id: string) => {
    const [row] = await withSystem(w.t.app.deps.db, (tx) =>
      tx
        .select({ cancelledAt: schoolSubscriptions.cancelledAt })
        .from(schoolSubscriptions)
        .where(eq(schoolSubscriptions.id, id)),
    );
    return row?.cancelledAt?.toISOString() ?? null;
  };

  it('a replaced or cancelled subscription gets its cancelled date, a confirmed payment the term it was confirmed in', async () => {
    const s = await createSchool(w.t.app, { name: 'Backfill Yew School' });
    const first = await assign(s.id, { planId: await w.planId('Basic'), months: 1 });
    const sa = await schoolAdmin(s);
    const early = await pay(sa, first.id, 5000);
    await confirm(early.id);
    expect((await renew(s.id, 2)).statusCode).toBe(200);
    const late = await pay(sa, first.id, 5000);
    await confirm(late.id);
    const second = await assign(s.id, { planId: await w.planId('Standard'), months: 1 });
    expect((await cancel(s.id)).statusCode).toBe(200);
    const renewedEnd = addMonths(new Date(first.endDate), 2).toISOString();

    await backfill(s.id);

    const period = async (id: string) => (await receipt(sa, id)).period;
    expect(await period(early.id)).toEqual({ start: first.startDate, end: first.endDate });
    expect(await period(late.id)).toEqual({ start: first.startDate, end: renewedEnd });
    const rows = await withSystem(w.t.app.deps.db, (tx) =>
      tx
        .select({ id: schoolSubscriptions.id, cancelledAt: schoolSubscriptions.cancelledAt })
        .from(schoolSubscriptions)
        .where(and(eq(schoolSubscriptions.schoolId, s.id))),
    );
    const byId = new Map(rows.map((r) => [r.id, r.cancelledAt?.toISOString() ?? null]));
    expect(byId.get(first.id)).toBe(second.startDate);
    expect(byId.get(second.id)).not.toBeNull();
  });
  it('a subscription staff cancelled keeps the day they did, though a plan assigned later names it as the previous one', async () => {
    const s = await createSchool(w.t.app, { name: 'Backfill Rowan School' });
    const first = await assign(s.id, { planId: await w.planId('Basic'), months: 1 });
    const cancelled = await cancel(s.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const cancelledAt = cancelled.json().cancelledAt as string;
    const second = await assign(s.id, { planId: await w.planId('Standard'), months: 1 });
    expect(second.previousSubscriptionId).toBe(first.id);
    // The next plan assigned a month after the cancellation, as on a school that came back later.
    const later = addMonths(new Date(second.startDate), 1);
    await backfill(s.id, (tx) =>
      tx.update(schoolSubscriptions).set({ startDate: later }).where(eq(schoolSubscriptions.id, second.id)),
    );
    const migrated = await cancelledAtOf(first.id);
    expect(migrated).not.toBe(later.toISOString());
    // The audit's time, written in the same request as the cancellation.
    expect(Math.abs(Date.parse(migrated ?? '') - Date.parse(cancelledAt))).toBeLessThan(5000);
  });
});
