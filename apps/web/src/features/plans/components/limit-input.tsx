import { UNLIMITED } from '@lyceum/shared/plans';
import type { Ref } from 'react';
import { useT } from '../../../lib/i18n/i18n';

interface LimitInputProps {
  id: string;
  label: string;
  /** The "Unlimited" box's full name, written per limit in the catalogue (`Unlimited storage (GB)`). */
  unlimitedLabel: string;
  /** The number box, for the form to focus when it is the first field in error. */
  ref?: Ref<HTMLInputElement>;
  /** The text in the box; `UNLIMITED` (-1) ticks "Unlimited" and empties the box. */
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** A plan limit: a whole number, or "Unlimited" (stored as -1, docs/product.md, "Limits and unlimited values"). */
export function LimitInput({ id, label, unlimitedLabel, ref, value, onChange, error }: LimitInputProps) {
  const { t } = useT('plans');
  const unlimited = value === String(UNLIMITED);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex items-center gap-3">
        <input
          ref={ref}
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          value={unlimited ? '' : value}
          placeholder={unlimited ? t('limits.unlimited') : undefined}
          disabled={unlimited}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
          className="block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none disabled:bg-slate-100"
        />
        <label className="flex shrink-0 items-center gap-1.5 text-sm text-slate-600">
          <input
            type="checkbox"
            checked={unlimited}
            onChange={(event) => onChange(event.target.checked ? String(UNLIMITED) : '0')}
            className="size-4 rounded border-slate-300"
          />
          {/* Read as the limit's whole name, which says the word shown; not made by lower-casing the label, which
              broke `GB`, `API` and other languages' nouns. */}
          <span aria-hidden="true">{t('limits.unlimited')}</span>
          <span className="sr-only">{unlimitedLabel}</span>
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
