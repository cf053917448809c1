import { zodResolver } from '../../lib/zod-resolver';
import { ReasonRequest } from '@lyceum/shared/company';
import { useForm } from 'react-hook-form';
import { useT } from '../../lib/i18n/i18n';
import { FormDialog } from './form-dialog';
import { TextAreaField } from './textarea-field';

interface ReasonDialogProps {
  title: string;
  /** Who will read the reason, e.g. "The school sees this reason." */
  description?: string;
  confirmLabel?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Sends the rejection; the dialog closes when it resolves. */
  onSubmit: (reason: string) => Promise<unknown>;
}

/** Asks for a reason (3–500 characters, the shared `ReasonRequest`) before a rejection. */
export function ReasonDialog({ title, description, confirmLabel, open, onOpenChange, onSubmit }: ReasonDialogProps) {
  const { t } = useT();
  const form = useForm({ resolver: zodResolver(ReasonRequest), defaultValues: { reason: '' } });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description ?? t('reason.description')}
      size="sm"
      form={form}
      onSubmit={({ reason }) => onSubmit(reason)}
      submitLabel={confirmLabel ?? t('actions.reject')}
      tone="danger"
      serverFields={['reason']}
      className=""
    >
      <TextAreaField
        id="reject-reason"
        label={t('reason.label')}
        rows={3}
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
    </FormDialog>
  );
}
