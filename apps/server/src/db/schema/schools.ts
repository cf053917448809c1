import { sql } from 'drizzle-orm';
import { DATE_FORMATS, LANGUAGES, WEEK_STARTS } from '@lyceum/shared/locale';
import {
  boolean,
  check,
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
import { accounts } from './identity.ts';

/** The tenant root. Row-level security keys it on `id` (every other tenant table on `school_id`). */
export const schools = pgTable(
  'schools',
  {
    id: id().primaryKey(),
    name: text('name').notNull(),
    address: text('address'),
    phone: text('phone'),
    email: text('email'),
    principalName: text('principal_name'),
    logo: text('logo'),
    /** White Label theme colour (issue 3); shown only while the school holds the add-on. */
    brandColor: text('brand_color'),
    isActive: boolean('is_active').notNull().default(true),
    adminIds: uuid('admin_ids').array().notNull().default(sql`'{}'::uuid[]`),
    isDemo: boolean('is_demo').notNull().default(false),
    /** Signed up publicly and its admin has not opened the verification link yet: it sends no mail. */
    awaitingMailVerification: boolean('awaiting_mail_verification').notNull().default(false),
    /**
     * The account that signed the school up publicly (null for schools the company made): while the school
     * waits for verification, the verification link goes to this account's address only.
     */
    signupAccountId: uuid('signup_account_id').references(() => accounts.id),
    /** The school's language, clock and money (docs/product.md, "Language, time zone and currency"). */
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    timeZone: text('time_zone').notNull().default('UTC'),
    currency: text('currency').notNull().default('USD'),
    dateFormat: text('date_format', { enum: DATE_FORMATS }).notNull().default('medium'),
    weekStart: text('week_start', { enum: WEEK_STARTS }).notNull().default('monday'),
    /** Attendance settings (docs/product.md, "Attendance settings, trend and exports"). */
    attendanceThreshold: integer('attendance_threshold').notNull().default(90),
    attendanceAlertLate: boolean('attendance_alert_late').notNull().default(false),
    attendanceByPeriod: boolean('attendance_by_period').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('schools_language_check', t.language),
    oneOf('schools_date_format_check', t.dateFormat),
    oneOf('schools_week_start_check', t.weekStart),
    check('schools_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('schools_attendance_threshold_check', sql`${t.attendanceThreshold} between 0 and 100`),
  ],
);

export const users = pgTable(
  'users',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    /**
     * The name's sort key (lib/search.ts nameKey; docs/product.md, "Sorting by name"), computed by PostgreSQL and
     * never written by us; collation "C" (migration 0033_name-key-column.sql, which drizzle cannot express).
     */
    nameKey: text('name_key').generatedAlwaysAs(sql`lyceum_name_key(name)`),
    email: text('email').notNull(),
    phone: text('phone'),
    role: text('role', { enum: ['school_admin', 'principal', 'teacher', 'student', 'parent'] }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    classId: uuid('class_id'),
    profileImage: text('profile_image'),
    lastLoginAt: ts('last_login_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    oneOf('users_role_check', t.role),
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('users_school_account_unique').on(t.schoolId, t.accountId),
    index('users_school_role_idx').on(t.schoolId, t.role),
    // Also users_school_role_name_key_idx on (school_id, role, name_key, name collate "C", id) with INCLUDE columns,
    // the people lists' order and cursor: migration 0033_name-key-column.sql (first 0029_name-sort-key.sql).
    index('users_account_idx').on(t.accountId),
    // The few deactivated people of a school, which the class counts leave out (class list, today by class):
    // migration 0024. (An index on students by class was tried with it and dropped: under row-level security
    // PostgreSQL then began the parent dashboard's reads from every class's students instead of the children.)
    index('users_inactive_idx').on(t.schoolId, t.id).where(sql`not ${t.isActive}`),
  ],
);

export const plans = pgTable(
  'plans',
  {
    id: id().primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull().default('USD'),
    billingPeriod: text('billing_period', { enum: ['monthly', 'yearly'] })
      .notNull()
      .default('monthly'),
    limits: jsonb('limits').$type<Record<string, number>>().notNull(),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    addonIds: uuid('addon_ids').array().notNull().default(sql`'{}'::uuid[]`),
    color: text('color').notNull().default('#2563eb'),
    yearlyDiscountPercent: integer('yearly_discount_percent').notNull().default(0),
    isPopular: boolean('is_popular').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** Public sign-up may start a trial on it (docs/product.md, "Trial schools and mail"). */
    trialAllowed: boolean('trial_allowed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('plans_billing_period_check', t.billingPeriod),
    uniqueIndex('plans_name_unique').on(sql`lower(${t.name})`),
  ],
);

export const addons = pgTable(
  'addons',
  {
    id: id().primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    icon: text('icon').notNull().default('puzzle'),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull().default('USD'),
    billingPeriod: text('billing_period', { enum: ['monthly', 'yearly'] })
      .notNull()
      .default('monthly'),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('addons_billing_period_check', t.billingPeriod),
    uniqueIndex('addons_name_unique').on(sql`lower(${t.name})`),
  ],
);

export const schoolSubscriptions = pgTable(
  'school_subscriptions',
  {
    schoolId: schoolId().references(() => schools.id),
    id: id(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    addonIds: uuid('addon_ids').array().notNull().default(sql`'{}'::uuid[]`),
    startDate: ts('start_date').notNull(),
    endDate: ts('end_date').notNull(),
    status: text('status', { enum: ['active', 'expired', 'cancelled'] }).notNull(),
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** From billedMinor and the confirmed payments (paymentStatusOf); `none` while nothing was billed nor paid. */
    paymentStatus: text('payment_status', { enum: ['none', 'pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    billingCycle: text('billing_cycle', { enum: ['monthly', 'yearly'] })
      .notNull()
      .default('monthly'),
    totalAmountMinor: money('total_amount_minor').notNull(),
    currency: text('currency').notNull().default('USD'),
    subscriptionType: text('subscription_type', { enum: ['initial', 'current'] }).notNull(),
    isInitial: boolean('is_initial').notNull(),
    isTrial: boolean('is_trial').notNull().default(false),
    previousSubscriptionId: uuid('previous_subscription_id'),
    /** Against the previous plan's price (docs/product.md, "Subscriptions and plans"); the history counters are counted from it. */
    changeKind: text('change_kind', { enum: ['new', 'upgrade', 'downgrade', 'same'] })
      .notNull()
      .default('new'),
    /** The parts of totalAmountMinor (plan net of discount + add-ons), kept so totals can be checked. */
    planAmountMinor: money('plan_amount_minor').notNull().default(0),
    addonsAmountMinor: money('addons_amount_minor').notNull().default(0),
    discountMinor: money('discount_minor').notNull().default(0),
    /**
     * What the subscription has billed so far (docs/product.md, "Billing: what is due"): its total once per
     * billing cycle of the period it was assigned, renewed or automatically renewed for; 0 for a trial.
     */
    billedMinor: money('billed_minor').notNull().default(0),
    paidAt: ts('paid_at'),
    /** When company staff cancelled it, or a new plan replaced it: where a cancelled subscription's access ended. */
    cancelledAt: ts('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('school_subscriptions_status_check', t.status),
    oneOf('school_subscriptions_payment_status_check', t.paymentStatus),
    oneOf('school_subscriptions_billing_cycle_check', t.billingCycle),
    oneOf('school_subscriptions_type_check', t.subscriptionType),
    oneOf('school_subscriptions_change_kind_check', t.changeKind),
    primaryKey({ columns: [t.schoolId, t.id] }),
    uniqueIndex('school_subscriptions_one_active').on(t.schoolId).where(sql`${t.status} = 'active'`),
    index('school_subscriptions_school_status_idx').on(t.schoolId, t.status, t.endDate),
    foreignKey({
      name: 'school_subscriptions_previous_fk',
      columns: [t.schoolId, t.previousSubscriptionId],
      foreignColumns: [t.schoolId, t.id],
    }),
  ],
);

/** Who changed what. `school_id` is null for platform-level changes (plans, company staff). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id().primaryKey(),
    schoolId: uuid('school_id'),
    actorAccountId: uuid('actor_account_id'),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_school_idx').on(t.schoolId, t.createdAt)],
);
