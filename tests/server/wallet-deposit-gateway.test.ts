/**
 * Gateway deposits end to end: the member creates a deposit, the player confirms on the
 * reference provider's page, the provider's signed callback credits amount - fee (the bonus waits in the reward centre)
 * once with their turnover; forged, stale and mismatched notices change nothing; late notices
 * credit nothing.
 */
import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { deposits, gatewayPayments } from '../../server/db/schema';
import { expect, it } from 'vitest';
import { rows } from '../../server/db/client';
import { runDepositJobs } from '../../server/plugins/app/deposit-jobs';
import { deliver, findPayment } from '../../server/services/gateway';
import { WALLET_CONTRACT_CASES } from './wallet-deposit-contract-cases';
import { call, describeBackends, EN, expectLedgerClean, fundedPlayer, PH } from './helpers';
import {
  ageDeposit,
  balanceOf,
  createDeposit,
  expectContract,
  newDeposit,
  notice,
  paymentOf,
  randomSecret,
  requirementsOf,
  sendNotice,
  snapshot,
  type DepositValue,
} from './wallet-deposit-helpers';

describeBackends('wallet deposits through the payment provider', ({ server }) => {
  it('has the tables of migration 0010 as server/db/schema.ts describes them', async () => {
    const { app } = server();
    for (const table of [deposits, gatewayPayments]) {
      const config = getTableConfig(table);
      const columns = await rows<{ column_name: string }>(
        app.db.orm,
        sql`SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${config.name}`,
      );
      expect(new Set(columns.map((c) => c.column_name))).toEqual(new Set(config.columns.map((c) => c.name)));
    }
  });

  it('lists the tenant channels with amounts, fees, bonus and logo URLs, without the merchant account', async () => {
    const { app } = server();
    const { token } = await fundedPlayer(app, 0);
    const { status, body } = await call<{ channels: Record<string, unknown>[]; currency: string; pendingMinutes: number }>(app, 'GET', '/wps/wallet/deposit/channels', { token });
    expect(status).toBe(200);
    expect(body.value!.currency).toBe('PHP');
    expect(body.value!.pendingMinutes).toBe(30);
    expect(body.value!.channels.map((c) => c.id)).toEqual(['gcash', 'maya', 'bank']);
    expect(body.value!.channels[0]).toMatchObject({ provider: 'gateway', logoUrl: '/m/brand/wallet/gcash.svg', min: 100, max: 50000, bonusPercent: 20, bonusTurnoverMultiplier: 5 });
    expect(body.value!.channels[1]).toMatchObject({ fee: { percent: 1.5, fixed: 0 }, bonusTurnoverMultiplier: 1 });
    expect(JSON.stringify(body.value)).not.toContain('1234-5678-90');
    // Visitors are refused.
    expect((await call(app, 'GET', '/wps/wallet/deposit/channels')).status).toBe(401);
  });

  it('pays through the provider page: credits the amount once with turnover, grants the bonus once as a reward, returns the player to the site', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 10_000);
    const deposit = await newDeposit(app, token, 'gcash', 500.5);
    expect(deposit).toMatchObject({ provider: 'gateway', amount: 500.5, fee: 0, credited: 500.5, bonus: 100.1, state: 'pending' });
    expect(deposit.payUrl).toMatch(/^\/pay\/pay_[A-Za-z0-9_-]+$/);
    expect(deposit.account).toBeUndefined();

    // The provider's page: its own look, no script, the merchant and the amount.
    const pageRes = await app.inject({ method: 'GET', url: deposit.payUrl!, headers: { host: PH } });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.headers['content-type']).toMatch(/^text\/html/);
    expect(pageRes.body).toContain('RefPay');
    expect(pageRes.body).toContain('PHP 500.50');
    expect(pageRes.body).not.toMatch(/<script/i);
    expect(pageRes.body).toContain(`action="${deposit.payUrl}/confirm"`);
    // Another tenant's host does not show it.
    expect((await app.inject({ method: 'GET', url: deposit.payUrl!, headers: { host: EN } })).statusCode).toBe(404);

    // The player confirms: the provider records it, calls the platform back, and redirects.
    const confirm = await app.inject({ method: 'POST', url: `${deposit.payUrl}/confirm`, headers: { host: PH, 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe(`/m/voucherCenter?deposit=${deposit.id}`);

    const after = await call<DepositValue>(app, 'GET', `/wps/wallet/deposits/${deposit.id}`, { token });
    expect(after.body.value).toMatchObject({ state: 'paid', amount: 500.5, bonus: 100.1 });
    expect(after.body.value!.payUrl).toBeUndefined();
    // demo-ph has the reward centre (REWCEN3): the bonus waits there, once, with its turnover.
    expect(await balanceOf(app, memberId)).toBe(10_000 + 50_050);
    expect(await requirementsOf(app, memberId)).toEqual([{ source: 'deposit', sourceId: String(deposit.id), required: 50_050 }]);
    const bonusReward = sql`SELECT amount::int, turnover_required::int FROM rewards WHERE member_id = ${memberId} AND source = 'deposit_bonus' AND source_ref = ${String(deposit.id)}`;
    expect(await rows(app.db.orm, bonusReward)).toEqual([{ amount: 10_010, turnover_required: 50_050 }]);
    const kinds = await rows<{ kind: string }>(app.db.orm, sql`SELECT t.kind FROM deposits d JOIN ledger_transactions t ON t.id = d.transaction_id WHERE d.id = ${deposit.id}`);
    expect(kinds).toEqual([{ kind: 'DEPOSIT' }]);

    // A second confirm, a cancel afterwards and a redelivery of the notice move nothing.
    await app.inject({ method: 'POST', url: `${deposit.payUrl}/confirm`, headers: { host: PH } });
    await app.inject({ method: 'POST', url: `${deposit.payUrl}/cancel`, headers: { host: PH } });
    const payment = await paymentOf(app, deposit.id);
    expect(payment.status).toBe('paid');
    expect(payment.deliveredAt).not.toBeNull();
    await deliver(app, payment);
    await app.db.orm.execute(sql`UPDATE gateway_payments SET delivered_at = NULL, next_attempt_at = now() WHERE id = ${payment.id}`);
    expect((await runDepositJobs(app)).redelivered).toBe(1);
    expect((await findPayment(app, payment.id))!.deliveredAt).not.toBeNull();
    expect(await balanceOf(app, memberId)).toBe(10_000 + 50_050);
    expect(await requirementsOf(app, memberId)).toHaveLength(1);
    expect(await rows(app.db.orm, bonusReward)).toHaveLength(1);
    await expectLedgerClean(app);
  });

  it('takes the fee from the credited amount (half up) and leaves it with the house', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    // Maya: 1.5% of 100.33 = 1.50495 -> 1.50; of 100.70 = 1.5105 -> 1.51; no bonus.
    const a = await newDeposit(app, token, 'maya', 100.33);
    expect(a).toMatchObject({ fee: 1.5, credited: 98.83, bonus: 0 });
    const b = await newDeposit(app, token, 'maya', 100.7);
    expect(b).toMatchObject({ fee: 1.51, credited: 99.19 });
    const n = await sendNotice(app, await notice(app, await paymentOf(app, a.id)));
    expect(n.body.value!.outcome).toBe('credited');
    expect(await balanceOf(app, memberId)).toBe(9_883);
    expect(await requirementsOf(app, memberId)).toEqual([{ source: 'deposit', sourceId: String(a.id), required: 10_033 }]);
    await expectLedgerClean(app);
  });

  it('retries a notice the platform did not accept, with backoff, until it is delivered', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    const d = await newDeposit(app, token, 'gcash', 120);
    const payment = await paymentOf(app, d.id);
    // The provider's record disagrees with the deposit: the platform refuses the notice (400).
    await app.db.orm.execute(sql`UPDATE gateway_payments SET amount = 99999 WHERE id = ${payment.id}`);
    await app.inject({ method: 'POST', url: `${d.payUrl}/confirm`, headers: { host: PH } });
    const failed = (await findPayment(app, payment.id))!;
    expect(failed).toMatchObject({ status: 'paid', attempts: 1, deliveredAt: null });
    expect(failed.lastError).toContain('400');
    expect(failed.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: the job leaves it.
    expect((await runDepositJobs(app)).redelivered).toBe(0);
    expect(await balanceOf(app, memberId)).toBe(0);
    // Put right and due: the next run delivers it and the deposit is credited.
    await app.db.orm.execute(sql`UPDATE gateway_payments SET amount = 12000, next_attempt_at = now() WHERE id = ${payment.id}`);
    expect((await runDepositJobs(app)).redelivered).toBe(1);
    expect((await findPayment(app, payment.id))!).toMatchObject({ attempts: 2, lastError: null, nextAttemptAt: null });
    // The 20% bonus waits in the reward centre (demo-ph has REWCEN3).
    expect(await balanceOf(app, memberId)).toBe(12_000);
    await expectLedgerClean(app);
  });

  it('credits once under 50 concurrent duplicate callbacks', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    const deposit = await newDeposit(app, token, 'gcash', 1000);
    const signed = await notice(app, await paymentOf(app, deposit.id));
    const answers = await Promise.all(Array.from({ length: 50 }, () => sendNotice(app, signed)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const outcomes = answers.map((a) => a.body.value!.outcome);
    expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(49);
    // The 20% bonus waits in the reward centre (demo-ph has REWCEN3), granted once.
    expect(await balanceOf(app, memberId)).toBe(100_000);
    expect(await requirementsOf(app, memberId)).toHaveLength(1);
    expect(await rows(app.db.orm, sql`SELECT id FROM rewards WHERE member_id = ${memberId} AND source = 'deposit_bonus'`)).toHaveLength(1);
    await expectLedgerClean(app);
  });

  it('refuses a forged signature, a wrong secret, a stale timestamp and an amount mismatch, changing no row', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    const deposit = await newDeposit(app, token, 'gcash', 200);
    const payment = await paymentOf(app, deposit.id);
    const before = await snapshot(app);
    const now = Math.floor(Date.now() / 1000);
    const cases = [
      { name: 'body changed after signing', n: await notice(app, payment, { tamper: (b) => b.replace('"200.00"', '"2000.00"') }), status: 401, code: 'signature.invalid' },
      { name: 'wrong secret', n: await notice(app, payment, { secret: randomSecret() }), status: 401, code: 'signature.invalid' },
      { name: 'another merchant', n: await notice(app, payment, { edit: (b) => (b.merchant = 'demoen01') }), status: 401, code: 'signature.invalid' },
      { name: 'stale timestamp', n: await notice(app, payment, { timestamp: now - 301 }), status: 400, code: 'signature.stale' },
      { name: 'future timestamp', n: await notice(app, payment, { timestamp: now + 301 }), status: 400, code: 'signature.stale' },
      { name: 'amount mismatch (signed)', n: await notice(app, payment, { edit: (b) => (b.amount = '2000.00') }), status: 400, code: 'gateway.amount.mismatch' },
      { name: 'unknown deposit', n: await notice(app, payment, { edit: (b) => (b.depositId = 999_999_999) }), status: 404, code: 'not.found' },
    ];
    for (const c of cases) {
      const answer = await sendNotice(app, c.n);
      expect([c.name, answer.status, answer.body.errorCode]).toEqual([c.name, c.status, c.code]);
    }
    // A signature header missing, or not of the expected form: 400 naming it.
    const unsigned = await notice(app, payment);
    const { 'x-gateway-signature': _sig, ...noSignature } = unsigned.headers;
    expect((await sendNotice(app, { body: unsigned.body, headers: noSignature })).status).toBe(400);
    // The signed notice to another tenant's host is checked with that merchant's secret.
    expect((await sendNotice(app, unsigned, EN)).status).toBe(401);
    expect(await snapshot(app)).toEqual(before);
    expect(await balanceOf(app, memberId)).toBe(0);
    // The genuine notice still pays.
    expect((await sendNotice(app, unsigned)).body.value!.outcome).toBe('credited');
    await expectLedgerClean(app);
  });

  it('ignores a late callback after expiry or cancellation: 200, nothing credited', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    const expiring = await newDeposit(app, token, 'gcash', 300);
    const cancelled = await newDeposit(app, token, 'gcash', 400);
    await ageDeposit(app, expiring.id);
    const jobs = await runDepositJobs(app);
    expect(jobs.expired).toBeGreaterThanOrEqual(1);
    expect((await call<DepositValue>(app, 'GET', `/wps/wallet/deposits/${expiring.id}`, { token })).body.value!.state).toBe('expired');

    const cancel = await call<DepositValue>(app, 'POST', `/wps/wallet/deposits/${cancelled.id}/cancel`, { token, body: {} });
    expect(cancel.body.value!.state).toBe('cancelled');
    expect((await call(app, 'POST', `/wps/wallet/deposits/${cancelled.id}/cancel`, { token, body: {} })).body.errorCode).toBe('deposit.state.invalid');

    const before = await snapshot(app);
    for (const d of [expiring, cancelled]) {
      const answer = await sendNotice(app, await notice(app, await paymentOf(app, d.id)));
      expect(answer.status).toBe(200);
      expect(answer.body.value!.outcome).toBe('ignored');
    }
    // The player confirming on the page afterwards credits nothing either.
    await app.inject({ method: 'POST', url: `${cancelled.payUrl}/confirm`, headers: { host: PH } });
    expect(await snapshot(app)).toEqual(before);
    expect(await balanceOf(app, memberId)).toBe(0);
    await expectLedgerClean(app);
  });

  it('expires an unpaid deposit on read even before the job, and a notice then credits nothing', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    const d = await newDeposit(app, token, 'gcash', 150);
    await ageDeposit(app, d.id);
    // The notice arrives first: the conditional credit finds it past its time and stores it expired.
    const answer = await sendNotice(app, await notice(app, await paymentOf(app, d.id)));
    expect(answer.body.value!.outcome).toBe('ignored');
    const list = await call<{ list: DepositValue[] }>(app, 'GET', '/wps/wallet/deposits', { token, query: { state: 'expired' } });
    expect(list.body.value!.list.map((x) => x.id)).toEqual([d.id]);
    expect(await balanceOf(app, memberId)).toBe(0);

    // On the provider's side a payment past its time can no longer be paid.
    const late = await newDeposit(app, token, 'gcash', 160);
    await app.db.orm.execute(sql`UPDATE gateway_payments SET expires_at = now() - interval '1 second' WHERE deposit_id = ${late.id}`);
    const page = await app.inject({ method: 'GET', url: late.payUrl!, headers: { host: PH } });
    expect(page.body).toContain('This payment has expired');
    expect(page.body).not.toContain('/confirm');
    const confirm = await app.inject({ method: 'POST', url: `${late.payUrl}/confirm`, headers: { host: PH } });
    expect(confirm.statusCode).toBe(303);
    expect((await paymentOf(app, late.id)).status).toBe('created');
    expect(await balanceOf(app, memberId)).toBe(0);
    await expectLedgerClean(app);
  });

  it('answers every wallet route with a body valid against schemas/api/wallet.json', async () => {
    const { app } = server();
    const { token } = await fundedPlayer(app, 0);
    const channels = await call(app, 'GET', '/wps/wallet/deposit/channels', { token });
    expectContract(app, 'channels', channels.body);
    const created = await createDeposit(app, token, { channelId: 'bank', amount: 700 });
    expectContract(app, 'create', created.body);
    const id = created.body.value!.id;
    expectContract(app, 'reference', (await call(app, 'POST', `/wps/wallet/deposits/${id}/reference`, { token, body: { reference: 'REF-0001' } })).body);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(16)]);
    const receipt = await app.inject({ method: 'PUT', url: `/wps/wallet/deposits/${id}/receipt`, headers: { host: PH, authorization: `Bearer ${token}`, 'content-type': 'image/png' }, payload: png });
    expectContract(app, 'receipt', receipt.json());
    expectContract(app, 'get', (await call(app, 'GET', `/wps/wallet/deposits/${id}`, { token })).body);
    expectContract(app, 'list', (await call(app, 'GET', '/wps/wallet/deposits', { token, query: { page: '1', pageSize: '5', state: 'pending' } })).body);
    expectContract(app, 'cancel', (await call(app, 'POST', `/wps/wallet/deposits/${id}/cancel`, { token, body: {} })).body);
    const g = await newDeposit(app, token, 'gcash', 100);
    const answer = await sendNotice(app, await notice(app, await paymentOf(app, g.id)));
    expectContract(app, 'gatewayCallback', answer.body);
    await expectLedgerClean(app);
  });

  it('has a contract case for every wallet route, each answering a valid body', async () => {
    const { app } = server();
    const names = Object.keys(app.schemas.files.get('wallet')!['x-routes']!).map((n) => `wallet.${n}`);
    expect(Object.keys(WALLET_CONTRACT_CASES).sort()).toEqual(names.sort());
    for (const [key, run] of Object.entries(WALLET_CONTRACT_CASES)) {
      const { status, body } = await run(app, async () => (await fundedPlayer(app, 0)).token);
      expect([key, status]).toEqual([key, 200]);
      expectContract(app, key.slice('wallet.'.length), body);
    }
    await expectLedgerClean(app);
  });

  it('cancels on the provider page: the deposit is cancelled, nothing credited', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    const d = await newDeposit(app, token, 'gcash', 250);
    const res = await app.inject({ method: 'POST', url: `${d.payUrl}/cancel`, headers: { host: PH } });
    expect(res.statusCode).toBe(303);
    expect((await call<DepositValue>(app, 'GET', `/wps/wallet/deposits/${d.id}`, { token })).body.value!.state).toBe('cancelled');
    // The page now offers only the way back.
    const page = await app.inject({ method: 'GET', url: d.payUrl!, headers: { host: PH } });
    expect(page.body).toContain('Payment cancelled');
    expect(page.body).not.toContain('/confirm');
    expect(await balanceOf(app, memberId)).toBe(0);
    // Unknown and malformed payment ids.
    expect((await app.inject({ method: 'GET', url: '/pay/pay_AAAAAAAAAAAAAAAAAAAAAAAA', headers: { host: PH } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/pay/..%2F..%2Fetc', headers: { host: PH } })).statusCode).toBe(400);
    await expectLedgerClean(app);
  });
});
