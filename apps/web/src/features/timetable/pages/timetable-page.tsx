import { isSchoolRole, type SchoolRole } from '@lyceum/shared/roles';
import type { Period, TimetableOption, TimetableOptionsResponse, TimetableSlot } from '@lyceum/shared/timetable';
import { CalendarDays, Eraser, Plus, Printer, UserPlus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';
import { NotForRole } from '../../../components/people/not-for-role';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs } from '../../../components/ui/tabs';
import { useAuth } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n';
import { compareNames } from '../../../lib/i18n/format';
import {
  useChildrenWeeks,
  useClearWeek,
  useDeleteSlot,
  useTimetableOptions,
  useWeek,
  type WeekOf,
} from '../api/timetable-api';
import { AssignTeacherDialog } from '../components/assign-teacher-dialog';
import { PeriodsCard } from '../components/periods-card';
import { SlotFormDialog } from '../components/slot-form-dialog';
import { type Hidden, type SlotActions, WeekGrid } from '../components/week-grid';
import { TIMETABLE_CHILD_PARAM } from '../lib/links';

/**
 * On paper only the week prints: no shell, no pickers or buttons, the grid on one A4 landscape page. Fixed
 * to the page's corner, as the hidden sidebar would otherwise still push it aside.
 */
const PRINT_CSS = `@media print {
  @page { size: A4 landscape; margin: 10mm; }
  body * { visibility: hidden !important; }
  #timetable-print, #timetable-print * { visibility: visible !important; }
  #timetable-print { position: fixed; inset: 0 0 auto 0; }
  #timetable-print .timetable-print { overflow: visible; border: 0; box-shadow: none; }
  #timetable-print table { min-width: 0; font-size: 9pt; }
  #timetable-print .slot-card { break-inside: avoid; }
}`;

const STAFF: readonly SchoolRole[] = ['school_admin', 'principal'];
type PickKind = 'class' | 'teacher' | 'room';

function Loading() {
  const { t } = useT('timetable');
  return (
    <div role="status" aria-label={t('loading')} className="space-y-3">
      <Skeleton className="h-10 w-64" />
      <Skeleton className="h-96" />
    </div>
  );
}

function Failed({ error, retry, retrying }: { error: unknown; retry: () => void; retrying: boolean }) {
  return <ErrorState error={error} onRetry={retry} retrying={retrying} />;
}

function Empty({ title, description, action }: { title: string; description: string; action?: ReactNode }) {
  return (
    <Card>
      <EmptyState
        icon={<CalendarDays className="size-6" aria-hidden="true" />}
        title={title}
        description={description}
        action={action}
      />
    </Card>
  );
}

/** One week on screen and on paper: a print-only heading, the grid, or the empty state when it has no lessons. */
function Week({
  title,
  of,
  periods,
  hide,
  actions,
  emptyText,
}: {
  title: string;
  of: WeekOf | null;
  periods: readonly Period[];
  hide?: Hidden;
  actions?: SlotActions;
  emptyText?: string;
}) {
  const { t } = useT('timetable');
  const week = useWeek(of);
  if (week.isPending) return <Loading />;
  if (week.isError) return <Failed error={week.error} retry={() => void week.refetch()} retrying={week.isFetching} />;
  return (
    <WeekView
      title={title}
      slots={week.data.items}
      periods={periods}
      hide={hide}
      actions={actions}
      emptyText={emptyText ?? t('empty.description')}
    />
  );
}

function WeekView({
  title,
  slots,
  periods,
  hide,
  actions,
  emptyText,
}: {
  title: string;
  slots: readonly TimetableSlot[];
  periods: readonly Period[];
  hide?: Hidden;
  actions?: SlotActions;
  emptyText: string;
}) {
  const { t } = useT('timetable');
  const { school } = useAuth();
  if (slots.length === 0) return <Empty title={t('empty.title')} description={emptyText} />;
  return (
    <section id="timetable-print" aria-label={title}>
      <style>{PRINT_CSS}</style>
      {/* On paper the sheet says whose school and what it is, as the screen's header and title do. */}
      <div className="mb-3 hidden print:block">
        {school && (
          <p className="text-sm text-slate-600">
            <bdi>{school.name}</bdi>
          </p>
        )}
        <h2 className="text-lg font-semibold">
          {t('title')} · <bdi>{title}</bdi>
        </h2>
      </div>
      <WeekGrid
        title={t('grid.label', { name: title })}
        slots={slots}
        periods={periods}
        hide={hide}
        actions={actions}
      />
    </section>
  );
}

