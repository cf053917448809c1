import type { AssignedTeacher, ClassStudent } from '@lyceum/shared/academics';
import { CalendarDays, UserPlus } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../../components/ui/back-link';
import { isSchoolReader } from '../../../components/people/school-scope';
import { inSchool, useViewedSchool } from '../../../components/people/viewed-school';
import { PersonCell } from '../../../components/people/person-avatar';
import { isStaff } from '../../../components/people/roles';
import { ClassLessonsWayOut, LessonsWayOut } from '../../../components/timetable/lessons-way-out';
import { Badge, StatusBadge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSkeleton } from '../../../components/ui/skeleton';
import { Tabs } from '../../../components/ui/tabs';
import { useDialogState } from '../../../components/ui/use-dialog-state';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n';
import { listOfSomeones } from '../../../lib/i18n/someones-text';
import { useClass } from '../api/get-class';
import { useRemoveStudent } from '../api/remove-student';
import { useSetClassActive } from '../api/set-class-active';
import { useUnassignTeacher } from '../api/unassign-teacher';
import { AssignTeacherDialog } from '../components/assign-teacher-dialog';
import { ClassFormDialog } from '../components/class-form-dialog';
import { EnrolStudentDialog } from '../components/enrol-student-dialog';
import { MoveStudentDialog } from '../components/move-student-dialog';

type ClassDialog =
  | { kind: 'edit' }
  | { kind: 'toggle' }
  | { kind: 'enrol' }
  | { kind: 'move'; student: ClassStudent }
  | { kind: 'remove'; student: ClassStudent }
  | { kind: 'assign'; teacher?: AssignedTeacher }
  | { kind: 'unassign'; teacher: AssignedTeacher };

