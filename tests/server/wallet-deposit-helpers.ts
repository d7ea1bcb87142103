/** Shared steps of the deposit suites (tests/server/wallet-deposit*.test.ts). */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { rows } from '../../server/db/client';
import { callbackBody, callbackSecret, findPayment, signCallback, type GatewayPayment } from '../../server/services/gateway';
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
    payments: await one(sql`SELECT count(*) AS n FROM gateway_payments`),
    transactions: await one(sql`SELECT count(*) AS n FROM ledger_transactions`),
    turnover: await one(sql`SELECT count(*) AS n FROM turnover_requirements`),
    keys: await one(sql`SELECT count(*) AS n FROM idempotency_keys`),
    states: await rows<{ id: string | number; state: string; reference: string | null; receipt: boolean }>(
      db,
      sql`SELECT id, state, reference, receipt IS NOT NULL AS receipt FROM deposits ORDER BY id`,
    ),
  };
}

export async function paymentOf(app: FastifyInstance, depositId: number): Promise<GatewayPayment> {
  const [row] = await rows<{ id: string }>(app.db.orm, sql`SELECT id FROM gateway_payments WHERE deposit_id = ${depositId}`);
  return (await findPayment(app, row.id))!;
}

export interface SignedNotice {
  body: string;
  headers: Record<string, string>;
}

/**
 * A provider notice for `payment`, signed with the merchant's secret unless another is given;
 * `edit` changes the body after the JSON is made (before signing unless `tamper`).
 */
export async function notice(
  app: FastifyInstance,
  payment: GatewayPayment,
  o: { status?: 'paid' | 'cancelled'; timestamp?: number; secret?: Buffer; edit?: (body: Record<string, unknown>) => void; tamper?: (body: string) => string } = {},
): Promise<SignedNotice> {
  const timestamp = o.timestamp ?? Math.floor(Date.now() / 1000);
  const parsed = JSON.parse(callbackBody({ ...payment, status: o.status ?? 'paid' }, timestamp)) as Record<string, unknown>;
  o.edit?.(parsed);
  const body = JSON.stringify(parsed);
  const secret = o.secret ?? (await callbackSecret(app, payment.merchantCode));
  const signature = signCallback(secret, String(timestamp), body);
  return {
    body: o.tamper ? o.tamper(body) : body,
    headers: { 'content-type': 'application/json', 'x-gateway-timestamp': String(timestamp), 'x-gateway-signature': signature },
  };
}

export async function sendNotice(app: FastifyInstance, n: SignedNotice, host = PH) {
  const res = await app.inject({ method: 'POST', url: '/wps/wallet/gateway/callback', headers: { host, ...n.headers }, payload: n.body });
  return { status: res.statusCode, body: res.json() as { success: boolean; value?: { outcome: string }; errorCode?: string } };
}

export const randomSecret = () => randomBytes(32);

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
