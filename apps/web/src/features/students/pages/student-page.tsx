import { isSchoolRole } from '@lyceum/shared/roles';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { Detail, ProfileHeader } from '../../../components/people/detail';
import { BackLink } from '../../../components/ui/back-link';
import { lastSeen } from '../../../components/people/format';
import { formatDate } from '../../../lib/format-date';
import { inSchool, useViewedSchool } from '../../../components/people/viewed-school';
import { ToggleActiveDialog } from '../../../components/people/toggle-active-dialog';
import { PersonAvatar } from '../../../components/people/person-avatar';
import { isStaff, mayOpenClass } from '../../../components/people/roles';
import { StatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CardSection } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PhoneText } from '../../../components/ui/ltr-text';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSkeleton } from '../../../components/ui/skeleton';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n';
import { useStudent } from '../api/get-student';
import { useLinkParent } from '../api/link-parent';
import { useSetStudentActive } from '../api/set-student-active';
import { LinkParentDialog } from '../components/link-parent-dialog';
import { StudentEmergencySection } from '../../emergency-contact/components/student-emergency-section';
import { RecordSections } from '../components/record-sections';
import { useRelationshipLabel } from '../components/relationship-label';
import { StudentFormDialog } from '../components/student-form-dialog';

/** /students/:id: one student's details, class and parents, and the record sections later issues fill. */
export function StudentPage() {
  const { t } = useT('students');
  const { t: tc } = useT();
  const relationship = useRelationshipLabel();
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
  // Emergency contacts: the office and the student's parents keep them, teachers read them (not company staff).
  const readsContacts = ['school_admin', 'principal', 'teacher', 'parent'].includes(user?.role ?? '');

  const back = !isSelf && <BackLink to={inSchool('/students', schoolId)}>{t('title')}</BackLink>;

  if (query.isPending) return <PageSkeleton />;
  if (query.isError) {
    // A malformed id in the link (400) is as missing as an unknown one (404): final, no Retry.
    const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <>
        {back}
        <PageHeader title={tc('roles.student')} />
        <ErrorState
          error={query.error}
          title={missing ? t('profile.notFound') : undefined}
          message={missing ? t('profile.notFoundDescription') : undefined}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </>
    );
  }
  const student = query.data;
  const klass = student.classLabel;

  const unlink = () => {
    if (!unlinking) return;
    link.mutate(
      { studentId: student.id, parentId: unlinking.id, relationship: null },
      {
        onSuccess: () => {
          toast.success(t('profile.unlinked', { name: unlinking.name }));
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
        title={isSelf ? t('profile.mine') : student.name}
        facts={
          <>
            <span>{t('profile.classAndRoll', { className: klass, roll: student.rollNumber })}</span>
            <StatusBadge status={student.isActive ? 'active' : 'inactive'} />
          </>
        }
        actions={
          manage && (
            <>
              <Button variant="secondary" onClick={() => setToggling(true)}>
                {student.isActive ? t('profile.deactivate') : t('profile.reactivate')}
              </Button>
              <Button onClick={() => setEditing(true)}>{t('profile.edit')}</Button>
            </>
          )
        }
      />

      <div className="space-y-4">
        <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
          <CardSection title={t('profile.details')} titleId="details-title">
            <dl className="grid gap-4 sm:grid-cols-2">
              {/* Someone's text isolated, so right to left `Doe, "Jane"` keeps its quotes (docs/product.md, "In the web app"). */}
              <Detail label={t('profile.name')}>
                <bdi>{student.name}</bdi>
              </Detail>
              <Detail label={t('form.email')}>
                <bdi>{student.email}</bdi>
              </Detail>
              <Detail label={t('form.phone')}>
                <PhoneText phone={student.phone} />
              </Detail>
              <Detail label={t('form.academicYear')}>{student.academicYear}</Detail>
              <Detail label={t('columns.class')}>
                {mayOpenClass(user?.role) ? (
                  <Link
                    to={inSchool(`/classes/${student.classId}`, schoolId)}
                    className="text-blue-700 hover:underline"
                  >
                    <bdi>{klass}</bdi>
                  </Link>
                ) : (
                  <bdi>{klass}</bdi>
                )}
              </Detail>
              <Detail label={t('profile.classTeacher')}>
                {student.classTeacherName ? <bdi>{student.classTeacherName}</bdi> : t('profile.notAssigned')}
              </Detail>
              <Detail label={t('form.rollNumber')}>{student.rollNumber}</Detail>
              <Detail label={t('profile.lastSignIn')}>{lastSeen(student.lastLoginAt)}</Detail>
              <Detail label={t('profile.added')}>{formatDate(student.createdAt)}</Detail>
            </dl>
          </CardSection>
          <CardSection
            title={t('columns.parents')}
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
                  {t('link.submit')}
                </Button>
              )
            }
          >
            {student.parents.length === 0 ? (
              <EmptyState className="py-4" title={t('profile.noParents')} />
            ) : (
              <ul className="divide-y divide-slate-100">
                {student.parents.map((p) => (
                  <li key={p.id} className="flex items-center justify-between gap-3 py-2">
                    <span className="flex items-center gap-3">
                      <PersonAvatar name={p.name} />
                      <span>
                        <span className="block text-sm font-medium text-slate-900">
                          <bdi>{p.name}</bdi>
                        </span>
                        <span className="block text-xs text-slate-500">
                          <bdi>{relationship(p.relationship)}</bdi>
                        </span>
                      </span>
                    </span>
                    {manage && (
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setUnlinking(p)}
                        aria-label={t('profile.unlinkName', { name: p.name })}
                      >
                        {t('profile.unlink')}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </CardSection>
        </div>
        {readsContacts && <StudentEmergencySection studentId={student.id} canEdit={user?.role !== 'teacher'} />}
        {/* The attendance history is read by every school role (the server decides whose); not by company staff. */}
        <RecordSections student={student} linkHistory={!!user && isSchoolRole(user.role)} />
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
            limitNoun={t('toggle.limitNoun')}
          />
          <ConfirmDialog
            open={unlinking !== null}
            onOpenChange={(o) => !o && setUnlinking(null)}
            title={t('profile.unlinkTitle', { name: unlinking?.name ?? '' })}
            description={t('profile.unlinkDescription', { name: student.name })}
            confirmLabel={t('profile.unlink')}
            tone="danger"
            pending={link.isPending}
            onConfirm={unlink}
          />
        </>
      )}
    </>
  );
}
