import type { ComponentProps, ReactNode } from 'react';

/** A labelled checkbox with an optional hint line (e.g. "Send an invitation e-mail"). */
export function Checkbox({
  label,
  hint,
  id,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { id: string; label: string; hint?: ReactNode }) {
  return (
    <div className="flex items-start gap-2">
      <input id={id} type="checkbox" className="mt-0.5 size-4 accent-blue-600" {...props} />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {label}
        </label>
        {hint && <p className="text-xs text-slate-500">{hint}</p>}
      </div>
    </div>
  );
}
