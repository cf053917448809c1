import type { PublicPlan } from '@lyceum/shared/api';
import { SCHOOL_ADDRESS_MAX, SCHOOL_NAME_MAX } from '@lyceum/shared/auth';
import { DEFAULT_SCHOOL_LOCALE } from '@lyceum/shared/locale-constants';
import { TRIAL_DAYS } from '@lyceum/shared/plans';
import { MESSAGES } from '@lyceum/shared/errors';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setFormatSettings } from '../../../lib/i18n/format';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { apiError, type ErrorResponse, json, mockFetch, renderWithProviders } from '../../../test/utils';
import { SignupSchoolAdminPage } from './signup-school-admin-page';

const plan = (name: string, trialAllowed: boolean, isPopular = false): PublicPlan => ({
  id: `plan-${name}`,
  name,
  description: `${name} plan`,
  priceMinor: 5000,
  currency: 'USD',
  billingPeriod: 'monthly',
  isPopular,
  color: '#2563eb',
  features: [],
  limits: {},
  yearlyDiscountPercent: 0,
  trialAllowed,
});

describe('SignupSchoolAdminPage', () => {
  it('offers only the plans the company marked trial-able, and preselects one of them', async () => {
    mockFetch({
      'GET /api/v1/plans': () => json([plan('Basic', true), plan('Standard', false, true), plan('Enterprise', false)]),
    });
    renderWithProviders(<SignupSchoolAdminPage />, { path: '/signup/school-admin' });
    const basic = (await screen.findByLabelText(/Basic/)) as HTMLInputElement;
    expect(screen.queryByLabelText(/Standard/)).toBeNull();
    expect(screen.queryByLabelText(/Enterprise/)).toBeNull();
    expect(basic.checked).toBe(true);
  });

  it('marks the chosen plan as chosen, also when it is the only one offered, and moves the mark with the choice', async () => {
    mockFetch({ 'GET /api/v1/plans': () => json([plan('Basic', true)]) });
    renderWithProviders(<SignupSchoolAdminPage />, { path: '/signup/school-admin' });
    const only = ((await screen.findByLabelText(/Basic/)) as HTMLInputElement).labels?.[0];
    await waitFor(() => expect(only?.textContent).toContain('Chosen'));
    cleanup();
    mockFetch({ 'GET /api/v1/plans': () => json([plan('Basic', true, true), plan('Plus', true)]) });
    renderWithProviders(<SignupSchoolAdminPage />, { path: '/signup/school-admin' });
    const cardOf = async (name: string) =>
      ((await screen.findByLabelText(new RegExp(name))) as HTMLInputElement).labels?.[0];
    await waitFor(async () => expect((await cardOf('Basic'))?.textContent).toContain('Chosen'));
    expect((await cardOf('Plus'))?.textContent).not.toContain('Chosen');
    await userEvent.click(screen.getByLabelText(/Plus/));
    await waitFor(async () => expect((await cardOf('Plus'))?.textContent).toContain('Chosen'));
    expect((await cardOf('Basic'))?.textContent).not.toContain('Chosen');
  });

  it('says the plan starts with the free trial and what it costs after it', async () => {
    mockFetch({ 'GET /api/v1/plans': () => json([plan('Basic', true)]) });
    renderWithProviders(<SignupSchoolAdminPage />, { path: '/signup/school-admin' });
    const card = ((await screen.findByLabelText(/Basic/)) as HTMLInputElement).labels?.[0];
    expect(card?.textContent).toContain(`${TRIAL_DAYS}-day free trial`);
    expect(card?.textContent).toContain('then $50.00/month');
  });

  it('takes at most as many characters as the schema allows, and says so in our words if more arrive', async () => {
    const { calls } = mockFetch({ 'GET /api/v1/plans': () => json([plan('Basic', true)]) });
    renderWithProviders(<SignupSchoolAdminPage />, { path: '/signup/school-admin' });
    await screen.findByLabelText(/Basic/);
    const name = screen.getByLabelText('School name') as HTMLInputElement;
    const address = screen.getByLabelText(/Address/) as HTMLInputElement;
    expect([name.maxLength, address.maxLength]).toEqual([SCHOOL_NAME_MAX, SCHOOL_ADDRESS_MAX]);
    // Pasted or filled in by the browser past maxLength: the form's check words it as ours, never zod's.
    fireEvent.change(name, { target: { value: 'N'.repeat(186) } });
    fireEvent.change(address, { target: { value: 'A'.repeat(360) } });
    await userEvent.click(screen.getByRole('button', { name: 'Create school account' }));
    expect(await screen.findByText('School name is too long')).toBeTruthy();
    expect(screen.getByText('Can be at most 300 characters')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Too big');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});

/** Fills the form, presses Create school account and drops focus the way a browser does; returns the answer. */
async function submitRefused(): Promise<(value: ErrorResponse) => void> {
  let answer: (value: ErrorResponse) => void = () => {};
  mockFetch({
    // A plan id the shared schema takes (a uuid), so the form is sent.
    'GET /api/v1/plans': () => json([{ ...plan('Basic', true), id: '01a21469-2cd9-75a1-9486-676355000001' }]),
    'POST /api/v1/auth/signup/school-admin': () => new Promise<ErrorResponse>((resolve) => (answer = resolve)),
  });
  renderWithProviders(<SignupSchoolAdminPage />, { path: '/signup/school-admin' });
  await screen.findByLabelText(/Basic/);
  await userEvent.type(screen.getByLabelText('School name'), 'Hillside School');
  await userEvent.type(screen.getByLabelText('Your name'), 'Ada Admin');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@hillside.test');
  await userEvent.type(screen.getByLabelText('Password'), 'signup-pass-123');
  const button = screen.getByRole('button', { name: 'Create school account' });
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
  return answer;
}

describe('SignupSchoolAdminPage refusals', () => {
  // The form is taller than the screen: a refusal of the whole form, shown above it, was out of view with focus
  // on <body>, so pressing the button seemed to do nothing.
  it('gives the focus to a refusal that names no field, which brings it into view', async () => {
    const answer = await submitRefused();
    answer(apiError(429, 'auth/too-many-requests', MESSAGES.signupsToday));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(MESSAGES.signupsToday);
    await waitFor(() => expect(document.activeElement).toBe(alert));
  });

  it('gives the focus to the field the server names', async () => {
    const answer = await submitRefused();
    answer(apiError(409, 'auth/email-already-in-use', MESSAGES.emailInUse, { email: MESSAGES.emailInUse }));
    expect(await screen.findByText(MESSAGES.emailInUse)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
  });
});

describe('SignupSchoolAdminPage in Spanish', () => {
  afterEach(async () => {
    cleanup();
    setFormatSettings({ language: 'en', locale: DEFAULT_SCHOOL_LOCALE });
    await changeLanguage('en');
  });

  it('words a too-long school name and address in Spanish', async () => {
    await changeLanguage('es');
    mockFetch({ 'GET /api/v1/plans': () => json([plan('Basic', true)]) });
    renderWithProviders(<SignupSchoolAdminPage />, { path: '/signup/school-admin' });
    await screen.findByLabelText(/Basic/);
    fireEvent.change(document.getElementById('signup-school-name') as HTMLInputElement, {
      target: { value: 'N'.repeat(186) },
    });
    fireEvent.change(document.getElementById('signup-address') as HTMLInputElement, {
      target: { value: 'A'.repeat(360) },
    });
    fireEvent.submit(document.querySelector('form') as HTMLFormElement);
    expect(await screen.findByText('El nombre de la escuela es demasiado largo')).toBeTruthy();
    expect(await screen.findByText('Puede tener como máximo 300 caracteres')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Too big');
  });
});
