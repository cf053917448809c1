import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * The embedded database (PGlite) has no autovacuum, so nothing gathers its planner statistics: every table
 * looks empty to the planner, which then joins thousands of rows in nested loops (an attendance submission of a
 * busy day took over a second, a parents search about one). This does autovacuum's analyze for it: a table is
 * analysed when it has never been, or when the rows changed since its last analysis pass PostgreSQL's own
 * default threshold (50 rows plus a tenth of the table). PGlite runs inside the server's process, so the tables
 * are analysed one at a time with a turn of the event loop between them, letting requests in.
 * On PostgreSQL autovacuum does this and nothing here runs (docs/scaling.md, "The embedded database").
 */
export async function analyzeStaleTables(db: Database): Promise<string[]> {
  // PGlite is one backend: the counts of its own changes wait up to a second to be published, unless asked.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const stale = await db.execute(sql`
    select c.relname as name from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = 'public'
      and (c.reltuples < 0 or s.n_mod_since_analyze > 50 + 0.1 * c.reltuples)
    order by c.relname`);
  const names = (stale.rows as { name: string }[]).map((r) => r.name);
  for (const name of names) {
    await db.execute(sql`analyze ${sql.identifier(name)}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return names;
}

/**
 * Analyses the embedded database's stale tables now and every `everyMs` after; the returned function stops it
 * once a pass under way has ended (the database may then close). A pass still running when the next is due is
 * not doubled.
 */
export function keepEmbeddedStatistics(
  db: Database,
  everyMs: number,
  onError: (err: unknown) => void,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const pass = () => {
    if (running) return;
    running = analyzeStaleTables(db)
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  pass();
  const timer = setInterval(pass, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
