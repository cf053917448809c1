import Ajv from 'ajv';
import fastJson from 'fast-json-stringify';
import type { FastifyBaseLogger, FastifyReply, FastifySchema } from 'fastify';
import { isResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<typeof serializerCompiler>[0];

interface FailingRow {
  path: string;
  message: string;
  /** The `id` of the nearest object on the path: the database row to look at. */
  id: string | null;
}

/** For each schema issue, the nearest object on its path that carries an `id`. */
export function failingRows(issues: readonly { path: PropertyKey[]; message: string }[], data: unknown): FailingRow[] {
  return issues.map((issue) => {
    let node: unknown = data;
    let id: string | null = null;
    for (const key of issue.path) {
      if (node && typeof node === 'object') {
        const own = (node as Record<string, unknown>).id;
        if (typeof own === 'string') id = own;
        node = (node as Record<PropertyKey, unknown>)[key];
      }
    }
    if (node && typeof node === 'object' && typeof (node as { id?: unknown }).id === 'string')
      id = (node as { id: string }).id;
    return { path: issue.path.map(String).join('.'), message: issue.message, id };
  });
}

/**
 * The zod response serializer, plus a log line naming the rows a failing response carried: an unexpected
 * value in one row still answers 500 (never a half-checked body), but the log says which row to repair.
 */
export function loggingSerializerCompiler(log: FastifyBaseLogger) {
  return (route: RouteSchema & { schema: FastifySchema }) => {
    const serialize = serializerCompiler(route);
    return (data: unknown): string => {
      try {
        return serialize(data);
      } catch (err) {
        if (err instanceof Error && isResponseSerializationError(err)) {
          const issues =
            (err.cause as { issues?: { path: PropertyKey[]; message: string }[] } | undefined)?.issues ?? [];
          log.error(
            { method: route.method, url: route.url, rows: failingRows(issues, data) },
            'response does not match its schema',
          );
        }
        throw err;
      }
    };
  };
}

/** Checks a response against its contract; the schema's own issues, as zod words them, when it does not hold. */
type Check = (data: unknown) => { path: PropertyKey[]; message: string }[] | null;

const ajv = new Ajv({
  allErrors: false,
  strict: false,
  validateFormats: false,
});

/** Keys a contract does not name are left out of the body (zod strips them too), not an error. */
function allowingExtraKeys(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(allowingExtraKeys);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, allowingExtraKeys(value)]),
  );
}

function compileCheck(jsonSchema: object): Check {
  const validate = ajv.compile(allowingExtraKeys(jsonSchema) as object);
  return (data) =>
    validate(data)
      ? null
      : (validate.errors ?? []).map((e) => ({
          path: e.instancePath
            .split('/')
            .slice(1)
            .map((p) => (/^\d+$/.test(p) ? Number(p) : p.replace(/~1/g, '/').replace(/~0/g, '~'))),
          message: e.message ?? 'invalid',
        }));
}

/**
 * The response serializer: each route's zod contract, turned into JSON Schema once, checked by a compiled
 * validator (ajv) and written by a compiled serializer (fast-json-stringify), a fraction of the cost of
 * parsing every answer with zod and then JSON.stringify. A body that does not match its contract still
 * answers 500 with the failing rows logged. A contract JSON Schema cannot express (a transform) keeps the
 * zod serializer.
 */
export function compiledSerializerCompiler(log: FastifyBaseLogger) {
  const fallback = loggingSerializerCompiler(log);
  return (route: RouteSchema & { schema: FastifySchema }) => {
    // Compiled on a route's first answer, not at start: some two hundred schemas would slow every start.
    let serialize: ((data: unknown) => string) | null = null;
    return (data: unknown): string => {
      serialize ??= compileRoute(route, log) ?? fallback(route);
      return serialize(data);
    };
  };
}

function compileRoute(route: RouteSchema & { schema: FastifySchema }, log: FastifyBaseLogger) {
  let check: Check;
  let stringify: (data: unknown) => string;
  try {
    const jsonSchema = z.toJSONSchema(route.schema as z.ZodType, { io: 'output', target: 'draft-7' });
    check = compileCheck(jsonSchema);
    stringify = fastJson(jsonSchema as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  } catch {
    return null;
  }
  return (data: unknown): string => {
    const issues = check(data);
    if (issues) {
      log.error(
        { method: route.method, url: route.url, rows: failingRows(issues, data) },
        'response does not match its schema',
      );
      throw new Error(`Response doesn't match the schema: ${issues[0]?.message ?? ''}`);
    }
    return stringify(data);
  };
}

/**
 * An answer PostgreSQL shaped as JSON text, sent as is: a string with a JSON content type skips the response
 * serializer (its shape is the route's schema, checked by the route's tests: a recomputation from the records, or
 * a parse with the schema).
 */
export const sendJsonText = (reply: FastifyReply, body: string) =>
  reply.type('application/json; charset=utf-8').send(body);
