import { describe, expect, it } from 'vitest';
import { editableBody } from './editable-body';

describe('editableBody', () => {
  it('gives back the plain text a body was made from: paragraphs, line breaks, lists, web addresses', () => {
    const stored =
      '<p>School starts at 08:00.<br>Be on time.</p><ul><li>Bring a pencil</li><li>See https://a.example/x</li></ul>' +
      '<p>Details: <a href="https://a.example/x" rel="noopener noreferrer nofollow">https://a.example/x</a></p>';
    expect(editableBody(stored)).toBe(
      'School starts at 08:00.\nBe on time.\n\n- Bring a pencil\n- See https://a.example/x\n\nDetails: https://a.example/x',
    );
  });

  it('decodes what the server escaped: "a &lt; b &amp; c" is typed "a < b & c"', () => {
    expect(editableBody('<p>a &lt; b &amp; c</p>')).toBe('a < b & c');
  });

  it('keeps the stored HTML when plain text would not make it again', () => {
    for (const html of [
      '<p>Bring <strong>two</strong> pencils</p>',
      '<ol><li>First</li></ol>',
      '<p><a href="https://a.example/">our site</a></p>',
      '<p>- not a list</p>',
      '<p>one<br><br>two</p>',
      '<p>&lt;b&gt; is markup</p>',
    ]) {
      expect(editableBody(html)).toBe(html);
    }
  });
});
