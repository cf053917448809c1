import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { selectRows } from '../../db/select-rows.ts';
import { publishLiveEvents } from '../../lib/live-events.ts';
import { inAudience } from './audience.ts';

/**
 * Who may have lost announcements: people by id, and students by id with their parents (as linked now).
 */
export interface LeftAudience {
  userIds?: string[];
  studentIds?: string[];
}

/**
 * After a change that can take people out of an announcement's class audience (a student withdrawn, deactivated
 * or moved, by hand or by a promotion; a parent unlinked; a teacher taken off a class), the notifications of
 * announcements they may no longer read leave their bells, in the caller's transaction, so their lists and
 * unread counts drop them at once and nothing in the bell leads to `Announcement not found` (docs/product.md,
 * "Notifications"). Only an announcement narrowed to classes can be lost this way, and those are told by one
 * notification row per person (tellAudience), so deleting this person's rows is exact and the bell's reads stay
 * what they were: one statement over their own rows, nothing added to every list read. A role-wide
 * announcement never depends on a roster. Their open pages and bells hear it as a withdrawal (LiveWithdrawn),
 * which for them it is; coming back into the audience later gives back the announcement, not its notification.
 */
export async function dropLostAnnouncementNotifications(tx: Tx, schoolId: string, who: LeftAudience): Promise<void> {
  const userIds = who.userIds ?? [];
  const studentIds = who.studentIds ?? [];
  if (userIds.length === 0 && studentIds.length === 0) return;
  const asked = sql`(select unnest(${sql.param(userIds)}::uuid[]) union select unnest(${sql.param(studentIds)}::uuid[])
    union select sp.parent_id from student_parents sp
      where sp.school_id = ${schoolId} and sp.student_id = any(${sql.param(studentIds)}::uuid[]))`;
  const dropped = await selectRows<{ announcementId: string; userId: string }>(
    tx,
    sql`delete from notifications n
      where n.school_id = ${schoolId} and n.announcement_id is not null and n.user_id in ${asked}
        and not exists (select 1 from announcements a join users u on u.school_id = a.school_id and u.id = n.user_id
          where a.school_id = n.school_id and a.id = n.announcement_id and ${inAudience(sql`a`, sql`u`)})
      returning n.announcement_id as "announcementId", n.user_id as "userId"`,
  );
  const byAnnouncement = new Map<string, string[]>();
  for (const d of dropped)
    byAnnouncement.set(d.announcementId, [...(byAnnouncement.get(d.announcementId) ?? []), d.userId]);
  await publishLiveEvents(
    tx,
    [...byAnnouncement].map(([id, ids]) => ({
      kind: 'announcement' as const,
      schoolId,
      id,
      userIds: ids,
      withdrawn: true,
    })),
  );
}
