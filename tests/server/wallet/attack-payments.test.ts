/**
 * Attack: crediting a deposit without paying. The payment provider is outside (RefPay: its own
 * HTTP server); nothing on the platform's hosts can mark a payment paid: no /pay page, and a
 * notice counts only when signed with a configured provider's secret, for that provider's payment
 * of this tenant's deposit, of its amount and currency. A provider that is down leaves the deposit
 * pending, a retry reopens it, and a late notice arriving twice credits once. Production refuses
 * the reference provider; payment ids, signatures and secrets never reach a log line.
 */
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildRefPay } from '../../../reference/refpay/app';
import { buildApp } from '../../../server/app';
import { rows } from '../../../server/db/client';
import { parseEnv } from '../../../server/config';
import { loggerOptions } from '../../../server/lib/logging';
import { TenantConfigError } from '../../../server/lib/tenant-registry';
import { call, describeBackends, EN, expectLedgerClean, fundedPlayer, listening, PH, spinKey, startServer, uniqueDigits } from '../helpers';
import { balanceOf, createDeposit, newDeposit, notice, paymentOf, randomSecret, sendNotice, snapshot, type DepositValue } from '../wallet-deposit-helpers';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** A member of demo-en with a session (fundedPlayer makes demo-ph ones). */
async function enPlayer(app: FastifyInstance) {
  return app.db.orm.transaction(async (tx) => {
    const member = await app.repos.members.create(tx, { merchantCode: 'demoen01', username: `e${uniqueDigits(9)}`, type: 0, registerMethod: 'H5', lastLoginAt: new Date() });
    await app.repos.ledger.openWallet(tx, 'demoen01', member.id, 'PHP');
    const { token } = await app.repos.sessions.create(tx, { memberId: member.id, merchantCode: 'demoen01', ip: '127.0.0.1', firstLogin: false });
    return { token, memberId: member.id };
  });
}

const countDeposits = async (app: FastifyInstance, memberId: number) =>
  Number((await rows<{ n: string | number }>(app.db.orm, sql`SELECT count(*) AS n FROM deposits WHERE member_id = ${memberId}`))[0].n);

