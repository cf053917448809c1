/**
 * Name-like fields (people, schools, classes, subjects, plans…) are shown in lists and mail headers, so they
 * may hold no control characters (a CR/LF could start a new mail header, a NUL is refused by the database)
 * and no text-direction overrides (which make a name read differently from what it is). Nor the invisible
 * format controls that show nothing at all (soft hyphen U+00AD, zero width space U+200B, word joiner and the
 * invisible operators U+2060–U+2064, the deprecated U+206A–U+206F, U+FEFF, the annotation marks U+FFF9–U+FFFB):
 * `Basic` and `Basic` + U+200B would read the same yet pass the unique-name rules as two names
 * (docs/product.md, "Plans and add-ons in the catalogue"). Refused, like the other controls, rather than
 * silently stripped, so what is stored is what was typed. Joiners such as U+200C/U+200D stay allowed:
 * some scripts (and emoji) need them.
 */
const NOT_PLAIN =
  /[\p{Cc}\u00ad\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u2028\u2029\ufeff\ufff9-\ufffb]/u;

export const isPlainText = (value: string): boolean => !NOT_PLAIN.test(value);

export const notPlainTextMessage = (label: string) => `${label} cannot contain control or text-direction characters`;

/** Arguments for zod's `.refine`: `z.string().trim().max(80).refine(...plainText('Subject name'))`. */
export const plainText = (label: string) => [isPlainText, { error: notPlainTextMessage(label) }] as const;
