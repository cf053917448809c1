import { MESSAGES } from '@lyceum/shared/errors';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts a server error into a react-hook-form: `fields` of the error body go under their inputs
 * (only for fields the form has), and the message becomes the form-level (`root.server`) error otherwise.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  knownFields: readonly Path<T>[],
): void {
  if (error instanceof ApiError && error.fields) {
    let placed = false;
    for (const [field, message] of Object.entries(error.fields)) {
      if ((knownFields as readonly string[]).includes(field)) {
        setError(field as Path<T>, { type: 'server', message });
        placed = true;
      }
    }
    if (placed) return;
  }
  const message = error instanceof ApiError ? error.message : MESSAGES.unavailable;
  setError('root.server', { type: 'server', message });
}
