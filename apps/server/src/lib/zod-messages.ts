import { INPUT_MESSAGES, inputMessage } from '@lyceum/shared/input-messages';
import { z } from 'zod';

/** A failed check as fastify-type-provider-zod hands it over: zod's issue, its code as `keyword`. */
export interface ValidationIssue {
  keyword: string;
  message?: string | undefined;
  params?: Record<string, unknown> | undefined;
}

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

/** The issue as zod's locale reads it (its code, its parameters and, for a wrong type, a stand-in input). */
function zodIssueOf(issue: ValidationIssue): Record<string, unknown> {
  const zodIssue: Record<string, unknown> = { ...issue.params, code: issue.keyword };
  const received = /, received (\w+)$/.exec(issue.message ?? '')?.[1];
  if (issue.keyword === 'invalid_type' && received && received in SAMPLE_INPUT) zodIssue.input = SAMPLE_INPUT[received];
  return zodIssue;
}

/** Whether the issue's message is zod's own English wording, not a message a schema gave it. */
function isZodWording(issue: ValidationIssue): boolean {
  if (!issue.message) return true;
  const out = z.locales.en().localeError(zodIssueOf(issue) as never);
  return (typeof out === 'string' ? out : out?.message) === issue.message;
}

/**
 * The message a field answers for `issue`: the schema's own message when it has one, else our words for zod's
 * check (never zod's: docs/product.md, "Validation and error messages"). `repeated`: the query parameter it is
 * about was sent more than once, which no parameter takes; said whatever check it then failed.
 */
export function fieldMessage(issue: ValidationIssue, { repeated = false } = {}): string {
  if (!isZodWording(issue)) return issue.message as string;
  if (repeated) return INPUT_MESSAGES.repeated;
  return inputMessage({ ...issue.params, code: issue.keyword }, /, received undefined$/.test(issue.message ?? ''));
}
