import { act, screen } from '@testing-library/react';
import { isolateText } from '@lyceum/shared/i18n/translate';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { ParentsPage } from './parents-page';

const parent = {
  id: 'par-1',
  name: 'Pat Parent',
  email: 'pat@x.test',
  phone: null,
  schoolId: 'school-1',
  relationship: 'Mother',
  status: 'active' as const,
  isActive: true,
  children: [
    {
      id: 'stu-a',
      name: 'Ada Alpha',
      relationship: 'Mother',
      classId: 'c1',
      className: 'Grade 5',
      section: 'A',
      classLabel: 'Grade 5 A',
    },
  ],
  profileImage: null,
  lastLoginAt: null,
  createdAt: '2026-01-01T00:00:00Z',
};

describe('ParentsPage', () => {
  afterEach(() => act(() => changeLanguage('en')));

  it('lists the school’s parents in Arabic, right to left', async () => {
    await act(() => changeLanguage('ar'));
    mockFetch({
      'GET /api/v1/parents': () => json({ items: [parent], nextCursor: null, total: 1 }),
      'GET /api/v1/classes/options': () => json({ items: [] }),
    });
    renderWithProviders(<ParentsPage />, { auth: signedIn('school_admin') });
    expect(await screen.findByRole('heading', { name: 'أولياء الأمور', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Pat Parent')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'إضافة ولي أمر' })).toBeTruthy();
    expect(screen.getByText('واحد في هذا العرض.')).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('isolates names and class labels in a right-to-left list, so `Doe, "Jane"` keeps its quotes', async () => {
    // docs/product.md, "In the web app": someone's text is isolated wherever it is shown.
    await act(() => changeLanguage('ar'));
    const doe = {
      ...parent,
      name: 'Doe, "John" Sr.',
      children: [{ ...parent.children[0], name: 'Doe, "Jane"', relationship: 'Father' }],
    };
    mockFetch({
      'GET /api/v1/parents': () => json({ items: [doe], nextCursor: null, total: 1 }),
      'GET /api/v1/classes/options': () => json({ items: [] }),
    });
    renderWithProviders(<ParentsPage />, { auth: signedIn('school_admin') });
    const names = await screen.findAllByText('Doe, "John" Sr.');
    for (const name of names) expect(name.tagName).toBe('BDI');
    expect(screen.getAllByText('pat@x.test').every((e) => e.tagName === 'BDI')).toBe(true);
    const children = screen.getAllByText('Doe, "Jane"');
    for (const child of children) expect(child.tagName).toBe('BDI');
    // The relationship and the class label inside the sentence, each isolated (U+2068 … U+2069).
    expect(screen.getAllByText(`(${isolateText('أب')}، ${isolateText('Grade 5 A')})`).length).toBeGreaterThan(0);
  });

  it('shows a phone number as written in a right-to-left list, isolated left to right', async () => {
    await act(() => changeLanguage('ar'));
    mockFetch({
      'GET /api/v1/parents': () =>
        json({ items: [{ ...parent, phone: '06 11 22 33 44' }], nextCursor: null, total: 1 }),
      'GET /api/v1/classes/options': () => json({ items: [] }),
    });
    renderWithProviders(<ParentsPage />, { auth: signedIn('school_admin') });
    // Unisolated, a right-to-left page draws the digit groups in reverse order: 44 33 22 11 06.
    const phone = await screen.findByText('06 11 22 33 44');
    expect(phone.closest('[dir="ltr"]')).not.toBeNull();
  });
});
