import type { TeacherResponse } from '@lyceum/shared/people';
import { Plus, Upload, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link, Navigate } from 'react-router';
import { classLabel, useSubjectOptions } from '../../../api/lookups';
import { CsvImportDialog } from '../../../components/people/csv-import-dialog';
import { AccountCreatedDialog } from '../../../components/people/account-created-dialog';
import { ExportLink } from '../../../components/people/export-link';
import { NotForRole } from '../../../components/people/not-for-role';
import { PersonCell } from '../../../components/people/person-avatar';
import { isStaff } from '../../../components/people/roles';
import { PersonRowActions } from '../../../components/people/person-row-actions';
import { inSchool } from '../../../components/people/viewed-school';
import { isSchoolReader, SchoolScopeProblem, useSchoolScope } from '../../../components/people/school-scope';
import { STATUS_OPTIONS } from '../../../components/people/status-filter';
import { ToggleActiveDialog } from '../../../components/people/toggle-active-dialog';
import { useUrlFilters } from '../../../components/people/use-url-filters';
import { Badge, StatusBadge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import type { DataTableColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListPage } from '../../../components/ui/list-page';
import { useDialogState } from '../../../components/ui/use-dialog-state';
import type { PersonDialog } from '../../../components/people/person-dialogs';
import { SearchInput } from '../../../components/ui/search-input';
import { Select } from '../../../components/ui/select';
import { pagedTableProps } from '../../../api/paged-list';
import { useAuth } from '../../../lib/auth';
import { useTeachers } from '../api/get-teachers';
import { previewTeacherImport, TEACHER_TEMPLATE_HREF, useImportTeachers } from '../api/import-teachers';
import { useSetTeacherActive } from '../api/set-teacher-active';
import { TeacherFormDialog } from '../components/teacher-form-dialog';

/** Staff manage the school's teachers; a company reader (`scope`) only reads the chosen school's, unlinked. */
function ManageTeachers({ scope }: { scope?: { schoolId: string; picker: ReactNode } }) {
  const [filters, setFilter] = useUrlFilters({ search: '', subjectId: '', status: 'active' });
  const list = useTeachers(scope ? { ...filters, schoolId: scope.schoolId } : filters, !scope || !!scope.schoolId);
  const subjects = useSubjectOptions(!scope);
  const dialogs = useDialogState<PersonDialog<TeacherResponse>>();
  const importer = useImportTeachers();
  const setActive = useSetTeacherActive();
  const filtered = Boolean(filters.search || filters.subjectId) || filters.status !== 'active';

  const columns: DataTableColumn<TeacherResponse>[] = [
    {
      id: 'name',
      header: 'Teacher',
      mobile: 'title',
      cell: (t) => (
        <Link to={inSchool(`/teachers/${t.id}`, scope?.schoolId)} className="block hover:underline">
          <PersonCell name={t.name} sub={t.email} src={t.profileImage} />
        </Link>
      ),
    },
    {
      id: 'subjects',
      header: 'Subjects',
      cell: (t) =>
        t.subjects.length ? t.subjects.map((s) => s.name).join(', ') : <span className="text-slate-500">None</span>,
    },
    {
      id: 'classes',
      header: 'Classes',
      cell: (t) =>
        t.assignedClasses.length ? (
          <span className="flex flex-wrap gap-1">
            {t.assignedClasses.map((c) => (
              <Badge key={c.classId} tone={c.isClassTeacher ? 'accent' : 'neutral'}>
                {classLabel({ name: c.className, section: c.section })}
                {c.isClassTeacher ? ' · class teacher' : ''}
              </Badge>
            ))}
          </span>
        ) : (
          <span className="text-slate-500">None</span>
        ),
    },
    {
      id: 'experience',
      header: 'Experience',
      cell: (t) => (t.experience === null ? '—' : `${t.experience} ${t.experience === 1 ? 'year' : 'years'}`),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (t) => (
        <span className="flex flex-wrap gap-1">
          <StatusBadge status={t.isActive ? 'active' : 'inactive'} />
          {t.isAdmin && <Badge tone="info">School admin</Badge>}
        </span>
      ),
    },
  ];

  return (
    <ListPage
      title="Teachers"
      description={list.total !== undefined ? `${list.total} in this view.` : 'The school’s teaching staff.'}
      actions={
        !scope && (
          <>
            <Link to="/users" className={buttonClasses('ghost')}>
              All accounts
            </Link>
            <ExportLink path="/teachers/export" filters={filters} />
            <Button variant="secondary" onClick={() => dialogs.open({ kind: 'import' })}>
              <Upload className="size-4" aria-hidden="true" />
              Import CSV
            </Button>
            <Button onClick={() => dialogs.open({ kind: 'create' })}>
              <Plus className="size-4" aria-hidden="true" />
              Add teacher
            </Button>
          </>
        )
      }
      filters={
        <>
          <SearchInput
            id="teachers-search"
            label="Search teachers by name or e-mail"
            placeholder="Search teachers"
            value={filters.search}
            onChange={(v) => setFilter('search', v)}
          />
          {scope ? (
            scope.picker
          ) : (
            <Select
              id="teachers-subject"
              label="Subject"
              hideLabel
              placeholder="All subjects"
              options={(subjects.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }))}
              value={filters.subjectId}
              onChange={(e) => setFilter('subjectId', e.target.value)}
            />
          )}
          <Select
            id="teachers-status"
            label="Status"
            hideLabel
            options={STATUS_OPTIONS}
            value={filters.status}
            onChange={(e) => setFilter('status', e.target.value)}
          />
        </>
      }
      table={{
        label: 'Teachers',
        columns,
        ...pagedTableProps(list),
        rowKey: (t) => t.id,
        actions: scope
          ? undefined
          : (t) => (
              <PersonRowActions
                person={t}
                onEdit={() => dialogs.open({ kind: 'edit', person: t })}
                onToggle={() => dialogs.open({ kind: 'toggle', person: t })}
              />
            ),
        empty: filtered ? (
          <EmptyState title="No teachers match" description="Try another search, subject or status." />
        ) : (
          <EmptyState
            icon={<UserRound className="size-6" aria-hidden="true" />}
            title="No teachers yet"
            description="Add teachers, then assign them to classes with the subjects they teach."
            action={scope ? undefined : <Button onClick={() => dialogs.open({ kind: 'create' })}>Add teacher</Button>}
          />
        ),
      }}
    >
      <CsvImportDialog
        open={dialogs.is('import')}
        onOpenChange={dialogs.onOpenChange}
        noun="teachers"
        templateHref={TEACHER_TEMPLATE_HREF}
        preview={(csv) => previewTeacherImport({ csv })}
        commit={async (csv) => (await importer.mutateAsync({ csv })).created}
        onImported={(count) => toast.success(`Imported ${count} ${count === 1 ? 'teacher' : 'teachers'}`)}
      >
        <p className="text-xs text-slate-500">
          The file needs a header row. The subjects column lists subject names separated by ";"; they must exist. Each
          new account gets an invitation e-mail.
        </p>
      </CsvImportDialog>
      <TeacherFormDialog
        open={dialogs.is('create')}
        onOpenChange={dialogs.onOpenChange}
        onCreated={(accounts) => dialogs.open({ kind: 'created', accounts })}
      />
      <TeacherFormDialog
        open={dialogs.is('edit')}
        onOpenChange={dialogs.onOpenChange}
        editing={dialogs.of('edit')?.person}
      />
      <AccountCreatedDialog
        title="Teacher added"
        accounts={dialogs.of('created')?.accounts ?? null}
        onClose={dialogs.close}
      />
      <ToggleActiveDialog
        target={dialogs.of('toggle')?.person ?? null}
        onClose={dialogs.close}
        mutate={setActive.mutate}
        pending={setActive.isPending}
        limitNoun="teacher"
        deactivateNote="Their classes keep the assignment."
      />
    </ListPage>
  );
}

function SchoolTeachers() {
  const scope = useSchoolScope();
  if (scope.schoolsError || scope.noSchools) return <SchoolScopeProblem title="Teachers" scope={scope} />;
  return <ManageTeachers scope={scope} />;
}

/** /teachers: the school's teachers for staff; a teacher goes to their own profile. */
export function TeachersPage() {
  const { user } = useAuth();
  if (!user) return null;
  if (isStaff(user.role)) return <ManageTeachers />;
  if (user.role === 'teacher') return <Navigate to={`/teachers/${user.id}`} replace />;
  if (isSchoolReader(user.role)) return <SchoolTeachers />;
  return (
    <NotForRole title="Teachers" description="Teachers are managed by the school's administrators and principals." />
  );
}
