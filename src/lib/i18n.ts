import { createInstance, type i18n as I18next, type TOptions } from 'i18next';
import { createElement, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { I18nContext, I18nextProvider } from 'react-i18next';
import type { Tenant } from '../generated/tenant';
import languages from '../../locales/languages.json';
import { LANGUAGE_COOKIE } from './app-config';
import type { TranslationKey } from './i18n-keys';
import { readItem, writeItem } from './storage';

export type Messages = Record<string, string>;

/**
 * Interpolation values: `{{name}}` in a text becomes String(value); null and undefined become ''.
 * `count` also picks the plural form (`key_one`, `key_other`, ... by the language's Intl.PluralRules).
 */
type TranslationParams = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** Translates a key of the reference file (ty.json): its text, else the fallback's, else the key. */
export type TFunction = (key: TranslationKey, params?: TranslationParams) => string;

type LanguageChangedListener = (language: string) => void;

/**
 * What the app uses of a translator: i18next's instance seen through the site's typed keys.
 * Languages are BCP 47 tags (fil, en, zh-CN), as <html lang>.
 */
export interface I18n {
  /** The language shown: the live one on the translator, the rendered one on a render's view. */
  readonly language: string;
  readonly t: TFunction;
  /** Whether the key has a text in the language or the fallback (an empty text counts). */
  exists(key: string): boolean;
  /** Switches language; `languageChanged` listeners have run when it resolves. */
  changeLanguage(language: string): Promise<void>;
  hasResourceBundle(language: string): boolean;
  /** Adds texts to a language, over any it has. */
  addResourceBundle(language: string, messages: Messages): void;
  on(event: 'languageChanged', listener: LanguageChangedListener): void;
  off(event: 'languageChanged', listener: LanguageChangedListener): void;
  /** The live translator behind a view (itself for the translator): it follows language changes. */
  readonly translator: I18n;
  /** The i18next instance that translates. */
  readonly instance: I18next;
}

/** What `useTranslation` returns: one object per language, so `t` and `i18n` are stable while it lasts. */
export interface Translation {
  t: TFunction;
  i18n: I18n;
}

/** The site's texts are one namespace of flat keys. */
const NS = 'translation';

/**
 * An i18next instance for one translator: flat keys (dots and colons are text, not paths or
 * namespaces), one fallback language, `{{name}}` filled unescaped (React escapes), plural forms
 * by Intl.PluralRules. The texts are added as bundles (no backend), so it is ready at once and a
 * language change notifies its listeners before it resolves.
 */
function createI18next(language: string, fallbackLanguage: string): I18next {
  const instance = createInstance();
  void instance.init({
    lng: language,
    fallbackLng: fallbackLanguage,
    // zh-CN falls back to the fallback language, not to a `zh` nobody ships.
    load: 'currentOnly',
    resources: {},
    ns: [NS],
    defaultNS: NS,
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

interface Binding {
  live: I18n;
  /** The language the translator was created in: the one a server-rendered page shows. */
  initial: string;
  views: Map<string, Translation>;
  subscribe(callback: () => void): () => void;
  getSnapshot(): string;
  getServerSnapshot(): string;
}

const bindings = new WeakMap<I18next, Binding>();

function facade(instance: I18next, t: TFunction, language: () => string, exists: (key: string) => boolean, live?: I18n): I18n {
  const i18n: I18n = {
    get language() {
      return language();
    },
    t,
    exists,
    changeLanguage: async (next) => {
      await instance.changeLanguage(next);
    },
    hasResourceBundle: (lng) => instance.hasResourceBundle(lng, NS),
    // deep: false, overwrite: true: a later bundle adds to the language, its texts winning.
    addResourceBundle: (lng, messages) => void instance.addResourceBundle(lng, NS, messages, false, true),
    on: (event, listener) => void instance.on(event, listener),
    off: (event, listener) => void instance.off(event, listener),
    get translator() {
      return live ?? i18n;
    },
    instance,
  };
  return i18n;
}

/** The site's view of an i18next instance, made once per instance. */
function bindingOf(instance: I18next): Binding {
  let binding = bindings.get(instance);
  if (!binding) {
    const initial = instance.language;
    const live = facade(
      instance,
      (key, params) => instance.t(key, params as TOptions),
      () => instance.language,
      (key) => instance.exists(key),
    );
    binding = {
      live,
      initial,
      views: new Map(),
      subscribe: (callback) => {
        instance.on('languageChanged', callback);
        return () => instance.off('languageChanged', callback);
      },
      getSnapshot: () => instance.language,
      getServerSnapshot: () => initial,
    };
    bindings.set(instance, binding);
  }
  return binding;
}

/**
 * The translator held at one language (one object per language): `language`, `t` and `exists`
 * answer for that language, while changes still go to the instance.
 */
function viewAt(instance: I18next, language: string): Translation {
  const { views, live } = bindingOf(instance);
  let translation = views.get(language);
  if (!translation) {
    const fixed = instance.getFixedT(language);
    const t: TFunction = (key, params) => fixed(key, params as TOptions);
    const i18n = facade(
      instance,
      t,
      () => language,
      (key) => instance.exists(key, { lng: language }),
      live,
    );
    views.set(language, (translation = { t, i18n }));
  }
  return translation;
}

/** A translator in `language` with `fallbackLanguage` behind it, without texts yet (add them as bundles). */
export function createTranslator(language: string, fallbackLanguage: string): I18n {
  return bindingOf(createI18next(language, fallbackLanguage)).live;
}

/** Without a provider (a component rendered on its own): no texts, every key shows as itself. */
const DETACHED = createI18next('', 'en');

/** Gives the tree its translator (the app, the server render, tests) through react-i18next's provider. */
export function I18nProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return createElement(I18nextProvider, { i18n: i18n.instance }, children);
}

/**
 * The translator for a render: `t` and `i18n` of the current language, stable while it lasts;
 * a language change re-renders. A hydrating render uses the language the server rendered in
 * (the translator's first), then React re-renders if it has changed since.
 */
export function useTranslation(): Translation {
  const instance = (useContext(I18nContext) as { i18n?: I18next } | undefined)?.i18n ?? DETACHED;
  const binding = bindingOf(instance);
  const language = useSyncExternalStore(binding.subscribe, binding.getSnapshot, binding.getServerSnapshot);
  return viewAt(instance, language);
}

export interface LanguageInfo {
  code: string;
  name: string;
  native: string;
  htmlLang: string;
  file: boolean;
  rtl?: boolean;
}

const LANGUAGES: readonly LanguageInfo[] = languages as LanguageInfo[];
export const LANGUAGE_STORAGE_KEY = 'language';
/** Languages listed without a translation file fall back to English (spec section 1). */
const FALLBACK_LANGUAGE = 'EN';

/**
 * One file per language, so the first load carries only the active language. A glob rather than
 * fixed imports: a language gains a file by adding it to locales/.
 *
 * The built site fetches the file as JSON (a hashed asset the server preloads with the page): the
 * texts are data, which the browser parses faster than the same object as a script, and they
 * never count as code to run. The server render and the tests import it as a module.
 */
const localeModules = import.meta.glob<Messages>(['../../locales/*.json', '!../../locales/languages.json'], {
  import: 'default',
});
const localeUrls = import.meta.glob<string>(['../../locales/*.json', '!../../locales/languages.json'], {
  query: '?url',
  import: 'default',
  eager: true,
});
const FETCH_LOCALES = import.meta.env.PROD && !import.meta.env.SSR;

export type MessageLoader = (code: string) => Promise<Messages | null>;

async function fetchLocale(url: string): Promise<Messages> {
  // The same request as the page's preload (same-origin credentials), so the browser reuses it.
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`translation file ${url}: HTTP ${res.status}`);
  return (await res.json()) as Messages;
}

/** Loads the translation file of a tenant language code (TY -> locales/ty.json); null when none ships. */
export const loadLocaleFile: MessageLoader = async (code) => {
  const file = `../../locales/${code.toLowerCase()}.json`;
  if (FETCH_LOCALES) {
    const url = localeUrls[file];
    return url ? await fetchLocale(url) : null;
  }
  const load = localeModules[file];
  return load ? await load() : null;
};

export function languageInfo(code: string): LanguageInfo | undefined {
  return LANGUAGES.find((l) => l.code === code);
}

/** The translator's language name of a tenant code: the BCP 47 tag (TY -> fil), as <html lang> needs. */
export function htmlLangOf(code: string): string {
  return languageInfo(code)?.htmlLang ?? code.toLowerCase();
}

/** The tenant code of a translator language name (fil -> TY). */
export function codeOfHtmlLang(lang: string): string | undefined {
  return LANGUAGES.find((l) => l.htmlLang === lang)?.code;
}

/** A stored choice wins when the tenant still offers it; otherwise the tenant's default. */
export function pickLanguage(tenant: Tenant, stored: string | null): string {
  return stored && tenant.i18n.languages.includes(stored) ? stored : tenant.i18n.default;
}

async function ensureLanguage(instance: I18n, tenant: Tenant, code: string, loader: MessageLoader): Promise<void> {
  const lng = htmlLangOf(code);
  if (instance.hasResourceBundle(lng)) return;
  const info = languageInfo(code);
  const messages = info?.file === false ? null : await loader(code);
  if (!messages && code !== FALLBACK_LANGUAGE) await ensureLanguage(instance, tenant, FALLBACK_LANGUAGE, loader);
  // Tenant overrides go over the file; for a language without a file they are its only text.
  instance.addResourceBundle(lng, { ...(messages ?? {}), ...(tenant.i18n.overrides?.[code] ?? {}) });
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

/** Creates the app's translator with the active language (and EN when it is needed) loaded. */
export async function setupI18n(tenant: Tenant, options: SetupI18nOptions = {}): Promise<I18n> {
  const loader = options.loader ?? loadLocaleFile;
  const doc = options.doc ?? globalThis.document;
  const code = options.language ?? pickLanguage(tenant, readItem(LANGUAGE_STORAGE_KEY));
  const instance = createTranslator(htmlLangOf(code), htmlLangOf(FALLBACK_LANGUAGE));
  await ensureLanguage(instance, tenant, code, loader);
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
