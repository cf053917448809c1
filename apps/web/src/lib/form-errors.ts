import { MESSAGES } from '@lyceum/shared/errors';
import type { FieldError, FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts a server error into a react-hook-form: `fields` of the error body go under their inputs
 * (only for fields the form has; `'all'` when the form's errors follow the request's own paths),
 * and the message becomes the form-level (`root.server`) error otherwise.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  knownFields: readonly Path<T>[] | 'all',
): void {
  if (error instanceof ApiError && error.fields) {
    let placed = false;
    for (const [field, message] of Object.entries(error.fields)) {
      if (knownFields === 'all' || (knownFields as readonly string[]).includes(field)) {
        setError(field as Path<T>, { type: 'server', message });
        placed = true;
      }
    }
    if (placed) return;
  }
  const message = error instanceof ApiError ? error.message : MESSAGES.unavailable;
  setError('root.server', { type: 'server', message });
}

/**
 * The form's errors as `{ 'admin.email': message }`, for field groups that take a flat map (their
 * messages follow the request's paths, which the resolver and the server both report).
 */
export function flatErrors(errors: FieldErrors, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'root' || key === 'ref' || !value || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof (value as FieldError).message === 'string') out[path] = (value as FieldError).message as string;
    Object.assign(out, flatErrors(value as FieldErrors, path));
  }
  return out;
}
