import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { schools } from '../../db/schema/index.ts';

/**
 * Today's calendar date (`YYYY-MM-DD`) on the school's wall clocks. Kept here until the shared school-day
 * helper (lib/school-day.ts) reaches this branch; then this becomes a call to its todayIn().
 */
export function dateInZone(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, p) => {
      acc[p.type] = p.value;
      return acc;
    }, {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

export async function schoolToday(tx: Tx, schoolId: string, now: Date = new Date()): Promise<string> {
  const [school] = await tx.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.id, schoolId));
  try {
    return dateInZone(school?.timeZone ?? 'UTC', now);
  } catch {
    // A zone the runtime does not know (stored before validation existed) falls back to UTC rather than failing.
    return dateInZone('UTC', now);
  }
}
