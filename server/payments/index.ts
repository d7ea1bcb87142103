/**
 * The payment providers of this server, by name: each configured one (PAYMENT_<NAME>_URL,
 * _MERCHANT_ID, _SECRET) gets its adapter. Channels name their provider (`"gateway": "<name>"`).
 */
import type { Tenant } from '../../src/generated/tenant';
import { SignedHttpProvider } from './signed-http';
import { REFERENCE_PROVIDER, type PaymentProvider, type ProviderConfig } from './types';

export * from './types';

export class PaymentProviders {
  private readonly byName = new Map<string, PaymentProvider>();

  constructor(configs: Record<string, ProviderConfig>, timeoutMs: number) {
    for (const [name, config] of Object.entries(configs)) this.byName.set(name, new SignedHttpProvider(name, config, timeoutMs));
  }

  get(name: string): PaymentProvider | undefined {
    return this.byName.get(name);
  }

  all(): PaymentProvider[] {
    return [...this.byName.values()];
  }
}

/** The gateway channels of the tenants as `{ tenant, channel, provider }`. */
function gatewayChannels(tenants: Iterable<Tenant>) {
  const found: { tenant: string; channel: string; provider: string }[] = [];
  for (const tenant of tenants) {
    for (const c of tenant.settings.wallet.deposit.channels) {
      if (c.provider === 'gateway' && c.gateway) found.push({ tenant: tenant.id, channel: c.id, provider: c.gateway });
    }
  }
  return found;
}

/**
 * Start-up check of the channels against the configured providers. Production: a channel naming
 * the reference provider, or a provider that is not configured, stops the start (one line each
 * kind). Elsewhere: the lines are warnings (a deposit there answers payment.provider.unavailable).
 */
export function paymentChannelProblems(tenants: Iterable<Tenant>, configured: Record<string, ProviderConfig>, production: boolean): string[] {
  const channels = gatewayChannels(tenants);
  const lines: string[] = [];
  const reference = channels.filter((c) => c.provider === REFERENCE_PROVIDER);
  if (production && reference.length > 0) {
    lines.push(
      `NODE_ENV=production refuses the reference payment provider ${REFERENCE_PROVIDER} (demo only): ${reference.map((c) => `tenant ${c.tenant} channel ${c.channel}`).join(', ')}`,
    );
  }
  const missing = channels.filter((c) => !(c.provider in configured) && !(production && c.provider === REFERENCE_PROVIDER));
  if (missing.length > 0) {
    lines.push(
      `payment provider not configured: ${missing.map((c) => `tenant ${c.tenant} channel ${c.channel} names ${c.provider} (PAYMENT_${c.provider.toUpperCase()}_URL, _MERCHANT_ID, _SECRET)`).join(', ')}`,
    );
  }
  return lines;
}
