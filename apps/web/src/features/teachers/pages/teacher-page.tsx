import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { classLabel } from '../../../api/lookups';
import { BackLink, Detail, ProfileHeader } from '../../../components/people/detail';
import { inSchool, useViewedSchool } from '../../../components/people/viewed-school';
import { lastSeen } from '../../../components/people/format';
import { formatDate } from '../../../lib/format-date';
import { ToggleActiveDialog } from '../../../components/people/toggle-active-dialog';
import { isStaff } from '../../../components/people/roles';
import { Badge, StatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSkeleton } from '../../../components/ui/skeleton';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useTeacher } from '../api/get-teacher';
import { usePromoteTeacher } from '../api/promote-teacher';
import { useSetTeacherActive } from '../api/set-teacher-active';
import { TeacherFormDialog } from '../components/teacher-form-dialog';

/** /teachers/:id: details, subjects and assigned classes; staff edit, deactivate and (school admins) promote. */
export function TeacherPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const manage = isStaff(user?.role);
  const schoolId = useViewedSchool();
  const query = useTeacher(id, schoolId);
  const [editing, setEditing] = useState(false);
  const [toggling, setToggling] = useState(false);
  const [promoting, setPromoting] = useState(false);
  const setActive = useSetTeacherActive();
  const promote = usePromoteTeacher();
  const isSelf = user?.id === id;

  const back = (manage || schoolId) && <BackLink to={inSchool('/teachers', schoolId)}>Teachers</BackLink>;

  if (query.isPending) return <PageSkeleton />;
  if (query.isError) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <>
        {back}
        <PageHeader title="Teacher" />
        <ErrorState
          title={missing ? 'Teacher not found' : undefined}
          message={missing ? 'This teacher does not exist or is not one you can see.' : errorMessage(query.error)}
          onRetry={missing ? undefined : () => void query.refetch()}
          retrying={query.isFetching}
        />
      </>
    );
  }
  const teacher = query.data;

  const confirmPromote = () => {
    promote.mutate(teacher.id, {
      onSuccess: () => {
        toast.success(`${teacher.name} is now a school administrator`);
        setPromoting(false);
      },
    });
  };

  return (
    <>
      {back}
      <ProfileHeader
        name={teacher.name}
        src={teacher.profileImage}
        title={isSelf ? 'My profile' : teacher.name}
        facts={
          <>
            <span>Teacher</span>
            <StatusBadge status={teacher.isActive ? 'active' : 'inactive'} />
            {teacher.isAdmin && <Badge tone="info">School admin</Badge>}
          </>
        }
        actions={
          manage && (
            <>
              {user?.role === 'school_admin' && !teacher.isAdmin && teacher.isActive && (
                <Button variant="secondary" onClick={() => setPromoting(true)}>
                  <ShieldCheck className="size-4" aria-hidden="true" />
                  Promote to school administrator
                </Button>
              )}
              <Button variant="secondary" onClick={() => setToggling(true)}>
                {teacher.isActive ? 'Deactivate' : 'Reactivate'}
              </Button>
              <Button onClick={() => setEditing(true)}>Edit teacher</Button>
            </>
          )
        }
      />

      <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
        <CardSection title="Details" titleId="details-title">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail label="Name">{teacher.name}</Detail>
            <Detail label="E-mail">{teacher.email}</Detail>
            <Detail label="Phone">{teacher.phone ?? '—'}</Detail>
            <Detail label="Qualification">{teacher.qualification ?? '—'}</Detail>
            <Detail label="Experience">
              {teacher.experience === null
                ? '—'
                : `${teacher.experience} ${teacher.experience === 1 ? 'year' : 'years'}`}
            </Detail>
            <Detail label="Subjects">
              {teacher.subjects.length ? teacher.subjects.map((s) => s.name).join(', ') : 'None yet'}
            </Detail>
            <Detail label="Last sign-in">{lastSeen(teacher.lastLoginAt)}</Detail>
            <Detail label="Added">{formatDate(teacher.createdAt)}</Detail>
          </dl>
        </CardSection>
        <CardSection title="Assigned classes" titleId="classes-title">
          {teacher.assignedClasses.length === 0 ? (
            <EmptyState
              className="py-4"
              title="No classes assigned"
              description={manage ? 'Assign the teacher on a class page, under Teachers.' : undefined}
            />
          ) : (
            <ul className="divide-y divide-slate-100">
              {teacher.assignedClasses.map((c) => (
                <li key={c.classId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    <Link
                      to={inSchool(`/classes/${c.classId}`, schoolId)}
                      className="text-sm font-medium text-blue-700 hover:underline"
                    >
                      {classLabel({ name: c.className, section: c.section })}
                    </Link>
                    <span className="block text-xs text-slate-500">
                      {c.subjects.length ? c.subjects.map((s) => s.name).join(', ') : 'No subjects'}
                    </span>
                  </span>
                  {c.isClassTeacher && <Badge tone="accent">Class teacher</Badge>}
                </li>
              ))}
            </ul>
          )}
        </CardSection>
      </div>

      {manage && (
        <>
          <TeacherFormDialog open={editing} onOpenChange={setEditing} editing={teacher} />
          <ToggleActiveDialog
            target={toggling ? teacher : null}
            onClose={() => setToggling(false)}
            mutate={setActive.mutate}
            pending={setActive.isPending}
            limitNoun="teacher"
          />
          <ConfirmDialog
            open={promoting}
            onOpenChange={setPromoting}
            title={`Promote ${teacher.name} to school administrator?`}
            description={`${teacher.name} gets full control of this school only: people, classes, fees, settings and the subscription. It gives no access to other schools or to the platform. They keep their classes.`}
            confirmLabel="Promote"
            pending={promote.isPending}
            onConfirm={confirmPromote}
          />
        </>
      )}
    </>
  );
}
