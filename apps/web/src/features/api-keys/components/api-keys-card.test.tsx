import type { ApiKey, SchoolResponse } from '@lyceum/shared/company';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { json, mockFetch, renderWithProviders, schoolResponse, signedIn } from '../../../test/utils';
import { ApiKeysCard } from './api-keys-card';

const school = (entitlements: SchoolResponse['entitlements']) => schoolResponse({ entitlements });
const key: ApiKey = {
  id: 'k1',
  name: 'Timetable sync',
  prefix: 'lyk_0190abcd',
  scopes: ['read'],
  createdAt: '2026-01-01T00:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};

describe('ApiKeysCard', () => {
  it('stays hidden without the API Access add-on', async () => {
    const { calls } = mockFetch({ 'GET /api/v1/school': () => json(school(['sms'])) });
    renderWithProviders(<ApiKeysCard />, { auth: signedIn('school_admin') });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'API keys' })).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/v1/api-keys'))).toBe(false);
  });

  it('creates a key, shows it once, lists and revokes keys', async () => {
    let items: ApiKey[] = [];
    const { calls } = mockFetch({
      'GET /api/v1/school': () => json(school(['api_access'])),
      'GET /api/v1/api-keys': () => json({ items }),
      'POST /api/v1/api-keys': () => {
        items = [key];
        return json({ apiKey: key, key: 'lyk_0190abcd_secret' }, 201);
      },
      'POST /api/v1/api-keys/k1/revoke': () => {
        const revoked = { ...key, revokedAt: '2026-01-02T00:00:00.000Z' };
        items = [revoked];
        return json(revoked);
      },
    });
    renderWithProviders(<ApiKeysCard />, { auth: signedIn('school_admin') });
    await screen.findByText('No API keys yet.');

    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(screen.getByText('Name is required')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Key name'), 'Timetable sync');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect((await screen.findByTestId('new-api-key')).textContent).toBe('lyk_0190abcd_secret');
    expect(screen.getByTestId('new-api-key').getAttribute('dir')).toBe('ltr');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Timetable sync', scopes: ['read'] });

    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Timetable sync' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await screen.findByText('Revoked');
  });

  it('is not offered to other roles', () => {
    const { calls } = mockFetch({});
    renderWithProviders(<ApiKeysCard />, { auth: signedIn('teacher') });
    expect(screen.queryByRole('heading', { name: 'API keys' })).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('speaks Arabic right to left: the card, its scopes and the revoke button', async () => {
    await changeLanguage('ar');
    try {
      mockFetch({
        'GET /api/v1/school': () => json(school(['api_access'])),
        'GET /api/v1/api-keys': () => json({ items: [{ ...key, scopes: ['read', 'write'] }] }),
      });
      renderWithProviders(<ApiKeysCard />, { auth: signedIn('school_admin') });
      expect(await screen.findByRole('heading', { name: 'مفاتيح API' })).toBeTruthy();
      expect(await screen.findByRole('button', { name: 'إبطال \u2068Timetable sync\u2069' })).toBeTruthy();
      expect(screen.getByText(/قراءة، كتابة|قراءة و كتابة|قراءة وكتابة/)).toBeTruthy();
      expect(document.documentElement.dir).toBe('rtl');
    } finally {
      await changeLanguage('en');
    }
  });
});
