import {
  ATTENDANCE_ALERT_MESSAGES,
  ATTENDANCE_SETTINGS_MESSAGES,
  type AttendanceStatus,
} from '@lyceum/shared/attendance';
import type { NotificationTarget } from '@lyceum/shared/api';
import { renderIn } from '@lyceum/shared/i18n/catalogues';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@lyceum/shared/locale';
import { calendarDate, messageOf, type NotificationMessage, ourWords } from '@lyceum/shared/notifications';
import { type SQL, sql } from 'drizzle-orm';
import { classLabel } from '../../db/class-label.ts';
import type { Tx } from '../../db/client.ts';
import { selectRows } from '../../db/select-rows.ts';
import { newId } from '../../lib/ids.ts';
import { LIVE_CHANNEL, type LiveEvent, liveEventPayloads, publishLiveEvents } from '../../lib/live-events.ts';

export interface MarkedStudent {
  studentId: string;
  name: string;
  status: AttendanceStatus;
}

const A = ATTENDANCE_ALERT_MESSAGES;

/**
 * What an alert says. `message` is what the parent is shown (docs/product.md, "Notifications", "In the reader's
 * language"): our words by id, the child's and class's names as written, the status word ours (translated) and
 * the date a date, written in the school's date format when listed. `title` and `body` are the same words in
 * the parent's language with the date as stored, the text alerts were kept as before they carried a message.
 */
interface AlertWords {
  title: string;
  body: string;
  message: NotificationMessage;
}

function wordsOf(
  title: ReturnType<typeof messageOf>,
  body: ReturnType<typeof messageOf>,
  language: Language,
): AlertWords {
  return {
    title: renderIn(title.ref, language),
    body: renderIn(body.ref, language),
    message: { title: title.ref, body: body.ref },
  };
}

/**
 * The day an alert is about, and whether that is the school's today when it is sent: a title says "today" only
 * then; a past day's sheet, marked or corrected later, names its date (docs/product.md, "Absence alerts").
 */
interface AlertDay {
  date: string;
  isToday: boolean;
}

/** The alert in the parent's own language (their account's, else their school's). */
const absentWords = (name: string, day: AlertDay, className: string, language: Language) =>
  wordsOf(
    day.isToday ? messageOf(A.absentTitle, name) : messageOf(A.absentOnTitle, name, calendarDate(day.date)),
    messageOf(A.absentBody, name, calendarDate(day.date), className),
    language,
  );

/** A late mark's first alert, when the school opts in to alerting on late. */
const lateWords = (name: string, day: AlertDay, className: string, language: Language) =>
  wordsOf(
    day.isToday
      ? messageOf(ATTENDANCE_SETTINGS_MESSAGES.lateTitle, name)
      : messageOf(ATTENDANCE_SETTINGS_MESSAGES.lateOnTitle, name, calendarDate(day.date)),
    messageOf(ATTENDANCE_SETTINGS_MESSAGES.lateBody, name, calendarDate(day.date), className),
    language,
  );

const correctedWords = (
  name: string,
  status: AttendanceStatus,
  day: AlertDay,
  className: string,
  language: Language,
) =>
  status === 'absent'
    ? absentWords(name, day, className, language)
    : wordsOf(
        messageOf(A.correctedTitle, name),
        messageOf(A.correctedBody, name, ourWords(A[status]), calendarDate(day.date), className),
        language,
      );

/** JSON with each object's keys in order: a stored message (jsonb reorders keys) compared with a fresh one. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

/**
 * Whether a sent notification already says `words` (only its title with `titleOnly`). By message id and
 * parameters (status, date, class), never by rendered text, so how the words are written changes nothing; an
 * alert stored as text before alerts carried a message is compared by its text, as it was written.
 */
function alreadySays(sent: AlertContext['sent'][number] | undefined, words: AlertWords, titleOnly = false): boolean {
  if (!sent) return false;
  if (sent.message) {
    const same = (a: unknown, b: unknown) => canonical(a ?? null) === canonical(b ?? null);
    return same(sent.message.title, words.message.title) && (titleOnly || same(sent.message.body, words.message.body));
  }
  return sent.title === words.title && (titleOnly || sent.body === words.body);
}

const languageOf = (value: string | null): Language => (isLanguage(value) ? value : DEFAULT_LANGUAGE);

