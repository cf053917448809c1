import { formatRelative } from '../../lib/i18n/format';
import { translate } from '../../lib/i18n/i18n';

/** "3 hours ago", "Just now", or "Never" for an account that has not signed in (the shell's catalogue). */
export function lastSeen(iso: string | null, now: Date = new Date()): string {
  if (!iso) return translate('common', 'time.never');
  if (Math.abs(now.getTime() - new Date(iso).getTime()) < 60_000) return translate('common', 'time.justNow');
  return formatRelative(iso, now);
}
