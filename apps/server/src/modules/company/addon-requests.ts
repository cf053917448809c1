import { messageOf, SCHOOL_NOTIFICATION_MESSAGES as N } from '@lyceum/shared/notifications';
import type {
  AddonRequest,
  AddonRequestListQuery,
  AddonRequestListResponse,
  CreateAddonRequest,
  MarketplaceResponse,
  ReasonRequest,
} from '@lyceum/shared/company';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { outstandingMinor } from '@lyceum/shared/subscription-rules';
import {
  addonRequests,
  addons,
  schoolSubscriptions,
  schools,
  subscriptionPayments,
  users,
} from '../../db/schema/index.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { Deps } from '../../deps.ts';
import { type Actor, tenantOf } from '../../lib/actor.ts';
import { audit } from '../../db/audit.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { pgCode } from '../../lib/pg-errors.ts';
import { toAddon } from './catalog.ts';
import { notifySchoolAdmins } from './notify.ts';
import { requestCharge } from './billing.ts';
import { assertRequestNotPaid, rejectPaymentsOfRequest } from './payments.ts';
import { noticeAddonRequest, noticeAddonRequestDecided } from './staff-notices.ts';
import { inPageOrder, keysetPage, type SortKey } from '../../lib/list-page.ts';
import { byName } from '../../lib/search.ts';
import {
  activeSubscriptionRow,
  addAddonToSubscription,
  lockSchoolSubscriptions,
  settleLapsed,
} from './subscriptions.ts';

const requestColumns = {
  r: addonRequests,
  schoolName: schools.name,
  addonName: addons.name,
  priceMinor: addons.priceMinor,
  currency: addons.currency,
  addonActive: addons.isActive,
  requestedByName: users.name,
  /** The cycle a request not approved yet would be charged by: the school's active subscription's. */
  activeCycle: schoolSubscriptions.billingCycle,
  paidMinor: sql<number>`(select coalesce(sum(p.amount_minor), 0)::bigint from ${subscriptionPayments} p
    where p.school_id = ${addonRequests.schoolId} and p.addon_request_id = ${addonRequests.id}
      and p.status = 'confirmed')`,
};

function requestQuery(tx: Tx) {
  return tx
    .select(requestColumns)
    .from(addonRequests)
    .innerJoin(schools, eq(schools.id, addonRequests.schoolId))
    .innerJoin(addons, eq(addons.id, addonRequests.addonId))
    .leftJoin(users, and(eq(users.schoolId, addonRequests.schoolId), eq(users.id, addonRequests.requestedBy)))
    .leftJoin(
      schoolSubscriptions,
      and(eq(schoolSubscriptions.schoolId, addonRequests.schoolId), eq(schoolSubscriptions.status, 'active')),
    );
}

type RequestRow = Awaited<ReturnType<ReturnType<typeof requestQuery>['execute']>>[number];

function toAddonRequest(row: RequestRow): AddonRequest {
  const charge = requestCharge(row.r, row.priceMinor, row.activeCycle);
  return {
    id: row.r.id,
    schoolId: row.r.schoolId,
    schoolName: row.schoolName,
    addonId: row.r.addonId,
    addonName: row.addonName,
    priceMinor: row.priceMinor,
    currency: row.currency,
    ...charge,
    outstandingMinor: outstandingMinor(charge.amountDueMinor, Number(row.paidMinor)),
    status: row.r.status,
    message: row.r.message,
    reason: row.r.reason,
    requestedByName: row.requestedByName,
    decidedAt: row.r.decidedAt?.toISOString() ?? null,
    createdAt: row.r.createdAt.toISOString(),
  };
}

const NEWEST_FIRST: SortKey = { expr: sql`${addonRequests.createdAt}`, cast: 'timestamptz', dir: 'desc' };

