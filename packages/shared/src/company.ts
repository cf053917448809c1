import { z } from 'zod';
import { hasPlausibleYear } from './dates.ts';
import { INPUT_MESSAGES } from './input-messages.ts';
import { searchTooLong } from './list-search.ts';
import { pageLimit } from './page-limit.ts';
import { plainText } from './plain-text.ts';
import { SchoolContact } from './api.ts';
import {
  emailSchema,
  NAME_MAX,
  nameSchema,
  phoneSchema,
  SCHOOL_ADDRESS_MAX,
  SCHOOL_NAME_MAX,
  uuidSchema,
} from './auth.ts';
import { ADDON_KEY_LIST } from './entitlements.ts';
import { SchoolLocale } from './locale.ts';
import { DEFAULT_CURRENCY } from './plans.ts';
import { lengthFitsCycle, YEARLY_LENGTH_MESSAGE } from './subscription-rules.ts';

/**
 * The company control plane contract (issue 3). Money is integer minor units with an ISO currency; dates are
 * ISO strings; -1 in a limit means unlimited. CA = company_admin, A = admin, CU = company_user, SA = school_admin.
 * Lists take `?limit=&cursor=` and return `{ items, nextCursor }` (cursor is opaque).
 *
 * Company side (all under /api/v1/company):
 *   GET    /company/schools                         CA A CU  SchoolListQuery → SchoolListResponse
 *   POST   /company/schools                         CA A     CreateSchoolRequest → CreateSchoolResponse (201)
 *   GET    /company/schools/:id                     CA A     → SchoolDetailResponse (subscription, history, usage, admins)
 *   PATCH  /company/schools/:id                     CA A     UpdateSchoolRequest → CompanySchool
 *   POST   /company/schools/:id/deactivate          CA A     → CompanySchool (users signed out, sign-in refused)
 *   POST   /company/schools/:id/reactivate          CA A     → CompanySchool
 *   POST   /company/schools/:id/subscriptions       CA A     AssignSubscriptionRequest → Subscription (201); Idempotency-Key
 *   POST   /company/schools/:id/subscription/renew  CA A     RenewSubscriptionRequest → Subscription; Idempotency-Key
 *   POST   /company/schools/:id/subscription/cancel CA A     → Subscription
 *   GET    /company/plans                           CA A CU  → PlanListResponse (inactive ones too)
 *   POST   /company/plans                           CA A     PlanInput → Plan (201); 409 `Plan "{name}" already exists`
 *   PATCH  /company/plans/:id                       CA A     UpdatePlanRequest (isActive:false deactivates) → Plan
 *   GET    /company/addons                          CA A CU  → AddonListResponse
 *   POST   /company/addons                          CA A     AddonInput → Addon (201); 409 `Addon "{name}" already exists`
 *   PATCH  /company/addons/:id                      CA A     UpdateAddonRequest → Addon
 *   GET    /company/addon-requests                  CA A CU  AddonRequestListQuery → AddonRequestListResponse
 *   POST   /company/addon-requests/:id/approve      CA A     → AddonRequest (add-on joins the subscription, total recomputed)
 *   POST   /company/addon-requests/:id/reject       CA A     ReasonRequest → AddonRequest
 *   GET    /company/payments                        CA A CU  PaymentListQuery → PaymentListResponse
 *   POST   /company/payments/:id/confirm            CA A     → Payment (subscription payment marks it paid)
 *   POST   /company/payments/:id/reject             CA A     ReasonRequest → Payment
 *   GET    /company/leads                           CA A CU  LeadListQuery → LeadListResponse
 *   PATCH  /company/leads/:id                       CA A     UpdateLeadRequest → Lead
 *   GET    /company/revenue                         CA A     RevenueQuery → RevenueResponse
 *   GET    /company/revenue/export                  CA A     RevenueQuery → text/csv (attachment)
 *   GET    /company/usage                           CA A     UsageQuery → UsageResponse (closest to a limit first)
 *   GET    /company/usage/export                    CA A     UsageQuery → text/csv (attachment)
 *   GET    /dashboard (existing)                    company branch adds school counts, MRR, pending items, leads
 *
 * School side:
 *   GET    /subscription                            SA       → MySubscriptionResponse
 *   POST   /subscription/requests                   SA       SubscriptionChangeRequest → Lead (201) (renew / upgrade)
 *   POST   /sales-leads                             school roles ContactSalesRequest → Lead (201) (contact-sales modal)
 *   POST   /sales-leads/lapsed                      public   LapsedContactSalesRequest → 201 { received: true } (the modal on
 *                                                            the plan-expiry screen after a refused sign-in; e-mail +
 *                                                            password checked like sign-in, rate-limited, no session)
 *   GET    /marketplace                             SA       → MarketplaceResponse
 *   GET    /addon-requests                          SA       → AddonRequestListResponse (own school)
 *   POST   /addon-requests                          SA       CreateAddonRequest → AddonRequest (201)
 *   GET    /payments                                SA       → PaymentListResponse (own school)
 *   POST   /payments                                SA       SubmitPaymentRequest → Payment (201; 200 with the first
 *                                                            payment when the idempotency key was used before;
 *                                                            `renewal: true` also records a renewal request, 409
 *                                                            and nothing written while one is new)
 *   GET    /payments/:id/receipt                    SA CA A  → ReceiptResponse
 *   GET    /payments/:id/receipt.pdf                SA CA A  → application/pdf (Content-Disposition: attachment)
 *   GET    /api-keys                                SA       → ApiKeyListResponse (needs API Access)
 *   POST   /api-keys                                SA       CreateApiKeyRequest → CreatedApiKeyResponse (201, key shown once)
 *   POST   /api-keys/:id/revoke                     SA       → ApiKey
 *   GET    /school (existing)                       school roles → SchoolResponse (+ brand when White Label, entitlements)
 *   GET    /school/locale                           school roles → SchoolLocale (language, time zone, currency, date format, week start)
 *   PUT    /school/locale                           SA       SchoolLocale → SchoolLocale
 *   GET    /brand?school=<id>                       public   → SchoolBrand (the branded sign-in page; 404 without White Label)
 *
 * Errors: a school whose subscription lapsed mid-session gets 402 `subscription_expired` (the message of docs/product.md, "Signing in") on
 * every school route except SUBSCRIPTION_RECOVERY_ROUTES; an add-on that the school does not hold answers 402
 * `entitlement_required`; API calls beyond the plan answer 429 `api_limit_exceeded`.
 */