/** What alerting a sheet's students needs to know: their alerts of the date so far, and their parents. */
export interface AlertContext {
  /** The students' alert rows of the date: the notifications each one sent. */
  existing: { studentId: string; notificationIds: string[] }[];
  /** Those notifications as they read now (their message: null for alerts sent before they carried one), with their reader's language. */
  sent: { id: string; title: string; body: string; message?: NotificationMessage | null; language: string | null }[];
  /**
   * The parents who may be alerted now, by student then parent, inactive ones too: of a sheet, only those of
   * students it marks absent or late or whose day is already worse than present elsewhere (the only students
   * a first alert can be for); otherwise every parent of the students.
   */
  parents: { studentId: string; parentId: string; isActive: boolean; language: string | null }[];
  /** Of a sheet: every parent of its students, whom its live event reaches. */
  parentIds?: string[];
  /**
   * Each student's worst mark of the date on the day's other sheets (other periods, or another class the student
   * was in that day), if they have any, with the name of the class of that mark.
   */
  day?: { studentId: string; status: AttendanceStatus; className?: string }[];
  /** Each student's day status before this submission (the worst of all their marks of the date), if marked. */
  before?: { studentId: string; status: AttendanceStatus }[];
}

/** The sheet being submitted: its own records of the date are replaced by its marks, so they are not "the rest of the day". */
export interface SheetKey {
  classId: string;
  periodId: string | null;
  /** The students the sheet marks absent or late. */
  notPresent: string[];
}

/** A day's status is its worst mark, as the register shows it: absent, then late, then present. */
const SEVERITY: Record<AttendanceStatus, number> = { present: 0, late: 1, absent: 2 };

/** The worse of two marks (absent, then late), as the register shows a day. */
export const worseOf = (a: AttendanceStatus, b: AttendanceStatus): AttendanceStatus =>
  SEVERITY[b] > SEVERITY[a] ? b : a;

/**
 * SQL of the alert context of students `ids` (a subquery of student ids) on `date`, as one JSON object. With
 * `sheet`, the day's marks are read without that sheet's own records (its new marks replace them), and `before`
 * is left to the caller, which reads the sheet's own records anyway: the day's status before the submission is
 * the worse of those and `day`.
 */
export function alertContextSql(schoolId: string, date: string, ids: SQL, sheet?: SheetKey): SQL {
  const otherSheets = sheet
    ? sql`and not (a.class_id = ${sheet.classId} and a.period_id is not distinct from ${sheet.periodId}::uuid)`
    : sql``;
  const worstFirst = sql`case a.status when 'absent' then 0 when 'late' then 1 else 2 end`;
  // The school's language, read once for the statement rather than joined to every parent's row.
  const schoolLanguage = sql`(select sc.language from schools sc where sc.id = ${schoolId})`;
  // Whose parents' accounts are read: a sheet can send a first alert only for a student it marks absent or
  // late, or whose day is already worse elsewhere; everyone else's parents only hear its live event.
  const mayAlert = sheet
    ? sql`(select unnest(${`{${sheet.notPresent.join(',')}}`}::uuid[]) union all
        select d.student_id from day d where d.status <> 'present')`
    : ids;
  return sql`(with day as materialized (select distinct on (a.student_id) a.student_id, a.status,
        ${classLabel('c')} as class_name
      from attendance a join classes c on c.school_id = a.school_id and c.id = a.class_id
      where a.school_id = ${schoolId} and a.date = ${date}::date and a.student_id in ${ids}
        ${otherSheets}
      order by a.student_id, ${worstFirst}, a.marked_at, a.id)
    select json_build_object(
    'day', (select coalesce(json_agg(json_build_object('studentId', d.student_id, 'status', d.status,
        'className', d.class_name)), '[]') from day d),
    ${
      sheet
        ? sql``
        : sql`'before', (select coalesce(json_agg(json_build_object('studentId', d.student_id, 'status', d.status)), '[]')
      from (select distinct on (a.student_id) a.student_id, a.status
        from attendance a where a.school_id = ${schoolId} and a.date = ${date}::date and a.student_id in ${ids}
        order by a.student_id, ${worstFirst}) d),`
    }
    'existing', (select coalesce(json_agg(json_build_object('studentId', al.student_id, 'notificationIds', al.notification_ids)), '[]')
      from absence_alerts al where al.school_id = ${schoolId} and al.date = ${date}::date and al.student_id in ${ids}),
    'sent', (select coalesce(json_agg(json_build_object('id', n.id, 'title', n.title, 'body', n.body, 'message', n.message,
        'language', coalesce(acc.language, ${schoolLanguage}))), '[]')
      from notifications n
        join users u on u.school_id = n.school_id and u.id = n.user_id
        join accounts acc on acc.id = u.account_id
      where n.school_id = ${schoolId} and n.id in (select unnest(al.notification_ids) from absence_alerts al
        where al.school_id = ${schoolId} and al.date = ${date}::date and al.student_id in ${ids})),
    'parents', (select coalesce(json_agg(json_build_object('studentId', sp.student_id, 'parentId', sp.parent_id,
        'isActive', u.is_active, 'language', coalesce(acc.language, ${schoolLanguage})) order by sp.student_id, sp.parent_id), '[]')
      from student_parents sp join users u on u.school_id = sp.school_id and u.id = sp.parent_id
        join accounts acc on acc.id = u.account_id
      where sp.school_id = ${schoolId} and sp.student_id in ${mayAlert})
    ${
      sheet
        ? sql`, 'parentIds', (select coalesce(json_agg(distinct sp.parent_id), '[]') from student_parents sp
      where sp.school_id = ${schoolId} and sp.student_id in ${ids})`
        : sql``
    }))`;
}

