import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { AnnouncementsPage } from './announcements-page';

describe('AnnouncementsPage', () => {
  // Company staff belong to no school: the server refuses them a school's announcements, and Retry could
  // only repeat the refusal (docs/product.md, "Routes and who may open them").
  it.each([
    'company_admin',
    'admin',
    'company_user',
  ] as const)('tells %s that announcements are not for its role, asking the server nothing', async (role) => {
    const { calls } = mockFetch({});
    renderWithProviders(<AnnouncementsPage />, { auth: signedIn(role) });
    expect(await screen.findByText('Not available for your role')).toBeTruthy();
    expect(
      screen.getByText('Announcements are shared inside a school, between its staff, students and parents.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(calls).toEqual([]);
  });
});
