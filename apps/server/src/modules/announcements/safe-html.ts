/**
 * Announcement bodies are kept as HTML of a small allowlist: paragraphs, line breaks, lists, emphasis and links
 * to http(s) or mailto. Everything else is dropped here, on the server, before it is stored: unknown tags lose
 * their markup but keep their text; script-like elements lose their content too; no attribute survives except
 * a link's checked href. A body with no markup at all is read as plain text (see plainTextToHtml).
 */

const ALLOWED = new Set(['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'a']);
/** Elements whose content is code or data, never text to show. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'textarea',
  'title',
  'svg',
  'math',
  'head',
  'select',
]);

/** A piece of the input: text, a lone `<` (text too), or a tag with its name as written and its raw attributes. */
type Token =
  | { kind: 'text'; text: string }
  | { kind: 'lt' }
  | { kind: 'tag'; closing: boolean; name: string; attributes: string };

const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isNameChar = (c: number) => isLetter(c) || (c >= 48 && c <= 57) || c === 45;
const GT = 62; // >
const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;
const SLASH = 47;

/**
 * For every position, where a tag's attributes starting there end: the index of the first `>` outside quoted
 * values, or -1 when a quote never closes or no `>` follows. Worked out once, right to left, so that a body of
 * many `<` without a `>` costs one pass instead of one scan to the end from every `<` (a regular expression
 * over the body took 0.7 s for `<a` repeated 10 000 times; docs/security.md "Bounded input everywhere").
 */
function tagEnds(html: string): Int32Array {
  const end = new Int32Array(html.length + 1).fill(-1);
  let nextDouble = -1;
  let nextSingle = -1;
  for (let i = html.length - 1; i >= 0; i--) {
    const c = html.charCodeAt(i);
    if (c === GT) end[i] = i;
    else if (c === DOUBLE_QUOTE) end[i] = nextDouble === -1 ? -1 : (end[nextDouble + 1] as number);
    else if (c === SINGLE_QUOTE) end[i] = nextSingle === -1 ? -1 : (end[nextSingle + 1] as number);
    else end[i] = end[i + 1] as number;
    if (c === DOUBLE_QUOTE) nextDouble = i;
    else if (c === SINGLE_QUOTE) nextSingle = i;
  }
  return end;
}

/**
 * The body as tokens, in one pass: comments (`<!--` to `-->` or the end) are skipped; a tag is `<`, an
 * optional `/`, a name, then attributes (quoted values may hold `>`) up to `>`; a `<` that starts none of
 * these is text.
 */
export function* htmlTokens(html: string): Generator<Token> {
  let ends: Int32Array | null = null;
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt !== i) {
      const stop = lt === -1 ? html.length : lt;
      yield { kind: 'text', text: html.slice(i, stop) };
      i = stop;
      continue;
    }
    if (html.startsWith('<!--', i)) {
      const close = html.indexOf('-->', i + 4);
      i = close === -1 ? html.length : close + 3;
      continue;
    }
    const closing = html.charCodeAt(i + 1) === SLASH;
    const nameStart = closing ? i + 2 : i + 1;
    if (isLetter(html.charCodeAt(nameStart))) {
      let nameEnd = nameStart + 1;
      while (nameEnd < html.length && isNameChar(html.charCodeAt(nameEnd))) nameEnd++;
      ends ??= tagEnds(html);
      const end = ends[nameEnd] as number;
      if (end !== -1) {
        yield { kind: 'tag', closing, name: html.slice(nameStart, nameEnd), attributes: html.slice(nameEnd, end) };
        i = end + 1;
        continue;
      }
    }
    yield { kind: 'lt' };
    i++;
  }
}

const HREF = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/** An href kept only when it is an absolute http(s) or mailto address; browsers ignore control characters and spaces in schemes, so do we. */
export function safeHref(raw: string): string | null {
  const value = decodeEntities(raw).trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
  const scheme = value.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
  if (!/^(https?:\/\/|mailto:)/.test(scheme)) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a control character anywhere in an address refuses it
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  return value;
}

