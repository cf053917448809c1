import type { AddonRequest } from '@lyceum/shared/company';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { anAddonRequest } from '../../../test/fixtures';
import { apiError, json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { ManageAddonRequestsPage } from './manage-addon-requests-page';

const request = (id: string, addonName: string): AddonRequest => anAddonRequest({ id, addonName });

describe('ManageAddonRequestsPage', () => {
  it('lists pending requests, approves one, and rejects another only with a reason', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/company/addon-requests': () =>
        json({ items: [request('r1', 'API Access'), request('r2', 'SMS')], nextCursor: null }),
      'POST /api/v1/company/addon-requests/r1/approve': () =>
        json({ ...request('r1', 'API Access'), status: 'approved' }),
      'POST /api/v1/company/addon-requests/r2/reject': () => json({ ...request('r2', 'SMS'), status: 'rejected' }),
    });
    renderWithProviders(<ManageAddonRequestsPage />, {
      auth: signedIn('company_admin'),
      path: '/addon-requests/manage',
    });
    await screen.findByRole('button', { name: 'Approve API Access for Hill Valley High' });
    expect(calls[0]?.url).toContain('status=pending');

    await userEvent.click(screen.getByRole('button', { name: 'Approve API Access for Hill Valley High' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/r1/approve'))).toBe(true));

    await userEvent.click(screen.getByRole('button', { name: 'Reject SMS for Hill Valley High' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'no');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Give a reason (at least 3 characters)')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/r2/reject'))).toBe(false);

    await userEvent.type(within(dialog).getByLabelText('Reason'), 't offered in your region');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/r2/reject'))?.body).toEqual({ reason: 'not offered in your region' }),
    );
  });

  it('approves once for a double click, and reads the list again when the request was decided meanwhile', async () => {
    let decided = false;
    const { calls } = mockFetch({
      'GET /api/v1/company/addon-requests': () =>
        json({
          items: [
            decided ? { ...request('r1', 'API Access'), status: 'approved' as const } : request('r1', 'API Access'),
          ],
          nextCursor: null,
        }),
      'POST /api/v1/company/addon-requests/r1/approve': () => {
        decided = true;
        return apiError(409, 'conflict', 'This request was already approved.');
      },
    });
    renderWithProviders(<ManageAddonRequestsPage />, {
      auth: signedIn('company_admin'),
      path: '/addon-requests/manage?status=',
    });
    const approve = await screen.findByRole('button', { name: 'Approve API Access for Hill Valley High' });
    fireEvent.click(approve);
    fireEvent.click(approve);
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });

  it('shows company_user the list without decision buttons', async () => {
    mockFetch({
      'GET /api/v1/company/addon-requests': () => json({ items: [request('r1', 'API Access')], nextCursor: null }),
    });
    renderWithProviders(<ManageAddonRequestsPage />, {
      auth: signedIn('company_user'),
      path: '/addon-requests/manage',
    });
    await screen.findAllByText('API Access');
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
  });

  describe('in Arabic', () => {
    afterEach(() => changeLanguage('en'));

    it('names the page and each action in Arabic, right to left', async () => {
      await changeLanguage('ar');
      mockFetch({
        'GET /api/v1/company/addon-requests': () => json({ items: [request('r1', 'API Access')], nextCursor: null }),
      });
      renderWithProviders(<ManageAddonRequestsPage />, {
        auth: signedIn('company_admin'),
        path: '/addon-requests/manage',
      });
      await screen.findByRole('button', { name: 'قبول \u2068API Access\u2069 لـ \u2068Hill Valley High\u2069' });
      expect(document.documentElement.dir).toBe('rtl');
      expect(screen.getByRole('heading', { level: 1, name: 'إدارة طلبات الإضافات' })).toBeTruthy();
      expect(
        screen.getByRole('button', { name: 'رفض \u2068API Access\u2069 لـ \u2068Hill Valley High\u2069' }),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'طلبات الإضافات' }).getAttribute('href')).toBe('/addon-requests');
    });
  });
});
