import type { AttendanceTrend } from '@lyceum/shared/attendance';
import { formatDay, useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n';

const WIDTH = 320;
const HEIGHT = 120;
const PAD = 8;

/** The gridlines, each labelled on the axis: the chart always spans 0 to 100 %. */
const TICKS = [100, 50, 0];

/**
 * The rate over time as a small SVG line (0–100 %, labelled on its axis), scaling to its box; a list of the
 * same points for screen readers. No chart library: one polyline is all it needs.
 */
export function TrendChart({ trend }: { trend: AttendanceTrend }) {
  const { t } = useT('attendance');
  const format = useFormat();
  const percent = (rate: number) => format.number(rate / 100, { style: 'percent' });
  const points = trend.points.filter((p) => p.rate.rate !== null);
  if (points.length === 0) return <p className="text-sm text-slate-500">{t('trend.empty')}</p>;
  const x = (i: number) => (points.length === 1 ? WIDTH / 2 : PAD + (i * (WIDTH - 2 * PAD)) / (points.length - 1));
  const y = (rate: number) => PAD + ((100 - rate) * (HEIGHT - 2 * PAD)) / 100;
  const line = points.map((p, i) => `${x(i)},${y(p.rate.rate ?? 0)}`).join(' ');
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <figure>
      <div className="flex gap-2">
        {/* HTML beside the SVG rather than SVG text, which would grow with the chart's width. */}
        <div className="relative w-10 shrink-0 text-xs text-slate-500 tabular-nums" aria-hidden="true">
          {TICKS.map((v) => (
            <span
              key={v}
              className="absolute end-0 -translate-y-1/2 leading-none"
              style={{ top: `${(y(v) / HEIGHT) * 100}%` }}
            >
              {percent(v)}
            </span>
          ))}
        </div>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="h-auto min-w-0 flex-1 rounded-lg bg-slate-50"
          role="img"
          aria-label={t('trend.chartLabel', { from: formatDay(trend.from), to: formatDay(trend.to) })}
        >
          {TICKS.map((v) => (
            <line key={v} x1={0} x2={WIDTH} y1={y(v)} y2={y(v)} className="stroke-slate-200" strokeWidth={1} />
          ))}
          <polyline points={line} className="fill-none stroke-blue-600" strokeWidth={2} />
          {points.map((p, i) => (
            <circle key={p.start} cx={x(i)} cy={y(p.rate.rate ?? 0)} r={2.5} className="fill-blue-600" />
          ))}
        </svg>
      </div>
      <figcaption className="ms-12 mt-1 flex justify-between gap-2 text-xs text-slate-500">
        <span>{first && formatDay(first.start)}</span>
        <span>{last && formatDay(last.start)}</span>
      </figcaption>
      <ul className="sr-only">
        {points.map((p) => (
          <li key={p.start}>{t('trend.point', { date: formatDay(p.start), rate: percent(p.rate.rate ?? 0) })}</li>
        ))}
      </ul>
    </figure>
  );
}
