import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script (npm start and the web build run it), without type declarations.
import { clearWebBuildStamp, webBuildState, writeWebBuildStamp } from '../../../scripts/web-build-stamp.mjs';

/** `npm start` after an in-place upgrade (README.md, "Upgrading") must not serve the previous version's web app. */
describe('the web build stamp', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'lyceum-stamp-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };

  it('says missing, then stale until the build stamps it, and stale again when a source or the lockfile changes', () => {
    write('apps/web/src/main.tsx', 'one');
    write('packages/shared/src/auth.ts', 'schemas');
    write('package-lock.json', '{}');
    expect(webBuildState(root)).toBe('missing');
    // A build made before stamps existed: its sources are unknown.
    write('apps/web/dist/index.html', '<html>');
    expect(webBuildState(root)).toBe('stale');
    writeWebBuildStamp(root);
    expect(webBuildState(root)).toBe('current');

    // An edited source, a new one, the shared package, the lockfile: each makes the build stale.
    for (const [file, text] of [
      ['apps/web/src/main.tsx', 'two'],
      ['apps/web/src/new-page.tsx', 'new'],
      ['packages/shared/src/auth.ts', 'other schemas'],
      ['package-lock.json', '{"lockfileVersion":3}'],
    ] as const) {
      write(file, text);
      expect(webBuildState(root), file).toBe('stale');
      writeWebBuildStamp(root);
    }
    // What the build does not read does not count.
    write('apps/server/src/app.ts', 'server');
    write('README.md', 'docs');
    expect(webBuildState(root)).toBe('current');
  });

  it('is kept outside dist, which the server serves to anyone, and a build removes it before it starts', () => {
    writeWebBuildStamp(root);
    expect(webBuildState(root)).toBe('current');
    expect(readdirSync(path.join(root, 'apps/web/dist'))).toEqual(['index.html']);
    // A build that fails half-way, its sources unchanged, must not pass for a current one at the next start.
    clearWebBuildStamp(root);
    expect(webBuildState(root)).toBe('stale');
  });
});
