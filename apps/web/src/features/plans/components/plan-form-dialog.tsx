import { type Addon, type Plan, PlanInput, type PlanLimitsInput } from '@lyceum/shared/company';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { DialogFormFooter } from '../../../components/ui/dialog-form-footer';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { SelectField, TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { fieldErrors, fromMinor, toMinor, serverFieldErrors } from '../../../lib/zod-fields';
import { useSavePlan } from '../api/save-plan';
import { LimitInput } from './limit-input';

export const LIMIT_LABELS: Record<keyof PlanLimitsInput, string> = {
  maxStudents: 'Students',
  maxTeachers: 'Teachers',
  maxParents: 'Parents',
  maxAdmins: 'Admins',
  maxPrincipals: 'Principals',
  storageGB: 'Storage (GB)',
  apiCallsPerMonth: 'API calls per month',
  maxSchools: 'Schools',
};
const LIMIT_KEYS = Object.keys(LIMIT_LABELS) as (keyof PlanLimitsInput)[];

interface FormState {
  name: string;
  description: string;
  price: string;
  billingPeriod: 'monthly' | 'yearly';
  limits: Record<keyof PlanLimitsInput, string>;
  features: string;
  addonIds: string[];
  color: string;
  yearlyDiscountPercent: string;
  isPopular: boolean;
}

function initialState(plan: Plan | null): FormState {
  return {
    name: plan?.name ?? '',
    description: plan?.description ?? '',
    price: plan ? fromMinor(plan.priceMinor) : '',
    billingPeriod: plan?.billingPeriod ?? 'monthly',
    limits: Object.fromEntries(
      LIMIT_KEYS.map((k) => [k, plan ? String(plan.limits[k]) : k === 'maxSchools' ? '1' : '']),
    ) as FormState['limits'],
    features: plan?.features.join('\n') ?? '',
    addonIds: plan?.addonIds ?? [],
    color: plan?.color ?? '#2563eb',
    yearlyDiscountPercent: plan ? String(plan.yearlyDiscountPercent) : '0',
    isPopular: plan?.isPopular ?? false,
  };
}

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** Turns the form into the shared `PlanInput` and checks it with the same schema the server uses. */
export function parsePlanForm(state: FormState) {
  return PlanInput.safeParse({
    name: state.name,
    description: state.description,
    priceMinor: toMinor(state.price),
    billingPeriod: state.billingPeriod,
    limits: Object.fromEntries(LIMIT_KEYS.map((k) => [k, toNumber(state.limits[k])])),
    features: state.features
      .split('\n')
      .map((f) => f.trim())
      .filter(Boolean),
    addonIds: state.addonIds,
    color: state.color,
    yearlyDiscountPercent: toNumber(state.yearlyDiscountPercent),
    isPopular: state.isPopular,
  });
}

interface PlanFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null creates a new plan. */
  plan: Plan | null;
  addons: readonly Addon[];
}

export function PlanFormDialog({ open, onOpenChange, plan, addons }: PlanFormDialogProps) {
  const [state, setState] = useState(() => initialState(plan));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSavePlan();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setState((s) => ({ ...s, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parsePlanForm(state);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(
      { id: plan?.id, input: parsed.data },
      {
        onSuccess: (saved) => {
          toast.success(plan ? `Plan "${saved.name}" saved` : `Plan "${saved.name}" created`);
          onOpenChange(false);
        },
        onError: (error) => {
          // A taken name (409) belongs under the name field, where the user will fix it.
          if (error instanceof ApiError && (error.status === 409 || error.fields?.name)) {
            setErrors({ ...(error.fields ?? {}), name: error.fields?.name ?? error.message });
          } else {
            setErrors(serverFieldErrors(error));
          }
        },
      },
    );
  };

  const formId = 'plan-form';
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={plan ? `Edit ${plan.name}` : 'New plan'}
      description="Prices are per month; the yearly discount applies when a school is billed yearly."
      size="lg"
      preventClose={save.isPending}
      footer={
        <DialogFormFooter
          formId={formId}
          submitLabel={plan ? 'Save plan' : 'Create plan'}
          pending={save.isPending}
          onCancel={() => onOpenChange(false)}
        />
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        {errors.form && <Alert>{errors.form}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="plan-name"
            label="Name"
            value={state.name}
            onChange={(e) => set('name', e.target.value)}
            error={errors.name}
          />
          <TextField
            id="plan-price"
            label="Price per month (USD)"
            inputMode="decimal"
            value={state.price}
            onChange={(e) => set('price', e.target.value)}
            error={errors.priceMinor}
            placeholder="100.00"
          />
          <SelectField
            id="plan-billing"
            label="Billing period"
            value={state.billingPeriod}
            onChange={(e) => set('billingPeriod', e.target.value as FormState['billingPeriod'])}
          >
            <option value="monthly">Monthly</option>
            <option value="yearly">Yearly</option>
          </SelectField>
          <TextField
            id="plan-discount"
            label="Yearly discount (%)"
            type="number"
            min={0}
            max={100}
            value={state.yearlyDiscountPercent}
            onChange={(e) => set('yearlyDiscountPercent', e.target.value)}
            error={errors.yearlyDiscountPercent}
          />
        </div>
        <TextField
          id="plan-description"
          label="Description"
          value={state.description}
          onChange={(e) => set('description', e.target.value)}
          error={errors.description}
        />
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900">Limits</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {LIMIT_KEYS.map((key) => (
              <LimitInput
                key={key}
                id={`plan-limit-${key}`}
                label={LIMIT_LABELS[key]}
                value={state.limits[key]}
                onChange={(value) => set('limits', { ...state.limits, [key]: value })}
                error={errors[`limits.${key}`]}
              />
            ))}
          </div>
        </fieldset>
        <TextAreaField
          id="plan-features"
          label="Features (one per line)"
          rows={4}
          value={state.features}
          onChange={(e) => set('features', e.target.value)}
          error={errors.features}
        />
        {addons.length > 0 && (
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold text-slate-900">Included add-ons</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {addons.map((addon) => (
                <label key={addon.id} className="flex items-center gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    className="size-4 rounded border-slate-300"
                    checked={state.addonIds.includes(addon.id)}
                    onChange={(e) =>
                      set(
                        'addonIds',
                        e.target.checked ? [...state.addonIds, addon.id] : state.addonIds.filter((a) => a !== addon.id),
                      )
                    }
                  />
                  {addon.name}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <div className="flex flex-wrap items-end gap-6">
          <div className="space-y-1.5">
            <label htmlFor="plan-color" className="block text-sm font-medium text-slate-700">
              Colour
            </label>
            <div className="flex items-center gap-2">
              <input
                id="plan-color"
                type="color"
                value={state.color}
                onChange={(e) => set('color', e.target.value)}
                className="h-10 w-14 rounded border border-slate-300"
              />
              <span className="font-mono text-sm text-slate-600">{state.color}</span>
            </div>
            {errors.color && <p className="text-xs font-medium text-red-600">{errors.color}</p>}
          </div>
          <label className="flex items-center gap-2 pb-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="size-4 rounded border-slate-300"
              checked={state.isPopular}
              onChange={(e) => set('isPopular', e.target.checked)}
            />
            Mark as popular
          </label>
        </div>
      </form>
    </Dialog>
  );
}
