import type { Payment } from '@lyceum/shared/company';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { aPayment } from '../../../test/fixtures';
import { apiError, json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { PaymentsPage } from './payments-page';

const payment: Payment = aPayment();

describe('PaymentsPage', () => {
  afterEach(() => changeLanguage('en'));

  it('lists pending payments with their method and actions in English', async () => {
    mockFetch({ 'GET /api/v1/company/payments': () => json({ items: [payment], nextCursor: null }) });
    renderWithProviders(<PaymentsPage />, { auth: signedIn('company_admin'), path: '/payments' });
    await screen.findByRole('button', { name: 'Confirm payment R-0001' });
    expect(screen.getByRole('heading', { level: 1, name: 'Payments' })).toBeTruthy();
    expect(screen.getByText('Bank transfer · TRX-42')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reject payment R-0001' })).toBeTruthy();
  });

  it('shows company_user the payments and their receipts, without Confirm or Reject', async () => {
    const confirmed = { ...payment, status: 'confirmed' as const };
    mockFetch({ 'GET /api/v1/company/payments': () => json({ items: [confirmed], nextCursor: null }) });
    renderWithProviders(<PaymentsPage />, { auth: signedIn('company_user'), path: '/payments' });
    const receipt = await screen.findByRole('link', { name: 'R-0001' });
    expect(receipt.getAttribute('href')).toBe('/payments/pay-1/receipt');
    expect(screen.getByText('Bank transfer · TRX-42')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^(Confirm|Reject) payment/ })).toBeNull();
  });

  // A receipt is for money received (docs/product.md, "Payments"): the server answers 409 for the others.
  it('links the receipt of a confirmed payment only: a pending or rejected one shows its number alone', async () => {
    const rows: Payment[] = [
      payment,
      { ...payment, id: 'pay-2', receiptNumber: 'R-0002', status: 'rejected', reason: 'No transfer' },
      { ...payment, id: 'pay-3', receiptNumber: 'R-0003', status: 'confirmed' },
    ];
    mockFetch({ 'GET /api/v1/company/payments': () => json({ items: rows, nextCursor: null }) });
    renderWithProviders(<PaymentsPage />, { auth: signedIn('company_user'), path: '/payments?status=all' });
    expect((await screen.findByRole('link', { name: 'R-0003' })).getAttribute('href')).toBe('/payments/pay-3/receipt');
    for (const number of ['R-0001', 'R-0002']) {
      expect(screen.getByText(number)).toBeTruthy();
      expect(screen.queryByRole('link', { name: number })).toBeNull();
    }
  });

  // docs/product.md, "Billing: what is due": staff compare a pending payment with what is still due.
  it.each([
    ['en', '$900.00 outstanding', 'Renewal'],
    ['es', /^\S*900[.,]00\S* pendientes de pago$/, 'Renovación'],
    ['ar', /^المتبقي /, 'تجديد'],
  ] as const)('says in %s what is outstanding next to the amount, and marks a renewal payment', async (language, outstanding, renewal) => {
    await changeLanguage(language);
    const rows: Payment[] = [
      { ...payment, amountMinor: 50000, outstandingMinor: 90000 },
      { ...payment, id: 'pay-2', receiptNumber: 'R-0002', renewal: true, outstandingMinor: 0 },
    ];
    mockFetch({ 'GET /api/v1/company/payments': () => json({ items: rows, nextCursor: null }) });
    renderWithProviders(<PaymentsPage />, { auth: signedIn('company_admin'), path: '/payments' });
    await screen.findByText(renewal);
    const [first, second] = screen.getAllByRole('row').slice(1);
    const amount = within(first as HTMLElement).getByText(outstanding);
    expect(amount.closest('td')?.textContent).toMatch(/500/);
    expect(within(first as HTMLElement).queryByText(renewal)).toBeNull();
    expect(within(second as HTMLElement).getByText(renewal)).toBeTruthy();
  });

  it("says what is outstanding on pending payments only: a decided one is not given today's balance", async () => {
    const rows: Payment[] = [
      { ...payment, status: 'confirmed', amountMinor: 50000, outstandingMinor: 90000 },
      { ...payment, id: 'pay-2', receiptNumber: 'R-0002', status: 'rejected', reason: 'No', outstandingMinor: 90000 },
      { ...payment, id: 'pay-3', receiptNumber: 'R-0003', status: 'pending', outstandingMinor: 90000 },
    ];
    mockFetch({ 'GET /api/v1/company/payments': () => json({ items: rows, nextCursor: null }) });
    renderWithProviders(<PaymentsPage />, { auth: signedIn('company_admin'), path: '/payments?status=all' });
    await screen.findByRole('link', { name: 'R-0001' });
    const [confirmed, rejected, pending] = screen.getAllByRole('row').slice(1);
    expect(confirmed?.textContent).not.toContain('outstanding');
    expect(rejected?.textContent).not.toContain('outstanding');
    expect(within(pending as HTMLElement).getByText('$900.00 outstanding')).toBeTruthy();
  });

  it('reads right to left in Arabic, with the method and actions translated', async () => {
    await changeLanguage('ar');
    mockFetch({ 'GET /api/v1/company/payments': () => json({ items: [payment], nextCursor: null }) });
    renderWithProviders(<PaymentsPage />, { auth: signedIn('company_admin'), path: '/payments' });
    await screen.findByRole('button', { name: 'تأكيد الدفعة \u2068R-0001\u2069' });
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('heading', { level: 1, name: 'المدفوعات' })).toBeTruthy();
    // The reference is isolated (U+2068…U+2069) so its Latin letters and digits keep their order.
    expect(screen.getByText('تحويل بنكي · \u2068TRX-42\u2069')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'قيد الانتظار' })).toBeTruthy();
  });

  it('words what a payment is for in the reader’s language, the plan’s and add-on’s names as typed', async () => {
    const addon: Payment = {
      ...payment,
      id: 'pay-2',
      receiptNumber: 'R-0002',
      subscriptionId: null,
      addonRequestId: 'req-1',
      description: 'API Access add-on (yearly)',
      planName: null,
      billingCycle: 'yearly',
      addonName: 'API Access',
    };
    const yearly: Payment = { ...payment, id: 'pay-3', receiptNumber: 'R-0003', billingCycle: 'yearly' };
    mockFetch({ 'GET /api/v1/company/payments': () => json({ items: [payment, addon, yearly], nextCursor: null }) });
    const { unmount } = renderWithProviders(<PaymentsPage />, { auth: signedIn('company_admin'), path: '/payments' });
    expect(await screen.findByText('Standard plan (monthly)')).toBeTruthy();
    // An add-on is charged by a billing cycle too, which the receipt's PDF names as well.
    expect(screen.getByText('API Access add-on (yearly)')).toBeTruthy();
    expect(screen.getByText('Standard plan (yearly)')).toBeTruthy();
    unmount();

    await changeLanguage('ar');
    renderWithProviders(<PaymentsPage />, { auth: signedIn('company_admin'), path: '/payments' });
    expect(await screen.findByText('خطة \u2068Standard\u2069 (شهرية)')).toBeTruthy();
    expect(screen.getByText('إضافة \u2068API Access\u2069 (سنوية)')).toBeTruthy();
    expect(screen.getByText('خطة \u2068Standard\u2069 (سنوية)')).toBeTruthy();
    expect(screen.queryByText(/add-on|\(monthly\)/)).toBeNull();
  });

  it('confirms once for a double click on Confirm', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/company/payments': () => json({ items: [payment], nextCursor: null }),
      'POST /api/v1/company/payments/pay-1/confirm': () => json({ ...payment, status: 'confirmed' }),
    });
    renderWithProviders(<PaymentsPage />, { auth: signedIn('company_admin'), path: '/payments' });
    const confirm = await screen.findByRole('button', { name: 'Confirm payment R-0001' });
    // Both clicks land before the page hears that the request is on its way.
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('reads the list again when another manager decided the payment meanwhile, so the row shows it', async () => {
    let decided = false;
    const { calls } = mockFetch({
      'GET /api/v1/company/payments': () =>
        json({ items: decided ? [{ ...payment, status: 'rejected' as const }] : [payment], nextCursor: null }),
      'POST /api/v1/company/payments/pay-1/confirm': () =>
        apiError(409, 'conflict', 'This payment was already rejected.'),
    });
    renderWithProviders(<PaymentsPage />, { auth: signedIn('company_admin'), path: '/payments?status=all' });
    const confirm = await screen.findByRole('button', { name: 'Confirm payment R-0001' });
    decided = true;
    fireEvent.click(confirm);
    // The row now says what the other manager decided, and offers no decision any more.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Confirm payment R-0001' })).toBeNull());
    expect(screen.getAllByRole('row').at(-1)?.textContent).toContain('Rejected');
    expect(calls.map((c) => `${c.method} ${c.url.split('?')[0]}`)).toEqual([
      'GET /api/v1/company/payments',
      'POST /api/v1/company/payments/pay-1/confirm',
      'GET /api/v1/company/payments',
    ]);
  });
});

