import { z } from 'zod';

/**
 * "12.50" → 1250; blank or not a number → NaN, which the shared schema then refuses with its own message
 * (`Enter an amount`). A third decimal that counts ("149.995") gives a fraction of a cent, which it refuses
 * as not whole cents (at most 2 decimal places) rather than as if nothing had been typed; trailing zeros
 * ("12.500") are only zeros.
 */
export function toMinor(text: string): number {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return Number.NaN;
  const [, whole = '', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  const beyond = fraction.slice(2).replace(/0+$/, '');
  return beyond === '' ? cents : cents + Number(`0.${beyond}`);
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
