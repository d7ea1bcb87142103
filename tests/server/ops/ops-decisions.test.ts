/**
 * Operator decisions over the /ops API as an operator and an attacker try them: a manual deposit
 * approved (the member credited once, with its audit row), a withdrawal rejected (the hold back in
 * the wallet), an identity check approved; an operator of another merchant, no token, a forged
 * token, a decision taken twice or by two racing requests, a reason of spaces: refused, and
 * nothing changes. The ledger is checked after every test that moves money.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { auditLog, deposits, identityChecks, ledgerAccounts, members, withdrawals } from '../../../server/db/schema';
import { toMinor } from '../../../src/domain/money';
import { addOperator } from '../../../server/ops/operators';
import type { OpsActor } from '../../../server/ops/types';
import { pendingIdentityCheck, pendingWithdrawal } from '../security-wallet-contract-cases';
import { call, describeBackends, expectLedgerClean, fundedPlayer, nextIp, PH, spinKey } from '../helpers';

const CLI: OpsActor = { operatorId: null, actor: 'cli:test', merchantCodes: null };
const PASSWORD = 'decisions password';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
let seq = 0;

/** A signed-in operator (over every merchant unless told); answers its token, username and id. */
async function operator(app: FastifyInstance, merchants: string[] | null = null) {
  const username = `dec${process.pid}x${++seq}`;
  const created = await addOperator(app, CLI, { username, password: PASSWORD, merchantCodes: merchants, totp: false });
  const res = await call<{ token: string }>(app, 'POST', '/ops/session', { ip: nextIp(), body: { username, password: PASSWORD } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { token: res.body.value!.token, username, id: created.operator.id };
}

/** A new demoph01 member's pending manual deposit of 500.00 with its receipt. */
async function manualDeposit(app: FastifyInstance) {
  const { token, memberId } = await fundedPlayer(app, 0);
  const created = await call<{ id: number }>(app, 'POST', '/wps/wallet/deposits', { token, headers: spinKey(), body: { channelId: 'bank', amount: 500 } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.value!.id;
  const put = await app.inject({ method: 'PUT', url: `/wps/wallet/deposits/${id}/receipt`, headers: { host: PH, authorization: `Bearer ${token}`, 'content-type': 'image/png' }, payload: PNG });
  expect(put.statusCode).toBe(200);
  return { id, memberId };
}

async function accountBalance(app: FastifyInstance, memberId: number, kind: 'WALLET' | 'HOLD'): Promise<number> {
  const [row] = await app.db.orm
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.memberId, memberId), eq(ledgerAccounts.kind, kind)));
  return row ? Number(row.balance) : 0;
}

const auditOf = (app: FastifyInstance, targetType: string, id: number) =>
  app.db.orm
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, String(id))));

const depositState = async (app: FastifyInstance, id: number) => (await app.db.orm.select({ state: deposits.state }).from(deposits).where(eq(deposits.id, id)))[0].state;
const withdrawalState = async (app: FastifyInstance, id: number) => (await app.db.orm.select({ state: withdrawals.state }).from(withdrawals).where(eq(withdrawals.id, id)))[0].state;
const checkState = async (app: FastifyInstance, id: number) => (await app.db.orm.select({ state: identityChecks.state }).from(identityChecks).where(eq(identityChecks.id, id)))[0].state;

interface OpsDeposit {
  id: number;
  amount: number;
  fee: number;
  bonus: number;
  state: string;
  hasReceipt: boolean;
  decidedBy: string | null;
}

