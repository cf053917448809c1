import { API_ACCESS, routeKey } from '@lyceum/shared/permissions';
import { PAGE_LIMIT_MAX } from '@lyceum/shared/people';
import { PAGE_LIMIT_MESSAGE } from '@lyceum/shared/page-limit';
import type { Role } from '@lyceum/shared/roles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.ts';
import { type SchoolWorld, schoolWorld } from './fixtures/school-world.ts';
import type { Session } from './helpers.ts';
import { ID_FIXTURES } from './id-fixtures/index.ts';

/**
 * Bounded input everywhere (docs/security.md, "Bounded input everywhere"), generated from the OpenAPI document and
 * the permission table, so a new write route is covered the moment it exists:
 * - every string a write route accepts has a maximum length (or is an enum, a uuid, a date or a bounded
 *   pattern), every array a maximum count, every free-form object a maximum number of keys;
 * - sent to every write route as a role allowed to call it (on school A's real rows), an oversized string in
 *   each string field, an oversized array in each array field and a deeply nested object answer 4xx with a
 *   message, never 5xx, and write nothing.
 */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  maxLength?: number;
  maxItems?: number;
  maxProperties?: number;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  required?: string[];
};
type Operation = {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

const BIG_STRING = 'x'.repeat(100_000);
const BIG_ARRAY_LENGTH = 10_000;
const DEPTH = 200;

let w: SchoolWorld;
let doc: Document;
const sessions = new Map<Role, Session>();

beforeAll(async () => {
  w = await schoolWorld();
  doc = (await w.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Document;
  for (const role of ['school_admin', 'principal', 'teacher', 'student', 'parent'] as const) {
    sessions.set(role, await w.a.signIn(role));
  }
  for (const role of ['company_admin', 'admin', 'company_user'] as const) sessions.set(role, await w.staff(role));
});
afterAll(() => w.t.close());

const WRITES = ['post', 'put', 'patch', 'delete'];

/** Every write operation with a JSON body schema, keyed as in the permission table. */
function writeOperations(): { key: string; method: string; url: string; schema: JsonSchema }[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => WRITES.includes(method))
      .flatMap(([method, op]) => {
        const schema = op.requestBody?.content?.['application/json']?.schema;
        const url = path.replace(/\{([a-zA-Z]+)\}/g, ':$1');
        return schema ? [{ key: routeKey(method.toUpperCase(), url), method: method.toUpperCase(), url, schema }] : [];
      }),
  );
}

function resolve(schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').pop() ?? '';
  return doc.components?.schemas?.[name] ?? {};
}

/** A pattern bounds the length when it is anchored and has no unbounded repetition (`*`, `+`, `{n,}`). */
const boundedPattern = (p: string) =>
  p.startsWith('^') && p.endsWith('$') && !/[*+]|\{\d+,\}/.test(p.replace(/\\./g, ''));
const BOUNDED_FORMATS = new Set(['uuid', 'date', 'date-time', 'time']);

/** The unbounded places of a schema, as paths like `name` or `rows[].email`. */
function unbounded(input: JsonSchema, at = ''): string[] {
  const schema = resolve(input);
  const variants = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  if (variants.length) return variants.flatMap((v) => unbounded(v, at));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const found: string[] = [];
  if (types.includes('string')) {
    const ok =
      schema.maxLength !== undefined ||
      schema.enum !== undefined ||
      schema.const !== undefined ||
      BOUNDED_FORMATS.has(schema.format ?? '') ||
      (schema.pattern !== undefined && boundedPattern(schema.pattern));
    if (!ok) found.push(`${at || '(body)'}: string without a maximum length`);
  }
  if (types.includes('array')) {
    if (schema.maxItems === undefined) found.push(`${at || '(body)'}: array without a maximum count`);
    if (schema.items) found.push(...unbounded(schema.items, `${at}[]`));
  }
  if (types.includes('object') || schema.properties) {
    for (const [name, prop] of Object.entries(schema.properties ?? {})) {
      found.push(...unbounded(prop, at ? `${at}.${name}` : name));
    }
    const extra = schema.additionalProperties;
    if (extra && typeof extra === 'object') {
      if (schema.maxProperties === undefined) found.push(`${at || '(body)'}: object without a maximum of keys`);
      found.push(...unbounded(extra, `${at}{}`));
    }
  }
  return found;
}

