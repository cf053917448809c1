import type { UsageItem } from '@lyceum/shared/company';
import { UNLIMITED } from '@lyceum/shared/plans';
import { usagePercent } from '@lyceum/shared/subscription-rules';
import { cn } from '../../lib/cn';
import { formatNumber, useFormat } from '../../lib/i18n/format';
import { translate, useT } from '../../lib/i18n/i18n';

export interface UsageMeterProps {
  label: string;
  used: number;
  /** -1 = unlimited. */
  limit: number;
  /** Formats `used` and `limit` (e.g. bytes as GB); defaults to whole numbers with "Unlimited" for -1. */
  format?: (value: number) => string;
  className?: string;
}

/** Amber from 80 %, red at or past the limit: the point where a school admin should act. */
function tone(ratio: number): string {
  if (ratio >= 1) return 'bg-red-600';
  if (ratio >= 0.8) return 'bg-amber-500';
  return 'bg-blue-600';
}

/** One limit of a plan and how much of it is used: the figures as text, a bar, and a native meter for assistive tech. */
export function UsageMeter({ label, used, limit, format, className }: UsageMeterProps) {
  const { t } = useT();
  const { number } = useFormat();
  const unlimited = limit === UNLIMITED;
  const ratio = unlimited ? 0 : limit <= 0 ? (used > 0 ? 1 : 0) : used / limit;
  const show = (value: number) =>
    value === UNLIMITED ? t('states.unlimited') : format ? format(value) : number(value);
  // From the counts, half up, as the server's usage CSV: 2875 of 5000 is 58 % (Math.round(0.575 × 100) is 57).
  const percent = Math.min(100, usagePercent(used, limit));
  const percentText = number(percent / 100, { style: 'percent' });
  return (
    <div className={cn('space-y-1', className)}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-slate-700">{label}</span>
        <span className="text-slate-600 tabular-nums">
          {show(used)} / {show(limit)}
          {!unlimited && <span className="sr-only"> ({percentText})</span>}
        </span>
      </div>
      {!unlimited && (
        <meter className="sr-only" min={0} max={Math.max(limit, 1)} high={limit * 0.8} value={used} aria-label={label}>
          {percentText}
        </meter>
      )}
      <div className="h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div
          className={cn('h-full rounded-full', unlimited ? 'bg-emerald-500/40' : tone(ratio))}
          style={{ width: unlimited ? '100%' : `${percent}%` }}
        />
      </div>
    </div>
  );
}

/** Storage arrives in bytes; limits and use read best in GB or MB (the unit written in the UI language). */
export function formatBytes(bytes: number): string {
  if (bytes === UNLIMITED) return translate('common', 'states.unlimited');
  const gb = bytes / 1024 ** 3;
  if (gb >= 1) return formatNumber(gb, { style: 'unit', unit: 'gigabyte', maximumFractionDigits: 1 });
  return formatNumber(bytes / 1024 ** 2, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
}

/** Every limit of a plan with its use (storage in bytes), in the order the server sends them. */
export function UsageList({ items }: { items: readonly UsageItem[] }) {
  const { t } = useT();
  return (
    <div className="space-y-3">
      {items.map((item) => (
        <UsageMeter
          key={item.metric}
          label={t(`usage.${item.metric}`)}
          used={item.used}
          limit={item.limit}
          format={item.metric === 'storage' ? formatBytes : undefined}
        />
      ))}
    </div>
  );
}
