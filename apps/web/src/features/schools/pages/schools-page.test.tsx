import type { CompanySchool } from '@lyceum/shared/company';
import { DEFAULT_SCHOOL_LOCALE } from '@lyceum/shared/locale';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { json, mockFetch, renderWithProviders, signedIn, apiError } from '../../../test/utils';
import { SchoolsPage } from './schools-page';

const school = (name: string, status: CompanySchool['status']): CompanySchool => ({
  id: `id-${name}`,
  name,
  address: null,
  phone: null,
  email: null,
  principalName: null,
  logo: null,
  brandColor: null,
  isActive: status !== 'inactive',
  isDemo: false,
  status,
  planName: 'Standard',
  subscriptionEndDate: '2027-01-01T00:00:00.000Z',
  subscriptionCancelledAt: null,
  studentCount: 12,
  createdAt: '2026-01-01T00:00:00.000Z',
  locale: DEFAULT_SCHOOL_LOCALE,
});

describe('SchoolsPage', () => {
  it('asks the server for the search, status and sort the user picks, and says when nothing matches', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/company/schools': ({ url }) => {
        const q = new URL(url, 'http://x').searchParams;
        const items = q.get('status') === 'trial' ? [] : [school('Hill Valley High', 'active')];
        return json({ items, nextCursor: null, total: items.length });
      },
    });
    renderWithProviders(<SchoolsPage />, { auth: signedIn('company_admin'), path: '/schools' });
    await screen.findByRole('link', { name: 'Hill Valley High' });
    expect(screen.getByRole('link', { name: 'Create school' })).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Search schools'), 'hill');
    await waitFor(() => expect(calls.some((c) => c.url.includes('q=hill'))).toBe(true));

    await userEvent.click(screen.getByRole('button', { name: 'Students' }));
    await waitFor(() => expect(calls.at(-1)?.url).toContain('sort=students&order=asc'));

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'trial');
    await screen.findByText('No schools match');
    const last = new URL(calls.at(-1)?.url ?? '', 'http://x').searchParams;
    expect(Object.fromEntries(last)).toMatchObject({ q: 'hill', status: 'trial', sort: 'students', order: 'asc' });
  });

  it('shows company_user no Students column and no sort by students (it is not sent the count)', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/company/schools': () =>
        json({ items: [{ ...school('Hill Valley High', 'active'), studentCount: null }], nextCursor: null, total: 1 }),
    });
    renderWithProviders(<SchoolsPage />, { auth: signedIn('company_user'), path: '/schools?sort=students&order=desc' });
    await screen.findByRole('link', { name: 'Hill Valley High' });
    expect(screen.queryByRole('columnheader', { name: /Students/ })).toBeNull();
    expect(screen.queryByRole('option', { name: 'Most students' })).toBeNull();
    expect(calls.every((c) => !c.url.includes('sort=students'))).toBe(true);
  });

  it.each([
    ['en', 'Cancelled Mar 10, 2026'],
    ['es', 'Cancelada el Mar 10, 2026'],
    ['ar', 'أُلغي في Mar 10, 2026'],
  ] as const)('in %s, lists a cancelled school by when it was cancelled, not its old end date', async (language, text) => {
    await changeLanguage(language);
    mockFetch({
      'GET /api/v1/company/schools': () =>
        json({
          items: [
            { ...school('Gone Academy', 'cancelled'), subscriptionCancelledAt: '2026-03-10T12:00:00.000Z' },
            school('Hill Valley High', 'active'),
          ],
          nextCursor: null,
          total: 2,
        }),
    });
    renderWithProviders(<SchoolsPage />, { auth: signedIn('company_admin'), path: '/schools' });
    const link = await screen.findByRole('link', { name: 'Gone Academy' });
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText(text)).toBeTruthy();
    expect(row.textContent).not.toContain('2027');
    const running = screen.getByRole('link', { name: 'Hill Valley High' }).closest('tr') as HTMLElement;
    expect(running.textContent).toContain('Jan 1, 2027');
  });

  it('offers no Create button to company_user', async () => {
    mockFetch({ 'GET /api/v1/company/schools': () => json({ items: [], nextCursor: null, total: 0 }) });
    renderWithProviders(<SchoolsPage />, { auth: signedIn('company_user'), path: '/schools' });
    await screen.findByText('No schools yet');
    expect(screen.queryByRole('link', { name: 'Create school' })).toBeNull();
  });

  it('shows a retryable error', async () => {
    let fail = true;
    mockFetch({
      'GET /api/v1/company/schools': () =>
        fail
          ? apiError(503, 'unavailable', 'Nope')
          : json({ items: [school('Riverside', 'expired')], nextCursor: null, total: 1 }),
    });
    renderWithProviders(<SchoolsPage />, { auth: signedIn('company_admin'), path: '/schools' });
    await screen.findByText('Nope');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('link', { name: 'Riverside' });
    expect(screen.getByRole('row', { name: /Riverside/ }).textContent).toContain('Expired');
  });

  describe('in Arabic', () => {
    afterEach(() => changeLanguage('en'));

    it('lays the list out right to left, its heading, count and statuses translated', async () => {
      await changeLanguage('ar');
      mockFetch({
        'GET /api/v1/company/schools': () =>
          json({ items: [school('Hill Valley High', 'trial')], nextCursor: null, total: 1 }),
      });
      renderWithProviders(<SchoolsPage />, { auth: signedIn('company_admin'), path: '/schools' });
      await screen.findByRole('link', { name: 'Hill Valley High' });
      expect(document.documentElement.dir).toBe('rtl');
      expect(screen.getByRole('heading', { level: 1, name: 'المدارس' })).toBeTruthy();
      expect(screen.getByText('مدرسة واحدة')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'إنشاء مدرسة' })).toBeTruthy();
      expect(screen.getByRole('option', { name: 'تجريبية' })).toBeTruthy();
    });
  });
});
