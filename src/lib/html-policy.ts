/**
 * What tenant and server HTML may hold, shared by the DOM sanitiser (src/lib/sanitize.ts, in the
 * browser) and the rich-text renderer (src/lib/rich-text.tsx, on the server and in the browser).
 * No DOMPurify here: this module is light enough for any chunk.
 */

/** Elements never kept: scripts, styles, frames, plugins, forms and document-level elements. */
export const FORBIDDEN_TAGS = ['script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'option', 'base', 'link', 'meta', 'noscript', 'template'];

/** Links: http(s), mailto, tel, or a path/fragment/query on this site (not protocol-relative). */
export const SAFE_LINK = /^(?:https?:|mailto:|tel:|\/(?![/\\])|#|\?)/i;
/** Images: https, or a path on this site. */
export const SAFE_IMAGE = /^(?:https:|\/(?![/\\]))/i;

/** Browsers and jsdom strip control characters and whitespace before reading a scheme: so do we. */
export function normaliseUrl(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g, '');
}
