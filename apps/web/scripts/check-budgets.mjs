#!/usr/bin/env node
/**
 * The bundle budgets of docs/product.md, "Performance budgets", checked after `vite build`:
 *  - the JS that index.html loads before anything else (entry chunk + its static imports) ≤ 150 KB gzip;
 *  - every other (lazily loaded) JS chunk ≤ 60 KB gzip.
 * Prints one row per chunk and exits 1 when a budget is exceeded.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const INITIAL_BUDGET = 150 * KB;
const LAZY_BUDGET = 60 * KB;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');

if (!existsSync(manifestPath)) {
  console.error(
    `check-budgets: ${relative(process.cwd(), manifestPath)} not found; run vite build with build.manifest = true.`,
  );
  process.exit(1);
}

/** @type {Record<string, {file: string, src?: string, name?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const gzipCache = new Map();
function gzipSize(file) {
  let size = gzipCache.get(file);
  if (size === undefined) {
    const bytes = readFileSync(join(dist, file));
    size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    gzipCache.set(file, size);
  }
  return size;
}

const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (entryKeys.length === 0) {
  console.error('check-budgets: the manifest has no entry chunk.');
  process.exit(1);
}

// The initial set: each entry and, transitively, what it imports statically.
const initialFiles = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || initialFiles.has(chunk.file)) return;
  initialFiles.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
for (const key of entryKeys) visit(key);

const chunks = new Map();
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.file.endsWith('.js')) continue;
  chunks.set(chunk.file, { file: chunk.file, source: chunk.src ?? key, initial: initialFiles.has(chunk.file) });
}
// Any emitted JS the manifest does not name still counts as a lazy chunk.
const assetsDir = join(dist, 'assets');
if (existsSync(assetsDir)) {
  for (const name of readdirSync(assetsDir)) {
    const file = `assets/${name}`;
    if (name.endsWith('.js') && !chunks.has(file))
      chunks.set(file, { file, source: '(not in manifest)', initial: false });
  }
}

const fmt = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const rows = [...chunks.values()]
  .map((chunk) => ({ ...chunk, ...gzipSize(chunk.file) }))
  .sort((a, b) => Number(b.initial) - Number(a.initial) || b.gzip - a.gzip);

const failures = [];
for (const row of rows) {
  row.budget = row.initial ? '(initial)' : fmt(LAZY_BUDGET);
  row.ok = row.initial || row.gzip <= LAZY_BUDGET;
  if (!row.ok) failures.push(`lazy chunk ${row.file} is ${fmt(row.gzip)} gzip (budget ${fmt(LAZY_BUDGET)})`);
}
const initialTotal = rows.filter((r) => r.initial).reduce((sum, r) => sum + r.gzip, 0);
if (initialTotal > INITIAL_BUDGET) {
  failures.push(`initial JS is ${fmt(initialTotal)} gzip (budget ${fmt(INITIAL_BUDGET)})`);
}

const header = ['chunk', 'kind', 'raw', 'gzip', 'budget', ''];
const table = [
  header,
  ...rows.map((r) => [r.file, r.initial ? 'initial' : 'lazy', fmt(r.raw), fmt(r.gzip), r.budget, r.ok ? 'ok' : 'OVER']),
  ['initial total', '', '', fmt(initialTotal), fmt(INITIAL_BUDGET), initialTotal <= INITIAL_BUDGET ? 'ok' : 'OVER'],
];
const widths = header.map((_, i) => Math.max(...table.map((row) => String(row[i]).length)));
const line = (row) =>
  row
    .map((cell, i) => (i >= 2 && i <= 4 ? String(cell).padStart(widths[i]) : String(cell).padEnd(widths[i])))
    .join('  ');
console.log(`\nBundle budgets (gzip level 9)\n${line(table[0])}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
for (const row of table.slice(1, -1)) console.log(line(row));
console.log(`${widths.map((w) => '-'.repeat(w)).join('  ')}\n${line(table[table.length - 1])}\n`);

if (failures.length > 0) {
  for (const failure of failures) console.error(`budget exceeded: ${failure}`);
  process.exit(1);
}
console.log(
  `All budgets met: initial ${fmt(initialTotal)} ≤ ${fmt(INITIAL_BUDGET)}, every lazy chunk ≤ ${fmt(LAZY_BUDGET)}.`,
);
