import type { StudentProfileResponse } from '@lyceum/shared/people';
import { CalendarCheck, CalendarClock, ClipboardList, Wallet } from 'lucide-react';
import { CardSection } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';

/**
 * Attendance, marks, fees and exams of one student. Their own issues record them; until something is
 * recorded each section says so plainly instead of showing made-up figures.
 */
export function RecordSections({ student }: { student: StudentProfileResponse }) {
  const { t } = useT('students');
  const { money, number } = useFormat();
  const attendance = student.attendanceSummary;
  const fees = student.feeSummary;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <CardSection title={t('records.attendance')} titleId="attendance-title">
        {attendance ? (
          <dl className="grid grid-cols-4 gap-2 text-center text-sm">
            {(
              [
                [t('records.present'), number(attendance.present)],
                [t('records.absent'), number(attendance.absent)],
                [t('records.late'), number(attendance.late)],
                [t('records.rate'), number(Math.round(attendance.rate) / 100, { style: 'percent' })],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-lg bg-slate-50 p-2">
                <dt className="text-xs text-slate-500">{label}</dt>
                <dd className="text-lg font-semibold text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
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
