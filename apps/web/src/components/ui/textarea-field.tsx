import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { FieldError } from './field-error';

export interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  id: string;
  label: string;
  error?: string;
  containerClassName?: string;
}

/** A labelled multi-line input with its inline error, wired for screen readers like `TextField`. */
export function TextAreaField({ id, label, error, className, containerClassName, ...props }: TextAreaFieldProps) {
  return (
    <div className={cn('space-y-1.5', containerClassName)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(
          'block w-full rounded-lg border bg-white px-3 py-2 text-sm shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none',
          error ? 'border-red-400' : 'border-slate-300',
          className,
        )}
        {...props}
      />
      {error && <FieldError id={id} message={error} />}
    </div>
  );
}
