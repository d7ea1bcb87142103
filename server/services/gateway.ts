/**
 * The reference payment provider ("gateway") and the platform's side of its callback.
 *
 * The provider behaves as an external PSP would: the platform opens a payment for a deposit
 * (`openPayment`), the payer sees the provider's own page (/pay/<paymentId>, routes/wallet/
 * gateway-pages.ts) and confirms or cancels there; the provider then notifies the platform with a
 * signed webhook, POST /wps/wallet/gateway/callback, and keeps notifying until the platform
 * answers 2xx (so the platform may receive a notice more than once, and must credit once).
 *
 * Signature: `X-Gateway-Signature: sha256=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>`
 * with `X-Gateway-Timestamp: <unix seconds>` (also in the body). The secret is the merchant's,
 * derived with HKDF-SHA256 from the server's key-encryption key: never stored, never in code.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lte, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../db/client';
import { deposits, gatewayPayments, type GatewayPaymentStatus } from '../db/schema';
import { ApiError } from '../errors';
import { resolveKeyEncryptionKey } from '../lib/key-encryption';
import type { Tenant } from '../../src/generated/tenant';
import { creditDeposit, type DepositChannel, type DepositRow } from './deposits';

export const PROVIDER_NAME = 'RefPay';
export const CALLBACK_URL = '/wps/wallet/gateway/callback';
export const SIGNATURE_HEADER = 'x-gateway-signature';
export const TIMESTAMP_HEADER = 'x-gateway-timestamp';
/** A notice signed longer ago than this (or this far in the future) is refused. */
export const MAX_CALLBACK_AGE_SECONDS = 5 * 60;
/** Delivery attempts before the provider gives up on a notice (an operator can still decide). */
export const MAX_DELIVERY_ATTEMPTS = 12;

export type GatewayPayment = typeof gatewayPayments.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Secrets and signatures

const kekOf = new WeakMap<FastifyInstance, Promise<Buffer>>();

/**
 * The server's key-encryption key (the same one that seals the JWE keys): KEY_ENCRYPTION_KEY, or
 * the key file of the PGlite data folder; resolved once per server.
 */
function keyEncryptionKey(app: FastifyInstance): Promise<Buffer> {
  let key = kekOf.get(app);
  if (!key) {
    key = resolveKeyEncryptionKey(app.config).then((k) => k.key);
    kekOf.set(app, key);
  }
  return key;
}

/** The merchant's callback secret: HKDF-SHA256(key-encryption key, info = merchant code). */
export async function callbackSecret(app: FastifyInstance, merchantCode: string): Promise<Buffer> {
  const kek = await keyEncryptionKey(app);
  return Buffer.from(hkdfSync('sha256', kek, 'gateway-callback-v1', `merchant:${merchantCode}`, 32));
}

