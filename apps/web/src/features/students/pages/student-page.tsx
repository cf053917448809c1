import { Plus } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { classLabel } from '../../../api/lookups';
import { BackLink, Detail, ProfileHeader } from '../../../components/people/detail';
import { lastSeen } from '../../../components/people/format';
import { formatDate } from '../../../lib/format-date';
import { isSchoolReader } from '../../../components/people/school-scope';
import { inSchool, useViewedSchool } from '../../../components/people/viewed-school';
import { ToggleActiveDialog } from '../../../components/people/toggle-active-dialog';
import { PersonAvatar } from '../../../components/people/person-avatar';
import { isStaff } from '../../../components/people/roles';
import { StatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSkeleton } from '../../../components/ui/skeleton';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useStudent } from '../api/get-student';
import { useLinkParent } from '../api/link-parent';
import { useSetStudentActive } from '../api/set-student-active';
import { LinkParentDialog } from '../components/link-parent-dialog';
import { RecordSections } from '../components/record-sections';
import { StudentFormDialog } from '../components/student-form-dialog';

/** /students/:id: one student's details, class and parents, and the record sections later issues fill. */
export function StudentPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const manage = isStaff(user?.role);
  const schoolId = useViewedSchool();
  const query = useStudent(id, schoolId);
  const [editing, setEditing] = useState(false);
  const [toggling, setToggling] = useState(false);
  const [linking, setLinking] = useState(false);
  const [unlinking, setUnlinking] = useState<{ id: string; name: string } | null>(null);
  const setActive = useSetStudentActive();
  const link = useLinkParent();
  const isSelf = user?.id === id;

  const back = !isSelf && <BackLink to={inSchool('/students', schoolId)}>Students</BackLink>;

  if (query.isPending) return <PageSkeleton />;
  if (query.isError) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <>
        {back}
        <PageHeader title="Student" />
        <ErrorState
          title={missing ? 'Student not found' : undefined}
          message={missing ? 'This student does not exist or is not one you can see.' : errorMessage(query.error)}
          onRetry={missing ? undefined : () => void query.refetch()}
          retrying={query.isFetching}
        />
      </>
    );
  }
  const student = query.data;
  const klass = classLabel({ name: student.className, section: student.section });

  const unlink = () => {
    if (!unlinking) return;
    link.mutate(
      { studentId: student.id, parentId: unlinking.id, relationship: null },
      {
        onSuccess: () => {
          toast.success(`${unlinking.name} unlinked`);
          setUnlinking(null);
        },
      },
    );
  };

  return (
    <>
      {back}
      <ProfileHeader
        name={student.name}
        src={student.profileImage}
        title={isSelf ? 'My profile' : student.name}
        facts={
          <>
            <span>
              {klass} · Roll {student.rollNumber}
            </span>
            <StatusBadge status={student.isActive ? 'active' : 'inactive'} />
          </>
        }
        actions={
          manage && (
            <>
              <Button variant="secondary" onClick={() => setToggling(true)}>
                {student.isActive ? 'Deactivate' : 'Reactivate'}
              </Button>
              <Button onClick={() => setEditing(true)}>Edit student</Button>
            </>
          )
        }
      />

      <div className="space-y-4">
        <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
          <CardSection title="Details" titleId="details-title">
            <dl className="grid gap-4 sm:grid-cols-2">
              <Detail label="Name">{student.name}</Detail>
              <Detail label="E-mail">{student.email}</Detail>
              <Detail label="Phone">{student.phone ?? '—'}</Detail>
              <Detail label="Academic year">{student.academicYear}</Detail>
              <Detail label="Class">
                {manage || user?.role === 'teacher' || isSchoolReader(user?.role) ? (
                  <Link
                    to={inSchool(`/classes/${student.classId}`, schoolId)}
                    className="text-blue-700 hover:underline"
                  >
                    {klass}
                  </Link>
                ) : (
                  klass
                )}
              </Detail>
              <Detail label="Class teacher">{student.classTeacherName ?? 'Not assigned yet'}</Detail>
              <Detail label="Roll number">{student.rollNumber}</Detail>
              <Detail label="Last sign-in">{lastSeen(student.lastLoginAt)}</Detail>
              <Detail label="Added">{formatDate(student.createdAt)}</Detail>
            </dl>
          </CardSection>
          <CardSection
            title="Parents"
            titleId="parents-title"
            actions={
              manage && (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setLinking(true)}
                  disabled={student.parents.length >= 4}
                >
                  <Plus className="size-4" aria-hidden="true" />
                  Link parent
                </Button>
              )
            }
          >
            {student.parents.length === 0 ? (
              <EmptyState className="py-4" title="No parents linked" />
            ) : (
              <ul className="divide-y divide-slate-100">
                {student.parents.map((p) => (
                  <li key={p.id} className="flex items-center justify-between gap-3 py-2">
                    <span className="flex items-center gap-3">
                      <PersonAvatar name={p.name} />
                      <span>
                        <span className="block text-sm font-medium text-slate-900">{p.name}</span>
                        <span className="block text-xs text-slate-500">{p.relationship}</span>
                      </span>
                    </span>
                    {manage && (
                      <Button size="sm" variant="ghost" onClick={() => setUnlinking(p)} aria-label={`Unlink ${p.name}`}>
                        Unlink
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </CardSection>
        </div>
        <RecordSections student={student} />
      </div>

      {manage && (
        <>
          <StudentFormDialog open={editing} onOpenChange={setEditing} editing={student} />
          <LinkParentDialog
            studentId={student.id}
            studentName={student.name}
            linkedIds={student.parents.map((p) => p.id)}
            open={linking}
            onOpenChange={setLinking}
          />
          <ToggleActiveDialog
            target={toggling ? student : null}
            onClose={() => setToggling(false)}
            mutate={setActive.mutate}
            pending={setActive.isPending}
            limitNoun="student"
          />
          <ConfirmDialog
            open={unlinking !== null}
            onOpenChange={(o) => !o && setUnlinking(null)}
            title={`Unlink ${unlinking?.name ?? 'parent'}?`}
            description={`They no longer see ${student.name}'s records. Their own account stays.`}
            confirmLabel="Unlink"
            tone="danger"
            pending={link.isPending}
            onConfirm={unlink}
          />
        </>
      )}
    </>
  );
}
