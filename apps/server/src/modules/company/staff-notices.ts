import type { NotificationTarget } from '@lyceum/shared/api';
import { COMPANY_NOTIFICATION_MESSAGES as M, messageOf } from '@lyceum/shared/notifications';
import { formatMoney } from '@lyceum/shared/plans';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { selectRows } from '../../db/select-rows.ts';
import { withSystem } from '../../db/tenancy.ts';
import { createCompanyNotifications } from '../notifications/index.ts';

/**
 * What company staff hear of in their bell (docs/product.md, "Notifications"): each call runs in the
 * transaction of the event itself, so a notice goes out only if the event is committed. `target` is the
 * request, payment or school it is about, which opening it leads to.
 */
async function notice(
  tx: Tx,
  target: NotificationTarget,
  title: ReturnType<typeof messageOf>,
  body: ReturnType<typeof messageOf>,
  exceptStaffId?: string,
): Promise<void> {
  await createCompanyNotifications(tx, [
    {
      type: 'other',
      title: title.text,
      body: body.text,
      message: { title: title.ref, body: body.ref },
      target,
      exceptStaffId,
    },
  ]);
}

async function schoolName(tx: Tx, schoolId: string): Promise<string> {
  const [row] = await selectRows<{ name: string }>(tx, sql`select name from schools where id = ${schoolId}`);
  return row?.name ?? '';
}

export async function noticeAddonRequest(
  tx: Tx,
  request: { id: string; schoolId: string; addon: string },
): Promise<void> {
  const { schoolId, addon } = request;
  const school = await schoolName(tx, schoolId);
  const target = { kind: 'addonRequest' as const, id: request.id, status: 'pending' as const };
  await notice(tx, target, messageOf(M.addonRequestTitle, addon), messageOf(M.addonRequestBody, school, addon));
}

export async function noticePaymentToConfirm(
  tx: Tx,
  payment: { id: string; schoolId: string; amountMinor: number; currency: string },
): Promise<void> {
  const school = await schoolName(tx, payment.schoolId);
  const amount = formatMoney(payment.amountMinor, payment.currency);
  const target = { kind: 'payment' as const, id: payment.id, status: 'pending' as const };
  await notice(tx, target, messageOf(M.paymentTitle, school), messageOf(M.paymentBody, school, amount));
}

/** A sales lead, worded by what it asks: to be contacted, a renewal or an upgrade. Opens the lead itself. */
export async function noticeLead(
  tx: Tx,
  lead: { id: string; schoolId: string; name: string; kind?: 'contact_sales' | 'renewal' | 'upgrade' },
): Promise<void> {
  const school = await schoolName(tx, lead.schoolId);
  const body = { contact_sales: M.leadBody, renewal: M.renewalLeadBody, upgrade: M.upgradeLeadBody }[
    lead.kind ?? 'contact_sales'
  ];
  const target = { kind: 'lead' as const, id: lead.id };
  await notice(tx, target, messageOf(M.leadTitle, lead.name), messageOf(body, lead.name, school));
}

/**
 * A payment confirmed or rejected, told to the rest of the company staff (not `decider`): their open Payments
 * pages refetch on the notice (docs/product.md, "Payments"), so nobody acts on a payment already decided.
 */
export async function noticePaymentDecided(
  tx: Tx,
  decider: { profileId: string; name: string },
  payment: { id: string; schoolId: string; amountMinor: number; currency: string; status: 'confirmed' | 'rejected' },
): Promise<void> {
  const school = await schoolName(tx, payment.schoolId);
  const amount = formatMoney(payment.amountMinor, payment.currency);
  const confirmed = payment.status === 'confirmed';
  await notice(
    tx,
    { kind: 'payment', id: payment.id, status: payment.status },
    messageOf(confirmed ? M.paymentConfirmedTitle : M.paymentRejectedTitle, school),
    messageOf(confirmed ? M.paymentConfirmedBody : M.paymentRejectedBody, decider.name, school, amount),
    decider.profileId,
  );
}

/** An add-on request approved or rejected, told to the rest of the company staff as a payment's decision is. */
export async function noticeAddonRequestDecided(
  tx: Tx,
  decider: { profileId: string; name: string },
  request: { id: string; schoolId: string; addon: string; status: 'approved' | 'rejected' },
): Promise<void> {
  const school = await schoolName(tx, request.schoolId);
  const approved = request.status === 'approved';
  await notice(
    tx,
    { kind: 'addonRequest', id: request.id, status: request.status },
    messageOf(approved ? M.addonApprovedTitle : M.addonRejectedTitle, request.addon),
    messageOf(approved ? M.addonApprovedBody : M.addonRejectedBody, decider.name, school, request.addon),
    decider.profileId,
  );
}

/** The days before its end at which an active subscription is announced to company staff. */
export const EXPIRY_NOTICE_DAYS = [14, 3] as const;

/**
 * Announces active subscriptions that end within 14 days, and again within 3: once per subscription and
 * threshold (the dedupe key), however often it runs. Runs with the expiry sweep; answers how many it sent.
 */
export function noticeEndingSubscriptions(db: Database, now: Date): Promise<number> {
  return withSystem(db, async (tx) => {
    const rows = await selectRows<{ id: string; schoolId: string; school: string; endDate: string | Date }>(
      tx,
      sql`select s.id, s.school_id as "schoolId", sc.name as school, s.end_date as "endDate"
        from school_subscriptions s join schools sc on sc.id = s.school_id
        where s.status = 'active' and s.end_date > ${now.toISOString()}::timestamptz
          and s.end_date <= ${now.toISOString()}::timestamptz + interval '14 days'`,
    );
    let sent = 0;
    for (const row of rows) {
      const end = new Date(row.endDate);
      const daysLeft = Math.ceil((end.getTime() - now.getTime()) / 86_400_000);
      // Only the nearest threshold reached: a subscription found 2 days before its end is not told "14 days".
      const threshold = daysLeft <= 3 ? 3 : 14;
      const date = end.toISOString().slice(0, 10);
      const title = messageOf(M.expiringTitle, row.school, String(threshold));
      const body = messageOf(M.expiringBody, row.school, date);
      const made = await createCompanyNotifications(tx, [
        {
          type: 'other',
          title: title.text,
          body: body.text,
          message: { title: title.ref, body: body.ref },
          target: { kind: 'school', id: row.schoolId },
          dedupeKey: `subscription-ends:${row.id}:${threshold}`,
        },
      ]);
      sent += made.length;
    }
    return sent;
  });
}
