import { PAYMENT_METHOD_LABELS, PAYMENT_STATUSES, type Payment } from '@lyceum/shared/company';
import { formatMoney } from '@lyceum/shared/plans';
import { Wallet } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { type DataTableColumn, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { PaymentStatusBadge } from '../../../components/ui/payment-status-badge';
import { PageHeader } from '../../../components/ui/page-header';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { Select } from '../../../components/ui/select';
import { errorMessage } from '../../../lib/api-client';
import { useIsPlatformManager } from '../../../lib/company-role';
import { useDecidePayment } from '../api/decide-payment';
import { useCompanyPayments } from '../api/get-company-payments';
import { formatDate } from '../../../lib/format-date';

type Status = (typeof PAYMENT_STATUSES)[number];

const columns: DataTableColumn<Payment>[] = [
  { id: 'school', header: 'School', mobile: 'title', cell: (p) => <span className="font-medium">{p.schoolName}</span> },
  { id: 'for', header: 'For', cell: (p) => p.description },
  {
    id: 'amount',
    header: 'Amount',
    className: 'tabular-nums',
    cell: (p) => formatMoney(p.amountMinor, p.currency),
  },
  { id: 'method', header: 'Method', cell: (p) => `${PAYMENT_METHOD_LABELS[p.method]} · ${p.reference}` },
  { id: 'date', header: 'Submitted', cell: (p) => formatDate(p.createdAt) },
  { id: 'status', header: 'Status', cell: (p) => <PaymentStatusBadge status={p.status} /> },
  {
    id: 'receipt',
    header: 'Receipt',
    cell: (p) => (
      <Link to={`/payments/${p.id}/receipt`} className="text-blue-700 hover:underline">
        {p.receiptNumber}
      </Link>
    ),
  },
];

/** Payments schools submitted (bank transfer, card, cash, cheque): company staff confirm or reject pending ones. */
export function PaymentsPage() {
  const canManage = useIsPlatformManager();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status') ?? 'pending';
  const status = (PAYMENT_STATUSES as readonly string[]).includes(raw) ? (raw as Status) : undefined;
  const payments = useCompanyPayments(status);
  const decide = useDecidePayment();
  const [rejecting, setRejecting] = useState<Payment | null>(null);

  const confirm = (p: Payment) =>
    decide.mutate(
      { id: p.id },
      {
        onSuccess: () => toast.success(`Payment ${p.receiptNumber} confirmed`),
      },
    );

  return (
    <>
      <PageHeader title="Payments" description="Confirming a subscription payment marks the subscription paid." />
      <Select
        id="payments-status"
        label="Status"
        hideLabel
        placeholder="All statuses"
        value={status ?? ''}
        onChange={(e) => {
          const next = new URLSearchParams(params);
          next.set('status', e.target.value || 'all');
          setParams(next, { replace: true });
        }}
        options={PAYMENT_STATUSES.map((s) => ({ value: s, label: s.charAt(0).toUpperCase() + s.slice(1) }))}
        containerClassName="mb-4 sm:w-48"
      />
      <DataTable
        label="Payments"
        columns={columns}
        rows={payments.data?.pages.flatMap((p) => p.items)}
        rowKey={(p) => p.id}
        loading={payments.isPending}
        error={payments.isError ? errorMessage(payments.error) : null}
        onRetry={() => payments.refetch()}
        hasMore={payments.hasNextPage}
        onLoadMore={() => payments.fetchNextPage()}
        loadingMore={payments.isFetchingNextPage}
        actions={
          canManage
            ? (p) =>
                p.status === 'pending' ? (
                  <>
                    <Button
                      size="sm"
                      onClick={() => confirm(p)}
                      loading={decide.isPending && decide.variables?.id === p.id && !decide.variables.reason}
                    >
                      Confirm<span className="sr-only"> payment {p.receiptNumber}</span>
                    </Button>
                    <Button size="sm" variant="secondary" onClick={() => setRejecting(p)}>
                      Reject<span className="sr-only"> payment {p.receiptNumber}</span>
                    </Button>
                  </>
                ) : null
            : undefined
        }
        empty={
          <EmptyState
            icon={<Wallet className="size-6" aria-hidden="true" />}
            title={status ? `No ${status} payments` : 'No payments yet'}
          />
        }
      />
      {rejecting && (
        <ReasonDialog
          title={`Reject payment ${rejecting.receiptNumber}?`}
          open
          onOpenChange={(open) => !open && setRejecting(null)}
          onSubmit={async (reason) => {
            await decide.mutateAsync({ id: rejecting.id, reason });
            toast.success('Payment rejected');
          }}
        />
      )}
    </>
  );
}
