import { type ApiErrorBody, type ErrorCode, MESSAGES } from '@lyceum/shared/errors';
import { translateTo } from '@lyceum/shared/i18n/catalogues';
import { isPasswordRuleMessage, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from '@lyceum/shared/password-policy';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, RetryLater } from '../lib/errors.ts';
import { invalidBodyAnswer } from '../lib/invalid-body.ts';
import { requestLanguage, markLanguage, translateFor } from '../lib/language.ts';
import { pgCode } from '../lib/pg-errors.ts';
import { fieldMessage } from '../lib/zod-messages.ts';

/** The handler's own wording (translated like every other message: see lib/language.ts). */
export const HANDLER_MESSAGES = {
  exists: 'This item already exists.',
  referenced: 'A referenced item does not exist or is still in use.',
  tooLong: 'A value is too long.',
  outOfRange: 'A number is out of range.',
  badDate: 'A date is not valid.',
  dateOutOfRange: 'A date is out of range.',
  badCharacter: 'A value contains a character that cannot be stored.',
  invalidValue: 'Invalid value',
  invalidData: (first: string) => `Invalid data: ${first}`,
  internal: 'Something went wrong on our side. Please try again.',
  /** Answers to a connection whose request Node could not parse (answerClientError): no request, so English. */
  unreadable: 'The request could not be read.',
  headersTooLarge: 'The request headers are too large.',
  bodyTooLarge: 'The request is too large.',
  tooSlow: 'The request took too long to arrive.',
} as const;

