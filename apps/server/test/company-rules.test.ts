import { ADDON_KEY_LIST, ADDON_KEYS, entitlementKeys, hasEntitlement } from '@lyceum/shared/entitlements';
import {
  addMonths,
  changeKindOf,
  countChanges,
  effectiveStatus,
  monthlyRecurringMinor,
  percentOf,
  priceSubscription,
  renewalEnd,
} from '@lyceum/shared/subscription-rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimal, safeCell, toCsv } from '../src/lib/csv.ts';

/** The money and date rules of docs/product.md, "Subscriptions and plans", checked over generated inputs. */
const price = fc.integer({ min: 0, max: 10_000_000 });
const percent = fc.integer({ min: 0, max: 100 });
const addonPrices = fc.array(price, { maxLength: 8 });
const cycle = fc.constantFrom('monthly' as const, 'yearly' as const);
const date = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2090-12-31T00:00:00Z'),
  noInvalidDate: true,
});
const months = fc.integer({ min: 1, max: 60 });

describe('pricing', () => {
  it('the total always equals the sum of its parts, in whole minor units', () => {
    fc.assert(
      fc.property(price, percent, addonPrices, cycle, (plan, d, addons, c) => {
        const p = priceSubscription(plan, d, addons, c);
        expect(p.totalAmountMinor).toBe(p.planAmountMinor + p.addonsAmountMinor);
        const m = c === 'yearly' ? 12 : 1;
        expect(p.planAmountMinor + p.discountMinor).toBe(plan * m);
        expect(p.addonsAmountMinor).toBe(addons.reduce((s, a) => s + a * m, 0));
        for (const v of Object.values(p)) expect(Number.isInteger(v)).toBe(true);
      }),
    );
  });

  it('the yearly discount is the plan percentage of twelve months, rounded half up, never more than the price', () => {
    fc.assert(
      fc.property(price, percent, (plan, d) => {
        const p = priceSubscription(plan, d, [], 'yearly');
        expect(p.discountMinor).toBe(Math.round((plan * 12 * d) / 100));
        expect(p.discountMinor).toBeGreaterThanOrEqual(0);
        expect(p.discountMinor).toBeLessThanOrEqual(plan * 12);
        expect(priceSubscription(plan, d, [], 'monthly').discountMinor).toBe(0);
      }),
    );
  });

  it('the default plans: Standard yearly with 15% off, add-ons undiscounted', () => {
    const p = priceSubscription(10_000, 15, [7_500], 'yearly');
    expect(p).toEqual({
      planAmountMinor: 102_000,
      discountMinor: 18_000,
      addonsAmountMinor: 90_000,
      totalAmountMinor: 192_000,
    });
    expect(priceSubscription(5_000, 10, [2_000, 1_500], 'monthly').totalAmountMinor).toBe(8_500);
    expect(percentOf(333, 50)).toBe(167);
  });

  it('MRR spreads a yearly charge over twelve months, within half a cent', () => {
    fc.assert(
      fc.property(price, (total) => {
        expect(Math.abs(monthlyRecurringMinor(total, 'yearly') * 12 - total)).toBeLessThanOrEqual(6);
        expect(monthlyRecurringMinor(total, 'monthly')).toBe(total);
      }),
    );
  });
});

describe('dates', () => {
  it('a renewal counts from the later of the old end date and now', () => {
    fc.assert(
      fc.property(date, date, months, (oldEnd, now, m) => {
        const { start, end } = renewalEnd(oldEnd, now, m);
        expect(start.getTime()).toBe(Math.max(oldEnd.getTime(), now.getTime()));
        expect(end.getTime()).toBeGreaterThan(start.getTime());
        expect(end.getTime()).toBeGreaterThan(now.getTime());
        expect(end.getTime()).toBeGreaterThanOrEqual(oldEnd.getTime());
      }),
    );
  });

  it('adding months lands in the right calendar month and never on a later day', () => {
    fc.assert(
      fc.property(date, months, (d, m) => {
        const r = addMonths(d, m);
        const monthIndex = d.getUTCFullYear() * 12 + d.getUTCMonth() + m;
        expect(r.getUTCFullYear() * 12 + r.getUTCMonth()).toBe(monthIndex);
        expect(r.getUTCDate()).toBeLessThanOrEqual(d.getUTCDate());
        expect(r.getUTCHours()).toBe(d.getUTCHours());
      }),
    );
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2026-03-15T00:00:00Z'), 12).toISOString()).toBe('2027-03-15T00:00:00.000Z');
  });

  it('an active subscription is expired once its end date has passed; cancelled stays cancelled', () => {
    fc.assert(
      fc.property(date, date, (end, now) => {
        expect(effectiveStatus('active', end, now)).toBe(end.getTime() <= now.getTime() ? 'expired' : 'active');
        expect(effectiveStatus('cancelled', end, now)).toBe('cancelled');
      }),
    );
  });
});

