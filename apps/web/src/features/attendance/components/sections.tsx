import type { AttendanceOptions, AttendanceStatus } from '@lyceum/shared/attendance';
import { useState } from 'react';
import { Link } from 'react-router';
import { Card, CardSection } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { TextField } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDay, useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import {
  attendanceCsv,
  useAttendanceRates,
  useAttendanceTrend,
  useBelowThreshold,
  useClassRegister,
  useRecentAttendance,
  useStudentAttendance,
} from '../api/attendance-api';
import { studentHistoryHref } from '../lib/links';
import { StudentFinder } from './student-finder';
import { CsvLink, HeadRow, RateText, RecordsTable, TableBox, td, th } from './tables';
import { TrendChart } from './trend-chart';

function Loading() {
  return (
    <div className="space-y-2" aria-hidden="true">
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-full" />
    </div>
  );
}

function Toolbar({
  title,
  description,
  children,
}: {
  title: string;
  /** What the figures are of, when a reader could take them for another span (a month, as the register's). */
  description?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
      </div>
      <div className="flex flex-wrap items-end gap-2">{children}</div>
    </div>
  );
}

/** The 30 newest records the caller may see; a live event refetches it. */
export function RecentSection({ linkStudents }: { linkStudents: boolean }) {
  const { t } = useT('attendance');
  const recent = useRecentAttendance();
  return (
    <section>
      <Toolbar title={t('recent.title')}>
        {/* A file of no records would be only its header row. */}
        {recent.data && recent.data.items.length > 0 && <CsvLink href={attendanceCsv.recent()} />}
      </Toolbar>
      {recent.isPending && <Loading />}
      {recent.isError && <ErrorState error={recent.error} onRetry={() => recent.refetch()} />}
      {recent.data?.items.length === 0 && (
        <Card>
          <EmptyState title={t('recent.empty')} />
        </Card>
      )}
      {recent.data && recent.data.items.length > 0 && (
        <RecordsTable items={recent.data.items} caption={t('recent.title')} linkStudents={linkStudents} />
      )}
    </section>
  );
}

const CELL: Record<AttendanceStatus, string> = {
  present: 'text-emerald-700',
  late: 'bg-amber-50 text-amber-800',
  absent: 'bg-red-50 text-red-700',
};

