/**
 * Name-like fields (people, schools, classes, subjects, plans…) are shown in lists and mail headers, so they
 * may hold no control characters (a CR/LF could start a new mail header, a NUL is refused by the database)
 * and no text-direction overrides (which make a name read differently from what it is). Nor any character that
 * shows nothing at all: every format character (Unicode category Cf) and default-ignorable code point (the soft
 * hyphen, zero width space, word joiner, U+FEFF, the Hangul fillers U+3164/U+115F/U+1160/U+FFA0, U+034F, U+180E,
 * variation selectors, tag characters, the musical beam controls U+1D173–U+1D17A…): `Basic` and `Basic` +
 * U+200B would read the same yet pass the unique-name rules as two names (docs/product.md, "Plans and add-ons in
 * the catalogue"). Refused, like the other controls, rather than silently stripped, so what is stored is what
 * was typed. Unicode's own property is tested rather than a hand list, which always missed some.
 *
 * Kept, in every name-like field alike (a person's name, an announcement's title and a plan's name take the
 * same text; docs/product.md, "Form field messages"): the joiners U+200C/U+200D, which some scripts and emoji
 * need, and the invisible parts of what does show: an emoji's variation selector (U+FE0E/U+FE0F straight after a
 * pictograph, as phone keyboards type ❤️, or in a keycap such as 1️⃣), the tag characters of a flag such as
 * 🏴󠁧󠁢󠁳󠁣󠁴󠁿, and Mongolian's free variation selectors after a Mongolian letter.
 */
const INVISIBLE = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2028\u2029]/u;
const SHOWN_WITH_INVISIBLE_PARTS =
  /\p{Extended_Pictographic}[\ufe0e\ufe0f]|[#*0-9]\ufe0f\u20e3|\u{1f3f4}[\u{e0020}-\u{e007e}]+\u{e007f}|\p{Script=Mongolian}[\u180b-\u180d\u180f]/gu;

export const isPlainText = (value: string): boolean => !INVISIBLE.test(value.replace(SHOWN_WITH_INVISIBLE_PARTS, ''));

export const notPlainTextMessage = (label: string) => `${label} cannot contain control or text-direction characters`;

/** Arguments for zod's `.refine`: `z.string().trim().max(80).refine(...plainText('Subject name'))`. */
export const plainText = (label: string) => [isPlainText, { error: notPlainTextMessage(label) }] as const;
