import { describe, expect, it } from 'vitest';
import { toMinor } from './zod-fields';

describe('toMinor', () => {
  it('reads an amount as typed into cents', () => {
    expect(toMinor('12.50')).toBe(1250);
    expect(toMinor(' 149.99 ')).toBe(14999);
    expect(toMinor('7')).toBe(700);
    expect(toMinor('7.')).toBe(700);
    expect(toMinor('0.1')).toBe(10);
    // Zeros past the cents are only zeros.
    expect(toMinor('12.500')).toBe(1250);
  });

  it('gives nothing for nothing or for what is no number, a fraction of a cent for a third decimal', () => {
    expect(toMinor('')).toBeNaN();
    expect(toMinor('abc')).toBeNaN();
    expect(toMinor('-1')).toBeNaN();
    // Not NaN ("Enter an amount", as if the field were empty): the schema says "whole cents" instead.
    const third = toMinor('149.995');
    expect(Number.isNaN(third)).toBe(false);
    expect(Number.isInteger(third)).toBe(false);
    expect(Math.floor(third)).toBe(14999);
  });
});
