import type { ChildToday, ClassToday, DashboardDay, DayRate } from '@lyceum/shared/day';
import type { Role } from '@lyceum/shared/roles';
import { ArrowRight, CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { CardSection } from '../../../components/ui/card';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { markAttendanceHref } from '../../attendance/lib/links';
import { childTimetableHref } from '../../timetable/lib/links';
import { LessonList } from './lesson-list';

const STATUS_TONE = { present: 'success', absent: 'danger', late: 'warning' } as const;
const linkClass =
  'inline-flex items-center gap-1 text-sm font-medium text-blue-700 hover:underline focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none rounded';

/** A whole percentage, or a dash-like "no rate" word when there is nothing to count. */
export function useRate() {
  const { t } = useT('dashboard');
  const format = useFormat();
  return (rate: number | null) => (rate === null ? t('day.noRate') : format.number(rate / 100, { style: 'percent' }));
}

/** The timetable; in a child's card, that child's week (docs/product.md, "Routes and who may open them"). */
function TimetableLink({ childId }: { childId?: string }) {
  const { t } = useT('dashboard');
  return (
    <Link to={childId ? childTimetableHref(childId) : '/timetable'} className={linkClass}>
      {t('day.timetableLink')}
      <ArrowRight className="size-4 rtl:rotate-180" aria-hidden="true" />
    </Link>
  );
}

function TodayCard({ day, children, id }: { day: DashboardDay; children: ReactNode; id: string }) {
  const { t } = useT('dashboard');
  return (
    <CardSection
      titleId={id}
      title={t('day.today', { weekday: t(`day.weekday.${day.weekday}`) })}
      actions={<TimetableLink />}
    >
      {children}
    </CardSection>
  );
}

function TeacherDay({ day }: { day: DashboardDay }) {
  const { t } = useT('dashboard');
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <TodayCard day={day} id="day-lessons">
        <LessonList lessons={day.lessons} showClass marks />
      </TodayCard>
      <CardSection titleId="day-to-mark" title={t('day.toMark')}>
        {day.toMark.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-slate-500">
            <CheckCircle2 className="size-4 text-emerald-600" aria-hidden="true" />
            {t('day.allMarked')}
          </p>
        ) : (
          <ul className="space-y-2">
            {day.toMark.map((c) => (
              <li key={c.classId}>
                <Link to={markAttendanceHref(c.classId, c.periodId)} className={linkClass}>
                  {t('day.markClass', { className: c.className })}
                  <ArrowRight className="size-4 rtl:rotate-180" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardSection>
    </div>
  );
}

function ClassesToday({ classes }: { classes: ClassToday[] }) {
  const { t } = useT('dashboard');
  const rate = useRate();
  if (classes.length === 0) {
    // Only school admins and principals see this card, and they create classes: the way on from a new school.
    return (
      <div className="space-y-2">
        <p className="text-sm text-slate-500">{t('day.noClasses')}</p>
        <Link to="/classes" className={linkClass}>
          {t('day.createClass')}
          <ArrowRight className="size-4 rtl:rotate-180" aria-hidden="true" />
        </Link>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-slate-100" aria-label={t('day.byClass')}>
      {classes.map((c) => (
        <li key={c.classId} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
          {/* The name asks for its own width (grow, not flex-1's zero basis) and the figures move as one onto the
              next line when the row is too narrow for both: on a phone "Grade 5 A" otherwise broke word by word. */}
          <span className="min-w-0 grow font-medium text-slate-800">
            <bdi>{c.className}</bdi>
          </span>
          <span className="ms-auto flex flex-wrap items-center gap-x-3 gap-y-1">
            {c.marked ? (
              <>
                <span className="text-slate-500">{t('day.absentCount', { count: c.absent })}</span>
                {c.unmarked > 0 && (
                  <span className="text-slate-500">{t('day.unmarkedCount', { count: c.unmarked })}</span>
                )}
                <Badge tone={c.absent > 0 ? 'warning' : 'success'}>{rate(c.rate)}</Badge>
              </>
            ) : (
              <Badge tone="neutral">{t('day.notMarked')}</Badge>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The week as bars, one per day so far; a day without marks has no bar. */
function WeekTrend({ week }: { week: DayRate[] }) {
  const { t } = useT('dashboard');
  const rate = useRate();
  return (
    <ol className="flex items-end gap-2" aria-label={t('day.week')}>
      {week.map((d) => {
        const weekday = WEEKDAY_OF[new Date(`${d.date}T00:00:00Z`).getUTCDay()] ?? 'monday';
        return (
          <li key={d.date} className="flex min-w-0 flex-1 flex-col items-center gap-1">
            <span className="text-xs font-medium text-slate-700 tabular-nums">{rate(d.rate)}</span>
            <span className="flex h-24 w-full max-w-10 items-end rounded bg-slate-100" aria-hidden="true">
              <span className="block w-full rounded bg-blue-500" style={{ height: `${d.rate ?? 0}%` }} />
            </span>
            <span className="text-xs text-slate-500">{t(`day.weekdayShort.${weekday}`)}</span>
          </li>
        );
      })}
    </ol>
  );
}
const WEEKDAY_OF = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

function SchoolDay({ day }: { day: DashboardDay }) {
  const { t } = useT('dashboard');
  const marked = day.classes.filter((c) => c.marked).length;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <CardSection
        titleId="day-classes"
        title={t('day.attendanceToday')}
        description={t('day.markedOf', { marked, total: day.classes.length })}
        actions={
          <span className="flex flex-wrap gap-x-4 gap-y-1">
            <TimetableLink />
            <Link to="/attendance" className={linkClass}>
              {t('day.attendanceLink')}
              <ArrowRight className="size-4 rtl:rotate-180" aria-hidden="true" />
            </Link>
          </span>
        }
      >
        <ClassesToday classes={day.classes} />
      </CardSection>
      <CardSection titleId="day-week" title={t('day.week')}>
        <WeekTrend week={day.week} />
      </CardSection>
    </div>
  );
}

function StudentDay({ day }: { day: DashboardDay }) {
  const { t } = useT('dashboard');
  const rate = useRate();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <TodayCard day={day} id="day-lessons">
        <LessonList lessons={day.lessons} />
      </TodayCard>
      <CardSection titleId="day-rate" title={t('day.myRate')}>
        <p className="text-3xl font-semibold tracking-tight text-slate-900 tabular-nums">{rate(day.rate)}</p>
      </CardSection>
    </div>
  );
}

/** One child today: their status, their rate and their class's lessons. Also the body of My Children's section. */
export function ChildDay({ child }: { child: Pick<ChildToday, 'status' | 'rate' | 'lessons'> }) {
  const { t } = useT('dashboard');
  const rate = useRate();
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        {child.status ? (
          <Badge tone={STATUS_TONE[child.status]}>{t(`day.status.${child.status}`)}</Badge>
        ) : (
          <Badge tone="neutral">{t('day.notMarkedToday')}</Badge>
        )}
        <span>{t('day.rate', { rate: rate(child.rate) })}</span>
      </p>
      <LessonList lessons={child.lessons} />
    </div>
  );
}

function ParentDay({ day }: { day: DashboardDay }) {
  const { t } = useT('dashboard');
  if (day.children.length === 0) return null;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {day.children.map((child) => (
        <CardSection
          key={child.studentId}
          titleId={`day-child-${child.studentId}`}
          // Isolated: right to left, `Doe, "Jane"` read `"Doe, "Jane` (docs/product.md, "In the web app").
          title={<bdi>{child.name}</bdi>}
          description={t('day.childToday', { className: child.className, weekday: t(`day.weekday.${day.weekday}`) })}
          actions={<TimetableLink childId={child.studentId} />}
        >
          <ChildDay child={child} />
        </CardSection>
      ))}
    </div>
  );
}

/** The caller's day under the dashboard's figures, by role. */
export function DayCards({ day, role }: { day: DashboardDay; role: Role }) {
  switch (role) {
    case 'teacher':
      return <TeacherDay day={day} />;
    case 'principal':
    case 'school_admin':
      return <SchoolDay day={day} />;
    case 'student':
      return <StudentDay day={day} />;
    case 'parent':
      return <ParentDay day={day} />;
    default:
      return null;
  }
}
