import { zodResolver } from '../../../lib/zod-resolver';
import {
  type EmergencyContact,
  EmergencyContactsRequest,
  MAX_EMERGENCY_CONTACTS,
} from '@lyceum/shared/emergency-contacts';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-error';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n/i18n';
import { useSaveEmergencyContacts } from '../api/emergency-contacts';

const blank = { name: '', relationship: '', phone: '' };

/**
 * Edits one student's emergency contacts as one ordered list: add, change, remove and move up or down, then
 * one save replaces the list (the first contact is called first).
 */
export function EmergencyContactsDialog({
  studentId,
  studentName,
  contacts,
  open,
  onOpenChange,
}: {
  studentId: string;
  studentName: string;
  contacts: readonly EmergencyContact[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useT('emergency-contact');
  const save = useSaveEmergencyContacts();
  const form = useForm({
    resolver: zodResolver(EmergencyContactsRequest),
    values: { contacts: contacts.map(({ name, relationship, phone }) => ({ name, relationship, phone })) },
  });
  const list = useFieldArray({ control: form.control, name: 'contacts' });
  const errors = form.formState.errors.contacts;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('edit.title', { name: studentName })}
      description={t('edit.description', { max: MAX_EMERGENCY_CONTACTS })}
      size="lg"
      form={form}
      onSubmit={async (values) => {
        await save.mutateAsync({ studentId, contacts: values.contacts });
        toast.success(t('edit.saved', { name: studentName }));
      }}
      submitLabel={t('edit.save')}
      serverFields="all"
    >
      {list.fields.length === 0 && <p className="text-sm text-slate-600">{t('edit.none')}</p>}
      <ol className="space-y-4">
        {list.fields.map((field, i) => (
          <li key={field.id} className="rounded-lg border border-slate-200 p-3">
            <div className="mb-2 flex items-center justify-between gap-2">
              <span className="text-sm font-medium text-slate-700">{t('edit.position', { n: i + 1 })}</span>
              <div className="flex gap-1">
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={i === 0}
                  onClick={() => list.move(i, i - 1)}
                  aria-label={t('edit.moveUp', { n: i + 1 })}
                >
                  <ArrowUp className="size-4" aria-hidden="true" />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={i === list.fields.length - 1}
                  onClick={() => list.move(i, i + 1)}
                  aria-label={t('edit.moveDown', { n: i + 1 })}
                >
                  <ArrowDown className="size-4" aria-hidden="true" />
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => list.remove(i)}
                  aria-label={t('edit.remove', { n: i + 1 })}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </div>
            </div>
            <div className="grid gap-3 sm:grid-cols-3">
              <TextField
                id={`ec-${i}-name`}
                label={t('fields.name')}
                autoComplete="off"
                error={errors?.[i]?.name?.message}
                {...form.register(`contacts.${i}.name`)}
              />
              <TextField
                id={`ec-${i}-relationship`}
                label={t('fields.relationship')}
                autoComplete="off"
                error={errors?.[i]?.relationship?.message}
                {...form.register(`contacts.${i}.relationship`)}
              />
              <TextField
                id={`ec-${i}-phone`}
                label={t('fields.phone')}
                type="tel"
                inputMode="tel"
                dir="ltr"
                autoComplete="off"
                error={errors?.[i]?.phone?.message}
                {...form.register(`contacts.${i}.phone`)}
              />
            </div>
          </li>
        ))}
      </ol>
      {errors?.root?.message && <FieldError id="ec-list" message={errors.root.message} />}
      {errors?.message && <FieldError id="ec-list" message={errors.message} />}
      <Button
        variant="secondary"
        disabled={list.fields.length >= MAX_EMERGENCY_CONTACTS}
        onClick={() => list.append(blank)}
      >
        <Plus className="size-4" aria-hidden="true" />
        {t('edit.add')}
      </Button>
    </FormDialog>
  );
}