// ---------------------------------------------------------------- shared pieces

/** A school's status in company lists (docs/product.md, "Trials"): `cancelled` is its current subscription's, cut short by company staff. */
export const SCHOOL_STATUSES = ['active', 'trial', 'expired', 'cancelled', 'inactive'] as const;
export type SchoolStatus = (typeof SCHOOL_STATUSES)[number];
export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export const SUBSCRIPTION_STATUSES = ['active', 'expired', 'cancelled'] as const;
export const CHANGE_KINDS = ['new', 'upgrade', 'downgrade', 'same'] as const;
export const PAYMENT_METHODS = ['bank_transfer', 'card', 'cash', 'cheque'] as const;
export const PAYMENT_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export const PAYMENT_STATUSES_OF_SUBSCRIPTION = ['none', 'pending', 'paid', 'failed'] as const;
export const ADDON_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const LEAD_KINDS = ['contact_sales', 'renewal', 'upgrade'] as const;
export const LEAD_STATUSES = ['new', 'contacted', 'closed'] as const;
export const API_KEY_SCOPES = ['read', 'write'] as const;

export const PAYMENT_METHOD_LABELS: Record<(typeof PAYMENT_METHODS)[number], string> = {
  bank_transfer: 'Bank transfer',
  card: 'Card',
  cash: 'Cash',
  cheque: 'Cheque',
};

/**
 * The largest amount of money a field takes: $10,000,000.00, well inside the database's integer columns
 * (2,147,483,647); what is computed from such amounts (a total times months) is kept as bigint. Its bounds are checked before whole cents and stop there: a number past 2^53 is not a
 * "safe" integer to zod, so 1e20 would otherwise be told it has decimals (docs/product.md, "Form field messages").
 */
export const MONEY_MAX_MINOR = 1_000_000_000;
const moneySchema = z
  .number({ error: 'Enter an amount' })
  .min(0, { error: 'Amount cannot be negative', abort: true })
  .max(MONEY_MAX_MINOR, { error: 'Amount is too large', abort: true })
  .int('Amount must be in whole cents (at most 2 decimal places)');
const limitSchema = z
  .number({ error: 'Enter a number' })
  .int('Must be a whole number')
  .min(-1, 'Use -1 for unlimited')
  .max(100_000_000, 'Too large');
const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #2563eb');
const optionalText = (max: number) => z.string().trim().max(max, 'Too long');
/**
 * A text value of `schema`, or '' for none. A union that fits neither says only "Invalid input"; this one says
 * what `schema` says of text (`Enter a valid email address`: docs/product.md, "Form field messages"), and of a
 * value that is not text at all our words (`Must be text`, translated: "Validation and error messages"), as
 * every other text field does: re-raised from a schema with no type message of its own (a colour), zod's
 * English "Invalid input: expected string, received number" would pass for a message of ours.
 */
const orBlank = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z.union([schema, z.literal('')], {
    error: (issue) => {
      if (issue.code !== 'invalid_union') return undefined;
      return typeof issue.input === 'string' ? issue.errors[0]?.[0]?.message : INPUT_MESSAGES.notText;
    },
  });
const urlSchema = z
  .string()
  .trim()
  .max(2000, 'Too long')
  // The app is served over https with a CSP that loads images from itself and https only: a plain-http or
  // protocol-relative address would never show.
  .refine((v) => v === '' || /^(https:\/\/|\/(?!\/))/.test(v), 'Use an https:// address or a path on this server');
const limitQuery = pageLimit();
const cursorQuery = z.string().max(200).optional();
/**
 * The company lists' search (schools, usage): longer than a school's list search; the web's boxes stop there. A
 * longer one says so in the people lists' words, never zod's "Too big: expected string to have <=120 characters".
 */
export const COMPANY_SEARCH_MAX = 120;
const searchQuery = z.string().trim().max(COMPANY_SEARCH_MAX, searchTooLong(COMPANY_SEARCH_MAX)).optional();
const dateQuery = z.iso
  .date({ error: 'Use a date like 2026-01-31' })
  .refine(hasPlausibleYear, 'Use a date like 2026-01-31')
  .optional();

const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });

// ---------------------------------------------------------------- plans and add-ons

