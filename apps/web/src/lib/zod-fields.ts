import { z } from 'zod';

/** "12.50" → 1250; blank or not a number → NaN, which the shared schema then refuses with its own message. */
export function toMinor(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '' || !/^\d+(\.\d{0,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
}

export function fromMinor(minor: number): string {
  return (minor / 100).toFixed(2);
}

/**
 * The resolver schema of a form whose values are the request as typed (numbers as text, lines as one
 * string): `toRequest` builds the request and the shared schema checks it, so each message is reported
 * at the request's path, exactly as the server would report it.
 */
export function asRequest<TForm, TRequest extends z.ZodType>(toRequest: (values: TForm) => unknown, request: TRequest) {
  return z
    .custom<TForm>(() => true)
    .transform(toRequest)
    .pipe(request);
}