export function signCallback(secret: Buffer, timestamp: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

/** Constant-time comparison of the expected and the received signature. */
export function signatureMatches(secret: Buffer, timestamp: string, rawBody: string, received: string): boolean {
  const expected = Buffer.from(signCallback(secret, timestamp, rawBody));
  const given = Buffer.from(received);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Minor units as the provider writes amounts: decimal text with 2 decimals. */
export const decimalOf = (minor: number): string => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
const minorOfDecimal = (text: string): number => {
  const [units, cents] = text.split('.');
  return Number(units) * 100 + Number(cents);
};

// ---------------------------------------------------------------------------------------------
// The provider

/**
 * Opens the provider's payment for a gateway deposit in the deposit's transaction (the reference
 * provider shares the database; a real one would be called over its API). Answers its id.
 */
export async function openPayment(tx: Tx, tenant: Tenant, host: string, deposit: DepositRow, _channel: DepositChannel): Promise<string> {
  const id = `pay_${randomBytes(18).toString('base64url')}`;
  await tx.insert(gatewayPayments).values({
    id,
    merchantCode: deposit.merchantCode,
    depositId: deposit.id,
    amount: deposit.amount,
    currency: tenant.settings.currency.code,
    merchantName: tenant.brand.name,
    returnUrl: `/m/voucherCenter?deposit=${deposit.id}`,
    callbackHost: host,
    expiresAt: deposit.expiresAt,
  });
  return id;
}

export async function findPayment(app: FastifyInstance, id: string): Promise<GatewayPayment | null> {
  const [row] = await app.db.orm.select().from(gatewayPayments).where(eq(gatewayPayments.id, id));
  return row ?? null;
}

/** A payment still open on the provider's side: not decided and not past its time. */
export const isPayable = (payment: GatewayPayment, now = new Date()): boolean => payment.status === 'created' && payment.expiresAt > now;

/**
 * The payer's decision on the provider's page: created -> paid or cancelled, once (a second
 * press finds it decided and changes nothing); past its time it can no longer be paid (only
 * cancelled). Then the platform is notified; a failed notice is retried by `redeliverDue`.
 * Answers the payment as it now is, or null when unknown.
 */
export async function decidePayment(app: FastifyInstance, id: string, status: Exclude<GatewayPaymentStatus, 'created'>): Promise<GatewayPayment | null> {
  const [decided] = await app.db.orm
    .update(gatewayPayments)
    .set({ status, decidedAt: sql`now()`, nextAttemptAt: sql`now()` })
    .where(and(eq(gatewayPayments.id, id), eq(gatewayPayments.status, 'created'), status === 'paid' ? sql`${gatewayPayments.expiresAt} > now()` : undefined))
    .returning();
  if (!decided) return findPayment(app, id);
  return deliver(app, decided);
}

/** The notice of a decided payment, as the provider sends it. */
export function callbackBody(payment: GatewayPayment, timestamp: number): string {
  return JSON.stringify({
    paymentId: payment.id,
    depositId: payment.depositId,
    merchant: payment.merchantCode,
    amount: decimalOf(payment.amount),
    currency: payment.currency,
    status: payment.status,
    timestamp,
  });
}

/**
 * Sends the notice of `payment` to the platform, signed, and records the outcome: delivered on a
 * 2xx, else the next attempt after a growing delay (30 s, 1 min, 2 min, ... at most 1 hour).
 * The reference provider reaches the platform in-process (Fastify's inject: the same routing,
 * hooks and checks as a network request), on the host the deposit was made on.
 */
export async function deliver(app: FastifyInstance, payment: GatewayPayment): Promise<GatewayPayment> {
  const timestamp = Math.floor(Date.now() / 1000);
  const body = callbackBody(payment, timestamp);
  const secret = await callbackSecret(app, payment.merchantCode);
  let error: string | null = null;
  try {
    const res = await app.inject({
      method: 'POST',
      url: CALLBACK_URL,
      headers: {
        host: payment.callbackHost,
        'content-type': 'application/json',
        [TIMESTAMP_HEADER]: String(timestamp),
        [SIGNATURE_HEADER]: signCallback(secret, String(timestamp), body),
      },
      payload: body,
    });
    if (res.statusCode < 200 || res.statusCode >= 300) error = `platform answered ${res.statusCode}: ${res.body.slice(0, 200)}`;
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  const attempts = payment.attempts + 1;
  const delaySeconds = Math.min(30 * 2 ** (attempts - 1), 3600);
  const [row] = await app.db.orm
    .update(gatewayPayments)
    .set(
      error === null
        ? { deliveredAt: sql`now()`, attempts, nextAttemptAt: null, lastError: null }
        : {
            attempts,
            lastError: error,
            nextAttemptAt: attempts >= MAX_DELIVERY_ATTEMPTS ? null : sql`now() + make_interval(secs => ${delaySeconds})`,
          },
    )
    .where(eq(gatewayPayments.id, payment.id))
    .returning();
  if (error !== null) app.log.warn({ paymentId: payment.id, attempts, error }, 'gateway callback not delivered');
  return row ?? payment;
}

/** Sends again the notices that are due (the provider's retry loop; services/deposit-jobs). */
export async function redeliverDue(app: FastifyInstance, limit = 50): Promise<number> {
  const due = await app.db.orm
    .select()
    .from(gatewayPayments)
    .where(and(isNull(gatewayPayments.deliveredAt), ne(gatewayPayments.status, 'created'), lte(gatewayPayments.nextAttemptAt, sql`now()`)))
    .limit(limit);
  for (const payment of due) await deliver(app, payment);
  return due.length;
}

// ---------------------------------------------------------------------------------------------
// The platform: the callback

export interface CallbackNotice {
  paymentId: string;
  depositId: number;
  merchant: string;
  amount: string;
  currency: string;
  status: 'paid' | 'cancelled';
  timestamp: number;
}

export type CallbackOutcome = 'credited' | 'duplicate' | 'ignored' | 'noted';

/**
 * Checks a notice and applies it. Refused with nothing written: a signature that is not the
 * host merchant's (401 signature.invalid), a timestamp over 5 minutes away or unlike the body's
 * (400 signature.stale), an unknown payment (404), an amount other than the deposit's (400
 * gateway.amount.mismatch). Then, in one transaction: paid credits a pending deposit once;
 * cancelled cancels a pending deposit; a deposit no longer pending gets nothing (logged).
 */
export async function handleCallback(
  app: FastifyInstance,
  tenant: Tenant,
  signed: { rawBody: string; timestamp: string; signature: string },
  notice: CallbackNotice,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<CallbackOutcome> {
  const secret = await callbackSecret(app, tenant.merchantCode);
  // The signature first: nothing about an unsigned request is looked up.
  if (!signatureMatches(secret, signed.timestamp, signed.rawBody, signed.signature)) throw new ApiError('signature.invalid', 401);
  const timestamp = Number(signed.timestamp);
  if (Math.abs(nowSeconds - timestamp) > MAX_CALLBACK_AGE_SECONDS || notice.timestamp !== timestamp) throw new ApiError('signature.stale', 400);
  if (notice.merchant !== tenant.merchantCode) throw new ApiError('signature.invalid', 401);
  const [deposit] = await app.db.orm
    .select({ id: deposits.id, amount: deposits.amount, state: deposits.state })
    .from(deposits)
    .where(and(eq(deposits.id, notice.depositId), eq(deposits.gatewayRef, notice.paymentId), eq(deposits.merchantCode, tenant.merchantCode)));
  if (!deposit) throw new ApiError('not.found', 404);
  if (minorOfDecimal(notice.amount) !== deposit.amount || notice.currency !== tenant.settings.currency.code) {
    throw new ApiError('gateway.amount.mismatch', 400);
  }
  const outcome = await app.db.orm.transaction(async (tx): Promise<CallbackOutcome> => {
    if (notice.status === 'paid') {
      const credit = await creditDeposit(app, tx, deposit.id, `gateway:${notice.paymentId}`);
      if (credit.credited) return 'credited';
      return credit.state === 'paid' ? 'duplicate' : 'ignored';
    }
    const [cancelled] = await tx
      .update(deposits)
      .set({ state: 'cancelled', decidedAt: sql`now()`, decidedBy: `gateway:${notice.paymentId}` })
      .where(and(eq(deposits.id, deposit.id), eq(deposits.state, 'pending')))
      .returning({ id: deposits.id });
    return cancelled ? 'noted' : 'ignored';
  });
  if (outcome === 'ignored') {
    app.log.warn({ depositId: deposit.id, paymentId: notice.paymentId, status: notice.status }, 'gateway notice for a deposit no longer pending: nothing credited');
  }
  return outcome;
}
