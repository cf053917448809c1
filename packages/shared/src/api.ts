import { z } from 'zod';
import { roleSchema, uuidSchema } from './auth.ts';

/** Contracts of the smaller endpoints of the foundation. */
export const HealthResponse = z.object({ status: z.literal('ok') });

export const PublicPlan = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  priceMinor: z.number().int(),
  currency: z.string(),
  billingPeriod: z.string(),
  isPopular: z.boolean(),
  color: z.string(),
  features: z.array(z.string()),
  limits: z.record(z.string(), z.number()),
  yearlyDiscountPercent: z.number(),
  /** Offered at sign-up as a trial; the other plans are bought from the marketplace. */
  trialAllowed: z.boolean(),
});
export type PublicPlan = z.infer<typeof PublicPlan>;

/**
 * What a notification is about, as our own code set it: the web app maps it to a page the reader's role may
 * open (never a stored address). Null when it is about nothing to open (docs/product.md, "Notifications").
 */
export const NotificationTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('announcement'), id: z.string() }),
  z.object({ kind: z.literal('conversation'), id: z.string() }),
  /** A child's attendance on one day (an absence or late alert to a parent). */
  z.object({ kind: z.literal('attendance'), studentId: z.string(), date: z.string() }),
  /** The school's own subscription, at the part the company notice is about. */
  z.object({ kind: z.literal('subscription'), section: z.enum(['plan', 'addons', 'payments']) }),
  /**
   * Company staff's: a school's add-on request or payment, with the status the notice tells of (the lists open
   * filtered by it), a sales lead, and a school itself (a subscription ending).
   */
  z.object({
    kind: z.literal('addonRequest'),
    id: z.string(),
    status: z.enum(['pending', 'approved', 'rejected']),
  }),
  z.object({ kind: z.literal('payment'), id: z.string(), status: z.enum(['pending', 'confirmed', 'rejected']) }),
  z.object({ kind: z.literal('lead'), id: z.string() }),
  z.object({ kind: z.literal('school'), id: z.string() }),
]);
export type NotificationTarget = z.infer<typeof NotificationTarget>;

export const Notification = z.object({
  id: z.string(),
  type: z.enum(['fee', 'attendance', 'assignment', 'announcement', 'other']),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
  target: NotificationTarget.nullable(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationList = z.object({
  items: z.array(Notification),
  unread: z.number().int(),
  /** The notifications page pages on; the bell reads the first page only. */
  nextCursor: z.string().nullable().optional(),
  total: z.number().int().optional(),
});
export type NotificationList = z.infer<typeof NotificationList>;

/** A 204 answer: no body. Declared so that every operation of the API documents its success response. */
export const NoContent = z.undefined().describe('No content');

export const IdParams = z.object({ id: uuidSchema });

export const IDEMPOTENCY_MESSAGES = {
  empty: 'Idempotency-Key cannot be empty',
  tooLong: 'Idempotency-Key is too long',
  reused:
    'This Idempotency-Key was already used for a different request. Send that request again as it was, or a new key for a new request.',
} as const;

/**
 * The Idempotency-Key header of a write that must happen once (an attendance submission, a billing change): a
 * retry sends the same key and gets the first answer back (docs/product.md, "Attendance", "Billing: what is due").
 */
export const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(1, IDEMPOTENCY_MESSAGES.empty)
    .max(200, IDEMPOTENCY_MESSAGES.tooLong)
    .optional(),
});

export const SchoolContact = z.object({
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  principalName: z.string().nullable(),
  logo: z.string().nullable(),
});
export type SchoolContact = z.infer<typeof SchoolContact>;

/** A dashboard is a list of labelled figures; each role gets its own set. */
/** The dashboards' own words (the server answers them in the request's language). */
export const DASHBOARD_MESSAGES = {
  platformOverview: 'Platform overview',
  companyOverview: 'Company overview',
  dashboard: 'Dashboard',
  schools: 'Schools',
  schoolsDeactivated: (count: number | string) => `${count} deactivated`,
  activeSubscriptions: 'Active subscriptions',
  onTrial: 'On trial',
  expired: 'Expired',
  cancelled: 'Cancelled',
  mrr: 'Monthly recurring revenue',
  mrrHint: 'Paid plans, yearly billed ÷ 12',
  schoolAccounts: 'School accounts',
  pendingAddonRequests: 'Pending add-on requests',
  paymentsToConfirm: 'Payments to confirm',
  newSalesLeads: 'New sales leads',
  unread: 'Unread notifications',
  students: 'Students',
  teachers: 'Teachers',
  parents: 'Parents',
  staff: 'Administrators and principals',
} as const;

export const DashboardStat = z.object({
  key: z.string(),
  label: z.string(),
  value: z.union([z.number(), z.string()]),
  /** With a currency the value is an amount in its minor units, written by the browser in the reader's language. */
  currency: z.string().optional(),
  hint: z.string().optional(),
});
export const DashboardResponse = z.object({
  role: roleSchema,
  title: z.string(),
  stats: z.array(DashboardStat),
  subscription: z
    .object({ planName: z.string(), status: z.string(), endDate: z.string(), daysLeft: z.number() })
    .nullable(),
});
export type DashboardResponse = z.infer<typeof DashboardResponse>;
