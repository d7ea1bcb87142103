import { createInstance, type i18n as I18n } from 'i18next';
import type { Tenant } from '../generated/tenant';
import languages from '../../locales/languages.json';
import { LANGUAGE_COOKIE } from './app-config';
import { readItem, writeItem } from './storage';

export type Messages = Record<string, string>;

export interface LanguageInfo {
  code: string;
  name: string;
  native: string;
  htmlLang: string;
  file: boolean;
  rtl?: boolean;
}

export const LANGUAGES: readonly LanguageInfo[] = languages as LanguageInfo[];
export const LANGUAGE_STORAGE_KEY = 'language';
/** Languages listed without a translation file fall back to English (spec section 1). */
export const FALLBACK_LANGUAGE = 'EN';

/**
 * One lazy chunk per translation file, so the first load carries only the active language.
 * A glob rather than fixed imports: a language gains a file by adding it to locales/.
 */
const localeFiles = import.meta.glob<Messages>(['../../locales/*.json', '!../../locales/languages.json'], {
  import: 'default',
});

export type MessageLoader = (code: string) => Promise<Messages | null>;

/** Loads the translation file of a tenant language code (TY -> locales/ty.json); null when none ships. */
export const loadLocaleFile: MessageLoader = async (code) => {
  const load = localeFiles[`../../locales/${code.toLowerCase()}.json`];
  return load ? await load() : null;
};

export function languageInfo(code: string): LanguageInfo | undefined {
  return LANGUAGES.find((l) => l.code === code);
}

/**
 * The i18next language name of a tenant code. i18next gets the BCP 47 tag (TY -> fil), which is
 * also what <html lang> needs, and which i18next will not re-case.
 */
export function htmlLangOf(code: string): string {
  return languageInfo(code)?.htmlLang ?? code.toLowerCase();
}

/** The tenant code of an i18next language name (fil -> TY). */
export function codeOfHtmlLang(lang: string): string | undefined {
  return LANGUAGES.find((l) => l.htmlLang === lang)?.code;
}

/** A stored choice wins when the tenant still offers it; otherwise the tenant's default. */
export function pickLanguage(tenant: Tenant, stored: string | null): string {
  return stored && tenant.i18n.languages.includes(stored) ? stored : tenant.i18n.default;
}

async function ensureLanguage(instance: I18n, tenant: Tenant, code: string, loader: MessageLoader): Promise<void> {
  const lng = htmlLangOf(code);
  if (instance.hasResourceBundle(lng, 'translation')) return;
  const info = languageInfo(code);
  const messages = info?.file === false ? null : await loader(code);
  if (!messages && code !== FALLBACK_LANGUAGE) await ensureLanguage(instance, tenant, FALLBACK_LANGUAGE, loader);
  // Tenant overrides go over the file; for a language without a file they are its only text.
  instance.addResourceBundle(lng, 'translation', { ...(messages ?? {}), ...(tenant.i18n.overrides?.[code] ?? {}) }, true, true);
}

/** The server renders the next page in the chosen language (a year, this site only). */
function rememberLanguageForServer(code: string, doc: Document | undefined): void {
  if (!doc) return;
  try {
    doc.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(code)}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // Cookies blocked: pages render in the tenant's default, then switch as before.
  }
}

function applyDocumentLanguage(code: string, doc: Document | undefined): void {
  if (!doc) return;
  doc.documentElement.lang = htmlLangOf(code);
  doc.documentElement.dir = languageInfo(code)?.rtl ? 'rtl' : 'ltr';
}

export interface SetupI18nOptions {
  /** Tenant language code to start in; default: the stored choice, else the tenant default. */
  language?: string;
  loader?: MessageLoader;
  doc?: Document;
}

/** Creates the app's i18next instance with the active language (and EN when it is needed) loaded. */
export async function setupI18n(tenant: Tenant, options: SetupI18nOptions = {}): Promise<I18n> {
  const loader = options.loader ?? loadLocaleFile;
  const doc = options.doc ?? globalThis.document;
  const code = options.language ?? pickLanguage(tenant, readItem(LANGUAGE_STORAGE_KEY));
  const instance = createInstance();
  await instance.init({
    lng: htmlLangOf(code),
    fallbackLng: htmlLangOf(FALLBACK_LANGUAGE),
    resources: {},
    partialBundledLanguages: true,
    // Keys are flat snake_case; dots and colons in a key are text, not paths or namespaces.
    keySeparator: false,
    nsSeparator: false,
    // React escapes text already.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await ensureLanguage(instance, tenant, code, loader);
  await instance.changeLanguage(htmlLangOf(code));
  applyDocumentLanguage(code, doc);
  return instance;
}

/** Switches language: loads its file, stores the choice and sets <html lang> (spec section 4). */
export async function changeAppLanguage(
  instance: I18n,
  tenant: Tenant,
  code: string,
  options: { loader?: MessageLoader; doc?: Document } = {},
): Promise<void> {
  if (!tenant.i18n.languages.includes(code)) return;
  await ensureLanguage(instance, tenant, code, options.loader ?? loadLocaleFile);
  await instance.changeLanguage(htmlLangOf(code));
  writeItem(LANGUAGE_STORAGE_KEY, code);
  rememberLanguageForServer(code, options.doc ?? globalThis.document);
  applyDocumentLanguage(code, options.doc ?? globalThis.document);
}
