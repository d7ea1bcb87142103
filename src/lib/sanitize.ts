/**
 * The one gate between server HTML (announcement content, help items) and the page. Everything
 * that ends in `dangerouslySetInnerHTML` goes through `sanitizeHtml` first. DOMPurify with a
 * private instance (its hooks stay ours), HTML profile only (no SVG or MathML), no script, style,
 * frame, plugin or form elements, no event handlers, and URLs limited to http(s), mailto, tel and
 * site-relative paths; images only from https or this site. Links get rel="noopener noreferrer".
 *
 * This module pulls DOMPurify in: import it only from lazily loaded code, never the first load.
 */
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import { useMemo } from 'react';
import { useHydrated } from './store';

export const FORBIDDEN_TAGS = ['script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'option', 'base', 'link', 'meta', 'noscript', 'template'];
const URL_ATTRS = ['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'background', 'cite', 'longdesc'];

/** Links: http(s), mailto, tel, or a path/fragment/query on this site (not protocol-relative). */
const SAFE_LINK = /^(?:https?:|mailto:|tel:|\/(?![/\\])|#|\?)/i;
/** Images: https, or a path on this site. */
const SAFE_IMAGE = /^(?:https:|\/(?![/\\]))/i;

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: FORBIDDEN_TAGS,
  FORBID_ATTR: ['style', 'srcset', 'formaction', 'action', 'ping'],
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOWED_URI_REGEXP: SAFE_LINK,
};

let purifier: DOMPurify | null = null;

/** Browsers and jsdom strip control characters and whitespace before reading a scheme: so do we. */
function normaliseUrl(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g, '');
}

function instance(): DOMPurify {
  if (purifier) return purifier;
  const p = createDOMPurify(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    if (typeof el.getAttribute !== 'function') return;
    for (const attr of URL_ATTRS) {
      const value = el.getAttribute(attr);
      if (value === null) continue;
      const url = normaliseUrl(value);
      const safe = el.tagName === 'IMG' && attr === 'src' ? SAFE_IMAGE.test(url) : SAFE_LINK.test(url);
      if (!safe) el.removeAttribute(attr);
    }
    if (el.tagName === 'A') el.setAttribute('rel', 'noopener noreferrer');
  });
  purifier = p;
  return p;
}

/** Server HTML made safe to insert into the page. */
export function sanitizeHtml(html: string | null | undefined): string {
  // The sanitiser needs a DOM: a server render leaves such HTML to the browser (useSanitizedHtml).
  if (!html || typeof window === 'undefined') return '';
  return instance().sanitize(html, CONFIG) as string;
}

/**
 * `sanitizeHtml` for a render: empty on the server and while hydrating (the sanitiser needs the
 * browser's DOM, and the first render must match the server's), the sanitised HTML right after.
 */
export function useSanitizedHtml(html: string | null | undefined): string {
  const hydrated = useHydrated();
  return useMemo(() => (hydrated ? sanitizeHtml(html) : ''), [hydrated, html]);
}
