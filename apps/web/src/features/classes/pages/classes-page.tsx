import type { ClassResponse, MyClass } from '@lyceum/shared/academics';
import { BookOpen, Plus, School, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { classLabel } from '../../../api/lookups';
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
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { type ClassFilters, useClasses } from '../api/get-classes';
import { useMyClasses } from '../api/get-my-classes';
import { ClassFormDialog } from '../components/class-form-dialog';
import { SubjectsDialog } from '../components/subjects-dialog';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active classes' },
  { value: 'inactive', label: 'Inactive classes' },
  { value: 'all', label: 'All classes' },
];

function SubjectBadges({ subjects }: { subjects: ReadonlyArray<{ id: string; name: string }> }) {
  if (subjects.length === 0) return <span className="text-slate-500">None yet</span>;
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
      header: 'Class',
      mobile: 'title',
      cell: (c) => (
        <Link to={inSchool(`/classes/${c.id}`, scope?.schoolId)} className="font-medium text-blue-700 hover:underline">
          {classLabel(c)}
        </Link>
      ),
    },
    { id: 'year', header: 'Academic year', cell: (c) => c.academicYear },
    {
      id: 'teacher',
      header: 'Class teacher',
      cell: (c) => c.classTeacherName ?? <span className="text-slate-500">Not set</span>,
    },
    { id: 'students', header: 'Students', cell: (c) => c.studentCount, className: 'tabular-nums' },
    { id: 'subjects', header: 'Subjects', cell: (c) => <SubjectBadges subjects={c.subjects} /> },
    { id: 'status', header: 'Status', cell: (c) => <StatusBadge status={c.isActive ? 'active' : 'inactive'} /> },
  ];

  return (
    <ListPage
      title="Classes"
      description="Every class of the school with its class teacher, students and subjects."
      actions={
        !scope && (
          <>
            <Button variant="secondary" onClick={() => dialogs.open({ kind: 'subjects' })}>
              <BookOpen className="size-4" aria-hidden="true" />
              Subjects
            </Button>
            <ExportLink path="/classes/export" />
            <Button onClick={() => dialogs.open({ kind: 'create' })}>
              <Plus className="size-4" aria-hidden="true" />
              New class
            </Button>
          </>
        )
      }
      filters={
        <>
          <SearchInput
            id="classes-search"
            label="Search classes"
            value={filters.search}
            onChange={(v) => setFilter('search', v)}
          />
          {scope?.picker}
          <Select
            id="classes-status"
            label="Status"
            hideLabel
            options={STATUS_OPTIONS}
            value={filters.status}
            onChange={(e) => setFilter('status', e.target.value)}
          />
        </>
      }
      filterColumns={scope ? 'sm:grid-cols-[1fr_12rem_10rem]' : 'sm:grid-cols-[1fr_14rem]'}
      table={{
        label: 'Classes',
        columns,
        rows: query.data?.items,
        rowKey: (c) => c.id,
        loading: query.isPending || (query.isError && query.isFetching),
        error: query.isError ? errorMessage(query.error) : null,
        onRetry: () => void query.refetch(),
        actions: scope
          ? undefined
          : (c) => (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => dialogs.open({ kind: 'edit', klass: c })}
                aria-label={`Edit ${classLabel(c)}`}
              >
                Edit
              </Button>
            ),
        empty: filtered ? (
          <EmptyState title="No classes match" description="Try another search or status." />
        ) : (
          <EmptyState
            icon={<School className="size-6" aria-hidden="true" />}
            title="No classes yet"
            description="Create the first class, then enrol students and assign teachers to it."
            action={scope ? undefined : <Button onClick={() => dialogs.open({ kind: 'create' })}>New class</Button>}
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
  return (
    <Card className="flex flex-col p-5">
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">
          <Link to={`/classes/${c.id}`} className="hover:underline">
            {classLabel(c)}
          </Link>
        </h2>
        {c.isClassTeacher && <Badge tone="accent">Class teacher</Badge>}
      </div>
      <p className="mt-1 text-sm text-slate-500">{c.academicYear}</p>
      <p className="mt-3 flex items-center gap-2 text-sm text-slate-700">
        <Users className="size-4 text-slate-400" aria-hidden="true" />
        {c.studentCount} {c.studentCount === 1 ? 'student' : 'students'}
      </p>
      <div className="mt-3 text-sm">
        <p className="mb-1 text-slate-500">You teach</p>
        <SubjectBadges subjects={c.mySubjects} />
      </div>
      <Link to={`/classes/${c.id}`} className={buttonClasses('secondary', 'sm', 'mt-4 self-start')}>
        Open class
      </Link>
    </Card>
  );
}

function MyClasses() {
  const query = useMyClasses();
  return (
    <>
      <PageHeader title="My Classes" description="The classes you teach or lead." />
      {query.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label="Loading classes">
          {['a', 'b', 'c'].map((k) => (
            <Skeleton key={k} className="h-48" />
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
            icon={<School className="size-6" aria-hidden="true" />}
            title="No classes yet"
            description="When an administrator assigns you to a class, it appears here."
          />
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="My classes">
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
  const scope = useSchoolScope();
  if (scope.schoolsError || scope.noSchools) return <SchoolScopeProblem title="Classes" scope={scope} />;
  return <ManageClasses scope={scope} />;
}

/** /classes: all classes for administrators and principals, "My Classes" for a teacher. */
export function ClassesPage() {
  const { user } = useAuth();
  if (isStaff(user?.role)) return <ManageClasses />;
  if (user?.role === 'teacher') return <MyClasses />;
  if (user?.role === 'parent') {
    return (
      <NotForRole
        title="Classes"
        description="Your children's classes are shown on My Children."
        action={
          <Link to="/children" className={buttonClasses('secondary')}>
            Go to My Children
          </Link>
        }
      />
    );
  }
  if (user?.role === 'student') {
    return (
      <NotForRole
        title="Classes"
        description="Your class and its teacher are shown on your profile."
        action={
          <Link to={`/students/${user.id}`} className={buttonClasses('secondary')}>
            View my profile
          </Link>
        }
      />
    );
  }
  if (isSchoolReader(user?.role)) return <SchoolClasses />;
  return <NotForRole title="Classes" description="School classes are managed by each school's administrators." />;
}
