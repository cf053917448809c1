import type { Subscription } from '@lyceum/shared/company';
import type { ReactNode } from 'react';
import { useFormat } from '../../lib/i18n/format';
import { useT } from '../../lib/i18n/i18n';
import { cn } from '../../lib/cn';

/** One labelled figure of a subscription (a term and its value), as My Subscription lays them out. */
export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-base font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

type Figures = Pick<Subscription, 'amountDueMinor' | 'paidMinor' | 'outstandingMinor' | 'currency'>;

/**
 * What a subscription billed, what confirmed payments brought and what is outstanding (docs/product.md, "Billing:
 * what is due"), worded alike on My Subscription and the company's school page. One that billed nothing and
 * received nothing (a free trial, or one cancelled before it billed) says so in one sentence rather than two
 * zero amounts.
 */
export function BillingFigures({
  subscription,
  className,
  narrow = false,
}: {
  subscription: Figures;
  className?: string;
  /** In a half-width card: three columns at most, so the amounts never run into each other. */
  narrow?: boolean;
}) {
  const { t } = useT();
  const format = useFormat();
  const { amountDueMinor, paidMinor, outstandingMinor, currency } = subscription;
  if (amountDueMinor === 0 && paidMinor === 0) {
    return <p className={cn('text-sm text-slate-600', className)}>{t('billing.nothingBilled')}</p>;
  }
  return (
    <dl className={cn('grid grid-cols-2 gap-4 sm:grid-cols-3', !narrow && 'lg:grid-cols-6', className)}>
      <Figure label={t('billing.billed')}>{format.money(amountDueMinor, currency)}</Figure>
      <Figure label={t('billing.paid')}>{format.money(paidMinor, currency)}</Figure>
      <Figure label={t('billing.outstanding')}>
        {outstandingMinor > 0 ? format.money(outstandingMinor, currency) : t('billing.nothingOutstanding')}
      </Figure>
    </dl>
  );
}
