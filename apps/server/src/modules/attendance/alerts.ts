import {
  ATTENDANCE_ALERT_MESSAGES,
  ATTENDANCE_SETTINGS_MESSAGES,
  type AttendanceStatus,
} from '@lyceum/shared/attendance';
import { translateTo } from '@lyceum/shared/i18n/catalogues';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@lyceum/shared/locale';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { selectRows } from '../../db/select-rows.ts';
import { newId } from '../../lib/ids.ts';
import { createNotifications, reviseNotifications } from '../notifications/index.ts';

export interface MarkedStudent {
  studentId: string;
  name: string;
  status: AttendanceStatus;
}

const A = ATTENDANCE_ALERT_MESSAGES;

/** The alert in the parent's own language (their account's, else their school's). */
const absentText = (name: string, date: string, className: string, language: Language) => ({
  title: translateTo(A.absentTitle(name), language),
  body: translateTo(A.absentBody(name, date, className), language),
});

/** A late mark's first alert, when the school opts in to alerting on late. */
const lateText = (name: string, date: string, className: string, language: Language) => ({
  title: translateTo(ATTENDANCE_SETTINGS_MESSAGES.lateTitle(name), language),
  body: translateTo(ATTENDANCE_SETTINGS_MESSAGES.lateBody(name, date, className), language),
});

const correctedText = (name: string, status: AttendanceStatus, date: string, className: string, language: Language) =>
  status === 'absent'
    ? absentText(name, date, className, language)
    : {
        title: translateTo(A.correctedTitle(name), language),
        body: translateTo(A.correctedBody(name, A[status], date, className), language),
      };

const languageOf = (value: string | null): Language => (isLanguage(value) ? value : DEFAULT_LANGUAGE);

/**
 * Absence alerts (docs/product.md, "School day: timetable and attendance"): a student marked absent notifies
 * each of their active parents once per date. A later submission of that date does not send again: it
 * revises those notifications when the student's status changed (absent → late reads as a correction).
 * With `alertLate` (the school's opt-in) a late mark alerts like an absence, with its own words.
 */
export async function alertParents(
  tx: Tx,
  schoolId: string,
  input: { date: string; className: string; marks: MarkedStudent[]; alertLate?: boolean },
): Promise<void> {
  const { date, className, marks } = input;
  if (marks.length === 0) return;
  const byId = new Map(marks.map((m) => [m.studentId, m]));
  const existing = await selectRows<{ studentId: string; notificationIds: string[] }>(
    tx,
    sql`
    select student_id as "studentId", notification_ids as "notificationIds" from absence_alerts
    where school_id = ${schoolId} and date = ${date} and student_id in ${marks.map((m) => m.studentId)}`,
  );
  const alerted = new Set<string>();
  const alertIds = existing.flatMap((r) => r.notificationIds);
  const readers =
    alertIds.length === 0
      ? []
      : await selectRows<{ id: string; title: string; language: string | null }>(
          tx,
          sql`
    select n.id, n.title, coalesce(acc.language, sc.language) as language
    from notifications n
    join users u on u.school_id = n.school_id and u.id = n.user_id
    join accounts acc on acc.id = u.account_id
    join schools sc on sc.id = n.school_id
    where n.school_id = ${schoolId} and n.id in ${alertIds}`,
        );
  const readerLanguage = new Map(readers.map((r) => [r.id, languageOf(r.language)]));
  const titleOf = new Map(readers.map((r) => [r.id, r.title]));
  for (const row of existing) {
    alerted.add(row.studentId);
    const m = byId.get(row.studentId);
    if (!m) continue;
    // Each parent's copy is rewritten in that parent's language.
    for (const language of new Set(row.notificationIds.map((id) => readerLanguage.get(id) ?? DEFAULT_LANGUAGE))) {
      const ids = row.notificationIds.filter((id) => (readerLanguage.get(id) ?? DEFAULT_LANGUAGE) === language);
      // Still late, and first alerted as late: nothing was corrected.
      const late = lateText(m.name, date, className, language);
      if (m.status === 'late' && ids.every((id) => titleOf.get(id) === late.title)) continue;
      await reviseNotifications(tx, schoolId, ids, correctedText(m.name, m.status, date, className, language));
    }
  }

  const alerting = (m: MarkedStudent) => m.status === 'absent' || (input.alertLate === true && m.status === 'late');
  const fresh = marks.filter((m) => alerting(m) && !alerted.has(m.studentId));
  if (fresh.length === 0) return;
  const parents = await selectRows<{ studentId: string; parentId: string; language: string | null }>(
    tx,
    sql`
    select sp.student_id as "studentId", sp.parent_id as "parentId", coalesce(acc.language, sc.language) as language
    from student_parents sp join users u on u.school_id = sp.school_id and u.id = sp.parent_id
    join accounts acc on acc.id = u.account_id
    join schools sc on sc.id = sp.school_id
    where sp.school_id = ${schoolId} and u.is_active and sp.student_id in ${fresh.map((m) => m.studentId)}
    order by sp.student_id, sp.parent_id`,
  );
  const rows = parents.map((p) => {
    const m = byId.get(p.studentId) as MarkedStudent;
    const language = languageOf(p.language);
    const text =
      m.status === 'late' ? lateText(m.name, date, className, language) : absentText(m.name, date, className, language);
    return { schoolId, userId: p.parentId, type: 'attendance' as const, ...text };
  });
  const ids = await createNotifications(tx, rows);
  // The alert row is kept even for a student with no parent: a parent linked later is not alerted about the past.
  const values = fresh.map((m) => ({
    id: newId(),
    studentId: m.studentId,
    notificationIds: parents.flatMap((p, i) => (p.studentId === m.studentId ? [ids[i] as string] : [])),
  }));
  await tx.execute(sql`
    insert into absence_alerts (school_id, id, student_id, date, notification_ids)
    select ${schoolId}, r.id, r.student_id, ${date}::date, r.notification_ids
    from json_to_recordset(${JSON.stringify(values.map((v) => ({ id: v.id, student_id: v.studentId, notification_ids: v.notificationIds })))}::json)
      as r(id uuid, student_id uuid, notification_ids uuid[])
    on conflict (school_id, student_id, date) do nothing`);
}
