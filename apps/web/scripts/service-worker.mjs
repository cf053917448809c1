#!/usr/bin/env node
/**
 * Writes dist/sw.js, the app shell's service worker (src/sw/sw.ts), after `vite build`, with this build's
 * files to precache and a version made of their names (hashed: a new build, a new version, the old cache
 * deleted). Precached: index.html, the JS and CSS index.html loads, the shell's and the mark page's code with
 * what it imports, and the texts of the sign-in, common and attendance namespaces in every language: enough for
 * a reload without a network to show the app (docs/product.md, "Attendance on a bad connection"). Other pages'
 * files are cached the first time they load. Run before precompress.mjs, which compresses sw.js too.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error('service-worker: dist/.vite/manifest.json not found; run vite build with build.manifest = true.');
  process.exit(1);
}

/** @type {Record<string, {file: string, isEntry?: boolean, imports?: string[], css?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** The manifest's keys of the code a reload offline needs: besides the entry, the lazily loaded ones below. */
const LAZY_SHELL = ['src/app/shell/app-shell.tsx', 'src/features/attendance/pages/mark-attendance-page.tsx'];
const NAMESPACES = ['common', 'auth', 'attendance'];
const isShellText = (key) =>
  key.startsWith('virtual:lyceum-catalogue/') && NAMESPACES.includes(key.split('/').at(-1) ?? '');

const roots = Object.keys(manifest).filter(
  (key) => manifest[key].isEntry || LAZY_SHELL.includes(key) || isShellText(key),
);
for (const key of LAZY_SHELL) {
  if (!manifest[key]) {
    console.error(`service-worker: ${key} is not in the build's manifest (moved or renamed?).`);
    process.exit(1);
  }
}

const files = new Set(['/index.html']);
const seen = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  files.add(`/${chunk.file}`);
  for (const css of chunk.css ?? []) files.add(`/${css}`);
  for (const imported of chunk.imports ?? []) visit(imported);
};
for (const key of roots) visit(key);

const precache = [...files].sort();
const version = createHash('sha256')
  .update(precache.join('\n'))
  .update(readFileSync(join(dist, 'index.html')))
  .digest('hex')
  .slice(0, 16);

await build({
  entryPoints: [join(root, 'src', 'sw', 'sw.ts')],
  outfile: join(dist, 'sw.js'),
  bundle: true,
  format: 'iife',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  define: { __PRECACHE__: JSON.stringify(precache), __VERSION__: JSON.stringify(version) },
  logLevel: 'warning',
});
console.log(`service-worker: dist/sw.js, version ${version}, ${precache.length} files precached`);
