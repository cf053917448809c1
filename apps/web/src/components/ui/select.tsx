import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { FieldError } from './field-error';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<ComponentProps<'select'>, 'id' | 'children'> {
  id: string;
  /** Always given: shown above the control, or only to screen readers with `hideLabel` (compact filter bars). */
  label: string;
  hideLabel?: boolean;
  options: readonly SelectOption[];
  /** A first option with an empty value, e.g. "All classes" or "Choose a class". */
  placeholder?: string;
  error?: string;
  containerClassName?: string;
}

/**
 * A native, labelled select: the platform's picker on phones, full keyboard support everywhere. For selects
 * inside react-hook-form forms `register(...)` spreads straight onto it. Use `SelectField` in `field.tsx` when
 * you need free-form `<option>` children.
 */
export function Select({
  id,
  label,
  hideLabel = false,
  options,
  placeholder,
  error,
  className,
  containerClassName,
  ...props
}: SelectProps) {
  return (
    <div className={cn('space-y-1.5', containerClassName)}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'block text-sm font-medium text-slate-700'}>
        {label}
      </label>
      <select
        // Remounted when its options first arrive: a value given before them (a form's default, e.g. the class
        // a class page opened "Add new student" for) matches no option yet, so the browser shows the first one;
        // the new element takes the value again now that it has its option.
        key={options.length === 0 ? 'no-options' : 'options'}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(
          'block h-10 w-full rounded-lg border bg-white py-2 pe-8 ps-3 text-sm text-slate-900 shadow-sm',
          'focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none disabled:bg-slate-100',
          error ? 'border-red-400' : 'border-slate-300',
          className,
        )}
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      {error && <FieldError id={id} message={error} />}
    </div>
  );
}