/** /classes/:id: the roster, the teachers and the subjects of one class. */
export function ClassPage() {
  const { t, language } = useT('classes');
  const { id = '' } = useParams();
  const { user } = useAuth();
  const manage = isStaff(user?.role);
  const schoolId = useViewedSchool();
  const query = useClass(id, schoolId);
  const backLink = <BackLink to={inSchool('/classes', schoolId)}>{t('title')}</BackLink>;
  const [tab, setTab] = useState('students');
  const dialogs = useDialogState<ClassDialog>();
  const removeStudent = useRemoveStudent();
  const unassign = useUnassignTeacher();
  const setActive = useSetClassActive();

  if (query.isPending) return <PageSkeleton />;
  if (query.isError) {
    // A malformed id in the link (400) is as missing as an unknown one (404): final, no Retry.
    const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <>
        {backLink}
        <PageHeader title={t('columns.class')} />
        <ErrorState
          error={query.error}
          title={missing ? t('detail.notFound') : undefined}
          message={missing ? t('detail.notFoundDescription') : undefined}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </>
    );
  }
  const klass = query.data;
  const label = klass.label;

  const studentColumns: DataTableColumn<ClassStudent>[] = [
    { id: 'roll', header: t('detail.roll'), cell: (s) => s.rollNumber, className: 'w-16 tabular-nums' },
    {
      id: 'name',
      header: t('detail.name'),
      mobile: 'title',
      cell: (s) => (
        <Link to={inSchool(`/students/${s.studentId}`, schoolId)} className="hover:underline">
          <PersonCell name={s.name} src={s.profileImage} />
        </Link>
      ),
    },
    { id: 'email', header: t('detail.email'), cell: (s) => <bdi>{s.email}</bdi> },
    {
      id: 'status',
      header: t('columns.status'),
      cell: (s) => <StatusBadge status={s.isActive ? 'active' : 'inactive'} />,
    },
  ];

  const teacherColumns: DataTableColumn<AssignedTeacher>[] = [
    {
      id: 'name',
      header: t('assign.teacher'),
      mobile: 'title',
      cell: (teacher) => (
        <span className="flex flex-wrap items-center gap-2">
          {manage || isSchoolReader(user?.role) ? (
            <Link
              to={inSchool(`/teachers/${teacher.teacherId}`, schoolId)}
              className="font-medium text-blue-700 hover:underline"
            >
              <bdi>{teacher.teacherName}</bdi>
            </Link>
          ) : (
            <bdi className="font-medium text-slate-900">{teacher.teacherName}</bdi>
          )}
          {teacher.isClassTeacher && <Badge tone="accent">{t('columns.classTeacher')}</Badge>}
        </span>
      ),
    },
    {
      id: 'subjects',
      header: t('columns.subjects'),
      cell: (teacher) =>
        teacher.subjects.length ? (
          listOfSomeones(
            teacher.subjects.map((s) => s.name),
            t('separator'),
            language,
          )
        ) : (
          <span className="text-slate-500">{t('none')}</span>
        ),
    },
  ];

  const removing = dialogs.of('remove')?.student ?? null;
  const unassigning = dialogs.of('unassign')?.teacher ?? null;

  const confirmRemove = () => {
    if (!removing) return;
    removeStudent.mutate(
      { classId: klass.id, studentId: removing.studentId },
      {
        onSuccess: () => {
          toast.success(t('detail.removed', { name: removing.name, className: label }));
          dialogs.close();
        },
      },
    );
  };

  const confirmUnassign = () => {
    if (!unassigning) return;
    unassign.mutate(
      { classId: klass.id, teacherId: unassigning.teacherId },
      {
        onSuccess: () => {
          toast.success(t('detail.unassigned', { name: unassigning.teacherName, className: label }));
          dialogs.close();
        },
      },
    );
  };

  const confirmToggle = () => {
    setActive.mutate(
      { id: klass.id, active: !klass.isActive },
      {
        onSuccess: () => {
          toast.success(
            klass.isActive
              ? t('detail.deactivated', { className: label })
              : t('detail.reactivated', { className: label }),
          );
          dialogs.close();
        },
      },
    );
  };

  const activeStudents = klass.students.filter((s) => s.isActive).length;
  // A 409 here is the refuse-first rule: lessons left in the timetable (docs/product.md, "Classes and subjects").
  const lessonsLeft = (error: unknown) => isApiError(error) && error.status === 409;

  return (
    <>
      {backLink}
      <PageHeader
        // Someone's text isolated: right to left a Latin label keeps its brackets (docs/product.md, "In the web app").
        title={<bdi>{label}</bdi>}
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>{klass.academicYear}</span>
            <span>
              {klass.classTeacherName
                ? t('detail.classTeacher', { name: klass.classTeacherName })
                : t('detail.noClassTeacher')}
            </span>
            {!klass.isActive && <StatusBadge status="inactive" />}
          </span>
        }
        actions={
          <>
            {/* This class's week; company readers have no timetable, and an inactive class has no lessons. */}
            {(manage || user?.role === 'teacher') && klass.isActive && (
              <Link to={`/timetable?class=${klass.id}`} className={buttonClasses('secondary')}>
                <CalendarDays className="size-4" aria-hidden="true" />
                {t('actions.timetable')}
              </Link>
            )}
            {manage && (
              <>
                <Button variant="secondary" onClick={() => dialogs.open({ kind: 'toggle' })}>
                  {klass.isActive ? t('detail.deactivate') : t('detail.reactivate')}
                </Button>
                <Button variant="secondary" onClick={() => dialogs.open({ kind: 'edit' })}>
                  {t('form.editTitle')}
                </Button>
              </>
            )}
          </>
        }
      />
      <Tabs
        label={t('detail.sections')}
        value={tab}
        onChange={setTab}
        tabs={[
          { id: 'students', label: t('columns.students'), count: activeStudents },
          { id: 'teachers', label: t('detail.teachers'), count: klass.assignedTeachers.length },
          { id: 'subjects', label: t('columns.subjects'), count: klass.subjects.length },
        ]}
      >
        {tab === 'students' && (
          <div className="space-y-3">
            {manage && (
              <div className="flex flex-wrap justify-end gap-2">
                <Link to={`/students?classId=${klass.id}&new=1`} className={buttonClasses('secondary')}>
                  {t('detail.addStudent')}
                </Link>
                <Button onClick={() => dialogs.open({ kind: 'enrol' })}>
                  <UserPlus className="size-4" aria-hidden="true" />
                  {t('detail.enrolStudent')}
                </Button>
              </div>
            )}
            <DataTable
              label={t('detail.studentsOf', { className: label })}
              columns={studentColumns}
              rows={klass.students}
              rowKey={(s) => s.studentId}
              actions={
                manage
                  ? (s) =>
                      s.isActive && (
                        <>
                          <Button
                            size="sm"
                            variant="ghost"
                            onClick={() => dialogs.open({ kind: 'move', student: s })}
                            aria-label={t('detail.moveName', { name: s.name })}
                          >
                            {t('detail.move')}
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            onClick={() => dialogs.open({ kind: 'remove', student: s })}
                            aria-label={t('detail.removeName', { name: s.name })}
                          >
                            {t('detail.remove')}
                          </Button>
                        </>
                      )
                  : undefined
              }
              empty={
                <EmptyState
                  title={t('detail.noStudents')}
                  description={manage ? t('detail.noStudentsHint') : undefined}
                />
              }
            />
          </div>
        )}
        {tab === 'teachers' && (
          <div className="space-y-3">
            {manage && (
              <div className="flex justify-end">
                <Button onClick={() => dialogs.open({ kind: 'assign' })}>
                  <UserPlus className="size-4" aria-hidden="true" />
                  {t('assign.submit')}
                </Button>
              </div>
            )}
            <DataTable
              label={t('detail.teachersOf', { className: label })}
              columns={teacherColumns}
              rows={klass.assignedTeachers}
              rowKey={(teacher) => teacher.teacherId}
              actions={
                manage
                  ? (teacher) => (
                      <>
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => dialogs.open({ kind: 'assign', teacher })}
                          aria-label={t('detail.changeSubjects', { name: teacher.teacherName })}
                        >
                          {t('actions.edit')}
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => dialogs.open({ kind: 'unassign', teacher })}
                          aria-label={t('detail.unassignName', { name: teacher.teacherName })}
                        >
                          {t('detail.unassign')}
                        </Button>
                      </>
                    )
                  : undefined
              }
              empty={
                <EmptyState
                  title={t('detail.noTeachers')}
                  description={manage ? t('detail.noTeachersHint') : undefined}
                />
              }
            />
          </div>
        )}
        {tab === 'subjects' && (
          <Card className="p-5">
            {klass.subjects.length === 0 ? (
              <EmptyState
                title={t('detail.noSubjects')}
                description={manage ? t('detail.noSubjectsHint') : undefined}
              />
            ) : (
              <ul className="flex flex-wrap gap-2" aria-label={t('detail.subjectsOf', { className: label })}>
                {klass.subjects.map((s) => {
                  const teachers = klass.assignedTeachers.filter((teacher) =>
                    teacher.subjects.some((ts) => ts.id === s.id),
                  );
                  return (
                    <li key={s.id} className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
                      <span className="font-medium text-slate-900">{s.name}</span>
                      <span className="block text-xs text-slate-500">
                        {teachers.length
                          ? teachers.map((teacher) => teacher.teacherName).join(t('separator'))
                          : t('detail.noTeacherYet')}
                      </span>
                    </li>
                  );
                })}
              </ul>
            )}
          </Card>
        )}
      </Tabs>

      {manage && (
        <>
          <ClassFormDialog open={dialogs.is('edit')} onOpenChange={dialogs.onOpenChange} editing={klass} />
          <EnrolStudentDialog klass={klass} open={dialogs.is('enrol')} onOpenChange={dialogs.onOpenChange} />
          <MoveStudentDialog klass={klass} student={dialogs.of('move')?.student ?? null} onClose={dialogs.close} />
          <AssignTeacherDialog
            klass={klass}
            open={dialogs.is('assign')}
            onOpenChange={dialogs.onOpenChange}
            editing={dialogs.of('assign')?.teacher}
          />
          <ConfirmDialog
            open={removing !== null}
            onOpenChange={dialogs.onOpenChange}
            title={t('detail.removeTitle', { name: removing?.name ?? '' })}
            description={t('detail.removeDescription', { name: removing?.name ?? '', className: label })}
            confirmLabel={t('detail.removeConfirm')}
            tone="danger"
            pending={removeStudent.isPending}
            onConfirm={confirmRemove}
          />
          <ConfirmDialog
            open={unassigning !== null}
            onOpenChange={dialogs.onOpenChange}
            title={t('detail.unassignTitle', { name: unassigning?.teacherName ?? '' })}
            description={t('detail.unassignDescription', {
              className: label,
              classTeacher: unassigning?.isClassTeacher ? 'yes' : 'no',
            })}
            confirmLabel={t('detail.unassign')}
            tone="danger"
            pending={unassign.isPending}
            onConfirm={confirmUnassign}
            afterRefusal={(error) =>
              lessonsLeft(error) &&
              unassigning && (
                <ClassLessonsWayOut
                  classId={klass.id}
                  className={label}
                  teacher={{ id: unassigning.teacherId, name: unassigning.teacherName }}
                />
              )
            }
          />
          <ConfirmDialog
            open={dialogs.is('toggle')}
            onOpenChange={dialogs.onOpenChange}
            title={
              klass.isActive
                ? t('detail.deactivateTitle', { className: label })
                : t('detail.reactivateTitle', { className: label })
            }
            description={klass.isActive ? t('detail.deactivateDescription') : t('detail.reactivateDescription')}
            confirmLabel={klass.isActive ? t('detail.deactivate') : t('detail.reactivate')}
            tone={klass.isActive ? 'danger' : 'primary'}
            pending={setActive.isPending}
            onConfirm={confirmToggle}
            afterRefusal={(error) =>
              lessonsLeft(error) && <LessonsWayOut timetable={{ to: `/timetable?class=${klass.id}`, name: label }} />
            }
          />
        </>
      )}
    </>
  );
}