/** Company staff see every school's requests; a school admin sees their own (row-level security decides). */
export async function listAddonRequests(
  deps: Deps,
  actor: Actor,
  query: z.output<typeof AddonRequestListQuery>,
): Promise<AddonRequestListResponse> {
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    const matching = tx
      .select({ id: addonRequests.id, sortValue: NEWEST_FIRST.expr.as('sort_value') })
      .from(addonRequests)
      .where(
        and(
          query.status ? eq(addonRequests.status, query.status) : undefined,
          query.id ? eq(addonRequests.id, query.id) : undefined,
        ),
      );
    const load = async (ids: string[]) => {
      const rows = ids.length ? await requestQuery(tx).where(inArray(addonRequests.id, ids)) : [];
      return inPageOrder(ids, rows, (r) => r.r.id).map(toAddonRequest);
    };
    const { items, nextCursor } = await keysetPage(
      tx,
      matching,
      NEWEST_FIRST,
      query.cursor,
      query.limit,
      load,
      undefined,
      'Invalid cursor',
    );
    return { items, nextCursor };
  });
}

async function requestById(tx: Tx, id: string): Promise<RequestRow> {
  const [row] = await requestQuery(tx).where(eq(addonRequests.id, id));
  if (!row) throw notFound('Addon request not found');
  return row;
}

export async function createAddonRequest(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof CreateAddonRequest>,
): Promise<AddonRequest> {
  const schoolId = actor.schoolId as string;
  const now = deps.clock();
  try {
    return await withTenant(deps.db, tenantOf(actor), async (tx) => {
      const [addon] = await tx.select().from(addons).where(eq(addons.id, input.addonId));
      if (!addon?.isActive) throw invalid('Choose one of the offered add-ons', { addonId: 'Unknown add-on' });
      await settleLapsed(tx, schoolId, now);
      const sub = await activeSubscriptionRow(tx, schoolId);
      if (sub?.addonIds.includes(addon.id)) throw new AppError('conflict', `Your school already has ${addon.name}.`);
      const id = newId();
      await tx.insert(addonRequests).values({
        schoolId,
        id,
        addonId: addon.id,
        message: input.message?.trim() || null,
        requestedBy: actor.profileId,
      });
      await audit(tx, actor, {
        schoolId,
        action: 'addon_request.created',
        entity: 'addon_request',
        entityId: id,
        after: { addon: addon.name },
      });
      await noticeAddonRequest(tx, { id, schoolId, addon: addon.name });
      return toAddonRequest(await requestById(tx, id));
    });
  } catch (err) {
    if (pgCode(err) === '23505')
      throw new AppError('conflict', 'This add-on has already been requested and is awaiting approval.');
    throw err;
  }
}

async function pendingRequest(tx: Tx, id: string) {
  const row = await requestById(tx, id);
  if (row.r.status !== 'pending') throw new AppError('conflict', `This request was already ${row.r.status}.`);
  return row;
}

/**
 * Approval adds the add-on to the active subscription (its total grows by one billing cycle of the add-on, the
 * rest as sold), records that charge on the request, which its payments pay, and tells the school admins.
 */
