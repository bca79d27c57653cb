import { describe, expect, it } from 'vitest';
import { toWebUrl } from './WebFrame';
import { inertHtml } from './NoticeBody';

describe('the notice body’s browser-side pass', () => {
  it('keeps allowed rich text, links and our images', () => {
    const html =
      '<h2>T</h2><p>a <strong>b</strong> <a href="https://x.example/">c</a></p><img src="/api/v1/common/image/AAAAAAAAAAAAAAAAAAAAAA" alt="">';
    const out = inertHtml(html);
    expect(out).toContain('<h2>T</h2>');
    expect(out).toContain('href="https://x.example/"');
    expect(out).toContain('rel="noopener noreferrer nofollow"');
    expect(out).toContain('src="/api/v1/common/image/AAAAAAAAAAAAAAAAAAAAAA"');
  });

  it('drops whatever could run or fetch elsewhere, should the server ever let it through', () => {
    const out = inertHtml(
      '<script>x()</script><img src=x onerror="x()"><p onclick="x()" style="color:red">p</p>' +
        '<a href="javascript:x()">j</a><svg onload="x()"></svg><iframe src="https://e.example"></iframe>' +
        '<img src="https://tracker.example/p.gif"><form><input></form>',
    );
    expect(out).not.toMatch(
      /script|onerror|onclick|style=|javascript:|<svg|<iframe|tracker|<form|<input/i,
    );
    expect(out).toContain('<p>p</p>');
  });
});

describe('the webview address', () => {
  it('frames only http(s)', () => {
    expect(toWebUrl('https://example.com/a')).toBe('https://example.com/a');
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      '',
      null,
      'vbscript:x',
    ])
      expect(toWebUrl(bad)).toBeUndefined();
  });
});
