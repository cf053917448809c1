import { zodResolver } from '../../../lib/zod-resolver';
import { type Addon, type Plan, PlanInput, type PlanLimitsInput } from '@lyceum/shared/company';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { SelectField, TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { applyServerError } from '../../../lib/form-errors';
import { translate, useT } from '../../../lib/i18n/i18n';
import { asRequest, fromMinor, toMinor } from '../../../lib/zod-fields';
import { useSavePlan } from '../api/save-plan';
import { LimitInput } from './limit-input';
import { TrialAllowedCheckbox } from './trial-allowed-checkbox';

/** The plan limits in the order they are shown; their labels are `limits.<key>` in the plans catalogue. */
export const LIMIT_KEYS: readonly (keyof PlanLimitsInput)[] = [
  'maxStudents',
  'maxTeachers',
  'maxParents',
  'maxAdmins',
  'maxPrincipals',
  'storageGB',
  'apiCallsPerMonth',
  'maxSchools',
];

/** The plan as typed: money and numbers as text, the features one per line. */
interface PlanForm {
  name: string;
  description: string;
  priceMinor: string;
  billingPeriod: 'monthly' | 'yearly';
  limits: Record<keyof PlanLimitsInput, string>;
  features: string;
  addonIds: string[];
  color: string;
  yearlyDiscountPercent: string;
  isPopular: boolean;
  trialAllowed: boolean;
}

const DEFAULT_COLOR = '#2563eb';

function initialForm(plan: Plan | null): PlanForm {
  return {
    name: plan?.name ?? '',
    description: plan?.description ?? '',
    priceMinor: plan ? fromMinor(plan.priceMinor) : '',
    billingPeriod: plan?.billingPeriod ?? 'monthly',
    limits: Object.fromEntries(
      LIMIT_KEYS.map((k) => [k, plan ? String(plan.limits[k]) : k === 'maxSchools' ? '1' : '']),
    ) as PlanForm['limits'],
    features: plan?.features.join('\n') ?? '',
    addonIds: plan?.addonIds ?? [],
    color: plan?.color ?? DEFAULT_COLOR,
    yearlyDiscountPercent: plan ? String(plan.yearlyDiscountPercent) : '0',
    isPopular: plan?.isPopular ?? false,
    trialAllowed: plan?.trialAllowed ?? false,
  };
}

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The form as the shared `PlanInput`, checked with the same schema the server uses. */
const PlanFormSchema = asRequest(
  (values: PlanForm) => ({
    ...values,
    priceMinor: toMinor(values.priceMinor),
    limits: Object.fromEntries(LIMIT_KEYS.map((k) => [k, toNumber(values.limits[k])])),
    features: values.features
      .split('\n')
      .map((f) => f.trim())
      .filter(Boolean),
    yearlyDiscountPercent: toNumber(values.yearlyDiscountPercent),
  }),
  PlanInput,
);

interface PlanFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null creates a new plan. */
  plan: Plan | null;
  addons: readonly Addon[];
}

export function PlanFormDialog({ open, onOpenChange, plan, addons }: PlanFormDialogProps) {
  const { t } = useT('plans');
  const save = useSavePlan();
  const form = useForm({ resolver: zodResolver(PlanFormSchema), defaultValues: initialForm(plan) });
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = form;
  const color = watch('color');

  // A taken name (409) belongs under the name field, where the user will fix it.
  const nameTaken = (error: unknown) => {
    if (!(error instanceof ApiError && (error.status === 409 || error.fields?.name))) return false;
    if (error.fields) applyServerError(error, form.setError, 'all');
    form.setError('name', { type: 'server', message: error.fields?.name ?? error.message });
    return true;
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={plan ? t('planForm.editTitle', { name: plan.name }) : t('planForm.newTitle')}
      description={t('planForm.description')}
      size="lg"
      form={form}
      onSubmit={async (input) => {
        const saved = await save.mutateAsync({ id: plan?.id, input });
        toast.success(translate('plans', plan ? 'planForm.saved' : 'planForm.created', { name: saved.name }));
      }}
      submitLabel={plan ? t('planForm.save') : t('planForm.create')}
      serverFields="all"
      onServerError={nameTaken}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="plan-name" label={t('planForm.name')} error={errors.name?.message} {...register('name')} />
        <TextField
          id="plan-price"
          label={t('planForm.price')}
          inputMode="decimal"
          error={errors.priceMinor?.message}
          placeholder="100.00"
          {...register('priceMinor')}
        />
        <SelectField id="plan-billing" label={t('planForm.billingPeriod')} {...register('billingPeriod')}>
          <option value="monthly">{t('period.monthly')}</option>
          <option value="yearly">{t('period.yearly')}</option>
        </SelectField>
        <TextField
          id="plan-discount"
          label={t('planForm.yearlyDiscount')}
          type="number"
          min={0}
          max={100}
          error={errors.yearlyDiscountPercent?.message}
          {...register('yearlyDiscountPercent')}
        />
      </div>
      <TextField
        id="plan-description"
        label={t('planForm.descriptionField')}
        error={errors.description?.message}
        {...register('description')}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">{t('planForm.limits')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {LIMIT_KEYS.map((key) => (
            <Controller
              key={key}
              control={control}
              name={`limits.${key}`}
              render={({ field }) => (
                <LimitInput
                  id={`plan-limit-${key}`}
                  label={t(`limits.${key}`)}
                  unlimitedLabel={t(`unlimitedLimits.${key}`)}
                  // The first limit in error takes the focus (docs/product.md, "The shell").
                  ref={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.limits?.[key]?.message}
                />
              )}
            />
          ))}
        </div>
      </fieldset>
      <TextAreaField
        id="plan-features"
        label={t('planForm.features')}
        rows={4}
        error={errors.features?.message}
        {...register('features')}
      />
      {addons.length > 0 && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-slate-900">{t('planForm.includedAddons')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {addons.map((addon) => (
              <label key={addon.id} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="size-4 rounded border-slate-300"
                  value={addon.id}
                  {...register('addonIds')}
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
            {t('planForm.colour')}
          </label>
          <div className="flex items-center gap-2">
            <input
              id="plan-color"
              type="color"
              // Closing the dialog resets the form, which resets the native form too: without a default of its
              // own the colour input would go back to "", which the browser warns is no colour.
              defaultValue={DEFAULT_COLOR}
              className="h-10 w-14 rounded border border-slate-300"
              {...register('color')}
            />
            <span className="font-mono text-sm text-slate-600">{color}</span>
          </div>
          {errors.color && <p className="text-xs font-medium text-red-600">{errors.color.message}</p>}
        </div>
        <label className="flex items-center gap-2 pb-2 text-sm text-slate-700">
          <input type="checkbox" className="size-4 rounded border-slate-300" {...register('isPopular')} />
          {t('planForm.popular')}
        </label>
        <TrialAllowedCheckbox registration={register('trialAllowed')} />
      </div>
    </FormDialog>
  );
}
