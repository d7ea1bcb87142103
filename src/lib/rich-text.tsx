/**
 * Tenant HTML (the user agreement) as React elements, the same on the server and in the browser:
 * the page is rendered on the server and hydrates without a second pass. Safe by construction:
 * only the elements and attributes below become elements (React escapes every text and attribute
 * value); script, style and the other forbidden elements of the sanitiser (src/lib/sanitize.ts)
 * are dropped with their content, event handlers and any other attribute never pass, and links
 * and images follow the sanitiser's URL rules (src/lib/html-policy.ts). Links open outside with
 * rel="noopener noreferrer". Unknown elements keep their text only.
 */
import { createElement, Fragment, type ReactNode } from 'react';
import { FORBIDDEN_TAGS, SAFE_IMAGE, SAFE_LINK, normaliseUrl } from './html-policy';

/** Elements kept, each with the attributes it may keep. */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  p: [], br: [], hr: [], div: [], span: [], section: [], article: [], header: [], footer: [],
  h1: [], h2: [], h3: [], h4: [], h5: [], h6: [],
  strong: [], b: [], em: [], i: [], u: [], s: [], small: [], sub: [], sup: [], mark: [], blockquote: [], pre: [], code: [],
  ul: [], ol: ['start'], li: [], dl: [], dt: [], dd: [],
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
};
const VOID = new Set(['br', 'hr', 'img', 'wbr', 'area', 'base', 'col', 'embed', 'input', 'link', 'meta', 'source', 'track', 'param']);
/** Elements whose whole content is dropped with them (their text is not shown either). */
const DROPPED = new Set([...FORBIDDEN_TAGS, 'title', 'head', 'svg', 'math', 'xmp', 'plaintext', 'noembed', 'noframes']);
/** Elements whose content the HTML parser reads as raw text up to the closing tag. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext']);
/**
 * Starting one of these closes an open paragraph (as the browser's parser does with the server's
 * HTML: the tree React hydrates must be the tree the browser built).
 */
const CLOSES_P = new Set(['p', 'div', 'ul', 'ol', 'dl', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'hr', 'section', 'article', 'header', 'footer', 'table']);
/** Starting one of these closes an open one of the same kind up to its list (li in li, a in a). */
const CLOSES_SAME: Readonly<Record<string, readonly string[]>> = { li: ['ul', 'ol'], dt: ['dl'], dd: ['dl'], a: [] };

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', copy: '\u00a9', reg: '\u00ae', ndash: '\u2013', mdash: '\u2014', hellip: '\u2026', lsquo: '\u2018', rsquo: '\u2019', ldquo: '\u201c', rdquo: '\u201d', middot: '\u00b7', bull: '\u2022' };

/** Character references (&amp; &#39; &#x27;): known names and code points; anything else as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (all, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
    }
    return NAMED[ref.toLowerCase()] ?? all;
  });
}

interface Element {
  tag: string;
  attrs: Record<string, string>;
  children: Node[];
}
type Node = string | Element;

const TAG = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** Closes what the browser closes when `tag` starts: an open paragraph before a block, an open li before an li. */
function closeImplied(stack: Element[], tag: string): void {
  const open = stack.map((e) => e.tag);
  if (CLOSES_P.has(tag)) {
    const p = open.lastIndexOf('p');
    const barrier = Math.max(open.lastIndexOf('li'), open.lastIndexOf('blockquote'), open.lastIndexOf('div'));
    if (p > 0 && p > barrier) stack.length = p;
  }
  const same = CLOSES_SAME[tag];
  if (same) {
    const at = open.lastIndexOf(tag);
    const list = Math.max(...same.map((l) => open.lastIndexOf(l)));
    if (at > 0 && at > list) stack.length = at;
  }
}

/** A forgiving parse into a tree: unclosed elements close at their parent's end, stray end tags are ignored. */
function parse(html: string): Node[] {
  const root: Element = { tag: '#root', attrs: {}, children: [] };
  const stack: Element[] = [root];
  let i = 0;
  const text = (value: string) => {
    if (value) stack[stack.length - 1].children.push(decodeEntities(value));
  };
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      text(html.slice(i));
      break;
    }
    text(html.slice(i, lt));
    const rest = html.slice(lt);
    if (rest.startsWith('<!--')) {
      const end = html.indexOf('-->', lt + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    if (rest.startsWith('<!') || rest.startsWith('<?') || rest.startsWith('</ ')) {
      const end = html.indexOf('>', lt);
      i = end === -1 ? html.length : end + 1;
      continue;
    }
    const m = TAG.exec(rest);
    if (!m) {
      text('<');
      i = lt + 1;
      continue;
    }
    i = lt + m[0].length;
    const closing = m[1] === '/';
    const tag = m[2].toLowerCase();
    if (closing) {
      const at = stack.map((e) => e.tag).lastIndexOf(tag);
      if (at > 0) stack.length = at;
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of m[3].matchAll(ATTR)) {
      const name = a[1].toLowerCase();
      if (!(name in attrs)) attrs[name] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? '');
    }
    closeImplied(stack, tag);
    const element: Element = { tag, attrs, children: [] };
    stack[stack.length - 1].children.push(element);
    if (RAW_TEXT.has(tag)) {
      // Raw text up to the matching end tag (a script's "<p>" is not markup).
      const close = html.toLowerCase().indexOf(`</${tag}`, i);
      i = close === -1 ? html.length : html.indexOf('>', close) + 1 || html.length;
      continue;
    }
    if (!VOID.has(tag) && m[4] !== '/') stack.push(element);
  }
  return root.children;
}

function safeAttrs(tag: string, attrs: Record<string, string>): Record<string, string> | null {
  const props: Record<string, string> = {};
  for (const name of ALLOWED[tag] ?? []) {
    const value = attrs[name];
    if (value === undefined) continue;
    if (name === 'href' || name === 'src') {
      const url = normaliseUrl(value);
      if (!(name === 'src' ? SAFE_IMAGE : SAFE_LINK).test(url)) continue;
    }
    props[name] = value;
  }
  if (tag === 'img') {
    if (!props.src) return null;
    // Lazy: no preload of tenant images in the page head, and none before the reader scrolls.
    props.loading = 'lazy';
  }
  if (tag === 'a') {
    props.rel = 'noopener noreferrer';
    if (props.href && /^https?:/i.test(normaliseUrl(props.href))) props.target = '_blank';
  }
  return props;
}

function toReact(nodes: Node[], keyPrefix: string): ReactNode[] {
  const out: ReactNode[] = [];
  nodes.forEach((node, index) => {
    const key = `${keyPrefix}${index}`;
    if (typeof node === 'string') {
      out.push(node);
      return;
    }
    if (DROPPED.has(node.tag)) return;
    if (!(node.tag in ALLOWED)) {
      // An unknown element keeps its content, not itself.
      out.push(createElement(Fragment, { key }, ...toReact(node.children, `${key}.`)));
      return;
    }
    const props = safeAttrs(node.tag, node.attrs);
    if (!props) return;
    out.push(VOID.has(node.tag) ? createElement(node.tag, { ...props, key }) : createElement(node.tag, { ...props, key }, ...toReact(node.children, `${key}.`)));
  });
  return out;
}

/** Tenant HTML as React elements: allowed elements and attributes only (see above). */
export function richText(html: string | null | undefined): ReactNode {
  if (!html) return null;
  return createElement(Fragment, null, ...toReact(parse(html), ''));
}
