import type { FastifyRequest } from 'fastify';
import { AppError, invalid } from './errors.ts';

/**
 * A route's own answer to a body that fails its schema, where the product words it differently from the
 * generic `Invalid data: …` (create's missing-fields message), or where the row the route names must be
 * found first (another school's id answers 404 whatever the body). The error handler (plugins/errors.ts)
 * asks the route's `config.onInvalidBody` before answering 400; an AppError it returns or throws is the answer.
 */
export type InvalidBodyAnswer = (request: FastifyRequest) => Promise<unknown> | AppError | undefined;

declare module 'fastify' {
  interface FastifyContextConfig {
    onInvalidBody?: InvalidBodyAnswer;
  }
}

/** The route's answer to its invalid body, or undefined for the generic one. */
export async function invalidBodyAnswer(request: FastifyRequest): Promise<AppError | undefined> {
  try {
    const answer = await request.routeOptions.config.onInvalidBody?.(request);
    return answer instanceof AppError ? answer : undefined;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
}

/** A blank required field's own message. */
export const requiredMessage = (field: string) => `${field} is required`;

/**
 * Create bodies have one wording for missing fields (see docs/product.md, Creating people): absent or
 * blank required fields answer `message`, each missing field named. A name ending in `?` may be left out but
 * not sent blank.
 */
export function missingFields(required: readonly string[], message: string): InvalidBodyAnswer {
  return (request) => {
    const body = request.body;
    const obj = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
    const missing = required
      .filter((k) => (k.endsWith('?') ? k.slice(0, -1) in obj && blank(obj[k.slice(0, -1)]) : blank(obj[k])))
      .map((k) => k.replace('?', ''));
    if (missing.length === 0) return undefined;
    return invalid(message, Object.fromEntries(missing.map((k) => [k, requiredMessage(k)])));
  };
}