export const PlanLimitsSchema = z.object({
  maxStudents: limitSchema,
  maxTeachers: limitSchema,
  maxParents: limitSchema,
  maxAdmins: limitSchema,
  maxPrincipals: limitSchema,
  storageGB: limitSchema,
  apiCallsPerMonth: limitSchema,
  maxSchools: limitSchema,
});
export type PlanLimitsInput = z.infer<typeof PlanLimitsSchema>;

const featureList = z
  .array(
    z
      .string()
      .trim()
      .min(1)
      .max(120)
      .refine(...plainText('Feature')),
  )
  .max(30);
const catalogName = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(80, 'Name is too long')
  .refine(...plainText('Name'));
/** A plan or add-on priced in another currency than the platform bills in (docs/product.md, "Prices and billing cycles"). */
export const BILLING_CURRENCY_MESSAGE = 'Use USD: plans and add-ons are billed in US dollars';
/**
 * The platform bills in one currency, so a subscription's total, its upgrade or downgrade mark, MRR and revenue
 * only ever add or compare amounts of that one currency (docs/product.md, "Prices and billing cycles").
 */
const currencyCode = z
  .string()
  .regex(/^[A-Z]{3}$/, { error: 'Use a 3-letter currency code', abort: true })
  .refine((code) => code === DEFAULT_CURRENCY, BILLING_CURRENCY_MESSAGE);

/**
 * A plan's fields without their defaults. The update schemas are built from these and not with
 * `PlanInput.partial()`: zod keeps a field's default under `.partial()`, so every field a PATCH left out
 * (deactivating sends only `isActive`) would be reset to it (docs/product.md, "Plans and add-ons in the catalogue").
 */
const planFields = {
  name: catalogName,
  description: optionalText(500),
  priceMinor: moneySchema,
  currency: currencyCode,
  billingPeriod: z.enum(BILLING_CYCLES),
  limits: PlanLimitsSchema,
  features: featureList,
  addonIds: z.array(uuidSchema).max(20),
  color: colorSchema,
  yearlyDiscountPercent: z.number().int().min(0, 'Between 0 and 100').max(100, 'Between 0 and 100'),
  isPopular: z.boolean(),
  /** Public sign-up may start a trial on this plan (docs/product.md, "Trial schools and mail"). */
  trialAllowed: z.boolean(),
};
export const PlanInput = z.object({
  ...planFields,
  description: planFields.description.default(''),
  currency: planFields.currency.default('USD'),
  billingPeriod: planFields.billingPeriod.default('monthly'),
  features: planFields.features.default([]),
  addonIds: planFields.addonIds.default([]),
  color: planFields.color.default('#2563eb'),
  yearlyDiscountPercent: planFields.yearlyDiscountPercent.default(0),
  isPopular: planFields.isPopular.default(false),
  trialAllowed: planFields.trialAllowed.default(false),
});
export type PlanInput = z.input<typeof PlanInput>;
/** Changes only the fields it names. */
export const UpdatePlanRequest = z.object(planFields).partial().extend({ isActive: z.boolean().optional() });
export type UpdatePlanRequest = z.input<typeof UpdatePlanRequest>;

export const Plan = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  priceMinor: z.number().int(),
  currency: z.string(),
  billingPeriod: z.enum(BILLING_CYCLES),
  limits: PlanLimitsSchema,
  features: z.array(z.string()),
  addonIds: z.array(z.string()),
  color: z.string(),
  yearlyDiscountPercent: z.number().int(),
  isPopular: z.boolean(),
  isActive: z.boolean(),
  trialAllowed: z.boolean(),
  /** Schools whose active subscription is on this plan. */
  activeSubscriptions: z.number().int(),
});
export type Plan = z.infer<typeof Plan>;
export const PlanListResponse = z.object({ items: z.array(Plan) });
export type PlanListResponse = z.infer<typeof PlanListResponse>;

/** An add-on's fields without their defaults, for the same reason as `planFields`. */
const addonFields = {
  name: catalogName,
  description: optionalText(500),
  icon: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, 'Use an icon name like "key-round"'),
  priceMinor: moneySchema,
  currency: currencyCode,
  billingPeriod: z.enum(BILLING_CYCLES),
  features: featureList,
};
export const AddonInput = z.object({
  ...addonFields,
  description: addonFields.description.default(''),
  icon: addonFields.icon.default('puzzle'),
  currency: addonFields.currency.default('USD'),
  billingPeriod: addonFields.billingPeriod.default('monthly'),
  features: addonFields.features.default([]),
});
export type AddonInput = z.input<typeof AddonInput>;
/** Changes only the fields it names. */
export const UpdateAddonRequest = z.object(addonFields).partial().extend({ isActive: z.boolean().optional() });
export type UpdateAddonRequest = z.input<typeof UpdateAddonRequest>;

export const Addon = z.object({
  id: z.string(),
  name: z.string(),
  /** The entitlement it switches on, or null for an add-on company staff made up later. */
  key: z.enum(ADDON_KEY_LIST).nullable(),
  description: z.string(),
  icon: z.string(),
  priceMinor: z.number().int(),
  currency: z.string(),
  billingPeriod: z.enum(BILLING_CYCLES),
  features: z.array(z.string()),
  isActive: z.boolean(),
});
export type Addon = z.infer<typeof Addon>;
export const AddonListResponse = z.object({ items: z.array(Addon) });
export type AddonListResponse = z.infer<typeof AddonListResponse>;

// ---------------------------------------------------------------- subscriptions

