import { PEOPLE_MESSAGES } from '@lyceum/shared/errors';
import es from '@lyceum/shared/i18n/es';
import type { UserAccountResponse } from '@lyceum/shared/people';
import { TRIAL_MAIL_MESSAGES } from '@lyceum/shared/trial-mail';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import toast, { Toaster } from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { useServerMessage } from '../../../lib/i18n/server-messages';
import type { AuthState } from '../../../lib/auth';
import { timetableSlot } from '../../../test/fixtures';
import { apiError, json, mockFetch, renderWithProviders, signedIn } from '../../../test/utils';
import { UsersPage } from './users-page';

function account(
  id: string,
  name: string,
  role: UserAccountResponse['role'],
  extra: Partial<UserAccountResponse> = {},
): UserAccountResponse {
  return {
    id,
    name,
    email: `${id}@x.test`,
    phone: null,
    role,
    isActive: true,
    invitationPending: false,
    invited: false,
    lastLoginAt: null,
    profileImage: null,
    createdAt: '2026-01-01T00:00:00Z',
    ...extra,
  };
}

const ACCOUNTS = [
  account('user-principal', 'Me Myself', 'principal'),
  account('admin-1', 'Sam Admin', 'school_admin'),
  account('teacher-1', 'Tara Teachwell', 'teacher', { invitationPending: true, invited: true }),
];

/** The Users page as `role` sees it, with the toasts its actions raise (none left from an earlier test). */
function renderWithToasts(role: Parameters<typeof signedIn>[0]) {
  toast.remove();
  renderWithProviders(
    <>
      <UsersPage />
      <Toaster />
    </>,
    { auth: signedIn(role) },
  );
}

function rowOf(name: string): HTMLElement {
  return screen.getByText(name).closest('tr') as HTMLElement;
}

