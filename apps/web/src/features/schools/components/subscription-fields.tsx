import type { Addon, Plan } from '@lyceum/shared/company';
import { type PriceParts, priceSubscription } from '@lyceum/shared/subscription-rules';
import { SelectField, TextField } from '../../../components/ui/field';
import { FieldError } from '../../../components/ui/field-error';
import { formatMoney, useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';

export interface SubscriptionValue {
  planId: string;
  billingCycle: 'monthly' | 'yearly';
  months: string;
  addonIds: string[];
  autoRenew: boolean;
}

export const emptySubscription = (planId = ''): SubscriptionValue => ({
  planId,
  billingCycle: 'monthly',
  months: '12',
  addonIds: [],
  autoRenew: false,
});

/**
 * The price of one billing cycle, exactly as the server will compute it (shared `priceSubscription`): add-ons
 * the plan already includes are not charged again. null until a plan is chosen.
 */
export function subscriptionPrice(
  plans: readonly Plan[],
  addons: readonly Addon[],
  value: SubscriptionValue,
): PriceParts | null {
  const plan = plans.find((p) => p.id === value.planId);
  if (!plan) return null;
  const charged = addons.filter((a) => value.addonIds.includes(a.id) && !plan.addonIds.includes(a.id));
  return priceSubscription(
    plan.priceMinor,
    plan.yearlyDiscountPercent,
    charged.map((a) => a.priceMinor),
    value.billingCycle,
  );
}

/** The request body for assign / create: months as a number, included add-ons left out. */
export function toAssignRequest(plans: readonly Plan[], value: SubscriptionValue) {
  const plan = plans.find((p) => p.id === value.planId);
  return {
    planId: value.planId,
    billingCycle: value.billingCycle,
    months: value.months.trim() === '' ? Number.NaN : Number(value.months),
    addonIds: value.addonIds.filter((id) => !plan?.addonIds.includes(id)),
    autoRenew: value.autoRenew,
  };
}

interface SubscriptionFieldsProps {
  idPrefix: string;
  plans: readonly Plan[];
  addons: readonly Addon[];
  value: SubscriptionValue;
  onChange: (value: SubscriptionValue) => void;
  errors?: Record<string, string>;
}

/** Plan, billing cycle, length, add-ons and auto-renew, with the live total (yearly discount applied). */
export function SubscriptionFields({ idPrefix, plans, addons, value, onChange, errors = {} }: SubscriptionFieldsProps) {
  const { t } = useT('schools');
  useFormat();
  const set = <K extends keyof SubscriptionValue>(key: K, next: SubscriptionValue[K]) =>
    onChange({ ...value, [key]: next });
  const plan = plans.find((p) => p.id === value.planId);
  const price = subscriptionPrice(plans, addons, value);
  const currency = plan?.currency;
  const per = value.billingCycle === 'yearly' ? 'year' : 'month';

  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          id={`${idPrefix}-plan`}
          label={t('subscription.plan')}
          value={value.planId}
          onChange={(e) => set('planId', e.target.value)}
          error={errors.planId}
          containerClassName="sm:col-span-3"
        >
          <option value="">{t('subscription.choosePlan')}</option>
          {plans.map((p) => (
            <option key={p.id} value={p.id}>
              {p.yearlyDiscountPercent > 0
                ? t('subscription.planOptionDiscount', {
                    name: p.name,
                    price: formatMoney(p.priceMinor, p.currency),
                    percent: p.yearlyDiscountPercent,
                  })
                : t('subscription.planOption', { name: p.name, price: formatMoney(p.priceMinor, p.currency) })}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={`${idPrefix}-cycle`}
          label={t('subscription.billingCycle')}
          value={value.billingCycle}
          onChange={(e) => set('billingCycle', e.target.value as SubscriptionValue['billingCycle'])}
          error={errors.billingCycle}
        >
          <option value="monthly">{t('cycle.monthly')}</option>
          <option value="yearly">{t('cycle.yearly')}</option>
        </SelectField>
        <TextField
          id={`${idPrefix}-months`}
          label={t('subscription.months')}
          type="number"
          min={1}
          max={60}
          value={value.months}
          onChange={(e) => set('months', e.target.value)}
          error={errors.months}
        />
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-300"
            checked={value.autoRenew}
            onChange={(e) => set('autoRenew', e.target.checked)}
          />
          {t('subscription.autoRenew')}
        </label>
      </div>
      {(addons.length > 0 || errors.addonIds) && (
        <fieldset aria-describedby={errors.addonIds ? `${idPrefix}-addons-error` : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-700">{t('subscription.addons')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {addons.map((addon) => {
              const included = Boolean(plan?.addonIds.includes(addon.id));
              return (
                <label key={addon.id} className="flex items-center gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    className="size-4 rounded border-slate-300"
                    disabled={included}
                    checked={included || value.addonIds.includes(addon.id)}
                    onChange={(e) =>
                      set(
                        'addonIds',
                        e.target.checked ? [...value.addonIds, addon.id] : value.addonIds.filter((a) => a !== addon.id),
                      )
                    }
                  />
                  <span>
                    {addon.name}{' '}
                    <span className="text-slate-500">
                      {included
                        ? t('subscription.included')
                        : t('subscription.perMonth', { price: formatMoney(addon.priceMinor, addon.currency) })}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
          {errors.addonIds && <FieldError id={`${idPrefix}-addons`} message={errors.addonIds} />}
        </fieldset>
      )}
      <div
        className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm"
        aria-live="polite"
        data-testid={`${idPrefix}-total`}
      >
        {price ? (
          <dl className="space-y-1">
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">{t('subscription.planLine', { per })}</dt>
              <dd className="tabular-nums">{formatMoney(price.planAmountMinor + price.discountMinor, currency)}</dd>
            </div>
            {price.discountMinor > 0 && (
              <div className="flex justify-between gap-4 text-emerald-700">
                <dt>{t('subscription.discountLine', { percent: plan?.yearlyDiscountPercent ?? 0 })}</dt>
                <dd className="tabular-nums">
                  {t('subscription.discountAmount', { amount: formatMoney(price.discountMinor, currency) })}
                </dd>
              </div>
            )}
            {price.addonsAmountMinor > 0 && (
              <div className="flex justify-between gap-4">
                <dt className="text-slate-600">{t('subscription.addonsLine', { per })}</dt>
                <dd className="tabular-nums">{formatMoney(price.addonsAmountMinor, currency)}</dd>
              </div>
            )}
            <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-semibold text-slate-900">
              <dt>{t('subscription.totalLine', { per })}</dt>
              <dd className="tabular-nums">{formatMoney(price.totalAmountMinor, currency)}</dd>
            </div>
          </dl>
        ) : (
          <p className="text-slate-500">{t('subscription.choosePlanForTotal')}</p>
        )}
      </div>
    </div>
  );
}
