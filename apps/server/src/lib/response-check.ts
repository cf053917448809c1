import type { FastifyBaseLogger, FastifySchema } from 'fastify';
import { isResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';

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
