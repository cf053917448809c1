import { SCHOOL_ROLES } from '@lyceum/shared/roles';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { type LiveEvent, publishLiveEvents } from './live-events.ts';

/**
 * Tells the open live streams of an account (its language changed) or of a whole school (its locale changed)
 * to re-read whom they write for, in `tx`: what they send after the change commits is in the new language and
 * date format, as the lists are (docs/product.md, "Notifications and live events").
 */
export async function announceReaderChange(tx: Tx, of: { accountId: string } | { schoolId: string }): Promise<void> {
  if ('schoolId' in of) {
    await publishLiveEvents(tx, [
      { kind: 'reader_changed', schoolId: of.schoolId, roles: [...SCHOOL_ROLES], id: of.schoolId },
    ]);
    return;
  }
  // Only a signed-in profile can hold a stream: one event per profile of the account with a session.
  type Row = { profile_id: string; profile_school_id: string | null };
  const result = await tx.execute<Row>(
    sql`select distinct profile_id, profile_school_id from sessions where account_id = ${of.accountId} and expires_at > now()`,
  );
  await publishLiveEvents(
    tx,
    (result.rows as Row[]).map(
      (r): LiveEvent => ({
        kind: 'reader_changed',
        schoolId: r.profile_school_id,
        userIds: [r.profile_id],
        id: of.accountId,
      }),
    ),
  );
}
