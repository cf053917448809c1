import { createHash } from 'node:crypto';
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config.ts';
import { lockEmbeddedDatabase } from './data-dir.ts';
import { asDatabaseStartupError } from '../lib/database-problem.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
// biome-ignore lint/suspicious/noExplicitAny: the two drivers differ only in their result type
export type Database = PgDatabase<any, Schema>;
// biome-ignore lint/suspicious/noExplicitAny: see above
export type Tx = PgTransaction<PgQueryResultHKT & any, Schema, ExtractTablesWithRelations<Schema>>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Where lib/live-events.ts listens: PGlite's one client (it delivers NOTIFY to its own LISTEN), or the server
   * URL, on which the hub opens a dedicated connection (a pooled one would be handed to other work).
   */
  listenTarget: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };
  /**
   * Runs the committed migrations, then applies the tenant rules to every table (idempotent). Returns the names of
   * the migrations it applied (none when the database was up to date), for the start-up log.
   */
  migrate(): Promise<string[]>;
  /** The embedded database's stale lock this process took over: the pid it named (db/data-dir.ts); else null. */
  staleLockHolder: number | null;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

type Query = (text: string) => Promise<{ rows: unknown[] }>;

/**
 * The migrations `migrate` is about to apply: drizzle's migrator applies every migration of the journal made
 * after the newest one it recorded in drizzle.__drizzle_migrations (by the journal's `when`), so the same rule
 * read before it runs names them. Run under the same lock as the migration (PostgreSQL).
 */
async function pendingMigrations(query: Query): Promise<string[]> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const [table] = (await query(`select to_regclass('drizzle.__drizzle_migrations')::text as name`)).rows as {
    name: string | null;
  }[];
  let newest = Number.NEGATIVE_INFINITY;
  if (table?.name) {
    const [row] = (await query('select max(created_at)::text as newest from drizzle.__drizzle_migrations')).rows as {
      newest: string | null;
    }[];
    if (row?.newest) newest = Number(row.newest);
  }
  return journal.entries.filter((entry) => entry.when > newest).map((entry) => entry.tag);
}

/**
 * A pg client that names every parameterised statement after a hash of its text, so each pooled connection
 * parses a statement once and PostgreSQL's plan cache can reuse its plan (planning the joined, row-level
 * secured reads cost more than running them: ~1.5 ms against ~1 ms at bench scale). The statement text,
 * not its values, is the key; texts vary only with the shape of a query (e.g. the length of an id list), so
 * a connection holds a bounded set of them.
 */
class StatementCachingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() is heavily overloaded; only the config form is touched
  override query(config: any, values?: any, callback?: any): any {
    if (config && typeof config === 'object' && typeof config.text === 'string' && !config.name) {
      const params = config.values ?? values;
      if (Array.isArray(params) && params.length > 0) {
        config.name = `l${createHash('sha1').update(config.text).digest('base64url').slice(0, 20)}`;
      }
    }
    return super.query(config, values, callback);
  }
}

/**
 * The bench's statement capture (STATEMENT_CAPTURE_FILE, never set in production): every statement a pooled
 * connection sends, with its values and the backend's pid, one JSON line each, so the bench can replay what
 * one request sends straight against PostgreSQL with pgbench and compare the two throughputs.
 */
function capturingClient(file: string): typeof StatementCachingClient {
  return class CapturingClient extends StatementCachingClient {
    /** Statements sent on this connection and not answered yet. */
    #unanswered = 0;

    // biome-ignore lint/suspicious/noExplicitAny: as above
    override query(config: any, values?: any, callback?: any): any {
      const text = typeof config === 'string' ? config : config?.text;
      const captured = typeof text === 'string';
      if (captured) {
        const params = (typeof config === 'object' ? config.values : undefined) ?? values ?? [];
        // pg sets processID (the backend's pid) on connect; its typings leave it out.
        const pid = (this as unknown as { processID?: number }).processID;
        // `pending` > 0: sent without waiting for the answers before it (pipelined), as the replay must send it.
        const line = JSON.stringify({ pid, text, values: params, pending: this.#unanswered });
        appendFileSync(file, `${line}\n`);
      }
      const answer = super.query(config, values, callback);
      if (captured && typeof answer?.then === 'function') {
        this.#unanswered++;
        const answered = () => {
          this.#unanswered--;
        };
        answer.then(answered, answered);
      }
      return answer;
    }
  };
}

/**
 * PostgreSQL's settings in the embedded database: PGlite's own, and a smaller buffer pool. PGlite writes over the
 * whole of its shared memory when it starts, and its WASM heap never shrinks, so the buffer pool is resident
 * from the first second whether or not it holds anything: PostgreSQL's default of 128 MB was the largest single
 * part of the server's memory. 32 MB holds the demo's whole database (19 MB) and a school's daily working set;
 * a page outside it is read from the operating system's file cache (docs/scaling.md, "The embedded database").
 */
export const EMBEDDED_START_PARAMS: readonly string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

export interface OpenOptions {
  /** An idle pooled connection was closed by the server (restart, failover, terminated backend). */
  onIdleConnectionLost?: (err: Error) => void;
}

export function openDatabase(database: Config['database'], options: OpenOptions = {}): DatabaseHandle {
  if (database.kind === 'pglite') {
    // One process per embedded database (db/data-dir.ts); a second opener is refused before it touches a file.
    const lock =
      database.dir === 'memory' ? { release: () => {}, staleHolder: null } : lockEmbeddedDatabase(database.dir);
    const startParams = [...EMBEDDED_START_PARAMS];
    const client =
      database.dir === 'memory'
        ? new PGlite({ loadDataDir: database.from, startParams })
        : new PGlite(database.dir, { startParams });
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    return {
      db,
      kind: 'pglite',
      listenTarget: { kind: 'pglite', client },
      staleLockHolder: lock.staleHolder,
      async migrate() {
        const pending = await pendingMigrations((text) => client.query(text));
        await migratePglite(drizzlePglite(client), { migrationsFolder });
        await db.execute(sql`select lyceum_apply_tenancy()`);
        return pending;
      },
      async close() {
        try {
          await client.close();
        } finally {
          lock.release();
        }
      },
    };
  }
  const Client = database.captureFile ? capturingClient(database.captureFile) : StatementCachingClient;
  // Pipelined connections send a statement without waiting for the previous one's answer: the tenant
  // transaction's settings and its first statement go out together (db/tenancy.ts).
  const pool = new pg.Pool({ connectionString: database.url, max: database.poolSize, Client, pipeline: true });
  // Without a listener pg-pool rethrows an idle connection's error and the process dies; the pool already
  // discards that connection and opens a new one on demand, so reporting it is all that is left to do.
  pool.on('error', (err) => options.onIdleConnectionLost?.(err));
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    listenTarget: { kind: 'postgres', url: database.url },
    staleLockHolder: null,
    async migrate() {
      // The first use of DATABASE_URL: an unreachable server, a missing database or role, an owner outside
      // lyceum_app are the operator's to fix, said in one line (lib/database-problem.ts).
      try {
        // Several server processes may start at once: one migrates, the others wait for it.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock(7205759403792793)');
          const pending = await pendingMigrations((text) => client.query(text));
          await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
          await client.query('select lyceum_apply_tenancy()');
          return pending;
        } finally {
          await client.query('select pg_advisory_unlock(7205759403792793)').catch(() => {});
          client.release();
        }
      } catch (err) {
        throw asDatabaseStartupError(err, database.url);
      }
    },
    close: () => pool.end(),
  };
}
