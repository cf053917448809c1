import { useT } from '../../lib/i18n/i18n';
import { StatusBadge } from './badge';

/** A payment's status; "confirmed" money is in, so it reads green like "paid". */
export function PaymentStatusBadge({ status }: { status: 'pending' | 'confirmed' | 'rejected' }) {
  const { t } = useT();
  return status === 'confirmed' ? (
    <StatusBadge status="paid" label={t('status.confirmed')} />
  ) : (
    <StatusBadge status={status} />
  );
}
