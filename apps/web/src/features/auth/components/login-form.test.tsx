import { MESSAGES } from '@lyceum/shared/errors';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, type ErrorResponse, json, mockFetch, renderWithProviders } from '../../../test/utils';
import { LoginForm } from './login-form';

const render = (onSuccess = vi.fn()) =>
  renderWithProviders(null, {
    path: '/login',
    routes: [{ path: '/login', element: <LoginForm onSuccess={onSuccess} /> }],
  });

describe('LoginForm', () => {
  it('checks the fields with the shared schema on submit, focuses the first wrong one, and sends nothing', async () => {
    const { calls } = mockFetch({});
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Choose a role')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.url === '/api/v1/auth/login')).toHaveLength(0);

    // After a first submission every change is checked again, so a fixed field loses its message.
    await userEvent.type(screen.getByLabelText('Email'), 'Teacher@School.test');
    await waitFor(() => expect(screen.queryByText('Enter a valid email address')).toBeNull());
    expect(screen.getByText('Password is required')).toBeTruthy();
  });

  // A keyboard user who pressed Enter on Sign in kept their place in the form after a wrong password, rather
  // than the next Tab starting again at the top of the page.
  it('keeps focus in the form after a refused sign-in: on the Sign in button', async () => {
    let answer: (value: ErrorResponse) => void = () => {};
    mockFetch({ 'POST /api/v1/auth/login': () => new Promise<ErrorResponse>((resolve) => (answer = resolve)) });
    render();
    await userEvent.type(await screen.findByLabelText('Email'), 'teacher@school.test');
    await userEvent.type(screen.getByLabelText('Password'), 'wrongpassword1');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'teacher');
    const button = screen.getByRole('button', { name: 'Sign in' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    // Busy, the button keeps the focus, unavailable (aria-disabled) rather than disabled.
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'));
    expect(document.activeElement).toBe(button);
    // Should the focus be lost all the same (the user clicked the page's background), the refusal still
    // takes it: the test drops it to <body> the way the test DOM does, its element leaving the page.
    const elsewhere = document.body.appendChild(document.createElement('input'));
    elsewhere.focus();
    elsewhere.remove();
    expect(document.activeElement).toBe(document.body);
    answer(apiError(401, 'auth/invalid-credential', MESSAGES.invalidCredential));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', MESSAGES.invalidCredential);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sign in' })));
  });

  it('sends the parsed request, and shows the server’s field errors under their inputs and its message above', async () => {
    let answer = apiError(400, 'validation', 'Check the fields', { password: 'Password is too long' });
    const { calls } = mockFetch({ 'POST /api/v1/auth/login': () => answer });
    const onSuccess = vi.fn();
    render(onSuccess);
    await userEvent.type(await screen.findByLabelText('Email'), 'Teacher@School.test');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'teacher');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Password is too long')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/v1/auth/login')?.body).toEqual({
      email: 'teacher@school.test',
      password: 'secret-pass',
      role: 'teacher',
    });

    answer = apiError(401, 'auth/invalid-credential', MESSAGES.invalidCredential);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', MESSAGES.invalidCredential);
    expect(onSuccess).not.toHaveBeenCalled();

    answer = json({ user: null }) as never;
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
  });
});
