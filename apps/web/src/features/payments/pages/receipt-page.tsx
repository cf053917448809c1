import { isCompanyRole } from '@lyceum/shared/roles';
import { Download, Printer, ReceiptText } from 'lucide-react';
import { useParams } from 'react-router';
import { BackLink } from '../../../components/ui/back-link';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { usePaymentFor } from '../../../components/ui/payment-for';
import { StatusBadge } from '../../../components/ui/badge';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSkeleton } from '../../../components/ui/skeleton';
import { isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { formatDate, formatMoney, useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { receiptPdfUrl, useReceipt } from '../api/get-receipt';

/** Printing shows the receipt alone: the shell (header, menu) and the buttons are hidden on paper. */
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  #receipt, #receipt * { visibility: visible !important; }
  #receipt { position: absolute; inset: 0 auto auto 0; width: 100%; border: 0; box-shadow: none; }
}`;

/**
 * The receipt's heading with its number kept whole and isolated: a number such as RCP-20261123-74CB3383 would
 * otherwise break after a hyphen on a phone, and in a right-to-left heading its hyphens would join the Arabic
 * word. The catalogue's sentence still decides where the number stands.
 */
function ReceiptTitle({ sentence, number }: { sentence: (number: string) => string; number: string }) {
  const [before = '', after = ''] = sentence('\u0000').split('\u0000');
  return (
    <>
      {before}
      <bdi className="whitespace-nowrap">{number}</bdi>
      {after}
    </>
  );
}

/** The receipt of one payment, to print (window.print) or download as the server's PDF. */
export function ReceiptPage() {
  const { t } = useT('payments');
  const paymentFor = usePaymentFor();
  useFormat();
  const { id = '' } = useParams();
  const receipt = useReceipt(id);
  // Company staff reach receipts from Payments, a school administrator from My Subscription.
  const { user } = useAuth();
  const back =
    user && isCompanyRole(user.role) ? (
      <BackLink to="/payments">{t('receipt.backToPayments')}</BackLink>
    ) : (
      <BackLink to="/subscription">{t('receipt.backToSubscription')}</BackLink>
    );

  if (receipt.isPending) return <PageSkeleton />;
  if (receipt.isError) {
    // A pending or rejected payment has no receipt (409, saying which): a state of the payment, not a failure.
    const noReceipt = isApiError(receipt.error) && receipt.error.status === 409;
    return (
      <>
        {back}
        <PageHeader title={t('receipt.title')} />
        {noReceipt ? (
          <Card>
            <EmptyState
              icon={<ReceiptText className="size-6" aria-hidden="true" />}
              title={t('receipt.none')}
              description={receipt.error.message}
            />
          </Card>
        ) : (
          <ErrorState error={receipt.error} onRetry={() => receipt.refetch()} retrying={receipt.isFetching} />
        )}
      </>
    );
  }
  const { payment, school, lines, totalMinor, issuedBy, receiptNumber, period } = receipt.data;

  return (
    <>
      <style>{PRINT_CSS}</style>
      {back}
      <PageHeader
        title={<ReceiptTitle sentence={(n) => t('receipt.titleNumber', { number: n })} number={receiptNumber} />}
        actions={
          <>
            <Button variant="secondary" onClick={() => window.print()}>
              <Printer className="size-4" aria-hidden="true" />
              {t('receipt.print')}
            </Button>
            <a href={receiptPdfUrl(payment.id)} download className={buttonClasses('primary')}>
              <Download className="size-4" aria-hidden="true" />
              {t('receipt.download')}
            </a>
          </>
        }
      />
      <Card id="receipt" className="mx-auto max-w-2xl p-6 sm:p-8">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <p className="text-lg font-semibold text-slate-900">
              <bdi>{issuedBy}</bdi>
            </p>
            <p className="text-sm text-slate-500">
              <ReceiptTitle sentence={(n) => t('receipt.titleNumber', { number: n })} number={receiptNumber} />
            </p>
          </div>
          {/* The PDF's words (Paid, Pending confirmation, Rejected), so the two forms of one receipt agree. */}
          <StatusBadge
            status={payment.status === 'confirmed' ? 'paid' : payment.status}
            label={t(`receipt.status.${payment.status}`)}
          />
        </div>
        <dl className="mt-6 grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">{t('receipt.billedTo')}</dt>
            {/* Someone's text, isolated: in Arabic "1 Demo Street" would otherwise read "Demo Street 1" (QA). */}
            <dd className="font-medium text-slate-900">
              <bdi>{school.name}</bdi>
            </dd>
            {school.address && (
              <dd className="text-slate-600">
                <bdi>{school.address}</bdi>
              </dd>
            )}
            {school.email && (
              <dd className="text-slate-600">
                <bdi>{school.email}</bdi>
              </dd>
            )}
          </div>
          <div>
            <dt className="text-slate-500">{t('receipt.date')}</dt>
            <dd className="text-slate-900">{formatDate(payment.createdAt)}</dd>
            <dt className="mt-2 text-slate-500">{t('receipt.method')}</dt>
            <dd className="text-slate-900">
              {t('methodWithReference', { method: t(`method.${payment.method}`), reference: payment.reference })}
            </dd>
            {/* What the payment pays for, as the PDF states it (docs/product.md, "Payments"). */}
            {period && (
              <>
                <dt className="mt-2 text-slate-500">{t('receipt.period')}</dt>
                <dd className="text-slate-900">
                  {formatDate(period.start)} – {formatDate(period.end)}
                </dd>
              </>
            )}
            {payment.billingCycle && (
              <>
                <dt className="mt-2 text-slate-500">{t('receipt.billingCycle')}</dt>
                <dd className="text-slate-900">{t('receipt.cycle', { cycle: payment.billingCycle })}</dd>
              </>
            )}
          </div>
        </dl>
        <table className="mt-6 w-full text-sm">
          <caption className="sr-only">{t('receipt.lines')}</caption>
          <thead>
            {/* A header cell is centred by the browser whatever its row says: each one says where it goes. */}
            <tr className="border-b border-slate-200 text-slate-500">
              <th scope="col" className="py-2 text-start font-medium">
                {t('receipt.description')}
              </th>
              <th scope="col" className="py-2 text-end font-medium">
                {t('receipt.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.label} className="border-b border-slate-100">
                <td className="py-2 text-slate-800">
                  {/* The payment's own line is worded from its parts, in the reader's language. */}
                  {line.label === payment.description ? paymentFor(payment) : <bdi>{line.label}</bdi>}
                </td>
                <td className="py-2 text-end tabular-nums">{formatMoney(line.amountMinor, payment.currency)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="pt-3 text-start font-semibold text-slate-900">
                {t('receipt.total')}
              </th>
              <td className="pt-3 text-end text-base font-semibold tabular-nums">
                {formatMoney(totalMinor, payment.currency)}
              </td>
            </tr>
          </tfoot>
        </table>
        {payment.reason && (
          <p className="mt-4 text-sm text-red-700">{t('receipt.rejected', { reason: payment.reason })}</p>
        )}
      </Card>
    </>
  );
}
