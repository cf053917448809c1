import { zodResolver } from '../../../lib/zod-resolver';
import { type Addon, AddonInput } from '@lyceum/shared/company';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { SelectField, TextField } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { ApiError } from '../../../lib/api-client';
import { translate, useT } from '../../../lib/i18n/i18n';
import { asRequest, fromMinor, toMinor } from '../../../lib/zod-fields';
import { useSaveAddon } from '../api/save-addon';

/** The add-on as typed: the price in currency units, the features one per line. */
interface AddonForm {
  name: string;
  description: string;
  icon: string;
  priceMinor: string;
  billingPeriod: 'monthly' | 'yearly';
  features: string;
}

const AddonFormSchema = asRequest(
  (values: AddonForm) => ({
    ...values,
    priceMinor: toMinor(values.priceMinor),
    features: values.features
      .split('\n')
      .map((f) => f.trim())
      .filter(Boolean),
  }),
  AddonInput,
);

interface AddonFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null creates a new add-on. */
  addon: Addon | null;
}

export function AddonFormDialog({ open, onOpenChange, addon }: AddonFormDialogProps) {
  const { t } = useT('plans');
  const save = useSaveAddon();
  const form = useForm({
    resolver: zodResolver(AddonFormSchema),
    defaultValues: {
      name: addon?.name ?? '',
      description: addon?.description ?? '',
      icon: addon?.icon ?? 'puzzle',
      priceMinor: addon ? fromMinor(addon.priceMinor) : '',
      billingPeriod: addon?.billingPeriod ?? 'monthly',
      features: addon?.features.join('\n') ?? '',
    },
  });
  const {
    register,
    formState: { errors },
  } = form;

  // A taken name (409) belongs under the name field, where the user will fix it.
  const nameTaken = (error: unknown) => {
    if (!(error instanceof ApiError && (error.status === 409 || error.fields?.name))) return false;
    form.setError('name', { type: 'server', message: error.fields?.name ?? error.message });
    return true;
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={addon ? t('addonForm.editTitle', { name: addon.name }) : t('addonForm.newTitle')}
      form={form}
      onSubmit={async (input) => {
        const saved = await save.mutateAsync({ id: addon?.id, input });
        toast.success(translate('plans', addon ? 'addonForm.saved' : 'addonForm.created', { name: saved.name }));
      }}
      submitLabel={addon ? t('addonForm.save') : t('addonForm.create')}
      serverFields="all"
      onServerError={nameTaken}
    >
      <TextField id="addon-name" label={t('addonForm.name')} error={errors.name?.message} {...register('name')} />
      <TextField
        id="addon-description"
        label={t('addonForm.description')}
        error={errors.description?.message}
        {...register('description')}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          id="addon-price"
          label={t('addonForm.price')}
          inputMode="decimal"
          error={errors.priceMinor?.message}
          {...register('priceMinor')}
        />
        <SelectField id="addon-billing" label={t('addonForm.billingPeriod')} {...register('billingPeriod')}>
          <option value="monthly">{t('period.monthly')}</option>
          <option value="yearly">{t('period.yearly')}</option>
        </SelectField>
        <TextField id="addon-icon" label={t('addonForm.icon')} error={errors.icon?.message} {...register('icon')} />
      </div>
      <TextAreaField
        id="addon-features"
        label={t('addonForm.features')}
        rows={3}
        error={errors.features?.message}
        {...register('features')}
      />
    </FormDialog>
  );
}
