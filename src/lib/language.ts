/**
 * Language changes as an event (spec section 4: a change sets the document language, stores the
 * choice and notifies listeners). Forms subscribe with `useLanguageChange` to revalidate filled
 * fields; lists to reload. Listeners run after a 200 ms debounce (spec section 9).
 */
import { useEffect, useRef, useState } from 'react';
import type { Tenant } from '../generated/tenant';
import { changeAppLanguage, codeOfHtmlLang, type I18n } from './i18n';

/** Spec section 9: language-change debounce. */
export const LANGUAGE_DEBOUNCE_MS = 200;

export type LanguageListener = (code: string) => void;

const listeners = new Set<LanguageListener>();

/** Subscribes to language changes (immediately, no debounce); returns the unsubscribe function. */
function onLanguageChange(listener: LanguageListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tells every listener the language is now `code` (a tenant code: TY, EN, ...). */
export function emitLanguageChange(code: string): void {
  for (const listener of [...listeners]) {
    try {
      listener(code);
    } catch (err) {
      console.error('language listener failed', err);
    }
  }
}

/**
 * Switches the app language: loads its messages, sets <html lang>, stores the choice under
 * `language`, then notifies listeners. Unknown codes (not offered by the tenant) are ignored.
 */
export async function switchLanguage(i18n: I18n, tenant: Tenant, code: string): Promise<void> {
  if (!tenant.i18n.languages.includes(code)) return;
  await changeAppLanguage(i18n, tenant, code);
  emitLanguageChange(code);
}

/** The tenant code of the language the translator is showing (fil -> TY), else the tenant default. */
export function currentLanguageCode(i18n: I18n, tenant: Tenant): string {
  return codeOfHtmlLang(i18n.language) ?? tenant.i18n.default;
}

/**
 * Calls `callback` 200 ms after the last language change while the component is mounted (e.g. a
 * form revalidating its filled fields). The latest callback is used; it needs no memoising.
 */
export function useLanguageChange(callback: LanguageListener, delayMs: number = LANGUAGE_DEBOUNCE_MS): void {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onLanguageChange((code) => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(code), delayMs);
    });
    return () => {
      clearTimeout(timer);
      off();
    };
  }, [delayMs]);
}

/**
 * The language code data should be loaded in: the current one at mount, then the new one
 * `delayMs` after a change (spec: lists reload 200 ms after a language change; the winner board
 * 250 ms). Use it in SWR keys so a quick run of changes reloads once.
 */
export function useContentLanguage(i18n: I18n, tenant: Tenant, delayMs: number = LANGUAGE_DEBOUNCE_MS): string {
  const [code, setCode] = useState(() => currentLanguageCode(i18n, tenant));
  useLanguageChange(setCode, delayMs);
  return code;
}