/** The fields of a body schema whose (outer) type is string, or array. */
function fieldsOf(input: JsonSchema): { strings: string[]; arrays: string[] } {
  const schema = resolve(input);
  const props = schema.properties ?? {};
  const typeOf = (p: JsonSchema) => {
    const s = resolve(p);
    const all = [s, ...(s.anyOf ?? []), ...(s.oneOf ?? [])].map(resolve);
    return all.flatMap((x) => (Array.isArray(x.type) ? x.type : x.type ? [x.type] : []));
  };
  return {
    strings: Object.keys(props).filter((k) => typeOf(props[k] as JsonSchema).includes('string')),
    arrays: Object.keys(props).filter((k) => typeOf(props[k] as JsonSchema).includes('array')),
  };
}

const required = (schema: JsonSchema) => (resolve(schema).required ?? []).length > 0;

/** md5 of every table's content, to prove a refused request changed nothing. */
async function databaseChecksum(): Promise<string> {
  const db = w.t.app.deps.db;
  const tables = await db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' order by 1`,
  );
  const parts: string[] = [];
  for (const { tablename } of tables.rows) {
    const r = await db.execute<{ h: string | null }>(
      sql.raw(`select md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from "${tablename}" x`),
    );
    parts.push(`${tablename}:${r.rows[0]?.h}`);
  }
  return parts.join('|');
}

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** The caller and the URL of a route: school A's real rows where the route takes ids, else a fresh id. */
async function target(key: string, url: string): Promise<{ session: Session | null; url: string }> {
  const access = API_ACCESS[key];
  if (access === 'public') return { session: null, url };
  const roles = access as readonly Role[];
  const fixture = ID_FIXTURES[key];
  const found = fixture ? await fixture(w.t.app, w.a) : null;
  if (found && 'params' in found && roles.includes(found.asRole)) {
    return {
      session: sessions.get(found.asRole) ?? null,
      url: url.replace(/:([a-zA-Z]+)/g, (_, name: string) => found.params[name] ?? newId()),
    };
  }
  return { session: sessions.get(roles[0] as Role) ?? null, url: url.replace(/:[a-zA-Z]+/g, () => newId()) };
}

describe('a page-size cap on every list', () => {
  it(`every route with a \`limit\` answers 400 to ${PAGE_LIMIT_MAX + 1} and at most ${PAGE_LIMIT_MAX} rows to ${PAGE_LIMIT_MAX}`, async () => {
    const lists = Object.entries(doc.paths).flatMap(([path, ops]) =>
      (ops.get?.parameters ?? []).some((p) => p.in === 'query' && p.name === 'limit')
        ? [path.replace(/\{([a-zA-Z]+)\}/g, ':$1')]
        : [],
    );
    expect(lists.length).toBeGreaterThan(5);
    for (const url of lists) {
      const { session, url: filled } = await target(routeKey('GET', url), url);
      const call = (limit: number) =>
        w.t.app.inject({
          method: 'GET',
          url: `${filled}?limit=${limit}`,
          headers: session ? { cookie: session.cookie } : {},
        });
      const over = await call(PAGE_LIMIT_MAX + 1);
      expect({ url, status: over.statusCode }).toEqual({ url, status: 400 });
      // Every malformed page size gets the one plain message, not the validator's own words.
      for (const bad of ['abc', '1.5', '', '0', `${PAGE_LIMIT_MAX + 1}`, '1&limit=2']) {
        const res = await w.t.app.inject({
          method: 'GET',
          url: `${filled}?limit=${bad}`,
          headers: session ? { cookie: session.cookie } : {},
        });
        expect({ url, bad, status: res.statusCode, message: res.json().error?.message }).toEqual({
          url,
          bad,
          status: 400,
          message: `Invalid data: ${PAGE_LIMIT_MESSAGE}`,
        });
      }
      const most = await call(PAGE_LIMIT_MAX);
      expect({ url, status: most.statusCode }).toEqual({ url, status: 200 });
      // Exports share the list's query (and its validation) but answer CSV of every row.
      const items = String(most.headers['content-type']).includes('json') ? most.json().items : null;
      if (Array.isArray(items)) expect(items.length).toBeLessThanOrEqual(PAGE_LIMIT_MAX);
    }
  });
});

/** zod's own words, which no answer may carry (docs/product.md, "Validation and error messages"). */
const ZOD_WORDS = /Invalid option|Invalid input|expected|received|Too big|Too small/i;

