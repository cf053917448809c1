import { API_ACCESS, routeKey, STREAMING_ROUTES } from '@lyceum/shared/permissions';
import { ROLES, type Role } from '@lyceum/shared/roles';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.ts';
import { ID_FIXTURES } from './id-fixtures/index.ts';
import { schoolWorld } from './fixtures/school-world.ts';
import { as, type SchoolFixture, type Session, type TestApp } from './helpers.ts';

/**
 * The route-wide security suite: generated from the routes the server actually registered and the role
 * table in packages/shared, so a new endpoint is covered the moment it exists.
 */
let t: TestApp;
let schoolA: SchoolFixture;
const sessions = {} as Record<Role, Session>;
/** Sessions of school B's users, for the cross-tenant checks. */
const sessionsB = {} as Record<Role, Session>;

beforeAll(async () => {
  const w = await schoolWorld({ a: { name: 'Tenant A' }, b: { name: 'Tenant B' } });
  ({ t, a: schoolA } = w);
  for (const role of ROLES) {
    if (role === 'company_admin' || role === 'admin' || role === 'company_user') {
      sessions[role] = await w.staff(role);
    } else {
      sessions[role] = await w.a.signIn(role);
      sessionsB[role] = await w.b.signIn(role);
    }
  }
});
afterAll(() => t.close());

const routes = () => t.app.apiRoutes.filter((r) => r.method !== 'HEAD');

/** zod 4 internals, as far as reading a schema's shape needs them. */
interface ZodDef {
  type: string;
  innerType?: { _zod: { def: ZodDef } };
  in?: { _zod: { def: ZodDef } };
  entries?: Record<string, string>;
  shape?: Record<string, { _zod: { def: ZodDef } }>;
}

/** The names of a querystring schema's parameters that take a value from an allow-list (a zod enum). */
function enumParams(schema: unknown): string[] {
  const def = (schema as { _zod?: { def: ZodDef } } | undefined)?._zod?.def;
  if (def?.type !== 'object' || !def.shape) return [];
  const unwrap = (d: ZodDef): ZodDef => {
    const inner = d.innerType ?? (d.type === 'pipe' ? d.in : undefined);
    return inner ? unwrap(inner._zod.def) : d;
  };
  return Object.entries(def.shape)
    .filter(([, field]) => unwrap(field._zod.def).type === 'enum')
    .map(([name]) => name);
}
const fillParams = (url: string, id: string = newId()) => url.replace(/:[a-zA-Z]+/g, id);
const isPublic = (r: { method: string; url: string }) => API_ACCESS[routeKey(r.method, r.url)] === 'public';

describe('the role table covers the server', () => {
  it('every registered route has an entry, and every entry is a registered route', () => {
    const registered = new Set(routes().map((r) => routeKey(r.method, r.url)));
    expect(registered.size).toBeGreaterThan(10);
    for (const key of [...Object.keys(API_ACCESS), ...STREAMING_ROUTES])
      expect({ key, registered: registered.has(key) }).toEqual({ key, registered: true });
  });

  it('refuses to start with a route missing from the table', async () => {
    const Fastify = (await import('fastify')).default;
    const { registerAccessControl } = await import('../src/plugins/auth.ts');
    const bare = Fastify();
    registerAccessControl(bare, 1);
    expect(() => bare.get('/api/v1/forgotten-route', async () => 'x')).toThrow(/no entry in packages\/shared/);
    await bare.close();
  });
});

describe('signed out', () => {
  it('every non-public route answers 401 in the error format', async () => {
    for (const r of routes().filter((x) => !isPublic(x))) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: fillParams(r.url),
        payload: r.method === 'GET' ? undefined : {},
      });
      expect({ route: `${r.method} ${r.url}`, status: res.statusCode, code: res.json().error?.code }).toEqual({
        route: `${r.method} ${r.url}`,
        status: 401,
        code: 'unauthenticated',
      });
    }
  });
});

describe('every role × every route', () => {
  it('gets exactly what the permission table says', async () => {
    for (const r of routes().filter((x) => !isPublic(x))) {
      const allowed = API_ACCESS[routeKey(r.method, r.url)] as readonly Role[];
      for (const role of ROLES) {
        // A permitted role's stream never ends under inject; events.test.ts checks those over a real socket.
        if (STREAMING_ROUTES.has(routeKey(r.method, r.url)) && allowed.includes(role)) continue;
        const res = await as(t.app, sessions[role])({ method: r.method as 'GET', url: fillParams(r.url) });
        const verdict = res.statusCode === 403 ? 'forbidden' : res.statusCode === 401 ? 'signed-out' : 'reached';
        expect({ route: `${r.method} ${r.url}`, role, verdict }).toEqual({
          route: `${r.method} ${r.url}`,
          role,
          verdict: allowed.includes(role) ? 'reached' : 'forbidden',
        });
        if (verdict === 'forbidden') expect(res.json().error.code).toBe('forbidden');
      }
    }
  });
});

describe('cross-tenant', () => {
  it("every route with an id answers 404 to another school's user and reveals nothing", async () => {
    const withIds = routes().filter((r) => r.url.includes(':'));
    for (const r of withIds) {
      const key = routeKey(r.method, r.url);
      const fixture = ID_FIXTURES[key];
      expect({ route: key, hasFixture: Boolean(fixture) }).toEqual({ route: key, hasFixture: true });
      if (!fixture) continue;
      const found = await fixture(t.app, schoolA);
      if ('companyOnly' in found) {
        expect(API_ACCESS[key]).not.toContain('school_admin');
        continue;
      }
      const url = r.url.replace(/:([a-zA-Z]+)/g, (_, name: string) => found.params[name] ?? newId());
      const res = await as(t.app, sessionsB[found.asRole])({ method: r.method as 'GET', url });
      expect({ route: key, status: res.statusCode }).toEqual({ route: key, status: 404 });
      expect(res.body).not.toContain(schoolA.id);
      expect(res.body).not.toContain('Secret of A');
    }
  });
});

