import {
  ATTENDANCE_ALERT_MESSAGES,
  ATTENDANCE_SETTINGS_MESSAGES,
  type AttendanceStatus,
} from '@lyceum/shared/attendance';
import { translateTo } from '@lyceum/shared/i18n/catalogues';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@lyceum/shared/locale';
import { type SQL, sql } from 'drizzle-orm';
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

/** What alerting a sheet's students needs to know: their alerts of the date so far, and their parents. */
export interface AlertContext {
  /** The students' alert rows of the date: the notifications each one sent. */
  existing: { studentId: string; notificationIds: string[] }[];
  /** Those notifications as they read now, with their reader's language. */
  sent: { id: string; title: string; body: string; language: string | null }[];
  /** Every parent of the students (inactive ones too: the live event goes to all), by student then parent. */
  parents: { studentId: string; parentId: string; isActive: boolean; language: string | null }[];
}

/** SQL of the alert context of students `ids` (a subquery of student ids) on `date`, as one JSON object. */
export function alertContextSql(schoolId: string, date: string, ids: SQL): SQL {
  return sql`json_build_object(
    'existing', (select coalesce(json_agg(json_build_object('studentId', al.student_id, 'notificationIds', al.notification_ids)), '[]')
      from absence_alerts al where al.school_id = ${schoolId} and al.date = ${date}::date and al.student_id in ${ids}),
    'sent', (select coalesce(json_agg(json_build_object('id', n.id, 'title', n.title, 'body', n.body,
        'language', coalesce(acc.language, sc.language))), '[]')
      from notifications n
        join users u on u.school_id = n.school_id and u.id = n.user_id
        join accounts acc on acc.id = u.account_id
        join schools sc on sc.id = n.school_id
      where n.school_id = ${schoolId} and n.id in (select unnest(al.notification_ids) from absence_alerts al
        where al.school_id = ${schoolId} and al.date = ${date}::date and al.student_id in ${ids})),
    'parents', (select coalesce(json_agg(json_build_object('studentId', sp.student_id, 'parentId', sp.parent_id,
        'isActive', u.is_active, 'language', coalesce(acc.language, sc.language)) order by sp.student_id, sp.parent_id), '[]')
      from student_parents sp join users u on u.school_id = sp.school_id and u.id = sp.parent_id
        join accounts acc on acc.id = u.account_id
        join schools sc on sc.id = sp.school_id
      where sp.school_id = ${schoolId} and sp.student_id in ${ids}))`;
}

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
  if (input.marks.length === 0) return;
  const ids = sql`(select unnest(${`{${input.marks.map((m) => m.studentId).join(',')}}`}::uuid[]))`;
  const [row] = await selectRows<{ context: AlertContext }>(
    tx,
    sql`select ${alertContextSql(schoolId, input.date, ids)} as context`,
  );
  await writeAlerts(tx, schoolId, input, row?.context ?? { existing: [], sent: [], parents: [] });
}

/** The alerts of a sheet, given what was already sent that date: revised where the news changed, else sent once. */
export async function writeAlerts(
  tx: Tx,
  schoolId: string,
  input: { date: string; className: string; marks: MarkedStudent[]; alertLate?: boolean },
  context: AlertContext,
): Promise<void> {
  const { date, className, marks } = input;
  if (marks.length === 0) return;
  const byId = new Map(marks.map((m) => [m.studentId, m]));
  const alerted = new Set<string>();
  const readerLanguage = new Map(context.sent.map((r) => [r.id, languageOf(r.language)]));
  const sentText = new Map(context.sent.map((r) => [r.id, r]));
  for (const row of context.existing) {
    alerted.add(row.studentId);
    const m = byId.get(row.studentId);
    if (!m) continue;
    // Each parent's copy is rewritten in that parent's language.
    for (const language of new Set(row.notificationIds.map((id) => readerLanguage.get(id) ?? DEFAULT_LANGUAGE))) {
      const ids = row.notificationIds.filter((id) => (readerLanguage.get(id) ?? DEFAULT_LANGUAGE) === language);
      // Still late, and first alerted as late: nothing was corrected.
      const late = lateText(m.name, date, className, language);
      if (m.status === 'late' && ids.every((id) => sentText.get(id)?.title === late.title)) continue;
      const text = correctedText(m.name, m.status, date, className, language);
      // Already saying this (a resubmission that changed nothing): no statement to send.
      const stale = ids.filter((id) => sentText.get(id)?.title !== text.title || sentText.get(id)?.body !== text.body);
      await reviseNotifications(tx, schoolId, stale, text);
    }
  }

  const alerting = (m: MarkedStudent) => m.status === 'absent' || (input.alertLate === true && m.status === 'late');
  const fresh = new Set(marks.filter((m) => alerting(m) && !alerted.has(m.studentId)).map((m) => m.studentId));
  if (fresh.size === 0) return;
  const parents = context.parents.filter((p) => p.isActive && fresh.has(p.studentId));
  const rows = parents.map((p) => {
    const m = byId.get(p.studentId) as MarkedStudent;
    const language = languageOf(p.language);
    const text =
      m.status === 'late' ? lateText(m.name, date, className, language) : absentText(m.name, date, className, language);
    return { schoolId, userId: p.parentId, type: 'attendance' as const, ...text };
  });
  const ids = await createNotifications(tx, rows);
  // The alert row is kept even for a student with no parent: a parent linked later is not alerted about the past.
  const values = [...fresh].map((studentId) => ({
    id: newId(),
    student_id: studentId,
    notification_ids: parents.flatMap((p, i) => (p.studentId === studentId ? [ids[i] as string] : [])),
  }));
  await tx.execute(sql`
    insert into absence_alerts (school_id, id, student_id, date, notification_ids)
    select ${schoolId}, r.id, r.student_id, ${date}::date, r.notification_ids
    from json_to_recordset(${JSON.stringify(values)}::json)
      as r(id uuid, student_id uuid, notification_ids uuid[])
    on conflict (school_id, student_id, date) do nothing`);
}
