import type { AttendanceSettings } from '@lyceum/shared/attendance';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { apiError, json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { SettingsPage } from '../../settings/pages/settings-page';

const settings: AttendanceSettings = { threshold: 90, alertLate: false, byPeriod: false };

describe('attendance settings on the Settings page', () => {
  // react-hot-toast keeps its toasts in a module store: start every test without the last one's.
  beforeEach(() => toast.remove());
  afterEach(() => act(() => changeLanguage('en')));

  it('a school admin changes the threshold, late alerts and marks per period with PUT /attendance/settings', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/attendance/settings': () => json(settings),
      'PUT /api/v1/attendance/settings': (init) => json(JSON.parse(String(init.body))),
    });
    renderWithProviders(
      <>
        <SettingsPage />
        <Toaster />
      </>,
      { auth: signedIn('school_admin') },
    );
    const threshold = (await screen.findByLabelText('Attendance threshold (%)')) as HTMLInputElement;
    expect(threshold.value).toBe('90');
    const save = screen.getByRole('button', { name: 'Save attendance settings' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '85');
    await userEvent.click(screen.getByLabelText('Alert parents on late too'));
    await userEvent.click(screen.getByLabelText('Attendance per period'));
    await userEvent.click(save);
    expect(await screen.findByText('Attendance settings saved')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ threshold: 85, alertLate: true, byPeriod: true });
  });

  it('keeps the focus on Save once saved, though there is nothing left to save (docs/product.md, "The shell")', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/v1/attendance/settings': () => json(settings),
      'PUT /api/v1/attendance/settings': (init) => json(JSON.parse(String(init.body))),
    });
    renderWithProviders(<SettingsPage />, { auth: signedIn('school_admin') });
    const threshold = await screen.findByLabelText('Attendance threshold (%)');
    await user.clear(threshold);
    await user.type(threshold, '85');
    const save = screen.getByRole('button', { name: 'Save attendance settings' }) as HTMLButtonElement;
    save.focus();
    await user.keyboard('{Enter}');
    // Saved: the form is clean again, so the button is unavailable; it keeps the focus all the same.
    await waitFor(() => expect(save.getAttribute('aria-disabled')).toBe('true'));
    await waitFor(() => expect(save.getAttribute('aria-busy')).toBeNull());
    expect(document.activeElement).toBe(save);
    // Pressed again, it sends nothing; once the focus leaves, it is disabled as before.
    await user.keyboard('{Enter}');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    await user.tab({ shift: true });
    expect(save.disabled).toBe(true);
  });

  it('checks the threshold before sending, and puts the server field message under its field', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/attendance/settings': () => json(settings),
      'PUT /api/v1/attendance/settings': () =>
        apiError(400, 'validation', 'Invalid data: Threshold must be a whole number from 0 to 100', {
          threshold: 'Threshold must be a whole number from 0 to 100',
        }),
    });
    renderWithProviders(<SettingsPage />, { auth: signedIn('school_admin') });
    const threshold = await screen.findByLabelText('Attendance threshold (%)');
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '101');
    await userEvent.click(screen.getByRole('button', { name: 'Save attendance settings' }));
    expect(await screen.findByText('Threshold must be a whole number from 0 to 100')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.clear(threshold);
    await userEvent.type(threshold, '70');
    await userEvent.click(screen.getByRole('button', { name: 'Save attendance settings' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(await screen.findByText('Threshold must be a whole number from 0 to 100')).toBeTruthy();
    expect(threshold.getAttribute('aria-invalid')).toBe('true');
  });

  it('is in Spanish and Arabic too', async () => {
    mockFetch({ 'GET /api/v1/attendance/settings': () => json(settings) });
    await act(() => changeLanguage('es'));
    const page = renderWithProviders(<SettingsPage />, { auth: signedIn('school_admin') });
    expect(await screen.findByLabelText('Umbral de asistencia (%)')).toBeTruthy();
    page.unmount();
    await act(() => changeLanguage('ar'));
    renderWithProviders(<SettingsPage />, { auth: signedIn('school_admin') });
    expect(await screen.findByRole('button', { name: 'حفظ إعدادات الحضور' })).toBeTruthy();
  });

  it('is not shown to principals, teachers or staff, who only read the settings where they apply', async () => {
    const { calls } = mockFetch({});
    for (const role of ['principal', 'teacher'] as const) {
      const page = renderWithProviders(<SettingsPage />, { auth: signedIn(role) });
      expect(screen.queryByText('Attendance settings')).toBeNull();
      page.unmount();
    }
    expect(calls.some((c) => c.url.includes('/attendance/settings'))).toBe(false);
  });
});
