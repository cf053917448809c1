import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

const CONTROL =
  'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 ' +
  'focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500/30 disabled:bg-slate-100 disabled:text-slate-500';

function controlClasses(invalid: boolean, className?: string): string {
  return cn(CONTROL, invalid ? 'border-red-400' : 'border-slate-300', className);
}

interface FieldShellProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A label, the control, an optional hint and the inline error, wired together for screen readers. */
export function Field({ id, label, error, hint, children, className }: FieldShellProps) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  containerClassName?: string;
}

export function TextField({ id, label, error, hint, className, containerClassName, ...props }: TextFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={containerClassName}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={controlClasses(Boolean(error), className)}
        {...props}
      />
    </Field>
  );
}

export interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'id'> {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  containerClassName?: string;
}

export function SelectField({
  id,
  label,
  error,
  hint,
  className,
  containerClassName,
  children,
  ...props
}: SelectFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={containerClassName}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={controlClasses(Boolean(error), cn('pe-8', className))}
        {...props}
      >
        {children}
      </select>
    </Field>
  );
}
