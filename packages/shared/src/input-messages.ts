/**
 * Our words for a check that has no message of its own, in place of zod's ("Invalid option: expected one of
 * …", "Invalid input: expected string, received array", "Too big: …"): docs/product.md, "Validation and error
 * messages". They name no allowed value (an unknown field is named: the caller's own key); the catalogues
 * translate them like every message. Shared by the server (apps/server/src/lib/zod-messages.ts: a request's
 * field messages) and the web app (apps/web/src/lib/zod-words.ts: a form's field messages, checked in the
 * browser), so such a check reads the same in both.
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

/** A failed zod check: its code and zod's parameters of it (`maximum`, `origin`, `expected`…). */
export interface InputIssue {
  code: string;
  [parameter: string]: unknown;
}

const M = INPUT_MESSAGES;

function wrongType(issue: InputIssue, missing: boolean): string {
  if (missing) return M.required;
  switch (issue.expected) {
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

function tooBigOrSmall(issue: InputIssue): string {
  const p = issue;
  const big = issue.code === 'too_big';
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

function badFormat(issue: InputIssue): string {
  switch (issue.format) {
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
 * Our words for a zod check's failure (never zod's own). `missing`: the value was left out (a wrong type of
 * `undefined`), which says `This value is required` rather than the type expected.
 */
export function inputMessage(issue: InputIssue, missing = false): string {
  switch (issue.code) {
    case 'invalid_type':
      return wrongType(issue, missing);
    case 'invalid_value':
      return M.unknownValue;
    case 'too_big':
    case 'too_small':
      return tooBigOrSmall(issue);
    case 'invalid_format':
      return badFormat(issue);
    case 'not_multiple_of':
      return M.multipleOf(String(issue.divisor));
    case 'unrecognized_keys': {
      const keys = issue.keys;
      return Array.isArray(keys) && keys.length > 0 ? M.unknownFields(keys.join(', ')) : M.invalidValue;
    }
    default:
      return M.invalidValue;
  }
}
