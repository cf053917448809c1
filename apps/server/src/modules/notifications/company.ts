import type { NotificationTarget } from '@lyceum/shared/api';
import type { NotificationMessage, NotificationType } from '@lyceum/shared/notifications';
import { COMPANY_ROLES, type CompanyRole } from '@lyceum/shared/roles';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { selectRows } from '../../db/select-rows.ts';
import { newId } from '../../lib/ids.ts';
import { publishLiveEvents } from '../../lib/live-events.ts';

export interface NewCompanyNotification {
  type: NotificationType;
  title: string;
  body: string;
  message?: NotificationMessage | null;
  /** What opening it leads to (docs/product.md, "Notifications"); absent for nothing to open. */
  target?: NotificationTarget;
  /** Every company role unless narrowed. */
  roles?: CompanyRole[];
  /** A notification with a key already used is not sent again (sweeps that run more than once). */
  dedupeKey?: string;
  /**
   * The staff member it is not for: the one whose own decision it tells the others of. It is left out of their
   * bell (deleted for them as it is made) and of their live events.
   */
  exceptStaffId?: string;
}

/**
 * Company staff's counterpart of createNotifications: one row per notification for all staff of its roles, and
 * a live event to each of them (company streams belong to no school, so they are addressed by person).
 */
export async function createCompanyNotifications(tx: Tx, rows: NewCompanyNotification[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const values = rows.map((row) => ({
    id: newId(),
    roles: row.roles ?? [...COMPANY_ROLES],
    type: row.type,
    title: row.title,
    body: row.body,
    message: row.message ?? null,
    target: row.target ?? null,
    dedupe_key: row.dedupeKey ?? null,
    except_staff_id: row.exceptStaffId ?? null,
  }));
  const made = await selectRows<{ id: string; roles: string[] }>(
    tx,
    sql`insert into company_notifications (id, roles, type, title, body, message, target, dedupe_key)
      select r.id, r.roles, r.type, r.title, r.body, r.message, r.target, r.dedupe_key
      from json_to_recordset(${JSON.stringify(values)}::json)
        as r(id uuid, roles text[], type text, title text, body text, message jsonb, target jsonb,
          dedupe_key text)
      on conflict (dedupe_key) do nothing
      returning id, roles`,
  );
  if (made.length === 0) return [];
  const exceptOf = new Map(values.map((v) => [v.id, v.except_staff_id]));
  const excepted = made.flatMap((n) => {
    const staffId = exceptOf.get(n.id);
    return staffId ? [{ notification_id: n.id, staff_id: staffId }] : [];
  });
  if (excepted.length > 0) {
    await tx.execute(sql`insert into company_notification_reads (notification_id, staff_id, read_at, deleted_at)
      select r.notification_id, r.staff_id, now(), now()
      from json_to_recordset(${JSON.stringify(excepted)}::json) as r(notification_id uuid, staff_id uuid)`);
  }
  const staff = await selectRows<{ id: string; role: string }>(
    tx,
    sql`select id, role from company_staff where is_active`,
  );
  await publishLiveEvents(
    tx,
    made.map((n) => ({
      kind: 'notification' as const,
      schoolId: null,
      id: n.id,
      userIds: staff.filter((s) => n.roles.includes(s.role) && s.id !== exceptOf.get(n.id)).map((s) => s.id),
    })),
  );
  return made.map((n) => n.id);
}
