import { ADDON_REQUEST_STATUSES, type AddonRequest } from '@lyceum/shared/company';
import { Inbox } from 'lucide-react';
import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { StatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { type DataTableColumn, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { OpenedRow } from '../../../components/ui/opened-row';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { Select } from '../../../components/ui/select';
import { useSingleFlight } from '../../../components/ui/use-single-flight';
import { formatDate, formatMoney, useFormat } from '../../../lib/i18n/format';
import { translate, useT } from '../../../lib/i18n/i18n';
import { useOpenedItem } from '../../../lib/use-opened-item';
import { useDecideAddonRequest } from '../api/decide-addon-request';
import { addonRequestsKey, getAddonRequestById, useAddonRequests } from '../api/get-addon-requests';

type Status = (typeof ADDON_REQUEST_STATUSES)[number];
type T = ReturnType<typeof useT<'addon-requests'>>['t'];

const requestColumns = (t: T): DataTableColumn<AddonRequest>[] => [
  {
    id: 'addon',
    header: t('list.columns.addon'),
    mobile: 'title',
    cell: (r) => <span className="font-medium">{r.addonName}</span>,
  },
  { id: 'school', header: t('list.columns.school'), cell: (r) => r.schoolName },
  {
    id: 'price',
    header: t('list.columns.price'),
    className: 'tabular-nums',
    // What the request costs: one billing cycle of the add-on by the school's cycle (docs/product.md, "Billing:
    // what is due"), so a yearly school's request reads as the year it is charged.
    cell: (r) => t('list.perCycle', { price: formatMoney(r.amountDueMinor, r.currency), cycle: r.billingCycle }),
  },
  {
    id: 'requested',
    header: t('list.columns.requested'),
    cell: (r) =>
      r.requestedByName
        ? t('list.requestedBy', { date: formatDate(r.createdAt), name: r.requestedByName })
        : formatDate(r.createdAt),
  },
  { id: 'status', header: t('list.columns.status'), cell: (r) => <StatusBadge status={r.status} /> },
  {
    id: 'note',
    header: t('list.columns.note'),
    cell: (r) => r.reason ?? r.message ?? '—',
  },
];

/**
 * Add-on requests of every school, filtered by status; with `manage`, pending ones get Approve / Reject. A
 * notice's `?id=` marks its request, above the list when the list does not show it.
 */
export function AddonRequestList({ manage, defaultStatus }: { manage: boolean; defaultStatus?: Status }) {
  const { t } = useT('addon-requests');
  useFormat();
  const columns = useMemo(() => requestColumns(t), [t]);
  const [params, setParams] = useSearchParams();
  const raw = params.get('status') ?? defaultStatus ?? '';
  const status = (ADDON_REQUEST_STATUSES as readonly string[]).includes(raw) ? (raw as Status) : undefined;
  const requests = useAddonRequests(status);
  const decide = useDecideAddonRequest();
  const [rejecting, setRejecting] = useState<AddonRequest | null>(null);
  const rows = requests.data?.pages.flatMap((p) => p.items);
  const opened = useOpenedItem({
    queryKey: addonRequestsKey,
    read: getAddonRequestById,
    rows,
    status,
    decidedHere: decide.isSuccess ? decide.variables.id : undefined,
  });

  const flight = useSingleFlight();
  const approve = (request: AddonRequest) =>
    flight.run(request.id, async () => {
      await decide.mutateAsync({ id: request.id });
      toast.success(
        translate('addon-requests', 'list.approved', { addon: request.addonName, school: request.schoolName }),
      );
    });

  const actions = manage
    ? (r: AddonRequest) =>
        r.status === 'pending' ? (
          <>
            <Button
              size="sm"
              onClick={() => approve(r)}
              loading={flight.running(r.id)}
              aria-label={t('list.approveLabel', { addon: r.addonName, school: r.schoolName })}
            >
              {t('list.approve')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setRejecting(r)}
              aria-label={t('list.rejectLabel', { addon: r.addonName, school: r.schoolName })}
            >
              {t('list.reject')}
            </Button>
          </>
        ) : null
    : undefined;

  return (
    <>
      <Select
        id="addon-requests-status"
        label={t('list.status')}
        hideLabel
        placeholder={t('list.allStatuses')}
        value={status ?? ''}
        onChange={(e) => {
          const next = new URLSearchParams(params);
          next.set('status', e.target.value);
          // Another filter leaves the notice's request behind.
          next.delete('id');
          setParams(next, { replace: true });
        }}
        options={ADDON_REQUEST_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        containerClassName="mb-4 sm:w-48"
      />
      <OpenedRow
        item={opened.item}
        note={opened.decidedSince ? t('list.decidedSince') : null}
        label={t('list.opened')}
        columns={columns}
        rowKey={(r) => r.id}
        actions={actions}
      />
      <DataTable
        label={t('list.label')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        loading={requests.isPending}
        error={requests.isError ? requests.error : null}
        onRetry={() => requests.refetch()}
        hasMore={requests.hasNextPage}
        onLoadMore={() => requests.fetchNextPage()}
        loadingMore={requests.isFetchingNextPage}
        actions={actions}
        currentKey={opened.id}
        empty={
          <EmptyState
            icon={<Inbox className="size-6" aria-hidden="true" />}
            title={t('list.empty', { status: status ?? 'all' })}
            description={t('list.emptyHint')}
          />
        }
      />
      {rejecting && (
        <ReasonDialog
          title={t('list.rejectTitle', { addon: rejecting.addonName, school: rejecting.schoolName })}
          open
          onOpenChange={(open) => !open && setRejecting(null)}
          onSubmit={async (reason) => {
            await decide.mutateAsync({ id: rejecting.id, reason });
            toast.success(translate('addon-requests', 'list.rejected'));
          }}
        />
      )}
    </>
  );
}
