import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { ReceiptPage } from './receipt-page';

const PAYMENT = '01a21439-0000-7000-8000-000000000000';

const openReceipt = () =>
  renderWithProviders(null, {
    auth: signedIn('school_admin'),
    path: `/payments/${PAYMENT}/receipt`,
    routes: [{ path: '/payments/:id/receipt', element: <ReceiptPage /> }],
  });

describe('ReceiptPage', () => {
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
});
