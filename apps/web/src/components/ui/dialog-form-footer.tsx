import { useT } from '../../lib/i18n/i18n';
import { Button } from './button';

interface DialogFormFooterProps {
  /** The `id` of the form inside the dialog: the submit button sits in the footer, outside it. */
  formId: string;
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
  disabled?: boolean;
  tone?: 'primary' | 'danger';
}

/** Cancel and submit for a dialog whose form is in its body. */
export function DialogFormFooter({
  formId,
  submitLabel,
  pending,
  onCancel,
  disabled,
  tone = 'primary',
}: DialogFormFooterProps) {
  const { t } = useT();
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" form={formId} variant={tone} loading={pending} disabled={disabled}>
        {submitLabel}
      </Button>
    </>
  );
}
