import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRawStrings } from './raw-strings';

const SRC = join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name) ? [path] : [];
  });
}

const files = sourceFiles(SRC).map((path) => ({
  name: relative(SRC, path),
  raw: findRawStrings(path, readFileSync(path, 'utf8')),
}));

describe('every user-visible string goes through the catalogue', () => {
  it('finds no English outside the catalogues', () => {
    const offenders = files
      .filter((f) => f.raw.length > 0)
      .map((f) => `${f.name}: ${f.raw.map((r) => `${r.line} "${r.text}"`).join(', ')}`);
    expect(offenders).toEqual([]);
  });

  it('catches each kind of bypass', () => {
    const sample = [
      'export const A = () => <p>Hello</p>;',
      'export const B = () => <input placeholder="Search people" aria-label={`Find ${x}`} className="px-2" />;',
      "export const C = () => <span>{busy ? 'Saving…' : t('save')}</span>;",
      "const columns = [{ header: 'Name', key: 'name' }];",
      "toast.success('Saved');",
      '// i18n-exempt: product name\nexport const D = () => <b>Lyceum</b>;',
      "export const E = () => <p>{t('ok')} · 42</p>;",
    ].join('\n');
    expect(findRawStrings('sample.tsx', sample).map((r) => r.text)).toEqual([
      'Hello',
      'Search people',
      'Find …',
      'Saving…',
      'Name',
      'Saved',
    ]);
  });
});
