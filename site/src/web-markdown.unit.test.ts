import { describe, expect, it } from 'vitest';
import { renderMarkdownOnServer, warmMarkdownRenderer } from './web-markdown';

describe('a project description rendered on the server', () => {
  it('is markdown as HTML, with the browser renderer rules: external links marked, scripts, handlers and forms removed', async () => {
    // nothing rendered (and no page held) until the renderer has loaded
    expect(renderMarkdownOnServer('*x*')).toBeNull();
    await warmMarkdownRenderer();
    const html = renderMarkdownOnServer(
      '# Swift Beacons\n\n- fast\n- *bright*\n\n[site](https://example.com) <script>alert(1)</script><img src="x.png" onerror="alert(2)"><form><input></form>',
    );
    expect(html).toContain('<h1>Swift Beacons</h1>');
    expect(html).toContain('<li><em>bright</em></li>');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow ugc">site</a>');
    expect(html).toContain('<img src="x.png">');
    expect(html).not.toMatch(/script|onerror|<form|<input/);
  });
});
