import type { TeacherResponse } from '@lyceum/shared/people';
import { Plus, Upload, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link, Navigate } from 'react-router';
import { useSubjectOptions } from '../../../api/lookups';
import { CsvImportDialog } from '../../../components/people/csv-import-dialog';
import { ImportInvitationCheckbox, useImportInvitation } from '../../../components/people/import-invitation';
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
import { TeacherLessonsWayOut } from '../../../components/timetable/lessons-way-out';
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
import { useT } from '../../../lib/i18n/i18n';
import { listOfSomeones } from '../../../lib/i18n/someones-text';
import { useTeachers } from '../api/get-teachers';
import { previewTeacherImport, TEACHER_TEMPLATE_HREF, useImportTeachers } from '../api/import-teachers';
import { useSetTeacherActive } from '../api/set-teacher-active';
import { TeacherFormDialog } from '../components/teacher-form-dialog';

/** Staff manage the school's teachers; a company reader (`scope`) only reads the chosen school's, unlinked. */
function ManageTeachers({ scope }: { scope?: { schoolId: string; picker: ReactNode } }) {
  const { t, language } = useT('teachers');
  const [filters, setFilter] = useUrlFilters({ search: '', subjectId: '', status: 'active' });
  const list = useTeachers(scope ? { ...filters, schoolId: scope.schoolId } : filters, !scope || !!scope.schoolId);
  const subjects = useSubjectOptions(!scope);
  const dialogs = useDialogState<PersonDialog<TeacherResponse>>();
  const importer = useImportTeachers();
  const [sendInvitation, setSendInvitation] = useImportInvitation();
  const setActive = useSetTeacherActive();
  const filtered = Boolean(filters.search || filters.subjectId) || filters.status !== 'active';

  const columns: DataTableColumn<TeacherResponse>[] = [
    {
      id: 'name',
      header: t('columns.teacher'),
      mobile: 'title',
      cell: (teacher) => (
        <Link to={inSchool(`/teachers/${teacher.id}`, scope?.schoolId)} className="block hover:underline">
          <PersonCell name={teacher.name} sub={teacher.email} src={teacher.profileImage} />
        </Link>
      ),
    },
    {
      id: 'subjects',
      header: t('columns.subjects'),
      cell: (teacher) =>
        teacher.subjects.length ? (
          listOfSomeones(
            teacher.subjects.map((s) => s.name),
            t('separator'),
            language,
          )
        ) : (
          <span className="text-slate-500">{t('none')}</span>
        ),
    },
    {
      id: 'classes',
      header: t('columns.classes'),
      cell: (teacher) =>
        teacher.assignedClasses.length ? (
          <span className="flex flex-wrap gap-1">
            {teacher.assignedClasses.map((c) => (
              <Badge key={c.classId} tone={c.isClassTeacher ? 'accent' : 'neutral'}>
                {c.isClassTeacher ? (
                  t('classAsClassTeacher', { className: c.classLabel })
                ) : c.subjects.length ? (
                  <bdi>{c.classLabel}</bdi>
                ) : (
                  // On the class, but no lessons can be given there: not to be read as teaching it.
                  t('classNoSubjects', { className: c.classLabel })
                )}
              </Badge>
            ))}
          </span>
        ) : (
          <span className="text-slate-500">{t('none')}</span>
        ),
    },
    {
      id: 'experience',
      header: t('columns.experience'),
      cell: (teacher) => (teacher.experience === null ? '—' : t('years', { count: teacher.experience })),
    },
    {
      id: 'status',
      header: t('columns.status'),
      cell: (teacher) => (
        <span className="flex flex-wrap gap-1">
          <StatusBadge status={teacher.isActive ? 'active' : 'inactive'} />
          {teacher.isAdmin && <Badge tone="info">{t('schoolAdmin')}</Badge>}
        </span>
      ),
    },
  ];

  return (
    <ListPage
      title={t('title')}
      description={list.total !== undefined ? t('countInView', { count: list.total }) : t('description')}
      actions={
        !scope && (
          <>
            <Link to="/users" className={buttonClasses('ghost')}>
              {t('actions.allAccounts')}
            </Link>
            <ExportLink path="/teachers/export" filters={filters} />
            <Button variant="secondary" onClick={() => dialogs.open({ kind: 'import' })}>
              <Upload className="size-4" aria-hidden="true" />
              {t('actions.import')}
            </Button>
            <Button onClick={() => dialogs.open({ kind: 'create' })}>
              <Plus className="size-4" aria-hidden="true" />
              {t('actions.add')}
            </Button>
          </>
        )
      }
      filters={
        <>
          <SearchInput
            id="teachers-search"
            label={t('filters.searchLabel')}
            placeholder={t('filters.searchPlaceholder')}
            value={filters.search}
            onChange={(v) => setFilter('search', v)}
          />
          {scope ? (
            scope.picker
          ) : (
            <Select
              id="teachers-subject"
              label={t('filters.subject')}
              hideLabel
              placeholder={t('filters.allSubjects')}
              options={(subjects.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }))}
              value={filters.subjectId}
              onChange={(e) => setFilter('subjectId', e.target.value)}
            />
          )}
          <Select
            id="teachers-status"
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
        rowKey: (teacher) => teacher.id,
        actions: scope
          ? undefined
          : (teacher) => (
              <PersonRowActions
                person={teacher}
                onEdit={() => dialogs.open({ kind: 'edit', person: teacher })}
                onToggle={() => dialogs.open({ kind: 'toggle', person: teacher })}
              />
            ),
        empty: filtered ? (
          <EmptyState title={t('empty.noMatchTitle')} description={t('empty.noMatchDescription')} />
        ) : (
          <EmptyState
            icon={<UserRound className="size-6" aria-hidden="true" />}
            title={t('empty.none')}
            description={t('empty.hint')}
            action={
              scope ? undefined : <Button onClick={() => dialogs.open({ kind: 'create' })}>{t('actions.add')}</Button>
            }
          />
        ),
      }}
    >
      <CsvImportDialog
        open={dialogs.is('import')}
        onOpenChange={dialogs.onOpenChange}
        noun={t('import.noun')}
        countOf={(count) => t('import.count', { count })}
        templateHref={TEACHER_TEMPLATE_HREF}
        preview={(csv) => previewTeacherImport({ csv, sendInvitation })}
        commit={async (csv) => (await importer.mutateAsync({ csv, sendInvitation })).created}
        optionsKey={String(sendInvitation)}
        onImported={(count) => toast.success(t('import.done', { count }))}
      >
        <ImportInvitationCheckbox checked={sendInvitation} onChange={setSendInvitation} />
        <p className="text-xs text-slate-500">{t('import.help')}</p>
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
        deactivateNote={t('toggle.deactivateNote')}
        afterRefusal={(error) => {
          const person = dialogs.of('toggle')?.person;
          return person && <TeacherLessonsWayOut error={error} teacher={person} />;
        }}
      />
    </ListPage>
  );
}

function SchoolTeachers() {
  const { t } = useT('teachers');
  const scope = useSchoolScope();
  if (scope.schoolsError || scope.noSchools) return <SchoolScopeProblem title={t('title')} scope={scope} />;
  return <ManageTeachers scope={scope} />;
}

/** /teachers: the school's teachers for staff; a teacher goes to their own profile. */
export function TeachersPage() {
  const { t } = useT('teachers');
  const { user } = useAuth();
  if (!user) return null;
  if (isStaff(user.role)) return <ManageTeachers />;
  if (user.role === 'teacher') return <Navigate to={`/teachers/${user.id}`} replace />;
  if (isSchoolReader(user.role)) return <SchoolTeachers />;
  return <NotForRole title={t('title')} description={t('notForRole')} />;
}
