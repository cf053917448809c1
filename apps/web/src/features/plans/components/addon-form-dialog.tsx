import { type Addon, AddonInput } from '@lyceum/shared/company';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { DialogFormFooter } from '../../../components/ui/dialog-form-footer';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { SelectField, TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { fieldErrors, fromMinor, toMinor, serverFieldErrors } from '../../../lib/zod-fields';
import { useSaveAddon } from '../api/save-addon';

interface AddonFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null creates a new add-on. */
  addon: Addon | null;
}

export function AddonFormDialog({ open, onOpenChange, addon }: AddonFormDialogProps) {
  const [name, setName] = useState(addon?.name ?? '');
  const [description, setDescription] = useState(addon?.description ?? '');
  const [icon, setIcon] = useState(addon?.icon ?? 'puzzle');
  const [price, setPrice] = useState(addon ? fromMinor(addon.priceMinor) : '');
  const [billingPeriod, setBillingPeriod] = useState(addon?.billingPeriod ?? 'monthly');
  const [features, setFeatures] = useState(addon?.features.join('\n') ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveAddon();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AddonInput.safeParse({
      name,
      description,
      icon,
      priceMinor: toMinor(price),
      billingPeriod,
      features: features
        .split('\n')
        .map((f) => f.trim())
        .filter(Boolean),
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(
      { id: addon?.id, input: parsed.data },
      {
        onSuccess: (saved) => {
          toast.success(addon ? `Add-on "${saved.name}" saved` : `Add-on "${saved.name}" created`);
          onOpenChange(false);
        },
        onError: (error) => {
          if (error instanceof ApiError && (error.status === 409 || error.fields?.name)) {
            setErrors({ name: error.fields?.name ?? error.message });
          } else {
            setErrors(serverFieldErrors(error));
          }
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={addon ? `Edit ${addon.name}` : 'New add-on'}
      preventClose={save.isPending}
      footer={
        <DialogFormFooter
          formId="addon-form"
          submitLabel={addon ? 'Save add-on' : 'Create add-on'}
          pending={save.isPending}
          onCancel={() => onOpenChange(false)}
        />
      }
    >
      <form id="addon-form" onSubmit={submit} noValidate className="space-y-4">
        {errors.form && <Alert>{errors.form}</Alert>}
        <TextField
          id="addon-name"
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        <TextField
          id="addon-description"
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={errors.description}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            id="addon-price"
            label="Price (USD)"
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            error={errors.priceMinor}
          />
          <SelectField
            id="addon-billing"
            label="Billing period"
            value={billingPeriod}
            onChange={(e) => setBillingPeriod(e.target.value as 'monthly' | 'yearly')}
          >
            <option value="monthly">Monthly</option>
            <option value="yearly">Yearly</option>
          </SelectField>
          <TextField
            id="addon-icon"
            label="Icon"
            value={icon}
            onChange={(e) => setIcon(e.target.value)}
            error={errors.icon}
          />
        </div>
        <TextAreaField
          id="addon-features"
          label="Features (one per line)"
          rows={3}
          value={features}
          onChange={(e) => setFeatures(e.target.value)}
          error={errors.features}
        />
      </form>
    </Dialog>
  );
}