export const Subscription = z.object({
  id: z.string(),
  schoolId: z.string(),
  planId: z.string(),
  planName: z.string(),
  addonIds: z.array(z.string()),
  addonNames: z.array(z.string()),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /**
   * When the end date passes, renew instead of expiring: one billing cycle (a month or a year) from the old
   * end date (`autoRenewalEnd`, the renewal rule of docs/product.md, "Statuses, expiry and renewal"), paymentStatus back to `pending`, audited as the
   * system (`subscription.auto_renewed`), the school admins notified that a payment is due. Detected on
   * read, at sign-in and on a lapsed session as well as by the sweep. An unpaid subscription is not
   * blocked: like every subscription, access depends on status and end date only (docs/product.md, "Statuses, expiry and renewal"), never on
   * paymentStatus; company staff follow up on the outstanding payment.
   */
  autoRenew: z.boolean(),
  /**
   * From what the subscription billed and what confirmed payments brought (docs/product.md, "Billing: what is
   * due"): `none` while nothing was billed nor paid (a free trial owes nothing), `paid` once confirmed payments
   * cover what was billed, else `pending`.
   */
  paymentStatus: z.enum(PAYMENT_STATUSES_OF_SUBSCRIPTION),
  billingCycle: z.enum(BILLING_CYCLES),
  /** What the subscription has billed so far: its total once per billing cycle of each period it ran or was renewed for (0 for a trial). */
  amountDueMinor: z.number().int(),
  /** What confirmed payments for the subscription brought. */
  paidMinor: z.number().int(),
  /** amountDueMinor less paidMinor, never below 0: what a payment for it may be at most (a renewal payment may add one cycle). */
  outstandingMinor: z.number().int(),
  /** Per billing cycle: planAmountMinor + addonsAmountMinor, the plan's part already net of discountMinor. */
  totalAmountMinor: z.number().int(),
  planAmountMinor: z.number().int(),
  addonsAmountMinor: z.number().int(),
  discountMinor: z.number().int(),
  currency: z.string(),
  subscriptionType: z.enum(['initial', 'current']),
  isInitial: z.boolean(),
  isTrial: z.boolean(),
  changeKind: z.enum(CHANGE_KINDS),
  previousSubscriptionId: z.string().nullable(),
  /** When it was cancelled (by company staff, or replaced by a new plan); null while it is not. */
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Subscription = z.infer<typeof Subscription>;

/** A school's subscription history (docs/product.md, "Assigning a plan; upgrades and downgrades"), derived from its subscriptions in one read. */
export const SubscriptionHistory = z.object({
  initialSubscriptionId: z.string().nullable(),
  currentSubscriptionId: z.string().nullable(),
  totalUpgrades: z.number().int(),
  totalDowngrades: z.number().int(),
  items: z.array(Subscription),
});
export type SubscriptionHistory = z.infer<typeof SubscriptionHistory>;

export const AssignSubscriptionRequest = z
  .object({
    planId: uuidSchema,
    billingCycle: z.enum(BILLING_CYCLES).default('monthly'),
    months: z.number().int().min(1, 'At least 1 month').max(60, 'At most 60 months').default(12),
    addonIds: z.array(uuidSchema).max(20).default([]),
    autoRenew: z.boolean().default(false),
    isTrial: z.boolean().default(false),
  })
  // A yearly subscription runs whole years (docs/product.md, "Prices and billing cycles").
  .refine((s) => lengthFitsCycle(s.months, s.billingCycle), { message: YEARLY_LENGTH_MESSAGE, path: ['months'] });
export type AssignSubscriptionRequest = z.input<typeof AssignSubscriptionRequest>;

export const RenewSubscriptionRequest = z.object({
  months: z.number().int().min(1, 'At least 1 month').max(60, 'At most 60 months').default(12),
});
export type RenewSubscriptionRequest = z.input<typeof RenewSubscriptionRequest>;

// ---------------------------------------------------------------- usage

export const USAGE_METRICS = [
  'students',
  'teachers',
  'parents',
  'admins',
  'principals',
  'storage',
  'apiCalls',
] as const;
export type UsageMetric = (typeof USAGE_METRICS)[number];
export const USAGE_LABELS: Record<UsageMetric, string> = {
  students: 'Students',
  teachers: 'Teachers',
  parents: 'Parents',
  admins: 'Admins',
  principals: 'Principals',
  storage: 'Storage',
  apiCalls: 'API calls this month',
};

export const UsageItem = z.object({
  metric: z.enum(USAGE_METRICS),
  used: z.number(),
  /** -1 = unlimited. Storage is in bytes (limit = storageGB × 1024³). */
  limit: z.number(),
  /** used / limit, 0 when unlimited. */
  ratio: z.number(),
});
export type UsageItem = z.infer<typeof UsageItem>;

// ---------------------------------------------------------------- schools

export const CompanySchool = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  principalName: z.string().nullable(),
  logo: z.string().nullable(),
  brandColor: z.string().nullable(),
  isActive: z.boolean(),
  isDemo: z.boolean(),
  status: z.enum(SCHOOL_STATUSES),
  planName: z.string().nullable(),
  /** The end date the current subscription was sold or renewed to. */
  subscriptionEndDate: z.string().nullable(),
  /**
   * When the current subscription was cancelled (by company staff, or replaced by a new plan), null while it is
   * not: a cancelled subscription's access ended then, whatever its end date (docs/product.md, "Statuses, expiry
   * and renewal"). The list shows and sorts by it instead of the end date.
   */
  subscriptionCancelledAt: z.string().nullable(),
  /** Students as the plan limit counts them: a usage figure, so null for company_user (docs/product.md, "Who may do what"). */
  studentCount: z.number().int().nullable(),
  createdAt: z.string(),
  locale: SchoolLocale,
});
export type CompanySchool = z.infer<typeof CompanySchool>;

