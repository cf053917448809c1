import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml } from './safe-html';

describe('SafeHtml', () => {
  it('renders the allowed subset as elements and nothing else', () => {
    const { container } = render(
      <SafeHtml html='<p>Hi <strong>all</strong><img src=x onerror="alert(1)"></p><ul><li>one</li></ul><a href="https://a.test/x" onclick="y()">site</a><a href="javascript:alert(1)">bad</a><script>alert(2)</script>' />,
    );
    const root = container.firstElementChild as HTMLElement;
    expect(root.querySelector('strong')?.textContent).toBe('all');
    expect(root.querySelectorAll('li')).toHaveLength(1);
    expect(root.querySelector('img, script, [onclick], [onerror]')).toBeNull();
    const links = root.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('https://a.test/x');
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(root.textContent).toContain('bad');
    expect(root.textContent).not.toContain('alert(2)');
  });
});
