import type { Addon, Plan } from '@lyceum/shared/company';
import { DEFAULT_ADDONS, DEFAULT_PLANS } from '@lyceum/shared/plans';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { emptySubscription, SubscriptionFields, subscriptionPrice, toAssignRequest } from './subscription-fields';

const plans: Plan[] = DEFAULT_PLANS.map((p, i) => ({
  ...p,
  id: `plan-${i}`,
  currency: 'USD',
  addonIds: [],
  isActive: true,
  activeSubscriptions: 0,
}));
const addons: Addon[] = DEFAULT_ADDONS.map((a, i) => ({
  ...a,
  id: `addon-${i}`,
  key: null,
  currency: 'USD',
  isActive: true,
}));
const standard = plans[1] as Plan;
const apiAccess = addons.find((a) => a.name === 'API Access') as Addon;
const sms = addons.find((a) => a.name === 'SMS') as Addon;

function Harness({ plansList = plans }: { plansList?: Plan[] }) {
  const [value, setValue] = useState(emptySubscription());
  return <SubscriptionFields idPrefix="t" plans={plansList} addons={addons} value={value} onChange={setValue} />;
}

describe('SubscriptionFields', () => {
  it('shows the live total: monthly, then yearly with the plan discount, add-ons undiscounted', async () => {
    render(<Harness />);
    const total = screen.getByTestId('t-total');
    expect(total.textContent).toContain('Choose a plan');

    await userEvent.selectOptions(screen.getByLabelText('Plan'), standard.id);
    expect(within(total).getByText('Total per month').nextSibling?.textContent).toBe('$100.00');

    await userEvent.click(screen.getByLabelText(/^API Access/));
    expect(within(total).getByText('Total per month').nextSibling?.textContent).toBe('$175.00');

    // Yearly: 12 × $100 less 15 % = $1,020, plus 12 × $75 for API Access = $1,920.
    await userEvent.selectOptions(screen.getByLabelText('Billing cycle'), 'yearly');
    expect(within(total).getByText('Yearly discount (15%)').nextSibling?.textContent).toBe('−$180.00');
    expect(within(total).getByText('Total per year').nextSibling?.textContent).toBe('$1,920.00');
  });

  it('does not charge an add-on the plan already includes, nor send it', () => {
    const bundled = { ...standard, addonIds: [sms.id] };
    const value = { ...emptySubscription(standard.id), addonIds: [sms.id, apiAccess.id] };
    expect(subscriptionPrice([bundled], addons, value)?.totalAmountMinor).toBe(10000 + 7500);
    expect(toAssignRequest([bundled], value).addonIds).toEqual([apiAccess.id]);
  });

  it('marks an included add-on as such and keeps it ticked', async () => {
    render(<Harness plansList={[{ ...standard, addonIds: [sms.id] }]} />);
    await userEvent.selectOptions(screen.getByLabelText('Plan'), standard.id);
    const box = screen.getByLabelText(/^SMS/) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(true);
    expect(screen.getByText('(included in plan)')).toBeTruthy();
  });
});
