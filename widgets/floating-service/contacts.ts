import type { FloatingContacts } from '../../src/generated/tenant';

export const CONTACT_KINDS = ['whatsapp', 'viber', 'facebook', 'liveChat'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/** The configured contacts, in the spec's order: the server's startup values over the tenant file's. */
export function configuredContacts(tenantContacts: FloatingContacts, startupContacts: unknown): { kind: ContactKind; url: string }[] {
  const fromServer = startupContacts && typeof startupContacts === 'object' ? (startupContacts as Record<string, unknown>) : {};
  const out: { kind: ContactKind; url: string }[] = [];
  for (const kind of CONTACT_KINDS) {
    const value = fromServer[kind] ?? tenantContacts[kind];
    if (typeof value === 'string' && /^(https?|viber):\/\//i.test(value)) out.push({ kind, url: value });
  }
  return out;
}
