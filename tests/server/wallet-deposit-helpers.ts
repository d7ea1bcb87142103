/** Shared steps of the deposit suites (tests/server/wallet/wallet-deposit*.test.ts). */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { rows } from '../../server/db/client';
import { decimalOf, signNotice } from '../../server/payments/signed-http';
import { call, PH, spinKey } from './helpers';

export interface DepositValue {
  id: number;
  channelId: string;
  provider: 'manual' | 'gateway';
  amount: number;
  fee: number;
  credited: number;
  bonus: number;
  state: string;
  reference: string | null;
  hasReceipt: boolean;
  payUrl?: string;
  providerState?: 'unavailable';
  account?: { bankName: string; accountName: string; accountNo: string };
}

export const idemKey = spinKey;

export async function createDeposit(app: FastifyInstance, token: string, body: unknown, o: { host?: string; key?: Record<string, string> } = {}) {
  return call<DepositValue>(app, 'POST', '/wps/wallet/deposits', { token, host: o.host ?? PH, headers: o.key ?? idemKey(), body });
}

/** Creates a deposit that must succeed. */
export async function newDeposit(app: FastifyInstance, token: string, channelId: string, amount: number): Promise<DepositValue> {
  const { status, body } = await createDeposit(app, token, { channelId, amount });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.value!;
}

export async function balanceOf(app: FastifyInstance, memberId: number): Promise<number> {
  return (await app.repos.ledger.walletOf(memberId))?.balance ?? 0;
}

/** Row counts of everything a deposit request may write, and every deposit's state. */
export async function snapshot(app: FastifyInstance) {
  const db = app.db.orm;
  const one = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: string | number }>(db, query))[0].n);
  return {
    deposits: await one(sql`SELECT count(*) AS n FROM deposits`),
    transactions: await one(sql`SELECT count(*) AS n FROM ledger_transactions`),
    turnover: await one(sql`SELECT count(*) AS n FROM turnover_requirements`),
    keys: await one(sql`SELECT count(*) AS n FROM idempotency_keys`),
    states: await rows<{ id: string | number; state: string; reference: string | null; receipt: boolean }>(
      db,
      sql`SELECT id, state, reference, receipt IS NOT NULL AS receipt FROM deposits ORDER BY id`,
    ),
  };
}

/** What the platform knows of a deposit's payment: the provider's payment id and the terms. */
export interface PaymentRef {
  paymentId: string;
  depositId: number;
  amount: number;
  currency: string;
  gateway: string;
}

export async function paymentOf(app: FastifyInstance, depositId: number): Promise<PaymentRef> {
  const [row] = await rows<{ gateway_ref: string; amount: string | number; gateway: string }>(app.db.orm, sql`SELECT gateway_ref, amount, gateway FROM deposits WHERE id = ${depositId}`);
  return { paymentId: row.gateway_ref, depositId, amount: Number(row.amount), currency: 'PHP', gateway: row.gateway };
}

export interface SignedNotice {
  body: string;
  headers: Record<string, string>;
}

/**
 * A provider notice for `payment` as the provider signs it (the secret and merchant id of the
 * server's configuration for the payment's provider unless others are given); `edit` changes the
 * body before signing, `tamper` after.
 */
export async function notice(
  app: FastifyInstance,
  payment: PaymentRef,
  o: { status?: 'paid' | 'cancelled'; timestamp?: number; secret?: string; edit?: (body: Record<string, unknown>) => void; tamper?: (body: string) => string } = {},
): Promise<SignedNotice> {
  const timestamp = o.timestamp ?? Math.floor(Date.now() / 1000);
  const config = app.config.payments[payment.gateway];
  const parsed: Record<string, unknown> = {
    paymentId: payment.paymentId,
    merchantId: config.merchantId,
    orderId: String(payment.depositId),
    amount: decimalOf(payment.amount),
    currency: payment.currency,
    status: o.status ?? 'paid',
    timestamp,
  };
  o.edit?.(parsed);
  const body = JSON.stringify(parsed);
  const signature = signNotice(o.secret ?? config.secret, String(timestamp), body);
  return {
    body: o.tamper ? o.tamper(body) : body,
    headers: { 'content-type': 'application/json', 'x-gateway-timestamp': String(timestamp), 'x-gateway-signature': signature },
  };
}

export async function sendNotice(app: FastifyInstance, n: SignedNotice, host = PH) {
  const res = await app.inject({ method: 'POST', url: '/wps/wallet/gateway/callback', headers: { host, ...n.headers }, payload: n.body });
  return { status: res.statusCode, body: res.json() as { success: boolean; value?: { outcome: string }; errorCode?: string } };
}

export const randomSecret = () => randomBytes(32).toString('base64url');

/** Turnover requirements of a member: source and required minor units. */
export async function requirementsOf(app: FastifyInstance, memberId: number) {
  return rows<{ source: string; source_id: string; required: string | number }>(
    app.db.orm,
    sql`SELECT source, source_id, required FROM turnover_requirements WHERE member_id = ${memberId} ORDER BY id`,
  ).then((list) => list.map((r) => ({ source: r.source, sourceId: r.source_id, required: Number(r.required) })));
}

/** Moves a deposit's expiry into the past (as if its time had run out). */
export async function ageDeposit(app: FastifyInstance, id: number): Promise<void> {
  await app.db.orm.execute(sql`UPDATE deposits SET expires_at = now() - interval '1 minute' WHERE id = ${id}`);
}

/** The answer is valid against the route's response schema in schemas/api/wallet.json. */
export function expectContract(app: FastifyInstance, route: string, body: unknown): void {
  const schema = (app.schemas.route('wallet', route).response as Record<number, object>)[200];
  const validate = app.schemas.bodyAjv.compile(schema);
  expect(validate(body), `${route}: ${JSON.stringify(validate.errors)}`).toBe(true);
}
