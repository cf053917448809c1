import { sql } from 'drizzle-orm';
import type { Database, Tx } from './client.ts';

/**
 * Whose data a transaction may touch. Row-level security reads these settings; `company` scope is for
 * platform staff, who may read any school.
 */
export interface TenantContext {
  scope: 'school' | 'company';
  schoolId: string | null;
  userId: string;
}

/**
 * Runs `fn` in a transaction as the application role, which cannot bypass row-level security. The settings
 * are transaction-local (`set_config(..., true)`) so nothing leaks to the next user of a pooled connection.
 */
export function withTenant<T>(db: Database, ctx: TenantContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('app.school_id', ${ctx.schoolId ?? ''}, true),
                 set_config('app.user_id', ${ctx.userId}, true),
                 set_config('app.scope', ${ctx.scope}, true),
                 set_config('role', 'lyceum_app', true)`,
    );
    return fn(tx);
  });
}

/**
 * Runs `fn` as the owner, outside row-level security. Only for work that has no tenant yet or spans all of
 * them: signing in and resolving sessions (the school is not known until the account is found), sign-up,
 * password reset, the demo seed, migrations and periodic sweeps. Never for a signed-in user's request.
 */
export function withSystem<T>(db: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => fn(tx));
}