describe('deactivating a teacher who still has lessons, from the Users page', () => {
  it("shows the refusal with the teacher's timetable and, per subject, a button that deletes their lessons of it; then deactivates", async () => {
    const user = userEvent.setup();
    const refusal = PEOPLE_MESSAGES.teacherHasLessons(3);
    const ofTara = { teacherId: 'teacher-1', teacherName: 'Tara Teachwell' };
    let items = [
      timetableSlot({ id: 's1', ...ofTara, subjectId: 'sub-maths', subject: 'Mathematics' }),
      timetableSlot({ id: 's2', ...ofTara, subjectId: 'sub-maths', subject: 'Mathematics', classId: 'class-2' }),
      timetableSlot({ id: 's3', ...ofTara, subjectId: 'sub-art', subject: 'Art', startTime: '10:00' }),
    ];
    const { calls } = mockFetch({
      'GET /api/v1/users': () => json({ items: ACCOUNTS, nextCursor: null, total: 3 }),
      'POST /api/v1/users/teacher-1/deactivate': () =>
        items.length > 0 ? apiError(409, 'conflict', refusal) : json({ ...ACCOUNTS[2], isActive: false }),
      'GET /api/v1/timetable/teachers/teacher-1': () => json({ items }),
      'DELETE /api/v1/timetable/slots': (call) => {
        const subjectId = new URL(call.url, 'http://x').searchParams.get('subjectId');
        const gone = items.filter((s) => s.subjectId === subjectId).length;
        items = items.filter((s) => s.subjectId !== subjectId);
        return json({ deleted: gone });
      },
    });
    renderWithToasts('school_admin');
    await screen.findByText('Tara Teachwell');
    await user.click(within(rowOf('Tara Teachwell')).getByRole('button', { name: 'Deactivate Tara Teachwell' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Tara Teachwell?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
    expect(
      within(dialog).getByRole('link', { name: 'Open the timetable of Tara Teachwell' }).getAttribute('href'),
    ).toBe('/timetable?teacher=teacher-1');

    // Her lessons in every class, per subject, each after its own confirm.
    await user.click(await within(dialog).findByRole('button', { name: 'Delete the 2 Mathematics lessons…' }));
    expect(
      within(dialog).getByText(
        '2 Mathematics lessons taught by Tara Teachwell will be deleted from the timetable, in every class.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete them' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('2 lessons deleted. Try again now.');
    await user.click(await within(dialog).findByRole('button', { name: 'Delete the 1 Art lesson…' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete it' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('status').textContent).toBe('1 lesson deleted. Try again now.'),
    );
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/v1/timetable/slots?teacherId=teacher-1&subjectId=sub-maths',
      '/api/v1/timetable/slots?teacherId=teacher-1&subjectId=sub-art',
    ]);

    // The same dialog then deactivates her.
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Tara Teachwell deactivated')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers no timetable for a refusal that is not about lessons', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/v1/users': () => json({ items: ACCOUNTS, nextCursor: null, total: 3 }),
      'POST /api/v1/users/admin-1/deactivate': () => apiError(403, 'forbidden', 'You cannot change this account'),
    });
    renderWithProviders(<UsersPage />, { auth: signedIn('school_admin') });
    await screen.findByText('Sam Admin');
    await user.click(within(rowOf('Sam Admin')).getByRole('button', { name: 'Deactivate Sam Admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Sam Admin?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('You cannot change this account');
    expect(within(dialog).queryByRole('link')).toBeNull();
  });
});

describe('UsersPage', () => {
  it('offers no actions on yourself, and a principal none on a school admin', async () => {
    mockFetch({ 'GET /api/v1/users': () => json({ items: ACCOUNTS, nextCursor: null, total: 3 }) });
    renderWithProviders(<UsersPage />, { auth: signedIn('principal') });
    await screen.findByText('Tara Teachwell');
    expect(within(rowOf('Me Myself')).queryAllByRole('button')).toHaveLength(0);
    expect(within(rowOf('Sam Admin')).queryAllByRole('button')).toHaveLength(0);
    const teacher = within(rowOf('Tara Teachwell'));
    expect(teacher.getByRole('button', { name: 'Resend invitation to Tara Teachwell' })).toBeTruthy();
    expect(teacher.getByRole('button', { name: "Reset Tara Teachwell's password" })).toBeTruthy();
    expect(teacher.getByRole('button', { name: 'Deactivate Tara Teachwell' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add principal' })).toBeTruthy();
  });

  it('says an account never mailed has no password yet, and its first invitation is sent, not sent again', async () => {
    const user = userEvent.setup();
    const ben = account('student-1', 'Ben Imported', 'student', { invitationPending: true, invited: false });
    mockFetch({
      'GET /api/v1/users': () => json({ items: [...ACCOUNTS, ben], nextCursor: null, total: 4 }),
      'POST /api/v1/users/student-1/resend-invitation': () => new Response(null, { status: 204 }),
    });
    renderWithToasts('school_admin');
    await screen.findByText('Ben Imported');
    const row = within(rowOf('Ben Imported'));
    expect(row.getByText('No password yet')).toBeTruthy();
    expect(row.queryByText('Invitation pending')).toBeNull();
    expect(within(rowOf('Tara Teachwell')).getByText('Invitation pending')).toBeTruthy();
    await user.click(row.getByRole('button', { name: 'Send an invitation to Ben Imported' }));
    expect(await screen.findByText('Invitation sent to student-1@x.test')).toBeTruthy();
    expect(screen.queryByText(/sent again/)).toBeNull();
  });

  it('shows a temporary password from a reset once, in the one-time dialog', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/v1/users': () => json({ items: ACCOUNTS, nextCursor: null, total: 3 }),
      'POST /api/v1/users/teacher-1/reset-password': () =>
        json({ temporaryPassword: 'Tmp-pass-123456789', invitationSent: false }),
    });
    renderWithProviders(<UsersPage />, { auth: signedIn('school_admin') });
    await user.click(await screen.findByRole('button', { name: "Reset Tara Teachwell's password" }));
    await user.click(screen.getByRole('radio', { name: /Show a temporary password/ }));
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Password reset' });
    expect(within(dialog).getByLabelText('Temporary password of Tara Teachwell').textContent).toBe(
      'Tmp-pass-123456789',
    );
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ mode: 'temporary' }));
  });

  it.each([
    [
      'en',
      "Tara Teachwell's current password keeps working until they choose a new one with the link, which signs them out everywhere.",
      "Tara Teachwell's current password stops working at once and they are signed out everywhere.",
    ],
    [
      'es',
      'La contraseña actual de Tara Teachwell sigue funcionando hasta que elija una nueva con el enlace; entonces se cierra su sesión en todos los dispositivos.',
      'La contraseña actual de Tara Teachwell deja de funcionar de inmediato y se cierra su sesión en todos los dispositivos.',
    ],
    [
      'ar',
      // Tara's sessions, not `خروجه` (his): the sentence says nothing of her gender.
      'تظل كلمة مرور \u2068Tara Teachwell\u2069 الحالية صالحة حتى تُختار كلمة مرور جديدة عبر الرابط، وعندها تُغلق الجلسات على جميع الأجهزة.',
      'تتوقف كلمة مرور \u2068Tara Teachwell\u2069 الحالية عن العمل فورًا، وتُغلق الجلسات على جميع الأجهزة.',
    ],
  ] as const)('the reset dialog (%s) says what the chosen way does to the old password and the sessions', async (language, byLink, byTemporary) => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/v1/users': () => json({ items: ACCOUNTS, nextCursor: null, total: 3 }) });
    try {
      await act(() => changeLanguage(language));
      renderWithProviders(<UsersPage />, { auth: signedIn('school_admin') });
      const open = {
        en: "Reset Tara Teachwell's password",
        es: 'Restablecer la contraseña de Tara Teachwell',
        ar: 'إعادة تعيين كلمة مرور \u2068Tara Teachwell\u2069',
      };
      await user.click(await screen.findByRole('button', { name: open[language] }));
      const dialog = await screen.findByRole('dialog');
      // The link is chosen first: the old password and the sessions last until it is used (docs/product.md,
      // "Accounts made by staff").
      expect(within(dialog).getByText(byLink)).toBeTruthy();
      expect(within(dialog).queryByText(byTemporary)).toBeNull();
      await user.click(within(dialog).getAllByRole('radio')[1] as HTMLElement);
      expect(await within(dialog).findByText(byTemporary)).toBeTruthy();
      expect(within(dialog).queryByText(byLink)).toBeNull();
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it('an e-mailed reset past the hourly count is refused in the dialog, which still offers a temporary password', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/v1/users': () => json({ items: ACCOUNTS, nextCursor: null, total: 3 }),
      'POST /api/v1/users/teacher-1/reset-password': (init) =>
        JSON.parse(String(init.body)).mode === 'email'
          ? apiError(429, 'rate_limited', PEOPLE_MESSAGES.resetMailsPerHour)
          : json({ temporaryPassword: 'Tmp-pass-123456789', invitationSent: false }),
    });
    renderWithProviders(<UsersPage />, { auth: signedIn('school_admin') });
    await user.click(await screen.findByRole('button', { name: "Reset Tara Teachwell's password" }));
    const form = await screen.findByRole('dialog');
    await user.click(within(form).getByRole('button', { name: 'Reset password' }));
    expect(
      await within(form).findByText(
        'A password reset e-mail was already sent to this person 3 times this hour. Reset with a temporary password instead, or try again later.',
      ),
    ).toBeTruthy();
    await user.click(within(form).getByRole('radio', { name: /Show a temporary password/ }));
    await user.click(within(form).getByRole('button', { name: 'Reset password' }));
    const shown = await screen.findByRole('dialog', { name: 'Password reset' });
    expect(within(shown).getByLabelText('Temporary password of Tara Teachwell').textContent).toBe('Tmp-pass-123456789');
  });

  it('adds a principal with a temporary password by default, like the other people forms', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/v1/users': () => json({ items: ACCOUNTS, nextCursor: null, total: 3 }),
      'POST /api/v1/users': () =>
        json({ user: account('new-1', 'Paula Principal', 'principal'), temporaryPassword: 'Tmp-pass-123456789' }, 201),
    });
    renderWithProviders(<UsersPage />, { auth: signedIn('school_admin') });
    await user.click(await screen.findByRole('button', { name: 'Add principal or admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a principal or administrator' });
    expect(
      (within(dialog).getByRole('checkbox', { name: 'Send an invitation e-mail' }) as HTMLInputElement).checked,
    ).toBe(false);
    await user.type(within(dialog).getByLabelText('Full name'), 'Paula Principal');
    await user.type(within(dialog).getByLabelText('E-mail'), 'paula@x.test');
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ role: 'principal', sendInvitation: false }),
    );
  });

  it('is not for teachers', () => {
    const { calls } = mockFetch({});
    renderWithProviders(<UsersPage />, { auth: signedIn('teacher') });
    expect(screen.getByText('Not available for your role')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('speaks Spanish, and Arabic right to left', async () => {
    mockFetch({ 'GET /api/v1/users': () => json({ items: ACCOUNTS, nextCursor: null, total: 3 }) });
    try {
      await act(() => changeLanguage('es'));
      const { unmount } = renderWithProviders(<UsersPage />, { auth: signedIn('school_admin') });
      expect(await screen.findByRole('heading', { name: 'Usuarios', level: 1 })).toBeTruthy();
      expect(await screen.findByText('3 cuentas en esta vista.')).toBeTruthy();
      unmount();
      await act(() => changeLanguage('ar'));
      renderWithProviders(<UsersPage />, { auth: signedIn('school_admin') });
      expect(await screen.findByRole('heading', { name: 'المستخدمون', level: 1 })).toBeTruthy();
      expect(
        await screen.findByRole('button', { name: 'إعادة تعيين كلمة مرور \u2068Tara Teachwell\u2069' }),
      ).toBeTruthy();
      expect(document.documentElement.dir).toBe('rtl');
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  describe('while the school cannot send e-mail yet', () => {
    /** A session as `GET /auth/me` answers it for a trial school whose sign-up address is not confirmed. */
    const unconfirmed = (role: 'school_admin' | 'principal', signedUpHere: boolean): AuthState => ({
      ...signedIn(role, { name: 'Trial School', logo: null, mailAllowed: false }),
      mailVerificationRequired: signedUpHere,
    });

    it('turns invitations and password links off up front, saying whom to ask, and leaves a temporary password', async () => {
      const user = userEvent.setup();
      const { calls } = mockFetch({ 'GET /api/v1/users': () => json({ items: ACCOUNTS, nextCursor: null, total: 3 }) });
      renderWithProviders(<UsersPage />, { auth: unconfirmed('principal', false) });
      await screen.findByText('Tara Teachwell');
      const resend = screen.getByRole('button', { name: 'Resend invitation to Tara Teachwell' });
      expect((resend as HTMLButtonElement).disabled).toBe(true);
      const reason = document.getElementById(resend.getAttribute('aria-describedby') ?? '');
      expect(reason?.textContent).toBe(TRIAL_MAIL_MESSAGES.verifyFirstOther);

      await user.click(screen.getByRole('button', { name: "Reset Tara Teachwell's password" }));
      const reset = await screen.findByRole('dialog');
      const link = within(reset).getByRole('radio', { name: /E-mail a set-password link/ }) as HTMLInputElement;
      expect(link.disabled).toBe(true);
      expect(reset.textContent).toContain(TRIAL_MAIL_MESSAGES.verifyFirstOther);
      await waitFor(() => expect((within(reset).getAllByRole('radio')[1] as HTMLInputElement).checked).toBe(true));
      await user.click(within(reset).getByRole('button', { name: 'Cancel' }));

      await user.click(screen.getByRole('button', { name: 'Add principal' }));
      const create = await screen.findByRole('dialog');
      const invite = within(create).getByRole('checkbox') as HTMLInputElement;
      expect([invite.disabled, invite.checked]).toEqual([true, false]);
      expect(create.textContent).toContain(TRIAL_MAIL_MESSAGES.verifyFirstOther);
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
    });

    it('tells the admin who signed the school up to open their link, in their language', async () => {
      mockFetch({ 'GET /api/v1/users': () => json({ items: ACCOUNTS, nextCursor: null, total: 3 }) });
      try {
        await act(() => changeLanguage('es'));
        await loadSharedMessages();
        renderWithProviders(<UsersPage />, { auth: unconfirmed('school_admin', true) });
        const translated = es[TRIAL_MAIL_MESSAGES.verifyFirst] as string;
        expect(translated).toBeTruthy();
        expect(await screen.findByText(translated)).toBeTruthy();
        expect(screen.queryByText(TRIAL_MAIL_MESSAGES.verifyFirst)).toBeNull();
      } finally {
        await act(() => changeLanguage('en'));
      }
    });
  });
});

/**
 * The shared messages' table of the UI language, loaded the way the app loads it: the first message shown
 * suspends until it arrives. Shown once in a root of its own, rendered as in the browser (not act-wrapped, so
 * React retries when the table arrives), the page's render then finds it loaded.
 */
async function loadSharedMessages(): Promise<void> {
  const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  env.IS_REACT_ACT_ENVIRONMENT = false;
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  function Probe() {
    return useServerMessage()('loaded');
  }
  try {
    root.render(
      <Suspense fallback={null}>
        <Probe />
      </Suspense>,
    );
    await waitFor(() => expect(container.textContent).toBe('loaded'));
  } finally {
    root.unmount();
    container.remove();
    env.IS_REACT_ACT_ENVIRONMENT = true;
  }
}
