import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { compileServer } from '../../../scripts/build-server.mjs';
import { openDatabase } from '../src/db/client.ts';

/**
 * Migrating a fresh database is most of what a server test file used to spend before its first test
 * (starting an empty PGlite and running every migration). This runs once per `vitest run`: it migrates one
 * template, and each file's database starts as a copy of it (see createTestApp in helpers.ts).
 *
 * PGlite: the template is a dump (`dumpDataDir`) cached in node_modules/.cache, keyed by a hash of the
 * migrations and the PGlite version, so it is rebuilt only when one of them changes.
 * PostgreSQL (TEST_DATABASE_URL): a template database for this run, dropped at the end; each file's database
 * is created from it (CREATE DATABASE ... TEMPLATE).
 *
 * The template holds the schema only: buildApp still runs the migrations (none left to apply) and seeds the
 * default plans into every database, as it does in production.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The PGlite dump every in-memory test database starts from. */
    pgliteTemplate: string;
    /** With TEST_DATABASE_URL: the migrated database each test database is created from. */
    postgresTemplate: string | null;
    /** The server's and the CLI's entry points compiled for this run, for the tests that start them as processes. */
    compiled: { server: string; cli: string };
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const migrationsFolder = path.join(root, 'apps/server/src/db/migrations');
const cacheDir = path.join(root, 'node_modules/.cache/lyceum-test');

function templateKey(): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'));
  hash.update(`pglite ${pglite.version}\n`);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(`${path.relative(migrationsFolder, file)}\n`).update(readFileSync(file));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

async function pgliteTemplate(): Promise<string> {
  const file = path.join(cacheDir, `pglite-template-${templateKey()}.tar`);
  if (existsSync(file)) return file;
  const database = openDatabase({ kind: 'pglite', dir: 'memory' });
  await database.migrate();
  if (database.listenTarget.kind !== 'pglite') throw new Error('expected PGlite');
  const dump = await database.listenTarget.client.dumpDataDir('none');
  await database.close();
  mkdirSync(cacheDir, { recursive: true });
  for (const old of readdirSync(cacheDir)) {
    if (old.startsWith('pglite-template-')) rmSync(path.join(cacheDir, old), { force: true });
  }
  // Written aside and renamed, so a run starting meanwhile never reads half a file.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return file;
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `lyceum_template_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    // A template with an open connection cannot be copied.
    await database.close();
  }
  return name;
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
};

/**
 * Starting the server or the CLI through tsx transpiles the whole server for every process (seconds of CPU each),
 * so the tests that start them run this one build instead, the way `npm start` runs the server
 * (scripts/build-server.mjs). Its own directory, not apps/server/dist, where the end-to-end suite's servers run
 * meanwhile; beside dist, so the built server finds the web app where it would from there.
 */
async function compileEntries(): Promise<{ dir: string; compiled: { server: string; cli: string } }> {
  const parent = path.join(root, 'apps/server');
  // A run that was killed never removed its build.
  for (const entry of readdirSync(parent)) {
    const pid = /^dist-test-(\d+)-/.exec(entry)?.[1];
    if (pid && !isRunning(Number(pid))) rmSync(path.join(parent, entry), { recursive: true, force: true });
  }
  const dir = mkdtempSync(path.join(parent, `dist-test-${process.pid}-`));
  // Some tests start the server as the user nobody (see server-start.test.ts).
  chmodSync(dir, 0o755);
  const [server, cli] = await compileServer(
    [path.join(root, 'apps/server/src/server.ts'), path.join(root, 'apps/server/src/cli.ts')],
    dir,
  );
  return { dir, compiled: { server: server as string, cli: cli as string } };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const build = await compileEntries();
  project.provide('compiled', build.compiled);
  project.provide('pgliteTemplate', await pgliteTemplate());
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = serverUrl ? await postgresTemplate(serverUrl) : null;
  project.provide('postgresTemplate', template);
  return async () => {
    rmSync(build.dir, { recursive: true, force: true });
    if (serverUrl && template) await adminQuery(serverUrl, `drop database if exists ${template} with (force)`);
  };
}
