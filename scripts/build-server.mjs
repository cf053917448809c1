#!/usr/bin/env node
// Precompiles the server (TypeScript → one ESM file) into apps/server/dist so `npm start` skips tsx's
// on-the-fly transpilation. npm packages stay external (resolved from node_modules at run time); the
// workspace package @lyceum/shared (TypeScript sources) is bundled in. Migrations are copied next to it
// because the server finds them relative to its own file.
import { cpSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, stop } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'apps/server/dist');

/** Returns the path of the compiled entry point. */
export async function buildServer({ quiet = false } = {}) {
  const started = Date.now();
  mkdirSync(out, { recursive: true });
  // Built beside the target and renamed into place, so a server already running from dist is never torn.
  const tmp = path.join(out, `server.${process.pid}.tmp.js`);
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
  cpSync(path.join(root, 'apps/server/src/db/migrations'), path.join(out, 'migrations'), { recursive: true });
  writeFileSync(path.join(out, 'package.json'), '{ "type": "module" }\n');
  renameSync(tmp, path.join(out, 'server.js'));
  if (!quiet) console.log(`Server compiled to apps/server/dist in ${Date.now() - started} ms`);
  return path.join(out, 'server.js');
}

/**
 * Ends esbuild's service process. It outlives the build otherwise, and `npm start` would keep it (~70 MB) beside
 * the server for the server's whole life; a later build starts it again.
 */
export function stopBuildService() {
  return stop();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
}
