/** The interface constants of docs/product.md, "Constants". */
export const PRODUCT_TITLE = 'Lyceum';
export const MOBILE_BREAKPOINT_PX = 768;
export const NOTIFICATION_BADGE_CAP = 9;
export const TEMP_PASSWORD_LENGTH = 18;
export const PROFILE_IMAGE_CACHE_SECONDS = 3600;
/** Invitation and password-link e-mails a trial school may send in 24 hours (docs/product.md, "Trial schools and mail"). */
export const TRIAL_INVITATIONS_PER_DAY = 50;
/** Verification e-mails to one address in 24 hours, the sign-up's own included. */
export const VERIFICATION_MAILS_PER_DAY = 5;
/** Password reset e-mails to one account in an hour, asked for at /forgot-password or by staff (docs/product.md, "Rate limits and lock-out"). */
export const RESET_MAILS_PER_HOUR = 3;

export const TOAST_DEFAULTS = {
  blankMs: 4000,
  errorMs: 4000,
  customMs: 4000,
  successMs: 2000,
  maxVisible: 20,
} as const;

/** "9+" above the cap, the number otherwise, nothing at zero. */
export function badgeLabel(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(unread);
}

/** docs/product.md, "Notifications and live events": under 1 hour 'Just now', under 24 hours 'Nh ago', otherwise a local date. */
export function relativeTime(date: Date, now: Date = new Date(), locale?: string): string {
  const hours = (now.getTime() - date.getTime()) / 3_600_000;
  if (hours < 1) return 'Just now';
  if (hours < 24) return `${Math.floor(hours)}h ago`;
  return date.toLocaleDateString(locale);
}
