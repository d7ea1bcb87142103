import type { Tenant } from '../../src/generated/tenant';
import { invalidField } from '../errors';

/** `63`, `+63` → `+63`. */
const normalDialingCode = (code: string): string => `+${code.trim().replace(/^\+/, '')}`;

/** The dialing codes a tenant serves, its default (`settings.countryDialingCode`) first. */
export function tenantDialingCodes(tenant: Tenant): string[] {
  const { countryDialingCode, dialingCodes } = tenant.settings;
  return [...new Set([countryDialingCode, ...dialingCodes].map(normalDialingCode))];
}

/**
 * The dialing code a request asks for: the tenant's default when absent; one the tenant does not
 * list is refused (400 naming `field`), so no code can be sent to or checked for other countries.
 */
export function requestedDialingCode(tenant: Tenant, requested: string | undefined, field = '/countryDialingCode'): string {
  if (requested === undefined || requested.trim() === '') return normalDialingCode(tenant.settings.countryDialingCode);
  const code = normalDialingCode(requested);
  if (!tenantDialingCodes(tenant).includes(code)) throw invalidField(field);
  return code;
}

/** A member's own dialing code (members stored without one have the tenant's default). */
export function memberDialingCode(tenant: Tenant, member: { countryDialingCode: string | null }): string {
  return normalDialingCode(member.countryDialingCode ?? tenant.settings.countryDialingCode);
}

/** E.164-style international number: +<dialing code><national number>. */
export function internationalNumber(dialingCode: string, mobileNum: string): string {
  return `${normalDialingCode(dialingCode)}${mobileNum}`;
}
