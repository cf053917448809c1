import { EMERGENCY_MESSAGES } from '@lyceum/shared/emergency-contacts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { apiError, json, mockFetch, renderWithProviders, schoolResponse, signedIn } from '../../../test/utils';
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

  it("names the platform's support for company staff, Lyceum isolated in Arabic as our other sentences write it", async () => {
    renderWithProviders(<EmergencyContactPage />, { auth: signedIn('company_admin') });
    expect(screen.getByRole('heading', { level: 2, name: 'Lyceum platform support' })).toBeTruthy();
    cleanup();
    await changeLanguage('ar');
    renderWithProviders(<EmergencyContactPage />, { auth: signedIn('company_admin') });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('دعم منصة \u2068Lyceum\u2069');
  });
});

const contactsOf = (name: string) => ({
  studentId: 'stu-a',
  studentName: name,
  className: 'Grade 5 A',
  contacts: [
    { id: 'c1', name: 'Maria Lopez', relationship: 'Mother', phone: '+34 600 123 456', position: 1 },
    { id: 'c2', name: 'Ana Ruiz', relationship: 'Grandparent', phone: '(020) 7946-0958', position: 2 },
  ],
});

describe('EmergencyContactPage: students’ contacts', () => {
  it('lets staff find a student by name, once typing pauses, and call a contact with one tap', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/school': () => json(schoolResponse()),
      'GET /api/v1/emergency-contacts': () => json({ items: [contactsOf('Ava Stone')] }),
    });
    renderWithProviders(<EmergencyContactPage />, { auth: signedIn('teacher') });
    // Nothing is asked for before a name is typed.
    expect(calls.some((c) => c.url.startsWith('/api/v1/emergency-contacts'))).toBe(false);
    await userEvent.setup().type(screen.getByLabelText('Search students by name'), 'ava');
    const call = await screen.findByRole('link', { name: 'Call Maria Lopez at +34 600 123 456' });
    expect(call.getAttribute('href')).toBe('tel:+34600123456');
    expect(screen.getByRole('link', { name: 'Call Ana Ruiz at (020) 7946-0958' }).getAttribute('href')).toBe(
      'tel:02079460958',
    );
    const lookups = calls.filter((c) => c.url.startsWith('/api/v1/emergency-contacts'));
    expect(lookups.map((c) => c.url)).toEqual(['/api/v1/emergency-contacts?search=ava']);
    // A teacher reads, the office edits.
    expect(screen.queryByRole('button', { name: /Edit emergency contacts/ })).toBeNull();
  });

  it('says when no student matches', async () => {
    mockFetch({
      'GET /api/v1/school': () => json(schoolResponse()),
      'GET /api/v1/emergency-contacts': () => json({ items: [] }),
    });
    renderWithProviders(<EmergencyContactPage />, { auth: signedIn('principal') });
    await userEvent.setup().type(screen.getByLabelText('Search students by name'), 'zz');
    expect(await screen.findByText('No student matches “zz”.')).toBeTruthy();
  });

  it("lets a parent reorder and save their child's contacts, showing the server's field message", async () => {
    const { calls } = mockFetch({
      'GET /api/v1/school': () => json(schoolResponse()),
      'GET /api/v1/emergency-contacts': () => json({ items: [contactsOf('Ava Stone')] }),
      'PUT /api/v1/students/stu-a/emergency-contacts': () =>
        json({ studentId: 'stu-a', studentName: 'Ava Stone', contacts: [] }),
    });
    renderWithProviders(<EmergencyContactPage />, { auth: signedIn('parent') });
    expect(await screen.findByRole('heading', { name: "Your children's emergency contacts" })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit emergency contacts of Ava Stone' }));
    await user.click(await screen.findByRole('button', { name: 'Move contact 2 up' }));
    // The browser checks the shared rule before sending.
    const phone = screen.getByLabelText('Phone', { selector: '#ec-0-phone' });
    await user.clear(phone);
    await user.type(phone, '12345');
    await user.click(screen.getByRole('button', { name: 'Save contacts' }));
    expect(await screen.findByText(EMERGENCY_MESSAGES.phoneShape)).toBeTruthy();
    await user.clear(phone);
    await user.type(phone, '+44 20 7946 0958');
    await user.click(screen.getByRole('button', { name: 'Save contacts' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      contacts: [
        { name: 'Ana Ruiz', relationship: 'Grandparent', phone: '+44 20 7946 0958' },
        { name: 'Maria Lopez', relationship: 'Mother', phone: '+34 600 123 456' },
      ],
    });
  });

  it('shows a parent without linked children an empty state, in Arabic too', async () => {
    await changeLanguage('ar');
    mockFetch({
      'GET /api/v1/school': () => json(schoolResponse()),
      'GET /api/v1/emergency-contacts': () => json({ items: [] }),
    });
    renderWithProviders(<EmergencyContactPage />, { auth: signedIn('parent') });
    expect(await screen.findByText('لا يوجد أبناء مرتبطون بحسابك.')).toBeTruthy();
  });

  it('shows an error with a retry when the lookup fails', async () => {
    mockFetch({
      'GET /api/v1/school': () => json(schoolResponse()),
      'GET /api/v1/emergency-contacts': () => apiError(500, 'unavailable', 'Service unavailable'),
    });
    renderWithProviders(<EmergencyContactPage />, { auth: signedIn('parent') });
    expect(await screen.findByRole('button', { name: /Try again|Retry/ })).toBeTruthy();
  });
});
