import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { schools } from '../../db/schema/index.ts';
import { todayIn } from '../../lib/school-day.ts';

/** Today on the school's calendar, for code that has no signed-in actor (the demo seed). */
export async function schoolToday(tx: Tx, schoolId: string, now: Date = new Date()): Promise<string> {
  const [school] = await tx.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.id, schoolId));
  return todayIn(school?.timeZone ?? 'UTC', now);
}
