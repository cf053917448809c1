import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useT } from '../../lib/i18n/i18n';
import type { Resources } from '../../lib/i18n/resources';

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info' | 'accent';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
  // i18n-exempt: class names
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200',
  danger: 'bg-red-50 text-red-800 ring-red-200',
  info: 'bg-blue-50 text-blue-800 ring-blue-200',
  accent: 'bg-violet-50 text-violet-800 ring-violet-200',
};

/** Common statuses and their tone, so "active" looks the same on every page. */
const STATUS_TONES: Record<string, BadgeTone> = {
  active: 'success',
  paid: 'success',
  approved: 'success',
  inactive: 'neutral',
  invited: 'info',
  pending: 'warning',
  trial: 'info',
  expired: 'danger',
  cancelled: 'neutral',
  rejected: 'danger',
  overdue: 'danger',
  suspended: 'danger',
};

export function statusTone(status: string): BadgeTone {
  return STATUS_TONES[status.toLowerCase()] ?? 'neutral';
}

interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}

/** A small coloured label (colour is never the only signal: the text says the status). */
export function Badge({ tone = 'neutral', children, className }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

type StatusKey = keyof Resources['common']['status'];

/** The status words the catalogue translates (`status.*`); any other shows as its code, capitalised. */
const STATUS_KEYS: ReadonlySet<string> = new Set<StatusKey>([
  'active',
  'inactive',
  'trial',
  'expired',
  'cancelled',
  'pending',
  'confirmed',
  'rejected',
  'approved',
  'paid',
  'failed',
  'invited',
  'overdue',
  'suspended',
  // A subscription's payment status when nothing was billed (a free trial).
  'none',
  'revoked',
  'new',
  'contacted',
  'closed',
]);

const isStatusKey = (status: string): status is StatusKey => STATUS_KEYS.has(status);

/** A badge for a status word: `active` → green "Active", in the UI language. */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  const { t } = useT();
  const key = status.toLowerCase();
  const text =
    label ??
    (isStatusKey(key) ? t(`status.${key}`) : status.charAt(0).toUpperCase() + status.slice(1).replaceAll('_', ' '));
  return <Badge tone={statusTone(status)}>{text}</Badge>;
}