describe('upgrade and downgrade counting', () => {
  it('compares by price against the previous plan and counts each change once', () => {
    fc.assert(
      fc.property(fc.array(price, { minLength: 1, maxLength: 20 }), (prices) => {
        const kinds = prices.map((p, i) => changeKindOf(i === 0 ? null : (prices[i - 1] as number), p));
        expect(kinds[0]).toBe('new');
        const { totalUpgrades, totalDowngrades } = countChanges(kinds);
        let up = 0;
        let down = 0;
        for (let i = 1; i < prices.length; i++) {
          if ((prices[i] as number) > (prices[i - 1] as number)) up++;
          if ((prices[i] as number) < (prices[i - 1] as number)) down++;
        }
        expect({ totalUpgrades, totalDowngrades }).toEqual({ totalUpgrades: up, totalDowngrades: down });
        expect(totalUpgrades + totalDowngrades).toBeLessThanOrEqual(prices.length - 1);
      }),
    );
  });
});

describe('entitlements', () => {
  it('one check by name or key, case-insensitive, and nothing without the add-on', () => {
    expect(hasEntitlement(['API Access'], 'api_access')).toBe(true);
    expect(hasEntitlement(['api access'], 'api_access')).toBe(true);
    expect(hasEntitlement(['white_label'], 'white_label')).toBe(true);
    expect(hasEntitlement(['White Label', 'SMS'], 'api_access')).toBe(false);
    expect(hasEntitlement([], 'advanced_analytics')).toBe(false);
    expect(entitlementKeys(Object.values(ADDON_KEYS))).toEqual(ADDON_KEY_LIST);
  });
});

describe('CSV export', () => {
  it('neutralises formulas and writes exact decimals', () => {
    const csv = toCsv(
      ['a', 'b'],
      [
        ['=HYPERLINK("x")', 5],
        ['+1', '-2'],
        ['+A1', '-A1+B1'],
        ['@SUM(A1)', null],
        ['plain', 0],
        ['-1+1', '+1+1'],
        ['+1 555 0100', '+44 (0)20 7946-0958'],
        ['-3.5', "-2+3+cmd|' /C calc'!A0"],
      ],
    );
    expect(csv).toContain(`"'=HYPERLINK(""x"")",5`);
    // Phone numbers and signed numbers stay as they are (one CSV writer for company and school exports).
    expect(csv).toContain('+1,-2');
    expect(csv).toContain("'+A1,'-A1+B1");
    expect(csv).toContain("'@SUM(A1),");
    // Arithmetic is computed by a spreadsheet, phone-like or not; a phone number is not.
    expect(csv).toContain("'-1+1,'+1+1");
    expect(csv).toContain('+1 555 0100,+44 (0)20 7946-0958');
    expect(csv).toContain("-3.5,'-2+3+cmd|' /C calc'!A0");
    expect(decimal(123_45)).toBe('123.45');
    expect(decimal(5)).toBe('0.05');
    expect(decimal(-250)).toBe('-2.50');
  });

  it('leaves only phone numbers written with spaces and plain signed numbers as they are', () => {
    // [cell, as written]: docs/product.md, "CSV import and export".
    const table: [string, string][] = [
      ['+1 555 0100', '+1 555 0100'],
      ['+44 (0)20 7946-0958', '+44 (0)20 7946-0958'],
      ['+1 (555) 010-0100', '+1 (555) 010-0100'],
      ['+33 1.23.45.67.89', '+33 1.23.45.67.89'],
      ['-3', '-3'],
      ['+2.5', '+2.5'],
      ['-0.5', '-0.5'],
      // Arithmetic a spreadsheet computes, with or without spaces beside the operator.
      ['+1-1', "'+1-1"],
      ['+100-99.5', "'+100-99.5"],
      ['+2*3', "'+2*3"],
      ['+1+1', "'+1+1"],
      ['-1-1', "'-1-1"],
      ['+1 -1', "'+1 -1"],
      ['+1 - 1', "'+1 - 1"],
      ['+1 555 0100+1', "'+1 555 0100+1"],
      ['+1 (2+3)', "'+1 (2+3)"],
      ['+(1)-1', "'+(1)-1"],
      // A phone written with dashes only is a subtraction to a spreadsheet.
      ['+1-555-010-0100', "'+1-555-010-0100"],
      // Not a plain decimal: a spreadsheet turns it into another number.
      ['-1e3', "'-1e3"],
      ['-.5', "'-.5"],
      ['-1 555 0100', "'-1 555 0100"],
    ];
    for (const [cell, written] of table) expect(safeCell(cell), cell).toBe(written);
  });
});
