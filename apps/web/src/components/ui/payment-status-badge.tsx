import { StatusBadge } from './badge';

/** A payment's status; "confirmed" money is in, so it reads green like "paid". */
export function PaymentStatusBadge({ status }: { status: 'pending' | 'confirmed' | 'rejected' }) {
  return status === 'confirmed' ? <StatusBadge status="paid" label="Confirmed" /> : <StatusBadge status={status} />;
}