export function sanitizeHtml(html: string): string {
  const out: string[] = [];
  const open: string[] = [];
  /** How many of each element are open, so a closing tag of none open is dropped without searching the stack. */
  const openCount = new Map<string, number>();
  let skipping: string | null = null;
  for (const token of htmlTokens(html)) {
    if (token.kind !== 'tag') {
      if (!skipping) out.push(token.kind === 'lt' ? '&lt;' : escapeText(decodeEntities(token.text)));
      continue;
    }
    const { closing, attributes } = token;
    const name = token.name.toLowerCase();
    if (skipping) {
      if (closing && name === skipping) skipping = null;
      continue;
    }
    if (DROPPED_WITH_CONTENT.has(name)) {
      if (!closing && !attributes.trim().endsWith('/')) skipping = name;
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    if (name === 'br') {
      if (!closing) out.push('<br>');
      continue;
    }
    if (closing) {
      if (!openCount.get(name)) continue;
      const at = open.lastIndexOf(name);
      while (open.length > at) {
        const closed = open.pop() as string;
        openCount.set(closed, (openCount.get(closed) ?? 1) - 1);
        out.push(`</${closed}>`);
      }
      continue;
    }
    if (name === 'a') {
      const found = HREF.exec(attributes);
      const href = found ? safeHref(found[1] ?? found[2] ?? found[3] ?? '') : null;
      out.push(href ? `<a href="${escapeAttribute(href)}" rel="noopener noreferrer nofollow">` : '<a>');
    } else {
      out.push(`<${name}>`);
    }
    open.push(name);
    openCount.set(name, (openCount.get(name) ?? 0) + 1);
  }
  while (open.length > 0) out.push(`</${open.pop()}>`);
  return out.join('').trim();
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

function inline(line: string): string {
  let html = '';
  let last = 0;
  for (const match of line.matchAll(URL_IN_TEXT)) {
    const index = match.index ?? 0;
    html += escapeText(line.slice(last, index));
    const href = safeHref(match[0]);
    html += href
      ? `<a href="${escapeAttribute(href)}" rel="noopener noreferrer nofollow">${escapeText(match[0])}</a>`
      : escapeText(match[0]);
    last = index + match[0].length;
  }
  return html + escapeText(line.slice(last));
}

const LIST_ITEM = /^\s*[-*]\s+/;

/**
 * Plain text as the safe subset (docs/product.md, "Announcements"): blank lines part paragraphs, lines starting
 * "- " or "* " make a list, URLs become links. The list lines of a paragraph make a list wherever they stand in
 * it: "School starts at 08:00." followed by "- Bring a pencil" lines is a paragraph, then the list, since that is
 * how a list is usually written.
 */
export function plainTextToHtml(text: string): string {
  const blocks = text.replace(/\r\n?/g, '\n').split(/\n\s*\n/);
  const html: string[] = [];
  for (const block of blocks) {
    const lines = block.split('\n').filter((l) => l.trim() !== '');
    // Runs of list lines and of text lines, in order.
    const runs: { list: boolean; lines: string[] }[] = [];
    for (const line of lines) {
      const list = LIST_ITEM.test(line);
      const last = runs.at(-1);
      if (last && last.list === list) last.lines.push(line);
      else runs.push({ list, lines: [line] });
    }
    for (const run of runs) {
      html.push(
        run.list
          ? `<ul>${run.lines.map((l) => `<li>${inline(l.replace(LIST_ITEM, ''))}</li>`).join('')}</ul>`
          : `<p>${run.lines.map(inline).join('<br>')}</p>`,
      );
    }
  }
  return html.join('');
}

/** What the body is stored as: markup is sanitised, text without markup is formatted. */
export function safeBody(input: string): string {
  return /<[a-zA-Z/!]/.test(input) ? sanitizeHtml(input) : plainTextToHtml(input);
}

/** The body's words without markup (to check that something is left once sanitised). */
export function textOf(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}