describeBackends('attack: crediting a deposit without paying', ({ server, backend }) => {
  it('has no /pay page on the platform: a member posting to confirm gets 404 and nothing is credited', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    const deposit = await newDeposit(app, token, 'gcash', 50_000);
    const { paymentId } = await paymentOf(app, deposit.id);
    const before = await snapshot(app);
    for (const url of [`/pay/${paymentId}`, `/pay/${paymentId}/confirm`, '/pay/provider.css']) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await app.inject({ method, url, headers: { host: PH, authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
        expect([method, url, res.statusCode]).toEqual([method, url, 404]);
      }
    }
    // Nor on the platform's port over the network.
    const port = new URL(await listening(app)).port;
    expect((await fetch(`http://127.0.0.1:${port}/pay/${paymentId}/confirm`, { method: 'POST', redirect: 'manual' })).status).toBe(404);
    expect(await snapshot(app)).toEqual(before);
    expect(await balanceOf(app, memberId)).toBe(0);
    expect((await call<DepositValue>(app, 'GET', `/wps/wallet/deposits/${deposit.id}`, { token })).body.value!.state).toBe('pending');
    await expectLedgerClean(app);
  });

  it('refuses forged, replayed, altered and cross-tenant notices', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    const deposit = await newDeposit(app, token, 'gcash', 300);
    const payment = await paymentOf(app, deposit.id);
    const en = await enPlayer(app);
    const enDeposit = (await createDeposit(app, en.token, { channelId: 'gcash', amount: 300 }, { host: EN })).body.value!;
    const enPayment = await paymentOf(app, enDeposit.id);
    const before = await snapshot(app);
    const refused = [
      { name: 'wrong secret', n: await notice(app, payment, { secret: randomSecret() }), status: 401 },
      { name: 'another amount', n: await notice(app, payment, { edit: (b) => (b.amount = '50000.00') }), status: 400 },
      { name: 'another currency', n: await notice(app, payment, { edit: (b) => (b.currency = 'USD') }), status: 400 },
      { name: "another tenant's deposit on this host", n: await notice(app, enPayment), status: 404 },
      { name: "this deposit with another deposit's payment", n: await notice(app, { ...payment, paymentId: enPayment.paymentId }), status: 404 },
      { name: 'replayed after 5 minutes', n: await notice(app, payment, { timestamp: Math.floor(Date.now() / 1000) - 301 }), status: 400 },
    ];
    for (const c of refused) expect([c.name, (await sendNotice(app, c.n, PH)).status]).toEqual([c.name, c.status]);
    expect(await snapshot(app)).toEqual(before);
    // The genuine notice, then its replay: credited once.
    const genuine = await notice(app, payment);
    expect((await sendNotice(app, genuine)).body.value!.outcome).toBe('credited');
    expect((await sendNotice(app, genuine)).body.value!.outcome).toBe('duplicate');
    expect(await balanceOf(app, memberId)).toBe(30_000);
    expect(await balanceOf(app, en.memberId)).toBe(0);
    await expectLedgerClean(app);
  });

  it('never lets a forged Host header send the provider (return and notice) to another site', async () => {
    const { app, refpay } = server();
    const { token } = await fundedPlayer(app, 0);
    for (const host of ['demo-ph.localhost:1@evil.example', 'demo-ph.localhost/@evil.example', 'demo-ph.localhost:8080#@evil.example']) {
      const res = await createDeposit(app, token, { channelId: 'gcash', amount: 100 }, { host });
      // A Host that is not an authority is refused before anything runs; had it passed that
      // gate, the provider's addresses would still be the tenant's own.
      if (res.status === 400) {
        expect(res.body).toMatchObject({ success: false, errorCode: 'validation.failed', value: { field: '/host' } });
        continue;
      }
      const d = res.body.value!;
      const stored = refpay.refpay.store.get((await paymentOf(app, d.id)).paymentId)!;
      expect([host, new URL(stored.notifyUrl).hostname, new URL(stored.returnUrl).hostname]).toEqual([host, 'demo-ph.localhost', 'demo-ph.localhost']);
      await call(app, 'POST', `/wps/wallet/deposits/${d.id}/cancel`, { token, body: {} });
    }
  });

  it('keeps the deposit pending when the provider is down or slow, answers 503, reopens it on retry, and credits a late notice once', async () => {
    // The provider's address answers nothing (slow), then RefPay comes up on it.
    let seen = 0;
    const silent: Server = createServer(() => void (seen += 1));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const merchantId = 'm_late';
    const secret = randomBytes(24).toString('base64url');
    const own = await startServer(backend, { payments: { refpay: { url: `http://127.0.0.1:${port}`, merchantId, secret } }, paymentTimeoutMs: 300 });
    let refpay: FastifyInstance | undefined;
    try {
      const { app } = own;
      const host = new URL(await listening(app)).host;
      const { token, memberId } = await fundedPlayer(app, 0);
      const key = spinKey();
      const first = await createDeposit(app, token, { channelId: 'gcash', amount: 100 }, { host, key });
      expect(first.status).toBe(503);
      expect(first.body).toMatchObject({ success: false, errorCode: 'payment.provider.unavailable', message: 'err_payment_provider_unavailable' });
      const id = (first.body.value as unknown as { depositId: number }).depositId;
      const pending = (await call<DepositValue>(app, 'GET', `/wps/wallet/deposits/${id}`, { token })).body.value!;
      expect(pending).toMatchObject({ state: 'pending', providerState: 'unavailable' });
      expect(pending.payUrl).toBeUndefined();
      // Still down: the retry with the same key answers 503 again and makes no second deposit.
      expect((await createDeposit(app, token, { channelId: 'gcash', amount: 100 }, { host, key })).status).toBe(503);
      expect(seen).toBe(2);
      expect(await countDeposits(app, memberId)).toBe(1);

      // The provider is back on its address.
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
      refpay = await buildRefPay({ merchants: { [merchantId]: secret }, retry: { tickMs: 0, baseMs: 1, maxMs: 1 } });
      await refpay.listen({ port, host: '127.0.0.1' });
      const retried = await createDeposit(app, token, { channelId: 'gcash', amount: 100 }, { host, key });
      expect(retried.status).toBe(200);
      expect(retried.body.value).toMatchObject({ id, state: 'pending' });
      expect(retried.body.value!.payUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/pay/`));
      // "Try again" on the deposit answers the same payment; still one deposit.
      const again = await call<DepositValue>(app, 'POST', `/wps/wallet/deposits/${id}/payment`, { token, host, body: {} });
      expect(again.body.value!.payUrl).toBe(retried.body.value!.payUrl);
      expect(await countDeposits(app, memberId)).toBe(1);

      // Paid on RefPay; the notice arrives, and arrives again late: credited once.
      const confirm = await fetch(`${retried.body.value!.payUrl}/confirm`, { method: 'POST', redirect: 'manual' });
      expect(confirm.status).toBe(303);
      const { paymentId } = await paymentOf(app, id);
      refpay.refpay.store.update(paymentId, { deliveredAt: null, nextAttemptAt: new Date(0).toISOString() });
      expect(await refpay.refpay.deliverDue()).toBe(1);
      expect(refpay.refpay.deliveries).toBe(2);
      expect(await balanceOf(app, memberId)).toBe(10_000);
      expect((await call<DepositValue>(app, 'GET', `/wps/wallet/deposits/${id}`, { token })).body.value!.state).toBe('paid');
      await expectLedgerClean(app);
    } finally {
      await own.close();
      await refpay?.close();
      if (silent.listening) silent.close();
    }
  });

  it('writes no payment id, signature or provider secret to the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const refpayLines: string[] = [];
    const own = await startServer(backend, { logger: loggerOptions({ level: 'info', stream }) });
    try {
      const { app, payment: config } = own;
      const host = new URL(await listening(app)).host;
      const { token } = await fundedPlayer(app, 0);
      const deposit = (await createDeposit(app, token, { channelId: 'gcash', amount: 120 }, { host })).body.value!;
      const { paymentId } = await paymentOf(app, deposit.id);
      const signed = await notice(app, await paymentOf(app, deposit.id));
      await sendNotice(app, signed);
      await sendNotice(app, await notice(app, await paymentOf(app, deposit.id), { secret: randomSecret() }));
      await app.inject({ method: 'GET', url: `/pay/${paymentId}`, headers: { host: PH } });
      expect(lines.length).toBeGreaterThan(3);
      for (const secret of [paymentId, signed.headers['x-gateway-signature'].slice('sha256='.length), config.secret]) {
        expect(lines.filter((l) => l.includes(secret))).toEqual([]);
      }
      // RefPay's own request log: paths without the payment id.
      const logged = await buildRefPay({ merchants: { [config.merchantId]: config.secret }, retry: { tickMs: 0 }, logger: { level: 'info', stream: new Writable({ write: (c: Buffer, _e, d) => (refpayLines.push(c.toString()), d()) }) } });
      await logged.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(logged.server.address() as { port: number }).port}`;
      await fetch(`${base}/pay/${paymentId}`);
      await fetch(`${base}/pay/${paymentId}/confirm`, { method: 'POST', redirect: 'manual' });
      await logged.close();
      expect(refpayLines.length).toBeGreaterThan(0);
      expect(refpayLines.filter((l) => l.includes(paymentId) || l.includes(config.secret))).toEqual([]);
    } finally {
      await own.close();
    }
  });
});

