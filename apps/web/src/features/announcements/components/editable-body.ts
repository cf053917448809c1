/** A line plain text reads as a list item (the server's rule, docs/product.md "Announcements"). */
const LIST_ITEM = /^\s*[-*]\s+/;
/** What makes the server read a body as HTML rather than plain text. */
const MARKUP = /<[a-zA-Z/!]/;
const WEB_ADDRESS = /^https?:\/\//i;

/** A paragraph's or list item's text, or null when it holds more than plain text makes (bold, a named link…). */
function inlineText(element: Element): string | null {
  let text = '';
  for (const node of Array.from(element.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      text += node.textContent ?? '';
      continue;
    }
    if (!(node instanceof Element)) return null;
    const tag = node.tagName.toLowerCase();
    const href = node.getAttribute('href') ?? '';
    if (tag === 'br') text += '\n';
    else if (tag === 'a' && node.children.length === 0 && node.textContent === href && WEB_ADDRESS.test(href)) {
      text += href;
    } else return null;
  }
  return text;
}

function blockText(element: Element): string | null {
  const tag = element.tagName.toLowerCase();
  if (tag === 'p') {
    const text = inlineText(element);
    // A blank line would part the paragraph, a "- " line would turn into a list.
    if (text === null || text.split('\n').some((line) => line.trim() === '' || LIST_ITEM.test(line))) return null;
    return text;
  }
  if (tag !== 'ul') return null;
  const items = Array.from(element.childNodes, (li) =>
    li instanceof Element && li.tagName.toLowerCase() === 'li' ? inlineText(li) : null,
  );
  if (items.some((item) => item === null || item.includes('\n') || item.trim() === '')) return null;
  return items.map((item) => `- ${item}`).join('\n');
}

/**
 * A stored body as its author would type it again: the plain text it was made from when it is only what plain
 * text makes (paragraphs, line breaks, "- " lists, web addresses as links), so a correction is made in the words
 * written, not in markup; anything richer (bold, numbered lists, named links) is given as the stored HTML, which
 * the server keeps as it is. Either way, saving it unchanged stores the same body.
 */
export function editableBody(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const blocks: string[] = [];
  for (const node of Array.from(doc.body.childNodes)) {
    const block = node instanceof Element ? blockText(node) : null;
    if (block === null) return html;
    blocks.push(block);
  }
  const text = blocks.join('\n\n');
  return MARKUP.test(text) ? html : text;
}
