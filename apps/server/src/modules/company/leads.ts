import type {
  ContactSalesRequest,
  LapsedContactSalesRequest,
  Lead,
  LeadListQuery,
  LeadListResponse,
  SubscriptionChangeRequest,
  UpdateLeadRequest,
} from '@lyceum/shared/company';
import { SUBSCRIPTION_REQUEST_MESSAGES } from '@lyceum/shared/company';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { plans, salesLeads, schools, subscriptionPayments } from '../../db/schema/index.ts';
import { withSystem, withTenant } from '../../db/tenancy.ts';
import type { Deps } from '../../deps.ts';
import { type Actor, type PublicActor, tenantOf } from '../../lib/actor.ts';
import { audit } from '../../db/audit.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { identifySchoolUser } from '../auth/index.ts';
import { inPageOrder, keysetPage, type SortKey } from '../../lib/list-page.ts';
import { noticeLead } from './staff-notices.ts';
import { latestSubscription } from './subscriptions.ts';

function leadQuery(tx: Tx) {
  return tx
    .select({
      l: salesLeads,
      schoolName: schools.name,
      planName: plans.name,
      receiptNumber: subscriptionPayments.receiptNumber,
    })
    .from(salesLeads)
    .innerJoin(schools, eq(schools.id, salesLeads.schoolId))
    .leftJoin(plans, eq(plans.id, salesLeads.planId))
    .leftJoin(
      subscriptionPayments,
      and(eq(subscriptionPayments.schoolId, salesLeads.schoolId), eq(subscriptionPayments.id, salesLeads.paymentId)),
    );
}
type LeadRow = Awaited<ReturnType<ReturnType<typeof leadQuery>['execute']>>[number];

function toLead(row: LeadRow): Lead {
  const l = row.l;
  return {
    id: l.id,
    schoolId: l.schoolId,
    schoolName: row.schoolName,
    kind: l.kind,
    status: l.status,
    name: l.name,
    email: l.email,
    phone: l.phone,
    message: l.message,
    planName: row.planName,
    billingCycle: l.billingCycle,
    receiptNumber: row.receiptNumber,
    createdAt: l.createdAt.toISOString(),
  };
}

const NEWEST_FIRST: SortKey = { expr: sql`${salesLeads.createdAt}`, cast: 'timestamptz', dir: 'desc' };

async function leadById(tx: Tx, id: string) {
  const [row] = await leadQuery(tx).where(eq(salesLeads.id, id));
  if (!row) throw notFound('Lead not found');
  return row;
}

async function insertLead(
  tx: Tx,
  actor: Actor,
  values: Omit<typeof salesLeads.$inferInsert, 'schoolId' | 'id' | 'createdBy'>,
): Promise<Lead> {
  const schoolId = actor.schoolId as string;
  const id = newId();
  await tx.insert(salesLeads).values({ ...values, schoolId, id, createdBy: actor.profileId });
  await audit(tx, actor, {
    schoolId,
    action: `lead.${values.kind}`,
    entity: 'lead',
    entityId: id,
    after: { kind: values.kind },
  });
  await noticeLead(tx, { id, schoolId, name: values.name, kind: values.kind });
  return toLead(await leadById(tx, id));
}

/**
 * The contact-sales modal: any school user may leave a message for the company's sales staff, one open at a
 * time per school (assertNoOpenRequest).
 */
export function contactSales(deps: Deps, actor: Actor, input: z.output<typeof ContactSalesRequest>): Promise<Lead> {
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    await assertNoOpenRequest(tx, actor.schoolId as string, 'contact_sales', null);
    return insertLead(tx, actor, {
      kind: 'contact_sales',
      name: input.name,
      email: input.email,
      phone: input.phone?.trim() || null,
      message: input.message,
    });
  });
}

/**
 * The plan-expiry screen's contact-sales modal after a refused sign-in: the credentials identify the school
 * user (identifySchoolUser applies sign-in's lockout and no-enumeration rules); the lead is theirs, no session made.
 */
export async function contactSalesLapsed(
  deps: Deps,
  actor: PublicActor,
  input: z.output<typeof LapsedContactSalesRequest>,
): Promise<void> {
  const who = await identifySchoolUser(deps, { ...input, ip: actor.ip });
  await withSystem(deps.db, async (tx) => {
    await assertNoOpenRequest(tx, who.schoolId, 'contact_sales', null);
    const id = newId();
    await tx.insert(salesLeads).values({
      schoolId: who.schoolId,
      id,
      kind: 'contact_sales',
      name: who.name,
      email: who.email,
      phone: input.phone?.trim() || who.phone,
      message: input.message,
      createdBy: who.userId,
    });
    await audit(
      tx,
      { accountId: who.accountId, role: who.role },
      { schoolId: who.schoolId, action: 'lead.contact_sales', entity: 'lead', entityId: id, after: { lapsed: true } },
    );
    await noticeLead(tx, { id, schoolId: who.schoolId, name: who.name });
  });
}

