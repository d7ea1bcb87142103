/** Languages with seeded content; every other language of the list falls back to EN. */
export const CONTENT_LANGS = ['EN', 'TY'];

export function contentLang(lang: string | undefined): string {
  const code = (lang ?? '').toUpperCase();
  return CONTENT_LANGS.includes(code) ? code : 'EN';
}
