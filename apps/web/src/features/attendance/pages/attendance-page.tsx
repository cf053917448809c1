import { isoDate } from '@lyceum/shared/attendance';
import { isSchoolRole } from '@lyceum/shared/roles';
import { ClipboardCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSkeleton } from '../../../components/ui/skeleton';
import { Tabs } from '../../../components/ui/tabs';
import { NotForRole } from '../../../components/people/not-for-role';
import { useAuth } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n';
import { useAttendanceOptions } from '../api/attendance-api';
import { BelowSection, HistorySection, RatesSection, RecentSection, RegisterSection } from '../components/sections';

/** The day an alert opened, if the address names one: a malformed one marks nothing rather than fail the history. */
const alertDay = (date: string | null) => (date && isoDate.safeParse(date).success ? date : undefined);

const STAFF_TABS = ['recent', 'register', 'history', 'rates', 'below'] as const;
const FAMILY_TABS = ['recent', 'history'] as const;
type Tab = (typeof STAFF_TABS)[number];

/**
 * Attendance records: the live list of the newest, a class's month, a student's history, rates with their
 * trend, and who is under the threshold. Parents and students read their own part; nobody edits here.
 */
export function AttendancePage() {
  const { t } = useT('attendance');
  const { user } = useAuth();
  // Company staff belong to no school: no school's attendance is theirs to read (docs/product.md, "Routes and
  // who may open them").
  if (!user || !isSchoolRole(user.role)) return <NotForRole title={t('title')} description={t('notForRole')} />;
  return <SchoolAttendance />;
}

function SchoolAttendance() {
  const { t } = useT('attendance');
  const { user } = useAuth();
  const role = user?.role;
  const marks = role === 'teacher' || role === 'principal' || role === 'school_admin';
  const tabs: readonly Tab[] = marks ? STAFF_TABS : FAMILY_TABS;
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : 'recent';
  // Only the register and a family's history pick from the options; other tabs do not read them.
  const needsOptions = tab === 'register' || (tab === 'history' && !marks);
  const options = useAttendanceOptions(needsOptions);

  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };

  const header = (
    <PageHeader
      title={t('title')}
      actions={
        marks && (
          <Link to="/attendance/mark" className={buttonClasses('primary')}>
            <ClipboardCheck className="me-1.5 size-4" aria-hidden="true" />
            {t('mark.title')}
          </Link>
        )
      }
    />
  );

  let body: React.ReactNode = null;
  if (needsOptions && options.isPending) body = <PageSkeleton />;
  else if (needsOptions && options.isError) {
    body = <ErrorState error={options.error} onRetry={() => options.refetch()} />;
  } else if (tab === 'recent') body = <RecentSection linkStudents={marks} />;
  else if (tab === 'register' && options.data) {
    body = (
      <RegisterSection
        options={options.data}
        classId={params.get('class') ?? options.data.classes[0]?.id ?? ''}
        month={params.get('month') ?? options.data.today.slice(0, 7)}
        onChange={(key, value) => set({ [key]: value })}
      />
    );
  } else if (tab === 'history') {
    const students = options.data?.students ?? [];
    body = (
      <HistorySection
        students={students}
        studentId={params.get('student') ?? students[0]?.id ?? ''}
        onPick={(id) => set({ student: id, date: '' })}
        findByName={marks}
        highlightDate={alertDay(params.get('date'))}
      />
    );
  } else if (tab === 'rates') body = <RatesSection />;
  else if (tab === 'below') body = <BelowSection />;

  return (
    <>
      {header}
      <Tabs
        label={t('title')}
        tabs={tabs.map((id) => ({ id, label: t(`tabs.${id}`) }))}
        value={tab}
        onChange={(id) => set({ tab: id === 'recent' ? '' : id })}
      >
        {body}
      </Tabs>
    </>
  );
}
