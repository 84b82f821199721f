import { describe, expect, it } from 'vitest';
import { pastedHtml } from './pasted-html.ts';

describe('pastedHtml', () => {
  it('keeps the marks, headings, lists and links the editor and the server keep', () => {
    const html = '<h2>Notice</h2><p><strong>Bold</strong> and <a href="https://example.com/a" target="_blank">a link</a></p><ol start="3"><li>three</li></ol>';
    expect(pastedHtml(html)).toBe(html);
  });

  it('takes out handlers, scripts, styles, frames, images and unsafe addresses, keeping the words around them', () => {
    const html = [
      '<p onclick="steal()" style="color:red">Hello <img src="x" onerror="window.pwned = 1">world</p>',
      '<script>window.pwned = 2</script><style>p { display: none }</style><object data="https://evil.example">fallback</object>',
      '<p><a href="javascript:alert(1)">click</a> <a href=" JAVASCRIPT:alert(2)">again</a></p>',
      '<div><span class="x"><font color="red">kept words</font></span></div>',
    ].join('');
    expect(pastedHtml(html)).toBe('<p>Hello world</p><p><a>click</a> <a>again</a></p>kept words');
  });

  it('reads nothing as markup that was text', () => {
    expect(pastedHtml('<p>&lt;img src=x onerror=alert(1)&gt;</p>')).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
  });
});
