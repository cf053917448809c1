import type { StudentResponse } from '@lyceum/shared/people';
import { GraduationCap, Plus, Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useClassOptions } from '../../../api/lookups';
import { AccountCreatedDialog } from '../../../components/people/account-created-dialog';
import { ExportLink } from '../../../components/people/export-link';
import { NotForRole } from '../../../components/people/not-for-role';
import { PersonCell } from '../../../components/people/person-avatar';
import { isStaff, mayOpenClass } from '../../../components/people/roles';
import { PersonRowActions } from '../../../components/people/person-row-actions';
import { inSchool } from '../../../components/people/viewed-school';
import { isSchoolReader, SchoolScopeProblem, useSchoolScope } from '../../../components/people/school-scope';
import { STATUS_OPTIONS } from '../../../components/people/status-filter';
import { ToggleActiveDialog } from '../../../components/people/toggle-active-dialog';
import { useUrlFilters } from '../../../components/people/use-url-filters';
import { StatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import type { DataTableColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListPage } from '../../../components/ui/list-page';
import { useDialogState } from '../../../components/ui/use-dialog-state';
import type { PersonDialog } from '../../../components/people/person-dialogs';
import { SearchInput } from '../../../components/ui/search-input';
import { Select } from '../../../components/ui/select';
import { pagedTableProps } from '../../../api/paged-list';
import { useAuth } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n';
import { useStudents } from '../api/get-students';
import { useSetStudentActive } from '../api/set-student-active';
import { StudentFormDialog } from '../components/student-form-dialog';
import { useRelationshipLabel } from '../components/relationship-label';
import { StudentImportDialog } from '../components/student-import-dialog';

function StudentList({
  manage,
  canExport,
  title,
  description,
  scope,
}: {
  manage: boolean;
  canExport: boolean;
  title: string;
  description: string;
  /** A company reader's school and its picker: rows are read-only and not linked (profiles need the school). */
  scope?: { schoolId: string; picker: ReactNode };
}) {
  const { t } = useT('students');
  const { user } = useAuth();
  const linksClasses = mayOpenClass(user?.role);
  const relationship = useRelationshipLabel();
  const [filters, setFilter] = useUrlFilters({ search: '', classId: '', status: 'active' });
  const [params, setParams] = useSearchParams();
  const dialogs = useDialogState<PersonDialog<StudentResponse>>(params.get('new') === '1' ? { kind: 'create' } : null);
  const list = useStudents(scope ? { ...filters, schoolId: scope.schoolId } : filters, !scope || !!scope.schoolId);
  const classes = useClassOptions(manage);
  const setActive = useSetStudentActive();
  const filtered = Boolean(filters.search || filters.classId) || filters.status !== 'active';

  // Opened from a class page with ?new=1: closing drops the flag, so a reload does not reopen it.
  const closeCreate = (open: boolean) => {
    dialogs.onOpenChange(open);
    if (!open && params.has('new')) {
      const next = new URLSearchParams(params);
      next.delete('new');
      setParams(next, { replace: true });
    }
  };

  const columns: DataTableColumn<StudentResponse>[] = [
    {
      id: 'name',
      header: t('columns.student'),
      mobile: 'title',
      cell: (s) => (
        <Link to={inSchool(`/students/${s.id}`, scope?.schoolId)} className="block hover:underline">
          <PersonCell name={s.name} sub={s.email} src={s.profileImage} />
        </Link>
      ),
    },
    {
      id: 'class',
      header: t('columns.class'),
      className: 'whitespace-nowrap',
      cell: (s) =>
        linksClasses ? (
          <Link to={inSchool(`/classes/${s.classId}`, scope?.schoolId)} className="text-blue-700 hover:underline">
            <bdi>{s.classLabel}</bdi>
          </Link>
        ) : (
          <bdi>{s.classLabel}</bdi>
        ),
    },
    { id: 'roll', header: t('columns.roll'), cell: (s) => s.rollNumber, className: 'tabular-nums' },
    {
      id: 'parents',
      header: t('columns.parents'),
      cell: (s) =>
        s.parents.length ? (
          // The Arabic sentence isolates each name and relationship (docs/product.md, "In the web app").
          s.parents
            .map((p) => t('parentWithRelationship', { name: p.name, relationship: relationship(p.relationship) }))
            .join(t('separator'))
        ) : (
          <span className="text-slate-500">{t('none')}</span>
        ),
    },
    {
      id: 'status',
      header: t('columns.status'),
      cell: (s) => <StatusBadge status={s.isActive ? 'active' : 'inactive'} />,
    },
  ];

  return (
    <ListPage
      title={title}
      description={list.total !== undefined ? t('withCount', { description, count: list.total }) : description}
      actions={
        <>
          {canExport && <ExportLink path="/students/export" filters={filters} />}
          {manage && (
            <>
              <Button variant="secondary" onClick={() => dialogs.open({ kind: 'import' })}>
                <Upload className="size-4" aria-hidden="true" />
                {t('actions.import')}
              </Button>
              <Button onClick={() => dialogs.open({ kind: 'create' })}>
                <Plus className="size-4" aria-hidden="true" />
                {t('actions.add')}
              </Button>
            </>
          )}
        </>
      }
      filters={
        <>
          <SearchInput
            id="students-search"
            label={t('filters.searchLabel')}
            placeholder={t('filters.searchPlaceholder')}
            value={filters.search}
            onChange={(v) => setFilter('search', v)}
          />
          {scope ? (
            scope.picker
          ) : manage ? (
            <Select
              id="students-class"
              label={t('filters.class')}
              hideLabel
              placeholder={t('filters.allClasses')}
              options={classes.options}
              value={filters.classId}
              onChange={(e) => setFilter('classId', e.target.value)}
            />
          ) : (
            <span />
          )}
          <Select
            id="students-status"
            label={t('filters.status')}
            hideLabel
            options={STATUS_OPTIONS}
            value={filters.status}
            onChange={(e) => setFilter('status', e.target.value)}
          />
        </>
      }
      table={{
        label: t('title'),
        columns,
        ...pagedTableProps(list),
        rowKey: (s) => s.id,
        actions: manage
          ? (s) => (
              <PersonRowActions
                person={s}
                onEdit={() => dialogs.open({ kind: 'edit', person: s })}
                onToggle={() => dialogs.open({ kind: 'toggle', person: s })}
              />
            )
          : undefined,
        empty: filtered ? (
          <EmptyState title={t('empty.noMatchTitle')} description={t('empty.noMatchDescription')} />
        ) : (
          <EmptyState
            icon={<GraduationCap className="size-6" aria-hidden="true" />}
            title={t('empty.none')}
            description={manage ? t('empty.hintManage') : t('empty.hint')}
            action={
              manage ? <Button onClick={() => dialogs.open({ kind: 'create' })}>{t('actions.add')}</Button> : undefined
            }
          />
        ),
      }}
    >
      {manage && (
        <>
          <StudentFormDialog
            open={dialogs.is('create')}
            onOpenChange={closeCreate}
            defaultClassId={params.get('classId') ?? ''}
            onCreated={(accounts) => dialogs.open({ kind: 'created', accounts })}
          />
          <StudentFormDialog
            open={dialogs.is('edit')}
            onOpenChange={dialogs.onOpenChange}
            editing={dialogs.of('edit')?.person}
          />
          <StudentImportDialog
            open={dialogs.is('import')}
            onOpenChange={dialogs.onOpenChange}
            defaultClassId={filters.classId}
          />
          <AccountCreatedDialog
            title={t('created')}
            accounts={dialogs.of('created')?.accounts ?? null}
            onClose={dialogs.close}
          />
          <ToggleActiveDialog
            target={dialogs.of('toggle')?.person ?? null}
            onClose={dialogs.close}
            mutate={setActive.mutate}
            pending={setActive.isPending}
            limitNoun={t('toggle.limitNoun')}
          />
        </>
      )}
    </ListPage>
  );
}

function SchoolStudents() {
  const { t } = useT('students');
  const scope = useSchoolScope();
  if (scope.schoolsError || scope.noSchools) return <SchoolScopeProblem title={t('title')} scope={scope} />;
  return (
    <StudentList
      manage={false}
      canExport={false}
      title={t('title')}
      description={t('description.school')}
      scope={scope}
    />
  );
}

/** /students: the school's students for staff; a teacher's students; a parent's children; a student's own profile. */
export function StudentsPage() {
  const { t } = useT('students');
  const { user } = useAuth();
  if (!user) return null;
  if (isStaff(user.role))
    return <StudentList manage canExport title={t('title')} description={t('description.staff')} />;
  if (user.role === 'teacher')
    return <StudentList manage={false} canExport title={t('title')} description={t('description.teacher')} />;
  if (user.role === 'parent')
    return <StudentList manage={false} canExport={false} title={t('title')} description={t('description.parent')} />;
  if (user.role === 'student') return <Navigate to={`/students/${user.id}`} replace />;
  if (isSchoolReader(user.role)) return <SchoolStudents />;
  return <NotForRole title={t('title')} description={t('notForRole')} />;
}