/** A sheet's marks to alert on: its date, and the school's today when it is submitted (for the titles' words). */
export interface AlertInput {
  date: string;
  today: string;
  className: string;
  marks: MarkedStudent[];
  alertLate?: boolean;
}

/**
 * Absence alerts (docs/product.md, "School day: timetable and attendance"): a student marked absent notifies
 * each of their active parents once per date. A later submission of that date does not send again: it
 * revises those notifications when the student's status changed (absent → late reads as a correction).
 * With `alertLate` (the school's opt-in) a late mark alerts like an absence, with its own words.
 * The status is the day's, not the sheet's: with marks per period, a student absent in one period and present
 * in the next is still absent that day, so another period's sheet changes nothing the parent was told.
 */
export async function alertParents(tx: Tx, schoolId: string, input: AlertInput): Promise<void> {
  if (input.marks.length === 0) return;
  const ids = sql`(select unnest(${`{${input.marks.map((m) => m.studentId).join(',')}}`}::uuid[]))`;
  const [row] = await selectRows<{ context: AlertContext }>(
    tx,
    sql`select ${alertContextSql(schoolId, input.date, ids)} as context`,
  );
  const statement = alertsSql(schoolId, input, row?.context ?? { existing: [], sent: [], parents: [] });
  if (statement) await tx.execute(statement);
}

/**
 * The alerts of a sheet as one statement, given what was already sent that date: notifications revised where
 * the news changed (unread again), sent once to the parents of students newly alerted, the alert rows, and the
 * live events of it all with `events` (the caller's own) besides. Null when there is nothing to write or send.
 */
