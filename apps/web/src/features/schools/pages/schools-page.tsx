import {
  COMPANY_SEARCH_MAX,
  type CompanySchool,
  SCHOOL_SORTS,
  SCHOOL_STATUSES,
  type SchoolStatus,
} from '@lyceum/shared/company';
import { Plus, School } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { StatusBadge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { type DataTableColumn, DataTable, type SortState } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { SearchInput } from '../../../components/ui/search-input';
import { Select } from '../../../components/ui/select';
import { useIsPlatformManager } from '../../../lib/company-role';
import { formatDate, formatNumber, useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { type SchoolFilters, useSchools } from '../api/get-schools';

type T = ReturnType<typeof useT<'schools'>>['t'];

/** On phones the table becomes cards without sortable headers, so sorting gets its own select there. */
const MOBILE_SORTS = [
  { value: 'name:asc', key: 'nameAsc' },
  { value: 'name:desc', key: 'nameDesc' },
  { value: 'endDate:asc', key: 'endingSoonest' },
  { value: 'students:desc', key: 'mostStudents' },
  { value: 'createdAt:desc', key: 'newest' },
] as const;

const dateOrDash = (value: string | null) => (value ? formatDate(value) : '—');

/** The students column and sort are a usage figure, which company_user is not sent (docs/product.md, "Who may do what"). */
const schoolColumns = (t: T, withUsage: boolean): DataTableColumn<CompanySchool>[] => [
  {
    id: 'name',
    header: t('list.columns.school'),
    sortKey: 'name',
    mobile: 'title',
    cell: (s) => (
      <Link to={`/schools/${s.id}`} className="font-medium text-blue-700 hover:underline">
        {s.name}
      </Link>
    ),
  },
  { id: 'status', header: t('list.columns.status'), cell: (s) => <StatusBadge status={s.status} /> },
  { id: 'plan', header: t('list.columns.plan'), cell: (s) => s.planName ?? '—' },
  {
    id: 'endDate',
    header: t('list.columns.ends'),
    sortKey: 'endDate',
    // A cancelled subscription ended when it was cancelled, whatever end date it was sold with.
    cell: (s) =>
      s.subscriptionCancelledAt
        ? t('list.cancelledOn', { date: formatDate(s.subscriptionCancelledAt) })
        : dateOrDash(s.subscriptionEndDate),
  },
  ...(withUsage
    ? [
        {
          id: 'students',
          header: t('list.columns.students'),
          sortKey: 'students',
          align: 'end' as const,
          className: 'tabular-nums',
          cell: (s: CompanySchool) => (s.studentCount === null ? '—' : formatNumber(s.studentCount)),
        },
      ]
    : []),
  { id: 'createdAt', header: t('list.columns.created'), sortKey: 'createdAt', cell: (s) => dateOrDash(s.createdAt) },
];

/** Schools: every tenant with its status and plan; search, filter by status, sort. */
export function SchoolsPage() {
  const { t } = useT('schools');
  useFormat();
  const canManage = useIsPlatformManager();
  const columns = useMemo(() => schoolColumns(t, canManage), [t, canManage]);
  const sorts = canManage ? SCHOOL_SORTS : SCHOOL_SORTS.filter((s) => s !== 'students');
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const sortParam = params.get('sort');
  const filters: SchoolFilters = {
    q: params.get('q') ?? undefined,
    status: (SCHOOL_STATUSES as readonly string[]).includes(status ?? '') ? (status as SchoolStatus) : undefined,
    sort: (sorts as readonly string[]).includes(sortParam ?? '') ? (sortParam as SchoolFilters['sort']) : 'name',
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
        title={t('list.title')}
        description={total !== undefined ? t('list.count', { count: total }) : undefined}
        actions={
          canManage && (
            <Link to="/schools/create" className={buttonClasses('primary')}>
              <Plus className="size-4" aria-hidden="true" />
              {t('list.create')}
            </Link>
          )
        }
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <SearchInput
          id="schools-search"
          label={t('list.search')}
          maxLength={COMPANY_SEARCH_MAX}
          value={filters.q ?? ''}
          onChange={(q) => update({ q })}
          className="sm:max-w-xs sm:flex-1"
        />
        <Select
          id="schools-status"
          label={t('list.status')}
          hideLabel
          placeholder={t('list.allStatuses')}
          value={filters.status ?? ''}
          onChange={(e) => update({ status: e.target.value })}
          options={SCHOOL_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          containerClassName="sm:w-44"
        />
        <Select
          id="schools-sort"
          label={t('list.sortBy')}
          hideLabel
          value={`${filters.sort}:${filters.order}`}
          onChange={(e) => {
            const [sort, order] = e.target.value.split(':');
            update({ sort, order });
          }}
          options={MOBILE_SORTS.filter((o) => canManage || o.value !== 'students:desc').map((o) => ({
            value: o.value,
            label: t(`list.sort.${o.key}`),
          }))}
          containerClassName="md:hidden"
        />
      </div>
      <DataTable
        label={t('list.title')}
        columns={columns}
        rows={rows}
        rowKey={(s) => s.id}
        loading={schools.isPending}
        error={schools.isError ? schools.error : null}
        onRetry={() => schools.refetch()}
        hasMore={schools.hasNextPage}
        onLoadMore={() => schools.fetchNextPage()}
        loadingMore={schools.isFetchingNextPage}
        sortKeys={sorts}
        sort={{ key: filters.sort ?? 'name', direction: filters.order ?? 'asc' }}
        onSortChange={(sort: SortState) => update({ sort: sort.key, order: sort.direction })}
        empty={
          <EmptyState
            icon={<School className="size-6" aria-hidden="true" />}
            title={filtered ? t('list.noMatch') : t('list.empty')}
            description={filtered ? t('list.noMatchHint') : t('list.emptyHint')}
          />
        }
      />
    </>
  );
}
