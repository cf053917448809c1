import { type ErrorCode, MESSAGES } from '@lyceum/shared/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';
import { invalidBodyAnswer } from '../lib/invalid-body.ts';
import { pgCode } from '../lib/pg-errors.ts';

/** Database errors that are the caller's fault or a passing condition, never a 500. */
const PG_ERRORS: Record<string, [ErrorCode, string]> = {
  '23505': ['conflict', 'This item already exists.'],
  '23503': ['rule', 'A referenced item does not exist or is still in use.'],
  '23514': ['rule', MESSAGES.invalidData],
  '23502': ['validation', MESSAGES.invalidData],
  '22P02': ['validation', MESSAGES.invalidData],
  '22001': ['validation', 'A value is too long.'],
  '22003': ['validation', 'A number is out of range.'],
  '22007': ['validation', 'A date is not valid.'],
  '22008': ['validation', 'A date is out of range.'],
  // A NUL byte, or a character the database's encoding cannot hold.
  '22021': ['validation', 'A value contains a character that cannot be stored.'],
  '22P05': ['validation', 'A value contains a character that cannot be stored.'],
  '40001': ['unavailable', MESSAGES.unavailable],
  '40P01': ['unavailable', MESSAGES.unavailable],
  '57014': ['unavailable', MESSAGES.unavailable],
};

/** Fastify's own 4xx errors, mapped to our codes. */
function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    default:
      return 'validation';
  }
}

function fieldPath(instancePath: string | undefined, params: unknown): string {
  const fromPath = (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  if (fromPath) return fromPath;
  const missing = (params as { missingProperty?: string } | undefined)?.missingProperty;
  return missing ?? '_';
}

/**
 * Every failure leaves as `{ error: { code, message, fields? } }` (docs/product.md, "The error body"). Unexpected errors are logged
 * with their context and answered with a plain 500 that reveals nothing.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (err: FastifyError | AppError | Error, request, reply) => {
    const ownAnswer =
      hasZodFastifySchemaValidationErrors(err) && err.validationContext === 'body'
        ? await invalidBodyAnswer(request)
        : undefined;
    const appError = err instanceof AppError ? err : ownAnswer;
    if (appError) {
      return reply
        .status(appError.status)
        .send({ error: { code: appError.code, message: appError.message, fields: appError.fields } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const key = fieldPath(issue.instancePath, issue.params);
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.values(fields)[0] ?? MESSAGES.invalidData;
      return reply.status(400).send({ error: { code: 'validation', message: `Invalid data: ${first}`, fields } });
    }
    const pg = pgCode(err);
    if (pg && PG_ERRORS[pg]) {
      const [code, message] = PG_ERRORS[pg];
      request.log.info({ pgCode: pg, err }, 'database refused the request');
      const status = code === 'conflict' ? 409 : code === 'rule' ? 422 : code === 'unavailable' ? 503 : 400;
      return reply.status(status).send({ error: { code, message } });
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const message = status === 400 && err.message.startsWith('body') ? `Invalid data: ${err.message}` : err.message;
      return reply.status(status).send({ error: { code: codeForStatus(status), message } });
    }
    request.log.error({ err }, 'unhandled error');
    const unavailable = status === 503;
    return reply.status(unavailable ? 503 : 500).send({
      error: {
        code: unavailable ? 'unavailable' : 'internal',
        message: unavailable ? MESSAGES.unavailable : 'Something went wrong on our side. Please try again.',
      },
    });
  });
}
