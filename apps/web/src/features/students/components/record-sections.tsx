import type { StudentProfileResponse } from '@lyceum/shared/people';
import { CalendarCheck, CalendarClock, ClipboardList, Wallet } from 'lucide-react';
import { CardSection } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';

function money(minor: number, currency: string): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(minor / 100);
}

/**
 * Attendance, marks, fees and exams of one student. Their own issues record them; until something is
 * recorded each section says so plainly instead of showing made-up figures.
 */
export function RecordSections({ student }: { student: StudentProfileResponse }) {
  const attendance = student.attendanceSummary;
  const fees = student.feeSummary;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <CardSection title="Attendance" titleId="attendance-title">
        {attendance ? (
          <dl className="grid grid-cols-4 gap-2 text-center text-sm">
            {(
              [
                ['Present', attendance.present],
                ['Absent', attendance.absent],
                ['Late', attendance.late],
                ['Rate', `${Math.round(attendance.rate)}%`],
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
            title="No attendance recorded yet"
            description="Attendance will appear here once teachers start marking it."
          />
        )}
      </CardSection>
      <CardSection title="Marks" titleId="marks-title">
        {student.recentMarks.length ? (
          <p className="text-sm text-slate-700">{student.recentMarks.length} recent marks recorded.</p>
        ) : (
          <EmptyState
            className="py-4"
            icon={<ClipboardList className="size-5" aria-hidden="true" />}
            title="No marks recorded yet"
            description="Marks will appear here once they are entered for exams and assignments."
          />
        )}
      </CardSection>
      <CardSection title="Fees" titleId="fees-title">
        {fees ? (
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <div className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs text-slate-500">Pending</dt>
              <dd className="text-lg font-semibold text-slate-900">{money(fees.pendingMinor, fees.currency)}</dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs text-slate-500">Overdue</dt>
              <dd className="text-lg font-semibold text-slate-900">{money(fees.overdueMinor, fees.currency)}</dd>
            </div>
          </dl>
        ) : (
          <EmptyState
            className="py-4"
            icon={<Wallet className="size-5" aria-hidden="true" />}
            title="No fees recorded yet"
            description="Fees will appear here once the school records them."
          />
        )}
      </CardSection>
      <CardSection title="Upcoming exams" titleId="exams-title">
        {student.upcomingExams.length ? (
          <p className="text-sm text-slate-700">{student.upcomingExams.length} upcoming exams.</p>
        ) : (
          <EmptyState
            className="py-4"
            icon={<CalendarClock className="size-5" aria-hidden="true" />}
            title="No exams scheduled"
            description="Exams will appear here once they are scheduled for the class."
          />
        )}
      </CardSection>
    </div>
  );
}
