import type { ClassResponse, MyClass } from '@lyceum/shared/academics';
import { BookOpen, CalendarDays, Plus, School, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ExportLink } from '../../../components/people/export-link';
import { NotForRole } from '../../../components/people/not-for-role';
import { isStaff } from '../../../components/people/roles';
import { isSchoolReader, SchoolScopeProblem, useSchoolScope } from '../../../components/people/school-scope';
import { inSchool } from '../../../components/people/viewed-school';
import { useUrlFilters } from '../../../components/people/use-url-filters';
import { Badge, StatusBadge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import type { DataTableColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { ListPage } from '../../../components/ui/list-page';
import { useDialogState } from '../../../components/ui/use-dialog-state';
import { PageHeader } from '../../../components/ui/page-header';
import { SearchInput } from '../../../components/ui/search-input';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuth } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n';
import { type ClassFilters, useClasses } from '../api/get-classes';
import { useMyClasses } from '../api/get-my-classes';
import { ClassFormDialog } from '../components/class-form-dialog';
import { SubjectsDialog } from '../components/subjects-dialog';

const STATUSES = ['active', 'inactive', 'all'] as const;

function SubjectBadges({ subjects }: { subjects: ReadonlyArray<{ id: string; name: string }> }) {
  const { t } = useT('classes');
  if (subjects.length === 0) return <span className="text-slate-500">{t('noneYet')}</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {subjects.map((s) => (
        <Badge key={s.id}>{s.name}</Badge>
      ))}
    </span>
  );
}

/** Staff manage the classes; a company reader (`scope`) only reads the chosen school's. */
function ManageClasses({ scope }: { scope?: { schoolId: string; picker: ReactNode } }) {
  const { t } = useT('classes');
  const [filters, setFilter] = useUrlFilters({ search: '', status: 'active' });
  const query = useClasses(
    (scope ? { ...filters, schoolId: scope.schoolId } : filters) as ClassFilters,
    !scope || !!scope.schoolId,
  );
  const dialogs = useDialogState<{ kind: 'create' } | { kind: 'edit'; klass: ClassResponse } | { kind: 'subjects' }>();
  const filtered = Boolean(filters.search) || filters.status !== 'active';

  const columns: DataTableColumn<ClassResponse>[] = [
    {
      id: 'name',
      header: t('columns.class'),
      mobile: 'title',
      cell: (c) => (
        <Link to={inSchool(`/classes/${c.id}`, scope?.schoolId)} className="font-medium text-blue-700 hover:underline">
          {c.label}
        </Link>
      ),
    },
    { id: 'year', header: t('columns.academicYear'), cell: (c) => c.academicYear },
    {
      id: 'teacher',
      header: t('columns.classTeacher'),
      cell: (c) => c.classTeacherName ?? <span className="text-slate-500">{t('notSet')}</span>,
    },
    { id: 'students', header: t('columns.students'), cell: (c) => c.studentCount, className: 'tabular-nums' },
    { id: 'subjects', header: t('columns.subjects'), cell: (c) => <SubjectBadges subjects={c.subjects} /> },
    {
      id: 'status',
      header: t('columns.status'),
      cell: (c) => <StatusBadge status={c.isActive ? 'active' : 'inactive'} />,
    },
  ];

  return (
    <ListPage
      title={t('title')}
      description={t('description')}
      actions={
        !scope && (
          <>
            <Button variant="secondary" onClick={() => dialogs.open({ kind: 'subjects' })}>
              <BookOpen className="size-4" aria-hidden="true" />
              {t('columns.subjects')}
            </Button>
            <ExportLink path="/classes/export" />
            {/* The timetable has no sidebar entry: staff plan it from here (docs/product.md, "Sidebar per role"). */}
            <Link to="/timetable" className={buttonClasses('secondary')}>
              <CalendarDays className="size-4" aria-hidden="true" />
              {t('actions.timetable')}
            </Link>
            <Button onClick={() => dialogs.open({ kind: 'create' })}>
              <Plus className="size-4" aria-hidden="true" />
              {t('actions.new')}
            </Button>
          </>
        )
      }
      filters={
        <>
          <SearchInput
            id="classes-search"
            label={t('filters.search')}
            value={filters.search}
            onChange={(v) => setFilter('search', v)}
          />
          {scope?.picker}
          <Select
            id="classes-status"
            label={t('filters.status')}
            hideLabel
            options={STATUSES.map((value) => ({ value, label: t(`filters.statuses.${value}`) }))}
            value={filters.status}
            onChange={(e) => setFilter('status', e.target.value)}
          />
        </>
      }
      filterColumns={scope ? 'sm:grid-cols-[1fr_12rem_10rem]' : 'sm:grid-cols-[1fr_14rem]'}
      table={{
        label: t('title'),
        columns,
        rows: query.data?.items,
        rowKey: (c) => c.id,
        loading: query.isPending || (query.isError && query.isFetching),
        error: query.isError ? query.error : null,
        onRetry: () => void query.refetch(),
        actions: scope
          ? undefined
          : (c) => (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => dialogs.open({ kind: 'edit', klass: c })}
                aria-label={t('actions.editName', { name: c.label })}
              >
                {t('actions.edit')}
              </Button>
            ),
        empty: filtered ? (
          <EmptyState title={t('empty.noMatchTitle')} description={t('empty.noMatchDescription')} />
        ) : (
          <EmptyState
            icon={<School className="size-6" aria-hidden="true" />}
            title={t('empty.none')}
            description={t('empty.hintManage')}
            action={
              scope ? undefined : <Button onClick={() => dialogs.open({ kind: 'create' })}>{t('actions.new')}</Button>
            }
          />
        ),
      }}
    >
      <ClassFormDialog open={dialogs.is('create')} onOpenChange={dialogs.onOpenChange} />
      <ClassFormDialog
        open={dialogs.is('edit')}
        onOpenChange={dialogs.onOpenChange}
        editing={dialogs.of('edit')?.klass}
      />
      <SubjectsDialog open={dialogs.is('subjects')} onOpenChange={dialogs.onOpenChange} />
    </ListPage>
  );
}