function PrintButton() {
  const { t } = useT('timetable');
  return (
    <Button variant="secondary" onClick={() => window.print()}>
      <Printer className="size-4" aria-hidden="true" />
      {t('actions.print')}
    </Button>
  );
}

/** A week's subjects, each with how many of its lessons it holds, by name. */
function lessonsBySubject(items: readonly TimetableSlot[]): { id: string; name: string; count: number }[] {
  const bySubject = new Map<string, { id: string; name: string; count: number }>();
  for (const slot of items) {
    const entry = bySubject.get(slot.subjectId);
    if (entry) entry.count += 1;
    else bySubject.set(slot.subjectId, { id: slot.subjectId, name: slot.subject, count: 1 });
  }
  return [...bySubject.values()].sort((a, b) => compareNames(a.name, b.name));
}

/** School admins, principals and teachers: pick a class, a teacher or a room. */
function PickedWeek({
  options,
  role,
  userId,
}: {
  options: TimetableOptionsResponse;
  role: SchoolRole;
  userId: string;
}) {
  const { t } = useT('timetable');
  const [params, setParams] = useSearchParams();
  const staff = STAFF.includes(role);
  const lists: Record<PickKind, TimetableOption[]> = {
    class: options.classes,
    teacher: options.teachers,
    room: options.rooms.map((room) => ({ id: room, name: room })),
  };
  const kind: PickKind = params.has('room')
    ? 'room'
    : params.has('class')
      ? 'class'
      : params.has('teacher')
        ? 'teacher'
        : staff
          ? 'class'
          : 'teacher';
  const fallback = kind === 'teacher' && !staff ? userId : (lists[kind][0]?.id ?? '');
  const id = params.get(kind) || fallback;
  const chosen = lists[kind].find((o) => o.id === id);
  const title = kind === 'room' ? id : (chosen?.name ?? '');

  const [slotDialog, setSlotDialog] = useState<{ open: boolean; editing?: TimetableSlot }>({ open: false });
  const [assignOpen, setAssignOpen] = useState(false);
  const [deleting, setDeleting] = useState<TimetableSlot | null>(null);
  const remove = useDeleteSlot();
  // A class's or a teacher's week is cleared in one step (docs/product.md, "Periods and the weekly timetable"):
  // the way to delete the lessons a refused change would leave. The week is the grid's own query, not a new request.
  const clearOf = staff && chosen && (kind === 'class' || kind === 'teacher') ? { kind, id } : null;
  const shown = useWeek(clearOf);
  const lessons = clearOf ? (shown.data?.items.length ?? 0) : 0;
  // Or only one subject's lessons: what removing that subject from the class (or the teacher) waits for.
  const subjectsShown = clearOf ? lessonsBySubject(shown.data?.items ?? []) : [];
  const [clearing, setClearing] = useState(false);
  const [clearSubject, setClearSubject] = useState('');
  const clearingSubject = subjectsShown.find((s) => s.id === clearSubject);
  const clear = useClearWeek();
  const actions: SlotActions | undefined = staff
    ? { onEdit: (slot) => setSlotDialog({ open: true, editing: slot }), onDelete: setDeleting }
    : undefined;

  const confirmDelete = async () => {
    if (!deleting) return;
    // A refusal rejects: the confirm dialog shows it inside itself and stays open.
    await remove.mutateAsync(deleting.id);
    toast.success(t('deleteSlot.done'));
    setDeleting(null);
  };

  const confirmClear = async () => {
    if (!clearOf) return;
    const { deleted } = await clear.mutateAsync({ ...clearOf, subjectId: clearingSubject?.id });
    toast.success(t('clearWeek.done', { count: deleted }));
    setClearing(false);
  };

  const pick = (nextKind: PickKind, nextId: string) => setParams({ [nextKind]: nextId }, { replace: true });
  const kinds: PickKind[] = ['class', 'teacher', 'room'];
  const noClasses = options.classes.length === 0;
  const emptyList = {
    class: [t('empty.noClassesTitle'), t('empty.noClasses')],
    teacher: [t('empty.noClassesTitle'), t('empty.noClasses')],
    room: [t('empty.noRoomsTitle'), t('empty.noRooms')],
  } as const;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={staff ? t('description.staff') : t('description.teacher')}
        actions={
          <>
            <PrintButton />
            {staff && kind === 'class' && chosen && (
              <Button variant="secondary" onClick={() => setAssignOpen(true)}>
                <UserPlus className="size-4" aria-hidden="true" />
                {t('actions.assignTeacher')}
              </Button>
            )}
            {lessons > 0 && (
              <Button
                variant="secondary"
                onClick={() => {
                  setClearSubject('');
                  setClearing(true);
                }}
              >
                <Eraser className="size-4" aria-hidden="true" />
                {t('actions.clearWeek')}
              </Button>
            )}
            {staff && (
              <>
                <Button
                  onClick={() => setSlotDialog({ open: true })}
                  disabled={noClasses}
                  title={noClasses ? t('actions.addSlotNoClasses') : undefined}
                  aria-describedby={noClasses ? 'tt-add-slot-why' : undefined}
                >
                  <Plus className="size-4" aria-hidden="true" />
                  {t('actions.addSlot')}
                </Button>
                {noClasses && (
                  // Why it is disabled, for those who cannot hover for the title.
                  <span id="tt-add-slot-why" className="sr-only">
                    {t('actions.addSlotNoClasses')}
                  </span>
                )}
              </>
            )}
          </>
        }
      />
      <fieldset className="mb-4 grid gap-3 sm:grid-cols-2 lg:max-w-xl print:hidden">
        <legend className="sr-only">{t('picker.label')}</legend>
        <Select
          id="tt-kind"
          label={t('picker.show')}
          value={kind}
          options={kinds.map((k) => ({ value: k, label: t(`picker.${k}`) }))}
          onChange={(event) => {
            const next = event.target.value as PickKind;
            pick(next, next === 'teacher' && !staff ? userId : (lists[next][0]?.id ?? ''));
          }}
        />
        <Select
          id="tt-which"
          label={t(`picker.${kind}`)}
          value={id}
          placeholder={lists[kind].length === 0 ? t('picker.choose') : undefined}
          options={lists[kind].map((o) => ({ value: o.id, label: o.name }))}
          onChange={(event) => pick(kind, event.target.value)}
        />
      </fieldset>
      {id ? (
        <Week
          title={title}
          of={{ kind, id }}
          periods={options.periods}
          hide={{ className: kind === 'class', teacher: kind === 'teacher' }}
          actions={actions}
          emptyText={staff && kind === 'class' ? t('empty.staff') : t('empty.description')}
        />
      ) : (
        <Empty
          title={emptyList[kind][0]}
          description={emptyList[kind][1]}
          action={
            // Lessons go into classes: those who may create one are shown where (docs/product.md, "Timetable screens").
            staff && kind === 'class' && noClasses ? (
              <Link to="/classes" className={buttonClasses('secondary')}>
                {t('empty.createClass')}
              </Link>
            ) : undefined
          }
        />
      )}
      {staff && (
        <>
          <PeriodsCard periods={options.periods} />
          <SlotFormDialog
            open={slotDialog.open}
            onOpenChange={(open) => setSlotDialog((s) => ({ ...s, open }))}
            options={options}
            editing={slotDialog.editing}
            classId={kind === 'class' ? id : undefined}
          />
          {chosen && kind === 'class' && (
            <AssignTeacherDialog open={assignOpen} onOpenChange={setAssignOpen} options={options} klass={chosen} />
          )}
          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(open) => {
              if (!open) setDeleting(null);
            }}
            title={t('deleteSlot.title')}
            description={
              deleting
                ? t('deleteSlot.description', {
                    subject: deleting.subject,
                    className: deleting.className,
                    // Inside a sentence, where Spanish writes the weekday in lower case (`days` are the grid's titles).
                    day: t(`daysInSentence.${deleting.day}`),
                    start: deleting.startTime,
                    end: deleting.endTime,
                  })
                : ''
            }
            confirmLabel={t('actions.delete')}
            tone="danger"
            pending={remove.isPending}
            onConfirm={confirmDelete}
          />
          <ConfirmDialog
            open={clearing}
            onOpenChange={setClearing}
            title={t('clearWeek.title', { name: title })}
            description={
              clearingSubject
                ? t(kind === 'teacher' ? 'clearWeek.teacherSubject' : 'clearWeek.classSubject', {
                    count: clearingSubject.count,
                    subject: clearingSubject.name,
                    name: title,
                  })
                : t(kind === 'teacher' ? 'clearWeek.teacher' : 'clearWeek.class', { count: lessons, name: title })
            }
            confirmLabel={t('clearWeek.confirm')}
            tone="danger"
            pending={clear.isPending}
            onConfirm={confirmClear}
          >
            {subjectsShown.length > 1 && (
              <Select
                id="tt-clear-which"
                label={t('clearWeek.which')}
                value={clearSubject}
                options={[
                  { value: '', label: t('clearWeek.all', { count: lessons }) },
                  ...subjectsShown.map((s) => ({
                    value: s.id,
                    label: t('clearWeek.subjectOption', { subject: s.name, count: s.count }),
                  })),
                ]}
                onChange={(event) => setClearSubject(event.target.value)}
              />
            )}
          </ConfirmDialog>
        </>
      )}
    </>
  );
}

