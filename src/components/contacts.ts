/**
 * The tenant's customer-service channels (settings.contacts, settings.customerService): the
 * floating service buttons and the customer-service page (/m/service) list them. The server's
 * startup values win over the tenant file's; a value that is not a link of its channel is left out.
 */
import type { FloatingContacts } from '../generated/tenant';

/** The spec's order: two messaging apps, the social network, live chat; then the further apps. */
const CONTACT_KINDS = ['whatsapp', 'viber', 'facebook', 'liveChat', 'telegram'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

export interface Contact {
  kind: ContactKind;
  url: string;
}

/** Links each channel may open: the web, or the channel's own app (viber://, tg://). */
const LINK: Record<ContactKind, RegExp> = {
  whatsapp: /^https?:\/\//i,
  viber: /^(https?|viber):\/\//i,
  facebook: /^https?:\/\//i,
  liveChat: /^https?:\/\//i,
  telegram: /^(https?|tg):\/\//i,
};

/** The configured contacts, in the spec's order: the server's startup values over the tenant file's. */
export function configuredContacts(tenantContacts: FloatingContacts, startupContacts: unknown): Contact[] {
  const fromServer = startupContacts && typeof startupContacts === 'object' ? (startupContacts as Record<string, unknown>) : {};
  const out: Contact[] = [];
  for (const kind of CONTACT_KINDS) {
    const value = fromServer[kind] ?? tenantContacts[kind];
    if (typeof value === 'string' && LINK[kind].test(value)) out.push({ kind, url: value });
  }
  return out;
}
