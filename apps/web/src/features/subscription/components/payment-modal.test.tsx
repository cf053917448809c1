import { SUBSCRIPTION_REQUEST_MESSAGES } from '@lyceum/shared/company';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { aPayment } from '../../../test/fixtures';
import { json, mockFetch, renderWithProviders, signedIn, apiError } from '../../../test/utils';
import { PaymentModal } from './payment-modal';

const SUBSCRIPTION = '0190a0b0-0000-7000-8000-0000000000aa';
const payment = aPayment({
  id: '0190a0b0-0000-7000-8000-000000000001',
  schoolId: 's',
  subscriptionId: SUBSCRIPTION,
  method: 'cheque',
  reference: 'CHQ-1',
});

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Pay
      </button>
      <PaymentModal
        open={open}
        onOpenChange={setOpen}
        target={{ subscriptionId: SUBSCRIPTION }}
        description="Standard (monthly)"
        amountMinor={10000}
        currency="USD"
      />
    </>
  );
}

async function fillAndSubmit() {
  const dialog = await screen.findByRole('dialog', { name: 'Make a payment' });
  await userEvent.selectOptions(within(dialog).getByLabelText('Payment method'), 'cheque');
  const reference = within(dialog).getByLabelText('Reference');
  await userEvent.clear(reference);
  await userEvent.type(reference, 'CHQ-1');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Submit payment' }));
  return dialog;
}

describe('PaymentModal', () => {
  it('sends the same idempotency key when the user retries after a failure, and a new one for a new payment', async () => {
    let attempts = 0;
    const { calls } = mockFetch({
      'POST /api/v1/payments': () => {
        attempts++;
        return attempts === 1
          ? apiError(503, 'unavailable', 'Service temporarily unavailable. Please try again.')
          : json(payment, 201);
      },
    });
    renderWithProviders(<Harness />, { auth: signedIn('school_admin') });

    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    const dialog = await fillAndSubmit();
    await within(dialog).findByText('Service temporarily unavailable. Please try again.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit payment' }));
    await within(dialog).findByText(/R-0001 of \$100\.00 is recorded/);

    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.body as Record<string, unknown>);
    expect(posts).toHaveLength(2);
    expect(posts[0]?.idempotencyKey).toEqual(expect.any(String));
    expect(posts[1]?.idempotencyKey).toBe(posts[0]?.idempotencyKey);
    expect(posts[1]).toMatchObject({
      method: 'cheque',
      reference: 'CHQ-1',
      amountMinor: 10000,
      subscriptionId: SUBSCRIPTION,
    });

    // Closing and opening the modal again starts a new payment with its own key.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await fillAndSubmit();
    await screen.findByText(/is recorded/);
    const third = calls.filter((c) => c.method === 'POST')[2]?.body as Record<string, unknown>;
    expect(third.idempotencyKey).not.toBe(posts[0]?.idempotencyKey);
  });

  it('a payment already awaiting confirmation is said in the dialog, and nothing is recorded', async () => {
    mockFetch({
      'POST /api/v1/payments': () => apiError(409, 'conflict', SUBSCRIPTION_REQUEST_MESSAGES.paymentPending),
    });
    renderWithProviders(<Harness />, { auth: signedIn('school_admin') });
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    const dialog = await fillAndSubmit();
    expect(
      await within(dialog).findByText(
        'A payment for this subscription is already awaiting confirmation. You can submit another once it is confirmed or rejected.',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByText(/is recorded/)).toBeNull();
  });

  it('checks the reference and amount with the shared schema before sending', async () => {
    const { calls } = mockFetch({});
    renderWithProviders(<Harness />, { auth: signedIn('school_admin') });
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a payment' });
    await userEvent.clear(within(dialog).getByLabelText('Amount (USD)'));
    await userEvent.type(within(dialog).getByLabelText('Amount (USD)'), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit payment' }));
    expect(within(dialog).getByText('Reference is required')).toBeTruthy();
    expect(within(dialog).getByText('Amount must be more than 0')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
