import { readFileSync } from 'node:fs';
import { isIPv6 } from 'node:net';
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

const LABEL = '[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?';
/** A host name (dot-separated labels, an optional final dot) or a bracketed IPv6 literal, then an optional port. */
const AUTHORITY = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[([0-9a-f:.]+)\\])(?::(\\d{1,5}))?$`, 'i');

/**
 * Whether a Host header is a valid authority (RFC 9110 7.2: host and optional port; no user info,
 * spaces, control characters or stray brackets), at most 255 characters. A header that is not is
 * refused before anything reads it.
 */
export function validAuthority(host: string): boolean {
  if (host.length === 0 || host.length > 255) return false;
  const match = AUTHORITY.exec(host);
  if (!match) return false;
  if (match[1] !== undefined && !isIPv6(match[1])) return false;
  return match[2] === undefined || Number(match[2]) <= 65535;
}
