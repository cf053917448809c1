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

// docs/product.md, "Notifications": a notice opens its very request, marked, wherever it is now.
describe('ManageAddonRequestsPage opened from a notice (?id=)', () => {
  const R1 = '01900000-0000-7000-8000-000000000001';
  const R2 = '01900000-0000-7000-8000-000000000002';
  const R9 = '01900000-0000-7000-8000-000000000009';
  const marked = () =>
    screen
      .getAllByRole('row')
      .filter((row) => row.getAttribute('aria-current') === 'true')
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

  it('marks the request where the list shows it, without reading it again', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/company/addon-requests': () =>
        json({ items: [request(R1, 'API Access'), request(R2, 'SMS')], nextCursor: null }),
    });
    renderWithProviders(<ManageAddonRequestsPage />, {
      auth: signedIn('company_admin'),
      path: `/addon-requests/manage?status=pending&id=${R2}`,
    });
    await screen.findByRole('button', { name: 'Approve SMS for Hill Valley High' });
    expect(marked()).toEqual(['SMS']);
    expect(screen.queryByRole('table', { name: 'The request the notification is about' })).toBeNull();
    expect(calls.filter((c) => c.url.includes('id='))).toEqual([]);
  });

  it('reads a request beyond the first page alone and shows it above the list, marked, to decide there', async () => {
    let decided = false;
    const { calls } = mockFetch({
      'GET /api/v1/company/addon-requests': ({ url }) =>
        url.includes(`id=${R9}`)
          ? json({
              items: [{ ...request(R9, 'White Label'), status: decided ? 'approved' : 'pending' }],
              nextCursor: null,
            })
          : json({ items: [request(R1, 'API Access')], nextCursor: 'next' }),
      [`POST /api/v1/company/addon-requests/${R9}/approve`]: () => {
        decided = true;
        return json({ ...request(R9, 'White Label'), status: 'approved' });
      },
    });
    renderWithProviders(<ManageAddonRequestsPage />, {
      auth: signedIn('company_admin'),
      path: `/addon-requests/manage?status=pending&id=${R9}`,
    });
    const opened = await screen.findByRole('table', { name: 'The request the notification is about' });
    expect(marked()).toEqual(['White Label']);
    expect(calls.find((c) => c.url.includes('id='))?.url).toBe(`/api/v1/company/addon-requests?id=${R9}`);
    expect(screen.queryByText('This request has been decided since.')).toBeNull();
    await userEvent.click(within(opened).getByRole('button', { name: 'Approve White Label for Hill Valley High' }));
    // Read again, approved: the reader's own decision is no news of one made since.
    await waitFor(() => expect(within(opened).getByText('Approved')).toBeTruthy());
    expect(screen.queryByText('This request has been decided since.')).toBeNull();
    expect(marked()).toEqual(['White Label']);
  });

  it('says so when the request has been decided since, and shows what became of it', async () => {
    mockFetch({
      'GET /api/v1/company/addon-requests': ({ url }) =>
        url.includes('id=')
          ? json({
              items: [{ ...request(R9, 'White Label'), status: 'rejected', reason: 'Not offered' }],
              nextCursor: null,
            })
          : json({ items: [request(R1, 'API Access')], nextCursor: null }),
    });
    renderWithProviders(<ManageAddonRequestsPage />, {
      auth: signedIn('company_admin'),
      path: `/addon-requests/manage?status=pending&id=${R9}`,
    });
    expect(await screen.findByText('This request has been decided since.')).toBeTruthy();
    const opened = screen.getByRole('table', { name: 'The request the notification is about' });
    expect(within(opened).getByText('Not offered')).toBeTruthy();
    expect(within(opened).queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(marked()).toEqual(['White Label']);
  });

  it('shows nothing more for a request it may not read, nor for an id that is not one', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/company/addon-requests': ({ url }) =>
        json({ items: url.includes('id=') ? [] : [request(R1, 'API Access')], nextCursor: null }),
    });
    const { unmount } = renderWithProviders(<ManageAddonRequestsPage />, {
      auth: signedIn('company_admin'),
      path: `/addon-requests/manage?id=${R9}`,
    });
    await screen.findByRole('button', { name: 'Approve API Access for Hill Valley High' });
    await waitFor(() => expect(calls.some((c) => c.url.includes(`id=${R9}`))).toBe(true));
    expect(screen.queryByRole('table', { name: 'The request the notification is about' })).toBeNull();
    expect(marked()).toEqual([]);
    unmount();
    calls.length = 0;
    renderWithProviders(<ManageAddonRequestsPage />, {
      auth: signedIn('company_admin'),
      path: '/addon-requests/manage?id=r1%26status%3Dall',
    });
    await screen.findByRole('button', { name: 'Approve API Access for Hill Valley High' });
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/company/addon-requests?status=pending']);
  });

  it('leaves the request behind when another status is chosen', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/company/addon-requests': ({ url }) =>
        url.includes('id=')
          ? json({ items: [{ ...request(R9, 'White Label'), status: 'approved' }], nextCursor: null })
          : json({ items: [request(R1, 'API Access')], nextCursor: null }),
    });
    const { router } = renderWithProviders(<ManageAddonRequestsPage />, {
      auth: signedIn('company_admin'),
      path: `/addon-requests/manage?status=pending&id=${R9}`,
    });
    await screen.findByText('This request has been decided since.');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'approved');
    await waitFor(() => expect(router.state.location.search).toBe('?status=approved'));
    expect(screen.queryByText('This request has been decided since.')).toBeNull();
    expect(calls.filter((c) => c.url.includes('id='))).toHaveLength(1);
  });

  it.each([
    ['es', 'Esta solicitud se ha resuelto desde entonces.', 'La solicitud de la notificación'],
    ['ar', 'تم البتّ في هذا الطلب منذ ذلك الحين.', 'الطلب الذي يخصّه الإشعار'],
  ] as const)('says it in %s', async (language, note, label) => {
    await changeLanguage(language);
    mockFetch({
      'GET /api/v1/company/addon-requests': ({ url }) =>
        json({
          items: [url.includes('id=') ? { ...request(R9, 'White Label'), status: 'approved' } : request(R1, 'SMS')],
          nextCursor: null,
        }),
    });
    renderWithProviders(<ManageAddonRequestsPage />, {
      auth: signedIn('company_admin'),
      path: `/addon-requests/manage?status=pending&id=${R9}`,
    });
    expect(await screen.findByText(note)).toBeTruthy();
    expect(screen.getByRole('table', { name: label })).toBeTruthy();
    await changeLanguage('en');
  });
});
