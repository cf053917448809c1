import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { SchoolLocaleCard } from './school-locale-card';

describe('SchoolLocaleCard', () => {
  it("shows the school's locale from the session (no request of its own) and saves the whole of it with PUT /school/locale", async () => {
    const { calls } = mockFetch({
      'PUT /api/v1/school/locale': (init) => json(JSON.parse(String(init.body))),
    });
    renderWithProviders(<SchoolLocaleCard />, { auth: signedIn('school_admin') });
    const zone = await screen.findByLabelText('Time zone');
    expect((zone as HTMLSelectElement).value).toBe('UTC');
    expect(within(zone).getByRole('option', { name: 'Pacific/Auckland' })).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save language and region' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((c) => c.method === 'GET').map((c) => c.url)).toEqual([]);

    await userEvent.selectOptions(zone, 'Pacific/Auckland');
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'NZD');
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'es');
    await userEvent.selectOptions(screen.getByLabelText('Date format'), 'DD/MM/YYYY');
    await userEvent.selectOptions(screen.getByLabelText('First day of the week'), 'sunday');
    await userEvent.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      language: 'es',
      timeZone: 'Pacific/Auckland',
      currency: 'NZD',
      dateFormat: 'DD/MM/YYYY',
      weekStart: 'sunday',
    });
  });

  it("puts the server's field message under its field", async () => {
    mockFetch({
      'PUT /api/v1/school/locale': () =>
        apiError(400, 'validation', 'Invalid data: Choose a valid time zone', { timeZone: 'Choose a valid time zone' }),
    });
    renderWithProviders(<SchoolLocaleCard />, { auth: signedIn('school_admin') });
    await userEvent.selectOptions(await screen.findByLabelText('Time zone'), 'America/Los_Angeles');
    await userEvent.click(screen.getByRole('button', { name: 'Save language and region' }));
    expect(await screen.findByText('Choose a valid time zone')).toBeTruthy();
    expect(screen.getByLabelText('Time zone').getAttribute('aria-invalid')).toBe('true');
  });
});