describeBackends(
  'production with a real payment provider',
  ({ server }) => {
    it('starts with channels naming a configured provider that is not the reference one, and has no /pay route', async () => {
      const { app } = server();
      expect(Object.keys(app.config.payments)).toEqual(['acmepay']);
      for (const url of ['/pay/x', '/pay/x/confirm', '/pay/provider.css']) {
        for (const method of ['GET', 'POST'] as const) expect((await app.inject({ method, url, headers: { host: PH } })).statusCode).toBe(404);
      }
      // The channel's deposits go to that provider.
      const { token } = await fundedPlayer(app, 0);
      const d = await newDeposit(app, token, 'gcash', 100);
      expect(d.payUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\//);
      expect((await paymentOf(app, d.id)).gateway).toBe('acmepay');
    });
  },
  { production: true, devRoutes: false },
);

describe('production start with the reference payment provider', () => {
  const COMPLETE = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://app@127.0.0.1:1/none',
    MESSAGE_WEBHOOK_URL: 'https://gateway.example.com/send',
    MESSAGE_WEBHOOK_SECRET: 'gateway-secret',
    KEY_ENCRYPTION_KEY: 'ab'.repeat(32),
  };
  const runMain = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env: { PATH: process.env.PATH, ...env }, encoding: 'utf8', timeout: 30_000 });

  it('exits 1 with one stderr line naming each tenant and channel, even with RefPay configured', async () => {
    const refused = 'NODE_ENV=production refuses the reference payment provider refpay (demo only): tenant demo-en channel gcash, tenant demo-ph channel gcash, tenant demo-ph channel maya';
    const refpay = { PAYMENT_REFPAY_URL: 'http://127.0.0.1:8090', PAYMENT_REFPAY_MERCHANT_ID: 'platform', PAYMENT_REFPAY_SECRET: 'a-demo-secret-of-enough-length' };
    const res = runMain({ ...COMPLETE, ...refpay });
    expect(res.status).toBe(1);
    expect(res.stderr.trim().split('\n')).toEqual([refused]);
    // Without RefPay configured: the same refusal from the start server/main.ts makes (it prints these lines and exits 1).
    const err = await buildApp({ ...parseEnv(COMPLETE).app, logger: false }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(TenantConfigError);
    expect((err as TenantConfigError).lines).toEqual([refused]);
  });

  it('reads providers from PAYMENT_<NAME>_* and refuses partial, plain-http or short-secret ones', () => {
    const acme = { PAYMENT_ACMEPAY_URL: 'https://pay.acme.example', PAYMENT_ACMEPAY_MERCHANT_ID: 'platform-1', PAYMENT_ACMEPAY_SECRET: 's'.repeat(32) };
    expect(parseEnv({ ...COMPLETE, ...acme }).app.payments).toEqual({ acmepay: { url: 'https://pay.acme.example', merchantId: 'platform-1', secret: 's'.repeat(32) } });
    expect(() => parseEnv({ ...COMPLETE, ...acme, PAYMENT_ACMEPAY_URL: 'http://pay.acme.example' })).toThrow(/PAYMENT_ACMEPAY_URL must be an https URL/);
    expect(() => parseEnv({ ...acme, PAYMENT_ACMEPAY_SECRET: 'short' })).toThrow(/PAYMENT_ACMEPAY_SECRET must have at least 16 characters/);
    expect(() => parseEnv({ PAYMENT_ACMEPAY_URL: 'https://pay.acme.example' })).toThrow(/missing: PAYMENT_ACMEPAY_MERCHANT_ID, PAYMENT_ACMEPAY_SECRET/);
    // The secret is never repeated in a refusal.
    expect(() => parseEnv({ ...acme, PAYMENT_ACMEPAY_URL: 'ftp://x' })).not.toThrow(new RegExp('s{32}'));
  });
});
