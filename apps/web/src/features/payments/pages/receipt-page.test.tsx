import { BILLING_MESSAGES, type ReceiptResponse } from '@lyceum/shared/company';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate } from '../../../lib/i18n/format';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { aPayment } from '../../../test/fixtures';
import { apiError, json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { ReceiptPage } from './receipt-page';

const PAYMENT = '01a21439-0000-7000-8000-000000000000';

const openReceipt = () =>
  renderWithProviders(null, {
    auth: signedIn('school_admin'),
    path: `/payments/${PAYMENT}/receipt`,
    routes: [{ path: '/payments/:id/receipt', element: <ReceiptPage /> }],
  });

const NUMBER = 'RCP-20261123-74CB3383';
const receipt: ReceiptResponse = {
  receiptNumber: NUMBER,
  payment: aPayment({
    id: PAYMENT,
    status: 'confirmed',
    receiptNumber: NUMBER,
    decidedAt: '2026-11-23T10:00:00.000Z',
    createdAt: '2026-11-23T09:00:00.000Z',
  }),
  school: { name: 'Hill Valley High', address: null, email: null },
  issuedBy: 'Lyceum',
  lines: [{ label: 'Standard plan (monthly)', amountMinor: 10000 }],
  totalMinor: 10000,
  period: { start: '2026-01-01T00:00:00.000Z', end: '2027-01-01T00:00:00.000Z' },
};

describe('ReceiptPage', () => {
  afterEach(() => changeLanguage('en'));

  // QA at 375 px: the Arabic heading broke the number after a hyphen and set the hyphen against the Arabic word.
  it.each(['en', 'ar'] as const)('keeps the receipt number whole and isolated in the %s heading', async (language) => {
    await changeLanguage(language);
    mockFetch({ [`GET /api/v1/payments/${PAYMENT}/receipt`]: () => json(receipt) });
    openReceipt();
    const heading = await screen.findByRole('heading', { level: 1 });
    const number = heading.querySelector('bdi');
    expect(number?.textContent).toBe(NUMBER);
    expect(number?.className).toContain('whitespace-nowrap');
    expect(heading.textContent).toBe(language === 'en' ? `Receipt ${NUMBER}` : `الإيصال ${NUMBER}`);
  });

  // QA: the web page said "Received from" and "Confirmed" where the PDF of the same receipt says "Billed to" and "Paid".
  it.each([
    ['en', 'Billed to', 'Paid', 'Description'],
    ['es', 'Facturado a', 'Pagado', 'Descripción'],
    ['ar', 'صادر إلى', 'مدفوع', 'الوصف'],
  ] as const)('uses the PDF’s words in %s, and puts the Description header over its column', async (language, billedTo, paid, description) => {
    await changeLanguage(language);
    mockFetch({ [`GET /api/v1/payments/${PAYMENT}/receipt`]: () => json(receipt) });
    openReceipt();
    expect(await screen.findByText(billedTo)).toBeTruthy();
    const card = document.getElementById('receipt') as HTMLElement;
    expect(card.textContent).toContain(paid);
    expect(card.textContent).not.toMatch(/Confirmed|Received from/);
    // A header cell is centred by the browser unless it says otherwise; its rows start at the start.
    expect(screen.getByRole('columnheader', { name: description }).className).toContain('text-start');
  });

  // QA: in Arabic the school's address "1 Demo Street, Springfield" read "Demo Street, Springfield 1".
  it("isolates someone's text on the Arabic receipt: the school, its address and e-mail, the lines", async () => {
    await changeLanguage('ar');
    mockFetch({
      [`GET /api/v1/payments/${PAYMENT}/receipt`]: () =>
        json({
          ...receipt,
          school: { name: '5 Oaks Academy', address: '1 Demo Street, Springfield', email: 'office@oaks.test' },
          lines: [...receipt.lines, { label: '2 extra seats', amountMinor: 500 }],
        }),
    });
    openReceipt();
    const card = await screen.findByText('1 Demo Street, Springfield');
    expect(card.tagName).toBe('BDI');
    for (const text of ['5 Oaks Academy', 'office@oaks.test', '2 extra seats', 'Lyceum']) {
      expect(screen.getByText(text).tagName).toBe('BDI');
    }
    const numbers = [...document.querySelectorAll('#receipt bdi')].filter((b) => b.textContent === NUMBER);
    expect(numbers).toHaveLength(1);
  });

  // Asking again cannot find a payment that is not there: no Retry (QA, a link to a missing receipt).
  it('says a missing payment is not found, without Retry', async () => {
    mockFetch({
      [`GET /api/v1/payments/${PAYMENT}/receipt`]: () => apiError(404, 'not_found', 'Payment not found'),
    });
    openReceipt();
    expect((await screen.findByRole('alert')).textContent).toBe('Not foundPayment not found');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('offers Retry when the server could not answer', async () => {
    mockFetch({
      [`GET /api/v1/payments/${PAYMENT}/receipt`]: () =>
        apiError(503, 'unavailable', 'Service temporarily unavailable. Please try again.'),
    });
    openReceipt();
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  // docs/product.md, "Payments": a receipt states the period it pays for and the billing cycle, as its PDF does.
  it.each([
    ['en', 'Period', 'Billing cycle', 'Yearly'],
    ['es', 'Periodo', 'Ciclo de facturación', 'Anual'],
    ['ar', 'الفترة', 'دورة الفوترة', 'سنوية'],
  ] as const)('states the period and the billing cycle in %s', async (language, period, cycle, yearly) => {
    await changeLanguage(language);
    mockFetch({
      [`GET /api/v1/payments/${PAYMENT}/receipt`]: () =>
        json({ ...receipt, payment: { ...receipt.payment, billingCycle: 'yearly' } }),
    });
    openReceipt();
    const label = await screen.findByText(period);
    expect(label.nextElementSibling?.textContent).toBe(
      `${formatDate('2026-01-01T00:00:00.000Z')} – ${formatDate('2027-01-01T00:00:00.000Z')}`,
    );
    expect(screen.getByText(cycle).nextElementSibling?.textContent).toBe(yearly);
  });

  it('leaves the period out while it is not known yet', async () => {
    mockFetch({ [`GET /api/v1/payments/${PAYMENT}/receipt`]: () => json({ ...receipt, period: null }) });
    openReceipt();
    await screen.findByText('Billed to');
    expect(screen.queryByText('Period')).toBeNull();
  });

  it('names an add-on line with its billing cycle, as the PDF does', async () => {
    const addon = aPayment({
      ...receipt.payment,
      subscriptionId: null,
      addonRequestId: 'req-1',
      planName: null,
      addonName: 'API Access',
      billingCycle: 'yearly',
      description: 'API Access add-on (yearly)',
    });
    mockFetch({
      [`GET /api/v1/payments/${PAYMENT}/receipt`]: () =>
        json({ ...receipt, payment: addon, lines: [{ label: addon.description, amountMinor: 90000 }] }),
    });
    openReceipt();
    expect(await screen.findByRole('cell', { name: 'API Access add-on (yearly)' })).toBeTruthy();
  });

  // A receipt is for money received: the server answers 409 for a pending or rejected payment, saying why.
  it.each([
    ['en', BILLING_MESSAGES.receiptPending, 'No receipt'],
    ['es', 'Este pago fue rechazado, así que no tiene recibo.', 'Sin recibo'],
    ['ar', 'هذه الدفعة بانتظار التأكيد: يصدر إيصالها بعد تأكيدها.', 'لا يوجد إيصال'],
  ] as const)('opened for a payment without one, says why in %s, without an error or Retry', async (language, message, title) => {
    await changeLanguage(language);
    mockFetch({ [`GET /api/v1/payments/${PAYMENT}/receipt`]: () => apiError(409, 'conflict', message) });
    openReceipt();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByText(title)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link', { name: /PDF/ })).toBeNull();
  });
});
