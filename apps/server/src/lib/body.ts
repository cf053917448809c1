import type { z } from 'zod';
import { invalid } from './errors.ts';

/**
 * Parses a create body where SPEC §8 has one wording for missing fields: absent or blank required fields
 * answer that message (with each missing field named); anything else wrong answers `Invalid data: …`.
 * A name ending in `?` may be left out but not sent blank.
 */
export function parseCreateBody<S extends z.ZodTypeAny>(
  schema: S,
  body: unknown,
  required: readonly string[],
  missingMessage: string,
): z.output<S> {
  const obj = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  const missing = required
    .filter((k) => (k.endsWith('?') ? k.slice(0, -1) in obj && blank(obj[k.slice(0, -1)]) : blank(obj[k])))
    .map((k) => k.replace('?', ''));
  if (missing.length > 0)
    throw invalid(missingMessage, Object.fromEntries(missing.map((k) => [k, `${k} is required`])));
  const parsed = schema.safeParse(obj);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  throw invalid(`Invalid data: ${Object.values(fields)[0] ?? 'invalid body'}`, fields);
}

/**
 * Parses a body after the route's row has been found: on routes with a required body, a row of another
 * school answers 404 whatever the body (the cross-tenant rule), and bad input on a visible row answers 400.
 */
export function parseBody<S extends z.ZodTypeAny>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  throw invalid(`Invalid data: ${Object.values(fields)[0] ?? 'invalid body'}`, fields);
}
