/**
 * Notifications (docs/product.md, "Notifications"). Endpoints:
 * - GET    /api/v1/notifications?type&read&limit&cursor  the caller's, newest first → NotificationList
 * - POST   /api/v1/notifications/read-all                 every unread one read, in one request
 * - POST   /api/v1/notifications/:id/read                 one read
 * - DELETE /api/v1/notifications/:id                      soft delete (gone from the bell and the page)
 * School users and company staff alike; a notification is addressed to one person or to roles.
 */
import { z } from 'zod';
import { type DateParam, type MessageRef, renderRef } from './i18n/translate.ts';
import { pageLimit } from './page-limit.ts';

export type { DateParam, MessageRef };

export const NOTIFICATION_TYPES = ['fee', 'attendance', 'assignment', 'announcement', 'other'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What a notification says in our own words; each reader sees it in their language. A part left out is someone's own text, shown as written. */
export interface NotificationMessage {
  title?: MessageRef;
  body?: MessageRef;
}

/** The bell shows this many; the notifications page pages through the rest. */
export const BELL_LIMIT = 50;

export const NotificationListQuery = z.object({
  type: z.enum(NOTIFICATION_TYPES, { error: 'Unknown notification type' }).optional(),
  read: z.enum(['all', 'read', 'unread'], { error: 'Unknown read filter' }).default('all'),
  limit: pageLimit(BELL_LIMIT),
  cursor: z.string().max(500).optional(),
});
export type NotificationListQuery = z.input<typeof NotificationListQuery>;

/** The words of company staff's notifications (parameters: names, dates, amounts as text). */
export const COMPANY_NOTIFICATION_MESSAGES = {
  addonRequestTitle: (addon: string) => `Add-on request: ${addon}`,
  addonRequestBody: (school: string, addon: string) => `${school} asked for ${addon}.`,
  paymentTitle: (school: string) => `Payment to confirm: ${school}`,
  paymentBody: (school: string, amount: string) => `${school} submitted a payment of ${amount} to confirm.`,
  leadTitle: (name: string) => `New sales lead: ${name}`,
  leadBody: (name: string, organisation: string) => `${name} (${organisation}) asked to be contacted.`,
  renewalLeadBody: (name: string, school: string) => `${name} (${school}) asked to renew the subscription.`,
  upgradeLeadBody: (name: string, school: string) => `${name} (${school}) asked to change the plan.`,
  expiringTitle: (school: string, days: string) => `Subscription ends in ${days} days: ${school}`,
  expiringBody: (school: string, date: string) => `The subscription of ${school} ends on ${date}.`,
  // What another staff member decided (each decision tells the rest of the staff, not the one who made it).
  paymentConfirmedTitle: (school: string) => `Payment confirmed: ${school}`,
  paymentConfirmedBody: (name: string, school: string, amount: string) =>
    `${name} confirmed the payment of ${amount} from ${school}.`,
  paymentRejectedTitle: (school: string) => `Payment rejected: ${school}`,
  paymentRejectedBody: (name: string, school: string, amount: string) =>
    `${name} rejected the payment of ${amount} from ${school}.`,
  addonApprovedTitle: (addon: string) => `Add-on request approved: ${addon}`,
  addonApprovedBody: (name: string, school: string, addon: string) =>
    `${name} approved the request of ${school} for ${addon}.`,
  addonRejectedTitle: (addon: string) => `Add-on request rejected: ${addon}`,
  addonRejectedBody: (name: string, school: string, addon: string) =>
    `${name} rejected the request of ${school} for ${addon}.`,
} as const;

/** The words of what company staff tell a school's admins. */
export const SCHOOL_NOTIFICATION_MESSAGES = {
  addonActiveTitle: (addon: string) => `${addon} is active`,
  addonActiveBody: (addon: string) => `Your request for ${addon} was approved. It is now part of your subscription.`,
  addonDeclinedTitle: (addon: string) => `${addon} request declined`,
  paymentConfirmedTitle: () => 'Payment confirmed',
  paymentRejectedTitle: () => 'Payment rejected',
  paymentConfirmedBody: (what: string) => `We received your payment for ${what}. Thank you.`,
  /** The reason a pending payment gets when its add-on request is rejected (docs/product.md, "Payments"). */
  addonPaymentRejectedReason: (reason: string) => `The add-on request was rejected: ${reason}`,
  addonPaymentRejectedBody: (what: string, reason: string) => `${what}: the add-on request was rejected (${reason}).`,
  renewedTitle: () => 'Subscription renewed',
  renewedBody: (plan: string, until: string, amount: string) =>
    `Your ${plan} subscription renewed automatically until ${until}. A payment of ${amount} is due.`,
} as const;

/** The words of the demo schools' welcome, each person's first notification (docs/product.md, "Demo data"). */
export const DEMO_NOTIFICATION_MESSAGES = {
  welcomeTitle: (school: string) => `Welcome to ${school}`,
  welcomeBody: () => 'This is a demo school. Everything you change stays in this machine’s ./data folder.',
} as const;

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
} as const;

/**
 * A message with its parameters, both as the English text and as the reference a notification stores:
 * `messageOf(M.leadTitle, name)` → `{ text: 'New sales lead: Ada', ref: { id: 'New sales lead: {0}', params: ['Ada'] } }`.
 * A string parameter is someone's text, shown as written in every language; a parameter in our own words is
 * passed as a reference (`ourWords(A.late)`), so each reader gets it translated; a calendar date as
 * `calendarDate(day)`, so each reader gets it in their school's date format (the English `text` keeps it ISO).
 */
export function messageOf<A extends string[]>(
  message: (...args: A) => string,
  ...args: { [K in keyof A]: string | MessageRef | DateParam }
): { text: string; ref: MessageRef } {
  const placeholders = args.map((_, i) => `{${i}}`) as A;
  const ref = { id: message(...placeholders), params: [...args] };
  return { text: renderRef(ref, undefined), ref };
}

/** One of our fixed messages as a parameter of another (translated with it; see messageOf). */
export const ourWords = (id: string): MessageRef => ({ id });

/** A calendar date (`YYYY-MM-DD`) as a parameter, written in the reader's school's date format when shown. */
export const calendarDate = (day: string): DateParam => ({ date: day });
