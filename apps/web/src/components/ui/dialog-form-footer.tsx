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
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" form={formId} variant={tone} loading={pending} disabled={disabled}>
        {submitLabel}
      </Button>
    </>
  );
}
