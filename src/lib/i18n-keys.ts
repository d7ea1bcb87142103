import ty from '../../locales/ty.json';

/** i18next's plural suffixes (the Intl.PluralRules categories): `key_one` and `key_other` are forms of `key`. */
type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
const PLURAL_SUFFIX = /_(?:zero|one|two|few|many|other)$/;

/** The key a text of the file is called by: a plural form's key without its suffix. */
type CalledBy<K extends string> = K extends `${infer Key}_${PluralSuffix}` ? Key : K;

/**
 * Every key of the translation files (ty.json is the reference; en.json has the same key set).
 * A plural text is one key (`team_bets_count`), its forms picked by the `count` given to `t`.
 */
export type TranslationKey = CalledBy<keyof typeof ty>;

/** All translation keys, in file order (alphabetical). */
export const translationKeys = [...new Set(Object.keys(ty).map((key) => key.replace(PLURAL_SUFFIX, '')))] as TranslationKey[];

const KEYS: ReadonlySet<string> = new Set(translationKeys);

/** True when `s` is a key present in the translation files. */
export function isTranslationKey(s: string): s is TranslationKey {
  return KEYS.has(s);
}
