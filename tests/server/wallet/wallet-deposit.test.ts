/**
 * Deposits from the member's side and the operator's: manual transfers with reference and
 * receipt approved by the CLI verb, refusals of bad input that change no row, idempotent
 * creation, members and tenants kept apart, what visitors receive, and the channel logos.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rows } from '../../../server/db/client';
import { verbs } from '../../../server/modules/wallet/ops/deposits';
import { depositReceipt } from '../../../server/modules/wallet/services/deposits';
import type { OpsActor, OpsArgs } from '../../../server/ops/types';
import { call, describeBackends, EN, expectLedgerClean, fundedPlayer, PH, tokenFor } from '../helpers';
import { runDepositJobs } from '../../../server/plugins/app/deposit-jobs';
import { ageDeposit, balanceOf, createDeposit, idemKey, newDeposit, requirementsOf, snapshot, type DepositValue } from '../wallet-deposit-helpers';

const CLI: OpsActor = { operatorId: null, actor: 'cli:test', merchantCodes: null };

async function runVerb(app: Parameters<typeof balanceOf>[0], words: string, args: OpsArgs, actor: OpsActor = CLI) {
  const verb = verbs.find((v) => v.words.join(' ') === words)!;
  const out: string[] = [];
  const code = await verb.run({ app, actor, out: (line) => out.push(line), json: false }, args);
  return { code, out };
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

async function putReceipt(app: Parameters<typeof balanceOf>[0], token: string, id: number, body: Buffer, type: string, host = PH) {
  const res = await app.inject({
    method: 'PUT',
    url: `/wps/wallet/deposits/${id}/receipt`,
    headers: { host, authorization: `Bearer ${token}`, 'content-type': type },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() as { success: boolean; value?: DepositValue; errorCode?: string } };
}

describeBackends('wallet deposits: manual transfers, input and isolation', ({ server }) => {
  it('manual deposit: account details, reference, receipt, approval by the CLI verb credits the amount with turnover, the bonus waits as a reward', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 5_000);
    const d = await newDeposit(app, token, 'bank', 1000);
    expect(d).toMatchObject({ provider: 'manual', amount: 1000, fee: 0, bonus: 100, state: 'pending', reference: null, hasReceipt: false });
    expect(d.account).toEqual({ bankName: 'BPI', accountName: 'Suwerte Demo Corp.', accountNo: '1234-5678-90' });
    expect(d.payUrl).toBeUndefined();

    const ref = await call<DepositValue>(app, 'POST', `/wps/wallet/deposits/${d.id}/reference`, { token, body: { reference: 'BPI-2026-0001' } });
    expect(ref.status).toBe(200);
    expect(ref.body.value!.reference).toBe('BPI-2026-0001');
    const receipt = await putReceipt(app, token, d.id, PNG, 'image/png');
    expect(receipt.status).toBe(200);
    expect(receipt.body.value!.hasReceipt).toBe(true);
    expect((await putReceipt(app, token, d.id, JPEG, 'image/jpeg')).status).toBe(200);
    const stored = await depositReceipt(app, CLI, d.id);
    expect(stored?.contentType).toBe('image/jpeg');
    expect(stored?.data.equals(JPEG)).toBe(true);
    await expect(depositReceipt(app, { ...CLI, merchantCodes: ['demoen01'] }, d.id)).rejects.toThrow(/may not act/);

    const listed = await runVerb(app, 'deposits list', { positionals: [], options: { state: 'pending', merchant: 'demoph01' } });
    expect(listed.code).toBe(0);
    expect(listed.out.some((l) => l.startsWith(`${d.id} `) && l.includes('BPI-2026-0001'))).toBe(true);

    const approved = await runVerb(app, 'deposits approve', { positionals: [String(d.id)], options: {} });
    expect(approved).toMatchObject({ code: 0 });
    // demo-ph has the reward centre (REWCEN3): the bonus waits there with its turnover (tests/server/engagement/rewards.test.ts).
    expect(await balanceOf(app, memberId)).toBe(5_000 + 100_000);
    expect(await requirementsOf(app, memberId)).toEqual([{ source: 'deposit', sourceId: String(d.id), required: 100_000 }]);
    expect(await rows(app.db.orm, sql`SELECT amount::int, turnover_required::int FROM rewards WHERE member_id = ${memberId} AND source = 'deposit_bonus' AND source_ref = ${String(d.id)}`)).toEqual([
      { amount: 10_000, turnover_required: 30_000 },
    ]);
    const audit = await rows<{ action: string; actor: string; target_id: string }>(
      app.db.orm,
      sql`SELECT action, actor, target_id FROM audit_log WHERE target_type = 'deposit' AND target_id = ${String(d.id)}`,
    );
    expect(audit).toEqual([{ action: 'deposit.approve', actor: 'cli:test', target_id: String(d.id) }]);
    const seen = await call<DepositValue>(app, 'GET', `/wps/wallet/deposits/${d.id}`, { token });
    expect(seen.body.value).toMatchObject({ state: 'paid' });
    // The account is shown only while the member may still transfer.
    expect(seen.body.value!.account).toBeUndefined();

    // Approving again, rejecting a paid one, or a manual step on it: refused, nothing moves.
    expect((await runVerb(app, 'deposits approve', { positionals: [String(d.id)], options: {} })).code).toBe(1);
    expect((await runVerb(app, 'deposits reject', { positionals: [String(d.id)], options: { reason: 'late' } })).code).toBe(1);
    expect((await call(app, 'POST', `/wps/wallet/deposits/${d.id}/reference`, { token, body: { reference: 'OTHER-1' } })).body.errorCode).toBe('deposit.state.invalid');
    expect(await balanceOf(app, memberId)).toBe(105_000);
    await expectLedgerClean(app);
  });

  it('rejects with a required reason, audited; approving a gateway deposit or another merchant is refused', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    const d = await newDeposit(app, token, 'bank', 600);
    expect((await runVerb(app, 'deposits reject', { positionals: [String(d.id)], options: {} })).code).toBe(2);
    expect((await runVerb(app, 'deposits reject', { positionals: [String(d.id)], options: { reason: '   ' } })).code).toBe(2);
    const limited: OpsActor = { operatorId: null, actor: 'cli:en-only', merchantCodes: ['demoen01'] };
    const forbidden = await runVerb(app, 'deposits approve', { positionals: [String(d.id)], options: {} }, limited);
    expect(forbidden.code).toBe(1);
    expect(forbidden.out[0]).toMatch(/may not act on merchant demoph01/);
    expect((await runVerb(app, 'deposits list', { positionals: [], options: {} }, limited)).out.some((l) => l.startsWith(`${d.id} `))).toBe(false);

    const rejected = await runVerb(app, 'deposits reject', { positionals: [String(d.id)], options: { reason: 'no transfer received' } });
    expect(rejected.code).toBe(0);
    const seen = await call<DepositValue & { reason: string }>(app, 'GET', `/wps/wallet/deposits/${d.id}`, { token });
    expect(seen.body.value).toMatchObject({ state: 'rejected', reason: 'no transfer received' });
    const [audit] = await rows<{ action: string; reason: string }>(app.db.orm, sql`SELECT action, reason FROM audit_log WHERE target_type = 'deposit' AND target_id = ${String(d.id)}`);
    expect(audit).toEqual({ action: 'deposit.reject', reason: 'no transfer received' });

    const g = await newDeposit(app, token, 'gcash', 100);
    const refused = await runVerb(app, 'deposits approve', { positionals: [String(g.id)], options: {} });
    expect(refused.code).toBe(1);
    expect((await runVerb(app, 'deposits approve', { positionals: ['abc'], options: {} })).code).toBe(2);
    expect((await runVerb(app, 'deposits approve', { positionals: ['999999999'], options: {} })).code).toBe(1);
    expect(await balanceOf(app, memberId)).toBe(0);
    await expectLedgerClean(app);
  });

  it('a manual deposit past its time expires unless its transfer reference was sent, which waits for the operator', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    const silent = await newDeposit(app, token, 'bank', 500);
    const referenced = await newDeposit(app, token, 'bank', 700);
    await call(app, 'POST', `/wps/wallet/deposits/${referenced.id}/reference`, { token, body: { reference: 'SENT-0001' } });
    await ageDeposit(app, silent.id);
    await ageDeposit(app, referenced.id);
    await runDepositJobs(app);
    const states = await call<{ list: DepositValue[] }>(app, 'GET', '/wps/wallet/deposits', { token });
    expect(states.body.value!.list.map((d) => [d.id, d.state])).toEqual([
      [referenced.id, 'pending'],
      [silent.id, 'expired'],
    ]);
    expect((await runVerb(app, 'deposits approve', { positionals: [String(silent.id)], options: {} })).code).toBe(1);
    expect((await runVerb(app, 'deposits approve', { positionals: [String(referenced.id)], options: {} })).code).toBe(0);
    // The 10% bonus waits in the reward centre (demo-ph has REWCEN3).
    expect(await balanceOf(app, memberId)).toBe(70_000);
    await expectLedgerClean(app);
  });

  it('answers one JSON document per verb with --json', async () => {
    const { app } = server();
    const { token } = await fundedPlayer(app, 0);
    const d = await newDeposit(app, token, 'bank', 900);
    const out: string[] = [];
    const list = verbs.find((v) => v.words.join(' ') === 'deposits list')!;
    expect(await list.run({ app, actor: CLI, out: (l) => out.push(l), json: true }, { positionals: [], options: { state: 'pending', limit: '500' } })).toBe(0);
    expect(out).toHaveLength(1);
    const doc = JSON.parse(out[0]) as { ok: boolean; deposits: { id: number; amount: number; state: string }[] };
    expect(doc.deposits.find((x) => x.id === d.id)).toMatchObject({ amount: 900, state: 'pending' });
    expect(doc.deposits.every((x) => x.state === 'pending')).toBe(true);
    const bad = await runVerb(app, 'deposits list', { positionals: [], options: { state: 'lost' } });
    expect(bad.code).toBe(2);
    expect(bad.out[0]).toMatch(/^usage: deposits list/);
  });

  it('refuses bad input with 400 or a clear errorCode and changes no row', async () => {
    const { app } = server();
    const { token } = await fundedPlayer(app, 0);
    const manual = await newDeposit(app, token, 'bank', 500);
    const gateway = await newDeposit(app, token, 'gcash', 100);
    const before = await snapshot(app);
    const creates: [string, unknown, string][] = [
      ['negative', { channelId: 'gcash', amount: -100 }, 'validation.failed'],
      ['zero', { channelId: 'gcash', amount: 0 }, 'validation.failed'],
      ['three decimals', { channelId: 'gcash', amount: 100.005 }, 'validation.failed'],
      ['text amount', { channelId: 'gcash', amount: '100' }, 'validation.failed'],
      ['above max', { channelId: 'gcash', amount: 50000.01 }, 'deposit.amount.above.max'],
      ['below min', { channelId: 'gcash', amount: 99.99 }, 'deposit.amount.below.min'],
      ['unknown channel', { channelId: 'paypal', amount: 100 }, 'deposit.channel.unknown'],
      ['channel of another tenant only', { channelId: 'nope-1', amount: 100 }, 'deposit.channel.unknown'],
      ['extra field', { channelId: 'gcash', amount: 100, memberId: 1 }, 'validation.failed'],
    ];
    for (const [name, body, code] of creates) {
      const res = await createDeposit(app, token, body);
      expect([name, res.status, res.body.errorCode]).toEqual([name, 400, code]);
    }
    const noKey = await call(app, 'POST', '/wps/wallet/deposits', { token, body: { channelId: 'gcash', amount: 100 } });
    expect([noKey.status, noKey.body.errorCode]).toEqual([400, 'validation.failed']);

    const refs: [string, unknown][] = [
      ['too short', { reference: 'abc' }],
      ['too long', { reference: 'A'.repeat(41) }],
      ['bad characters', { reference: 'abc d<script>' }],
    ];
    for (const [name, body] of refs) {
      const res = await call(app, 'POST', `/wps/wallet/deposits/${manual.id}/reference`, { token, body });
      expect([name, res.status, res.body.errorCode]).toEqual([name, 400, 'validation.failed']);
    }
    const gatewayRef = await call(app, 'POST', `/wps/wallet/deposits/${gateway.id}/reference`, { token, body: { reference: 'ABCD-1' } });
    expect([gatewayRef.status, gatewayRef.body.errorCode]).toEqual([400, 'deposit.not.manual']);

    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024, 0)]);
    const receipts: [string, Buffer, string, number, string][] = [
      ['over 5 MB', big, 'image/png', 413, 'body.too.large'],
      ['gif', Buffer.from('GIF89a0000000000'), 'image/gif', 415, 'content.type.unsupported'],
      ['json', Buffer.from('{}'), 'application/json', 415, 'content.type.unsupported'],
      ['jpeg sent as png', JPEG, 'image/png', 400, 'receipt.invalid'],
      ['png sent as jpeg', PNG, 'image/jpeg', 400, 'receipt.invalid'],
      ['html sent as png', Buffer.from('<html><script>alert(1)</script></html>'), 'image/png', 400, 'receipt.invalid'],
      ['empty', Buffer.alloc(0), 'image/png', 400, 'receipt.invalid'],
    ];
    for (const [name, body, type, status, code] of receipts) {
      const res = await putReceipt(app, token, manual.id, body, type);
      expect([name, res.status, res.body.errorCode]).toEqual([name, status, code]);
    }
    const gatewayReceipt = await putReceipt(app, token, gateway.id, PNG, 'image/png');
    expect(gatewayReceipt.body.errorCode).toBe('deposit.not.manual');
    // The 5 MB limit is this route's only: a large JSON body elsewhere is still refused at 64 KB.
    const bigJson = await call(app, 'POST', '/wps/wallet/deposits', { token, headers: idemKey(), body: { channelId: 'gcash', amount: 100, pad: 'x'.repeat(70_000) } });
    expect(bigJson.status).toBe(413);
    expect(await snapshot(app)).toEqual(before);
  });

  it('a replayed Idempotency-Key creates one deposit; the same key with another body is refused', async () => {
    const { app } = server();
    const { token } = await fundedPlayer(app, 0);
    const key = idemKey();
    const answers = await Promise.all(Array.from({ length: 5 }, () => createDeposit(app, token, { channelId: 'gcash', amount: 321 }, { key })));
    const ids = new Set(answers.map((a) => a.body.value?.id));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(ids.size).toBe(1);
    const again = await createDeposit(app, token, { channelId: 'gcash', amount: 321 }, { key });
    expect(again.body.value!.id).toBe([...ids][0]);
    const other = await createDeposit(app, token, { channelId: 'gcash', amount: 322 }, { key });
    expect([other.status, other.body.errorCode]).toEqual([422, 'idempotency.key.reused']);
    const mine = await call<{ total: number }>(app, 'GET', '/wps/wallet/deposits', { token });
    expect(mine.body.value!.total).toBe(1);
  });

  it('caps a member at 5 pending deposits', async () => {
    const { app } = server();
    const { token } = await fundedPlayer(app, 0);
    for (let i = 0; i < 5; i++) await newDeposit(app, token, 'gcash', 100 + i);
    const sixth = await createDeposit(app, token, { channelId: 'gcash', amount: 200 });
    expect([sixth.status, sixth.body.errorCode]).toEqual([409, 'deposit.pending.limit']);
  });

  it('keeps members and tenants apart: another member\u2019s deposit, another tenant\u2019s host', async () => {
    const { app } = server();
    const owner = await fundedPlayer(app, 0);
    const other = await fundedPlayer(app, 0);
    const d = await newDeposit(app, owner.token, 'bank', 800);
    await call(app, 'POST', `/wps/wallet/deposits/${d.id}/reference`, { token: owner.token, body: { reference: 'OWNER-REF' } });
    const before = await snapshot(app);
    const attempts = [
      await call(app, 'GET', `/wps/wallet/deposits/${d.id}`, { token: other.token }),
      await call(app, 'POST', `/wps/wallet/deposits/${d.id}/cancel`, { token: other.token, body: {} }),
      await call(app, 'POST', `/wps/wallet/deposits/${d.id}/reference`, { token: other.token, body: { reference: 'HIJACK-1' } }),
      await putReceipt(app, other.token, d.id, PNG, 'image/png'),
    ];
    expect(attempts.map((a) => [a.status, a.body.errorCode])).toEqual(Array(4).fill([404, 'not.found']));
    const list = await call<{ list: DepositValue[]; total: number }>(app, 'GET', '/wps/wallet/deposits', { token: other.token });
    expect(list.body.value!.total).toBe(0);
    // The owner's session on another tenant's host is not a session there.
    const crossHost = [
      await call(app, 'GET', `/wps/wallet/deposits/${d.id}`, { token: owner.token, host: EN }),
      await call(app, 'POST', `/wps/wallet/deposits/${d.id}/cancel`, { token: owner.token, host: EN, body: {} }),
      await createDeposit(app, owner.token, { channelId: 'gcash', amount: 300 }, { host: EN }),
      await putReceipt(app, owner.token, d.id, PNG, 'image/png', EN),
    ];
    expect(crossHost.every((a) => a.status === 401)).toBe(true);
    // A demo-en member's view of demo-ph's deposit.
    const enToken = await tokenFor(app, 'demoplayer', undefined, { host: EN });
    expect((await call(app, 'GET', `/wps/wallet/deposits/${d.id}`, { token: enToken, host: EN })).status).toBe(404);
    expect(await snapshot(app)).toEqual(before);
  });

  it('lists the member\u2019s deposits newest first with paging and a state filter', async () => {
    const { app } = server();
    const { token } = await fundedPlayer(app, 0);
    const a = await newDeposit(app, token, 'gcash', 101);
    const b = await newDeposit(app, token, 'bank', 501);
    const c = await newDeposit(app, token, 'maya', 102);
    await call(app, 'POST', `/wps/wallet/deposits/${b.id}/cancel`, { token, body: {} });
    const page1 = await call<{ list: DepositValue[]; total: number; totalPages: number; pageNum: number }>(app, 'GET', '/wps/wallet/deposits', { token, query: { page: '1', pageSize: '2' } });
    expect(page1.body.value).toMatchObject({ total: 3, totalPages: 2, pageNum: 1 });
    expect(page1.body.value!.list.map((d) => d.id)).toEqual([c.id, b.id]);
    const page2 = await call<{ list: DepositValue[] }>(app, 'GET', '/wps/wallet/deposits', { token, query: { page: '2', pageSize: '2' } });
    expect(page2.body.value!.list.map((d) => d.id)).toEqual([a.id]);
    const cancelled = await call<{ list: DepositValue[] }>(app, 'GET', '/wps/wallet/deposits', { token, query: { state: 'cancelled' } });
    expect(cancelled.body.value!.list.map((d) => d.id)).toEqual([b.id]);
    expect((await call(app, 'GET', '/wps/wallet/deposits', { token, query: { state: 'lost' } })).status).toBe(400);
    expect((await call(app, 'GET', '/wps/wallet/deposits', { token, query: { pageSize: '101' } })).status).toBe(400);
  });

  it('refuses deposits of free-play members', async () => {
    const { app } = server();
    const trial = await fundedPlayer(app, 0, 4);
    const res = await call(app, 'POST', '/wps/wallet/deposits', { token: trial.token, headers: idemKey(), body: { channelId: 'gcash', amount: 100 } });
    expect([res.status, res.body.errorCode]).toEqual([403, 'trial.forbidden']);
    expect(await requirementsOf(app, trial.memberId)).toEqual([]);
  });

  it('sends visitors the tenant without the merchant bank accounts', async () => {
    const { app } = server();
    const boot = await call<{ tenant: { settings: { wallet: { deposit: { channels: Record<string, unknown>[] } } } } }>(app, 'GET', '/wps/system/bootstrap');
    const channels = boot.body.value!.tenant.settings.wallet.deposit.channels;
    expect(channels.map((c) => c.id)).toEqual(['gcash', 'maya', 'bank']);
    expect(channels.every((c) => !('account' in c))).toBe(true);
    for (const host of [PH, EN]) {
      const page = await app.inject({ method: 'GET', url: '/m/home', headers: { host } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('wallet/gcash.svg');
      expect(page.body).not.toMatch(/1234-5678-90|0099-1122-33|accountNo/);
    }
    // The server's own tenant still has them (a member's manual deposit shows them).
    expect(app.tenants.byMerchant('demoph01')!.settings.wallet.deposit.channels[2]?.account?.accountNo).toBe('1234-5678-90');
  });

  it('serves the channel logos of the host tenant and nothing outside the wallet folder', async () => {
    const { app } = server();
    const get = (url: string, host = PH) => app.inject({ method: 'GET', url, headers: { host } });
    for (const file of ['gcash', 'maya', 'bank']) {
      const res = await get(`/m/brand/wallet/${file}.svg`);
      expect([file, res.statusCode, res.headers['content-type']]).toEqual([file, 200, 'image/svg+xml']);
      expect(res.body).toMatch(/^<svg /);
      expect(res.body).not.toMatch(/<script/i);
      expect(String(res.headers['content-security-policy'])).toContain("default-src 'none'");
    }
    expect((await get('/m/brand/wallet/gcash.svg', EN)).statusCode).toBe(200);
    // demo-en lists no Maya channel and has no such file; _base has none either.
    expect((await get('/m/brand/wallet/maya.svg', EN)).statusCode).toBe(404);
    for (const url of [
      '/m/brand/wallet/..%2Ftenant.json',
      '/m/brand/wallet/..%2F..%2Fdemo-en%2Fwallet%2Fgcash.svg',
      '/m/brand/wallet/%2e%2e%2flogo.svg',
      '/m/brand/wallet/tenant.json',
      '/m/brand/wallet/.svg',
      '/m/brand/wallet/a%00.svg',
    ]) {
      const res = await get(url);
      expect([url, res.statusCode === 400 || res.statusCode === 404]).toEqual([url, true]);
      expect(res.body).not.toContain('"merchantCode"');
    }
    const dotted = await get('/m/brand/wallet/../tenant.json');
    expect(dotted.body).not.toContain('"merchantCode"');
  });
});
