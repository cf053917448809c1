import type { StudentProfileResponse } from '@lyceum/shared/people';
import { CalendarCheck, CalendarClock, ClipboardList, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { CardSection } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { studentHistoryHref } from '../../attendance/lib/links';

/**
 * Attendance, marks, fees and exams of one student. Until something is recorded each section says so plainly
 * instead of showing made-up figures. Attendance shows the rate the student's history shows (docs/product.md,
 * "Students"), with a link to that history for the roles that may open it (`linkHistory`).
 */
export function RecordSections({
  student,
  linkHistory = false,
}: {
  student: StudentProfileResponse;
  linkHistory?: boolean;
}) {
  const { t } = useT('students');
  const { money, number } = useFormat();
  const attendance = student.attendanceSummary;
  // No records, no rate: the server sends no summary then, and the page says nothing is recorded yet.
  const rate = attendance?.rate ?? null;
  const fees = student.feeSummary;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <CardSection title={t('records.attendance')} titleId="attendance-title">
        {attendance && rate !== null ? (
          <>
            {/* Two by two where the card is narrow (a 375 px phone; half the page from lg to xl): four side by
                side leave their labels no room. */}
            <dl className="grid grid-cols-2 gap-2 text-center text-sm sm:grid-cols-4 lg:grid-cols-2 xl:grid-cols-4">
              {(
                [
                  [t('records.present'), number(attendance.present)],
                  [t('records.absent'), number(attendance.absent)],
                  [t('records.late'), number(attendance.late)],
                  [t('records.rate'), number(rate / 100, { style: 'percent' })],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="min-w-0 rounded-lg bg-slate-50 p-2">
                  <dt className="text-xs break-words text-slate-500">{label}</dt>
                  <dd className="text-lg font-semibold text-slate-900 tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
            {linkHistory && (
              <p className="mt-3 text-sm">
                <Link to={studentHistoryHref(student.id)} className="text-blue-700 hover:underline">
                  {t('records.attendanceHistory')}
                </Link>
              </p>
            )}
          </>
        ) : (
          <EmptyState
            className="py-4"
            icon={<CalendarCheck className="size-5" aria-hidden="true" />}
            title={t('records.noAttendance')}
            description={t('records.noAttendanceHint')}
          />
        )}
      </CardSection>
      <CardSection title={t('records.marks')} titleId="marks-title">
        {student.recentMarks.length ? (
          <p className="text-sm text-slate-700">{t('records.marksCount', { count: student.recentMarks.length })}</p>
        ) : (
          <EmptyState
            className="py-4"
            icon={<ClipboardList className="size-5" aria-hidden="true" />}
            title={t('records.noMarks')}
            description={t('records.noMarksHint')}
          />
        )}
      </CardSection>
      <CardSection title={t('records.fees')} titleId="fees-title">
        {fees ? (
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <div className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs text-slate-500">{t('records.pending')}</dt>
              <dd className="text-lg font-semibold text-slate-900">{money(fees.pendingMinor, fees.currency)}</dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs text-slate-500">{t('records.overdue')}</dt>
              <dd className="text-lg font-semibold text-slate-900">{money(fees.overdueMinor, fees.currency)}</dd>
            </div>
          </dl>
        ) : (
          <EmptyState
            className="py-4"
            icon={<Wallet className="size-5" aria-hidden="true" />}
            title={t('records.noFees')}
            description={t('records.noFeesHint')}
          />
        )}
      </CardSection>
      <CardSection title={t('records.exams')} titleId="exams-title">
        {student.upcomingExams.length ? (
          <p className="text-sm text-slate-700">{t('records.examsCount', { count: student.upcomingExams.length })}</p>
        ) : (
          <EmptyState
            className="py-4"
            icon={<CalendarClock className="size-5" aria-hidden="true" />}
            title={t('records.noExams')}
            description={t('records.noExamsHint')}
          />
        )}
      </CardSection>
    </div>
  );
}