export function alertsSql(
  schoolId: string,
  input: AlertInput,
  context: AlertContext,
  events: LiveEvent[] = [],
): SQL | null {
  const { date } = input;
  const alertDay: AlertDay = { date, isToday: date === input.today };
  const day = new Map((context.day ?? []).map((d) => [d.studentId, d]));
  const before = new Map((context.before ?? []).map((d) => [d.studentId, d.status]));
  // The day's status, and the class of the mark that makes it: another sheet's when that mark is worse than
  // this sheet's (a student absent in their former class and present in the new one is absent in the former).
  const marks = input.marks.map((m) => {
    const other = day.get(m.studentId);
    return other && SEVERITY[other.status] > SEVERITY[m.status]
      ? { ...m, status: other.status, className: other.className ?? input.className }
      : { ...m, className: input.className };
  });
  const byId = new Map(marks.map((m) => [m.studentId, m]));
  const alerted = new Set<string>();
  const readerLanguage = new Map(context.sent.map((r) => [r.id, languageOf(r.language)]));
  const sent = new Map(context.sent.map((r) => [r.id, r]));
  const revised: ({ id: string } & AlertWords)[] = [];
  for (const row of context.existing) {
    alerted.add(row.studentId);
    const m = byId.get(row.studentId);
    if (!m) continue;
    // The day's status did not change: the alert stays exactly as it was (words, class, read or not).
    if (before.get(row.studentId) === m.status) continue;
    const { className } = m;
    // Each parent's copy is rewritten in that parent's language.
    for (const id of row.notificationIds) {
      const language = readerLanguage.get(id) ?? DEFAULT_LANGUAGE;
      // Still late, and first alerted as late: nothing was corrected.
      // First alerted on the day itself or later, its title said "today" or the date.
      const late = [true, false].map((isToday) => lateWords(m.name, { date, isToday }, className, language));
      const saysLate = (n: string) => late.some((words) => alreadySays(sent.get(n), words, true));
      if (m.status === 'late' && row.notificationIds.every(saysLate)) continue;
      const words = correctedWords(m.name, m.status, alertDay, className, language);
      // Already saying this (a resubmission that changed nothing): left alone.
      if (!alreadySays(sent.get(id), words)) revised.push({ id, ...words });
    }
  }

  const alerting = (m: MarkedStudent) => m.status === 'absent' || (input.alertLate === true && m.status === 'late');
  const fresh = new Set(marks.filter((m) => alerting(m) && !alerted.has(m.studentId)).map((m) => m.studentId));
  const parents = context.parents.filter((p) => p.isActive && fresh.has(p.studentId));
  const created = parents.map((p) => {
    const m = byId.get(p.studentId) as (typeof marks)[number];
    const language = languageOf(p.language);
    const words =
      m.status === 'late'
        ? lateWords(m.name, alertDay, m.className, language)
        : absentWords(m.name, alertDay, m.className, language);
    // Opening it leads to the child's attendance on that day (docs/product.md, "Notifications").
    const target: NotificationTarget = { kind: 'attendance', studentId: p.studentId, date };
    return { id: newId(), user_id: p.parentId, ...words, target };
  });
  // The alert row is kept even for a student with no parent: a parent linked later is not alerted about the past.
  const alertRows = [...fresh].map((studentId) => ({
    id: newId(),
    student_id: studentId,
    notification_ids: created.flatMap((n, i) => (parents[i]?.studentId === studentId ? [n.id] : [])),
  }));
  const payloads = liveEventPayloads([
    ...events,
    ...created.map((n) => ({ kind: 'notification' as const, schoolId, userIds: [n.user_id], id: n.id })),
  ]);
  if (revised.length === 0 && alertRows.length === 0 && payloads.length === 0) return null;
  // A revised notification's event is sent only if the row really changed (the update's own test, so a
  // concurrent revision to the same words sends nothing twice).
  return sql`
    with revised as (
      update notifications n set title = r.title, body = r.body, message = r.message, read_at = null
      from json_to_recordset(${JSON.stringify(revised)}::json) as r(id uuid, title text, body text, message jsonb)
      where n.school_id = ${schoolId} and n.id = r.id
        and (n.title <> r.title or n.body <> r.body or n.message is distinct from r.message)
      returning n.id, n.user_id
    ),
    created as (
      insert into notifications (school_id, id, user_id, type, title, body, message, target)
      select ${schoolId}, r.id, r.user_id, 'attendance', r.title, r.body, r.message, r.target
      from json_to_recordset(${JSON.stringify(created)}::json)
        as r(id uuid, user_id uuid, title text, body text, message jsonb, target jsonb)
    ),
    alerted as (
      insert into absence_alerts (school_id, id, student_id, date, notification_ids)
      select ${schoolId}, r.id, r.student_id, ${date}::date, r.notification_ids
      from json_to_recordset(${JSON.stringify(alertRows)}::json)
        as r(id uuid, student_id uuid, notification_ids uuid[])
      on conflict (school_id, student_id, date) do nothing
    ),
    events as (
      select json_build_object('kind', 'notification', 'schoolId', ${schoolId}::text, 'userIds',
        json_build_array(v.user_id), 'id', v.id, 'rewritten', true)::text as payload
      from revised v where v.user_id is not null
      union all
      select p from json_array_elements_text(${JSON.stringify(payloads)}::json) as p
    )
    select count(pg_notify(${LIVE_CHANNEL}, e.payload))::int as sent from events e`;
}

/**
 * A parent unlinked from a child: the child's absence and late alerts leave that parent's bell in the same
 * transaction (docs/product.md, "Absence alerts"), as the child's class announcements do, so a former parent
 * keeps no news of the child and nothing in the bell leads to a child they may no longer read. The alert rows
 * keep the other parents' notifications, so a later sheet of those dates still revises rather than repeats.
 * Open bells hear each as withdrawn, and the stream follows with the unread counts.
 */
export async function dropAlertsOfUnlinkedParent(
  tx: Tx,
  schoolId: string,
  link: { studentId: string; parentId: string },
): Promise<void> {
  const dropped = await selectRows<{ id: string }>(
    tx,
    sql`with gone as (
        delete from notifications n
        where n.school_id = ${schoolId} and n.user_id = ${link.parentId}
          and n.id in (select unnest(al.notification_ids) from absence_alerts al
            where al.school_id = ${schoolId} and al.student_id = ${link.studentId})
        returning n.id
      ), kept as (
        update absence_alerts al
        set notification_ids = array(select x from unnest(al.notification_ids) x where x not in (select g.id from gone g))
        where al.school_id = ${schoolId} and al.student_id = ${link.studentId}
          and al.notification_ids && array(select g.id from gone g)
      )
      select g.id from gone g`,
  );
  await publishLiveEvents(
    tx,
    dropped.map(({ id }) => ({
      kind: 'notification' as const,
      schoolId,
      id,
      userIds: [link.parentId],
      withdrawn: true,
    })),
  );
}
