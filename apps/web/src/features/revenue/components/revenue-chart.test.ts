import { DEFAULT_SCHOOL_LOCALE } from '@lyceum/shared/locale-constants';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney, setFormatSettings } from '../../../lib/i18n/format';
import type { UiLanguage } from '../../../lib/i18n/languages';
import { axisMoney } from './revenue-chart';

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
});
