import type { PublicPlan } from '@lyceum/shared/api';
import { TRIAL_DAYS, UNLIMITED } from '@lyceum/shared/plans';
import { Check } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatMoney } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { useTrialPlans } from '../api/get-trial-plans';

interface PlanChoiceProps {
  registration: UseFormRegisterReturn;
  /** The plan chosen now (the form's value): its card says so. */
  chosen: string;
  error?: string;
}

/**
 * Radio cards for the trial-able plans of GET /plans (school signup). The chosen card is marked with a filled
 * check and "Chosen", not only a blue border: with one plan offered there is nothing to compare the border with,
 * and the plan's colour, once a dot beside its name, read as an empty radio button. The colour is a stripe along
 * the card's top instead.
 */
export function PlanChoice({ registration, chosen, error }: PlanChoiceProps) {
  const { t } = useT('auth');
  const plans = useTrialPlans();
  const period = (plan: PublicPlan) => (plan.billingPeriod === 'yearly' ? t('plans.perYear') : t('plans.perMonth'));
  const students = (max: number) =>
    max === UNLIMITED ? t('plans.unlimitedStudents') : t('plans.students', { count: max });

  return (
    <fieldset aria-describedby={error ? 'plan-error' : undefined}>
      <legend className="text-sm font-medium text-slate-700">{t('plans.legend')}</legend>
      <p className="mt-0.5 text-xs text-slate-500">{t('plans.changeLater')}</p>
      {plans.isPending ? (
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {['a', 'b', 'c', 'd'].map((key) => (
            <Skeleton key={key} className="h-32" />
          ))}
        </div>
      ) : plans.isError ? (
        <ErrorState className="mt-3" error={plans.error} onRetry={() => plans.refetch()} retrying={plans.isFetching} />
      ) : (
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {plans.data.map((plan) => {
            const isChosen = plan.id === chosen;
            return (
              <div key={plan.id} className="relative">
                <input id={`plan-${plan.id}`} type="radio" value={plan.id} className="peer sr-only" {...registration} />
                <label
                  htmlFor={`plan-${plan.id}`}
                  className="relative flex h-full cursor-pointer flex-col overflow-hidden rounded-xl border border-slate-200 bg-white p-4 pt-5 transition-colors hover:border-slate-300 peer-checked:border-blue-600 peer-checked:bg-blue-50/40 peer-checked:ring-2 peer-checked:ring-blue-600/20 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-600"
                >
                  <span
                    aria-hidden="true"
                    className="absolute inset-x-0 top-0 h-1"
                    style={{ backgroundColor: plan.color }}
                  />
                  <span className="flex items-start justify-between gap-2">
                    <span className="font-semibold text-slate-900">{plan.name}</span>
                    <span className="flex shrink-0 items-center gap-2">
                      {plan.isPopular && (
                        <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs font-medium text-blue-800">
                          {t('plans.popular')}
                        </span>
                      )}
                      {/* The radio itself says checked to a screen reader; this is for the eye. */}
                      {isChosen ? (
                        <span
                          aria-hidden="true"
                          className="flex items-center gap-1 text-xs font-semibold text-blue-700"
                        >
                          <span className="grid size-5 place-items-center rounded-full bg-blue-600">
                            <Check className="size-3.5 text-white" strokeWidth={3} />
                          </span>
                          {t('plans.chosen')}
                        </span>
                      ) : (
                        <span aria-hidden="true" className="size-5 rounded-full border-2 border-slate-300 bg-white" />
                      )}
                    </span>
                  </span>
                  <span className="mt-1 text-sm text-slate-500">{plan.description}</span>
                  {/* Sign-up starts a free trial of the plan (docs/product.md, "Sign-up"); the price comes after it. */}
                  <span className="mt-3 text-lg font-semibold text-slate-900">
                    {t('plans.freeTrial', { days: TRIAL_DAYS })}
                  </span>
                  <span className="text-sm text-slate-600">
                    {t('plans.then', { price: formatMoney(plan.priceMinor, plan.currency) })}
                    {period(plan)}
                  </span>
                  <span className="mt-2 space-y-1 text-xs text-slate-600">
                    {typeof plan.limits.maxStudents === 'number' && (
                      <span className="flex items-center gap-1.5">
                        <Check className="size-3.5 text-emerald-600" aria-hidden="true" />
                        {students(plan.limits.maxStudents)}
                      </span>
                    )}
                    {plan.features.slice(0, 3).map((feature) => (
                      <span key={feature} className="flex items-center gap-1.5">
                        <Check className="size-3.5 text-emerald-600" aria-hidden="true" />
                        {feature}
                      </span>
                    ))}
                  </span>
                </label>
              </div>
            );
          })}
        </div>
      )}
      {error && (
        <p id="plan-error" className="mt-2 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
