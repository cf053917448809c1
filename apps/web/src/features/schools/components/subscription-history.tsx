import type { SubscriptionHistory as History } from '@lyceum/shared/company';
import { formatMoney } from '@lyceum/shared/plans';
import { Badge, StatusBadge } from '../../../components/ui/badge';
import { formatDate } from '../../../lib/format-date';

const KIND_LABELS = { new: 'New', upgrade: 'Upgrade', downgrade: 'Downgrade', same: 'Same plan', renewal: 'Renewal' };
const KIND_TONES = { new: 'info', upgrade: 'success', downgrade: 'warning', same: 'neutral', renewal: 'info' } as const;

/** Every subscription of a school, newest first, with the upgrade and downgrade counts (docs/product.md, "Assigning a plan; upgrades and downgrades"). */
export function SubscriptionHistoryList({ history }: { history: History }) {
  if (history.items.length === 0) return <p className="text-sm text-slate-500">No subscriptions yet.</p>;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        {history.totalUpgrades} {history.totalUpgrades === 1 ? 'upgrade' : 'upgrades'} · {history.totalDowngrades}{' '}
        {history.totalDowngrades === 1 ? 'downgrade' : 'downgrades'}
      </p>
      <ol className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {history.items.map((sub) => (
          <li key={sub.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {sub.planName}{' '}
                <span className="font-normal text-slate-500">
                  ({sub.billingCycle}) · {formatDate(sub.startDate)} – {formatDate(sub.endDate)}
                </span>
              </p>
              {sub.addonNames.length > 0 && <p className="text-xs text-slate-500">+ {sub.addonNames.join(', ')}</p>}
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <span className="tabular-nums text-slate-700">{formatMoney(sub.totalAmountMinor, sub.currency)}</span>
              <Badge tone={KIND_TONES[sub.changeKind]}>{KIND_LABELS[sub.changeKind]}</Badge>
              {sub.isInitial && <Badge tone="neutral">Initial</Badge>}
              <StatusBadge status={sub.status} />
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
