import type { Language } from '@lyceum/shared/locale';
import { z } from 'zod';

/** A failed check as fastify-type-provider-zod hands it over: zod's issue, its code as `keyword`. */
interface ValidationIssue {
  keyword: string;
  message?: string | undefined;
  params?: Record<string, unknown> | undefined;
}

type LocaleError = (issue: never) => string | { message: string } | undefined | null;
const LOCALES: Record<Language, () => { localeError: LocaleError }> = {
  en: z.locales.en,
  es: z.locales.es,
  ar: z.locales.ar,
};

/** zod keeps no input in its issues; "received number" is all that is left of it, and all its words need. */
const SAMPLE_INPUT: Record<string, unknown> = {
  undefined: undefined,
  null: null,
  number: 0,
  string: '',
  boolean: false,
  array: [],
  object: {},
  bigint: 0n,
  date: new Date(0),
};

function localeMessage(language: Language, issue: Record<string, unknown>): string | undefined {
  const out = LOCALES[language]().localeError(issue as never);
  return typeof out === 'string' ? out : (out?.message ?? undefined);
}

/**
 * zod's own wording of a check that has no message of ours ("Too small: expected string to have >=1
 * characters"), in `language` with zod's shipped translations. Undefined for a message of ours, which the
 * catalogue translates instead.
 */
export function zodMessageIn(issue: ValidationIssue, language: Language): string | undefined {
  if (language === 'en' || !issue.message) return undefined;
  const zodIssue: Record<string, unknown> = { ...issue.params, code: issue.keyword };
  const received = /, received (\w+)$/.exec(issue.message)?.[1];
  if (issue.keyword === 'invalid_type' && received && received in SAMPLE_INPUT) zodIssue.input = SAMPLE_INPUT[received];
  if (localeMessage('en', zodIssue) !== issue.message) return undefined;
  return localeMessage(language, zodIssue);
}