// docs/product.md, "Notifications": a notice opens its very payment, marked, wherever it is now.
describe('PaymentsPage opened from a notice (?id=)', () => {
  afterEach(() => changeLanguage('en'));
  const P1 = '01900000-0000-7000-8000-0000000000a1';
  const P9 = '01900000-0000-7000-8000-0000000000a9';
  const one = (id: string, receiptNumber: string, over: Partial<Payment> = {}): Payment => ({
    ...payment,
    id,
    receiptNumber,
    ...over,
  });
  const marked = () =>
    screen
      .getAllByRole('row')
      .filter((row) => row.getAttribute('aria-current') === 'true')
      .map((row) => within(row).getByText(/^R-/).textContent);

  it('marks the payment where the list shows it', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/company/payments': () => json({ items: [one(P1, 'R-0001'), one(P9, 'R-0009')], nextCursor: null }),
    });
    renderWithProviders(<PaymentsPage />, {
      auth: signedIn('company_user'),
      path: `/payments?status=pending&id=${P9}`,
    });
    await screen.findByText('R-0009');
    expect(marked()).toEqual(['R-0009']);
    expect(calls.filter((c) => c.url.includes('id='))).toEqual([]);
  });

  it('reads one beyond the first page alone, above the list, to confirm there', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/company/payments': ({ url }) =>
        url.includes(`id=${P9}`)
          ? json({ items: [one(P9, 'R-0009')], nextCursor: null })
          : json({ items: [one(P1, 'R-0001')], nextCursor: 'next' }),
    });
    renderWithProviders(<PaymentsPage />, {
      auth: signedIn('company_admin'),
      path: `/payments?status=pending&id=${P9}`,
    });
    const opened = await screen.findByRole('table', { name: 'The payment the notification is about' });
    expect(within(opened).getByRole('button', { name: 'Confirm payment R-0009' })).toBeTruthy();
    expect(marked()).toEqual(['R-0009']);
    expect(screen.queryByText('This payment has been decided since.')).toBeNull();
    expect(calls.find((c) => c.url.includes('id='))?.url).toBe(`/api/v1/company/payments?id=${P9}`);
  });

  it.each([
    ['en', 'This payment has been decided since.'],
    ['es', 'Este pago se ha resuelto desde entonces.'],
    ['ar', 'تم البتّ في هذه الدفعة منذ ذلك الحين.'],
  ] as const)('says in %s when the payment has been decided since', async (language, note) => {
    await changeLanguage(language);
    mockFetch({
      'GET /api/v1/company/payments': ({ url }) =>
        json({
          items: [url.includes('id=') ? one(P9, 'R-0009', { status: 'confirmed' }) : one(P1, 'R-0001')],
          nextCursor: null,
        }),
    });
    renderWithProviders(<PaymentsPage />, {
      auth: signedIn('company_admin'),
      path: `/payments?status=pending&id=${P9}`,
    });
    expect(await screen.findByText(note)).toBeTruthy();
    expect(marked()).toEqual(['R-0009']);
  });
});
