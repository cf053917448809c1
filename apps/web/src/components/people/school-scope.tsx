import { PLATFORM_MANAGERS, type Role } from '@lyceum/shared/roles';
import { useSchoolOptions } from '../../api/lookups';
import { useT } from '../../lib/i18n/i18n';
import { EmptyState } from '../ui/empty-state';
import { ErrorState } from '../ui/error-state';
import { PageHeader } from '../ui/page-header';
import { Select } from '../ui/select';
import { useUrlFilters } from './use-url-filters';

/** company_admin and admin read any school's people and classes, one school at a time (`?schoolId=`). */
export function isSchoolReader(role: Role | undefined): boolean {
  return Boolean(role && (PLATFORM_MANAGERS as readonly string[]).includes(role));
}

/**
 * The school a company reader is looking at: `?schoolId=` in the URL, else the first school by name, so the
 * list shows something at once. `schoolId` is '' until the schools have loaded.
 */
export function useSchoolScope() {
  const { t } = useT('people');
  const [params, setParam] = useUrlFilters({ schoolId: '' });
  const schools = useSchoolOptions();
  const schoolId = params.schoolId || schools.options[0]?.value || '';
  const picker = (
    <Select
      id="school-scope"
      label={t('scope.school')}
      hideLabel
      placeholder={schools.isPending ? t('scope.loadingSchools') : undefined}
      options={schools.options}
      value={schoolId}
      onChange={(e) => setParam('schoolId', e.target.value)}
    />
  );
  return {
    schoolId,
    picker,
    schoolsError: schools.isError,
    noSchools: schools.isSuccess && schools.options.length === 0,
    retrySchools: () => schools.refetch(),
    retryingSchools: schools.isFetching,
  };
}

/**
 * Without a school to show (the schools failed to load, or there are none yet) a reader's list would wait
 * forever: say so instead, with a retry. Null when the list can render.
 */
export function SchoolScopeProblem({ title, scope }: { title: string; scope: ReturnType<typeof useSchoolScope> }) {
  const { t } = useT('people');
  if (!scope.schoolsError && !scope.noSchools) return null;
  return (
    <>
      <PageHeader title={title} />
      {scope.schoolsError ? (
        <ErrorState message={t('scope.schoolsFailed')} onRetry={scope.retrySchools} retrying={scope.retryingSchools} />
      ) : (
        <EmptyState title={t('scope.noSchools')} description={t('scope.noSchoolsHint')} />
      )}
    </>
  );
}
