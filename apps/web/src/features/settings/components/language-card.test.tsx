import type { AuthResponse } from '@lyceum/shared/auth';
import { DEFAULT_SCHOOL_LOCALE } from '@lyceum/shared/locale';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authResponse, json, makeUser, mockFetch, renderWithProviders } from '../../../test/utils';
import { LanguageCard } from './language-card';

const school = { name: 'Hill Valley High', logo: null, locale: { ...DEFAULT_SCHOOL_LOCALE, language: 'es' as const } };

describe('LanguageCard', () => {
  it("offers the school's language or one of the shipped ones, and saves the pick at once", async () => {
    const { calls } = mockFetch({
      'PUT /api/v1/profile/language': (init) => {
        const { language } = JSON.parse(String(init.body));
        const session: AuthResponse = { ...authResponse('teacher', school), user: makeUser('teacher', { language }) };
        return json(session);
      },
    });
    renderWithProviders(<LanguageCard user={makeUser('teacher')} school={school} />);
    const select = await screen.findByLabelText('Your language');
    expect((select as HTMLSelectElement).value).toBe('');
    expect(screen.getByRole('option', { name: 'Same as your school (Español)' })).toBeTruthy();
    await userEvent.selectOptions(select, 'ar');
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ language: 'ar' });
  });

  it('clears the choice to follow the school again; company staff see the default instead', async () => {
    const { calls } = mockFetch({
      'PUT /api/v1/profile/language': () => json(authResponse('teacher', school)),
    });
    const { unmount } = renderWithProviders(
      <LanguageCard user={makeUser('teacher', { language: 'en' })} school={school} />,
    );
    // A language picked on this device's sign-in page gives way to the choice made here: the school's.
    window.localStorage.setItem('lyceum.language.picked', 'ar');
    await userEvent.selectOptions(await screen.findByLabelText('Your language'), '');
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ language: null });
    await waitFor(() => expect(window.localStorage.getItem('lyceum.language.picked')).toBeNull());
    unmount();

    renderWithProviders(<LanguageCard user={makeUser('company_admin')} school={null} />);
    expect(await screen.findByRole('option', { name: 'Default (English)' })).toBeTruthy();
  });
});
