import { type CompanySchool, SCHOOL_SORTS, SCHOOL_STATUSES, type SchoolStatus } from '@lyceum/shared/company';
import { Plus, School } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { StatusBadge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { type DataTableColumn, DataTable, type SortState } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { SearchInput } from '../../../components/ui/search-input';
import { Select } from '../../../components/ui/select';
import { errorMessage } from '../../../lib/api-client';
import { useIsPlatformManager } from '../../../lib/company-role';
import { type SchoolFilters, useSchools } from '../api/get-schools';
import { formatDate } from '../../../lib/format-date';

const STATUS_LABELS: Record<SchoolStatus, string> = {
  active: 'Active',
  trial: 'Trial',
  expired: 'Expired',
  inactive: 'Inactive',
};

/** On phones the table becomes cards without sortable headers, so sorting gets its own select there. */
const MOBILE_SORTS = [
  { value: 'name:asc', label: 'Name (A–Z)' },
  { value: 'name:desc', label: 'Name (Z–A)' },
  { value: 'endDate:asc', label: 'Ending soonest' },
  { value: 'students:desc', label: 'Most students' },
  { value: 'createdAt:desc', label: 'Newest' },
];

const dateOrDash = (value: string | null) => (value ? formatDate(value) : '—');

const columns: DataTableColumn<CompanySchool>[] = [
  {
    id: 'name',
    header: 'School',
    sortKey: 'name',
    mobile: 'title',
    cell: (s) => (
      <Link to={`/schools/${s.id}`} className="font-medium text-blue-700 hover:underline">
        {s.name}
      </Link>
    ),
  },
  { id: 'status', header: 'Status', cell: (s) => <StatusBadge status={s.status} /> },
  { id: 'plan', header: 'Plan', cell: (s) => s.planName ?? '—' },
  { id: 'endDate', header: 'Ends', sortKey: 'endDate', cell: (s) => dateOrDash(s.subscriptionEndDate) },
  {
    id: 'students',
    header: 'Students',
    sortKey: 'students',
    className: 'text-end tabular-nums',
    cell: (s) => s.studentCount.toLocaleString(),
  },
  { id: 'createdAt', header: 'Created', sortKey: 'createdAt', cell: (s) => dateOrDash(s.createdAt) },
];

/** Schools: every tenant with its status and plan; search, filter by status, sort. */
export function SchoolsPage() {
  const canManage = useIsPlatformManager();
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const sortParam = params.get('sort');
  const filters: SchoolFilters = {
    q: params.get('q') ?? undefined,
    status: (SCHOOL_STATUSES as readonly string[]).includes(status ?? '') ? (status as SchoolStatus) : undefined,
    sort: (SCHOOL_SORTS as readonly string[]).includes(sortParam ?? '') ? (sortParam as SchoolFilters['sort']) : 'name',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
  };
  const schools = useSchools(filters);
  const rows = schools.data?.pages.flatMap((p) => p.items);
  const total = schools.data?.pages[0]?.total;

  const update = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  const filtered = Boolean(filters.q || filters.status);

  return (
    <>
      <PageHeader
        title="Schools"
        description={
          total !== undefined ? `${total.toLocaleString()} ${total === 1 ? 'school' : 'schools'}` : undefined
        }
        actions={
          canManage && (
            <Link to="/schools/create" className={buttonClasses('primary')}>
              <Plus className="size-4" aria-hidden="true" />
              Create school
            </Link>
          )
        }
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <SearchInput
          id="schools-search"
          label="Search schools"
          value={filters.q ?? ''}
          onChange={(q) => update({ q })}
          className="sm:max-w-xs sm:flex-1"
        />
        <Select
          id="schools-status"
          label="Status"
          hideLabel
          placeholder="All statuses"
          value={filters.status ?? ''}
          onChange={(e) => update({ status: e.target.value })}
          options={SCHOOL_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          containerClassName="sm:w-44"
        />
        <Select
          id="schools-sort"
          label="Sort by"
          hideLabel
          value={`${filters.sort}:${filters.order}`}
          onChange={(e) => {
            const [sort, order] = e.target.value.split(':');
            update({ sort, order });
          }}
          options={MOBILE_SORTS}
          containerClassName="md:hidden"
        />
      </div>
      <DataTable
        label="Schools"
        columns={columns}
        rows={rows}
        rowKey={(s) => s.id}
        loading={schools.isPending}
        error={schools.isError ? errorMessage(schools.error) : null}
        onRetry={() => schools.refetch()}
        hasMore={schools.hasNextPage}
        onLoadMore={() => schools.fetchNextPage()}
        loadingMore={schools.isFetchingNextPage}
        sortKeys={SCHOOL_SORTS}
        sort={{ key: filters.sort ?? 'name', direction: filters.order ?? 'asc' }}
        onSortChange={(sort: SortState) => update({ sort: sort.key, order: sort.direction })}
        empty={
          <EmptyState
            icon={<School className="size-6" aria-hidden="true" />}
            title={filtered ? 'No schools match' : 'No schools yet'}
            description={filtered ? 'Try another search or status.' : 'Create the first school to get started.'}
          />
        }
      />
    </>
  );
}
