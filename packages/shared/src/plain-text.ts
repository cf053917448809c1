/**
 * Name-like fields (people, schools, classes, subjects, plans…) are shown in lists and mail headers, so they
 * may hold no control characters (a CR/LF could start a new mail header, a NUL is refused by the database)
 * and no text-direction overrides (which make a name read differently from what it is). Joiners such as
 * U+200C stay allowed: some scripts need them.
 */
const NOT_PLAIN = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u;

export const isPlainText = (value: string): boolean => !NOT_PLAIN.test(value);

export const notPlainTextMessage = (label: string) => `${label} cannot contain control or text-direction characters`;

/** Arguments for zod's `.refine`: `z.string().trim().max(80).refine(...plainText('Subject name'))`. */
export const plainText = (label: string) => [isPlainText, { error: notPlainTextMessage(label) }] as const;
