import { formatMoney } from '@lyceum/shared/plans';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface MonthPoint {
  month: string;
  amountMinor: number;
}

const label = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, 1)).toLocaleDateString('en-US', {
    month: 'short',
    year: '2-digit',
    timeZone: 'UTC',
  });
};

/** Paid revenue per month as bars (Recharts; loaded on its own, see lazy-revenue-chart). */
export default function RevenueChart({ data, currency }: { data: readonly MonthPoint[]; currency: string }) {
  return (
    <ResponsiveContainer width="100%" height={280}>
      <BarChart data={data.map((d) => ({ month: label(d.month), amount: d.amountMinor / 100 }))}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="month" tick={{ fontSize: 12 }} />
        <YAxis
          tick={{ fontSize: 12 }}
          width={64}
          tickFormatter={(v: number) => formatMoney(v * 100, currency).replace(/\.00$/, '')}
        />
        <Tooltip formatter={(v) => formatMoney(Number(v) * 100, currency)} />
        <Bar dataKey="amount" name="Paid" fill="#2563eb" radius={[4, 4, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