describe('plain words for a bad query parameter on every GET route', () => {
  /** Every GET route's query parameters, with the values their schema offers (empty when it is not a closed set). */
  function queryParameters(): { url: string; name: string; offered: unknown[] }[] {
    return Object.entries(doc.paths).flatMap(([path, ops]) =>
      (ops.get?.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => {
          const schema = resolve(p.schema ?? {});
          const variants = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].map(resolve);
          return {
            url: path.replace(/\{([a-zA-Z]+)\}/g, ':$1'),
            name: p.name,
            offered: variants.flatMap((v) => v.enum ?? []),
          };
        }),
    );
  }

  it('a repeated parameter or a value outside its set answers 400 in plain words, never zod’s', async () => {
    const params = queryParameters();
    expect(params.length).toBeGreaterThan(40);
    expect(params.filter((p) => p.offered.length > 0).length).toBeGreaterThan(10);
    const answers: unknown[] = [];
    for (const { url, name, offered } of params) {
      const { session, url: filled } = await target(routeKey('GET', url), url);
      const sends = [`${name}=a&${name}=b`, ...(offered.length > 0 ? [`${name}=not-one-of-them`] : [])];
      for (const query of sends) {
        const res = await w.t.app.inject({
          method: 'GET',
          url: `${filled}?${query}`,
          headers: session ? { cookie: session.cookie } : {},
        });
        const error = res.statusCode === 400 ? res.json().error : undefined;
        const words = [error?.message, ...Object.values(error?.fields ?? {})].join(' | ');
        answers.push({ url, query, status: res.statusCode, zodWords: ZOD_WORDS.test(words) ? words : null });
      }
    }
    expect(
      answers.filter((a) => (a as { status: number }).status !== 400 || (a as { zodWords: unknown }).zodWords),
    ).toEqual([]);
  });
});

describe('bounded input on every write route', () => {
  it('finds the write routes', () => {
    expect(writeOperations().length).toBeGreaterThan(40);
  });

  it('every string has a maximum length, every array a maximum count, every free-form object a maximum of keys', () => {
    const found = writeOperations().flatMap(({ key, schema }) => unbounded(schema).map((u) => `${key} ${u}`));
    expect(found).toEqual([]);
  });

  it('an oversized string, an oversized array or a deeply nested object answers 4xx with a message and writes nothing', async () => {
    // The targets first: some fixtures write the row a route is aimed at, which is not the route writing.
    const targets = [];
    for (const op of writeOperations()) targets.push({ op, ...(await target(op.key, op.url)) });
    const before = await databaseChecksum();
    let ip = 0;
    for (const { op, session, url } of targets) {
      const { strings, arrays } = fieldsOf(op.schema);
      const bodies: [string, unknown][] = [
        ...strings.map((f): [string, unknown] => [`${f}: 100 000 characters`, { [f]: BIG_STRING }]),
        ...arrays.map((f): [string, unknown] => [
          `${f}: ${BIG_ARRAY_LENGTH} items`,
          { [f]: Array.from({ length: BIG_ARRAY_LENGTH }, (_, i) => `item-${i}`) },
        ]),
        // A whole body nested under a key the route does not know is refused for lacking the required
        // fields; a route with none ignores the unknown key like any other, so it is nested in a known field.
        ...(required(op.schema) ? [[`nested ${DEPTH} deep`, nested(DEPTH)] as [string, unknown]] : []),
        ...[...strings.slice(0, 1), ...arrays.slice(0, 1)].map((f): [string, unknown] => [
          `${f}: nested ${DEPTH} deep`,
          { [f]: nested(DEPTH) },
        ]),
      ];
      const send = (payload: unknown) => {
        ip += 1;
        return w.t.app.inject({
          method: op.method as 'POST',
          url,
          // Each request from its own address, so the per-address limits of the public routes stay out of the way.
          remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
          headers: { 'content-type': 'application/json', ...(session ? { cookie: session.cookie } : {}) },
          payload: JSON.stringify(payload),
        });
      };
      for (const [what, payload] of bodies) {
        const res = await send(payload);
        const error = res.statusCode >= 400 ? res.json().error : null;
        expect({
          route: op.key,
          what,
          status: res.statusCode >= 400 && res.statusCode < 500 ? '4xx' : res.statusCode,
          message: typeof error?.message === 'string' && error.message.length > 0,
        }).toEqual({ route: op.key, what, status: '4xx', message: true });
      }
    }
    expect(await databaseChecksum()).toBe(before);
  });
});
