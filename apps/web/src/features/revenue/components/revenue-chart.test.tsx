import { DEFAULT_SCHOOL_LOCALE } from '@lyceum/shared/locale-constants';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney, setFormatSettings } from '../../../lib/i18n/format';
import type { UiLanguage } from '../../../lib/i18n/languages';
import RevenueChart, { axisMoney, labelWidth, moneyAxis, moneyTicks } from './revenue-chart';

const use = (language: UiLanguage) => setFormatSettings({ language, locale: DEFAULT_SCHOOL_LOCALE });
afterEach(() => use('en'));

describe('the revenue chart’s money axis', () => {
  it('in Arabic, writes amounts as the cards do, isolated right to left inside the chart’s left-to-right box', () => {
    use('ar');
    const label = axisMoney(200.5, 'USD');
    // Right-to-left isolate … pop: in the SVG (laid out left to right) it reads "US$ 200.50", as the cards do.
    expect(label).toBe(`\u2067${formatMoney(20050, 'USD')}\u2069`);
    const whole = axisMoney(200, 'USD');
    expect(whole.startsWith('\u2067') && whole.endsWith('\u2069')).toBe(true);
    // The cards' currency isolation is kept, and a whole amount drops its cents.
    expect(whole).toContain('\u2068US$\u2069');
    expect(whole.replace(/[\u2067\u2068\u2069]/g, '')).toBe(
      new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(200),
    );
  });

  it('left to right adds nothing', () => {
    use('en');
    expect(axisMoney(1200, 'USD')).toBe('$1,200');
    expect(axisMoney(12.5, 'USD')).toBe('$12.50');
  });

  it('ticks go from 0 in even steps to the highest month or just past it', () => {
    expect(moneyTicks(60_000)).toEqual([0, 15_000, 30_000, 45_000, 60_000]);
    expect(moneyTicks(51_000)).toEqual([0, 15_000, 30_000, 45_000, 60_000]);
    expect(moneyTicks(1_100)).toEqual([0, 300, 600, 900, 1_200]);
    expect(moneyTicks(12.5)).toEqual([0, 4, 8, 12, 16]);
    expect(moneyTicks(0.01)).toEqual([0, 0.01]);
    expect(moneyTicks(0)).toEqual([0, 1]);
  });

  it('is as wide as its longest label in the reader’s language', () => {
    const widthIn = (language: UiLanguage) => {
      use(language);
      const axis = moneyAxis([51_000, 1_100], 'USD');
      // The widest label is the top one, whole, and the axis holds it with room for the tick beside it.
      expect(axis.width).toBeGreaterThanOrEqual(labelWidth(axisMoney(60_000, 'USD')) + 8);
      return axis.width;
    };
    const en = widthIn('en');
    const es = widthIn('es');
    const ar = widthIn('ar');
    // `60.000 US$` and `US$ 60,000` are longer than `$60,000`, and a five-figure month is wider than a small one.
    expect(es).toBeGreaterThan(en);
    expect(ar).toBeGreaterThan(en);
    use('es');
    expect(moneyAxis([600], 'USD').width).toBeLessThan(es);
  });
});

describe('RevenueChart', () => {
  /** A chart of 800 × 280 pixels: the test DOM lays nothing out, so the container's size is given. */
  async function drawn(language: UiLanguage, amountMinor: number) {
    use(language);
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ width: 800, height: 280 } as DOMRect);
    // Recharts lays the chart out in effects after the first render: all of them are let run first.
    const { container, unmount } = await act(async () =>
      render(
        <RevenueChart
          data={[
            { month: '2026-10', amountMinor: 110_000 },
            { month: '2026-11', amountMinor },
          ]}
          currency="USD"
        />,
      ),
    );
    const labels = [...container.querySelectorAll('.recharts-yAxis-tick-labels text')].map((t) => t.textContent);
    const line = container.querySelector('.recharts-yAxis .recharts-cartesian-axis-line') as SVGLineElement;
    // Unmounted before the language is reset after the test, which would redraw it outside act().
    unmount();
    return { labels, axisWidth: Number(line.getAttribute('width')) };
  }

  it.each([
    'es',
    'ar',
  ] as const)('in %s draws every amount label whole, on an axis wide enough for it', async (language) => {
    const { labels, axisWidth } = await drawn(language, 5_100_000);
    const expected = [0, 15_000, 30_000, 45_000, 60_000].map((v) => axisMoney(v, 'USD'));
    expect(labels).toEqual(expected);
    // Whole: `60.000 US$`; right to left `US$ 60,000` (written 60,000 US$ inside a right-to-left isolate).
    expect(labels).toContain(language === 'es' ? '60.000\u00a0US$' : '\u2067\u200f60,000\u00a0\u2068US$\u2069\u2069');
    expect(axisWidth).toBeGreaterThanOrEqual(Math.max(...expected.map((l) => labelWidth(l))) + 8);
    // The axis grows with its labels: a month of four figures needs less room.
    expect((await drawn(language, 60_000)).axisWidth).toBeLessThan(axisWidth);
  });
});
