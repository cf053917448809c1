import { DEFAULT_SUBSCRIPTION_MONTHS } from '@lyceum/shared/plans';
import { addMonths, priceSubscription } from '@lyceum/shared/subscription-rules';
import { and, eq, sql } from 'drizzle-orm';
import { newId } from '../lib/ids.ts';
import type { Tx } from '../db/client.ts';
import {
  addonRequests,
  addons,
  plans,
  salesLeads,
  schoolSubscriptions,
  schools,
  subscriptionPayments,
  users,
} from '../db/schema/index.ts';
import { insertAccount, insertSchoolUser } from '../db/accounts.ts';
import { noticeAddonRequest, noticePaymentToConfirm, receiptNumberOf } from '../modules/company/index.ts';
import { insertSchool } from './school.ts';

const DAY = 86_400_000;

/**
 * When the demo's payment of `monthsAgo` calendar months back was made: two days before this day of that
 * month, kept inside that month and never in the future. The revenue page's default range is the last twelve
 * calendar months, so each of them gets one payment whatever today's date (fixed 30-day steps would leave a
 * month empty and fill another twice on some days of the year).
 */
function paymentTime(now: number, monthsAgo: number): Date {
  const today = new Date(now);
  const monthStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - monthsAgo, 1);
  return new Date(Math.max(addMonths(today, -monthsAgo).getTime() - 2 * DAY, monthStart));
}

/**
 * The company side of the demo (issue 3): a third school whose subscription has lapsed, a year of paid
 * invoices for the two working schools, add-on requests and a payment waiting for staff, and a sales lead.
 * Returns the start-up log's lines for the accounts it adds. Runs inside seedDemo's transaction.
 */
