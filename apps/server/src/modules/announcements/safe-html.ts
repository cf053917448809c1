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

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<|[^<]+/g;
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
  let skipping: string | null = null;
  for (const match of html.matchAll(TOKEN)) {
    const [token, slash, rawName, attributes = ''] = match;
    if (token.startsWith('<!--')) continue;
    if (rawName === undefined) {
      if (!skipping) out.push(token === '<' ? '&lt;' : escapeText(decodeEntities(token)));
      continue;
    }
    const name = rawName.toLowerCase();
    const closing = slash === '/';
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
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) out.push(`</${open.pop()}>`);
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

/** Plain text as the safe subset: blank lines part paragraphs, lines starting "- " or "* " make a list, URLs become links. */
export function plainTextToHtml(text: string): string {
  const blocks = text.replace(/\r\n?/g, '\n').split(/\n\s*\n/);
  const html: string[] = [];
  for (const block of blocks) {
    const lines = block.split('\n').filter((l) => l.trim() !== '');
    if (lines.length === 0) continue;
    if (lines.every((l) => /^\s*[-*]\s+/.test(l))) {
      html.push(`<ul>${lines.map((l) => `<li>${inline(l.replace(/^\s*[-*]\s+/, ''))}</li>`).join('')}</ul>`);
    } else {
      html.push(`<p>${lines.map(inline).join('<br>')}</p>`);
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