describeBackends('ops decisions over HTTP', ({ server }) => {
  it('an operator approves a manual deposit: the member is credited once, with an audit row; a second approval moves nothing', async () => {
    const { app } = server();
    const op = await operator(app);
    const { id, memberId } = await manualDeposit(app);

    const listed = await call<OpsDeposit[]>(app, 'GET', '/ops/deposits?state=pending&merchant=demoph01', { token: op.token });
    expect(listed.body.value!.find((d) => d.id === id)).toMatchObject({ state: 'pending', hasReceipt: true });
    const receipt = await call(app, 'GET', `/ops/deposits/${id}/receipt`, { token: op.token });
    expect(receipt.status).toBe(200);
    expect(receipt.res.headers['content-type']).toMatch(/^image\/png/);
    expect(receipt.res.headers['cache-control']).toBe('no-store');
    expect(Buffer.compare(receipt.res.rawPayload, PNG)).toBe(0);

    expect(await accountBalance(app, memberId, 'WALLET')).toBe(0);
    const approved = await call<OpsDeposit>(app, 'POST', `/ops/deposits/${id}/approve`, { token: op.token });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const d = approved.body.value!;
    expect(d).toMatchObject({ id, state: 'paid', amount: 500, decidedBy: op.username });
    // demo-ph has the reward centre (REWCEN3): the bonus waits there instead of being credited.
    const credited = toMinor(d.amount) - toMinor(d.fee);
    expect(credited).toBeGreaterThan(0);
    expect(await accountBalance(app, memberId, 'WALLET')).toBe(credited);

    const audit = await auditOf(app, 'deposit', id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'deposit.approve', actor: op.username, operatorId: op.id, merchantCode: 'demoph01' });

    const again = await call(app, 'POST', `/ops/deposits/${id}/approve`, { token: op.token });
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe('deposit.state.invalid');
    const rejectAfter = await call(app, 'POST', `/ops/deposits/${id}/reject`, { token: op.token, body: { reason: 'too late now' } });
    expect(rejectAfter.status).toBe(409);
    expect(await accountBalance(app, memberId, 'WALLET')).toBe(credited);
    expect(await auditOf(app, 'deposit', id)).toHaveLength(1);
    await expectLedgerClean(app);
  });

  it('racing approvals of one deposit credit it once', async () => {
    const { app } = server();
    const op = await operator(app);
    const { id, memberId } = await manualDeposit(app);
    const results = await Promise.all(Array.from({ length: 6 }, () => call<OpsDeposit>(app, 'POST', `/ops/deposits/${id}/approve`, { token: op.token })));
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.body.errorCode === 'deposit.state.invalid')).toHaveLength(5);
    const d = won[0].body.value!;
    expect(await accountBalance(app, memberId, 'WALLET')).toBe(toMinor(d.amount) - toMinor(d.fee));
    expect(await auditOf(app, 'deposit', id)).toHaveLength(1);
    await expectLedgerClean(app);
  });

  it('an operator rejects a withdrawal: the hold returns to the wallet; deciding again moves nothing', async () => {
    const { app } = server();
    const op = await operator(app);
    const w = await pendingWithdrawal(app, 50_000);
    // demo-ph: 150.00 plus its fixed fee of 10.00 is held.
    expect(await accountBalance(app, w.memberId, 'WALLET')).toBe(34_000);
    expect(await accountBalance(app, w.memberId, 'HOLD')).toBe(16_000);

    const listed = await call<{ id: number; amount: number; fee: number; accountNo: string }[]>(app, 'GET', '/ops/withdrawals?state=pending', { token: op.token });
    expect(listed.body.value!.find((x) => x.id === w.withdrawalId)).toMatchObject({ amount: 150, fee: 10, accountNo: '09171234567' });

    for (const body of [{}, { reason: '     ' }, { reason: ' x ' }, { reason: 'r'.repeat(201) }]) {
      const bad = await call(app, 'POST', `/ops/withdrawals/${w.withdrawalId}/reject`, { token: op.token, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/reason' } });
    }
    expect(await withdrawalState(app, w.withdrawalId)).toBe('pending');

    const rejected = await call(app, 'POST', `/ops/withdrawals/${w.withdrawalId}/reject`, { token: op.token, body: { reason: '  the account is closed  ' } });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.value).toEqual({ id: w.withdrawalId, state: 'rejected' });
    expect(await accountBalance(app, w.memberId, 'WALLET')).toBe(50_000);
    expect(await accountBalance(app, w.memberId, 'HOLD')).toBe(0);
    const [row] = await app.db.orm.select().from(withdrawals).where(eq(withdrawals.id, w.withdrawalId));
    expect(row).toMatchObject({ state: 'rejected', reason: 'the account is closed', decidedBy: op.username });
    const audit = await auditOf(app, 'withdrawal', w.withdrawalId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'withdrawal.reject', actor: op.username, operatorId: op.id, reason: 'the account is closed' });

    for (const [verb, body] of [['pay', undefined], ['reject', { reason: 'once more' }]] as const) {
      const again = await call(app, 'POST', `/ops/withdrawals/${w.withdrawalId}/${verb}`, { token: op.token, body });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ errorCode: 'ops.refused', value: { code: 'withdrawal.decided' } });
    }
    expect(await accountBalance(app, w.memberId, 'WALLET')).toBe(50_000);
    expect(await accountBalance(app, w.memberId, 'HOLD')).toBe(0);
    expect(await auditOf(app, 'withdrawal', w.withdrawalId)).toHaveLength(1);
    await expectLedgerClean(app);
  });

  it('a racing pay and reject of one withdrawal: exactly one is taken', async () => {
    const { app } = server();
    const op = await operator(app);
    const w = await pendingWithdrawal(app, 50_000);
    const results = await Promise.all([
      call(app, 'POST', `/ops/withdrawals/${w.withdrawalId}/pay`, { token: op.token }),
      call(app, 'POST', `/ops/withdrawals/${w.withdrawalId}/reject`, { token: op.token, body: { reason: 'racing reject' } }),
      call(app, 'POST', `/ops/withdrawals/${w.withdrawalId}/pay`, { token: op.token }),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const state = await withdrawalState(app, w.withdrawalId);
    expect(await accountBalance(app, w.memberId, 'HOLD')).toBe(0);
    expect(await accountBalance(app, w.memberId, 'WALLET')).toBe(state === 'paid' ? 34_000 : 50_000);
    expect(await auditOf(app, 'withdrawal', w.withdrawalId)).toHaveLength(1);
    await expectLedgerClean(app);
  });

  it('an operator approves an identity check: the member gets the verified name; its images are readable, twice is refused', async () => {
    const { app } = server();
    const op = await operator(app);
    const { checkId, memberId } = await pendingIdentityCheck(app);

    const listed = await call<{ id: number; images: string[]; state: string }[]>(app, 'GET', '/ops/identity?state=pending', { token: op.token });
    expect(listed.body.value!.find((c) => c.id === checkId)).toMatchObject({ state: 'pending', images: expect.arrayContaining(['front', 'back', 'selfie']) });
    const image = await call(app, 'GET', `/ops/identity/${checkId}/images/front`, { token: op.token });
    expect(image.status).toBe(200);
    expect(image.res.headers['content-type']).toMatch(/^image\/png/);
    expect(image.res.headers['cache-control']).toBe('no-store');
    expect(image.res.rawPayload.subarray(0, 8)).toEqual(PNG.subarray(0, 8));
    expect((await call(app, 'GET', `/ops/identity/${checkId}/images/passport`, { token: op.token })).status).toBe(400);

    const approved = await call(app, 'POST', `/ops/identity/${checkId}/approve`, { token: op.token });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.value).toEqual({ id: checkId, state: 'approved' });
    expect(await checkState(app, checkId)).toBe('approved');
    const [member] = await app.db.orm.select({ payeeName: members.payeeName }).from(members).where(eq(members.id, memberId));
    expect(member.payeeName).toBe('Ana Reyes');
    const audit = await auditOf(app, 'identity_check', checkId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'identity.approve', actor: op.username, operatorId: op.id });

    const again = await call(app, 'POST', `/ops/identity/${checkId}/reject`, { token: op.token, body: { reason: 'changed my mind' } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorCode: 'ops.refused', value: { code: 'identity.decided' } });
    expect(await checkState(app, checkId)).toBe('approved');
    expect(await auditOf(app, 'identity_check', checkId)).toHaveLength(1);
  });

  it('an operator limited to another merchant is refused on every decision and reads nothing; nothing changes', async () => {
    const { app } = server();
    const other = await operator(app, ['demoen01']);
    const dep = await manualDeposit(app);
    const w = await pendingWithdrawal(app, 50_000);
    const { checkId } = await pendingIdentityCheck(app);

    const attempts = [
      call(app, 'POST', `/ops/deposits/${dep.id}/approve`, { token: other.token }),
      call(app, 'POST', `/ops/deposits/${dep.id}/reject`, { token: other.token, body: { reason: 'not mine' } }),
      call(app, 'GET', `/ops/deposits/${dep.id}/receipt`, { token: other.token }),
      call(app, 'GET', '/ops/deposits?merchant=demoph01', { token: other.token }),
      call(app, 'POST', `/ops/withdrawals/${w.withdrawalId}/pay`, { token: other.token }),
      call(app, 'POST', `/ops/withdrawals/${w.withdrawalId}/reject`, { token: other.token, body: { reason: 'not mine' } }),
      call(app, 'POST', `/ops/identity/${checkId}/approve`, { token: other.token }),
      call(app, 'POST', `/ops/identity/${checkId}/reject`, { token: other.token, body: { reason: 'not mine' } }),
      call(app, 'GET', `/ops/identity/${checkId}/images/front`, { token: other.token }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.errorCode).toBe('ops.merchant.forbidden');
      expect(res.res.headers['content-type']).toMatch(/^application\/json/);
    }
    // The lists show only the operator's merchants.
    const lists = await Promise.all(['/ops/deposits', '/ops/withdrawals', '/ops/identity'].map((url) => call<{ merchantCode: string }[]>(app, 'GET', url, { token: other.token })));
    for (const list of lists) expect(list.body.value!.every((row) => row.merchantCode === 'demoen01')).toBe(true);

    expect(await depositState(app, dep.id)).toBe('pending');
    expect(await accountBalance(app, dep.memberId, 'WALLET')).toBe(0);
    expect(await withdrawalState(app, w.withdrawalId)).toBe('pending');
    expect(await accountBalance(app, w.memberId, 'HOLD')).toBe(16_000);
    expect(await checkState(app, checkId)).toBe('pending');
    for (const [type, id] of [['deposit', dep.id], ['withdrawal', w.withdrawalId], ['identity_check', checkId]] as const) {
      expect(await auditOf(app, type, id)).toHaveLength(0);
    }
    await expectLedgerClean(app);
  });

  it('without an operator session every decision route is 401 and nothing changes; unknown ids are 404', async () => {
    const { app } = server();
    const dep = await manualDeposit(app);
    const w = await pendingWithdrawal(app, 50_000);
    const { checkId } = await pendingIdentityCheck(app);
    const { token: memberToken } = await fundedPlayer(app, 0);
    const routes: [method: 'GET' | 'POST', url: string, body?: object][] = [
      ['GET', '/ops/deposits'],
      ['POST', `/ops/deposits/${dep.id}/approve`],
      ['POST', `/ops/deposits/${dep.id}/reject`, { reason: 'no session' }],
      ['GET', `/ops/deposits/${dep.id}/receipt`],
      ['GET', '/ops/identity'],
      ['POST', `/ops/identity/${checkId}/approve`],
      ['POST', `/ops/identity/${checkId}/reject`, { reason: 'no session' }],
      ['GET', `/ops/identity/${checkId}/images/front`],
      ['GET', '/ops/withdrawals'],
      ['POST', `/ops/withdrawals/${w.withdrawalId}/pay`],
      ['POST', `/ops/withdrawals/${w.withdrawalId}/reject`, { reason: 'no session' }],
    ];
    // No token, a forged one of the right shape, and a member's session token.
    for (const token of [undefined, 'A'.repeat(43), memberToken]) {
      for (const [method, url, body] of routes) {
        const res = await call(app, method, url, { token, body });
        expect(res.status, `${method} ${url}`).toBe(401);
        expect(res.body.errorCode).toBe('ops.session.required');
      }
    }
    expect(await depositState(app, dep.id)).toBe('pending');
    expect(await withdrawalState(app, w.withdrawalId)).toBe('pending');
    expect(await checkState(app, checkId)).toBe('pending');
    expect(await accountBalance(app, dep.memberId, 'WALLET')).toBe(0);
    expect(await accountBalance(app, w.memberId, 'HOLD')).toBe(16_000);

    const op = await operator(app);
    const missing = 2_000_000_000;
    for (const [method, url, body] of [
      ['POST', `/ops/deposits/${missing}/approve`],
      ['GET', `/ops/deposits/${missing}/receipt`],
      ['POST', `/ops/identity/${missing}/approve`],
      ['GET', `/ops/identity/${missing}/images/front`],
      ['POST', `/ops/withdrawals/${missing}/reject`, { reason: 'nothing there' }],
    ] as const) {
      const res = await call(app, method, url, { token: op.token, body });
      expect(res.status, url).toBe(404);
      expect(res.body.errorCode).toBe('not.found');
    }
    // A deposit without a receipt has no image to show.
    const { token } = await fundedPlayer(app, 0);
    const bare = await call<{ id: number }>(app, 'POST', '/wps/wallet/deposits', { token, headers: spinKey(), body: { channelId: 'bank', amount: 500 } });
    expect((await call(app, 'GET', `/ops/deposits/${bare.body.value!.id}/receipt`, { token: op.token })).status).toBe(404);
    await expectLedgerClean(app);
  });
});