export async function seedCompanyDemo(tx: Tx, passwordHash: string): Promise<string[]> {
  const now = Date.now();
  const planRows = await tx.select().from(plans);
  const addonRows = await tx.select().from(addons);
  const plan = (name: string) => planRows.find((p) => p.name === name) as (typeof planRows)[number];
  const addon = (name: string) => addonRows.find((a) => a.name === name) as (typeof addonRows)[number];
  const demoSchools = await tx.select().from(schools).where(eq(schools.isDemo, true));
  const schoolNamed = (name: string) => demoSchools.find((s) => s.name === name);

  // A year of history for each working school: Basic first, for its default term up to the upgrade to its
  // current Standard plan. Receipts are numbered as real payments are (docs/product.md, "Payments").
  let receipt = 0;
  for (const school of [schoolNamed('Demo School'), schoolNamed('Riverside Academy')]) {
    if (!school) continue;
    const [current] = await tx
      .select()
      .from(schoolSubscriptions)
      .where(and(eq(schoolSubscriptions.schoolId, school.id), eq(schoolSubscriptions.status, 'active')));
    if (!current) continue;
    const basic = plan('Basic');
    const basicStart = addMonths(current.startDate, -DEFAULT_SUBSCRIPTION_MONTHS);
    const initialId = newId(basicStart.getTime());
    await tx.insert(schoolSubscriptions).values({
      schoolId: school.id,
      id: initialId,
      planId: basic.id,
      startDate: basicStart,
      endDate: current.startDate,
      status: 'cancelled',
      // Replaced by the upgrade to the current plan.
      cancelledAt: current.startDate,
      paymentStatus: 'paid',
      billingCycle: 'monthly',
      ...priceSubscription(basic.priceMinor, basic.yearlyDiscountPercent, [], 'monthly'),
      subscriptionType: 'initial',
      isInitial: true,
      changeKind: 'new',
      createdAt: basicStart,
    });
    await tx
      .update(schoolSubscriptions)
      .set({ subscriptionType: 'current', isInitial: false, changeKind: 'upgrade', previousSubscriptionId: initialId })
      .where(and(eq(schoolSubscriptions.schoolId, school.id), eq(schoolSubscriptions.id, current.id)));
    for (let month = 11; month >= 0; month--) {
      const onBasic = month >= 1;
      const at = paymentTime(now, month);
      const id = newId(at.getTime());
      receipt++;
      await tx.insert(subscriptionPayments).values({
        schoolId: school.id,
        id,
        subscriptionId: onBasic ? initialId : current.id,
        method: month % 3 === 0 ? 'card' : 'bank_transfer',
        reference: `DEMO-${String(receipt).padStart(4, '0')}`,
        amountMinor: onBasic ? basic.priceMinor : current.totalAmountMinor,
        status: 'confirmed',
        idempotencyKey: `demo-${id}`,
        receiptNumber: receiptNumberOf(id, at, school.timeZone),
        // The term as it stood when confirmed (docs/product.md, "Payments").
        periodStart: onBasic ? basicStart : current.startDate,
        periodEnd: onBasic ? current.startDate : current.endDate,
        decidedAt: at,
        createdAt: at,
        updatedAt: at,
      });
    }
  }

  // Waiting for company staff: two add-on requests and a bank transfer to confirm, each with the bell notice a
  // real request sends, so the demo's company staff find their work in the bell as well as in the lists.
  const riverside = schoolNamed('Riverside Academy');
  const demo = schoolNamed('Demo School');
  for (const [school, addonName, message] of [
    [demo, 'SMS', 'We want to text parents about absences.'],
    [riverside, 'API Access', 'Our timetable tool needs to read classes.'],
  ] as const) {
    if (!school) continue;
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.schoolId, school.id), eq(users.role, 'school_admin')));
    const requestId = newId();
    await tx.insert(addonRequests).values({
      schoolId: school.id,
      id: requestId,
      addonId: addon(addonName).id,
      message,
      requestedBy: admin?.id ?? null,
    });
    await noticeAddonRequest(tx, { id: requestId, schoolId: school.id, addon: addonName });
    if (school === riverside) {
      const paymentId = newId();
      await tx.insert(subscriptionPayments).values({
        schoolId: school.id,
        id: paymentId,
        addonRequestId: requestId,
        method: 'bank_transfer',
        reference: 'RIV-API-0001',
        amountMinor: addon(addonName).priceMinor,
        idempotencyKey: 'demo-riverside-api-access',
        receiptNumber: receiptNumberOf(paymentId, new Date(now), school.timeZone),
      });
      const { priceMinor: amountMinor, currency } = addon(addonName);
      await noticePaymentToConfirm(tx, { id: paymentId, schoolId: school.id, amountMinor, currency });
    }
  }

  // The third school: its Basic plan ran out three weeks ago, so its people see the expiry message.
  const hillsideId = await insertSchool(tx, {
    name: 'Hillside School',
    planName: 'Basic',
    address: '9 Hill Lane, Upton',
    phone: '+1 555 0300',
    email: 'office@hillside.lyceum.test',
    principalName: 'Hugo Hill',
    isDemo: true,
    subscriptionDays: -21,
  });
  const lines: string[] = [];
  for (const [role, name, prefix] of [
    ['school_admin', 'Hana Admin', 'school-admin'],
    ['teacher', 'Hal Teacher', 'teacher'],
  ] as const) {
    const email = `${prefix}@hillside.lyceum.test`;
    const accountId = await insertAccount(tx, email, passwordHash);
    await insertSchoolUser(tx, { schoolId: hillsideId, accountId, name, email, role });
    lines.push(`${role} ${email} (subscription expired)`);
  }
  // Already contacted: a school has one open contact-sales lead at a time (docs/product.md, "Sales leads, revenue
  // and usage"), and its people can still reach sales from the plan-expiry screen.
  await tx.insert(salesLeads).values({
    schoolId: hillsideId,
    id: newId(),
    kind: 'contact_sales',
    status: 'contacted',
    name: 'Hana Admin',
    email: 'school-admin@hillside.lyceum.test',
    phone: '+1 555 0301',
    message: 'Our subscription expired during the holidays. Can we renew on the Standard plan?',
  });
  // What each demo subscription billed is what its confirmed payments brought, so the seeded "paid" reads as
  // paid with nothing outstanding (docs/product.md, "Billing: what is due"), as the billing migration set it
  // for subscriptions made before it.
  await tx.execute(sql`update school_subscriptions s set billed_minor = coalesce((select sum(p.amount_minor)
      from subscription_payments p where p.school_id = s.school_id and p.subscription_id = s.id
        and p.status = 'confirmed'), 0)
    where s.school_id in (select id from schools where is_demo)`);
  return lines;
}
