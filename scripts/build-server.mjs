#!/usr/bin/env node
// Precompiles the server (TypeScript → one ESM file) into apps/server/dist so `npm start` skips tsx's
// on-the-fly transpilation. npm packages stay external (resolved from node_modules at run time); the
// workspace package @lyceum/shared (TypeScript sources) is bundled in. Migrations are copied next to it
// because the server finds them relative to its own file.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, stop } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'apps/server/dist');

/**
 * Writes `file` only when its bytes differ, through a temporary file renamed into place: a server starting from
 * dist meanwhile (the end-to-end suite, beside a test that runs `npm start`) never reads a half-written file.
 */
function writeChanged(file, bytes) {
  if (existsSync(file) && readFileSync(file).equals(bytes)) return;
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, file);
}

function copyChanged(from, to) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) copyChanged(source, path.join(to, entry.name));
    else writeChanged(path.join(to, entry.name), readFileSync(source));
  }
}

/** Returns the path of the compiled entry point. */
export async function buildServer({ quiet = false } = {}) {
  const started = Date.now();
  mkdirSync(out, { recursive: true });
  // Built beside the target and renamed into place, so a server already running from dist is never torn.
  const tmp = path.join(out, `server.${process.pid}.tmp.js`);
  try {
    await build({
      entryPoints: [path.join(root, 'apps/server/src/server.ts')],
      outfile: tmp,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: 'inline',
      logLevel: 'warning',
      plugins: [
        {
          name: 'external-npm-packages',
          setup(b) {
            // Bare specifiers (npm packages, node: builtins) stay imports, except our own workspace packages.
            b.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@lyceum/') ? undefined : { path: args.path, external: true },
            );
          },
        },
      ],
    });
  } finally {
    // esbuild keeps its service process (~70 MB) for the next build; `npm start` builds once and would otherwise
    // carry it for the server's whole life.
    stop();
  }
  copyChanged(path.join(root, 'apps/server/src/db/migrations'), path.join(out, 'migrations'));
  writeChanged(path.join(out, 'package.json'), Buffer.from('{ "type": "module" }\n'));
  renameSync(tmp, path.join(out, 'server.js'));
  if (!quiet) console.log(`Server compiled to apps/server/dist in ${Date.now() - started} ms`);
  return path.join(out, 'server.js');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
}
