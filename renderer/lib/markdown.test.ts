import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';

describe('renderMarkdown', () => {
  it('renders the formatting the editor writes', () => {
    const html = renderMarkdown('## Method\n\n**bold** and *italic*\n\n- one\n- two\n\n[paper](https://example.org/p)');
    expect(html).toContain('<h2>Method</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>italic</em>');
    expect(html).toMatch(/<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/);
    expect(html).toContain('<a href="https://example.org/p" target="_blank" rel="noopener noreferrer">paper</a>');
  });

  it('shows raw HTML as text: no script, no event handlers, no iframes', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n<iframe src="https://x.org"></iframe>');
    expect(html).not.toMatch(/<script|<img|<iframe/);
    expect(html).toContain('&lt;script&gt;');
  });

  it('makes no link of javascript:, data: or file: URLs', () => {
    const html = renderMarkdown('[a](javascript:alert(1)) [b](data:text/html,x) [c](file:///etc/passwd)');
    expect(html).not.toMatch(/<a /);
  });

  it('loads no images: an image is shown as a link to it', () => {
    const html = renderMarkdown('![pixel](https://t.example/pixel.png)');
    expect(html).not.toMatch(/<img/);
    expect(html).toContain('<a href="https://t.example/pixel.png" target="_blank"');
  });
});
