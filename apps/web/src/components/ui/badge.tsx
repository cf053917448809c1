import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info' | 'accent';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
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

/** A badge for a status word: `active` → green "Active". */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  const text = label ?? status.charAt(0).toUpperCase() + status.slice(1).replaceAll('_', ' ');
  return <Badge tone={statusTone(status)}>{text}</Badge>;
}
