import { describe, expect, it } from 'vitest';
import { attendanceRate } from './attendance.ts';

describe('the attendance rate', () => {
  it('rounds every exact half up, as a whole number (docs/product.md, "Attendance")', () => {
    // 23 of 40 is 57.5 %; in floating point 23 / 40 × 100 is 57.49999…, which Math.round takes to 57.
    expect(attendanceRate({ present: 23, late: 0, absent: 17 })).toBe(58);
    expect(attendanceRate({ present: 20, late: 3, absent: 17 })).toBe(58);
    expect(attendanceRate({ present: 29, late: 0, absent: 171 })).toBe(15);
    expect(attendanceRate({ present: 69, late: 0, absent: 51 })).toBe(58);
    expect(attendanceRate({ present: 1, late: 0, absent: 7 })).toBe(13);
    expect(attendanceRate({ present: 0, late: 0, absent: 0 })).toBeNull();
  });

  it('is the nearest whole percentage, a half up, for every count up to 1,200 records', () => {
    const wrong: string[] = [];
    for (let all = 1; all <= 1200; all++) {
      for (let counted = 0; counted <= all; counted++) {
        const rate = attendanceRate({ present: counted, late: 0, absent: all - counted }) as number;
        // -½ ≤ exact − rate < ½ (a tie goes up), compared in whole numbers: 2 × all × (exact − rate).
        const twice = 200 * counted - 2 * rate * all;
        if (twice < -all || twice >= all) wrong.push(`${counted} of ${all}: ${rate}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
