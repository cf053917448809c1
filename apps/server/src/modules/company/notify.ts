import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { createNotifications } from '../notifications/index.ts';

/** Tells a school's admins in the bell (in the transaction of the decision itself). */
export async function notifySchoolAdmins(tx: Tx, schoolId: string, title: string, body: string) {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), eq(users.role, 'school_admin'), isNull(users.deletedAt)));
  await createNotifications(
    tx,
    admins.map((a) => ({ schoolId, userId: a.id, type: 'other' as const, title, body })),
  );
}
