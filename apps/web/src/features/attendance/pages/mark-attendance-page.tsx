import type { AttendanceStatus, ClassSheet, SchoolDayOff, SubmitAttendanceResponse } from '@lyceum/shared/attendance';
import { useQueryClient } from '@tanstack/react-query';
import { CloudOff } from 'lucide-react';
import { type CSSProperties, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';
import { NotForRole } from '../../../components/people/not-for-role';
import { isStaff } from '../../../components/people/roles';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { PageSkeleton, Skeleton } from '../../../components/ui/skeleton';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { formatDateTime, formatDay } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { useElementHeight } from '../../../lib/use-element-height';
import { attendanceKeys, marksChanged, useAttendanceOptions, useClassSheet } from '../api/attendance-api';
import { StatusPicker } from '../components/status-picker';
import { draftWriter, dropDraft, pruneDrafts, restoreDraft } from '../lib/draft-store';
import { MARK_CLASS_PARAM, markSheetHref } from '../lib/links';
import {
  dropPending,
  flushPending,
  keepPending,
  type PendingMarks,
  pendingSnapshot,
  type SendResult,
  sendPending,
  slotOf,
  subscribePending,
  watchConnection,
} from '../lib/pending-marks';

interface Mark {
  status: AttendanceStatus;
  note: string;
  /** Enrolled since the marks were started (the sheet read again after a refusal): pointed out on the row. */
  added?: boolean;
}
type Marks = Record<string, Mark>;

/** The sheet's marks to start from: what is waiting to be sent, else what was stored, else everyone present. */
function startingMarks(sheet: ClassSheet, pending: PendingMarks | undefined): Marks {
  const marks: Marks = {};
  for (const s of sheet.students) {
    const record = s.record;
    marks[s.studentId] = { status: record?.status ?? 'present', note: record?.note ?? '' };
  }
  for (const r of pending?.body.records ?? []) {
    marks[r.studentId] = { status: !r.isPresent ? 'absent' : r.isLate ? 'late' : 'present', note: r.note ?? '' };
  }
  return marks;
}

/** The sheet's most recently submitted stored mark, if any was stored. */
function newestRecord(sheet: ClassSheet | undefined) {
  let newest: NonNullable<ClassSheet['students'][number]['record']> | null = null;
  for (const s of sheet?.students ?? []) {
    if (s.record && (!newest || s.record.submittedAt > newest.submittedAt)) newest = s.record;
  }
  return newest;
}

type Outcome = { kind: 'sent'; created: number; updated: number } | { kind: 'failed'; messages: string[] } | null;

/**
 * The sticky submit bar covers the bottom of the list on a phone; a control focused from the keyboard is scrolled
 * clear of it, by the bar's measured height plus a gap (it grows when an alert shows in it), so the teacher sees
 * the mark or note being changed (docs/product.md, "Attendance on a bad connection").
 */
const BAR_HEIGHT = '--mark-bar-height';
// Written out in full (Tailwind finds its classes in the source): the variable is BAR_HEIGHT.
const CLEAR_OF_BAR = '[&_input]:scroll-mb-[calc(var(--mark-bar-height,7rem)_+_0.5rem)]';

/**
 * /attendance/mark for those who mark (docs/product.md, "Attendance": staff and teachers; students and parents
 * never): others are told so, as on the other pages their role has no use for.
 */
export function MarkAttendancePage() {
  const { t } = useT('attendance');
  const role = useAuth().user?.role;
  if (role === 'teacher' || role === 'principal' || role === 'school_admin') return <MarkAttendance />;
  return <NotForRole title={t('mark.title')} description={t('mark.notForRole')} />;
}

/** Mark attendance: a class, a date, a period if the school marks per period; one submit for the whole class. */
function MarkAttendance() {
  const { t } = useT('attendance');
  const queryClient = useQueryClient();
  const options = useAttendanceOptions();
  const [params, setParams] = useSearchParams();
  const { user } = useAuth();
  const me = user?.id ?? '';
  const everyones = useSyncExternalStore(subscribePending, pendingSnapshot);
  // Another user's unsent marks (a shared device) are theirs alone: neither shown nor sent here.
  const pending = useMemo(() => everyones.filter((p) => p.userId === me), [everyones, me]);

  const today = options.data?.today ?? '';
  const classId = params.get(MARK_CLASS_PARAM) ?? options.data?.classes[0]?.id ?? '';
  const date = params.get('date') ?? today;
  const byPeriod = options.data?.settings.byPeriod ?? false;
  const periodId = byPeriod ? (params.get('period') ?? options.data?.periods[0]?.id ?? '') : '';
  const slot = slotOf(classId, date, periodId);
  const kept = pending.find((p) => p.slot === slot);
  // Kept marks are either waiting to be sent, or refused by the server and waiting for the teacher.
  const waiting = kept && !kept.refused ? kept : undefined;
  const refused = kept?.refused ? kept : undefined;
  // Another sheet's refused marks, sent in the background or left from an earlier visit: linked, to correct.
  const refusedElsewhere = pending.filter((p) => p.refused && p.slot !== slot);

  const sheet = useClassSheet(classId, date, periodId, options.isSuccess);
  // `base` is the sheet as it opened (stored, or waiting to be sent): a draft keeps only what differs from it.
  const [marks, setMarks] = useState<{ slot: string; marks: Marks; base: Marks; edited?: boolean } | null>(null);
  // The sheet whose unsubmitted marks were restored on opening it, until they are submitted or discarded.
  const [restored, setRestored] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [sending, setSending] = useState(false);
  const [barRef, barHeight] = useElementHeight<HTMLDivElement>();

  // Marks sent in the background (back online, or left from an earlier visit), until the teacher is told: the
  // send on opening the page often ends before the class list has loaded, when the sheet shown is not known yet.
  const [sentUnsaid, setSentUnsaid] = useState<SubmitAttendanceResponse[]>([]);
  const sentLater = useMemo(
    () => (sent: SubmitAttendanceResponse[]) => {
      void queryClient.invalidateQueries(marksChanged);
      setSentUnsaid((before) => [...before, ...sent]);
    },
    [queryClient],
  );
  const refresh = () => void queryClient.invalidateQueries(marksChanged);

  useEffect(() => {
    watchConnection(sentLater);
    if (!me) return;
    void flushPending(me).then((sent) => {
      if (sent.length > 0) sentLater(sent);
    });
  }, [sentLater, me]);

  // Said once each: the sheet on the screen shows it saved, as after submitting it; another sheet in a toast.
  const classes = options.data?.classes;
  useEffect(() => {
    if (!classes || sentUnsaid.length === 0) return;
    for (const a of sentUnsaid) {
      const counts = { created: a.created, updated: a.updated };
      if (slotOf(a.classId, a.date, a.periodId ?? '') === slot) setOutcome({ kind: 'sent', ...counts });
      else {
        const className = classes.find((c) => c.id === a.classId)?.label ?? t('class');
        toast.success(t('mark.sentSheet', { className, date: formatDay(a.date), ...counts }));
      }
    }
    setSentUnsaid([]);
  }, [classes, sentUnsaid, slot, t]);

  useEffect(() => {
    if (!sheet.data) return;
    if (marks?.slot !== slot) {
      const base = startingMarks(sheet.data, kept);
      const roster = sheet.data.students.map((s) => s.studentId);
      const draft = restoreDraft(me, slot, base, roster);
      setMarks({ slot, marks: draft ?? base, base });
      setRestored(draft ? slot : null);
      return;
    }
    // The sheet read again (after a refusal, or live): whoever joined the class since starts present like the
    // others, marked as new; the marks already given stay as they are.
    const joined = sheet.data.students.filter((s) => !Object.hasOwn(marks.marks, s.studentId));
    if (joined.length === 0) return;
    const added: Marks = Object.fromEntries(
      joined.map((s) => [s.studentId, { status: 'present' as const, note: '', added: true }]),
    );
    setMarks({ ...marks, marks: { ...marks.marks, ...added }, base: { ...marks.base, ...added } });
  }, [sheet.data, slot, marks, kept, me]);

  // Marks changed but not submitted are kept as a draft (lib/draft-store.ts): written a moment after the last
  // change, and at once when the page is hidden or left, where a phone may discard the tab without a word.
  const drafts = useRef(draftWriter()).current;
  useEffect(() => {
    if (me && marks?.edited) drafts.schedule({ userId: me, slot: marks.slot, marks: marks.marks, base: marks.base });
  }, [marks, me, drafts]);
  useEffect(() => {
    pruneDrafts();
    const hidden = () => {
      if (document.visibilityState === 'hidden') drafts.flush();
    };
    window.addEventListener('pagehide', drafts.flush);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', drafts.flush);
      document.removeEventListener('visibilitychange', hidden);
      drafts.flush();
    };
  }, [drafts]);

  /** Forgets the draft: submitted, or discarded by the teacher. */
  const forgetDraft = () => {
    drafts.cancel();
    dropDraft(me, slot);
    setRestored(null);
  };

  // Refused marks of this sheet, here or in the background: the class may have changed since the sheet was read
  // ("1 enrolled student is not marked", "not enrolled in the class"), so it is read again and the teacher can
  // correct the marks here without reloading (docs/product.md, "Attendance on a bad connection").
  const refusedKey = refused?.idempotencyKey;
  useEffect(() => {
    if (refusedKey) void queryClient.invalidateQueries({ queryKey: attendanceKeys.all });
  }, [refusedKey, queryClient]);

  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
    setOutcome(null);
  };

  const update = (studentId: string, change: Partial<Mark>) =>
    setMarks((current) => {
      if (!current) return current;
      const before = current.marks[studentId] ?? { status: 'present', note: '' };
      return { ...current, marks: { ...current.marks, [studentId]: { ...before, ...change } }, edited: true };
    });

  const report = (result: SendResult) => {
    if (result.ok) {
      setOutcome({ kind: 'sent', created: result.answer.created, updated: result.answer.updated });
      refresh();
    } else if (result.retryable) {
      setOutcome(null);
    } else {
      // Kept as refused (shown from there, the sheet read again); said here too for a browser that keeps nothing.
      const error = result.error;
      const fields = isApiError(error) && error.fields ? Object.values(error.fields) : [];
      setOutcome({ kind: 'failed', messages: [errorMessage(error, t('failed')), ...fields] });
      refresh();
    }
  };

  /** Forgets refused marks: the sheet shows what is stored again. */
  const discard = () => {
    if (!refused || !sheet.data) return;
    dropPending(refused);
    forgetDraft();
    const base = startingMarks(sheet.data, undefined);
    setMarks({ slot, marks: base, base });
    setOutcome(null);
  };

  /** Forgets the restored draft: the sheet shows what it showed before the marks were changed. */
  const discardDraft = () => {
    if (!marks) return;
    forgetDraft();
    setMarks({ slot, marks: marks.base, base: marks.base });
  };

  const submit = async () => {
    if (!sheet.data || !marks || !me) return;
    const body: PendingMarks['body'] = {
      classId,
      date,
      ...(periodId ? { periodId } : {}),
      records: sheet.data.students.map((s) => {
        const mark = marks.marks[s.studentId] ?? { status: 'present', note: '' };
        const note = mark.note.trim();
        return {
          studentId: s.studentId,
          isPresent: mark.status !== 'absent',
          isLate: mark.status === 'late',
          ...(note ? { note } : {}),
        };
      }),
    };
    setSending(true);
    setOutcome(null);
    // Kept before it is sent: a network that fails mid-request loses nothing. The draft goes: these marks are
    // now the sheet's, stored or waiting to be sent.
    const entry = keepPending(body, me, options.data?.classes.find((c) => c.id === classId)?.label);
    forgetDraft();
    setMarks({ slot, marks: marks.marks, base: marks.marks });
    report(await sendPending(entry));
    setSending(false);
  };

  const retry = async () => {
    if (!waiting) return;
    setSending(true);
    report(await sendPending(waiting));
    setSending(false);
  };

  const header = (
    <PageHeader
      title={t('mark.title')}
      description={t('mark.description')}
      actions={
        <Link to="/attendance" className={buttonClasses('secondary')}>
          {t('mark.viewRecords')}
        </Link>
      }
    />
  );

  if (options.isPending) return <PageSkeleton />;
  if (options.isError) {
    return (
      <>
        {header}
        <ErrorState error={options.error} onRetry={() => options.refetch()} />
      </>
    );
  }
  if (options.data.classes.length === 0) {
    return (
      <>
        {header}
        <Card>
          {/* School admins and principals mark every class: with none, they are the ones to create it. */}
          {isStaff(user?.role) ? (
            <EmptyState
              title={t('mark.noClasses')}
              description={t('mark.noSchoolClassesHint')}
              action={
                <Link to="/classes" className={buttonClasses('secondary')}>
                  {t('mark.createClass')}
                </Link>
              }
            />
          ) : (
            <EmptyState title={t('mark.noClasses')} description={t('mark.noClassesHint')} />
          )}
        </Card>
      </>
    );
  }

  const showForm = Boolean(sheet.data && sheet.data.students.length > 0 && marks?.slot === slot);
  // Shown beside the submit button (where the thumb is after submitting), or on top when there is no sheet.
  const notSent = (
    <div
      role="status"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-900"
    >
      <CloudOff className="size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 flex-1">
        <strong className="font-semibold">{t('mark.notSent')}</strong> {t('mark.notSentHint')}
      </span>
      <Button variant="secondary" size="sm" onClick={retry} loading={sending}>
        {t('mark.retry')}
      </Button>
    </div>
  );

  // Like "Not sent yet": beside the submit button, where the teacher is after submitting a long class (on top,
  // above the pickers, it was off screen); on top only when there is no sheet.
  const refusal = refused?.refused ?? (outcome?.kind === 'failed' ? outcome.messages : null);
  const outcomeAlert =
    outcome?.kind === 'sent' && !kept ? (
      <Alert tone="success">{t('mark.sent', { created: outcome.created, updated: outcome.updated })}</Alert>
    ) : refusal ? (
      <Alert>
        <span className="block font-semibold">{t('failed')}</span>
        {refusal
          .filter((m) => m !== t('failed'))
          .map((m) => (
            <span key={m} className="block">
              {m}
            </span>
          ))}
        {refused && (
          <span className="mt-1 block">
            {t('mark.refusedHint')}{' '}
            <button type="button" className="font-medium underline" onClick={discard}>
              {t('mark.discard')}
            </button>
          </span>
        )}
      </Alert>
    ) : null;

  // Why the school does not teach on the sheet's day, if it does not (docs/product.md, "Attendance").
  const dayOff = sheet.data?.date === date ? sheet.data.dayOff : null;
  const dayOffText = (off: NonNullable<SchoolDayOff>, day: string) => {
    const when = formatDay(day);
    if (off.reason === 'holiday') return t('mark.dayOff.holiday', { date: when, name: off.name });
    return t(off.reason === 'weekend' ? 'mark.dayOff.weekend' : 'mark.dayOff.outsideTerms', { date: when });
  };

  // A sheet taken before opens on its stored marks, which look just like a fresh one's: said, with who took it
  // and when, so a teacher opening a past day or a colleague's sheet knows submitting corrects it.
  const lastStored = showForm && !kept ? newestRecord(sheet.data) : null;

  // Of the students on the sheet: one who left the class keeps a mark here that is never sent.
  const counts = { absent: 0, late: 0 };
  for (const s of marks?.slot === slot ? (sheet.data?.students ?? []) : []) {
    const m = marks?.marks[s.studentId];
    if (m?.status === 'absent') counts.absent++;
    if (m?.status === 'late') counts.late++;
  }

  return (
    <>
      {header}
      <div className="mb-4 grid gap-3 sm:grid-cols-3">
        <Select
          id="mark-class"
          label={t('class')}
          value={classId}
          onChange={(e) => setParam(MARK_CLASS_PARAM, e.target.value)}
          options={options.data.classes.map((c) => ({ value: c.id, label: c.label }))}
        />
        <TextField
          id="mark-date"
          label={t('date')}
          type="date"
          value={date}
          max={today}
          onChange={(e) => setParam('date', e.target.value)}
        />
        {byPeriod && (
          <Select
            id="mark-period"
            label={t('period')}
            value={periodId}
            onChange={(e) => setParam('period', e.target.value)}
            options={options.data.periods.map((p) => ({ value: p.id, label: p.label }))}
          />
        )}
      </div>

      {/* A calm note, not a refusal: a teacher who picked the wrong day notices; a make-up day is marked as usual. */}
      {dayOff && (
        <Alert tone="info" className="mb-4">
          <span className="block font-medium">{dayOffText(dayOff, date)}</span>
          <span className="block">{t('mark.dayOff.hint')}</span>
        </Alert>
      )}
      {refusedElsewhere.length > 0 && (
        <Alert className="mb-4">
          <span className="block font-semibold">{t('mark.refusedElsewhere')}</span>
          {refusedElsewhere.map((p) => (
            <Link key={p.slot} to={markSheetHref(p.body)} className="block font-medium underline">
              {t('mark.refusedSheet', {
                className: options.data.classes.find((c) => c.id === p.body.classId)?.label ?? t('class'),
                date: formatDay(p.body.date),
              })}
            </Link>
          ))}
        </Alert>
      )}
      {/* With restored corrections on screen the stored marks are not what is shown: one note says both. */}
      {lastStored && restored !== slot && (
        <Alert tone="info" className="mb-4">
          {t('mark.alreadyMarked', {
            name: lastStored.markedByName,
            when: formatDateTime(lastStored.submittedAt),
          })}
        </Alert>
      )}
      {showForm && restored === slot && (
        <Alert tone="info" className="mb-4">
          {lastStored
            ? t('mark.alreadyMarkedDraft', {
                name: lastStored.markedByName,
                when: formatDateTime(lastStored.submittedAt),
              })
            : t('mark.draftRestored')}{' '}
          <button type="button" className="font-medium underline" onClick={discardDraft}>
            {t('mark.draftDiscard')}
          </button>
        </Alert>
      )}
      {waiting && !showForm && notSent}
      {!showForm && outcomeAlert && <div className="mb-4">{outcomeAlert}</div>}

      {sheet.isPending && (
        <Card className="space-y-3 p-4">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </Card>
      )}
      {sheet.isError && !waiting && <ErrorState error={sheet.error} onRetry={() => sheet.refetch()} />}
      {sheet.data && sheet.data.students.length === 0 && (
        <Card>
          <EmptyState title={t('mark.noStudents')} />
        </Card>
      )}
      {sheet.data && sheet.data.students.length > 0 && marks?.slot === slot && (
        <form
          style={barHeight === null ? undefined : ({ [BAR_HEIGHT]: `${barHeight}px` } as CSSProperties)}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Card>
            <ul className={`divide-y divide-slate-100 ${CLEAR_OF_BAR}`}>
              {sheet.data.students.map((s) => {
                const mark = marks.marks[s.studentId] ?? { status: 'present' as const, note: '' };
                return (
                  <li key={s.studentId} className="space-y-2 p-3 sm:flex sm:items-center sm:gap-4 sm:space-y-0">
                    {/* Number and name as two boxes, the name isolated: in one line of text a Latin name took
                        the number to its left in Arabic ("1Stella Student"). */}
                    <p className="flex min-w-0 gap-2 text-sm font-medium text-slate-900 sm:w-48 sm:shrink-0">
                      <span className="text-slate-500 tabular-nums">{s.rollNumber}</span>
                      <bdi className="min-w-0">{s.name}</bdi>
                      {mark.added && (
                        <Badge tone="info" className="shrink-0 self-center">
                          {t('mark.added')}
                        </Badge>
                      )}
                    </p>
                    <StatusPicker
                      name={`status-${s.studentId}`}
                      label={s.name}
                      value={mark.status}
                      onChange={(status) => update(s.studentId, { status })}
                    />
                    <TextField
                      id={`note-${s.studentId}`}
                      label={t('mark.noteFor', { name: s.name })}
                      className="sm:min-w-0"
                      containerClassName="sm:flex-1 [&_label]:sr-only"
                      placeholder={t('mark.notePlaceholder')}
                      maxLength={200}
                      value={mark.note}
                      onChange={(e) => update(s.studentId, { note: e.target.value })}
                    />
                  </li>
                );
              })}
            </ul>
          </Card>
          <div
            ref={barRef}
            className="sticky bottom-0 mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 bg-slate-50 py-3"
          >
            {waiting && <div className="w-full">{notSent}</div>}
            {outcomeAlert && <div className="w-full">{outcomeAlert}</div>}
            <p className="text-sm text-slate-600">
              {t('mark.summary', { total: sheet.data.students.length, absent: counts.absent, late: counts.late })}
            </p>
            <Button type="submit" size="lg" loading={sending} className="min-h-12 w-full sm:w-auto">
              {t('mark.submit')}
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
