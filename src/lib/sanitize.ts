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
import { FORBIDDEN_TAGS, normaliseUrl, SAFE_IMAGE, SAFE_LINK } from './html-policy';
import { useHydrated } from './hydration';

const URL_ATTRS = ['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'background', 'cite', 'longdesc'];

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: FORBIDDEN_TAGS,
  FORBID_ATTR: ['style', 'srcset', 'formaction', 'action', 'ping'],
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOWED_URI_REGEXP: SAFE_LINK,
};

let purifier: DOMPurify | null = null;

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
