import { AlertCircle, CheckCircle2 } from 'lucide-react';
import { type ReactNode, type Ref, useEffect, useRef } from 'react';
import { cn } from '../../lib/cn';
import { focusIsFree } from '../../lib/form-errors';

interface AlertProps {
  tone?: 'error' | 'success' | 'info';
  children: ReactNode;
  className?: string;
  ref?: Ref<HTMLDivElement>;
  tabIndex?: number;
}

const TONES = {
  // i18n-exempt: class names
  error: 'border-red-200 bg-red-50 text-red-800',
  // i18n-exempt: class names
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  info: 'border-blue-200 bg-blue-50 text-blue-800',
} as const;

/** A message in the flow of a form; errors are announced (role="alert"), other tones politely (role="status"). */
export function Alert({ tone = 'error', children, className, ref, tabIndex }: AlertProps) {
  const Icon = tone === 'error' ? AlertCircle : CheckCircle2;
  return (
    <div
      ref={ref}
      tabIndex={tabIndex}
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm', TONES[tone], className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}

/**
 * A form's refusal that names none of its fields (a sign-up over the day's limit, an expired link), above the
 * fields. On a form taller than the screen it would be out of view, and the submit button, disabled while the
 * request ran, has dropped focus to <body>, so pressing it seemed to do nothing: the message takes the focus,
 * which scrolls it into view, and the next Tab goes on into the form. If the user has moved focus out of the
 * form meanwhile it is left there, and the message is only scrolled into view.
 */
export function FormAlert({ children, className }: { children: ReactNode; className?: string }) {
  const alert = useRef<HTMLDivElement>(null);
  // On mount: a form clears its message when it is sent again, so each refusal shows a new one.
  useEffect(() => {
    const el = alert.current;
    if (!el) return;
    if (focusIsFree(el.closest('form'))) el.focus();
    else el.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <Alert ref={alert} tabIndex={-1} className={cn('scroll-mt-4', className)}>
      {children}
    </Alert>
  );
}
