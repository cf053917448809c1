import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, formatNumber, inUiDirection, useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';
import { directionOf, intlLocaleOf } from '../../../lib/i18n/languages';

export interface MonthPoint {
  month: string;
  amountMinor: number;
}

/** "May 26" in the UI's language; the month is a calendar month, so it is read in UTC. */
const monthLabel = (month: string, locale: string) => {
  const [y, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, 1)),
  );
};

/**
 * A whole amount on the axis without its cents ("$1,200"), any other with them; written by the cards' formatter
 * and, since the chart's box is left to right, set in the UI's direction so Arabic reads `US$ 200` there too.
 */
export const axisMoney = (amount: number, currency: string) =>
  inUiDirection(
    Number.isInteger(amount)
      ? formatNumber(amount, { style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 0 })
      : formatMoney(Math.round(amount * 100), currency),
  );

/** Paid revenue per month as bars (Recharts; loaded on its own, see lazy-revenue-chart). */
export default function RevenueChart({ data, currency }: { data: readonly MonthPoint[]; currency: string }) {
  const { t } = useT('revenue');
  const { settings } = useFormat();
  const locale = intlLocaleOf(settings.language);
  // Right to left, time runs from the right and the amounts stand on the right.
  const rtl = directionOf(settings.language) === 'rtl';
  // The SVG is laid out left to right (Recharts anchors its labels so); reversing the axis mirrors it instead.
  return (
    <div dir="ltr">
      <ResponsiveContainer width="100%" height={280}>
        <BarChart data={data.map((d) => ({ month: monthLabel(d.month, locale), amount: d.amountMinor / 100 }))}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="month" tick={{ fontSize: 12 }} reversed={rtl} />
          <YAxis
            tick={{ fontSize: 12 }}
            width={64}
            orientation={rtl ? 'right' : 'left'}
            tickFormatter={(v: number) => axisMoney(v, currency)}
          />
          <Tooltip
            formatter={(v) => formatMoney(Math.round(Number(v) * 100), currency)}
            contentStyle={{ direction: rtl ? 'rtl' : 'ltr' }}
          />
          <Bar dataKey="amount" name={t('chartSeries')} fill="#2563eb" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
