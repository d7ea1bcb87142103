/**
 * RefPay, the reference payment provider, on its own: its merchant API is signed (a forged, stale
 * or another merchant's request gets nothing), the same order gives the same payment, and the
 * platform's adapter creates payments and queries their status over HTTP.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRefPay } from '../../../reference/refpay/app';
import { apiSigningText, hmac } from '../../../reference/refpay/protocol';
import { SignedHttpProvider } from '../../../server/payments/signed-http';
import { ProviderUnavailable } from '../../../server/payments';

const A = { id: 'merchant-a', secret: randomBytes(24).toString('base64url') };
const B = { id: 'merchant-b', secret: randomBytes(24).toString('base64url') };
let refpay: FastifyInstance;
let url: string;

const order = (orderId: string, amount = 12_345) => ({
  orderId,
  amount,
  currency: 'PHP',
  description: 'Demo',
  returnUrl: 'http://demo-ph.localhost:8080/m/voucherCenter?deposit=1',
  notifyUrl: 'http://demo-ph.localhost:8080/wps/wallet/gateway/callback',
  expiresAt: new Date(Date.now() + 60_000),
});

/** A raw signed API call, so a test can forge any part of it. */
async function signed(method: 'GET' | 'POST', path: string, body: string, o: { merchant?: string; secret?: string; ts?: number } = {}) {
  const ts = String(o.ts ?? Math.floor(Date.now() / 1000));
  const headers: Record<string, string> = {
    'x-refpay-merchant': o.merchant ?? A.id,
    'x-refpay-timestamp': ts,
    'x-refpay-signature': hmac(o.secret ?? A.secret, apiSigningText(ts, method, path, body)),
  };
  if (method === 'POST') headers['content-type'] = 'application/json';
  return fetch(`${url}${path}`, { method, headers, body: method === 'POST' ? body : undefined });
}

beforeAll(async () => {
  refpay = await buildRefPay({ merchants: { [A.id]: A.secret, [B.id]: B.secret }, retry: { tickMs: 0 } });
  await refpay.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(refpay.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await refpay.close();
});

describe('RefPay', () => {
  it('opens a payment for an order once, answers its status to its merchant, and nothing to another', async () => {
    const a = new SignedHttpProvider('refpay', { url, merchantId: A.id, secret: A.secret }, 5000);
    const first = await a.createPayment(order('101'));
    expect(first.payUrl).toBe(`${url}/pay/${first.paymentId}`);
    // The same order again (a retry): the same payment.
    expect(await a.createPayment(order('101'))).toEqual(first);
    expect(await a.queryStatus(first.paymentId)).toEqual({ paymentId: first.paymentId, orderId: '101', amount: 12_345, currency: 'PHP', status: 'created' });
    // The same order with other terms is not silently another payment.
    await expect(a.createPayment(order('101', 99_999))).rejects.toBeInstanceOf(ProviderUnavailable);
    // Another merchant cannot read it.
    const b = new SignedHttpProvider('refpay', { url, merchantId: B.id, secret: B.secret }, 5000);
    await expect(b.queryStatus(first.paymentId)).rejects.toThrow('not.found');
    expect(refpay.refpay.store.get(first.paymentId)!.amount).toBe(12_345);
  });

  it('refuses unsigned, forged, stale and wrongly attributed API requests, opening nothing', async () => {
    const body = JSON.stringify({ ...order('202'), amount: '1.00', expiresAt: undefined });
    const refused = [
      await signed('POST', '/api/payments', body, { secret: 'not-the-secret-of-merchant-a' }),
      await signed('POST', '/api/payments', body, { merchant: B.id }),
      await signed('POST', '/api/payments', body, { merchant: 'nobody' }),
      await signed('POST', '/api/payments', body, { ts: Math.floor(Date.now() / 1000) - 301 }),
      await fetch(`${url}/api/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
    ];
    expect(refused.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    expect(refpay.refpay.store.byMerchantOrder(A.id, '202')).toBeUndefined();
    expect((await signed('POST', '/api/payments', body)).status).toBe(201);
    expect((await signed('POST', '/api/payments', JSON.stringify({ ...JSON.parse(body), orderId: '203', amount: '0.00' }))).status).toBe(400);
  });

  it('counts a provider that does not answer in time as unavailable', async () => {
    const slow = new SignedHttpProvider('refpay', { url: 'http://127.0.0.1:1', merchantId: A.id, secret: A.secret }, 200);
    await expect(slow.createPayment(order('303'))).rejects.toBeInstanceOf(ProviderUnavailable);
  });
});
