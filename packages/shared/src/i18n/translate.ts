/**
 * The server's and the shared schemas' messages in other languages (docs/decisions/009-server-messages.md).
 * The English text is the message's id, as in gettext: a catalogue maps each English message to its
 * translation. A message built with parameters is listed once as its template, the parameters written `{0}`,
 * `{1}`… in the order the English function takes them; a translation may move them but keeps every one.
 *
 * This module holds no catalogue: the server imports them all (`catalogues.ts`), the web app lazy-loads the
 * one of its language (`es.ts`, `ar.ts`).
 */
export type Catalogue = Readonly<Record<string, string>>;

const PLACEHOLDER = /\{(\d+)\}/g;

interface Template {
  pattern: RegExp;
  /** Which placeholder each capture group holds. */
  slots: number[];
  translation: string;
}

interface Compiled {
  exact: Map<string, string>;
  templates: Template[];
}

const compiled = new WeakMap<Catalogue, Compiled>();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The placeholders of a message, in order of appearance (`'{1} of {0}'` → `[1, 0]`). */
export const placeholdersOf = (text: string): number[] => [...text.matchAll(PLACEHOLDER)].map((m) => Number(m[1]));

function compile(catalogue: Catalogue): Compiled {
  const exact = new Map<string, string>();
  const templates: Template[] = [];
  for (const [english, translation] of Object.entries(catalogue)) {
    exact.set(english, translation);
    const slots = placeholdersOf(english);
    if (slots.length === 0) continue;
    const literal = english.split(PLACEHOLDER).filter((_, i) => i % 2 === 0);
    const source = literal.map(escapeRegExp).join('([\\s\\S]+?)');
    templates.push({ pattern: new RegExp(`^${source}$`), slots, translation });
  }
  // A template that opens with its own words wraps a whole message ("Invalid data: {0}", "Row {0}: {1}"), so it
  // is tried before one that opens with a parameter: `Invalid data: Name cannot contain…` is the wrapper around
  // the label's message, never the label's message about "Invalid data: Name". Then the most fixed text wins:
  // "Invalid data: {0}" before "{0}: \"{1}\"".
  const fixed = (t: Template) => t.pattern.source.replaceAll('([\\s\\S]+?)', '').length;
  const opensWithWords = (t: Template) => (t.pattern.source.startsWith('^([\\s\\S]+?)') ? 0 : 1);
  templates.sort((a, b) => opensWithWords(b) - opensWithWords(a) || fixed(b) - fixed(a));
  return { exact, templates };
}

/**
 * `text` in the catalogue's language, or as it is when the catalogue has no entry (English needs none).
 * A template's parameters are translated too when they are messages themselves ("Invalid data: {0}"): from
 * the text alone a parameter that reads like a message cannot be told from someone's words, so what holds
 * someone's text (a notification) is kept as a MessageRef and rendered with renderRef instead.
 */
export function translateMessage(text: string, catalogue: Catalogue | undefined): string {
  if (!catalogue || text === '') return text;
  let entry = compiled.get(catalogue);
  if (!entry) {
    entry = compile(catalogue);
    compiled.set(catalogue, entry);
  }
  const hit = entry.exact.get(text);
  if (hit !== undefined) return hit;
  for (const template of entry.templates) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const values = new Map<number, string>();
    template.slots.forEach((slot, i) => {
      values.set(slot, match[i + 1] ?? '');
    });
    return template.translation.replace(PLACEHOLDER, (whole, slot: string) => {
      const value = values.get(Number(slot));
      return value === undefined ? whole : translateMessage(value, catalogue);
    });
  }
  return text;
}

/**
 * One of our messages by reference: its id (the English template, `{0}` for parameters) and its parameters.
 * A parameter that is our own wording too (an attendance status) is a reference itself and is translated; a
 * string is someone's text (a name, a title, a quoted message) and is shown exactly as written, even when it
 * happens to read like one of our messages (docs/product.md, "Notifications", "In the reader's language").
 */
export interface MessageRef {
  id: string;
  params?: (string | MessageRef | DateParam)[];
}

/**
 * A calendar date (`YYYY-MM-DD`) as a parameter: written when the message is shown, in the reader's school's
 * date format (docs/product.md, "In the web app"), so the stored message holds the date, not one way of writing it.
 */
export interface DateParam {
  date: string;
}

export interface RenderOptions {
  /** How a date parameter is written; without it, as stored (`2026-11-24`). */
  date?: (day: string) => string;
  /** Isolate someone's text (isolateText); renderIn sets it for a language written right to left. */
  isolate?: boolean;
}

const isDateParam = (value: MessageRef | DateParam): value is DateParam => 'date' in value;

/**
 * Someone's text inside one of our sentences, between a first-strong isolate and its pop (U+2068 … U+2069): its
 * direction is its own and it cannot reorder the sentence around it. Without it a Latin class label with brackets,
 * `Grade 6 A (2027-2028)`, inside an Arabic sentence's brackets read `((Grade 6 A (2027-2028).` (docs/product.md,
 * "In the web app"). The marks are invisible; copied text keeps them.
 */
export const isolateText = (text: string): string => (text === '' ? text : `\u2068${text}\u2069`);

/**
 * `ref` in the catalogue's language (English without one): its id translated, its parameters put back; someone's
 * text (a string parameter) isolated (isolateText) when `options.isolate` says so (renderIn: right to left).
 */
export function renderRef(ref: MessageRef, catalogue: Catalogue | undefined, options: RenderOptions = {}): string {
  const text = catalogue && Object.hasOwn(catalogue, ref.id) ? (catalogue[ref.id] as string) : ref.id;
  const params = ref.params ?? [];
  return text.replace(PLACEHOLDER, (whole, slot: string) => {
    const value = params[Number(slot)];
    if (value === undefined) return whole;
    if (typeof value === 'string') return options.isolate ? isolateText(value) : value;
    if (isDateParam(value)) return options.date ? options.date(value.date) : value.date;
    return renderRef(value, catalogue, options);
  });
}

/**
 * A message function's template: the function called with `{0}`, `{1}`… for its parameters, so a catalogue
 * keyed by it follows the English wording wherever it changes.
 */
export function template<A extends never[]>(message: (...args: A) => string): string {
  const args = Array.from({ length: message.length }, (_, i) => `{${i}}`);
  return message(...(args as unknown as A));
}