export const SCHOOL_SORTS = ['name', 'createdAt', 'endDate', 'students'] as const;
export const SchoolListQuery = z.object({
  q: searchQuery,
  status: z.enum(SCHOOL_STATUSES, { error: 'Unknown status' }).optional(),
  sort: z.enum(SCHOOL_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  limit: limitQuery,
  cursor: cursorQuery,
});
export type SchoolListQuery = z.input<typeof SchoolListQuery>;
export const SchoolListResponse = listOf(CompanySchool).extend({ total: z.number().int() });
export type SchoolListResponse = z.infer<typeof SchoolListResponse>;

const schoolFields = {
  name: z
    .string()
    .trim()
    .min(2, 'School name is required')
    .max(SCHOOL_NAME_MAX, 'School name is too long')
    .refine(...plainText('School name')),
  address: optionalText(SCHOOL_ADDRESS_MAX)
    .refine(...plainText('Address'))
    .optional(),
  phone: phoneSchema.optional(),
  email: orBlank(emailSchema).optional(),
  principalName: optionalText(NAME_MAX)
    .refine(...plainText('Name'))
    .optional(),
  logo: urlSchema.optional(),
  brandColor: orBlank(colorSchema).optional(),
  /** The school's locale, each field optional: a new school takes DEFAULT_SCHOOL_LOCALE for what is left out. */
  ...SchoolLocale.partial().shape,
};

export const CreateSchoolRequest = z.object({
  ...schoolFields,
  admin: z.object({
    name: nameSchema,
    email: emailSchema,
    phone: phoneSchema.optional(),
    /** true: e-mail a set-password link; false: return an 18-character temporary password once. */
    sendInvitation: z.boolean().default(true),
  }),
  subscription: AssignSubscriptionRequest,
});
export type CreateSchoolRequest = z.input<typeof CreateSchoolRequest>;

export const CreateSchoolResponse = z.object({
  school: CompanySchool,
  admin: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    invitationSent: z.boolean(),
    temporaryPassword: z.string().nullable(),
  }),
  subscription: Subscription,
});
export type CreateSchoolResponse = z.infer<typeof CreateSchoolResponse>;

export const UpdateSchoolRequest = z.object(schoolFields).partial();
export type UpdateSchoolRequest = z.input<typeof UpdateSchoolRequest>;

export const SchoolAdmin = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['school_admin', 'principal']),
  isActive: z.boolean(),
  lastLoginAt: z.string().nullable(),
});

export const SchoolDetailResponse = z.object({
  school: CompanySchool,
  subscription: Subscription.nullable(),
  history: SubscriptionHistory,
  usage: z.array(UsageItem),
  admins: z.array(SchoolAdmin),
  entitlements: z.array(z.enum(ADDON_KEY_LIST)),
});
export type SchoolDetailResponse = z.infer<typeof SchoolDetailResponse>;

// ---------------------------------------------------------------- school side: my subscription, marketplace

export const MySubscriptionResponse = z.object({
  subscription: Subscription.nullable(),
  plan: Plan.omit({ activeSubscriptions: true }).nullable(),
  addons: z.array(Addon),
  usage: z.array(UsageItem),
  history: SubscriptionHistory,
  entitlements: z.array(z.enum(ADDON_KEY_LIST)),
  /** Days until the end date (negative once expired); null without a subscription or when it was cancelled. */
  daysLeft: z.number().int().nullable(),
});
export type MySubscriptionResponse = z.infer<typeof MySubscriptionResponse>;

export const MarketplaceItem = Addon.extend({
  owned: z.boolean(),
  /** Included in the plan (owned without buying it). */
  includedInPlan: z.boolean(),
  pendingRequestId: z.string().nullable(),
});
export const MarketplaceResponse = z.object({ items: z.array(MarketplaceItem) });
export type MarketplaceResponse = z.infer<typeof MarketplaceResponse>;

// ---------------------------------------------------------------- add-on requests

export const CreateAddonRequest = z.object({
  addonId: uuidSchema,
  message: optionalText(1000).optional(),
});
export type CreateAddonRequest = z.input<typeof CreateAddonRequest>;

