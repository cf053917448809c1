import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, schoolSubscriptions, schools, users } from '../src/db/schema/index.ts';
import type { Tx } from '../src/db/client.ts';
import { commitWithNext, loadThenCommit, withSystem, withTenant } from '../src/db/tenancy.ts';
import { newId } from '../src/lib/ids.ts';
import { createSchool, createTestApp, type SchoolFixture, type TestApp } from './helpers.ts';

let t: TestApp;
let a: SchoolFixture;
let b: SchoolFixture;

beforeAll(async () => {
  t = await createTestApp();
  a = await createSchool(t.app, { name: 'School A' });
  b = await createSchool(t.app, { name: 'School B' });
});
afterAll(() => t.close());

const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> =>
  (await t.app.deps.db.execute<T>(query)).rows as T[];

/** Tables whose rows belong to one school: a NOT NULL school_id column. */
async function tenantTables(): Promise<string[]> {
  const r = await rows<{ table_name: string }>(sql`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and c.column_name = 'school_id' and c.is_nullable = 'NO' and t.table_type = 'BASE TABLE'
    order by 1`);
  return r.map((x) => x.table_name);
}

describe('schema rules for every tenant table (ARCHITECTURE.md, "Tenancy")', () => {
  it('finds the tenant tables', async () => {
    expect(await tenantTables()).toEqual(expect.arrayContaining(['users', 'school_subscriptions', 'notifications']));
  });

  it('every tenant table has the primary key (school_id, id)', async () => {
    for (const table of await tenantTables()) {
      const pk = await rows<{ cols: string[] | string }>(sql`
        select array_agg(a.attname order by k.ord)::text[] as cols
        from pg_constraint con
        cross join lateral unnest(con.conkey) with ordinality as k(attnum, ord)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
        where con.conrelid = ${table}::regclass and con.contype = 'p'`);
      const cols = pk[0]?.cols;
      const list = Array.isArray(cols)
        ? cols
        : String(cols ?? '')
            .replace(/[{}]/g, '')
            .split(',');
      expect({ table, pk: list }).toEqual({ table, pk: ['school_id', 'id'] });
    }
  });

  it('every foreign key from a tenant table to another tenant table includes school_id on both sides', async () => {
    const tenant = new Set(await tenantTables());
    const fks = await rows<{ src: string; dst: string; src_cols: string; dst_cols: string; name: string }>(sql`
      select con.conname as name, con.conrelid::regclass::text as src, con.confrelid::regclass::text as dst,
        (select string_agg(a.attname, ',' order by k.ord) from unnest(con.conkey) with ordinality k(n, ord)
           join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n) as src_cols,
        (select string_agg(a.attname, ',' order by k.ord) from unnest(con.confkey) with ordinality k(n, ord)
           join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n) as dst_cols
      from pg_constraint con where con.contype = 'f'`);
    const between = fks.filter((f) => tenant.has(f.src) && tenant.has(f.dst));
    expect(between.length).toBeGreaterThan(0);
    for (const fk of between) {
      expect({ fk: fk.name, src: fk.src_cols.split(',')[0], dst: fk.dst_cols.split(',')[0] }).toEqual({
        fk: fk.name,
        src: 'school_id',
        dst: 'school_id',
      });
    }
  });

  // Not forced: the owner runs the system work (sign-in, session lookup, sign-up, sweeps) across every school;
  // requests run as lyceum_app, which the policies bind (ARCHITECTURE.md, "Tenancy").
  it('row-level security is enabled, not forced, with a policy on every tenant table and the tenant root', async () => {
    for (const table of [...(await tenantTables()), 'schools', 'audit_log']) {
      const [cls] = await rows<{ relrowsecurity: boolean; relforcerowsecurity: boolean }>(
        sql`select relrowsecurity, relforcerowsecurity from pg_class where oid = ${table}::regclass`,
      );
      const policies = await rows<{ policyname: string }>(
        sql`select policyname from pg_policies where tablename = ${table}`,
      );
      expect({
        table,
        rls: cls?.relrowsecurity,
        forced: cls?.relforcerowsecurity,
        policies: policies.length > 0,
      }).toEqual({
        table,
        rls: true,
        forced: false,
        policies: true,
      });
    }
  });

  it('the application role owns no table and cannot bypass row-level security', async () => {
    const [role] = await rows<{ rolsuper: boolean; rolbypassrls: boolean }>(
      sql`select rolsuper, rolbypassrls from pg_roles where rolname = 'lyceum_app'`,
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
    const owned = await rows<{ tablename: string }>(
      sql`select tablename from pg_tables where schemaname = 'public' and tableowner = 'lyceum_app'`,
    );
    expect(owned).toEqual([]);
  });

  /** Indexes used only by system lookups that run before a school is known, each with its reason. */
  const CROSS_TENANT_INDEXES: Record<string, string> = {
    users_account_idx: 'sign-in finds the school profile of an account before the school is known',
  };

  it('every tenant index starts with school_id', async () => {
    for (const table of await tenantTables()) {
      const idx = await rows<{ indexname: string; indexdef: string }>(
        sql`select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = ${table}`,
      );
      for (const i of idx.filter((x) => !CROSS_TENANT_INDEXES[x.indexname]))
        expect({ index: i.indexname, firstColumn: /\(\s*"?school_id"?/.test(i.indexdef) }).toEqual({
          index: i.indexname,
          firstColumn: true,
        });
    }
  });
});

describe('isolation in the database itself', () => {
  const asSchool = (s: SchoolFixture) => ({
    scope: 'school' as const,
    schoolId: s.id,
    userId: s.users.school_admin.id,
  });

  it("a query without any where clause sees only its own school's rows", async () => {
    const seenByA = await withTenant(t.app.deps.db, asSchool(a), (tx) => tx.select().from(users));
    expect(seenByA.length).toBe(5);
    expect(new Set(seenByA.map((u) => u.schoolId))).toEqual(new Set([a.id]));
    const raw = await withTenant(t.app.deps.db, asSchool(b), (tx) => tx.execute(sql`select school_id from users`));
    expect(new Set(raw.rows.map((r: unknown) => (r as { school_id: string }).school_id))).toEqual(new Set([b.id]));
    const subs = await withTenant(t.app.deps.db, asSchool(b), (tx) => tx.select().from(schoolSubscriptions));
    expect(subs.every((s) => s.schoolId === b.id)).toBe(true);
    const visibleSchools = await withTenant(t.app.deps.db, asSchool(b), (tx) => tx.select().from(schools));
    expect(visibleSchools.map((s) => s.id)).toEqual([b.id]);
  });

  it('asking for another school by id returns nothing', async () => {
    const r = await withTenant(t.app.deps.db, asSchool(b), (tx) =>
      tx.execute(sql`select * from users where school_id = ${a.id} and id = ${a.users.teacher.id}`),
    );
    expect(r.rows).toEqual([]);
  });

  it("cannot write a row into another school's data", async () => {
    await expect(
      withTenant(t.app.deps.db, asSchool(b), (tx) =>
        tx
          .insert(notifications)
          .values({ schoolId: a.id, id: newId(), userId: a.users.teacher.id, type: 'other', title: 'x', body: 'y' }),
      ),
    ).rejects.toThrow();
    const updated = await withTenant(t.app.deps.db, asSchool(b), (tx) =>
      tx.execute(sql`update users set name = 'hacked' where school_id = ${a.id} returning id`),
    );
    expect(updated.rows).toEqual([]);
  });

  it('without a tenant set, a request transaction sees no tenant rows at all', async () => {
    const r = await withTenant(t.app.deps.db, { scope: 'school', schoolId: null, userId: newId() }, (tx) =>
      tx.select().from(users),
    );
    expect(r).toEqual([]);
  });

  it('settings do not leak to the next transaction on the same connection', async () => {
    await withTenant(t.app.deps.db, asSchool(a), (tx) => tx.select().from(users));
    const after = await t.app.deps.db.execute<{ s: string | null }>(
      sql`select current_setting('app.school_id', true) as s`,
    );
    expect(after.rows[0]?.s ?? '').toBe('');
  });

  it('the owner sees every school even as an ordinary role, so sign-in and session lookup need no superuser', async () => {
    type Seen = { users: string[]; schools: string[] };
    /** Carries the result out of a transaction that must not commit. */
    class RolledBack extends Error {
      constructor(readonly seen: Seen) {
        super('rolled back');
      }
    }
    const [me] = await rows<{ rolsuper: boolean }>(sql`select rolsuper from pg_roles where rolname = current_user`);
    const seen = await withSystem(t.app.deps.db, async (tx): Promise<Seen> => {
      if (me?.rolsuper) {
        // A superuser ignores row-level security altogether; an ordinary owner stands in for this transaction.
        await tx.execute(sql`create role lyceum_tenancy_test_owner nosuperuser nobypassrls`);
        await tx.execute(sql`alter table users owner to lyceum_tenancy_test_owner`);
        await tx.execute(sql`alter table schools owner to lyceum_tenancy_test_owner`);
        await tx.execute(sql`set local role lyceum_tenancy_test_owner`);
      }
      const found = await tx.execute<{ school_id: string }>(sql`select distinct school_id from users`);
      const roots = await tx.execute<{ id: string }>(sql`select id from schools`);
      const result = {
        users: found.rows.map((r: { school_id: string }) => r.school_id),
        schools: roots.rows.map((r: { id: string }) => r.id),
      };
      if (me?.rolsuper) throw new RolledBack(result);
      return result;
    }).catch((err: unknown) => {
      if (err instanceof RolledBack) return err.seen;
      throw err;
    });
    expect(seen.users).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(seen.schools).toEqual(expect.arrayContaining([a.id, b.id]));
  });

  it('company scope reads every school', async () => {
    const r = await withTenant(t.app.deps.db, { scope: 'company', schoolId: null, userId: newId() }, (tx) =>
      tx.select().from(schools),
    );
    expect(r.map((s) => s.id)).toEqual(expect.arrayContaining([a.id, b.id]));
  });
});

/** What every start runs after the migrations (migration 0049): it changes only what is not already so. */
describe('applying tenancy at start', () => {
  const state = async (table: string) =>
    (
      await rows<{ rls: boolean; forced: boolean; del: boolean }>(sql`
        select c.relrowsecurity as rls, c.relforcerowsecurity as forced,
          has_table_privilege('lyceum_app', c.oid, 'DELETE') as del
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relname = ${table}`)
    )[0];

  it("puts back row-level security, its policy and the application role's rights where they are missing", async () => {
    await t.app.deps.db.execute(sql`alter table notifications disable row level security`);
    await t.app.deps.db.execute(sql`alter table notifications force row level security`);
    await t.app.deps.db.execute(sql`drop policy tenant_isolation on notifications`);
    await t.app.deps.db.execute(sql`revoke delete on notifications from lyceum_app`);
    expect(await state('notifications')).toEqual({ rls: false, forced: true, del: false });

    await t.app.deps.db.execute(sql`select lyceum_apply_tenancy()`);
    expect(await state('notifications')).toEqual({ rls: true, forced: false, del: true });
    const policies = await rows<{ n: number }>(
      sql`select count(*)::int as n from pg_policies where tablename = 'notifications' and policyname = 'tenant_isolation'`,
    );
    expect(policies[0]?.n).toBe(1);
    // The policy put back isolates as the migrations' did.
    const seen = await withTenant(
      t.app.deps.db,
      { scope: 'school', schoolId: a.id, userId: a.users.school_admin.id },
      (tx) => tx.select().from(notifications),
    );
    expect(seen.every((n) => n.schoolId === a.id)).toBe(true);
  });

  // A second PostgreSQL connection plays a running server's request; embedded PGlite has one connection.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'takes no table lock when nothing is missing, so a server starting beside running ones waits for no request',
    async () => {
      const config = t.config.database;
      if (config.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const { default: pg } = await import('pg');
      const request = new pg.Client({ connectionString: config.url });
      const starting = new pg.Client({ connectionString: config.url });
      await Promise.all([request.connect(), starting.connect()]);
      try {
        // A request in the middle of its transaction holds the tables it read (ACCESS SHARE until it ends).
        await request.query('begin');
        await request.query('select count(*) from notifications');
        await request.query('select count(*) from attendance');
        await starting.query("set lock_timeout = '2s'");
        // Before migration 0049 this waited for the request's locks (every tenant table was altered) and failed.
        await expect(starting.query('select lyceum_apply_tenancy()')).resolves.toBeDefined();
        await request.query('commit');
      } finally {
        await Promise.all([request.end(), starting.end()]);
      }
    },
  );
});

/**
 * One-statement transactions (withTenant's `oneStatement`): on a PostgreSQL pool the commit leaves with the
 * statement. Embedded PGlite runs them as ordinary transactions, so these run on a PostgreSQL server only.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('one-statement transactions', () => {
  const asSchool = (s: SchoolFixture) => ({
    scope: 'school' as const,
    schoolId: s.id,
    userId: s.users.school_admin.id,
  });
  const one = { oneStatement: true };
  /** What the work failed with: drizzle wraps a statement's error, with the driver's as its cause. */
  const failure = (work: Promise<unknown>) =>
    work.then(
      () => 'no error',
      (e: { message: string; cause?: { message?: string } }) => e.cause?.message ?? e.message,
    );
  const nameOf = async (id: string) =>
    (await rows<{ name: string }>(sql`select name from users where id = ${id}`))[0]?.name;

  it("read only the tenant's rows, and leave no settings behind", async () => {
    const seen = await withTenant(t.app.deps.db, asSchool(a), (tx) => tx.select().from(users), one);
    expect(new Set(seen.map((u) => u.schoolId))).toEqual(new Set([a.id]));
    expect(seen.length).toBe(5);
    const after = await rows<{ s: string | null }>(sql`select current_setting('app.school_id', true) as s`);
    expect(after[0]?.s ?? '').toBe('');
  });

  describe.each([
    ['oneStatement', one],
    ['oneWrite', { oneWrite: true }],
  ] as const)('%s', (_, options) => {
    /** `work` in a transaction of school `s` with the option under test. */
    const inTx = <T>(work: (tx: Tx) => Promise<T>, s = a) => withTenant(t.app.deps.db, asSchool(s), work, options);

    it('refuse a statement sent after an answer, which never runs', async () => {
      const before = await nameOf(a.users.teacher.id);
      const late = inTx(async (tx) => {
        await tx.select().from(users);
        await tx.execute(sql`update users set name = 'second statement' where id = ${a.users.teacher.id}`);
      });
      expect(await failure(late)).toBe('withTenant: a statement after the commit was sent');
      expect(await nameOf(a.users.teacher.id)).toBe(before);
    });

    it('report a failed statement with its own error, undo it, and leave the connection usable', async () => {
      const before = await nameOf(a.users.teacher.id);
      const failing = inTx((tx) =>
        tx.execute(sql`update users set name = 'never' || (1 / 0)::text where id = ${a.users.teacher.id}`),
      );
      expect(await failure(failing)).toBe('division by zero');
      expect(await nameOf(a.users.teacher.id)).toBe(before);
      // Every connection of the pool still answers, as the tenant and nothing more.
      const again = await Promise.all(Array.from({ length: 12 }, () => inTx((tx) => tx.select().from(schools), b)));
      expect(again.every((r) => r.length === 1 && r[0]?.id === b.id)).toBe(true);
    });

    it('commit when the work sent no statement, and pass its error on', async () => {
      await expect(
        inTx(async () => {
          throw new Error('refused before reading');
        }),
      ).rejects.toThrow('refused before reading');
      expect(await inTx((tx) => tx.select().from(schools))).toHaveLength(1);
    });
  });

  it('commitWithNext: the statements sent together commit together, or not at all', async () => {
    const before = await nameOf(a.users.teacher.id);
    /** Two statements sent together, the commit right behind them. */
    const together = (first: ReturnType<typeof sql>, second: ReturnType<typeof sql>) =>
      withTenant(t.app.deps.db, asSchool(a), (tx) => {
        commitWithNext(tx, 2);
        return Promise.all([tx.execute(first), tx.execute(second)]);
      });
    const renamed = await together(
      sql`update users set name = 'first' where id = ${a.users.teacher.id}`,
      sql`update users set name = name || ' and second' where id = ${a.users.teacher.id} returning name`,
    );
    expect(renamed[1].rows).toEqual([{ name: 'first and second' }]);
    expect(await nameOf(a.users.teacher.id)).toBe('first and second');
    expect(
      await failure(
        together(
          sql`update users set name = 'kept?' where id = ${a.users.teacher.id}`,
          sql`update users set name = 'never' || (1 / 0)::text where id = ${a.users.teacher.id}`,
        ),
      ),
    ).toBe('division by zero');
    expect(await nameOf(a.users.teacher.id)).toBe('first and second');
    await withTenant(t.app.deps.db, asSchool(a), (tx) =>
      tx.execute(sql`update users set name = ${before} where id = ${a.users.teacher.id}`),
    );
  });
  it('oneWrite: statements sent at once, without waiting for each other, commit behind them', async () => {
    const [mine, theirs] = await withTenant(
      t.app.deps.db,
      asSchool(a),
      (tx) => Promise.all([tx.select().from(users), tx.select().from(schools)]),
      { oneWrite: true },
    );
    expect(new Set(mine.map((u) => u.schoolId))).toEqual(new Set([a.id]));
    expect(theirs.map((x) => x.id)).toEqual([a.id]);
  });

  it('loadThenCommit: a page loaded after the first answer leaves with its commit in one socket write', async () => {
    type Socket = { _write: (...a: unknown[]) => unknown; _writev?: (...a: unknown[]) => unknown };
    let writes = 0;
    const loaded = await withTenant(t.app.deps.db, asSchool(a), async (tx) => {
      const ids = (await tx.select({ id: users.id }).from(users)).map((u) => u.id);
      // The pooled connection's socket, counted from here: the load and the commit are the only writes left.
      const socket = (tx as unknown as { session: { client: { connection: { stream: Socket } } } }).session.client
        .connection.stream;
      const { _write, _writev } = socket;
      socket._write = (...args) => {
        writes++;
        return _write.apply(socket, args);
      };
      if (_writev)
        socket._writev = (...args) => {
          writes++;
          return _writev.apply(socket, args);
        };
      try {
        const load = loadThenCommit(tx, async (page: string[]) => {
          const r = await tx.execute(sql`select name from users where id = any(${sql.param(page)}::uuid[])`);
          return r.rows;
        });
        return await load(ids);
      } finally {
        Object.assign(socket, { _write, _writev });
      }
    });
    expect(loaded).toHaveLength(5);
    expect(writes).toBe(1);
  });
});