/** md5 of every table's content, to prove a refused request changed nothing. */
/** Every table's rows hashed, in one statement (the walk below takes it about a hundred times). */
async function databaseChecksum(): Promise<string> {
  const tables = await t.app.deps.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' order by 1`,
  );
  // A session slides (last seen, expiry) on any request once enough time has passed, refused or not; a slow
  // run crossed that interval mid-walk. What a request may not change is everything else about it.
  const row = (tablename: string) =>
    tablename === 'sessions' ? `(to_jsonb(x) - 'last_seen_at' - 'expires_at')::text` : 'x::text';
  const parts = (tables.rows as { tablename: string }[]).map(
    ({ tablename }) =>
      `select '${tablename}' as t, md5(coalesce(string_agg(${row(tablename)}, ',' order by ${row(tablename)}), '')) as h from "${tablename}" x`,
  );
  const r = await t.app.deps.db.execute<{ t: string; h: string | null }>(sql.raw(parts.join(' union all ')));
  return (r.rows as { t: string; h: string | null }[]).map((row) => `${row.t}:${row.h}`).join('|');
}

const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '\u0000',
    '😀'.repeat(50),
    'a'.repeat(20_000),
    '../../etc/passwd',
    '%00',
    '${7*7}',
  ),
  fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }),
  fc.constantFrom(-1, 0, 1e300, Number.MAX_SAFE_INTEGER, -0.5),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);
const FIELD_NAMES = [
  'email',
  'password',
  'role',
  'name',
  'phone',
  'schoolId',
  'planId',
  'token',
  'currentPassword',
  'newPassword',
  'invitationCode',
  'schoolName',
  'id',
];
const body = fc.oneof(fc.dictionary(fc.constantFrom(...FIELD_NAMES), nasty, { maxKeys: 6 }), nasty);

describe('generated bad input', () => {
  it('every route with a body answers 4xx in the error format, never 5xx, and changes nothing', async () => {
    const withBody = routes().filter((r) => r.method !== 'GET');
    // After a route that accepted nothing the database is as before it, so its checksum serves the next route.
    let before = await databaseChecksum();
    for (const r of withBody) {
      let accepted = 0;
      const session = isPublic(r) ? null : sessions[(API_ACCESS[routeKey(r.method, r.url)] as Role[])[0] as Role];
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const res = await t.app.inject({
            method: r.method as 'POST',
            url: fillParams(r.url),
            headers: { 'content-type': 'application/json', ...(session ? { cookie: session.cookie } : {}) },
            payload: JSON.stringify(payload),
          });
          const ok = res.statusCode >= 200 && res.statusCode < 300;
          if (ok) {
            // A generated input can happen to be valid (a profile name, an unknown address to reset).
            accepted++;
            return true;
          }
          expect({ route: `${r.method} ${r.url}`, status: res.statusCode < 500 && res.statusCode >= 400 }).toEqual({
            route: `${r.method} ${r.url}`,
            status: true,
          });
          const err = res.json().error;
          expect(typeof err.code).toBe('string');
          expect(typeof err.message).toBe('string');
          expect(res.body).not.toMatch(/at .*\.ts:\d+/);
          return true;
        }),
        { numRuns: 25, seed: 20261122 },
      );
      const after = await databaseChecksum();
      if (accepted === 0)
        expect({ route: `${r.method} ${r.url}`, db: after }).toEqual({ route: `${r.method} ${r.url}`, db: before });
      before = after;
    }
    // Its time grows with every write route (25 bodies and a whole-database checksum each).
  }, 300_000);

  it('query strings and path ids are validated too', async () => {
    for (const bad of ['not-a-uuid', "1' or '1'='1", '%F0%9F%98%80', 'a'.repeat(500)]) {
      const res = await as(t.app, sessions.teacher)({ method: 'POST', url: `/api/v1/notifications/${bad}/read` });
      // Over-long path segments are cut off by the router with 414; both are the caller's error.
      expect([400, 414]).toContain(res.statusCode);
      expect(res.json().error.code).toBe('validation');
    }
  });

  it('every enum query parameter of a GET route (sort, order, status …) refuses a value off its allow-list', async () => {
    const checked: string[] = [];
    for (const r of routes().filter((x) => x.method === 'GET' && !isPublic(x))) {
      for (const param of enumParams(r.querystring)) {
        const role = (API_ACCESS[routeKey(r.method, r.url)] as Role[])[0] as Role;
        for (const bad of ['__unknown__', 'name; drop table users', 'NAME']) {
          const res = await as(
            t.app,
            sessions[role],
          )({
            method: 'GET',
            url: `${fillParams(r.url)}?${new URLSearchParams({ [param]: bad })}`,
          });
          const err = res.json().error;
          expect({
            route: `${r.url}?${param}=${bad}`,
            status: res.statusCode,
            code: err?.code,
            field: err?.fields?.[param] !== undefined,
          }).toEqual({
            route: `${r.url}?${param}=${bad}`,
            status: 400,
            code: 'validation',
            field: true,
          });
        }
        checked.push(`${r.url}?${param}`);
      }
    }
    // The student, teacher, parent, user and company lists all sort or filter by allow-list.
    expect(checked.length).toBeGreaterThan(5);
  });

  it('state-changing requests without a JSON body type are refused (CSRF rule)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read-all',
      headers: { cookie: sessions.teacher.cookie, 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a@b.c&password=x&role=teacher',
    });
    expect(form.statusCode).toBe(415);
  });
});
