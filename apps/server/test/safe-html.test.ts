import { describe, expect, it } from 'vitest';
import { plainTextToHtml, safeBody, sanitizeHtml } from '../src/modules/announcements/safe-html.ts';

/** The announcement body's allowlist: nothing that runs, styles or fetches survives. */
describe('sanitizeHtml', () => {
  it.each([
    ['<p>ok</p><script>alert(1)</script>', '<p>ok</p>'],
    ['<img src=x onerror="alert(1)">hi', 'hi'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" java\tscript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<b>">x</a>', '<a>x</a>'],
    [
      '<a href="https://a.test/?q=1&amp;r=2" onclick="x" target="_top">x</a>',
      '<a href="https://a.test/?q=1&amp;r=2" rel="noopener noreferrer nofollow">x</a>',
    ],
    ['<a href=mailto:x@y.test>mail</a>', '<a href="mailto:x@y.test" rel="noopener noreferrer nofollow">mail</a>'],
    ['<style>p{}</style><p style="color:red">t</p>', '<p>t</p>'],
    ['<!-- c --><b>bold</b> <i>it</i>', '<b>bold</b> <i>it</i>'],
    ['<ul><li>a<li>b</ul>', '<ul><li>a<li>b</li></li></ul>'],
    ['<p>open', '<p>open</p>'],
    ['</p>stray<br/>x', 'stray<br>x'],
    ['1 < 2 &amp; 3 > 2', '1 &lt; 2 &amp; 3 &gt; 2'],
    ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['<svg><script>alert(1)</script></svg>after', 'after'],
    ['<div><span>kept text</span></div>', 'kept text'],
  ])('%s', (input, output) => {
    expect(sanitizeHtml(input)).toBe(output);
  });
});

describe('plainTextToHtml', () => {
  it('makes paragraphs, lists and links from text, escaping the rest', () => {
    expect(plainTextToHtml('a <b>\nb\n\n* x\n* y\n\nhttps://a.test/p, then')).toBe(
      '<p>a &lt;b&gt;<br>b</p><ul><li>x</li><li>y</li></ul><p><a href="https://a.test/p" rel="noopener noreferrer nofollow">https://a.test/p</a>, then</p>',
    );
    expect(safeBody('plain')).toBe('<p>plain</p>');
  });
});
