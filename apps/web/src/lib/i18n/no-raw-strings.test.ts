import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRawStrings } from './raw-strings';

const SRC = join(import.meta.dirname, '../..');

/**
 * Files still showing English directly, being moved to the catalogues. The list may only shrink: a file on it
 * that has become clean fails the test until it is taken off.
 */
const NOT_YET_TRANSLATED: string[] = [
  'features/children/pages/children-page.tsx',
  'features/classes/components/assign-teacher-dialog.tsx',
  'features/classes/components/class-form-dialog.tsx',
  'features/classes/components/enrol-student-dialog.tsx',
  'features/classes/components/move-student-dialog.tsx',
  'features/classes/components/subjects-dialog.tsx',
  'features/classes/pages/class-page.tsx',
  'features/classes/pages/classes-page.tsx',
  'features/parents/components/parent-form-dialog.tsx',
  'features/parents/pages/parents-page.tsx',
  'features/students/components/link-parent-dialog.tsx',
  'features/students/components/parent-picker.tsx',
  'features/students/components/record-sections.tsx',
  'features/students/components/student-form-dialog.tsx',
  'features/students/components/student-import-dialog.tsx',
  'features/students/pages/student-page.tsx',
  'features/students/pages/students-page.tsx',
  'features/teachers/components/teacher-form-dialog.tsx',
  'features/teachers/pages/teacher-page.tsx',
  'features/teachers/pages/teachers-page.tsx',
  'features/users/components/create-user-dialog.tsx',
  'features/users/components/reset-password-dialog.tsx',
  'features/users/pages/users-page.tsx',
];

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
      .filter((f) => f.raw.length > 0 && !NOT_YET_TRANSLATED.includes(f.name))
      .map((f) => `${f.name}: ${f.raw.map((r) => `${r.line} "${r.text}"`).join(', ')}`);
    expect(offenders).toEqual([]);
  });

  it('lists only files that still need translating', () => {
    const clean = NOT_YET_TRANSLATED.filter((name) => files.find((f) => f.name === name)?.raw.length === 0);
    expect(clean).toEqual([]);
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
