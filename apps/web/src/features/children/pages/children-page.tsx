import type { ChildResponse } from '@lyceum/shared/people';
import { CalendarCheck, CalendarClock, ClipboardList, HeartHandshake, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { nameAndSection } from '../../../api/lookups';
import { NotForRole } from '../../../components/people/not-for-role';
import { PersonAvatar } from '../../../components/people/person-avatar';
import { Badge, StatusBadge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuth } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n';
import { useRelationshipLabel } from '../../students/components/relationship-label';
import { useChildren } from '../api/get-children';
import { ChildDay } from '../../dashboard/components/day-cards';
import { cn } from '../../../lib/cn';

function Section({
  icon,
  title,
  children,
  className,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('rounded-lg border border-slate-100 bg-slate-50/60 p-3', className)}>
      <h3 className="flex items-center gap-2 text-sm font-medium text-slate-800">
        {icon}
        {title}
      </h3>
      <div className="mt-1 text-sm text-slate-600">{children}</div>
    </div>
  );
}

const iconClass = 'size-4 text-slate-500';

/** One child: class and teacher, today (status, rate, lessons), then marks, fees and exams (filled by their issues). */
function ChildCard({ child }: { child: ChildResponse }) {
  const { t } = useT('children');
  const relationship = useRelationshipLabel();
  const klass = nameAndSection({ name: child.className, section: child.section });
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-center gap-3">
        <PersonAvatar name={child.name} src={child.profileImage} size="md" />
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold text-slate-900">
            {/* Isolated, so right to left a name keeps its punctuation in place (docs/product.md, "In the web app"). */}
            <Link to={`/students/${child.id}`} className="hover:underline">
              <bdi>{child.name}</bdi>
            </Link>
          </h2>
          <p className="text-sm text-slate-500">
            {t('card.summary', { className: klass, roll: child.rollNumber, year: child.academicYear })}
          </p>
        </div>
        <span className="flex flex-wrap gap-1">
          <Badge>{relationship(child.relationship)}</Badge>
          {!child.isActive && <StatusBadge status="inactive" />}
        </span>
      </div>
      <p className="mt-3 text-sm text-slate-600">
        {child.classTeacherName ? t('card.classTeacher', { name: child.classTeacherName }) : t('card.noClassTeacher')}
      </p>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <Section
          icon={<CalendarCheck className={iconClass} aria-hidden="true" />}
          title={t('card.attendance')}
          className="sm:col-span-2"
        >
          <ChildDay
            child={{ status: child.todayAttendance, rate: child.attendanceRate, lessons: child.todayLessons }}
          />
        </Section>
        <Section icon={<ClipboardList className={iconClass} aria-hidden="true" />} title={t('card.marks')}>
          {t('card.marksCount', { count: child.recentMarks.length })}
        </Section>
        <Section icon={<Wallet className={iconClass} aria-hidden="true" />} title={t('card.fees')}>
          {t('card.feesCount', { count: child.pendingFees.length })}
        </Section>
        <Section icon={<CalendarClock className={iconClass} aria-hidden="true" />} title={t('card.exams')}>
          {t('card.examsCount', { count: child.upcomingExams.length })}
        </Section>
      </div>
    </Card>
  );
}

/** /children: a parent's children, each with their class and day-to-day summary. */
export function ChildrenPage() {
  const { t } = useT('children');
  const { user } = useAuth();
  const isParent = user?.role === 'parent';
  const query = useChildren(isParent);
  if (!isParent) {
    return <NotForRole title={t('title')} description={t('notForRole')} />;
  }
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {query.isPending ? (
        <div className="grid gap-4 xl:grid-cols-2" role="status" aria-label={t('loading')}>
          {['a', 'b'].map((k) => (
            <Skeleton key={k} className="h-64" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.items.length === 0 ? (
        <Card>
          <EmptyState
            icon={<HeartHandshake className="size-6" aria-hidden="true" />}
            title={t('empty.title')}
            description={t('empty.description')}
          />
        </Card>
      ) : (
        <ul className="grid gap-4 xl:grid-cols-2" aria-label={t('list')}>
          {query.data.items.map((child) => (
            <li key={child.id}>
              <ChildCard child={child} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