function MyClassCard({ c }: { c: MyClass }) {
  const { t } = useT('classes');
  return (
    <Card className="flex flex-col p-5">
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">
          <Link to={`/classes/${c.id}`} className="hover:underline">
            {c.label}
          </Link>
        </h2>
        {c.isClassTeacher && <Badge tone="accent">{t('columns.classTeacher')}</Badge>}
      </div>
      <p className="mt-1 text-sm text-slate-500">{c.academicYear}</p>
      <p className="mt-3 flex items-center gap-2 text-sm text-slate-700">
        <Users className="size-4 text-slate-400" aria-hidden="true" />
        {t('studentCount', { count: c.studentCount })}
      </p>
      <div className="mt-3 text-sm">
        <p className="mb-1 text-slate-500">{t('mine.youTeach')}</p>
        <SubjectBadges subjects={c.mySubjects} />
      </div>
      <Link to={`/classes/${c.id}`} className={buttonClasses('secondary', 'sm', 'mt-4 self-start')}>
        {t('mine.open')}
      </Link>
    </Card>
  );
}

function MyClasses() {
  const { t } = useT('classes');
  const query = useMyClasses();
  return (
    <>
      <PageHeader title={t('mine.title')} description={t('mine.description')} />
      {query.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label={t('mine.loading')}>
          {['a', 'b', 'c'].map((k) => (
            <Skeleton key={k} className="h-48" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.items.length === 0 ? (
        <Card>
          <EmptyState
            icon={<School className="size-6" aria-hidden="true" />}
            title={t('empty.none')}
            description={t('mine.empty')}
          />
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t('mine.list')}>
          {query.data.items.map((c) => (
            <li key={c.id}>
              <MyClassCard c={c} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function SchoolClasses() {
  const { t } = useT('classes');
  const scope = useSchoolScope();
  if (scope.schoolsError || scope.noSchools) return <SchoolScopeProblem title={t('title')} scope={scope} />;
  return <ManageClasses scope={scope} />;
}

/** /classes: all classes for administrators and principals, "My Classes" for a teacher. */
export function ClassesPage() {
  const { t } = useT('classes');
  const { user } = useAuth();
  if (isStaff(user?.role)) return <ManageClasses />;
  if (user?.role === 'teacher') return <MyClasses />;
  if (user?.role === 'parent') {
    return (
      <NotForRole
        title={t('title')}
        description={t('notFor.parent')}
        action={
          <Link to="/children" className={buttonClasses('secondary')}>
            {t('notFor.goToChildren')}
          </Link>
        }
      />
    );
  }
  if (user?.role === 'student') {
    return (
      <NotForRole
        title={t('title')}
        description={t('notFor.student')}
        action={
          <Link to={`/students/${user.id}`} className={buttonClasses('secondary')}>
            {t('notFor.viewProfile')}
          </Link>
        }
      />
    );
  }
  if (isSchoolReader(user?.role)) return <SchoolClasses />;
  return <NotForRole title={t('title')} description={t('notFor.other')} />;
}
