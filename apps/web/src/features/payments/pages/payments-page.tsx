import { PAYMENT_STATUSES, type Payment } from '@lyceum/shared/company';
import { Wallet } from 'lucide-react';
import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { type DataTableColumn, DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { OpenedRow } from '../../../components/ui/opened-row';
import { usePaymentFor } from '../../../components/ui/payment-for';
import { PaymentStatusBadge } from '../../../components/ui/payment-status-badge';
import { PageHeader } from '../../../components/ui/page-header';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { Select } from '../../../components/ui/select';
import { useSingleFlight } from '../../../components/ui/use-single-flight';
import { useIsPlatformManager } from '../../../lib/company-role';
import { formatDate, formatMoney, useFormat } from '../../../lib/i18n/format';
import { translate, useT } from '../../../lib/i18n/i18n';
import { useOpenedItem } from '../../../lib/use-opened-item';
import { useDecidePayment } from '../api/decide-payment';
import { companyPaymentsKey, getCompanyPaymentById, useCompanyPayments } from '../api/get-company-payments';

type Status = (typeof PAYMENT_STATUSES)[number];
type T = ReturnType<typeof useT<'payments'>>['t'];

const paymentColumns = (t: T, paymentFor: (p: Payment) => string): DataTableColumn<Payment>[] => [
  {
    id: 'school',
    header: t('list.columns.school'),
    mobile: 'title',
    cell: (p) => <span className="font-medium">{p.schoolName}</span>,
  },
  {
    id: 'for',
    header: t('list.columns.for'),
    cell: (p) => (
      <>
        {paymentFor(p)}
        {/* Sent with Renew: it may pay ahead the cycle the renewal will bill, beyond what is outstanding now. */}
        {p.renewal && <Badge className="ms-2">{t('list.renewal')}</Badge>}
      </>
    ),
  },
  {
    id: 'amount',
    header: t('list.columns.amount'),
    className: 'tabular-nums',
    // A pending payment shows what is still outstanding on what it pays for, to compare it with before deciding
    // (docs/product.md, "Billing: what is due"). A decided one does not: today's balance is not that payment's.
    cell: (p) => (
      <>
        {formatMoney(p.amountMinor, p.currency)}
        {p.status === 'pending' && (
          <span className="block text-xs whitespace-nowrap text-slate-500">
            {t('list.outstanding', { amount: formatMoney(p.outstandingMinor, p.currency) })}
          </span>
        )}
      </>
    ),
  },
  {
    id: 'method',
    header: t('list.columns.method'),
    cell: (p) => t('methodWithReference', { method: t(`method.${p.method}`), reference: p.reference }),
  },
  { id: 'date', header: t('list.columns.submitted'), cell: (p) => formatDate(p.createdAt) },
  { id: 'status', header: t('list.columns.status'), cell: (p) => <PaymentStatusBadge status={p.status} /> },
  {
    id: 'receipt',
    header: t('list.columns.receipt'),
    // A receipt is for money received: a pending or rejected payment has only its number (docs/product.md, "Payments").
    cell: (p) =>
      p.status === 'confirmed' ? (
        <Link to={`/payments/${p.id}/receipt`} className="text-blue-700 hover:underline">
          {p.receiptNumber}
        </Link>
      ) : (
        <span className="text-slate-600">{p.receiptNumber}</span>
      ),
  },
];

/**
 * Payments schools submitted (bank transfer, card, cash, cheque): company staff confirm or reject pending ones. A
 * notice's `?id=` marks its payment, above the list when the list does not show it.
 */
export function PaymentsPage() {
  const { t } = useT('payments');
  useFormat();
  const paymentFor = usePaymentFor();
  const columns = useMemo(() => paymentColumns(t, paymentFor), [t, paymentFor]);
  const canManage = useIsPlatformManager();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status') ?? 'pending';
  const status = (PAYMENT_STATUSES as readonly string[]).includes(raw) ? (raw as Status) : undefined;
  const payments = useCompanyPayments(status);
  const decide = useDecidePayment();
  const [rejecting, setRejecting] = useState<Payment | null>(null);
  const rows = payments.data?.pages.flatMap((p) => p.items);
  const opened = useOpenedItem({
    queryKey: companyPaymentsKey,
    read: getCompanyPaymentById,
    rows,
    status,
    decidedHere: decide.isSuccess ? decide.variables.id : undefined,
  });

  const flight = useSingleFlight();
  const confirm = (p: Payment) =>
    flight.run(p.id, async () => {
      await decide.mutateAsync({ id: p.id });
      toast.success(translate('payments', 'list.confirmed', { receipt: p.receiptNumber }));
    });

  const actions = canManage
    ? (p: Payment) =>
        p.status === 'pending' ? (
          <>
            <Button
              size="sm"
              onClick={() => confirm(p)}
              loading={flight.running(p.id)}
              aria-label={t('list.confirmLabel', { receipt: p.receiptNumber })}
            >
              {t('list.confirm')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setRejecting(p)}
              aria-label={t('list.rejectLabel', { receipt: p.receiptNumber })}
            >
              {t('list.reject')}
            </Button>
          </>
        ) : null
    : undefined;

  return (
    <>
      <PageHeader title={t('list.title')} description={t('list.description')} />
      <Select
        id="payments-status"
        label={t('list.status')}
        hideLabel
        placeholder={t('list.allStatuses')}
        value={status ?? ''}
        onChange={(e) => {
          const next = new URLSearchParams(params);
          next.set('status', e.target.value || 'all');
          // Another filter leaves the notice's payment behind.
          next.delete('id');
          setParams(next, { replace: true });
        }}
        options={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        containerClassName="mb-4 sm:w-48"
      />
      <OpenedRow
        item={opened.item}
        note={opened.decidedSince ? t('list.decidedSince') : null}
        label={t('list.opened')}
        columns={columns}
        rowKey={(p) => p.id}
        actions={actions}
      />
      <DataTable
        label={t('list.title')}
        columns={columns}
        rows={rows}
        rowKey={(p) => p.id}
        loading={payments.isPending}
        error={payments.isError ? payments.error : null}
        onRetry={() => payments.refetch()}
        hasMore={payments.hasNextPage}
        onLoadMore={() => payments.fetchNextPage()}
        loadingMore={payments.isFetchingNextPage}
        actions={actions}
        currentKey={opened.id}
        empty={
          <EmptyState
            icon={<Wallet className="size-6" aria-hidden="true" />}
            title={t('list.empty', { status: status ?? 'all' })}
          />
        }
      />
      {rejecting && (
        <ReasonDialog
          title={t('list.rejectTitle', { receipt: rejecting.receiptNumber })}
          open
          onOpenChange={(open) => !open && setRejecting(null)}
          onSubmit={async (reason) => {
            await decide.mutateAsync({ id: rejecting.id, reason });
            toast.success(translate('payments', 'list.rejected'));
          }}
        />
      )}
    </>
  );
}
