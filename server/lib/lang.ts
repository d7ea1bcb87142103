import type { FastifyRequest } from 'fastify';

/** Languages with seeded content; every other language of the list falls back to EN. */
const CONTENT_LANGS = ['EN', 'TY'];

export function contentLang(lang: string | undefined): string {
  const code = (lang ?? '').toUpperCase();
  return CONTENT_LANGS.includes(code) ? code : 'EN';
}

/** The language of names in an answer: the one asked for, else the tenant's default (EN or TY). */
export const langOf = (request: FastifyRequest, language?: string) => contentLang(language ?? request.tenant.i18n.default);
