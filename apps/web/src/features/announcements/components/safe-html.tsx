import { createElement, type ReactNode } from 'react';

const TAGS = new Set(['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'a']);
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;
/** Elements whose content is code or data, never text to show. */
const DROPPED = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'svg', 'math', 'textarea']);

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = Array.from(element.childNodes, toReact);
  // Anything outside the subset keeps only its text (the server already cut it; this is the second line).
  if (!TAGS.has(tag)) return children;
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'a') {
    const href = element.getAttribute('href') ?? '';
    if (!SAFE_HREF.test(href)) return createElement('span', { key }, ...children);
    return createElement(
      'a',
      { key, href, rel: 'noopener noreferrer nofollow', target: '_blank', className: 'text-blue-700 underline' },
      ...children,
    );
  }
  return createElement(tag, { key }, ...children);
}

/**
 * An announcement body: HTML of the small subset the server stores (paragraphs, lists, emphasis, links), turned
 * into React elements from that same allowlist rather than set as raw HTML.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (
    <div dir="auto" className={className}>
      {Array.from(doc.body.childNodes, toReact)}
    </div>
  );
}
