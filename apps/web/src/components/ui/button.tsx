import { type ComponentProps, useState } from 'react';
import { cn } from '../../lib/cn';
import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';
type Size = 'sm' | 'md' | 'lg';

// Unavailable looks the same disabled or aria-disabled (a button that keeps the focus, see Button).
const VARIANTS: Record<Variant, string> = {
  primary: 'bg-blue-600 text-white shadow-sm hover:bg-blue-700 disabled:bg-blue-400 aria-disabled:bg-blue-400',
  secondary:
    'border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50 disabled:text-slate-400 aria-disabled:text-slate-400',
  ghost: 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:text-slate-400 aria-disabled:text-slate-400',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700 disabled:bg-red-400 aria-disabled:bg-red-400',
};

const SIZES: Record<Size, string> = {
  sm: 'h-8 gap-1.5 px-3 text-sm',
  md: 'h-10 gap-2 px-4 text-sm',
  lg: 'h-11 gap-2 px-5 text-base',
};

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: Variant;
  size?: Size;
  /** Shows a spinner and disables the button (e.g. while a form is being submitted). */
  loading?: boolean;
}

export function buttonClasses(variant: Variant = 'primary', size: Size = 'md', className?: string): string {
  return cn(
    'inline-flex items-center justify-center rounded-lg font-medium transition-colors disabled:cursor-not-allowed aria-disabled:cursor-not-allowed',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

/**
 * The app's button. One made unavailable while it has the keyboard focus (busy with its request, or nothing left
 * to save once saved) keeps the focus (docs/product.md, "The shell: header, sidebar, toasts"): it is marked
 * `aria-disabled` and ignores presses until the focus leaves it, and only then is it disabled; disabled at once,
 * the browser would drop the focus to <body>.
 */
export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  onClick,
  onFocus,
  onBlur,
  ...props
}: ButtonProps) {
  const [focused, setFocused] = useState(false);
  const unavailable = Boolean(disabled || loading);
  const keepsFocus = unavailable && focused;
  return (
    <button
      type={type}
      disabled={unavailable && !keepsFocus}
      aria-disabled={keepsFocus || undefined}
      aria-busy={loading || undefined}
      className={buttonClasses(variant, size, className)}
      onFocus={(event) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setFocused(false);
        onBlur?.(event);
      }}
      onClick={(event) => {
        // Not pressed while unavailable: nor does it submit its form (Enter in a field presses it too).
        if (unavailable) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...props}
    >
      {loading && <Spinner className="size-4" />}
      {children}
    </button>
  );
}
