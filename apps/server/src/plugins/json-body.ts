import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies, parsed as Fastify does (prototype and constructor poisoning refused), except that an empty body
 * sent with `Content-Type: application/json` is no body rather than a refusal: many HTTP clients and API-key
 * integrations send that header with a DELETE, or with a POST that takes nothing (mark all read). A route that
 * needs a body still refuses the missing one through its schema, in our words. A body that is not JSON is
 * answered by the error handler (plugins/errors.ts): `Invalid data: The request body is not valid JSON.`
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) {
      done(null, undefined);
      return;
    }
    // parseAs 'string' hands over text; the overload's type does not say so.
    parseJson(request, body as string, done);
  });
}