export async function approveAddonRequest(deps: Deps, actor: Actor, { id }: { id: string }): Promise<AddonRequest> {
  const now = deps.clock();
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    // The row lock orders this with another decision on the request (a second approval, a rejection) and with a
    // confirmation of its payment running at the same time: the later one finds the request decided.
    await tx.select({ id: addonRequests.id }).from(addonRequests).where(eq(addonRequests.id, id)).for('update');
    const row = await pendingRequest(tx, id);
    // Deactivated means no longer offered: holders keep it, a request still open cannot add it any more.
    if (!row.addonActive)
      throw new AppError('rule', `${row.addonName} is no longer offered. Reject the request instead.`);
    const schoolId = row.r.schoolId;
    await lockSchoolSubscriptions(tx, schoolId);
    await settleLapsed(tx, schoolId, now);
    const sub = await activeSubscriptionRow(tx, schoolId);
    if (!sub) throw new AppError('rule', 'This school has no active subscription to add the add-on to.');
    const before = { addonIds: sub.addonIds, total: sub.totalAmountMinor };
    const { row: updated, chargeMinor } = await addAddonToSubscription(
      tx,
      sub,
      { id: row.r.addonId, priceMinor: row.priceMinor },
      now,
    );
    await tx
      .update(addonRequests)
      .set({
        status: 'approved',
        decidedAt: now,
        decidedByAccountId: actor.accountId,
        amountDueMinor: chargeMinor,
        billingCycle: sub.billingCycle,
      })
      .where(and(eq(addonRequests.schoolId, schoolId), eq(addonRequests.id, id)));
    await notifySchoolAdmins(
      tx,
      schoolId,
      'addons',
      messageOf(N.addonActiveTitle, row.addonName),
      messageOf(N.addonActiveBody, row.addonName),
    );
    await noticeAddonRequestDecided(tx, actor, { id, schoolId, addon: row.addonName, status: 'approved' });
    await audit(tx, actor, {
      schoolId,
      action: 'addon_request.approved',
      entity: 'addon_request',
      entityId: id,
      after: { addon: row.addonName },
    });
    await audit(tx, actor, {
      schoolId,
      action: 'subscription.addon_added',
      entity: 'subscription',
      entityId: sub.id,
      before,
      after: { addonIds: updated.addonIds, total: updated.totalAmountMinor },
    });
    return toAddonRequest(await requestById(tx, id));
  });
}

export async function rejectAddonRequest(
  deps: Deps,
  actor: Actor,
  { id, reason }: ReasonRequest & { id: string },
): Promise<AddonRequest> {
  const now = deps.clock();
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    // The row lock orders this with a confirmation of the request's payment running at the same time.
    await tx.select({ id: addonRequests.id }).from(addonRequests).where(eq(addonRequests.id, id)).for('update');
    const row = await pendingRequest(tx, id);
    const schoolId = row.r.schoolId;
    await assertRequestNotPaid(tx, schoolId, id);
    await tx
      .update(addonRequests)
      .set({ status: 'rejected', reason, decidedAt: now, decidedByAccountId: actor.accountId })
      .where(and(eq(addonRequests.schoolId, schoolId), eq(addonRequests.id, id)));
    await notifySchoolAdmins(tx, schoolId, 'addons', messageOf(N.addonDeclinedTitle, row.addonName), reason);
    await noticeAddonRequestDecided(tx, actor, { id, schoolId, addon: row.addonName, status: 'rejected' });
    // A rejected request is not payable (docs/product.md, "Payments"): its pending payment is rejected with it.
    await rejectPaymentsOfRequest(tx, actor, schoolId, id, reason, now);
    await audit(tx, actor, {
      schoolId,
      action: 'addon_request.rejected',
      entity: 'addon_request',
      entityId: id,
      after: { reason },
    });
    return toAddonRequest(await requestById(tx, id));
  });
}

/** The add-ons on offer, with what the school holds (bought or in its plan) and its open requests. */
export async function marketplace(deps: Deps, actor: Actor): Promise<MarketplaceResponse> {
  const schoolId = actor.schoolId as string;
  const now = deps.clock();
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    await settleLapsed(tx, schoolId, now);
    const sub = await activeSubscriptionRow(tx, schoolId);
    const planAddons = sub
      ? ((
          (await tx.execute<{ ids: string[] }>(sql`select addon_ids as ids from plans where id = ${sub.planId}`))
            .rows[0] as { ids: string[] } | undefined
        )?.ids ?? [])
      : [];
    const pending = await tx
      .select({ id: addonRequests.id, addonId: addonRequests.addonId })
      .from(addonRequests)
      .where(and(eq(addonRequests.schoolId, schoolId), eq(addonRequests.status, 'pending')));
    const rows = await tx
      .select()
      .from(addons)
      .where(eq(addons.isActive, true))
      .orderBy(addons.priceMinor, byName(addons.name));
    return {
      items: rows.map((a) => ({
        ...toAddon(a),
        owned: Boolean(sub?.addonIds.includes(a.id)) || planAddons.includes(a.id),
        includedInPlan: planAddons.includes(a.id),
        pendingRequestId: pending.find((p) => p.addonId === a.id)?.id ?? null,
      })),
    };
  });
}
