import { readFileSync } from 'node:fs';
import type { Tenant } from '../../src/generated/tenant';

export { domainIndex, hostName } from '../../src/tenant/hosts';

/** Duplicate domains across tenants, as error lines (the server refuses to start on them). */
export function duplicateDomains(tenants: Map<string, Tenant>): string[] {
  const owner = new Map<string, string>();
  const errors: string[] = [];
  for (const tenant of tenants.values()) {
    tenant.domains.forEach((domain, i) => {
      const key = domain.toLowerCase();
      const first = owner.get(key);
      if (first && first !== tenant.id) {
        errors.push(`tenants/${tenant.id}/tenant.json: /domains/${i}: domain "${domain}" is already used by tenant "${first}"`);
      } else owner.set(key, tenant.id);
    });
  }
  return errors;
}

/** BCP-47 tags of the spec's language codes, from locales/languages.json (the one list of languages). */
const HTML_LANGS: Map<string, string> = new Map(
  (JSON.parse(readFileSync(new URL('../../locales/languages.json', import.meta.url), 'utf8')) as { code: string; htmlLang: string }[]).map(
    (l) => [l.code, l.htmlLang],
  ),
);

/** HTML lang attribute of a tenant language code (TY is Filipino: fil). */
export function htmlLang(code: string): string {
  return HTML_LANGS.get(code.toUpperCase()) ?? code.toLowerCase();
}
