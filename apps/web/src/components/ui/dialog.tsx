import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { Children, type ReactNode, useEffect, useRef } from 'react';
import { cn } from '../../lib/cn';
import { useT } from '../../lib/i18n/i18n';
import { focusIsLost, focusPageHeading } from '../../lib/page-focus';

const WIDTHS = { sm: 'sm:max-w-md', md: 'sm:max-w-lg', lg: 'sm:max-w-2xl', xl: 'sm:max-w-4xl' } as const;

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Announced as the dialog's name; always visible. */
  title: ReactNode;
  /** Announced as the dialog's description; omit for none. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, right-aligned on desktop and full-width stacked on phones. */
  footer?: ReactNode;
  /** Desktop width; below 640 px every dialog is full-width. Default `md`. */
  size?: keyof typeof WIDTHS;
  /** Hide the × button (e.g. while a required step is in progress). */
  hideClose?: boolean;
  /** Block closing by Escape or overlay click (e.g. while saving). */
  preventClose?: boolean;
}

/**
 * Handed from a dialog that closes to one that opens in the same update (e.g. "Add student" giving way to the
 * created account's password): the new one opens while focus is nowhere, and should return it to the button that
 * started both. Cleared right after that update.
 */
let handedOver: HTMLElement | null = null;

/**
 * Gives focus back after a dialog (docs/product.md, "The shell: header, sidebar, toasts"): to its opener if it is
 * still there and focusable, else to the page's heading. A page that leaves with the action (a class created
 * opens the class's page) has its new heading focused by the shell once it shows (route-focus.ts).
 */
function returnFocus(opener: HTMLElement | null) {
  if (opener?.isConnected) {
    opener.focus();
    if (document.activeElement === opener) return;
  }
  // The opener went with the action (a row that changed, a page left): the top of the page, never <body>.
  focusPageHeading();
}

/**
 * The app's modal (Radix): focus is trapped and returned to the opener, Escape and the overlay close it,
 * the title and description label it for screen readers. Content scrolls inside when taller than the screen.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  hideClose = false,
  preventClose = false,
}: DialogProps) {
  const { t } = useT();
  const hasBody = Children.toArray(children).length > 0;
  const block = (event: Event) => {
    if (preventClose) event.preventDefault();
  };
  // Dialogs are opened from state (useDialogState), not by a Radix Trigger, so Radix has no element to return
  // focus to: the one that had focus when the dialog opened is remembered here instead.
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!open) return;
    return () => {
      handedOver = opener.current;
      setTimeout(() => {
        handedOver = null;
      }, 0);
    };
  }, [open]);
  const rememberOpener = () => {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : handedOver;
  };
  const giveFocusBack = (event: Event) => {
    event.preventDefault();
    // Another dialog took over (and was handed the opener), or the page put focus where the action leads
    // meanwhile (the conversation just started, the new page's heading): focus stays there.
    if (!focusIsLost()) return;
    returnFocus(opener.current);
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (next || !preventClose ? onOpenChange(next) : undefined)}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <RadixDialog.Content
          onOpenAutoFocus={rememberOpener}
          onCloseAutoFocus={giveFocusBack}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          className={cn(
            'fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] w-full flex-col rounded-t-2xl bg-white shadow-xl',
            'sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:max-h-[88dvh] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl',
            WIDTHS[size],
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-3 border-b border-slate-100 px-5 py-4">
            <div className="min-w-0">
              <RadixDialog.Title className="text-base font-semibold text-slate-900">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="mt-1 text-sm text-slate-500">{description}</RadixDialog.Description>
              )}
            </div>
            {!hideClose && (
              <RadixDialog.Close
                disabled={preventClose}
                className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50"
                aria-label={t('actions.close')}
              >
                <X className="size-5" aria-hidden="true" />
              </RadixDialog.Close>
            )}
          </div>
          {/* A question its title and description say whole (Deactivate …?) has no body: no empty band. */}
          {hasBody && <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>}
          {footer && (
            <div
              className={cn(
                'flex flex-col-reverse gap-2 px-5 py-3 sm:flex-row sm:justify-end [&>*]:w-full sm:[&>*]:w-auto',
                hasBody && 'border-t border-slate-100',
              )}
            >
              {footer}
            </div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
