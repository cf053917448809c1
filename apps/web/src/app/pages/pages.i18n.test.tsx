import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n/i18n';
import { renderWithProviders, signedIn } from '../../test/utils';
import { NotAvailablePage } from './not-available-page';
import { UnauthorizedPage } from './unauthorized-page';

// Unmount first: switching back to English must not re-render a finished test's components outside act().
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

describe('the app pages in other languages', () => {
  it('shows Access Denied in Arabic, right to left', async () => {
    await changeLanguage('ar');
    renderWithProviders(<UnauthorizedPage />);
    expect(screen.getByRole('heading', { name: 'تم رفض الوصول' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'العودة إلى لوحة التحكم' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });

  it("titles a later page with its route's name in Spanish", async () => {
    await changeLanguage('es');
    renderWithProviders(null, {
      auth: signedIn('teacher'),
      path: '/timetable',
      routes: [{ path: '/timetable', handle: { titleKey: 'timetable' }, element: <NotAvailablePage /> }],
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Horario' })).toBeTruthy();
    expect(screen.getByText('Aún no disponible')).toBeTruthy();
    expect(document.documentElement.dir).toBe('ltr');
  });
});
