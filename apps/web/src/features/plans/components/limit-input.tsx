import { UNLIMITED } from '@lyceum/shared/plans';
import { useT } from '../../../lib/i18n/i18n';

interface LimitInputProps {
  id: string;
  label: string;
  /** The text in the box; `UNLIMITED` (-1) ticks "Unlimited" and empties the box. */
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** A plan limit: a whole number, or "Unlimited" (stored as -1, docs/product.md, "Limits and unlimited values"). */
export function LimitInput({ id, label, value, onChange, error }: LimitInputProps) {
  const { t } = useT('plans');
  const unlimited = value === String(UNLIMITED);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex items-center gap-3">
        <input
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
          {t('limits.unlimited')}
          <span className="sr-only"> {label.toLowerCase()}</span>
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
