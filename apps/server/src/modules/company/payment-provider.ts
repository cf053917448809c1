/**
 * Where money actually moves. The rules (idempotency, confirm/reject, what confirming marks paid) live in
 * payments.ts and never look inside a provider, so an online provider is one more implementation here.
 */
export interface ProviderSubmission {
  amountMinor: number;
  currency: string;
  method: 'bank_transfer' | 'card' | 'cash' | 'cheque';
  reference: string;
  idempotencyKey: string;
}

export interface ProviderResult {
  /** `pending` waits for company staff; an online provider that captured the money answers `confirmed`. */
  status: 'pending' | 'confirmed';
}

export interface PaymentProvider {
  readonly name: string;
  /** Called before the payment is recorded, outside any database transaction (it may use the network). */
  submit(payment: ProviderSubmission): Promise<ProviderResult>;
}

/** Offline payments (bank transfer, card terminal, cash, cheque): recorded as pending, confirmed by staff. */
export const manualProvider: PaymentProvider = {
  name: 'manual',
  async submit() {
    return { status: 'pending' };
  },
};
