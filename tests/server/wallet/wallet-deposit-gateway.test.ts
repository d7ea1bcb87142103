/**
 * Gateway deposits end to end with the payment provider outside: RefPay is its own HTTP server on
 * a loopback port, the platform opens payments through its API and listens for its notices on a
 * port of its own. The player confirms on RefPay's page (RefPay's origin); RefPay's signed notice
 * credits amount - fee (the bonus waits in the reward centre) once with their turnover; forged,
 * stale and mismatched notices change nothing; late notices credit nothing.
 */
import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { deposits } from '../../../server/db/schema';
import { expect, it } from 'vitest';
import { rows } from '../../../server/db/client';
import { runDepositJobs } from '../../../server/plugins/app/deposit-jobs';
import { WALLET_CONTRACT_CASES } from '../wallet-deposit-contract-cases';
import { call, describeBackends, EN, expectLedgerClean, fundedPlayer, listening, PH } from '../helpers';
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
} from '../wallet-deposit-helpers';

/** A form post to RefPay's page (its own origin), as the player's browser sends it; the redirect is not followed. */
async function press(payUrl: string, action: 'confirm' | 'cancel'): Promise<Response> {
  return fetch(`${payUrl}/${action}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
}

describeBackends('wallet deposits through the payment provider', ({ server }) => {
  it('has the deposits table as server/db/schema.ts describes it, and no provider table any more (0032)', async () => {
    const { app } = server();
    const gone = await rows(app.db.orm, sql`SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'gateway_payments'`);
    expect(gone).toEqual([]);
    for (const table of [deposits]) {
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

  it('pays through RefPay on its own origin: credits the amount once with turnover, grants the bonus once as a reward, returns the player to the site', async () => {
    const { app, refpay, payment: config } = server();
    const site = await listening(app);
    const host = new URL(site).host;
    const { token, memberId } = await fundedPlayer(app, 10_000);
    const { body: created } = await createDeposit(app, token, { channelId: 'gcash', amount: 500.5 }, { host });
    const deposit = created.value!;
    expect(deposit).toMatchObject({ provider: 'gateway', amount: 500.5, fee: 0, credited: 500.5, bonus: 100.1, state: 'pending' });
    expect(deposit.providerState).toBeUndefined();
    // The page is RefPay's, on RefPay's origin, not the platform's.
    expect(new URL(deposit.payUrl!).origin).toBe(new URL(config.url).origin);
    expect(new URL(deposit.payUrl!).origin).not.toBe(new URL(site).origin);
    expect(deposit.account).toBeUndefined();

    const pageRes = await fetch(deposit.payUrl!);
    expect(pageRes.status).toBe(200);
    expect(pageRes.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await pageRes.text();
    expect(page).toContain('RefPay');
    expect(page).toContain('PHP 500.50');
    expect(page).not.toMatch(/<script/i);
    expect(page).toContain(`action="${new URL(deposit.payUrl!).pathname}/confirm"`);

    // The player confirms: RefPay records it, notifies the platform over HTTP, and redirects back.
    const confirm = await press(deposit.payUrl!, 'confirm');
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(`${site}/m/voucherCenter?deposit=${deposit.id}`);

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
    expect((await press(deposit.payUrl!, 'confirm')).status).toBe(303);
    expect((await press(deposit.payUrl!, 'cancel')).status).toBe(303);
    const { paymentId } = await paymentOf(app, deposit.id);
    const stored = refpay.refpay.store.get(paymentId)!;
    expect(stored).toMatchObject({ status: 'paid', attempts: 1 });
    expect(stored.deliveredAt).not.toBeNull();
    refpay.refpay.store.update(paymentId, { deliveredAt: null, nextAttemptAt: new Date(0).toISOString() });
    expect(await refpay.refpay.deliverDue()).toBe(1);
    expect(refpay.refpay.store.get(paymentId)).toMatchObject({ attempts: 2, lastError: null });
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

  it('RefPay retries a notice the platform did not take, with backoff, until it is delivered', async () => {
    const { app, refpay } = server();
    const site = await listening(app);
    const { token, memberId } = await fundedPlayer(app, 0);
    // Opened on a host whose port nothing listens on: the notice cannot reach the platform.
    const d = (await createDeposit(app, token, { channelId: 'gcash', amount: 120 }, { host: 'demo-ph.localhost:1' })).body.value!;
    expect((await press(d.payUrl!, 'confirm')).status).toBe(303);
    const { paymentId } = await paymentOf(app, d.id);
    const failed = refpay.refpay.store.get(paymentId)!;
    expect(failed).toMatchObject({ status: 'paid', attempts: 1, deliveredAt: null });
    expect(failed.lastError).not.toBeNull();
    expect(failed.nextAttemptAt).not.toBeNull();
    expect(await balanceOf(app, memberId)).toBe(0);
    // The platform reachable again (as if it had been down): the next run delivers and credits.
    refpay.refpay.store.update(paymentId, { notifyUrl: `${site}/wps/wallet/gateway/callback`, nextAttemptAt: new Date(0).toISOString() });
    expect(await refpay.refpay.deliverDue()).toBe(1);
    expect(refpay.refpay.store.get(paymentId)).toMatchObject({ attempts: 2, lastError: null, nextAttemptAt: null });
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
      { name: 'another merchant account', n: await notice(app, payment, { edit: (b) => (b.merchantId = 'someone-else') }), status: 401, code: 'signature.invalid' },
      { name: 'currency mismatch (signed)', n: await notice(app, payment, { edit: (b) => (b.currency = 'USD') }), status: 400, code: 'gateway.amount.mismatch' },
      { name: 'another payment id (signed)', n: await notice(app, payment, { edit: (b) => (b.paymentId = 'pay_notthisdepositspayment') }), status: 404, code: 'not.found' },
      { name: 'stale timestamp', n: await notice(app, payment, { timestamp: now - 301 }), status: 400, code: 'signature.stale' },
      { name: 'future timestamp', n: await notice(app, payment, { timestamp: now + 301 }), status: 400, code: 'signature.stale' },
      { name: 'amount mismatch (signed)', n: await notice(app, payment, { edit: (b) => (b.amount = '2000.00') }), status: 400, code: 'gateway.amount.mismatch' },
      { name: 'unknown deposit', n: await notice(app, payment, { edit: (b) => (b.orderId = '999999999') }), status: 404, code: 'not.found' },
    ];
    for (const c of cases) {
      const answer = await sendNotice(app, c.n);
      expect([c.name, answer.status, answer.body.errorCode]).toEqual([c.name, c.status, c.code]);
    }
    // A signature header missing, or not of the expected form: 400 naming it.
    const unsigned = await notice(app, payment);
    const { 'x-gateway-signature': _sig, ...noSignature } = unsigned.headers;
    expect((await sendNotice(app, { body: unsigned.body, headers: noSignature })).status).toBe(400);
    // The signed notice on another tenant's host finds no deposit of that tenant.
    expect((await sendNotice(app, unsigned, EN)).status).toBe(404);
    expect(await snapshot(app)).toEqual(before);
    expect(await balanceOf(app, memberId)).toBe(0);
    // The genuine notice still pays.
    expect((await sendNotice(app, unsigned)).body.value!.outcome).toBe('credited');
    await expectLedgerClean(app);
  });

  it('ignores a late callback after expiry or cancellation: 200, nothing credited', async () => {
    const { app } = server();
    const host = new URL(await listening(app)).host;
    const { token, memberId } = await fundedPlayer(app, 0);
    const expiring = await newDeposit(app, token, 'gcash', 300);
    const cancelled = (await createDeposit(app, token, { channelId: 'gcash', amount: 400 }, { host })).body.value!;
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
    // The player confirming on RefPay's page afterwards (its notice reaches the platform) credits nothing either.
    expect((await press(cancelled.payUrl!, 'confirm')).status).toBe(303);
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

    // On RefPay's side a payment past its time can no longer be paid.
    const { refpay } = server();
    const late = await newDeposit(app, token, 'gcash', 160);
    const { paymentId } = await paymentOf(app, late.id);
    refpay.refpay.store.update(paymentId, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    const page = await (await fetch(late.payUrl!)).text();
    expect(page).toContain('This payment has expired');
    expect(page).not.toContain('/confirm');
    expect((await press(late.payUrl!, 'confirm')).status).toBe(303);
    expect(refpay.refpay.store.get(paymentId)!.status).toBe('created');
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
    const host = new URL(await listening(app)).host;
    const { token, memberId } = await fundedPlayer(app, 0);
    const d = (await createDeposit(app, token, { channelId: 'gcash', amount: 250 }, { host })).body.value!;
    expect((await press(d.payUrl!, 'cancel')).status).toBe(303);
    expect((await call<DepositValue>(app, 'GET', `/wps/wallet/deposits/${d.id}`, { token })).body.value!.state).toBe('cancelled');
    // The page now offers only the way back.
    const page = await (await fetch(d.payUrl!)).text();
    expect(page).toContain('Payment cancelled');
    expect(page).not.toContain('/confirm');
    expect(await balanceOf(app, memberId)).toBe(0);
    // Unknown payment ids on RefPay.
    expect((await fetch(new URL('/pay/pay_AAAAAAAAAAAAAAAAAAAAAAAA', d.payUrl!))).status).toBe(404);
    await expectLedgerClean(app);
  });
});
