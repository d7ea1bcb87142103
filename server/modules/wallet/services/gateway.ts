/**
 * The platform's side of gateway deposits: opening the provider's payment of a deposit (over
 * the provider's API, outside any transaction) and applying the provider's signed notice.
 *
 * The provider is another party (server/payments: one adapter per protocol; the reference
 * provider, RefPay, is reference/refpay). Nothing here can mark a payment paid but a notice
 * signed with a configured provider's secret, for a payment that provider opened for this
 * tenant's deposit, of the deposit's amount and currency.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Platform } from '../../../platform';
import { deposits } from '../../../db/schema';
import { ApiError } from '../../../errors';
import { ProviderUnavailable, type PaymentProvider, type SignedNotice, type VerifiedNotice } from '../../../payments';
import type { Tenant } from '../../../../src/generated/tenant';
import { creditDeposit, depositColumns, memberDeposit, type DepositSummary } from './deposits';

const CALLBACK_PATH = '/wps/wallet/gateway/callback';
;

/** The site's origin as the member reached it (the provider returns the player and notifies there). */
export interface SiteOrigin {
  protocol: 'http' | 'https';
  host: string;
}

const originOf = (o: SiteOrigin) => `${o.protocol}://${o.host}`;

/**
 * Opens the provider's payment of the member's pending gateway deposit `id`, unless it has one.
 * Called after the deposit's transaction committed (no lock is held across the HTTP call). The
 * provider answers the same payment for the same order, so racing or repeated calls store one
 * payment. The provider down or slow: 503 payment.provider.unavailable, the deposit stays pending
 * without a payment (providerState unavailable) and may be opened again.
 */
export async function openGatewayPayment(platform: Platform, tenant: Tenant, origin: SiteOrigin, memberId: number, id: number): Promise<DepositSummary> {
  const deposit = await memberDeposit(platform.db.orm, memberId, id);
  if (deposit.provider !== 'gateway') throw new ApiError('deposit.not.manual', 400);
  if (deposit.state !== 'pending') throw new ApiError('deposit.state.invalid', 409, { state: deposit.state });
  if (deposit.gatewayRef) return deposit;
  const provider = deposit.gateway ? platform.payments.get(deposit.gateway) : undefined;
  const unavailable = () => new ApiError('payment.provider.unavailable', 503, { depositId: deposit.id });
  if (!provider) {
    platform.log.warn({ depositId: deposit.id, provider: deposit.gateway }, 'payment provider not configured');
    throw unavailable();
  }
  let opened;
  try {
    opened = await provider.createPayment({
      orderId: String(deposit.id),
      amount: deposit.amount,
      currency: tenant.settings.currency.code,
      description: tenant.brand.name,
      returnUrl: `${originOf(origin)}/m/voucherCenter?deposit=${deposit.id}`,
      notifyUrl: `${originOf(origin)}${CALLBACK_PATH}`,
      expiresAt: deposit.expiresAt,
    });
  } catch (err) {
    if (!(err instanceof ProviderUnavailable)) throw err;
    platform.log.warn({ depositId: deposit.id, provider: provider.name, reason: err.message }, 'payment provider unavailable: deposit kept pending');
    throw unavailable();
  }
  await platform.db.orm
    .update(deposits)
    .set({ gatewayRef: opened.paymentId, payUrl: opened.payUrl })
    .where(and(eq(deposits.id, deposit.id), eq(deposits.state, 'pending'), or(isNull(deposits.gatewayRef), eq(deposits.gatewayRef, opened.paymentId))));
  return memberDeposit(platform.db.orm, memberId, id);
}

export type CallbackOutcome = 'credited' | 'duplicate' | 'ignored' | 'noted';

/** The configured provider whose signature the notice carries, and the notice; else 401. */
function verified(platform: Platform, notice: SignedNotice, nowSeconds: number): { provider: PaymentProvider; notice: VerifiedNotice } {
  for (const provider of platform.payments.all()) {
    const checked = provider.verifyNotice(notice, nowSeconds);
    if (checked) return { provider, notice: checked };
  }
  throw new ApiError('signature.invalid', 401);
}

/**
 * Checks a notice and applies it. Refused with nothing written: a signature of no configured
 * provider (401 signature.invalid), a timestamp over 5 minutes away or unlike the body's (400
 * signature.stale), a deposit of another tenant, of another provider or of another payment (404),
 * an amount or currency other than the deposit's (400 gateway.amount.mismatch). Then, in one
 * transaction: paid credits a pending deposit once; cancelled cancels a pending deposit; a
 * deposit no longer pending gets nothing.
 */
export async function handleCallback(platform: Platform, tenant: Tenant, signed: SignedNotice, nowSeconds = Math.floor(Date.now() / 1000)): Promise<CallbackOutcome> {
  // The signature first: nothing about an unsigned actor is looked up.
  const { provider, notice } = verified(platform, signed, nowSeconds);
  if (!/^[1-9][0-9]{0,15}$/.test(notice.orderId)) throw new ApiError('not.found', 404);
  const [deposit] = await platform.db.orm
    .select({ id: depositColumns.id, amount: depositColumns.amount, state: depositColumns.state })
    .from(deposits)
    .where(
      and(
        eq(deposits.id, Number(notice.orderId)),
        eq(deposits.gateway, provider.name),
        eq(deposits.gatewayRef, notice.paymentId),
        eq(deposits.merchantCode, tenant.merchantCode),
      ),
    );
  if (!deposit) throw new ApiError('not.found', 404);
  if (notice.amount !== deposit.amount || notice.currency !== tenant.settings.currency.code) throw new ApiError('gateway.amount.mismatch', 400);
  const outcome = await platform.db.orm.transaction(async (tx): Promise<CallbackOutcome> => {
    if (notice.status === 'paid') {
      const credit = await creditDeposit(platform, tx, deposit.id, `gateway:${provider.name}`);
      if (credit.credited) return 'credited';
      return credit.state === 'paid' ? 'duplicate' : 'ignored';
    }
    const [cancelled] = await tx
      .update(deposits)
      .set({ state: 'cancelled', decidedAt: sql`now()`, decidedBy: `gateway:${provider.name}` })
      .where(and(eq(deposits.id, deposit.id), eq(deposits.state, 'pending')))
      .returning({ id: deposits.id });
    return cancelled ? 'noted' : 'ignored';
  });
  // The deposit id says which; never the payment id or the signature.
  if (outcome === 'ignored') platform.log.warn({ depositId: deposit.id, status: notice.status }, 'payment notice for a deposit no longer pending: nothing credited');
  return outcome;
}
