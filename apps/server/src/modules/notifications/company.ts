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
  /** Every company role unless narrowed. */
  roles?: CompanyRole[];
  /** A notification with a key already used is not sent again (sweeps that run more than once). */
  dedupeKey?: string;
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
    dedupe_key: row.dedupeKey ?? null,
  }));
  const made = await selectRows<{ id: string; roles: string[] }>(
    tx,
    sql`insert into company_notifications (id, roles, type, title, body, message, dedupe_key)
      select r.id, r.roles, r.type, r.title, r.body, r.message, r.dedupe_key
      from json_to_recordset(${JSON.stringify(values)}::json)
        as r(id uuid, roles text[], type text, title text, body text, message jsonb, dedupe_key text)
      on conflict (dedupe_key) do nothing
      returning id, roles`,
  );
  if (made.length === 0) return [];
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
      userIds: staff.filter((s) => n.roles.includes(s.role)).map((s) => s.id),
    })),
  );
  return made.map((n) => n.id);
}