export const AddonRequest = z.object({
  id: z.string(),
  schoolId: z.string(),
  schoolName: z.string(),
  addonId: z.string(),
  addonName: z.string(),
  /** The add-on's monthly price. */
  priceMinor: z.number().int(),
  currency: z.string(),
  /** The billing cycle it is charged by: the school's subscription's (monthly when it has none). */
  billingCycle: z.enum(BILLING_CYCLES),
  /**
   * What the request costs: one billing cycle of the add-on (twelve months of it on a yearly subscription), at
   * its price when approved, at today's until then (docs/product.md, "Billing: what is due").
   */
  amountDueMinor: z.number().int(),
  /** amountDueMinor less its confirmed payments, never below 0: what a payment for it may be at most. */
  outstandingMinor: z.number().int(),
  status: z.enum(ADDON_REQUEST_STATUSES),
  message: z.string().nullable(),
  reason: z.string().nullable(),
  requestedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AddonRequest = z.infer<typeof AddonRequest>;
export const AddonRequestListQuery = z.object({
  status: z.enum(ADDON_REQUEST_STATUSES, { error: 'Unknown status' }).optional(),
  /** One request, the one a notice opens (docs/product.md, "Notifications"): beyond the first page, or decided since. */
  id: uuidSchema.optional(),
  limit: limitQuery,
  cursor: cursorQuery,
});
export type AddonRequestListQuery = z.input<typeof AddonRequestListQuery>;
export const AddonRequestListResponse = listOf(AddonRequest);
export type AddonRequestListResponse = z.infer<typeof AddonRequestListResponse>;

export const ReasonRequest = z.object({
  reason: z.string().trim().min(3, 'Give a reason (at least 3 characters)').max(500, 'Reason is too long'),
});
export type ReasonRequest = z.infer<typeof ReasonRequest>;

// ---------------------------------------------------------------- payments

export const SubmitPaymentRequest = z
  .object({
    /** Exactly one of the two: what the payment is for. */
    subscriptionId: uuidSchema.optional(),
    addonRequestId: uuidSchema.optional(),
    method: z.enum(PAYMENT_METHODS, { error: 'Choose a payment method' }),
    reference: z
      .string()
      .trim()
      .min(1, 'Reference is required')
      .max(120, 'Reference is too long')
      .refine(...plainText('Reference')),
    amountMinor: moneySchema.refine((v) => v > 0, 'Amount must be more than 0'),
    /** Made by the client once per payment form; a resubmission with the same key returns the first payment. */
    idempotencyKey: z
      .string()
      .trim()
      .min(8, 'Invalid idempotency key')
      .max(100, 'Invalid idempotency key')
      .regex(/^[A-Za-z0-9_-]+$/, 'Invalid idempotency key'),
    /**
     * Renew on My Subscription: the payment also asks the company to renew (a renewal request). Refused whole,
     * nothing recorded, while an earlier renewal request is still new (docs/product.md, "Payments").
     */
    renewal: z.boolean().optional(),
  })
  .refine((p) => Boolean(p.subscriptionId) !== Boolean(p.addonRequestId), {
    message: 'Choose what the payment is for',
    path: ['subscriptionId'],
  })
  .refine((p) => !p.renewal || Boolean(p.subscriptionId), {
    message: 'Only a subscription payment can ask for a renewal',
    path: ['renewal'],
  });
export type SubmitPaymentRequest = z.input<typeof SubmitPaymentRequest>;

export const Payment = z.object({
  id: z.string(),
  schoolId: z.string(),
  schoolName: z.string(),
  subscriptionId: z.string().nullable(),
  addonRequestId: z.string().nullable(),
  /** What it pays for, in English: "Standard plan (monthly)" or "API Access add-on" (CSV, logs, API clients). */
  description: z.string(),
  /**
   * The same in parts, for the web app to word in the reader's language: the plan's name as typed and its
   * billing cycle for a subscription payment, or the add-on's name; null for the other kind.
   */
  planName: z.string().nullable(),
  /** The billing cycle the payment is charged by: the subscription's, or for an add-on the cycle of its request. */
  billingCycle: z.enum(BILLING_CYCLES).nullable(),
  addonName: z.string().nullable(),
  /** Sent with Renew (or Subscribe) on My Subscription: it pays for the renewal it asked for. */
  renewal: z.boolean(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  amountMinor: z.number().int(),
  /**
   * What is still outstanding, now, on the subscription or add-on request the payment is for (confirmed
   * payments counted, this one too once confirmed): the amount to compare a pending payment with.
   */
  outstandingMinor: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  receiptNumber: z.string(),
  provider: z.string(),
  reason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof Payment>;
export const PaymentListQuery = z.object({
  status: z.enum(PAYMENT_STATUSES, { error: 'Unknown status' }).optional(),
  schoolId: uuidSchema.optional(),
  /** One payment, the one a notice opens (docs/product.md, "Notifications"). */
  id: uuidSchema.optional(),
  limit: limitQuery,
  cursor: cursorQuery,
});
export type PaymentListQuery = z.input<typeof PaymentListQuery>;
export const PaymentListResponse = listOf(Payment);
export type PaymentListResponse = z.infer<typeof PaymentListResponse>;

export const ReceiptResponse = z.object({
  receiptNumber: z.string(),
  payment: Payment,
  school: z.object({ name: z.string(), address: z.string().nullable(), email: z.string().nullable() }),
  issuedBy: z.string(),
  lines: z.array(z.object({ label: z.string(), amountMinor: z.number().int() })),
  totalMinor: z.number().int(),
  /**
   * The period the payment pays for (docs/product.md, "Payments"): a subscription payment the subscription's
   * term, an add-on one billing cycle from its approval; null while that is not known yet (a renewal payment
   * before the renewal, an add-on not approved yet).
   */
  period: z.object({ start: z.string(), end: z.string() }).nullable(),
});
export type ReceiptResponse = z.infer<typeof ReceiptResponse>;

// ---------------------------------------------------------------- leads (contact sales, renew / upgrade requests)

export const ContactSalesRequest = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: phoneSchema.optional(),
  message: z.string().trim().min(1, 'Message is required').max(2000, 'Message is too long'),
});
export type ContactSalesRequest = z.input<typeof ContactSalesRequest>;

/**
 * The contact-sales modal of the plan-expiry screen, for a school user whose sign-in was refused: they prove
 * who they are with the same e-mail and password (rate-limited like sign-in), and no session is made.
 */
export const LapsedContactSalesRequest = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required').max(1024),
  phone: phoneSchema.optional(),
  message: z.string().trim().min(1, 'Message is required').max(2000, 'Message is too long'),
});
export type LapsedContactSalesRequest = z.input<typeof LapsedContactSalesRequest>;

/**
 * A school asks for a renewal, an upgrade to one plan, or contact with sales, once until the company's staff
 * take it up; it pays for a subscription or an add-on request once until they confirm or reject that payment
 * (docs/product.md, "Sales leads, revenue and usage", "Payments").
 */
export const SUBSCRIPTION_REQUEST_MESSAGES = {
  renewalPending: 'A renewal has already been requested and is awaiting a reply.',
  upgradePending: 'This upgrade has already been requested and is awaiting a reply.',
  contactSalesPending: 'Your school already has an open request to our sales team. We will be in touch soon.',
  paymentPending:
    'A payment for this subscription is already awaiting confirmation. You can submit another once it is confirmed or rejected.',
  addonPaymentPending:
    'A payment for this add-on is already awaiting confirmation. You can submit another once it is confirmed or rejected.',
  cancelledNotRenewable:
    'This subscription was cancelled and cannot be renewed. Contact our sales team to choose a plan.',
  cancelledNoPlanChange:
    'This subscription was cancelled, so its plan cannot be changed. Contact our sales team to choose a plan.',
  notCurrentRenewal: "Only your school's current subscription can be renewed.",
} as const;

/**
 * Assigning a plan (docs/product.md, "Plans and add-ons in the catalogue"): a retired add-on the school holds is
 * not carried into the new subscription; Assign plan leaves it out and says so, and a request that names it anyway
 * is refused with its name.
 */
export const ASSIGN_MESSAGES = {
  addonNotCarried: (addon: string) => `${addon} is no longer offered, so it cannot be carried over to the new plan.`,
} as const;

/**
 * What a payment may be, against what is due (docs/product.md, "Billing: what is due"), and a receipt only for
 * money received (docs/product.md, "Payments").
 */
export const BILLING_MESSAGES = {
  nothingOutstanding: 'Nothing is outstanding on this subscription.',
  addonNothingOutstanding: 'Nothing is outstanding on this add-on request.',
  moreThanOutstanding: (amount: string) => `The amount is more than the ${amount} outstanding.`,
  renewalMoreThanDue: (amount: string) => `The amount is more than the ${amount} due, the next billing cycle included.`,
  receiptPending: 'This payment is awaiting confirmation: its receipt is issued once it is confirmed.',
  receiptRejected: 'This payment was rejected, so it has no receipt.',
} as const;

export const SubscriptionChangeRequest = z.object({
  kind: z.enum(['renewal', 'upgrade'], { error: 'Choose renew or upgrade' }),
  planId: uuidSchema.optional(),
  billingCycle: z.enum(BILLING_CYCLES).optional(),
  message: optionalText(2000).optional(),
});
export type SubscriptionChangeRequest = z.input<typeof SubscriptionChangeRequest>;

export const Lead = z.object({
  id: z.string(),
  schoolId: z.string(),
  schoolName: z.string(),
  kind: z.enum(LEAD_KINDS),
  status: z.enum(LEAD_STATUSES),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** What the school wrote, as written ('' when a renewal or upgrade request came without a message). */
  message: z.string(),
  /** What a renewal or upgrade asks for, as data each reader words in their language: the plan, the billing cycle… */
  planName: z.string().nullable(),
  billingCycle: z.enum(BILLING_CYCLES).nullable(),
  /** …and the receipt number of the payment sent with a renewal request (Renew on My Subscription). */
  receiptNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type Lead = z.infer<typeof Lead>;
export const LeadListQuery = z.object({
  status: z.enum(LEAD_STATUSES, { error: 'Unknown status' }).optional(),
  kind: z.enum(LEAD_KINDS).optional(),
  limit: limitQuery,
  cursor: cursorQuery,
});
export type LeadListQuery = z.input<typeof LeadListQuery>;
export const LeadListResponse = listOf(Lead);
export type LeadListResponse = z.infer<typeof LeadListResponse>;
export const UpdateLeadRequest = z.object({ status: z.enum(LEAD_STATUSES, { error: 'Choose a status' }) });
export type UpdateLeadRequest = z.infer<typeof UpdateLeadRequest>;

// ---------------------------------------------------------------- revenue and usage

/** A range ending before it starts (equal days are one day's range); the attendance ranges say the same. */
export const DATE_RANGE_MESSAGE = 'The start date must not be after the end date';
/** Without `to` the range ends today (the server's), which the server checks against `from` itself. */
export const RevenueQuery = z
  .object({ from: dateQuery, to: dateQuery })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: DATE_RANGE_MESSAGE, path: ['from'] });
export type RevenueQuery = z.input<typeof RevenueQuery>;

export const RevenueResponse = z.object({
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  mrrMinor: z.number().int(),
  arrMinor: z.number().int(),
  /** Confirmed payments in the range. */
  paidMinor: z.number().int(),
  outstandingMinor: z.number().int(),
  outstandingCount: z.number().int(),
  byMonth: z.array(z.object({ month: z.string(), amountMinor: z.number().int(), count: z.number().int() })),
  byPlan: z.array(z.object({ planName: z.string(), amountMinor: z.number().int(), count: z.number().int() })),
  byAddon: z.array(z.object({ addonName: z.string(), amountMinor: z.number().int(), count: z.number().int() })),
  expiringSoon: z.array(
    z.object({
      schoolId: z.string(),
      schoolName: z.string(),
      planName: z.string(),
      endDate: z.string(),
      totalAmountMinor: z.number().int(),
    }),
  ),
});
export type RevenueResponse = z.infer<typeof RevenueResponse>;

export const UsageQuery = z.object({ q: searchQuery });
export type UsageQuery = z.input<typeof UsageQuery>;
export const SchoolUsage = z.object({
  schoolId: z.string(),
  schoolName: z.string(),
  planName: z.string().nullable(),
  status: z.enum(SCHOOL_STATUSES),
  items: z.array(UsageItem),
  /** The highest ratio of any limited metric: the list is sorted by it, highest first. */
  maxRatio: z.number(),
});
export type SchoolUsage = z.infer<typeof SchoolUsage>;
export const UsageResponse = z.object({ items: z.array(SchoolUsage), storageCounted: z.boolean() });
export type UsageResponse = z.infer<typeof UsageResponse>;

// ---------------------------------------------------------------- API keys

export const CreateApiKeyRequest = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(80, 'Name is too long')
    .refine(...plainText('Name')),
  scopes: z.array(z.enum(API_KEY_SCOPES)).min(1, 'Choose at least one scope').max(2).default(['read']),
});
export type CreateApiKeyRequest = z.input<typeof CreateApiKeyRequest>;

