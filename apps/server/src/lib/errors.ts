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

export const notFound = (message: string = MESSAGES.notFound) => new AppError('not_found', message);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError('forbidden', message);
export const invalid = (message: string, fields?: Record<string, string>) =>
  new AppError('validation', message, fields);
