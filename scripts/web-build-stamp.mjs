#!/usr/bin/env node
// What the built web app (apps/web/dist) was built from, so that `npm start` rebuilds it after an upgrade
// (README.md, "Upgrading"): `npm ci` leaves apps/web/dist in place, and the new server would otherwise serve the
// previous version's web app without a word. The build writes a hash of every file it reads (the web sources, the
// shared package, the lockfile) into apps/web/.build-stamp.json as its last step, and removes it as its first (a
// build that fails half-way leaves no stamp to vouch for it); start.mjs compares it with a hash of the files now.
// A hash of the files, not the git commit: an install from a release archive has no .git. The stamp stays outside
// dist: the server serves dist to anyone, and what the install's sources hash to is nobody else's business.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Everything the web build reads, relative to the repository's root. */
export const WEB_BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/scripts',
  'apps/web/index.html',
  'apps/web/package.json',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'package-lock.json',
];

export const STAMP = 'apps/web/.build-stamp.json';

function filesUnder(root, relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full)
    .sort()
    .flatMap((entry) => filesUnder(root, path.posix.join(relative, entry)));
}

/** SHA-256 over the inputs' paths and contents, in a fixed order. */
export function webSourcesHash(root) {
  const hash = createHash('sha256');
  for (const file of WEB_BUILD_INPUTS.flatMap((input) => filesUnder(root, input))) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** 'missing' (never built), 'stale' (built from other sources, or before stamps existed) or 'current'. */
export function webBuildState(root) {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) return 'missing';
  try {
    const { sources } = JSON.parse(readFileSync(path.join(root, STAMP), 'utf8'));
    return sources === webSourcesHash(root) ? 'current' : 'stale';
  } catch {
    return 'stale';
  }
}

export function writeWebBuildStamp(root) {
  writeFileSync(path.join(root, STAMP), `${JSON.stringify({ sources: webSourcesHash(root) })}\n`);
}

export function clearWebBuildStamp(root) {
  rmSync(path.join(root, STAMP), { force: true });
}

// Run by the web app's build script: `clear` before it builds, without an argument after the build succeeded.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  if (process.argv[2] === 'clear') clearWebBuildStamp(root);
  else writeWebBuildStamp(root);
}