/** A class × month grid: the first column stays put while the days scroll inside the box. */
export function RegisterSection({
  options,
  classId,
  month,
  onChange,
}: {
  options: AttendanceOptions;
  classId: string;
  month: string;
  onChange: (key: 'class' | 'month', value: string) => void;
}) {
  const { t } = useT('attendance');
  const register = useClassRegister(classId, month);
  const letter = (s: AttendanceStatus) => t(`statusLetter.${s}`);
  return (
    <section>
      <Toolbar title={t('register.title')}>
        <Select
          id="register-class"
          label={t('class')}
          value={classId}
          onChange={(e) => onChange('class', e.target.value)}
          options={options.classes.map((c) => ({ value: c.id, label: c.label }))}
        />
        <TextField
          id="register-month"
          label={t('register.month')}
          type="month"
          value={month}
          max={options.today.slice(0, 7)}
          onChange={(e) => onChange('month', e.target.value)}
        />
        {classId && <CsvLink href={attendanceCsv.register(classId, month)} />}
      </Toolbar>
      {options.classes.length === 0 && (
        <Card>
          <EmptyState title={t('mark.noClasses')} />
        </Card>
      )}
      {register.isPending && classId && <Loading />}
      {register.isError && <ErrorState error={register.error} onRetry={() => register.refetch()} />}
      {register.data && register.data.students.length === 0 && (
        <Card>
          <EmptyState title={t('mark.noStudents')} />
        </Card>
      )}
      {register.data && register.data.students.length > 0 && (
        <>
          <p className="mb-2 text-sm text-slate-600">
            {t('register.classRate')} <RateText rate={register.data.rate} />
          </p>
          <div className="max-h-[28rem] max-w-full overflow-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full border-separate border-spacing-0 text-sm">
              <caption className="sr-only">{t('register.caption', { className: register.data.className })}</caption>
              <thead>
                <tr>
                  <th scope="col" className={`${th} sticky start-0 top-0 z-20 border-b border-slate-200 bg-slate-50`}>
                    {t('student')}
                  </th>
                  {register.data.days.map((d) => (
                    <th
                      key={d}
                      scope="col"
                      className="sticky top-0 z-10 border-b border-slate-200 bg-slate-50 px-2 py-2 text-center text-xs font-semibold text-slate-500 tabular-nums"
                    >
                      <abbr title={formatDay(d)} className="no-underline">
                        {Number(d.slice(8))}
                      </abbr>
                    </th>
                  ))}
                  <th scope="col" className={`${th} sticky top-0 z-10 border-b border-slate-200 bg-slate-50`}>
                    {t('rateHeader')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {register.data.students.map((s) => (
                  <tr key={s.studentId}>
                    <th
                      scope="row"
                      className="sticky start-0 z-10 border-b border-slate-100 bg-white px-3 py-2 text-start font-medium whitespace-nowrap"
                    >
                      <Link to={studentHistoryHref(s.studentId)} className="text-blue-700 hover:underline">
                        <bdi>{s.name}</bdi>
                      </Link>
                    </th>
                    {register.data.days.map((d) => {
                      const status = s.marks[d];
                      return (
                        <td
                          key={d}
                          className={`border-b border-slate-100 px-2 py-2 text-center font-semibold ${status ? CELL[status] : ''}`}
                        >
                          {status ? <abbr title={t(`status.${status}`)}>{letter(status)}</abbr> : ''}
                        </td>
                      );
                    })}
                    <td className="border-b border-slate-100 px-3 py-2 text-start">
                      <RateText rate={s.rate} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

/**
 * One student's last 30 records and rate; parents and students pick from their own list, staff and teachers
 * find the student by name (`findByName`).
 */
export function HistorySection({
  students,
  studentId,
  onPick,
  findByName = false,
  highlightDate,
}: {
  students: AttendanceOptions['students'];
  studentId: string;
  onPick: (id: string) => void;
  findByName?: boolean;
  highlightDate?: string | undefined;
}) {
  const { t } = useT('attendance');
  const history = useStudentAttendance(studentId, highlightDate);
  // The alert's day is always in the answer when it has records; none left (deleted since) is said, not silent.
  const dayWithout =
    highlightDate && history.data && !history.data.items.some((r) => r.date === highlightDate) ? highlightDate : null;
  return (
    <section>
      <Toolbar title={history.data ? t('history.titleOf', { name: history.data.name }) : t('history.title')}>
        {students.length > 1 && (
          <Select
            id="history-student"
            label={t('student')}
            value={studentId}
            onChange={(e) => onPick(e.target.value)}
            options={students.map((s) => ({ value: s.id, label: s.label }))}
          />
        )}
        {findByName && <StudentFinder onPick={onPick} />}
        {studentId && <CsvLink href={attendanceCsv.student(studentId)} />}
      </Toolbar>
      {!studentId && (
        <Card>
          <EmptyState title={findByName ? t('history.find') : t('history.pick')} />
        </Card>
      )}
      {history.isPending && studentId && <Loading />}
      {history.isError && <ErrorState error={history.error} onRetry={() => history.refetch()} />}
      {history.data && (
        <>
          <p className="mb-2 text-sm text-slate-600">
            {t('history.rate')} <RateText rate={history.data.rate} />
          </p>
          {dayWithout && (
            <p role="status" className="mb-2 text-sm text-slate-600">
              {t('history.noRecordsOn', { date: formatDay(dayWithout) })}
            </p>
          )}
          {history.data.items.length === 0 ? (
            <Card>
              <EmptyState title={t('recent.empty')} />
            </Card>
          ) : (
            <RecordsTable
              items={history.data.items}
              caption={t('history.title')}
              linkStudents={false}
              showStudent={false}
              highlightDate={highlightDate}
            />
          )}
        </>
      )}
    </section>
  );
}

/** Rates of the school and each class, with the trend of the school (or the teacher's classes). */
export function RatesSection() {
  const { t } = useT('attendance');
  const rates = useAttendanceRates();
  const [by, setBy] = useState<'day' | 'week'>('day');
  const trend = useAttendanceTrend(by, '');
  return (
    <section className="space-y-4">
      <CardSection
        title={t('trend.title')}
        actions={
          <Select
            id="trend-by"
            label={t('trend.by')}
            hideLabel
            value={by}
            onChange={(e) => setBy(e.target.value === 'week' ? 'week' : 'day')}
            options={[
              { value: 'day', label: t('trend.byDay') },
              { value: 'week', label: t('trend.byWeek') },
            ]}
          />
        }
      >
        {trend.isPending && <Skeleton className="h-32 w-full" />}
        {trend.isError && <ErrorState error={trend.error} onRetry={() => trend.refetch()} />}
        {trend.data && <TrendChart trend={trend.data} />}
      </CardSection>
      <div>
        <Toolbar title={t('rates.title')} description={t('rates.scope')}>
          <CsvLink href={attendanceCsv.rates()} />
        </Toolbar>
        {rates.isPending && <Loading />}
        {rates.isError && <ErrorState error={rates.error} onRetry={() => rates.refetch()} />}
        {rates.data && rates.data.classes.length === 0 && !rates.data.school && (
          <Card>
            <EmptyState title={t('rates.empty')} />
          </Card>
        )}
        {rates.data && (rates.data.classes.length > 0 || rates.data.school) && (
          <TableBox caption={t('rates.title')}>
            <HeadRow
              labels={[t('class'), t('status.present'), t('status.late'), t('status.absent'), t('rateHeader')]}
            />
            <tbody className="divide-y divide-slate-100">
              {rates.data.school && (
                <tr className="font-semibold">
                  <td className={td}>{t('rates.school')}</td>
                  <td className={td}>{rates.data.school.present}</td>
                  <td className={td}>{rates.data.school.late}</td>
                  <td className={td}>{rates.data.school.absent}</td>
                  <td className={td}>
                    <RateText rate={rates.data.school} />
                  </td>
                </tr>
              )}
              {rates.data.classes.map((c) => (
                <tr key={c.classId}>
                  <td className={td}>
                    <bdi>{c.className}</bdi>
                  </td>
                  <td className={td}>{c.rate.present}</td>
                  <td className={td}>{c.rate.late}</td>
                  <td className={td}>{c.rate.absent}</td>
                  <td className={td}>
                    <RateText rate={c.rate} />
                  </td>
                </tr>
              ))}
            </tbody>
          </TableBox>
        )}
      </div>
    </section>
  );
}

/** Students whose rate is under the school's threshold, lowest first. */
export function BelowSection() {
  const { t } = useT('attendance');
  const format = useFormat();
  const below = useBelowThreshold();
  return (
    <section>
      <Toolbar
        title={
          below.data
            ? t('below.titleWith', { threshold: format.number(below.data.threshold / 100, { style: 'percent' }) })
            : t('below.title')
        }
        description={t('below.scope')}
      >
        <CsvLink href={attendanceCsv.below()} />
      </Toolbar>
      {below.isPending && <Loading />}
      {below.isError && <ErrorState error={below.error} onRetry={() => below.refetch()} />}
      {below.data?.items.length === 0 && (
        <Card>
          <EmptyState title={t('below.empty')} />
        </Card>
      )}
      {below.data && below.data.items.length > 0 && (
        <TableBox caption={t('below.title')}>
          <HeadRow labels={[t('student'), t('class'), t('rateHeader')]} />
          <tbody className="divide-y divide-slate-100">
            {below.data.items.map((s) => (
              <tr key={`${s.studentId}:${s.classId}`}>
                <td className={td}>
                  <Link to={studentHistoryHref(s.studentId)} className="font-medium text-blue-700 hover:underline">
                    <bdi>{s.name}</bdi>
                  </Link>
                </td>
                <td className={td}>
                  <bdi>{s.className}</bdi>
                </td>
                <td className={td}>
                  <RateText rate={s.rate} />
                </td>
              </tr>
            ))}
          </tbody>
        </TableBox>
      )}
    </section>
  );
}
