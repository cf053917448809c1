import { ERROR_STATUS, type ErrorCode, MESSAGES } from '@lyceum/shared/errors';

/** The one error type services throw; the error handler turns it into the JSON of docs/product.md, "The error body". */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

/** A refusal that ends at a known time (a limit's window): the error handler also sends `Retry-After`. */
export class RetryLater extends AppError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(code, message);
  }
}

export const notFound = (message: string = MESSAGES.notFound) => new AppError('not_found', message);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError('forbidden', message);
export const invalid = (message: string, fields?: Record<string, string>) =>
  new AppError('validation', message, fields);

/**
 * A value of the request refused by a check the schema cannot make alone (it needs the stored row or the
 * clock): worded as the schema's refusals are, `Invalid data: {message}` with the message under its field
 * (docs/product.md, "The error body"), so the same mistake reads the same on create and on edit.
 */
export const invalidField = (field: string, message: string) =>
  new AppError('validation', `Invalid data: ${message}`, { [field]: message });

/**
 * An update that names no field (`PATCH {}`) is refused, not answered with the unchanged row: docs/product.md,
 * "The message catalogue", an empty update. Called once the row is found, so an unknown id is still a 404.
 */
export function assertSomethingToUpdate(input: Record<string, unknown>): void {
  if (Object.values(input).every((v) => v === undefined)) throw invalid(MESSAGES.invalidData);
}
