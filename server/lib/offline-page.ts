/**
 * The page the service worker shows when the visitor is offline and has never opened the address
 * asked for: the tenant's name and an offline notice in the visitor's language, with a link that
 * tries the address again. A plain page (no script, inline styles only), precached by the worker
 * per host (src/sw/rules.ts OFFLINE_PATH), so each merchant's visitors get their merchant's page.
 */
import { readFileSync } from 'node:fs';
import { themeCss } from '../../src/lib/app-config';
import type { Tenant } from '../../src/generated/tenant';
import { escapeHtml } from './site-index';
import { htmlLang } from './tenant-host';

const TEXT_KEYS = ['offline_title', 'offline_text', 'offline_retry'] as const;
type OfflineTexts = Record<(typeof TEXT_KEYS)[number], string>;

const texts = new Map<string, OfflineTexts>();

/** The offline texts of a language from locales/, English when the language has no file. */
export function offlineTexts(language: string): OfflineTexts {
  const code = language.toLowerCase();
  let found = texts.get(code);
  if (!found) {
    let messages: Record<string, string>;
    try {
      messages = JSON.parse(readFileSync(new URL(`../../locales/${code}.json`, import.meta.url), 'utf8')) as Record<string, string>;
    } catch {
      return code === 'en' ? { offline_title: '', offline_text: '', offline_retry: '' } : offlineTexts('en');
    }
    found = Object.fromEntries(TEXT_KEYS.map((key) => [key, messages[key] ?? ''])) as OfflineTexts;
    texts.set(code, found);
  }
  return found;
}


const STYLE =
  'body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;padding:24px;' +
  'box-sizing:border-box;font-family:system-ui,sans-serif;text-align:center;background:var(--color-background,#f5f5f5);color:var(--color-text,#222)}' +
  'h1{font-size:20px;margin:0}p{margin:0;color:var(--color-text-muted,#666);max-width:320px;line-height:1.4}' +
  'strong{font-size:16px}a{display:inline-block;margin-top:8px;padding:10px 24px;border-radius:20px;text-decoration:none;' +
  'background:var(--color-primary,#1677ff);color:var(--color-on-primary,#fff)}';

/** The offline page of a tenant in a language. `href=""` reloads the address the worker answered. */
export function offlinePage(tenant: Tenant, language: string): string {
  const t = offlineTexts(language);
  const name = escapeHtml(tenant.brand.name);
  return (
    `<!doctype html><html lang="${escapeHtml(htmlLang(language))}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">' +
    `<title>${name}</title><style>${themeCss(tenant.brand.theme)}${STYLE}</style></head>` +
    `<body><main><strong>${name}</strong><h1>${escapeHtml(t.offline_title)}</h1><p>${escapeHtml(t.offline_text)}</p>` +
    `<a href="">${escapeHtml(t.offline_retry)}</a></main></body></html>`
  );
}
