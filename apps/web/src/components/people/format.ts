import { formatDistanceToNowStrict } from 'date-fns';

/** "3 hours ago", or "Never" for an account that has not signed in. */
export function lastSeen(iso: string | null): string {
  if (!iso) return 'Never';
  return `${formatDistanceToNowStrict(new Date(iso))} ago`;
}
