import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../lib/api-client';
import { useT } from '../../lib/i18n/i18n';
import { showingFailuresIn } from '../../lib/query-client';
import { Alert } from './alert';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What will happen, in the user's words; shown under the title. */
  description: ReactNode;
  /** Label of the confirming button, e.g. "Deactivate". */
  confirmLabel: string;
  cancelLabel?: string;
  /** `danger` for destructive or hard-to-undo actions. */
  tone?: 'primary' | 'danger';
  /** True while the action runs: the button spins and the dialog cannot be dismissed. */
  pending?: boolean;
  /**
   * Runs the action. A mutation it starts that fails, or a promise it returns that rejects, shows its message
   * inside the dialog, which stays open (see `showingFailuresIn`). It runs once per click until the action is
   * over: until the promise it returns settles, or else until `pending` has come and gone (or the dialog shows a
   * refusal, or closes).
   */
  onConfirm: () => unknown;
  /**
   * The way forward after a refusal, shown under it (e.g. a link to the timetable whose lessons block the
   * action, and a button that deletes them): given the refusal's error; nothing when it returns nothing.
   */
  afterRefusal?: (error: unknown) => ReactNode;
  children?: ReactNode;
}

/**
 * Asks before an action; the caller runs it in `onConfirm` and closes the dialog once it succeeds. A refusal
 * (e.g. a class that still has lessons) is shown in the dialog as an alert: a modal hides everything outside it
 * from screen readers, so a toast would be seen but not heard (and on a phone may sit under the dialog). It is
 * cleared when the action is retried or the dialog closes, and toasted only if the dialog has closed.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  tone = 'primary',
  pending = false,
  onConfirm,
  afterRefusal,
  children,
}: ConfirmDialogProps) {
  const { t } = useT();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [refusedWith, setRefusedWith] = useState<unknown>(null);
  // Read by failures that arrive after the click, when this render's props may be stale.
  const live = useRef({ open, refusal: null as string | null, reported: undefined as unknown });

  // One click, one action. `pending` (a mutation's isPending) reaches this render only once TanStack has told
  // its observers, in a later task: the second click of a double click would find the button enabled and send
  // the request again (the server's guard then refusing it in the dialog after the success). The first click
  // takes this at once; it is given back when the action is over.
  const taken = useRef(false);
  const [taking, setTaking] = useState(false);
  const sawPending = useRef(false);
  const release = useCallback(() => {
    taken.current = false;
    sawPending.current = false;
    setTaking(false);
  }, []);
  useEffect(() => {
    if (pending) sawPending.current = true;
    else if (sawPending.current) release();
  }, [pending, release]);

  const show = (message: string | null, error: unknown = null) => {
    live.current.refusal = message;
    setRefusal(message);
    setRefusedWith(error);
  };

  useEffect(() => {
    live.current.open = open;
    if (open) return;
    release();
    // Closed by the page rather than by Cancel right after a refusal: the message would go with the dialog.
    if (live.current.refusal) toast.error(live.current.refusal);
    live.current.refusal = null;
    setRefusal(null);
    setRefusedWith(null);
  }, [open, release]);

  useEffect(
    () => () => {
      live.current.open = false;
    },
    [],
  );

  /** Shows a failure of this action in the dialog; false once it has closed (the caller then toasts it). */
  const report = (error: unknown) => {
    live.current.reported = error;
    release();
    if (!live.current.open) return false;
    show(errorMessage(error), error);
    return true;
  };

  const confirm = () => {
    if (taken.current) return;
    taken.current = true;
    setTaking(true);
    show(null);
    live.current.reported = undefined;
    let result: unknown;
    try {
      result = showingFailuresIn(report, onConfirm);
    } catch (error) {
      release();
      throw error;
    }
    if (result instanceof Promise) {
      result.then(release, (error: unknown) => {
        release();
        if (error !== live.current.reported && !report(error)) toast.error(errorMessage(error));
      });
    }
  };

  const dismiss = (next: boolean) => {
    if (!next) show(null);
    onOpenChange(next);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={dismiss}
      title={title}
      description={description}
      size="sm"
      preventClose={pending || taking}
      footer={
        <>
          <Button variant="secondary" onClick={() => dismiss(false)} disabled={pending || taking}>
            {cancelLabel ?? t('actions.cancel')}
          </Button>
          <Button variant={tone} onClick={confirm} loading={pending || taking}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {refusal && <Alert className={children ? 'mb-4' : undefined}>{refusal}</Alert>}
      {refusal && afterRefusal?.(refusedWith)}
      {children}
    </Dialog>
  );
}