/**
 * The school's request lock, held to the end of the transaction: requests and payments that notify every
 * company staff member check for an open one and record theirs one after the other.
 */
export async function lockSchoolRequests(tx: Tx, schoolId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`subscription-request:${schoolId}`}, 0))`);
}

const refusalOfOpen = {
  renewal: SUBSCRIPTION_REQUEST_MESSAGES.renewalPending,
  upgrade: SUBSCRIPTION_REQUEST_MESSAGES.upgradePending,
  contact_sales: SUBSCRIPTION_REQUEST_MESSAGES.contactSalesPending,
} as const;

/**
 * The same request while one like it is still new is refused (like a second add-on request): a school could
 * otherwise fill every company staff member's bell with copies (docs/product.md, "Sales leads, revenue and
 * usage"). Takes the school's request lock, so call it in the transaction that then records the request.
 */
export async function assertNoOpenRequest(
  tx: Tx,
  schoolId: string,
  kind: keyof typeof refusalOfOpen,
  planId: string | null,
): Promise<void> {
  await lockSchoolRequests(tx, schoolId);
  const [open] = await tx
    .select({ id: salesLeads.id })
    .from(salesLeads)
    .where(
      and(
        eq(salesLeads.schoolId, schoolId),
        eq(salesLeads.kind, kind),
        eq(salesLeads.status, 'new'),
        sql`${salesLeads.planId} is not distinct from ${planId}::uuid`,
      ),
    )
    .limit(1);
  if (open) throw new AppError('conflict', refusalOfOpen[kind]);
}

/**
 * Records a renewal or upgrade request; the caller has run assertNoOpenRequest in the same transaction. What it
 * asks for is kept as data (kind, plan, billing cycle, the renewal's payment), never as words of ours in the
 * message, which is the school's own text: each reader words the rest in their language.
 */
export function insertSubscriptionRequest(
  tx: Tx,
  actor: Actor,
  input: {
    kind: 'renewal' | 'upgrade';
    planId?: string | undefined;
    billingCycle?: 'monthly' | 'yearly' | undefined;
    message?: string | undefined;
    paymentId?: string | undefined;
  },
): Promise<Lead> {
  return insertLead(tx, actor, {
    kind: input.kind,
    name: actor.name,
    email: actor.email,
    phone: actor.phone,
    message: input.message?.trim() ?? '',
    planId: input.planId ?? null,
    billingCycle: input.billingCycle ?? null,
    paymentId: input.paymentId ?? null,
  });
}

/**
 * My subscription's upgrade button (and a renewal asked for without paying): a request company staff act on.
 * A cancelled subscription is neither renewed nor changed (the company assigns a plan instead), so neither is
 * asked for: the school contacts sales (docs/product.md, "Statuses, expiry and renewal").
 */
export function requestSubscriptionChange(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof SubscriptionChangeRequest>,
): Promise<Lead> {
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    const latest = await latestSubscription(tx, actor.schoolId as string);
    if (latest?.status === 'cancelled') {
      const M = SUBSCRIPTION_REQUEST_MESSAGES;
      throw new AppError('rule', input.kind === 'renewal' ? M.cancelledNotRenewable : M.cancelledNoPlanChange);
    }
    if (input.planId) {
      const [plan] = await tx
        .select({ id: plans.id, isActive: plans.isActive })
        .from(plans)
        .where(eq(plans.id, input.planId));
      if (!plan?.isActive) throw invalid('Choose one of the offered plans', { planId: 'Choose a plan' });
    }
    await assertNoOpenRequest(tx, actor.schoolId as string, input.kind, input.planId ?? null);
    return insertSubscriptionRequest(tx, actor, input);
  });
}

export async function listLeads(
  deps: Deps,
  actor: Actor,
  query: z.output<typeof LeadListQuery>,
): Promise<LeadListResponse> {
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    const matching = tx
      .select({ id: salesLeads.id, sortValue: NEWEST_FIRST.expr.as('sort_value') })
      .from(salesLeads)
      .where(
        and(
          query.status ? eq(salesLeads.status, query.status) : undefined,
          query.kind ? eq(salesLeads.kind, query.kind) : undefined,
        ),
      );
    const load = async (ids: string[]) => {
      const rows = ids.length ? await leadQuery(tx).where(inArray(salesLeads.id, ids)) : [];
      return inPageOrder(ids, rows, (r) => r.l.id).map(toLead);
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

export async function updateLeadStatus(
  deps: Deps,
  actor: Actor,
  { id, status }: UpdateLeadRequest & { id: string },
): Promise<Lead> {
  return withTenant(deps.db, tenantOf(actor), async (tx) => {
    const row = await leadById(tx, id);
    await tx
      .update(salesLeads)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(salesLeads.schoolId, row.l.schoolId), eq(salesLeads.id, id)));
    await audit(tx, actor, {
      schoolId: row.l.schoolId,
      action: 'lead.updated',
      entity: 'lead',
      entityId: id,
      before: { status: row.l.status },
      after: { status },
    });
    return toLead(await leadById(tx, id));
  });
}
