import { ADDON_REQUEST_STATUSES, type AddonRequest } from '@lyceum/shared/company';
import { formatMoney } from '@lyceum/shared/plans';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { StatusBadge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { type DataTableColumn, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { Select } from '../../../components/ui/select';
import { errorMessage } from '../../../lib/api-client';
import { useDecideAddonRequest } from '../api/decide-addon-request';
import { useAddonRequests } from '../api/get-addon-requests';
import { formatDate } from '../../../lib/format-date';

type Status = (typeof ADDON_REQUEST_STATUSES)[number];

const columns: DataTableColumn<AddonRequest>[] = [
  { id: 'addon', header: 'Add-on', mobile: 'title', cell: (r) => <span className="font-medium">{r.addonName}</span> },
  { id: 'school', header: 'School', cell: (r) => r.schoolName },
  {
    id: 'price',
    header: 'Price',
    className: 'tabular-nums',
    cell: (r) => `${formatMoney(r.priceMinor, r.currency)}/month`,
  },
  {
    id: 'requested',
    header: 'Requested',
    cell: (r) => `${formatDate(r.createdAt)}${r.requestedByName ? ` by ${r.requestedByName}` : ''}`,
  },
  { id: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
  {
    id: 'note',
    header: 'Note',
    cell: (r) => r.reason ?? r.message ?? '—',
  },
];

/** Add-on requests of every school, filtered by status; with `manage`, pending ones get Approve / Reject. */
export function AddonRequestList({ manage, defaultStatus }: { manage: boolean; defaultStatus?: Status }) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status') ?? defaultStatus ?? '';
  const status = (ADDON_REQUEST_STATUSES as readonly string[]).includes(raw) ? (raw as Status) : undefined;
  const requests = useAddonRequests(status);
  const decide = useDecideAddonRequest();
  const [rejecting, setRejecting] = useState<AddonRequest | null>(null);
  const rows = requests.data?.pages.flatMap((p) => p.items);

  const approve = (request: AddonRequest) =>
    decide.mutate(
      { id: request.id },
      {
        onSuccess: () => toast.success(`${request.addonName} approved for ${request.schoolName}`),
      },
    );

  return (
    <>
      <Select
        id="addon-requests-status"
        label="Status"
        hideLabel
        placeholder="All statuses"
        value={status ?? ''}
        onChange={(e) => {
          const next = new URLSearchParams(params);
          next.set('status', e.target.value);
          setParams(next, { replace: true });
        }}
        options={ADDON_REQUEST_STATUSES.map((s) => ({ value: s, label: s.charAt(0).toUpperCase() + s.slice(1) }))}
        containerClassName="mb-4 sm:w-48"
      />
      <DataTable
        label="Add-on requests"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        loading={requests.isPending}
        error={requests.isError ? errorMessage(requests.error) : null}
        onRetry={() => requests.refetch()}
        hasMore={requests.hasNextPage}
        onLoadMore={() => requests.fetchNextPage()}
        loadingMore={requests.isFetchingNextPage}
        actions={
          manage
            ? (r) =>
                r.status === 'pending' ? (
                  <>
                    <Button
                      size="sm"
                      onClick={() => approve(r)}
                      loading={decide.isPending && decide.variables?.id === r.id && !decide.variables.reason}
                    >
                      Approve
                      <span className="sr-only">
                        {' '}
                        {r.addonName} for {r.schoolName}
                      </span>
                    </Button>
                    <Button size="sm" variant="secondary" onClick={() => setRejecting(r)}>
                      Reject
                      <span className="sr-only">
                        {' '}
                        {r.addonName} for {r.schoolName}
                      </span>
                    </Button>
                  </>
                ) : null
            : undefined
        }
        empty={
          <EmptyState
            icon={<Inbox className="size-6" aria-hidden="true" />}
            title={status ? `No ${status} requests` : 'No add-on requests yet'}
            description="Schools request add-ons from their marketplace."
          />
        }
      />
      {rejecting && (
        <ReasonDialog
          title={`Reject ${rejecting.addonName} for ${rejecting.schoolName}?`}
          open
          onOpenChange={(open) => !open && setRejecting(null)}
          onSubmit={async (reason) => {
            await decide.mutateAsync({ id: rejecting.id, reason });
            toast.success('Request rejected');
          }}
        />
      )}
    </>
  );
}
