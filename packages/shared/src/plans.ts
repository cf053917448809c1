/** The default plans and add-ons of docs/product.md, "Default plans and add-ons". Money is in integer minor units (cents); -1 means unlimited. */
export const UNLIMITED = -1;
export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_SUBSCRIPTION_MONTHS = 12;
export const TRIAL_DAYS = 14;

export interface PlanLimits {
  maxStudents: number;
  maxTeachers: number;
  maxParents: number;
  maxAdmins: number;
  maxPrincipals: number;
  storageGB: number;
  apiCallsPerMonth: number;
  maxSchools: number;
}

export interface PlanDefinition {
  name: string;
  description: string;
  priceMinor: number;
  billingPeriod: 'monthly' | 'yearly';
  limits: PlanLimits;
  features: string[];
  color: string;
  yearlyDiscountPercent: number;
  isPopular: boolean;
  /** Public sign-up may start a trial on it. */
  trialAllowed: boolean;
}

export interface AddonDefinition {
  name: string;
  description: string;
  icon: string;
  priceMinor: number;
  billingPeriod: 'monthly' | 'yearly';
  features: string[];
}

const limits = (
  maxStudents: number,
  maxTeachers: number,
  maxParents: number,
  maxAdmins: number,
  maxPrincipals: number,
  storageGB: number,
  apiCallsPerMonth: number,
): PlanLimits => ({
  maxStudents,
  maxTeachers,
  maxParents,
  maxAdmins,
  maxPrincipals,
  storageGB,
  apiCallsPerMonth,
  maxSchools: 1,
});

/**
 * The plans seeded on an empty database. Their features are what sign-up and the marketplace sell, so they name
 * only what is built (docs/product.md, "Not built yet": no exams, marks, fees, reports or push notifications).
 */
export const DEFAULT_PLANS: readonly PlanDefinition[] = [
  {
    name: 'Basic',
    description: 'For small schools getting started.',
    priceMinor: 5000,
    billingPeriod: 'monthly',
    limits: limits(100, 10, 200, 2, 1, 5, 1000),
    features: ['Classes and timetables', 'Attendance', 'Announcements', 'Messages'],
    color: '#64748b',
    yearlyDiscountPercent: 10,
    isPopular: false,
    trialAllowed: true,
  },
  {
    name: 'Standard',
    description: 'For growing schools that run everything in one place.',
    priceMinor: 10000,
    billingPeriod: 'monthly',
    limits: limits(500, 50, 1000, 5, 3, 25, 5000),
    features: ['Everything in Basic', 'Room for a larger school', 'More file storage'],
    color: '#2563eb',
    yearlyDiscountPercent: 15,
    isPopular: true,
    trialAllowed: false,
  },
  {
    name: 'Premium',
    description: 'For large schools with many staff and families.',
    priceMinor: 20000,
    billingPeriod: 'monthly',
    limits: limits(1000, 100, 2000, 10, 5, 100, 20000),
    features: ['Everything in Standard', 'Bulk import and export'],
    color: '#7c3aed',
    yearlyDiscountPercent: 20,
    isPopular: false,
    trialAllowed: false,
  },
  {
    name: 'Enterprise',
    description: 'For school groups that need no limits.',
    priceMinor: 50000,
    billingPeriod: 'monthly',
    limits: {
      maxStudents: UNLIMITED,
      maxTeachers: UNLIMITED,
      maxParents: UNLIMITED,
      maxAdmins: UNLIMITED,
      maxPrincipals: UNLIMITED,
      storageGB: UNLIMITED,
      apiCallsPerMonth: UNLIMITED,
      maxSchools: UNLIMITED,
    },
    features: ['Everything in Premium', 'Unlimited everything', 'Dedicated onboarding'],
    color: '#0f766e',
    yearlyDiscountPercent: 25,
    isPopular: false,
    trialAllowed: false,
  },
];

const addon = (name: string, priceMinor: number, icon: string, description: string, features: string[]) => ({
  name,
  description,
  icon,
  priceMinor,
  billingPeriod: 'monthly' as const,
  features,
});

export const DEFAULT_ADDONS: readonly AddonDefinition[] = [
  addon('WhatsApp', 2000, 'message-circle', 'Send notices to families on WhatsApp.', [
    'Fee reminders',
    'Absence alerts',
  ]),
  addon('SMS', 1500, 'smartphone', 'Text messages for urgent notices.', ['Absence alerts', 'Emergency broadcasts']),
  addon('Email Marketing', 2500, 'mail', 'Newsletters and campaigns to families.', ['Campaigns', 'Open tracking']),
  addon('Mobile App', 10000, 'tablet-smartphone', 'Branded mobile app for families.', ['iOS and Android', 'Push']),
  addon('Advanced Analytics', 5000, 'chart-line', 'Deeper attendance and marks analytics.', ['Trends', 'Cohorts']),
  addon('API Access', 7500, 'key-round', 'Connect other systems with API keys.', ['Scoped keys', 'REST API']),
  addon('White Label', 20000, 'palette', "Your school's name, logo and colours everywhere.", [
    'Own branding',
    'E-mails',
  ]),
  addon('Priority Support', 10000, 'life-buoy', 'Faster answers from our support team.', ['4-hour response', 'Phone']),
];

/** A limit is reached when the count is at or above it; -1 never is. */
export function isWithinLimit(limit: number, countAfter: number): boolean {
  return limit === UNLIMITED || countAfter <= limit;
}

export function formatLimit(limit: number): string {
  return limit === UNLIMITED ? 'Unlimited' : limit.toLocaleString('en-US');
}

export function formatMoney(minor: number, currency = DEFAULT_CURRENCY): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(minor / 100);
}
