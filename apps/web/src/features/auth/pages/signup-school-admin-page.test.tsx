import type { PublicPlan } from '@lyceum/shared/api';
import { TRIAL_DAYS } from '@lyceum/shared/plans';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders } from '../../../test/utils';
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

  it('says the plan starts with the free trial and what it costs after it', async () => {
    mockFetch({ 'GET /api/v1/plans': () => json([plan('Basic', true)]) });
    renderWithProviders(<SignupSchoolAdminPage />, { path: '/signup/school-admin' });
    const card = ((await screen.findByLabelText(/Basic/)) as HTMLInputElement).labels?.[0];
    expect(card?.textContent).toContain(`${TRIAL_DAYS}-day free trial`);
    expect(card?.textContent).toContain('then $50.00/month');
  });
});
