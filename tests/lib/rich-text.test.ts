import { renderToStaticMarkup } from 'react-dom/server';
import { createElement, Fragment } from 'react';
import { describe, expect, it } from 'vitest';
import { decodeEntities, richText } from '../../src/lib/rich-text';

const html = (source: string) => renderToStaticMarkup(createElement(Fragment, null, richText(source)));

describe('tenant HTML as elements (no DOM: the server renders it)', () => {
  it('keeps the allowed structure and text', () => {
    expect(html('<h2>Terms</h2><p>Play <strong>fair</strong> &amp; <em>safe</em>.</p><ul><li>one</li><li>two</li></ul>')).toBe(
      '<h2>Terms</h2><p>Play <strong>fair</strong> &amp; <em>safe</em>.</p><ul><li>one</li><li>two</li></ul>',
    );
  });

  it('drops script, style and other forbidden elements with their content', () => {
    const out = html('<p>a</p><script>alert(1)</script><style>p{}</style><iframe src="https://x.example"></iframe><form><input name="x"><button>go</button></form><p>b</p>');
    expect(out).toBe('<p>a</p><p>b</p>');
    expect(html('<SCRIPT type="text/javascript">document.cookie</SCRIPT >ok')).toBe('ok');
    expect(html('<script>var s = "</p><p>";</script>x')).toBe('x');
    expect(html('<svg onload="alert(1)"><script>alert(1)</script></svg>after')).toBe('after');
  });

  it('drops event handlers and every attribute not allowed', () => {
    const out = html('<p onclick="alert(1)" style="color:red" class="x" id="y">t</p><img src="https://cdn.example.com/a.png" onerror="alert(1)" alt="a"><a href="/m/help" onmouseover="x()">help</a>');
    expect(out).toBe('<p>t</p><img src="https://cdn.example.com/a.png" alt="a" loading="lazy"/><a href="/m/help" rel="noopener noreferrer">help</a>');
    expect(out).not.toMatch(/on\w+=/);
  });

  it('keeps safe links (outside ones open in a new tab) and drops script URLs and unsafe images', () => {
    expect(html('<a href="https://example.com/t">t</a>')).toBe('<a href="https://example.com/t" rel="noopener noreferrer" target="_blank">t</a>');
    expect(html('<a href="javascript:alert(1)">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
    expect(html('<a href=" java\tscript:alert(1)">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
    expect(html('<a href="//evil.example">x</a>')).toBe('<a rel="noopener noreferrer">x</a>');
    expect(html('<a href="mailto:help@example.com">m</a>')).toBe('<a href="mailto:help@example.com" rel="noopener noreferrer">m</a>');
    expect(html('<img src="http://insecure.example/a.png"><img src="data:image/png;base64,AAAA">')).toBe('');
  });

  it('unknown elements keep their text; comments and doctypes go', () => {
    expect(html('<!doctype html><!-- note --><font color="red">red</font><custom-tag>c</custom-tag>')).toBe('redc');
  });

  it('closes what the browser closes, so hydration sees the same tree', () => {
    expect(html('<p>one<p>two<ul><li>a<li>b</ul>')).toBe('<p>one</p><p>two</p><ul><li>a</li><li>b</li></ul>');
    expect(html('<p>x<div>y</div></p>')).toBe('<p>x</p><div>y</div>');
    expect(html('<a href="/a">1<a href="/b">2</a></a>')).toBe('<a href="/a" rel="noopener noreferrer">1</a><a href="/b" rel="noopener noreferrer">2</a>');
  });

  it('text that only looks like markup stays text', () => {
    expect(html('1 < 2 and 3 > 2')).toBe('1 &lt; 2 and 3 &gt; 2');
    expect(html('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });

  it('decodes character references', () => {
    expect(decodeEntities('&amp;&#39;&#x41;&nbsp;&unknown;&#0;')).toBe("&'A\u00a0&unknown;\ufffd");
  });

  it('renders nothing for no text', () => {
    expect(richText('')).toBeNull();
    expect(richText(undefined)).toBeNull();
  });
});
