import { MESSAGES } from '@lyceum/shared/errors';
import { type RefObject, useEffect } from 'react';
import type { FieldError, FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Whether a refusal may move keyboard focus: the browser dropped it to <body> (the submit button, disabled while
 * the request ran, loses it) or a dialog's focus trap took it back to the dialog itself (an element holding the
 * form), or it is still in the form (given, else any form) or on its submit button, which a dialog keeps in its
 * footer, outside the form. Never taken from where the user went meanwhile.
 */
export function focusIsFree(form?: HTMLFormElement | null): boolean {
  const focused = document.activeElement;
  if (!focused || focused === document.body) return true;
  if (form ? focused.contains(form) : focused.querySelector('form')) return true;
  const owner = focused.closest('form') ?? (focused as HTMLButtonElement).form ?? null;
  return form ? owner === form : owner !== null;
}

/**
 * Puts a server error into a react-hook-form: `fields` of the error body go under their inputs
 * (only for fields the form has; `'all'` when the form's errors follow the request's own paths),
 * and the message becomes the form-level (`root.server`) error otherwise, which the form shows in a
 * `FormAlert`. The first field named takes the focus (if focus is free), so it is seen and the next
 * Tab stays in the form rather than starting again at the top of the page.
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
        setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !placed && focusIsFree() });
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

/**
 * After a refused submit has shown its errors, the first field shown in error, in the page's order, has the
 * focus (docs/product.md, "The shell"), if the focus is free. react-hook-form focuses a field by its registered
 * ref, in the order the fields registered rather than the page's, and skips a group of inputs whose messages
 * follow the request's paths, like a school's `name` or a subscription's `planId`; it focuses again on a timer
 * after the submit. So the focus moves once the errors show, and again on a timer of its own, after that one.
 * Once per submit, after the render that shows the errors.
 */
export function useFocusFirstShownError(form: RefObject<HTMLFormElement | null>, submitCount: number): void {
  useEffect(() => {
    if (submitCount === 0) return;
    const focusFirst = () => {
      const element = form.current;
      const first = element?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (first && document.activeElement !== first && focusIsFree(element)) first.focus();
    };
    focusFirst();
    const timer = setTimeout(focusFirst);
    return () => clearTimeout(timer);
  }, [form, submitCount]);
}
