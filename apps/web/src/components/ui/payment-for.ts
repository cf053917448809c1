import type { Payment } from '@lyceum/shared/company';
import { useCallback } from 'react';
import { useT } from '../../lib/i18n/i18n';

type PaymentParts = Pick<Payment, 'planName' | 'billingCycle' | 'addonName'>;

/**
 * What a payment is for, in the reader's language: "Standard plan (monthly)", "API Access add-on (yearly)", each
 * with the billing cycle it is charged by, as the receipt's PDF says it. The plan's and add-on's names stay as
 * typed; the server's `description` is the English wording of the same parts.
 */
export function usePaymentFor(): (payment: PaymentParts) => string {
  const { t } = useT();
  return useCallback(
    (p: PaymentParts) => {
      if (p.addonName) return t('payment.addon', { name: p.addonName, cycle: p.billingCycle ?? 'monthly' });
      if (p.planName) return t('payment.plan', { name: p.planName, cycle: p.billingCycle ?? 'monthly' });
      return t('payment.other');
    },
    [t],
  );
}
