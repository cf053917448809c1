import type { ParentResponse } from '@lyceum/shared/people';
import { Plus, Upload, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { useClassOptions } from '../../../api/lookups';
import { CsvImportDialog } from '../../../components/people/csv-import-dialog';
import { ImportInvitationCheckbox, useImportInvitation } from '../../../components/people/import-invitation';
import { AccountCreatedDialog } from '../../../components/people/account-created-dialog';
import { ExportLink } from '../../../components/people/export-link';
import { lastSeen } from '../../../components/people/format';
import { NotForRole } from '../../../components/people/not-for-role';
import { PersonCell } from '../../../components/people/person-avatar';
import { isStaff } from '../../../components/people/roles';
import { PersonRowActions } from '../../../components/people/person-row-actions';
import { isSchoolReader, SchoolScopeProblem, useSchoolScope } from '../../../components/people/school-scope';
import { STATUS_OPTIONS } from '../../../components/people/status-filter';
import { ToggleActiveDialog } from '../../../components/people/toggle-active-dialog';
import { useUrlFilters } from '../../../components/people/use-url-filters';
import { StatusBadge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import type { DataTableColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListPage } from '../../../components/ui/list-page';
import { PhoneText } from '../../../components/ui/ltr-text';
import { useDialogState } from '../../../components/ui/use-dialog-state';
import type { PersonDialog } from '../../../components/people/person-dialogs';
import { SearchInput } from '../../../components/ui/search-input';
import { Select } from '../../../components/ui/select';
import { pagedTableProps } from '../../../api/paged-list';
import { useAuth } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n';
import { useRelationshipLabel } from '../../students/components/relationship-label';
import { useParents } from '../api/get-parents';
import { previewParentImport, PARENT_TEMPLATE_HREF, useImportParents } from '../api/import-parents';
import { useSetParentActive } from '../api/set-parent-active';
import { ParentFormDialog } from '../components/parent-form-dialog';

/** `scope`: a company reader's school and its picker; the list is read-only and unlinked there. */
function ParentList({ manage, scope }: { manage: boolean; scope?: { schoolId: string; picker: ReactNode } }) {
  const { t } = useT('parents');
  const relationship = useRelationshipLabel();
  const [filters, setFilter] = useUrlFilters({ search: '', classId: '', status: 'active' });
  const list = useParents(scope ? { ...filters, schoolId: scope.schoolId } : filters, !scope || !!scope.schoolId);
  const classes = useClassOptions(!scope);
  const dialogs = useDialogState<PersonDialog<ParentResponse>>();
  const importer = useImportParents();
  const [sendInvitation, setSendInvitation] = useImportInvitation();
  const setActive = useSetParentActive();
  const filtered = Boolean(filters.search || filters.classId) || filters.status !== 'active';

  const columns: DataTableColumn<ParentResponse>[] = [
    {
      id: 'name',
      header: t('columns.parent'),
      mobile: 'title',
      cell: (p) => <PersonCell name={p.name} sub={p.email} src={p.profileImage} />,
    },
    { id: 'phone', header: t('columns.phone'), cell: (p) => <PhoneText phone={p.phone} /> },
    {
      id: 'children',
      header: t('columns.children'),
      cell: (p) =>
        p.children.length ? (
          <span className="flex flex-col gap-0.5">
            {p.children.map((c) => {
              // The Arabic sentence isolates both, so `Doe, "Jane" (أب، Grade 5 A)` keeps its order (someones-text.ts).
              const detail = t('childDetail', { relationship: relationship(c.relationship), className: c.classLabel });
              return scope ? (
                <span key={c.id}>
                  <bdi>{c.name}</bdi> <span className="text-slate-500">{detail}</span>
                </span>
              ) : (
                <Link key={c.id} to={`/students/${c.id}`} className="text-blue-700 hover:underline">
                  <bdi>{c.name}</bdi> <span className="text-slate-500">{detail}</span>
                </Link>
              );
            })}
          </span>
        ) : (
          <span className="text-slate-500">{t('noneLinked')}</span>
        ),
    },
    { id: 'seen', header: t('columns.lastSignIn'), cell: (p) => lastSeen(p.lastLoginAt) },
    { id: 'status', header: t('columns.status'), cell: (p) => <StatusBadge status={p.status} /> },
  ];

  return (
    <ListPage
      title={t('title')}
      description={
        list.total !== undefined
          ? t('countInView', { count: list.total })
          : manage || scope
            ? t('description')
            : t('descriptionTeacher')
      }
      actions={
        <>
          {!scope && <ExportLink path="/parents/export" filters={filters} />}
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
            id="parents-search"
            label={t('filters.searchLabel')}
            placeholder={t('filters.searchPlaceholder')}
            value={filters.search}
            onChange={(v) => setFilter('search', v)}
          />
          {scope ? (
            scope.picker
          ) : (
            <Select
              id="parents-class"
              label={t('filters.class')}
              hideLabel
              placeholder={t('filters.allClasses')}
              options={classes.options}
              value={filters.classId}
              onChange={(e) => setFilter('classId', e.target.value)}
            />
          )}
          <Select
            id="parents-status"
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
        rowKey: (p) => p.id,
        actions: manage
          ? (p) => (
              <PersonRowActions
                person={p}
                onEdit={() => dialogs.open({ kind: 'edit', person: p })}
                onToggle={() => dialogs.open({ kind: 'toggle', person: p })}
              />
            )
          : undefined,
        empty: filtered ? (
          <EmptyState title={t('empty.noMatchTitle')} description={t('empty.noMatchDescription')} />
        ) : (
          <EmptyState
            icon={<UsersRound className="size-6" aria-hidden="true" />}
            title={t('empty.none')}
            description={manage ? t('empty.hint') : undefined}
            action={
              manage ? <Button onClick={() => dialogs.open({ kind: 'create' })}>{t('actions.add')}</Button> : undefined
            }
          />
        ),
      }}
    >
      {manage && (
        <>
          <CsvImportDialog
            open={dialogs.is('import')}
            onOpenChange={dialogs.onOpenChange}
            noun={t('import.noun')}
            countOf={(count) => t('import.count', { count })}
            templateHref={PARENT_TEMPLATE_HREF}
            preview={(csv) => previewParentImport({ csv, sendInvitation })}
            commit={async (csv) => (await importer.mutateAsync({ csv, sendInvitation })).created}
            optionsKey={String(sendInvitation)}
            onImported={(count) => toast.success(t('import.done', { count }))}
          >
            <ImportInvitationCheckbox checked={sendInvitation} onChange={setSendInvitation} />
            <p className="text-xs text-slate-500">{t('import.help')}</p>
          </CsvImportDialog>
          <ParentFormDialog
            open={dialogs.is('create')}
            onOpenChange={dialogs.onOpenChange}
            onCreated={(accounts) => dialogs.open({ kind: 'created', accounts })}
          />
          <ParentFormDialog
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
          />
        </>
      )}
    </ListPage>
  );
}

function SchoolParents() {
  const { t } = useT('parents');
  const scope = useSchoolScope();
  if (scope.schoolsError || scope.noSchools) return <SchoolScopeProblem title={t('title')} scope={scope} />;
  return <ParentList manage={false} scope={scope} />;
}

/** /parents: the school's parents for staff, the parents of their classes for a teacher. */
export function ParentsPage() {
  const { t } = useT('parents');
  const { user } = useAuth();
  if (!user) return null;
  if (isStaff(user.role)) return <ParentList manage />;
  if (user.role === 'teacher') return <ParentList manage={false} />;
  if (isSchoolReader(user.role)) return <SchoolParents />;
  if (user.role === 'parent') {
    return (
      <NotForRole
        title={t('title')}
        description={t('notForParent')}
        action={
          <Link to="/children" className={buttonClasses('secondary')}>
            {t('goToChildren')}
          </Link>
        }
      />
    );
  }
  return <NotForRole title={t('title')} description={t('notForRole')} />;
}
