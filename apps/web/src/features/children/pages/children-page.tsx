import type { ChildResponse } from '@lyceum/shared/people';
import { CalendarCheck, CalendarClock, ClipboardList, HeartHandshake, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NotForRole } from '../../../components/people/not-for-role';
import { PersonAvatar } from '../../../components/people/person-avatar';
import { Badge, StatusBadge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useChildren } from '../api/get-children';

const ATTENDANCE_TONE = { present: 'success', absent: 'danger', late: 'warning' } as const;

function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-100 bg-slate-50/60 p-3">
      <h3 className="flex items-center gap-2 text-sm font-medium text-slate-800">
        {icon}
        {title}
      </h3>
      <div className="mt-1 text-sm text-slate-600">{children}</div>
    </div>
  );
}

const iconClass = 'size-4 text-slate-500';

/** One child: class and teacher, then the day-to-day sections (filled by the attendance, marks, fees, exams issues). */
function ChildCard({ child }: { child: ChildResponse }) {
  const klass = child.section ? `${child.className} – ${child.section}` : child.className;
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-center gap-3">
        <PersonAvatar name={child.name} src={child.profileImage} size="md" />
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold text-slate-900">
            <Link to={`/students/${child.id}`} className="hover:underline">
              {child.name}
            </Link>
          </h2>
          <p className="text-sm text-slate-500">
            {klass} · Roll {child.rollNumber} · {child.academicYear}
          </p>
        </div>
        <span className="flex flex-wrap gap-1">
          <Badge>{child.relationship}</Badge>
          {!child.isActive && <StatusBadge status="inactive" />}
        </span>
      </div>
      <p className="mt-3 text-sm text-slate-600">Class teacher: {child.classTeacherName ?? 'not assigned yet'}</p>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <Section icon={<CalendarCheck className={iconClass} aria-hidden="true" />} title="Today's attendance">
          {child.todayAttendance ? (
            <Badge tone={ATTENDANCE_TONE[child.todayAttendance]}>
              {child.todayAttendance.charAt(0).toUpperCase() + child.todayAttendance.slice(1)}
            </Badge>
          ) : (
            'Not recorded yet today.'
          )}
        </Section>
        <Section icon={<ClipboardList className={iconClass} aria-hidden="true" />} title="Recent marks">
          {child.recentMarks.length ? `${child.recentMarks.length} recent marks.` : 'No marks recorded yet.'}
        </Section>
        <Section icon={<Wallet className={iconClass} aria-hidden="true" />} title="Pending fees">
          {child.pendingFees.length ? `${child.pendingFees.length} pending.` : 'No pending fees.'}
        </Section>
        <Section icon={<CalendarClock className={iconClass} aria-hidden="true" />} title="Upcoming exams">
          {child.upcomingExams.length ? `${child.upcomingExams.length} upcoming.` : 'No exams scheduled.'}
        </Section>
      </div>
    </Card>
  );
}

/** /children: a parent's children, each with their class and day-to-day summary. */
export function ChildrenPage() {
  const { user } = useAuth();
  const isParent = user?.role === 'parent';
  const query = useChildren(isParent);
  if (!isParent) {
    return <NotForRole title="My Children" description="This page shows a parent's own children." />;
  }
  return (
    <>
      <PageHeader title="My Children" description="Your children at this school." />
      {query.isPending ? (
        <div className="grid gap-4 xl:grid-cols-2" role="status" aria-label="Loading children">
          {['a', 'b'].map((k) => (
            <Skeleton key={k} className="h-64" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorState
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.data.items.length === 0 ? (
        <Card>
          <EmptyState
            icon={<HeartHandshake className="size-6" aria-hidden="true" />}
            title="No children linked yet"
            description="Ask the school office to link your children to your account."
          />
        </Card>
      ) : (
        <ul className="grid gap-4 xl:grid-cols-2" aria-label="My children">
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