export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the key, enough to recognise it; the key itself is never stored. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;
export const ApiKeyListResponse = z.object({ items: z.array(ApiKey) });
export type ApiKeyListResponse = z.infer<typeof ApiKeyListResponse>;
export const CreatedApiKeyResponse = z.object({ apiKey: ApiKey, key: z.string() });
export type CreatedApiKeyResponse = z.infer<typeof CreatedApiKeyResponse>;

/** The key's visible start: `lyk_` then the school (hex) then `_` then the secret. */
export const API_KEY_PREFIX = 'lyk_';

/**
 * What an API key may reach (`METHOD /url`); anything else answers 403. `read` keys get the GETs, `write`
 * keys also the rest. Session-only things (auth, profile, keys, payments, subscription changes) are absent
 * on purpose. The people domain adds its routes here when it wants them exposed.
 */
export const API_KEY_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/v1/school',
  'GET /api/v1/dashboard',
  'GET /api/v1/subscription',
  'GET /api/v1/students',
  'GET /api/v1/students/:id',
  'POST /api/v1/students',
  'PATCH /api/v1/students/:id',
  'GET /api/v1/teachers',
  'GET /api/v1/teachers/:id',
  'GET /api/v1/parents',
  'GET /api/v1/parents/:id',
  'GET /api/v1/classes',
  'GET /api/v1/classes/:id',
  'GET /api/v1/subjects',
]);