/** A parent: each child's week, with a switcher when there are several. */
function ChildrenWeeks({ periods }: { periods: readonly Period[] }) {
  const { t } = useT('timetable');
  const [params, setParams] = useSearchParams();
  const query = useChildrenWeeks(true);
  const header = <PageHeader title={t('title')} description={t('description.parent')} actions={<PrintButton />} />;
  if (query.isPending)
    return (
      <>
        {header}
        <Loading />
      </>
    );
  if (query.isError)
    return (
      <>
        {header}
        <Failed error={query.error} retry={() => void query.refetch()} retrying={query.isFetching} />
      </>
    );
  const children = query.data.children;
  if (children.length === 0)
    return (
      <>
        {header}
        <Empty title={t('empty.noChildrenTitle')} description={t('empty.noChildren')} />
      </>
    );
  const child = children.find((c) => c.studentId === params.get(TIMETABLE_CHILD_PARAM)) ?? children[0];
  if (!child) return header;
  const week = (
    <WeekView
      title={child.name}
      slots={child.items}
      periods={periods}
      hide={{ className: true }}
      emptyText={t('empty.description')}
    />
  );
  return (
    <>
      {header}
      {children.length === 1 ? (
        week
      ) : (
        <Tabs
          label={t('picker.child')}
          value={child.studentId}
          onChange={(id) => setParams({ [TIMETABLE_CHILD_PARAM]: id }, { replace: true })}
          // Isolated: right to left, `Doe, "Jane"` read `"Doe, "Jane` (docs/product.md, "In the web app").
          tabs={children.map((c) => ({ id: c.studentId, label: <bdi>{c.name}</bdi> }))}
        >
          <div className="mt-4">{week}</div>
        </Tabs>
      )}
    </>
  );
}

