#!/usr/bin/env node
/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the built app (JS, CSS, HTML, SVG,
 * JSON), at the highest settings, once at build time: the server sends them as they are to a browser that
 * accepts them (@fastify/static `preCompressed`), so no request pays for compressing a static file.
 * Files under 1 KB and files that would not shrink are left alone.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);
const MIN_BYTES = 1024;
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const path of files(dist)) {
  if (!COMPRESSIBLE.has(extname(path)) || path.includes(`${join('dist', '.vite')}`)) continue;
  const bytes = readFileSync(path);
  if (bytes.length < MIN_BYTES) continue;
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gz = gzipSync(bytes, { level: 9 });
  if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
  if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
  count++;
  before += bytes.length;
  after += Math.min(br.length, bytes.length);
}
console.log(`precompress: ${count} files, ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
