import { type ReactNode, useId, useRef } from 'react';
import toast from 'react-hot-toast';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { applyServerError, useFocusFirstShownError } from '../../lib/form-errors';
import { FormAlert } from './alert';
import { Dialog, type DialogProps } from './dialog';
import { DialogFormFooter } from './dialog-form-footer';

export interface FormDialogProps<TValues extends FieldValues, TOutput, TResult> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  size?: DialogProps['size'];
  /** The dialog's react-hook-form (with `zodResolver` over the shared schema). */
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** Saves the checked values. Resolving closes the dialog; throwing keeps it open with the server's errors. */
  onSubmit: (values: TOutput) => Promise<TResult>;
  /** After a save, once the dialog has closed (navigate, show the created account…). */
  onSaved?: (result: TResult) => void;
  submitLabel: string;
  tone?: 'primary' | 'danger';
  submitDisabled?: boolean;
  /** Fields the server's `fields` may name (`'all'`: errors follow the request's paths); else the alert. */
  serverFields?: readonly Path<TValues>[] | 'all';
  /** Places a server error itself (e.g. a taken name under the name field); return true when it did. */
  onServerError?: (error: unknown) => boolean;
  /** A toast in the form's own words on failure, for mutations marked `NO_ERROR_TOAST`. */
  errorToast?: string;
  /** Extra classes for the `<form>` (default: fields stacked with `space-y-4`). */
  className?: string;
  children: ReactNode;
}

/**
 * Every dialog that edits something: title, the form, Cancel and submit in the footer (disabled while
 * saving, and the dialog cannot be dismissed meanwhile), the server's field errors put under their fields,
 * and the form reset and the dialog closed once the save succeeds.
 */
export function FormDialog<TValues extends FieldValues, TOutput, TResult>({
  open,
  onOpenChange,
  title,
  description,
  size,
  form,
  onSubmit,
  onSaved,
  submitLabel,
  tone,
  submitDisabled,
  serverFields = [],
  onServerError,
  errorToast,
  className = 'space-y-4',
  children,
}: FormDialogProps<TValues, TOutput, TResult>) {
  const formId = useId();
  const {
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, submitCount },
  } = form;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstShownError(formRef, submitCount);

  const close = () => {
    reset();
    onOpenChange(false);
  };

  // The form's own failure toast, one at a time: a later try takes it away, so a refusal corrected in time
  // never stays on screen beside the success (docs/product.md, "The shell").
  const failureToast = `form-dialog-failure-${formId}`;
  const submit = handleSubmit(async (values) => {
    toast.dismiss(failureToast);
    let result: TResult;
    try {
      result = await onSubmit(values);
    } catch (error) {
      if (!onServerError?.(error)) applyServerError(error, setError, serverFields);
      if (errorToast) toast.error(errorToast, { id: failureToast });
      return;
    }
    close();
    onSaved?.(result);
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={title}
      description={description}
      size={size}
      preventClose={isSubmitting}
      footer={
        <DialogFormFooter
          formId={formId}
          submitLabel={submitLabel}
          pending={isSubmitting}
          onCancel={close}
          disabled={submitDisabled}
          tone={tone}
        />
      }
    >
      <form ref={formRef} id={formId} onSubmit={submit} noValidate className={className}>
        {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
        {children}
      </form>
    </Dialog>
  );
}
