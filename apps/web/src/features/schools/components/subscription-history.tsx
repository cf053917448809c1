import type { SubscriptionHistory as History } from '@lyceum/shared/company';
import { Badge, StatusBadge } from '../../../components/ui/badge';
import { formatDate, formatMoney, useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';

const KIND_TONES = { new: 'info', upgrade: 'success', downgrade: 'warning', same: 'neutral', renewal: 'info' } as const;

/** Every subscription of a school, newest first, with the upgrade and downgrade counts (docs/product.md, "Assigning a plan; upgrades and downgrades"). */
export function SubscriptionHistoryList({ history }: { history: History }) {
  const { t } = useT('schools');
  useFormat();
  if (history.items.length === 0) return <p className="text-sm text-slate-500">{t('history.empty')}</p>;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        {t('history.counts', { upgrades: history.totalUpgrades, downgrades: history.totalDowngrades })}
      </p>
      <ol className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {history.items.map((sub) => (
          <li key={sub.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {sub.planName}{' '}
                <span className="font-normal text-slate-500">
                  {t('history.period', {
                    cycle: sub.billingCycle,
                    start: formatDate(sub.startDate),
                    end: formatDate(sub.endDate),
                  })}
                </span>
              </p>
              {sub.addonNames.length > 0 && (
                <p className="text-xs text-slate-500">{t('history.addons', { names: sub.addonNames.join(', ') })}</p>
              )}
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <span className="tabular-nums text-slate-700">{formatMoney(sub.totalAmountMinor, sub.currency)}</span>
              <Badge tone={KIND_TONES[sub.changeKind]}>{t(`history.kind.${sub.changeKind}`)}</Badge>
              {sub.isInitial && <Badge tone="neutral">{t('history.initial')}</Badge>}
              <StatusBadge status={sub.status} />
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
