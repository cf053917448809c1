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

const AXIS_FONT_SIZE = 12;
/** Room beside a label: Recharts' tick line (6) and gap (2), and 2 to spare. */
const AXIS_TICK_ROOM = 10;
/** Even steps between ticks, per power of ten, and at most this many of them up to the highest month. */
const NICE_STEPS = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];
const TICK_INTERVALS = 4;

/**
 * The money axis's ticks: 0 and even steps up to the highest month, chosen here rather than by Recharts so that
 * every label is known before the chart is drawn and the axis can be as wide as the longest of them.
 */
export function moneyTicks(max: number): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / TICK_INTERVALS;
  const power = 10 ** Math.floor(Math.log10(rough));
  // A step of less than a cent would repeat the same label.
  const step = Math.max(0.01, (NICE_STEPS.find((s) => s * power >= rough) ?? 10) * power);
  const ticks = [0];
  while ((ticks.at(-1) ?? 0) < max) ticks.push(Math.round(ticks.length * step * 100) / 100);
  return ticks;
}

/**
 * A label's width in pixels, estimated generously (the widths of DejaVu Sans, wider than the usual system
 * fonts): an SVG label cannot be measured before it is drawn, and a canvas to measure it with is not there in
 * every browser or in tests. Bidi isolates take no room.
 */
export function labelWidth(text: string, fontSize = AXIS_FONT_SIZE): number {
  let em = 0;
  for (const ch of text) {
    if (/[\u200e\u200f\u061c\u2066-\u2069]/.test(ch)) continue;
    if (/[\s.,'\u00a0\u202f\u066b\u066c]/.test(ch)) em += 0.33;
    else if (/\d/.test(ch)) em += 0.64;
    else em += 0.78;
  }
  return em * fontSize;
}

/**
 * The value axis for these months in the reader's language: its ticks and a width that holds the longest
 * label whole (`60.000 US$` in Spanish, `US$ 60,000` in Arabic are wider than `$60,000`; docs/product.md,
 * "In the web app").
 */
export function moneyAxis(amounts: readonly number[], currency: string): { ticks: number[]; width: number } {
  const ticks = moneyTicks(Math.max(0, ...amounts));
  const widest = Math.max(...ticks.map((v) => labelWidth(axisMoney(v, currency))));
  return { ticks, width: Math.ceil(widest) + AXIS_TICK_ROOM };
}

/** Paid revenue per month as bars (Recharts; loaded on its own, see lazy-revenue-chart). */
export default function RevenueChart({ data, currency }: { data: readonly MonthPoint[]; currency: string }) {
  const { t } = useT('revenue');
  const { settings } = useFormat();
  const locale = intlLocaleOf(settings.language);
  // Right to left, time runs from the right and the amounts stand on the right.
  const rtl = directionOf(settings.language) === 'rtl';
  const points = data.map((d) => ({ month: monthLabel(d.month, locale), amount: d.amountMinor / 100 }));
  const axis = moneyAxis(
    points.map((p) => p.amount),
    currency,
  );
  // The SVG is laid out left to right (Recharts anchors its labels so); reversing the axis mirrors it instead.
  return (
    <div dir="ltr">
      <ResponsiveContainer width="100%" height={280}>
        <BarChart data={points}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="month" tick={{ fontSize: AXIS_FONT_SIZE }} reversed={rtl} />
          <YAxis
            tick={{ fontSize: AXIS_FONT_SIZE }}
            width={axis.width}
            ticks={axis.ticks}
            domain={[0, axis.ticks.at(-1) ?? 0]}
            interval={0}
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
