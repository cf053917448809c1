import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import './zod-words';

/** Once zod-words.ts is loaded (every form's resolver loads it), checks without their own words say ours. */
describe('zod checks without a message of their own, in the browser', () => {
  const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

  it('say our words (docs/product.md, "Validation and error messages"), as the server does', () => {
    expect(messageOf(z.string().max(160), 'x'.repeat(161))).toBe('Can be at most 160 characters');
    expect(messageOf(z.string().min(3), 'ab')).toBe('Must be at least 3 characters');
    expect(messageOf(z.number().int().max(10), 11)).toBe('Must be at most 10');
    expect(messageOf(z.array(z.string()).max(2), ['a', 'b', 'c'])).toBe('Give at most 2 items');
    expect(messageOf(z.string(), undefined)).toBe('This value is required');
    expect(messageOf(z.enum(['a', 'b']), 'c')).toBe('Unknown value');
  });

  it("leave a schema's own message as it is", () => {
    expect(messageOf(z.string().max(3, 'Section is too long'), 'abcd')).toBe('Section is too long');
    expect(messageOf(z.string({ error: 'Name is required' }), undefined)).toBe('Name is required');
  });

  it('are what every form gets: its resolver comes through lib/zod-resolver.ts, which loads them', () => {
    const SRC = join(import.meta.dirname, '..');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) return files(path);
        return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
      });
    const direct = files(SRC)
      .filter((path) => readFileSync(path, 'utf8').includes("from '@hookform/resolvers/zod'"))
      .map((path) => relative(SRC, path));
    expect(direct).toEqual(['lib/zod-resolver.ts']);
  });
});
