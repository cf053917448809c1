import type { TimetableSlot } from '@lyceum/shared/timetable';
import { useState } from 'react';
import { Link } from 'react-router';
import { type LessonsOf, useClassLessons, useClearLessons, useTeacherLessons } from '../../api/timetable-lessons';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { useT } from '../../lib/i18n/i18n';
import { compareNames } from '../../lib/i18n/format';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';

/** Lessons that block a change, of one subject: exactly the ones the button deletes. */
export interface LessonGroup {
  of: LessonsOf;
  subject: string;
  count: number;
}

/**
 * The way forward when a change is refused while lessons are left in the timetable (docs/product.md, "Classes
 * and subjects"): a link to the timetable they are in and, per subject, a button that deletes just those
 * lessons after its own confirmation. The change itself is then tried again by the person.
 */
export function LessonsWayOut({
  timetable,
  groups = [],
  whose,
  everyClass = false,
}: {
  /** The class's or the teacher's week, and its name. */
  timetable: { to: string; name: string };
  groups?: readonly LessonGroup[];
  /** Whose lessons the confirmation names: a class, a teacher in a class, or a teacher (with `everyClass`). */
  whose?: string;
  /** The groups are a teacher's lessons in all their classes, and the confirmation says so. */
  everyClass?: boolean;
}) {
  const { t } = useT('timetable');
  const [deleted, setDeleted] = useState<number | null>(null);
  return (
    <div className="mt-3 space-y-2 text-sm">
      <Link to={timetable.to} className="font-medium text-blue-700 hover:underline">
        {t('wayOut.open', { name: timetable.name })}
      </Link>
      {groups.map((group) => (
        <DeleteGroup
          key={group.of.subjectId ?? ''}
          group={group}
          whose={whose ?? timetable.name}
          everyClass={everyClass}
          onDeleted={setDeleted}
        />
      ))}
      {deleted !== null && (
        <p role="status" className="text-emerald-800">
          {t('wayOut.deleted', { count: deleted })}
        </p>
      )}
    </div>
  );
}

function DeleteGroup({
  group,
  whose,
  everyClass,
  onDeleted,
}: {
  group: LessonGroup;
  whose: string;
  everyClass: boolean;
  onDeleted: (count: number) => void;
}) {
  const { t } = useT('timetable');
  const clear = useClearLessons();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { count, subject } = group;
  if (!asking) {
    return (
      <div>
        <Button size="sm" variant="secondary" onClick={() => setAsking(true)}>
          {t('wayOut.delete', { count, subject })}
        </Button>
      </div>
    );
  }
  const confirm = async () => {
    setFailure(null);
    try {
      const { deleted } = await clear.mutateAsync(group.of);
      setAsking(false);
      onDeleted(deleted);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  return (
    <div className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-3">
      <p className="text-slate-800">
        {t(everyClass ? 'clearWeek.teacherSubject' : 'clearWeek.classSubject', { count, subject, name: whose })}
      </p>
      {failure && <Alert>{failure}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="danger" loading={clear.isPending} onClick={() => void confirm()}>
          {t('wayOut.confirm', { count })}
        </Button>
        <Button size="sm" variant="ghost" disabled={clear.isPending} onClick={() => setAsking(false)}>
          {t('wayOut.keep', { count })}
        </Button>
      </div>
    </div>
  );
}

/** A class's lessons, one group per subject (in the week's order), kept to those `keep` accepts. */
export function groupBySubject(
  items: readonly TimetableSlot[],
  keep: (slot: TimetableSlot) => boolean,
  of: (slot: TimetableSlot) => LessonsOf,
): LessonGroup[] {
  const groups = new Map<string, LessonGroup>();
  for (const slot of items) {
    if (!keep(slot)) continue;
    const group = groups.get(slot.subjectId);
    if (group) group.count += 1;
    else groups.set(slot.subjectId, { of: of(slot), subject: slot.subject, count: 1 });
  }
  return [...groups.values()].sort((a, b) => compareNames(a.subject, b.subject));
}

/**
 * The way out of a refusal about a class's lessons: the class's timetable and, per subject, its lessons
 * left — a teacher's only when `teacher` is given, of the named subjects only when `subjectIds` is.
 */
export function ClassLessonsWayOut({
  classId,
  className,
  teacher,
  subjectIds,
}: {
  classId: string;
  className: string;
  teacher?: { id: string; name: string };
  subjectIds?: readonly string[];
}) {
  const { t } = useT('timetable');
  const week = useClassLessons(classId);
  const groups = groupBySubject(
    week.data?.items ?? [],
    (slot) => (!teacher || slot.teacherId === teacher.id) && (!subjectIds || subjectIds.includes(slot.subjectId)),
    (slot) => ({ classId, subjectId: slot.subjectId, ...(teacher ? { teacherId: teacher.id } : {}) }),
  );
  return (
    <>
      {week.isPending && <span role="status" aria-label={t('wayOut.loading')} />}
      <LessonsWayOut
        timetable={{ to: `/timetable?class=${classId}`, name: className }}
        groups={groups}
        whose={teacher ? t('wayOut.teacherIn', { teacher: teacher.name, className }) : className}
      />
    </>
  );
}

/**
 * The way out of a refusal to deactivate a teacher who still has lessons: their week and, per subject, a button
 * that deletes their lessons of it in every class. Only for those who edit the timetable (company staff have
 * none), and only for someone who is a teacher now: a promoted one has no week of their own to read.
 */
export function TeacherLessonsWayOut({ error, teacher }: { error: unknown; teacher: { id: string; name: string } }) {
  const { user } = useAuth();
  if (!isApiError(error) || error.status !== 409) return null;
  if (user?.role !== 'school_admin' && user?.role !== 'principal') return null;
  return <TeacherWeekWayOut teacher={teacher} />;
}

function TeacherWeekWayOut({ teacher }: { teacher: { id: string; name: string } }) {
  const { t } = useT('timetable');
  const week = useTeacherLessons(teacher.id);
  const groups = groupBySubject(
    week.data?.items ?? [],
    () => true,
    (slot) => ({ teacherId: teacher.id, subjectId: slot.subjectId }),
  );
  return (
    <>
      {week.isPending && <span role="status" aria-label={t('wayOut.loading')} />}
      <LessonsWayOut
        timetable={{ to: `/timetable?teacher=${teacher.id}`, name: teacher.name }}
        groups={groups}
        everyClass
      />
    </>
  );
}

/**
 * The way out of a refusal to deactivate a subject that still has lessons: the timetable, where each class's
 * week clears its lessons of the subject. There is no button here: clearing names a class or a teacher
 * (docs/product.md, "Periods and the weekly timetable"), never a subject across the school.
 */
export function SubjectLessonsWayOut({ error, subject }: { error: unknown; subject: string }) {
  const { t } = useT('timetable');
  const { user } = useAuth();
  if (!isApiError(error) || error.status !== 409) return null;
  if (user?.role !== 'school_admin' && user?.role !== 'principal') return null;
  return (
    <div className="mt-3 space-y-2 text-sm">
      <Link to="/timetable" className="font-medium text-blue-700 hover:underline">
        {t('wayOut.openTimetable')}
      </Link>
      <p className="text-slate-600">{t('wayOut.subjectHint', { subject })}</p>
    </div>
  );
}
