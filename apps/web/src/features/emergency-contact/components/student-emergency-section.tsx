import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n/i18n';
import { useStudentEmergencyContacts } from '../api/emergency-contacts';
import { StudentContacts } from './student-contacts';

/** The student profile's emergency contacts: the office and the student's parents edit, teachers read. */
export function StudentEmergencySection({ studentId, canEdit }: { studentId: string; canEdit: boolean }) {
  const { t } = useT('emergency-contact');
  const query = useStudentEmergencyContacts(studentId);
  return (
    <section aria-labelledby="student-emergency-title" className="space-y-2">
      <h2 id="student-emergency-title" className="text-base font-semibold text-slate-900">
        {t('profile.title')}
      </h2>
      {query.isPending ? (
        <Skeleton className="h-24" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : (
        <StudentContacts student={query.data} canEdit={canEdit} />
      )}
    </section>
  );
}
