import ty from '../../locales/ty.json';

/** Every key of the translation files (ty.json is the reference; en.json has the same key set). */
export type TranslationKey = keyof typeof ty;

/** All translation keys, in file order (alphabetical). */
export const translationKeys = Object.keys(ty) as TranslationKey[];

/** True when `s` is a key present in the translation files. */
export function isTranslationKey(s: string): s is TranslationKey {
  return Object.prototype.hasOwnProperty.call(ty, s);
}