function SchoolTimetable({ role, userId, userName }: { role: SchoolRole; userId: string; userName: string }) {
  const { t } = useT('timetable');
  const options = useTimetableOptions();
  // A student's and a parent's weeks do not wait for the options: both requests leave at once.
  const studentWeek = (periods: readonly Period[]) => (
    <>
      <PageHeader title={t('title')} description={t('description.student')} actions={<PrintButton />} />
      <Week title={userName} of={{ kind: 'student', id: userId }} periods={periods} hide={{ className: true }} />
    </>
  );
  if (role === 'parent') return <ChildrenWeeks periods={options.data?.periods ?? []} />;
  if (role === 'student') return studentWeek(options.data?.periods ?? []);
  if (options.isPending)
    return (
      <>
        <PageHeader title={t('title')} />
        <Loading />
      </>
    );
  if (options.isError)
    return (
      <>
        <PageHeader title={t('title')} />
        <Failed error={options.error} retry={() => void options.refetch()} retrying={options.isFetching} />
      </>
    );
  return <PickedWeek options={options.data} role={role} userId={userId} />;
}

/** /timetable: the week grid of a class, a teacher, a room, a student or each of a parent's children. */
export function TimetablePage() {
  const { t } = useT('timetable');
  const { user } = useAuth();
  if (!user || !isSchoolRole(user.role)) return <NotForRole title={t('title')} description={t('notForRole')} />;
  return <SchoolTimetable role={user.role} userId={user.id} userName={user.name} />;
}
