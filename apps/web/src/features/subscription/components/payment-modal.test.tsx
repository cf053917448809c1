import { BILLING_MESSAGES, SUBSCRIPTION_REQUEST_MESSAGES } from '@lyceum/shared/company';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
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

  // A receipt is for money received (docs/product.md, "Payments"): the server answers 409 for a pending payment.
  it('offers no receipt for a payment waiting for confirmation, and says when it will have one', async () => {
    mockFetch({ 'POST /api/v1/payments': () => json(payment, 201) });
    renderWithProviders(<Harness />, { auth: signedIn('school_admin') });
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    const dialog = await fillAndSubmit();
    await within(dialog).findByText(/Its receipt is issued once it is confirmed\./);
    expect(within(dialog).queryByRole('link', { name: 'View receipt' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it('links the receipt of a payment the provider confirmed at once', async () => {
    mockFetch({ 'POST /api/v1/payments': () => json({ ...payment, status: 'confirmed' }, 201) });
    renderWithProviders(<Harness />, { auth: signedIn('school_admin') });
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    const dialog = await fillAndSubmit();
    await within(dialog).findByText(/is recorded and confirmed/);
    expect(within(dialog).getByRole('link', { name: 'View receipt' }).getAttribute('href')).toBe(
      `/payments/${payment.id}/receipt`,
    );
  });

  // docs/product.md, "Billing: what is due": more than is outstanding is refused on the amount (422).
  it.each([
    ['en', BILLING_MESSAGES.moreThanOutstanding('$100.00'), 'The amount is more than the $100.00 outstanding.'],
    ['es', BILLING_MESSAGES.nothingOutstanding, 'No hay nada pendiente de pago en esta suscripción.'],
    [
      'es',
      BILLING_MESSAGES.renewalMoreThanDue('$200.00'),
      'El importe es mayor que los $200.00 que se deben, incluido el próximo ciclo de facturación.',
    ],
    ['ar', BILLING_MESSAGES.nothingOutstanding, 'لا يوجد مبلغ مستحق على هذا الاشتراك.'],
  ] as const)('says a refused amount under the amount in %s, not in a toast', async (language, message, shown) => {
    await changeLanguage(language);
    try {
      toast.remove();
      mockFetch({
        // The server's words in English; the field shows them in the reader's language (shared catalogue).
        'POST /api/v1/payments': () => apiError(422, 'rule', message, { amountMinor: message }),
      });
      renderWithProviders(
        <>
          <Harness />
          <Toaster />
        </>,
        { auth: signedIn('school_admin') },
      );
      await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.type(within(dialog).getAllByRole('textbox')[0] as HTMLElement, 'CHQ-1');
      await userEvent.click(within(dialog).getByRole('button', { name: /Submit|Enviar|إرسال/ }));
      const amount = within(dialog).getByRole('textbox', { name: /USD/ });
      await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
      const error = document.getElementById(`${amount.id}-error`);
      expect(error?.textContent).toBe(shown);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.getAllByText(shown)).toHaveLength(1);
    } finally {
      await changeLanguage('en');
    }
  });

  it('says the most it takes under the amount: what is outstanding, and for a renewal the next cycle too', async () => {
    renderWithProviders(
      <PaymentModal
        open
        onOpenChange={() => {}}
        target={{ subscriptionId: SUBSCRIPTION }}
        description="Renewal of Standard (monthly)"
        amountMinor={15000}
        nextCycleMinor={10000}
        currency="USD"
        renewal
      />,
      { auth: signedIn('school_admin') },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Make a payment' });
    expect((within(dialog).getByLabelText('Amount (USD)') as HTMLInputElement).value).toBe('150.00');
    expect(
      within(dialog).getByText('At most $150.00: what is outstanding and the next billing cycle ($100.00).'),
    ).toBeTruthy();
  });
});
