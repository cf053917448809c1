#!/usr/bin/env node
// Precompiles the server (TypeScript → one ESM file) into apps/server/dist so `npm start` skips tsx's
// on-the-fly transpilation. npm packages stay external (resolved from node_modules at run time); the
// workspace package @lyceum/shared (TypeScript sources) is bundled in. Migrations are copied next to it
// because the server finds them relative to its own file. The server tests compile the server and the CLI the same
// way (compileServer) into a directory of their own (apps/server/test/global-setup.ts).
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

/**
 * Compiles each entry point (a TypeScript file of apps/server/src) into `outDir` as `<its name>.js`, with the
 * migrations beside them, and returns the compiled files' paths in the entries' order. `outDir` must lie inside
 * the repository: the compiled files import the npm packages from its node_modules.
 */
export async function compileServer(entries, outDir) {
  mkdirSync(outDir, { recursive: true });
  const names = entries.map((entry) => path.basename(entry, path.extname(entry)));
  // Built beside the targets and renamed into place, so a server already running from them is never torn.
  const tmpName = (name) => `${name}.${process.pid}.tmp`;
  try {
    await build({
      entryPoints: Object.fromEntries(names.map((name, i) => [tmpName(name), entries[i]])),
      outdir: outDir,
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
  copyChanged(path.join(root, 'apps/server/src/db/migrations'), path.join(outDir, 'migrations'));
  writeChanged(path.join(outDir, 'package.json'), Buffer.from('{ "type": "module" }\n'));
  return names.map((name) => {
    const file = path.join(outDir, `${name}.js`);
    renameSync(path.join(outDir, `${tmpName(name)}.js`), file);
    return file;
  });
}

/** Compiles the server into apps/server/dist; returns the path of the compiled entry point. */
export async function buildServer({ quiet = false } = {}) {
  const started = Date.now();
  const [server] = await compileServer([path.join(root, 'apps/server/src/server.ts')], out);
  if (!quiet) console.log(`Server compiled to apps/server/dist in ${Date.now() - started} ms`);
  return server;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
}
