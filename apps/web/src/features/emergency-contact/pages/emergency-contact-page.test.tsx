import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { json, mockFetch, renderWithProviders, schoolResponse, signedIn } from '../../../test/utils';
import { EmergencyContactPage } from './emergency-contact-page';

// Unmount first: switching back to English must not re-render a finished test's components outside act().
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

describe('EmergencyContactPage', () => {
  it("shows the school's contact, saying what is not provided", async () => {
    mockFetch({ 'GET /api/v1/school': () => json(schoolResponse({ phone: '+1 555 0100', address: null })) });
    renderWithProviders(<EmergencyContactPage />, { auth: signedIn('teacher') });
    expect(screen.getByRole('heading', { level: 1, name: 'Emergency Contact' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: '+1 555 0100' })).getAttribute('href')).toBe('tel:+15550100');
    expect(screen.getAllByText('Not provided').length).toBeGreaterThan(0);
  });

  it('is written in Arabic, right to left', async () => {
    await changeLanguage('ar');
    mockFetch({ 'GET /api/v1/school': () => json(schoolResponse({ phone: null })) });
    renderWithProviders(<EmergencyContactPage />, { auth: signedIn('teacher') });
    expect(screen.getByRole('heading', { level: 1, name: 'جهة اتصال الطوارئ' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(await screen.findByText('الهاتف')).toBeTruthy();
    expect(screen.getAllByText('غير متوفر').length).toBeGreaterThan(0);
  });
});
