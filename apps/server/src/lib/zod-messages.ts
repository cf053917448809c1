import { z } from 'zod';

/** A failed check as fastify-type-provider-zod hands it over: zod's issue, its code as `keyword`. */
export interface ValidationIssue {
  keyword: string;
  message?: string | undefined;
  params?: Record<string, unknown> | undefined;
}

/**
 * Our words for a check that has no message of its own, in place of zod's ("Invalid option: expected one of
 * …", "Invalid input: expected string, received array", "Too big: …"): docs/product.md, "Validation and error
 * messages". They name no allowed value (an unknown field is named: the caller's own key); the catalogues
 * translate them like every message.
 */
export const INPUT_MESSAGES = {
  repeated: 'Give this parameter once',
  unknownValue: 'Unknown value',
  required: 'This value is required',
  notText: 'Must be text',
  notNumber: 'Must be a number',
  notWholeNumber: 'Must be a whole number',
  notBoolean: 'Must be true or false',
  notList: 'Must be a list',
  notObject: 'Must be an object',
  notDate: 'Must be a date',
  wrongType: 'This value has the wrong type',
  empty: 'Cannot be empty',
  atMostCharacters: (max: string) => `Can be at most ${max} characters`,
  atLeastCharacters: (min: string) => `Must be at least ${min} characters`,
  exactlyCharacters: (length: string) => `Must be exactly ${length} characters`,
  atMost: (max: string) => `Must be at most ${max}`,
  lessThan: (max: string) => `Must be less than ${max}`,
  atLeast: (min: string) => `Must be at least ${min}`,
  moreThan: (min: string) => `Must be more than ${min}`,
  atMostOneItem: 'Give at most one item',
  atMostItems: (max: string) => `Give at most ${max} items`,
  atLeastOneItem: 'Give at least one item',
  atLeastItems: (min: string) => `Give at least ${min} items`,
  outOfRange: 'A value is out of range',
  badEmail: 'Enter a valid email address',
  badId: 'Invalid id',
  badLink: 'Invalid link',
  badFormat: 'Not in the right format',
  multipleOf: (step: string) => `Must be a multiple of ${step}`,
  unknownFields: (keys: string) => `Unknown field: ${keys}`,
  invalidValue: 'Invalid value',
} as const;

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

const M = INPUT_MESSAGES;

function wrongType(issue: ValidationIssue): string {
  if (/, received undefined$/.test(issue.message ?? '')) return M.required;
  switch (issue.params?.expected) {
    case 'string':
      return M.notText;
    case 'int':
      return M.notWholeNumber;
    case 'number':
    case 'bigint':
      return M.notNumber;
    case 'boolean':
      return M.notBoolean;
    case 'array':
    case 'tuple':
    case 'set':
      return M.notList;
    case 'object':
    case 'record':
    case 'map':
      return M.notObject;
    case 'date':
      return M.notDate;
    default:
      return M.wrongType;
  }
}

function tooBigOrSmall(issue: ValidationIssue): string {
  const p = issue.params ?? {};
  const big = issue.keyword === 'too_big';
  const bound = String(big ? p.maximum : p.minimum);
  const inclusive = p.inclusive !== false;
  switch (p.origin) {
    case 'string':
      if (p.exact) return M.exactlyCharacters(bound);
      if (big) return M.atMostCharacters(bound);
      return bound === '1' ? M.empty : M.atLeastCharacters(bound);
    case 'number':
    case 'int':
      if (big) return inclusive ? M.atMost(bound) : M.lessThan(bound);
      return inclusive ? M.atLeast(bound) : M.moreThan(bound);
    case 'array':
    case 'set':
      if (big) return bound === '1' ? M.atMostOneItem : M.atMostItems(bound);
      return bound === '1' ? M.atLeastOneItem : M.atLeastItems(bound);
    default:
      return M.outOfRange;
  }
}

function badFormat(issue: ValidationIssue): string {
  switch (issue.params?.format) {
    case 'email':
      return M.badEmail;
    case 'uuid':
    case 'guid':
      return M.badId;
    case 'url':
      return M.badLink;
    case 'date':
      return M.notDate;
    default:
      return M.badFormat;
  }
}

/**
 * The message a field answers for `issue`: the schema's own message when it has one, else our words for zod's
 * check (never zod's: docs/product.md, "Validation and error messages"). `repeated`: the query parameter it is
 * about was sent more than once, which no parameter takes; said whatever check it then failed.
 */
export function fieldMessage(issue: ValidationIssue, { repeated = false } = {}): string {
  if (!isZodWording(issue)) return issue.message as string;
  if (repeated) return M.repeated;
  switch (issue.keyword) {
    case 'invalid_type':
      return wrongType(issue);
    case 'invalid_value':
      return M.unknownValue;
    case 'too_big':
    case 'too_small':
      return tooBigOrSmall(issue);
    case 'invalid_format':
      return badFormat(issue);
    case 'not_multiple_of':
      return M.multipleOf(String(issue.params?.divisor));
    case 'unrecognized_keys': {
      const keys = issue.params?.keys;
      return Array.isArray(keys) && keys.length > 0 ? M.unknownFields(keys.join(', ')) : M.invalidValue;
    }
    default:
      return M.invalidValue;
  }
}
