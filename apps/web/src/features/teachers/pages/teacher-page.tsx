import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useParams } from 'react-router';
import { Detail, ProfileHeader } from '../../../components/people/detail';
import { BackLink } from '../../../components/ui/back-link';
import { inSchool, useViewedSchool } from '../../../components/people/viewed-school';
import { lastSeen } from '../../../components/people/format';
import { formatDate } from '../../../lib/format-date';
import { ToggleActiveDialog } from '../../../components/people/toggle-active-dialog';
import { TeacherLessonsWayOut } from '../../../components/timetable/lessons-way-out';
import { isStaff } from '../../../components/people/roles';
import { Badge, StatusBadge } from '../../../components/ui/badge';
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
import { listOfSomeones } from '../../../lib/i18n/someones-text';
import { useTeacher } from '../api/get-teacher';
import { usePromoteTeacher } from '../api/promote-teacher';
import { useSetTeacherActive } from '../api/set-teacher-active';
import { TeacherFormDialog } from '../components/teacher-form-dialog';

/** /teachers/:id: details, subjects and assigned classes; staff edit, deactivate and (school admins) promote. */
export function TeacherPage() {
  const { t, language } = useT('teachers');
  const { t: tc } = useT();
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

  const back = (manage || schoolId) && <BackLink to={inSchool('/teachers', schoolId)}>{t('title')}</BackLink>;

  if (query.isPending) return <PageSkeleton />;
  if (query.isError) {
    // A malformed id in the link (400) is as missing as an unknown one (404): final, no Retry.
    const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <>
        {back}
        <PageHeader title={tc('roles.teacher')} />
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
  const teacher = query.data;

  const confirmPromote = () => {
    promote.mutate(teacher.id, {
      onSuccess: () => {
        toast.success(t('profile.promoted', { name: teacher.name }));
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
        title={isSelf ? t('profile.mine') : teacher.name}
        facts={
          <>
            <span>{tc('roles.teacher')}</span>
            <StatusBadge status={teacher.isActive ? 'active' : 'inactive'} />
            {teacher.isAdmin && <Badge tone="info">{t('schoolAdmin')}</Badge>}
          </>
        }
        actions={
          manage && (
            <>
              {user?.role === 'school_admin' && !teacher.isAdmin && teacher.isActive && (
                <Button variant="secondary" onClick={() => setPromoting(true)}>
                  <ShieldCheck className="size-4" aria-hidden="true" />
                  {t('profile.promote')}
                </Button>
              )}
              <Button variant="secondary" onClick={() => setToggling(true)}>
                {teacher.isActive ? t('profile.deactivate') : t('profile.reactivate')}
              </Button>
              <Button onClick={() => setEditing(true)}>{t('profile.edit')}</Button>
            </>
          )
        }
      />

      <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
        <CardSection title={t('profile.details')} titleId="details-title">
          <dl className="grid gap-4 sm:grid-cols-2">
            {/* Someone's text isolated, so right to left `Doe, "Jane"` keeps its quotes (docs/product.md, "In the web app"). */}
            <Detail label={t('profile.name')}>
              <bdi>{teacher.name}</bdi>
            </Detail>
            <Detail label={t('form.email')}>
              <bdi>{teacher.email}</bdi>
            </Detail>
            <Detail label={t('form.phone')}>
              <PhoneText phone={teacher.phone} />
            </Detail>
            <Detail label={t('form.qualification')}>
              {teacher.qualification ? <bdi>{teacher.qualification}</bdi> : '—'}
            </Detail>
            <Detail label={t('columns.experience')}>
              {teacher.experience === null ? '—' : t('years', { count: teacher.experience })}
            </Detail>
            <Detail label={t('columns.subjects')}>
              {teacher.subjects.length
                ? listOfSomeones(
                    teacher.subjects.map((s) => s.name),
                    t('separator'),
                    language,
                  )
                : t('profile.noneYet')}
            </Detail>
            <Detail label={t('columns.lastSignIn')}>{lastSeen(teacher.lastLoginAt)}</Detail>
            <Detail label={t('profile.added')}>{formatDate(teacher.createdAt)}</Detail>
          </dl>
        </CardSection>
        <CardSection title={t('profile.assignedClasses')} titleId="classes-title">
          {teacher.assignedClasses.length === 0 ? (
            <EmptyState
              className="py-4"
              title={t('profile.noClasses')}
              description={manage ? t('profile.noClassesHint') : undefined}
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
                      <bdi>{c.classLabel}</bdi>
                    </Link>
                    <span className="block text-xs text-slate-500">
                      {c.subjects.length
                        ? listOfSomeones(
                            c.subjects.map((s) => s.name),
                            t('separator'),
                            language,
                          )
                        : t('profile.noSubjects')}
                    </span>
                  </span>
                  {c.isClassTeacher && <Badge tone="accent">{t('form.classTeacher')}</Badge>}
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
            limitNoun={t('toggle.limitNoun')}
            afterRefusal={(error) => <TeacherLessonsWayOut error={error} teacher={teacher} />}
          />
          <ConfirmDialog
            open={promoting}
            onOpenChange={setPromoting}
            title={t('profile.promoteTitle', { name: teacher.name })}
            description={t('profile.promoteDescription', { name: teacher.name })}
            confirmLabel={t('profile.promoteConfirm')}
            pending={promote.isPending}
            onConfirm={confirmPromote}
          />
        </>
      )}
    </>
  );
}
