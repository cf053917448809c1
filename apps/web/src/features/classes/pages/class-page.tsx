import type { AssignedTeacher, ClassStudent } from '@lyceum/shared/academics';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { classLabel } from '../../../api/lookups';
import { BackLink } from '../../../components/people/detail';
import { isSchoolReader } from '../../../components/people/school-scope';
import { inSchool, useViewedSchool } from '../../../components/people/viewed-school';
import { PersonCell } from '../../../components/people/person-avatar';
import { isStaff } from '../../../components/people/roles';
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
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
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
  const { id = '' } = useParams();
  const { user } = useAuth();
  const manage = isStaff(user?.role);
  const schoolId = useViewedSchool();
  const query = useClass(id, schoolId);
  const backLink = <BackLink to={inSchool('/classes', schoolId)}>Classes</BackLink>;
  const [tab, setTab] = useState('students');
  const dialogs = useDialogState<ClassDialog>();
  const removeStudent = useRemoveStudent();
  const unassign = useUnassignTeacher();
  const setActive = useSetClassActive();

  if (query.isPending) return <PageSkeleton />;
  if (query.isError) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <>
        {backLink}
        <PageHeader title="Class" />
        <ErrorState
          title={missing ? 'Class not found' : undefined}
          message={missing ? 'This class does not exist or is not one of yours.' : errorMessage(query.error)}
          onRetry={missing ? undefined : () => void query.refetch()}
          retrying={query.isFetching}
        />
      </>
    );
  }
  const klass = query.data;
  const label = classLabel(klass);

  const studentColumns: DataTableColumn<ClassStudent>[] = [
    { id: 'roll', header: 'Roll', cell: (s) => s.rollNumber, className: 'w-16 tabular-nums' },
    {
      id: 'name',
      header: 'Name',
      mobile: 'title',
      cell: (s) => (
        <Link to={inSchool(`/students/${s.studentId}`, schoolId)} className="hover:underline">
          <PersonCell name={s.name} src={s.profileImage} />
        </Link>
      ),
    },
    { id: 'email', header: 'E-mail', cell: (s) => s.email },
    { id: 'status', header: 'Status', cell: (s) => <StatusBadge status={s.isActive ? 'active' : 'inactive'} /> },
  ];

  const teacherColumns: DataTableColumn<AssignedTeacher>[] = [
    {
      id: 'name',
      header: 'Teacher',
      mobile: 'title',
      cell: (t) => (
        <span className="flex flex-wrap items-center gap-2">
          {manage || isSchoolReader(user?.role) ? (
            <Link
              to={inSchool(`/teachers/${t.teacherId}`, schoolId)}
              className="font-medium text-blue-700 hover:underline"
            >
              {t.teacherName}
            </Link>
          ) : (
            <span className="font-medium text-slate-900">{t.teacherName}</span>
          )}
          {t.isClassTeacher && <Badge tone="accent">Class teacher</Badge>}
        </span>
      ),
    },
    {
      id: 'subjects',
      header: 'Subjects',
      cell: (t) =>
        t.subjects.length ? t.subjects.map((s) => s.name).join(', ') : <span className="text-slate-500">None</span>,
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
          toast.success(`${removing.name} removed from ${label}`);
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
          toast.success(`${unassigning.teacherName} no longer teaches ${label}`);
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
          toast.success(klass.isActive ? `${label} deactivated` : `${label} reactivated`);
          dialogs.close();
        },
      },
    );
  };

  const activeStudents = klass.students.filter((s) => s.isActive).length;

  return (
    <>
      {backLink}
      <PageHeader
        title={label}
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>{klass.academicYear}</span>
            <span>Class teacher: {klass.classTeacherName ?? 'not set'}</span>
            {!klass.isActive && <StatusBadge status="inactive" />}
          </span>
        }
        actions={
          manage && (
            <>
              <Button variant="secondary" onClick={() => dialogs.open({ kind: 'toggle' })}>
                {klass.isActive ? 'Deactivate' : 'Reactivate'}
              </Button>
              <Button variant="secondary" onClick={() => dialogs.open({ kind: 'edit' })}>
                Edit class
              </Button>
            </>
          )
        }
      />
      <Tabs
        label="Class sections"
        value={tab}
        onChange={setTab}
        tabs={[
          { id: 'students', label: 'Students', count: activeStudents },
          { id: 'teachers', label: 'Teachers', count: klass.assignedTeachers.length },
          { id: 'subjects', label: 'Subjects', count: klass.subjects.length },
        ]}
      >
        {tab === 'students' && (
          <div className="space-y-3">
            {manage && (
              <div className="flex flex-wrap justify-end gap-2">
                <Link to={`/students?classId=${klass.id}&new=1`} className={buttonClasses('secondary')}>
                  Add new student
                </Link>
                <Button onClick={() => dialogs.open({ kind: 'enrol' })}>
                  <UserPlus className="size-4" aria-hidden="true" />
                  Enrol student
                </Button>
              </div>
            )}
            <DataTable
              label={`Students of ${label}`}
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
                            aria-label={`Move ${s.name}`}
                          >
                            Move
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            onClick={() => dialogs.open({ kind: 'remove', student: s })}
                            aria-label={`Remove ${s.name}`}
                          >
                            Remove
                          </Button>
                        </>
                      )
                  : undefined
              }
              empty={
                <EmptyState
                  title="No students in this class yet"
                  description={
                    manage ? 'Enrol existing students, add a new one, or import a CSV on the Students page.' : undefined
                  }
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
                  Assign teacher
                </Button>
              </div>
            )}
            <DataTable
              label={`Teachers of ${label}`}
              columns={teacherColumns}
              rows={klass.assignedTeachers}
              rowKey={(t) => t.teacherId}
              actions={
                manage
                  ? (t) => (
                      <>
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => dialogs.open({ kind: 'assign', teacher: t })}
                          aria-label={`Change ${t.teacherName}'s subjects`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => dialogs.open({ kind: 'unassign', teacher: t })}
                          aria-label={`Unassign ${t.teacherName}`}
                        >
                          Unassign
                        </Button>
                      </>
                    )
                  : undefined
              }
              empty={<EmptyState title="No teachers assigned yet" />}
            />
          </div>
        )}
        {tab === 'subjects' && (
          <Card className="p-5">
            {klass.subjects.length === 0 ? (
              <EmptyState
                title="No subjects yet"
                description={manage ? 'Edit the class to choose its subjects.' : undefined}
              />
            ) : (
              <ul className="flex flex-wrap gap-2" aria-label={`Subjects of ${label}`}>
                {klass.subjects.map((s) => {
                  const teachers = klass.assignedTeachers.filter((t) => t.subjects.some((ts) => ts.id === s.id));
                  return (
                    <li key={s.id} className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
                      <span className="font-medium text-slate-900">{s.name}</span>
                      <span className="block text-xs text-slate-500">
                        {teachers.length ? teachers.map((t) => t.teacherName).join(', ') : 'No teacher yet'}
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
            title={`Remove ${removing?.name ?? 'student'}?`}
            description={`${removing?.name ?? 'The student'} is withdrawn from ${label}: their account is deactivated and ${label} stays their last class. To keep them at school, move them to another class instead.`}
            confirmLabel="Remove student"
            tone="danger"
            pending={removeStudent.isPending}
            onConfirm={confirmRemove}
          />
          <ConfirmDialog
            open={unassigning !== null}
            onOpenChange={dialogs.onOpenChange}
            title={`Unassign ${unassigning?.teacherName ?? 'teacher'}?`}
            description={`They stop teaching ${label}${unassigning?.isClassTeacher ? ' and the class has no class teacher until you choose one' : ''}.`}
            confirmLabel="Unassign"
            tone="danger"
            pending={unassign.isPending}
            onConfirm={confirmUnassign}
          />
          <ConfirmDialog
            open={dialogs.is('toggle')}
            onOpenChange={dialogs.onOpenChange}
            title={klass.isActive ? `Deactivate ${label}?` : `Reactivate ${label}?`}
            description={
              klass.isActive
                ? 'An inactive class is hidden from lists and pickers. Move its students to another class first.'
                : 'The class appears in lists and pickers again.'
            }
            confirmLabel={klass.isActive ? 'Deactivate' : 'Reactivate'}
            tone={klass.isActive ? 'danger' : 'primary'}
            pending={setActive.isPending}
            onConfirm={confirmToggle}
          />
        </>
      )}
    </>
  );
}
