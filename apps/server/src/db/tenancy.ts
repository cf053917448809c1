import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { TenantContext } from '../lib/actor.ts';
import { noteSessionRelevantChange, SessionCache } from '../lib/session-cache.ts';
import type { Database, Tx } from './client.ts';

export type { TenantContext };

export interface TenantOptions {
  /**
   * `fn` sends exactly one statement, and nothing it does after that statement is meant to undo it (a read):
   * on a PostgreSQL pool the commit then leaves in the same write as the statement instead of one round trip
   * later (commitWithNext). A second statement is refused with an error (it would run after the commit,
   * outside the tenant).
   */
  oneStatement?: boolean;
  /**
   * `fn` sends all its statements at once, in the turn of the event loop it starts in (none waits for another's
   * answer), and nothing it does after them is meant to undo them (a read): on a PostgreSQL pool the commit
   * leaves behind them, in the same write as the begin. A statement sent later is refused with an error.
   */
  oneWrite?: boolean;
}

/**
 * Runs `fn` in a transaction as the application role, which cannot bypass row-level security. The settings
 * are transaction-local (`set_config(..., true)`) so nothing leaks to the next user of a pooled connection.
 */
export function withTenant<T>(
  db: Database,
  ctx: TenantContext,
  fn: (tx: Tx) => Promise<T>,
  options: TenantOptions = {},
): Promise<T> {
  const pooled = poolOf(db);
  if (pooled) return afterCommit(() => withTenantPooled(pooled, ctx, fn, options));
  return afterCommit(() =>
    db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('app.school_id', ${ctx.schoolId ?? ''}, true),
                 set_config('app.user_id', ${ctx.userId}, true),
                 set_config('app.scope', ${ctx.scope}, true),
                 set_config('role', 'lyceum_app', true)`,
      );
      return fn(tx);
    }),
  );
}

/**
 * audit() empties the session cache inside the transaction; a session looked up between that and the commit
 * would still see the old rows, so a transaction that audited empties it once more after its commit.
 */
async function afterCommit<T>(work: () => Promise<T>): Promise<T> {
  const before = SessionCache.epoch();
  const result = await work();
  if (SessionCache.epoch() !== before) noteSessionRelevantChange();
  return result;
}

/** What drizzle's node-postgres session keeps private but a hand-made transaction needs. */
interface PooledSession {
  client: unknown;
  dialect: PgDialect;
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
}

function poolOf(db: Database): PooledSession | null {
  const session = (db as unknown as { session?: PooledSession }).session;
  return session?.client instanceof pg.Pool ? session : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The same transaction on a PostgreSQL pool, two round trips shorter: `begin` and the settings travel as one
 * simple-protocol message (which cannot carry parameters, so the values are checked to be UUIDs and a known
 * scope before they are written into it), in the same write as the first statement. Every request pays this,
 * so the round trips matter (docs/product.md, "Performance budgets").
 */
async function withTenantPooled<T>(
  base: PooledSession,
  ctx: TenantContext,
  fn: (tx: Tx) => Promise<T>,
  { oneStatement = false, oneWrite = false }: TenantOptions,
): Promise<T> {
  if (oneStatement && oneWrite) throw new Error('withTenant: oneStatement or oneWrite, not both');
  const schoolId = ctx.schoolId ?? '';
  if (
    (schoolId !== '' && !UUID.test(schoolId)) ||
    !UUID.test(ctx.userId) ||
    !['school', 'company'].includes(ctx.scope)
  ) {
    throw new Error('withTenant: malformed tenant context');
  }
  const client = await (base.client as pg.Pool).connect();
  // A connection whose begin or rollback failed is in an unknown state: the pool must not hand it out again.
  let broken = true;
  try {
    // `begin` and the settings are not awaited: the pool's connections pipeline (db/client.ts), so the first
    // statement of `fn` follows without waiting for their answer. Should they fail, the transaction is aborted
    // and every statement after them fails too: nothing runs without the tenant settings. The socket stays
    // corked until the next turn of the event loop, so they and that first statement (issued in this turn)
    // leave in one write: per request a third fewer system calls on both sides (bench/README.md, "One write
    // for begin and the first statement").
    const ending = endingOf(client);
    corkForThisTurn(client, oneWrite ? () => ending.commitNow() : undefined);
    const begun = client.query(
      `begin; select set_config('app.school_id', '${schoolId}', true), set_config('app.user_id', '${ctx.userId}', true),
       set_config('app.scope', '${ctx.scope}', true), set_config('role', 'lyceum_app', true)`,
    );
    begun.catch(() => {});
    if (oneStatement) ending.commitWithNext(1);
    const session = new NodePgSession(ending.client, base.dialect, base.schema, base.options);
    // No schema: with one, drizzle builds a relational query builder (`tx.query.<table>`) for every table on
    // every transaction, a few per cent of a request's CPU, and the server uses none of them (on PostgreSQL
    // `tx.query` is empty; CI runs the server suite on PostgreSQL too, so a use of it would fail there).
    const tx = new NodePgTransaction(base.dialect, session, undefined) as unknown as Tx;
    let result: T;
    try {
      result = await fn(tx);
      await begun;
    } catch (err) {
      // A failed statement leaves the transaction aborted, and the commit sent with it rolls it back.
      await ending.finish('rollback');
      broken = false;
      // When the settings failed, fn's statements failed only because of them: report theirs.
      throw await begun.then(
        () => err,
        (beginError: unknown) => beginError,
      );
    }
    await ending.finish('commit');
    broken = false;
    return result;
  } finally {
    client.release(broken);
  }
}

/**
 * Holds a pooled connection's writes until the next turn of the event loop, so they leave as one; `last`, if
 * given, may add its own statement to them just before they leave.
 */
function corkForThisTurn(client: unknown, last?: () => void) {
  const socket = (client as { connection?: { stream?: { cork?(): void; uncork?(): void } } } | undefined)?.connection
    ?.stream;
  socket?.cork?.();
  setImmediate(() => {
    last?.();
    socket?.uncork?.();
  });
}

/**
 * Sends the statements `send` issues (in this turn of the event loop) in one write, each without waiting for
 * the answer of the one before, as the pool's connections pipeline: for statements that do not need each
 * other's results. A failed one aborts the transaction, so the ones after it fail too and nothing is kept.
 * On embedded PGlite they simply run in turn.
 */
export function sendTogether<T>(tx: Tx, send: () => T): T {
  corkForThisTurn((tx as unknown as { session?: { client?: unknown } }).session?.client);
  return send();
}

/** A pooled transaction's end as its statements see it (commitWithNext). */
interface Ending {
  /** The client the transaction's statements go through. */
  client: pg.PoolClient;
  commitWithNext(statements: number): void;
  /** Sends the commit now, behind every statement sent so far, unless the transaction has ended. */
  commitNow(): void;
  /**
   * Ends the transaction: the commit already sent, if any (it answers ROLLBACK if a statement failed), or else
   * `statement` sent now. Nothing is sent after it.
   */
  finish(statement: 'commit' | 'rollback'): Promise<unknown>;
}

/**
 * A view of `client` that can send `commit` right behind a given number of further statements (the socket is
 * corked for the turn, so they leave in one write) and refuses any statement after it.
 */
function endingOf(client: pg.PoolClient): Ending {
  let commit: Promise<unknown> | null = null;
  let remaining: number | null = null;
  let finished = false;
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const view = Object.create(client) as pg.PoolClient;
  const ending: Ending = {
    client: view,
    commitWithNext(statements) {
      if (commit || remaining !== null) throw new Error('withTenant: the commit is already arranged');
      remaining = statements;
    },
    commitNow() {
      if (commit || finished) return;
      commit = query('commit');
      commit.catch(() => {});
    },
    finish(statement) {
      finished = true;
      return commit ?? query(statement);
    },
  };
  (view as unknown as { query: typeof query; ending: Ending }).ending = ending;
  (view as unknown as { query: typeof query }).query = (...args: unknown[]) => {
    if (commit) throw new Error('withTenant: a statement after the commit was sent');
    // The statement and the commit behind it leave in one write, whichever turn of the event loop sends them.
    if (remaining === 1) corkForThisTurn(client);
    const answer = query(...args);
    if (remaining !== null && --remaining === 0) {
      commit = query('commit');
      commit.catch(() => {});
    }
    return answer;
  };
  return ending;
}

/**
 * Makes the transaction commit right behind its next `statements` statements, in the same write, instead of one
 * round trip after `fn` returns: for statements whose results decide nothing that could undo them. Any
 * statement after them is refused (it would run after the commit). If one of them fails, the transaction rolls
 * back and its error reaches the caller as usual. On embedded PGlite the transaction ends as it always does.
 */
export function commitWithNext(tx: Tx, statements: number): void {
  const client = (tx as unknown as { session?: { client?: { ending?: Ending } } }).session?.client;
  client?.ending?.commitWithNext(statements);
}

/**
 * A list page's `load` of at most `statements` statements that ends its transaction: the commit leaves in the
 * same write as the last of them, one round trip fewer (when the load sends fewer, the commit follows as usual).
 * A statement after it would be refused, so only for a list whose request ends with the page.
 */
export function loadThenCommit<T>(
  tx: Tx,
  load: (ids: string[]) => Promise<T[]>,
  statements = 1,
): (ids: string[]) => Promise<T[]> {
  return (ids) => {
    commitWithNext(tx, statements);
    return load(ids);
  };
}

/**
 * Runs `fn` as the owner, outside row-level security. Only for work that has no tenant yet or spans all of
 * them: signing in and resolving sessions (the school is not known until the account is found), sign-up,
 * password reset, the demo seed, migrations and periodic sweeps. Never for a signed-in user's request.
 */
export function withSystem<T>(db: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return afterCommit(() => db.transaction(async (tx) => fn(tx)));
}
