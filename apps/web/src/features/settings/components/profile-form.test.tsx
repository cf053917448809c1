import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderWithProviders, signedIn } from '../../../test/utils';
import { ProfileForm } from './profile-form';

describe('ProfileForm: who changes the e-mail', () => {
  it('does not send a school admin to ask an administrator', () => {
    renderWithProviders(<ProfileForm user={makeUser('school_admin')} />, { auth: signedIn('school_admin') });
    expect(screen.getByText('Your e-mail address is how you sign in; it cannot be changed here.')).toBeTruthy();
    expect(screen.queryByText(/Ask an administrator/)).toBeNull();
  });

  it('sends a teacher to their administrator', () => {
    renderWithProviders(<ProfileForm user={makeUser('teacher')} />, { auth: signedIn('teacher') });
    expect(screen.getByText('Ask an administrator to change your email.')).toBeTruthy();
  });
});

describe('ProfileForm: whom the profile is shown to', () => {
  it('tells company staff, who belong to no school, that schools and colleagues see it', () => {
    for (const role of ['company_admin', 'admin', 'company_user'] as const) {
      const { unmount } = renderWithProviders(<ProfileForm user={makeUser(role)} />, { auth: signedIn(role) });
      expect(screen.getByText('How you appear to schools and to your colleagues at the company.')).toBeTruthy();
      expect(screen.queryByText(/in your school/)).toBeNull();
      unmount();
    }
  });

  it('tells school users it is how others in their school see them', () => {
    renderWithProviders(<ProfileForm user={makeUser('teacher')} />, { auth: signedIn('teacher') });
    expect(screen.getByText('How you appear to others in your school.')).toBeTruthy();
  });
});
