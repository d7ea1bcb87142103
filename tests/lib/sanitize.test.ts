// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../src/lib/sanitize';

/** Parses sanitised HTML the way the page will, to assert on the resulting DOM. */
function dom(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = sanitizeHtml(html);
  return host;
}

function eventHandlerAttrs(root: Element): string[] {
  return [...root.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.name).filter((n) => n.toLowerCase().startsWith('on')));
}

describe('sanitizeHtml', () => {
  it('keeps ordinary content HTML', () => {
    const out = dom('<p>Hello <b>world</b> <i>and</i> <a href="/m/register">register</a></p><ul><li>one</li></ul>');
    expect(out.querySelector('p b')?.textContent).toBe('world');
    expect(out.querySelector('li')?.textContent).toBe('one');
    expect(out.querySelector('a')?.getAttribute('href')).toBe('/m/register');
  });

  it('drops <script> with its content', () => {
    const html = sanitizeHtml('<p>a</p><script>window.__xss = 1</script><SCRIPT SRC=//evil.example/x.js></SCRIPT>');
    expect(html).not.toMatch(/script/i);
    expect(html).not.toContain('__xss');
    expect(html).toContain('<p>a</p>');
  });

  it('strips event handlers (<img onerror>, <body onload>, <div onclick>)', () => {
    const out = dom('<img src=x onerror="window.__xss=1"><div onclick="alert(1)" onmouseover=alert(1)>x</div><body onload=alert(1)>');
    expect(eventHandlerAttrs(out)).toEqual([]);
    expect(out.innerHTML).not.toContain('__xss');
  });

  it('removes javascript: URLs in any spelling', () => {
    const out = dom(
      '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt:alert(1)">b</a><a href=" javascript:alert(1)">c</a>' +
        '<a href="java&#x09;script:alert(1)">d</a><a href="&#106;avascript:alert(1)">e</a><a href="vbscript:msgbox(1)">f</a>',
    );
    const hrefs = [...out.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([null, null, null, null, null, null]);
    expect(out.innerHTML.toLowerCase()).not.toContain('javascript:');
  });

  it('removes data: URLs from links and images but keeps https images and site paths', () => {
    const out = dom(
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">a</a>' +
        '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" alt="d">' +
        '<img src="https://cdn.example.com/a.png" alt="ok">' +
        '<img src="/wps/game/icon/1.png" alt="local">' +
        '<img src="http://cdn.example.com/insecure.png" alt="http">',
    );
    expect(out.querySelector('a')?.hasAttribute('href')).toBe(false);
    const srcs = [...out.querySelectorAll('img')].map((i) => i.getAttribute('src'));
    expect(srcs).toEqual([null, 'https://cdn.example.com/a.png', '/wps/game/icon/1.png', null]);
  });

  it('drops <svg onload> and any SVG or MathML', () => {
    const html = sanitizeHtml('<svg onload="window.__xss=1"><circle r="1"/></svg><svg><script>alert(1)</script></svg><math><mi>x</mi></math>');
    expect(html).not.toMatch(/svg|onload|script|math/i);
  });

  it('drops iframe, object, embed, form, style and base elements', () => {
    const out = dom(
      '<iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="x.swf">' +
        '<form action="https://evil.example"><input name="p"><button>go</button></form>' +
        '<style>body{display:none}</style><base href="https://evil.example/"><p>kept</p>',
    );
    for (const tag of ['iframe', 'object', 'embed', 'form', 'input', 'button', 'style', 'base']) expect(out.querySelector(tag)).toBeNull();
    expect(out.querySelector('p')?.textContent).toBe('kept');
  });

  it('adds rel="noopener noreferrer" to every link and strips inline styles', () => {
    const out = dom('<a href="https://example.com" target="_top" style="position:fixed">x</a><a href="/m/home">y</a>');
    const links = [...out.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('rel'))).toEqual(['noopener noreferrer', 'noopener noreferrer']);
    // A target could navigate another browsing context: DOMPurify drops it (the pages open links themselves).
    expect(links[0].hasAttribute('target')).toBe(false);
    expect(links[0].hasAttribute('style')).toBe(false);
  });

  it('neutralises mutation-XSS and comment tricks', () => {
    const payloads = [
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<!--<img src="--><img src=x onerror=alert(1)//">',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<a href="javascript&colon;alert(1)">x</a>',
    ];
    for (const p of payloads) {
      const out = dom(p);
      expect(eventHandlerAttrs(out)).toEqual([]);
      expect([...out.querySelectorAll('a')].every((a) => !/^\s*javascript/i.test(a.getAttribute('href') ?? ''))).toBe(true);
    }
  });

  it('returns an empty string for empty input', () => {
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml(undefined)).toBe('');
  });
});