/** Database errors that are the caller's fault or a passing condition, never a 500. */
const PG_ERRORS: Record<string, [ErrorCode, string]> = {
  '23505': ['conflict', HANDLER_MESSAGES.exists],
  '23503': ['rule', HANDLER_MESSAGES.referenced],
  '23514': ['rule', MESSAGES.invalidData],
  '23502': ['validation', MESSAGES.invalidData],
  '22P02': ['validation', MESSAGES.invalidData],
  '22001': ['validation', HANDLER_MESSAGES.tooLong],
  '22003': ['validation', HANDLER_MESSAGES.outOfRange],
  '22007': ['validation', HANDLER_MESSAGES.badDate],
  '22008': ['validation', HANDLER_MESSAGES.dateOutOfRange],
  // A NUL byte, or a character the database's encoding cannot hold.
  '22021': ['validation', HANDLER_MESSAGES.badCharacter],
  '22P05': ['validation', HANDLER_MESSAGES.badCharacter],
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
 * with their context and answered with a plain 500 that reveals nothing. The message and fields are in the
 * request's language (docs/product.md, "Messages in the user's language"); the code never changes.
 */
export function registerErrorHandler(app: FastifyInstance, { passwordMinLength }: { passwordMinLength: number }): void {
  // The shared password schema checks the policy's floor; an install may raise the minimum (PASSWORD_MIN_LENGTH),
  // and a password too short for it is told the install's minimum, not the floor (docs/product.md, "Passwords").
  const installTooShort = PASSWORD_MESSAGES.tooShort(passwordMinLength);
  const ofInstall = (message: string | undefined) =>
    message === PASSWORD_MESSAGES.tooShort(PASSWORD_MIN_LENGTH) ? installTooShort : message;
  app.setErrorHandler(async (err: FastifyError | AppError | Error, request, reply) => {
    const language = requestLanguage(request);
    markLanguage(reply, language);
    const inLanguage = (text: string) => translateTo(text, language);
    const send = (status: number, error: ApiErrorBody['error']) =>
      reply.status(status).send({
        error: {
          code: error.code,
          message: inLanguage(error.message),
          fields: error.fields
            ? Object.fromEntries(Object.entries(error.fields).map(([key, text]) => [key, inLanguage(text)]))
            : undefined,
        },
      });
    const ownAnswer =
      hasZodFastifySchemaValidationErrors(err) && err.validationContext === 'body'
        ? await invalidBodyAnswer(request)
        : undefined;
    const appError = err instanceof AppError ? err : ownAnswer;
    if (appError) {
      if (appError instanceof RetryLater) reply.header('retry-after', String(appError.retryAfterSeconds));
      return send(appError.status, { code: appError.code, message: appError.message, fields: appError.fields });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      // A query parameter sent twice reaches the schema as a list (`?q=a&q=b`); none takes one.
      const query = err.validationContext === 'querystring' ? ((request.query ?? {}) as Record<string, unknown>) : {};
      for (const issue of err.validation) {
        const key = fieldPath(issue.instancePath, issue.params);
        const repeated = Array.isArray(query[key.split('.')[0] ?? '']);
        fields[key] ??= ofInstall(fieldMessage(issue, { repeated })) ?? HANDLER_MESSAGES.invalidValue;
      }
      // A password rule broken in the body answers as the server's own password checks do, with the rule's
      // words (docs/product.md, "Passwords"): one code for one policy, whichever check caught it.
      const passwordRule = ofInstall(err.validation.find((issue) => isPasswordRuleMessage(issue.message))?.message);
      if (passwordRule)
        return send(400, { code: 'auth/password-does-not-meet-requirements', message: passwordRule, fields });
      const first = Object.values(fields)[0] ?? MESSAGES.invalidData;
      return send(400, { code: 'validation', message: HANDLER_MESSAGES.invalidData(first), fields });
    }
    const pg = pgCode(err);
    if (pg && PG_ERRORS[pg]) {
      const [code, message] = PG_ERRORS[pg];
      request.log.info({ pgCode: pg, err }, 'database refused the request');
      const status = code === 'conflict' ? 409 : code === 'rule' ? 422 : code === 'unavailable' ? 503 : 400;
      return send(status, { code, message });
    }
    // Fastify's own words would answer in English whatever the reader's language (docs/product.md, "Form field messages").
    if ((err as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return send(400, { code: 'validation', message: HANDLER_MESSAGES.invalidData(MESSAGES.notJson) });
    }
    // A body past its route's limit, refused before it is read: Fastify says so in English only.
    if ((err as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(413, { code: 'too_large', message: HANDLER_MESSAGES.bodyTooLarge });
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const message =
        status === 400 && err.message.startsWith('body') ? HANDLER_MESSAGES.invalidData(err.message) : err.message;
      return send(status, { code: codeForStatus(status), message });
    }
    request.log.error({ err }, 'unhandled error');
    const unavailable = status === 503;
    return send(unavailable ? 503 : 500, {
      code: unavailable ? 'unavailable' : 'internal',
      message: unavailable ? MESSAGES.unavailable : HANDLER_MESSAGES.internal,
    });
  });
}

/**
 * Fastify's `frameworkErrors`: a path it cannot route, such as a bad %-escape (`/students/%zz`) or a part longer
 * than its limit. These never reach the error handler, so they are answered here the same way: the project's
 * error body in the reader's language (by Accept-Language: nobody is signed in yet at this point), never
 * echoing the path (docs/product.md, "The message catalogue").
 */
export function answerFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = err.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err }, 'unhandled framework error');
    void reply
      .status(500)
      .send({ error: { code: 'internal', message: translateFor(request, reply, HANDLER_MESSAGES.internal) } });
    return;
  }
  const message = translateFor(request, reply, HANDLER_MESSAGES.invalidData(MESSAGES.badAddress));
  void reply
    .header('cache-control', 'no-store')
    .status(status)
    .send({ error: { code: 'validation', message } });
}

/**
 * Fastify's `clientErrorHandler`: Node could not parse the request (headers over its limit, a malformed header
 * or Content-Length, too slow to arrive), so there is no request to answer, only the socket. Answered in the
 * project's error body all the same, in English since no header could be read, then the connection is closed.
 */
export function answerClientError(log: FastifyBaseLogger, err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? ([431, 'too_large', HANDLER_MESSAGES.headersTooLarge] as const)
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ([408, 'validation', HANDLER_MESSAGES.tooSlow] as const)
        : ([400, 'validation', HANDLER_MESSAGES.unreadable] as const);
  log.trace({ err }, 'client error');
  const body = JSON.stringify({ error: { code, message } } satisfies ApiErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
