import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOf } from './closed-sets.ts';
import { createdAt, id, money, schoolId, ts, updatedAt } from './columns.ts';
import { addons, plans, schoolSubscriptions, schools, users } from './schools.ts';

/** A school asks for an add-on; company staff approve (it joins the subscription) or reject with a reason. */
export const addonRequests = pgTable(
  'addon_requests',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    addonId: uuid('addon_id')
      .notNull()
      .references(() => addons.id),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    message: text('message'),
    reason: text('reason'),
    requestedBy: uuid('requested_by'),
    decidedByAccountId: uuid('decided_by_account_id'),
    decidedAt: ts('decided_at'),
    /** Set on approval: what it added to the subscription (one billing cycle of the add-on) and by which cycle. */
    amountDueMinor: money('amount_due_minor'),
    billingCycle: text('billing_cycle', { enum: ['monthly', 'yearly'] }),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('addon_requests_status_check', t.status),
    oneOf('addon_requests_billing_cycle_check', t.billingCycle),
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({
      name: 'addon_requests_user_fk',
      columns: [t.schoolId, t.requestedBy],
      foreignColumns: [users.schoolId, users.id],
    }),
    // One open request per add-on per school: a double click cannot queue two.
    uniqueIndex('addon_requests_one_pending').on(t.schoolId, t.addonId).where(sql`${t.status} = 'pending'`),
    index('addon_requests_school_status_idx').on(t.schoolId, t.status, t.createdAt),
  ],
);

/** Payments for a subscription or an add-on request, recorded by the school and confirmed by company staff. */
export const subscriptionPayments = pgTable(
  'subscription_payments',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    subscriptionId: uuid('subscription_id'),
    addonRequestId: uuid('addon_request_id'),
    method: text('method', { enum: ['bank_transfer', 'card', 'cash', 'cheque'] }).notNull(),
    reference: text('reference').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull().default('USD'),
    status: text('status', { enum: ['pending', 'confirmed', 'rejected'] })
      .notNull()
      .default('pending'),
    provider: text('provider').notNull().default('manual'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Sent with Renew on My Subscription: it pays for the renewal it asks for (docs/product.md, "Payments"). */
    renewal: boolean('renewal').notNull().default(false),
    receiptNumber: text('receipt_number').notNull(),
    /**
     * The period a confirmed subscription payment pays for, fixed when it is confirmed (docs/product.md,
     * "Payments"): a later renewal extends the subscription, never an earlier receipt.
     */
    periodStart: ts('period_start'),
    periodEnd: ts('period_end'),
    submittedBy: uuid('submitted_by'),
    decidedByAccountId: uuid('decided_by_account_id'),
    decidedAt: ts('decided_at'),
    reason: text('reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('subscription_payments_method_check', t.method),
    oneOf('subscription_payments_status_check', t.status),
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({
      name: 'subscription_payments_subscription_fk',
      columns: [t.schoolId, t.subscriptionId],
      foreignColumns: [schoolSubscriptions.schoolId, schoolSubscriptions.id],
    }),
    foreignKey({
      name: 'subscription_payments_addon_request_fk',
      columns: [t.schoolId, t.addonRequestId],
      foreignColumns: [addonRequests.schoolId, addonRequests.id],
    }),
    uniqueIndex('subscription_payments_idempotency_unique').on(t.schoolId, t.idempotencyKey),
    uniqueIndex('subscription_payments_receipt_unique').on(t.schoolId, t.receiptNumber),
    index('subscription_payments_school_status_idx').on(t.schoolId, t.status, t.createdAt),
  ],
);

/**
 * Contact-sales messages and renew/upgrade requests from schools, for company staff to follow up. `message` is
 * the school's own text only (empty when a request came without one); what the request is (its kind, plan,
 * billing cycle, the payment sent with it) is kept in columns, so each reader sees it in their own language.
 */
export const salesLeads = pgTable(
  'sales_leads',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    kind: text('kind', { enum: ['contact_sales', 'renewal', 'upgrade'] }).notNull(),
    status: text('status', { enum: ['new', 'contacted', 'closed'] })
      .notNull()
      .default('new'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    planId: uuid('plan_id').references(() => plans.id),
    /** The billing cycle a renewal or upgrade asks for. */
    billingCycle: text('billing_cycle', { enum: ['monthly', 'yearly'] }),
    /** The payment sent with Renew on My Subscription, which this renewal request goes with. */
    paymentId: uuid('payment_id'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('sales_leads_kind_check', t.kind),
    oneOf('sales_leads_status_check', t.status),
    oneOf('sales_leads_billing_cycle_check', t.billingCycle),
    foreignKey({
      name: 'sales_leads_payment_fk',
      columns: [t.schoolId, t.paymentId],
      foreignColumns: [subscriptionPayments.schoolId, subscriptionPayments.id],
    }),
    primaryKey({ columns: [t.schoolId, t.id] }),
    index('sales_leads_school_status_idx').on(t.schoolId, t.status, t.createdAt),
  ],
);

/**
 * API keys (API Access add-on). The key is `lyk_<school hex>_<secret>`; only its SHA-256 is stored, so it
 * can be shown once and never again. The school in the key lets the lookup use a tenant index.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    createdBy: uuid('created_by').notNull(),
    revokedAt: ts('revoked_at'),
    lastUsedAt: ts('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    foreignKey({
      name: 'api_keys_creator_fk',
      columns: [t.schoolId, t.createdBy],
      foreignColumns: [users.schoolId, users.id],
    }),
    uniqueIndex('api_keys_hash_unique').on(t.schoolId, t.keyHash),
    check('api_keys_scopes_check', sql`${t.scopes} <@ array['read', 'write']::text[]`),
  ],
);

/** One counter row per school per calendar month (UTC), bumped by an upsert: never a row per call. */
export const apiUsage = pgTable(
  'api_usage',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    month: date('month', { mode: 'string' }).notNull(),
    calls: integer('calls').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.id] }), uniqueIndex('api_usage_month_unique').on(t.schoolId, t.month)],
);

/**
 * A company staff member's billing change (assign a plan, renew) kept with its answer under the request's
 * Idempotency-Key, so a retried or doubled request changes nothing and answers the first answer
 * (docs/product.md, "Billing: what is due"). `request` fingerprints what was asked (the action and its body): the
 * same key for another request is refused. Kept 24 hours (BILLING_KEY_HOURS), then deleted by the
 * subscription sweep; no foreign key to the staff member, so a key never holds a staff row back.
 */
export const billingRequests = pgTable(
  'billing_requests',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    staffId: uuid('staff_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    request: text('request').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.id] }),
    // No index on created_at alone: the sweep reads a day of staff changes, a table too small to need one.
    uniqueIndex('billing_requests_key_unique').on(t.schoolId, t.staffId, t.idempotencyKey),
  ],
);