/**
 * School routes that stay open when the school's subscription lapsed mid-session, so its people can see why
 * and recover: who am I, the school, my subscription and my add-on requests, contact sales, renew request,
 * payments and receipts. Every call My Subscription and its payment, renewal and receipt flows make is here.
 */
export const SUBSCRIPTION_RECOVERY_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/v1/auth/me',
  'POST /api/v1/auth/logout',
  'POST /api/v1/auth/change-password',
  // The plan-expiry screen in the reader's own language.
  'PUT /api/v1/profile/language',
  'GET /api/v1/school',
  'GET /api/v1/subscription',
  // My Subscription lists them with a Pay button each: paying for a requested add-on is a payment too.
  'GET /api/v1/addon-requests',
  'POST /api/v1/subscription/requests',
  'POST /api/v1/sales-leads',
  'GET /api/v1/payments',
  'POST /api/v1/payments',
  'GET /api/v1/payments/:id/receipt',
  'GET /api/v1/payments/:id/receipt.pdf',
  'GET /api/v1/notifications',
  // The bell's live stream, as the bell's list above: a lapsed school's carries the bell only (events service).
  'GET /api/v1/events',
  // The shell still shows the user's picture on the plan-expiry page.
  'GET /api/v1/files/schools/:schoolId/users/:userId/profile/:file',
]);

// ---------------------------------------------------------------- school branding (GET /school)

export const SchoolBrand = z.object({ name: z.string(), logo: z.string().nullable(), color: z.string().nullable() });
export type SchoolBrand = z.infer<typeof SchoolBrand>;

/** `GET /brand?school=`: which school's sign-in page is being opened (`/login?school=<id>`). */
export const BrandQuery = z.object({ school: uuidSchema });
export type BrandQuery = z.infer<typeof BrandQuery>;

/** `GET /school`: the contact card, plus the brand (only with White Label) and the school's entitlements. */
export const SchoolResponse = SchoolContact.extend({
  brand: SchoolBrand.nullable(),
  entitlements: z.array(z.enum(ADDON_KEY_LIST)),
  /**
   * The status of the school's newest subscription (null: none), for every role: the plan-expiry screen tells a
   * cancelled subscription from a lapsed one (docs/product.md, "Statuses, expiry and renewal").
   */
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES).nullable(),
});
export type SchoolResponse = z.infer<typeof SchoolResponse>;
