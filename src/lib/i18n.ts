import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { Tenant } from '../generated/tenant';
import languages from '../../locales/languages.json';
import { LANGUAGE_COOKIE } from './app-config';
import type { TranslationKey } from './i18n-keys';
import { readItem, writeItem } from './storage';

export type Messages = Record<string, string>;

/** Interpolation values: `{{name}}` in a text becomes String(value); null and undefined become ''. */
export type TranslationParams = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** Translates a key of the reference file (ty.json): its text, else the fallback's, else the key. */
export type TFunction = (key: TranslationKey, params?: TranslationParams) => string;

export type LanguageChangedListener = (language: string) => void;

/** What the app uses of a translator. Languages are BCP 47 tags (fil, en, zh-CN), as <html lang>. */
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
  /** The translator behind a view (itself for the translator). */
  readonly translator: Translator;
}

/** What `useTranslation` returns: one object per language, so `t` and `i18n` are stable while it lasts. */
export interface Translation {
  t: TFunction;
  i18n: I18n;
}

/** `{{name}}` (and i18next's unescaped `{{- name}}`, the same here: React escapes). */
const PLACEHOLDER = /\{\{-?(.+?)\}\}/g;
const hasOwn = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key);

/**
 * Fills `{{name}}` placeholders as i18next does with escaping off: a value given becomes
 * String(value) (null or undefined: ''); a placeholder without a value stays as it is. A value's
 * own braces are not filled again.
 */
function interpolate(text: string, params: TranslationParams | undefined): string {
  if (!params) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const key = name.trim();
    if (!hasOwn(params, key)) return placeholder;
    const value = params[key];
    return value == null ? '' : String(value);
  });
}

/**
 * The site's translator: flat keys, one fallback language, `{{name}}` interpolation. A key
 * missing in the language is looked up in the fallback; missing there too, the key itself is
 * the text (interpolated, as i18next does). No plurals, context, nesting or formatters (the
 * locale tests keep the texts free of them).
 */
export class Translator implements I18n {
  readonly translator = this;
  private current: string;
  /** The language the translator was created in: the one a server-rendered page shows. */
  private readonly initial: string;
  private readonly texts = new Map<string, Map<string, string>>();
  private readonly listeners = new Set<LanguageChangedListener>();
  private readonly views = new Map<string, Translation>();

  constructor(
    language: string,
    readonly fallbackLanguage: string,
  ) {
    this.current = language;
    this.initial = language;
  }

  get language(): string {
    return this.current;
  }

  /** Translates in the language current at the call. */
  readonly t: TFunction = (key, params) => this.translate(this.current, key, params);

  exists(key: string): boolean {
    return this.lookup(this.current, key) !== undefined;
  }

  changeLanguage(language: string): Promise<void> {
    this.current = language;
    // Like i18next: every call notifies, even to the language already shown.
    for (const listener of [...this.listeners]) listener(language);
    return Promise.resolve();
  }

  hasResourceBundle(language: string): boolean {
    return this.texts.has(language);
  }

  addResourceBundle(language: string, messages: Messages): void {
    let texts = this.texts.get(language);
    if (!texts) this.texts.set(language, (texts = new Map()));
    for (const [key, text] of Object.entries(messages)) if (typeof text === 'string') texts.set(key, text);
  }

  on(_event: 'languageChanged', listener: LanguageChangedListener): void {
    this.listeners.add(listener);
  }

  off(_event: 'languageChanged', listener: LanguageChangedListener): void {
    this.listeners.delete(listener);
  }

  /** For useSyncExternalStore: notifies `callback` on each language change. */
  readonly subscribe = (callback: () => void): (() => void) => {
    this.listeners.add(callback);
    return () => {
      this.listeners.delete(callback);
    };
  };

  readonly getSnapshot = (): string => this.current;

  /** What the server rendered in, so that hydration renders the same even if the language changed since. */
  readonly getServerSnapshot = (): string => this.initial;

  /**
   * The translator held at one language (one object per language): `language`, `t` and `exists`
   * answer for that language, while changes still go to the translator.
   */
  at(language: string): Translation {
    let translation = this.views.get(language);
    if (!translation) {
      const t: TFunction = (key, params) => this.translate(language, key, params);
      const i18n: I18n = {
        language,
        t,
        exists: (key) => this.lookup(language, key) !== undefined,
        changeLanguage: (next) => this.changeLanguage(next),
        hasResourceBundle: (lng) => this.hasResourceBundle(lng),
        addResourceBundle: (lng, messages) => this.addResourceBundle(lng, messages),
        on: (event, listener) => this.on(event, listener),
        off: (event, listener) => this.off(event, listener),
        translator: this,
      };
      this.views.set(language, (translation = { t, i18n }));
    }
    return translation;
  }

  private lookup(language: string, key: string): string | undefined {
    return this.texts.get(language)?.get(key) ?? this.texts.get(this.fallbackLanguage)?.get(key);
  }

  private translate(language: string, key: string, params: TranslationParams | undefined): string {
    return interpolate(this.lookup(language, key) ?? key, params);
  }
}

/** Without a provider (a component rendered on its own): no texts, every key shows as itself. */
const DETACHED = new Translator('', 'en');
const I18nContext = createContext<Translator>(DETACHED);

/** Gives the tree its translator (the app, the server render, tests). */
export function I18nProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return createElement(I18nContext, { value: i18n.translator }, children);
}

/**
 * The translator for a render: `t` and `i18n` of the current language, stable while it lasts;
 * a language change re-renders. A hydrating render uses the language the server rendered in
 * (the translator's first), then React re-renders if it has changed since.
 */
export function useTranslation(): Translation {
  const translator = useContext(I18nContext);
  const language = useSyncExternalStore(translator.subscribe, translator.getSnapshot, translator.getServerSnapshot);
  return translator.at(language);
}

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
  const instance = new Translator(htmlLangOf(code), htmlLangOf(FALLBACK_LANGUAGE));
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
