import path from 'node:path';
import type { Config } from '../config.ts';
import { describeDatabaseUrl } from './database-problem.ts';

/**
 * The start-up summary (README.md, "The log"): once the server listens, a few lines say what it runs on, one
 * plain `msg` each, so an operator reading the console (or `grep msg`) learns it without decoding JSON: which
 * database and where, how mail goes out, which migrations this start applied, a stale lock taken over, the demo
 * accounts, and where it listens. Never a password: the database and SMTP URLs are named by host, port and name.
 */
export interface StartupFacts {
  /** Migrations applied by this start (db/client.ts). */
  migrations: string[];
  /** The pid a stale DATA_DIR/db.lock named, taken over by this start; else null. */
  staleLockHolder: number | null;
  /** When this start seeded the demo (seed/seed.ts): its password and `role e-mail` per account; else null. */
  demo: { password: string; accounts: string[] } | null;
}

export interface SummaryLine {
  level: 'info' | 'warn';
  msg: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What buildApp learnt while it built the app, for the start-up summary server.ts logs once it listens. */
    startup: StartupFacts;
  }
}

/** How many migrations are named one by one; a new database's whole history is summed up. */
const NAMED_MIGRATIONS = 5;

function databaseLine(config: Config): string {
  const { database } = config;
  if (database.kind === 'pglite') {
    return `Database: embedded (PGlite) in ${database.dir === 'memory' ? 'memory' : path.resolve(database.dir)}`;
  }
  const { server, database: name, user } = describeDatabaseUrl(database.url);
  return `Database: PostgreSQL, database ${name} on ${server} as ${user}`;
}

/** `Migrations applied: …` or `Migrations: none pending` (the start-up log, and `npm run cli -- migrate`). */
export function migrationsLine(applied: string[]): string {
  if (applied.length === 0) return 'Migrations: none pending';
  if (applied.length <= NAMED_MIGRATIONS) return `Migrations applied: ${applied.join(', ')}`;
  return `Migrations applied: ${applied.length} (${applied[0]} … ${applied.at(-1)})`;
}

/** How mail leaves this server: the SMTP server's host and port (never its user or password), or the files. */
export function mailLine(config: Config): string {
  if (!config.smtpUrl) {
    return (
      `Mail: no SMTP_URL, so mail is not sent but written to ${path.join(config.dataDir, 'mail')} and the log ` +
      '(README.md: Mail)'
    );
  }
  const url = new URL(config.smtpUrl);
  const port = url.port || (url.protocol === 'smtps:' ? '465' : '587');
  return `Mail: sent over SMTP via ${url.hostname}:${port}, from ${config.mailFrom}`;
}

export function startupSummary(config: Config, facts: StartupFacts, listening: string): SummaryLine[] {
  const lines: SummaryLine[] = [{ level: 'info', msg: databaseLine(config) }];
  if (facts.staleLockHolder !== null && config.database.kind === 'pglite') {
    lines.push({
      level: 'warn',
      msg:
        `Took over ${config.database.dir}.lock from process ${facts.staleLockHolder}, which no longer runs: the last ` +
        'server was killed or crashed rather than stopped',
    });
  }
  lines.push({ level: 'info', msg: migrationsLine(facts.migrations) });
  lines.push({ level: 'info', msg: mailLine(config) });
  if (facts.demo) {
    lines.push({ level: 'info', msg: `Demo data seeded; every demo account has the password ${facts.demo.password}` });
    for (const account of facts.demo.accounts) lines.push({ level: 'info', msg: `Demo account: ${account}` });
  }
  lines.push({ level: 'info', msg: `Lyceum is running at ${config.publicUrl} (listening on ${listening})` });
  return lines;
}
