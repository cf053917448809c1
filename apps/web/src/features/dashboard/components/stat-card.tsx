import type { DashboardResponse } from '@lyceum/shared/api';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { useFormat } from '../../../lib/i18n/format';

type Stat = DashboardResponse['stats'][number];

export function StatCard({ stat, href }: { stat: Stat; href?: string }) {
  const format = useFormat();
  const card = (
    <Card className={href ? 'h-full p-5 transition-colors hover:border-blue-300' : 'p-5'}>
      <p className="text-sm font-medium text-slate-500">{stat.label}</p>
      <p className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 tabular-nums">
        {typeof stat.value !== 'number'
          ? stat.value
          : stat.currency
            ? format.money(stat.value, stat.currency)
            : format.number(stat.value)}
      </p>
      {stat.hint && <p className="mt-1 text-xs text-slate-500">{stat.hint}</p>}
    </Card>
  );
  return href ? (
    <Link
      to={href}
      className="block rounded-xl focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none"
    >
      {card}
    </Link>
  ) : (
    card
  );
}
