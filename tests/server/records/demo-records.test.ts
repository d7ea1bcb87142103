/**
 * The seeded demo accounts' records agree with their money (server/db/seed.ts): every ledger entry
 * of the demo player's account record is found in the record of its kind (a deposit's in the
 * deposit record, a withdrawal's hold and payout in the withdrawal record, a stake and its win in
 * the betting record), every row of those records has its entries, the profit and loss of the
 * range adds up to those records, and `ops ledger check` finds nothing on the seeded database.
 */
import { expect, it } from 'vitest';
import { runOps } from '../../../server/ops/runner';
import type { OpsActor } from '../../../server/ops/types';
import type { DepositPage, WithdrawalPage } from '../../../src/generated/api/money-records';
import type { BetPage, Pnl, TransactionPage } from '../../../src/generated/api/reports';
import { call, describeBackends, EN, expectLedgerClean, PH, tokenFor } from '../helpers';

const CLI: OpsActor = { operatorId: null, actor: 'cli:test', merchantCodes: null };
/** Sums of currency amounts to the cent, without float drift. */
const cents = (amounts: number[]) => Math.round(amounts.reduce((sum, a) => sum + a * 100, 0));

describeBackends('the demo accounts\' records', ({ server }) => {
  it.each([
    ['demo-ph', PH],
    ['demo-en', EN],
  ])('every ledger entry of the demo player on %s is in the record of its kind, and the profit and loss adds up to them', async (_tenant, host) => {
    const { app } = server();
    const token = await tokenFor(app, 'demoplayer', undefined, { host });
    const get = async <T>(url: string): Promise<T> => {
      const res = await call<T>(app, 'GET', url, { token, host });
      expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body.value!;
    };
    // The seed's history is of the day it ran; the last 30 days hold it whatever the hour.
    const range = 'range=30d&pageSize=100';
    const account = await get<TransactionPage>(`/wps/records/transactions?${range}`);
    const deposits = await get<DepositPage>(`/wps/records/deposits?${range}`);
    const withdrawals = await get<WithdrawalPage>(`/wps/records/withdrawals?${range}`);
    const bets = await get<BetPage>(`/wps/records/bets?${range}`);
    const pnl = await get<Pnl>(`/wps/records/pnl?range=30d`);
    expect(account.nextCursor).toBeUndefined();

    // The seeded story: two deposits, a round, a withdrawal paid out.
    expect(deposits.list.map((d) => [d.amount, d.state])).toEqual([
      [500, 'paid'],
      [1000, 'paid'],
    ]);
    expect(bets.list.map((b) => [b.stake, b.win])).toEqual([[200, 150.5]]);
    expect(withdrawals.list.map((w) => [w.amount, w.state])).toEqual([[200, 'paid']]);

    const byRef = (prefix: string, ref: string | undefined) => (ref?.startsWith(prefix) ? Number(ref.slice(1)) : null);
    const seen = { deposits: new Set<number>(), withdrawals: new Set<number>(), bets: new Set<number>() };
    for (const e of account.list) {
      const where = `${e.type} ${e.amount} ${e.reference ?? ''}`;
      switch (e.type) {
        case 'deposit': {
          const d = deposits.list.find((x) => x.id === byRef('D', e.reference));
          expect(d, where).toBeDefined();
          expect(d!.state, where).toBe('paid');
          expect(e.amount, where).toBe(d!.credited);
          seen.deposits.add(d!.id);
          break;
        }
        case 'bonus': {
          // A deposit's bonus credited with it (a tenant without the reward centre).
          const d = deposits.list.find((x) => x.id === byRef('D', e.reference));
          expect(d, where).toBeDefined();
          expect(e.amount, where).toBe(d!.bonus);
          break;
        }
        case 'hold':
        case 'withdrawal': {
          const w = withdrawals.list.find((x) => x.id === byRef('W', e.reference));
          expect(w, where).toBeDefined();
          // The hold leaves the wallet for the HOLD account; the payout leaves the HOLD account.
          expect(Math.abs(e.amount), where).toBe(w!.total);
          if (e.type === 'withdrawal') {
            expect([e.account, e.amount, w!.state], where).toEqual(['HOLD', -w!.total, 'paid']);
            seen.withdrawals.add(w!.id);
          }
          break;
        }
        case 'bet':
        case 'win': {
          const b = bets.list.find((x) => x.id === byRef('B', e.reference));
          expect(b, where).toBeDefined();
          expect(e.amount, where).toBe(e.type === 'bet' ? -b!.stake : b!.win);
          seen.bets.add(b!.id);
          break;
        }
        default:
          throw new Error(`an entry no record of the demo player shows: ${where}`);
      }
    }
    // And every row of those records has its entries.
    expect([...seen.deposits].sort()).toEqual(deposits.list.map((d) => d.id).sort());
    expect([...seen.withdrawals]).toEqual(withdrawals.list.map((w) => w.id));
    expect([...seen.bets]).toEqual(bets.list.map((b) => b.id));

    // The profit and loss of the range is the sum of the records.
    const paid = (s: string) => s === 'paid';
    expect(pnl.deposit).toBe(cents(deposits.list.filter((d) => paid(d.state)).map((d) => d.credited)) / 100);
    expect(pnl.deposit).toBe(deposits.totals.credited);
    expect(pnl.withdrawal).toBe(cents(withdrawals.list.filter((w) => paid(w.state)).map((w) => w.total)) / 100);
    expect(pnl.betCount).toBe(bets.list.length);
    expect(pnl.stake).toBe(cents(bets.list.map((b) => b.stake)) / 100);
    expect(pnl.win).toBe(cents(bets.list.map((b) => b.win)) / 100);
    expect(pnl.bonus).toBe(cents(account.list.filter((e) => e.type === 'bonus').map((e) => e.amount)) / 100);
    expect(pnl.net).toBe(cents([pnl.win, -pnl.stake]) / 100);

    // The balance is what the account record's entries on the wallet left.
    const wallet = (await call<{ sumBalance: number }>(app, 'GET', '/wps/member/wallet', { token, host })).body.value!;
    expect(wallet.sumBalance).toBe(cents(account.list.filter((e) => e.account === 'WALLET').map((e) => e.amount)) / 100);
  });

  it('leaves every demo member\'s money with its record, and the ledger check clean', async () => {
    const { app } = server();
    for (const host of [PH, EN]) {
      for (const username of ['demoagent', 'demoteam1', 'demoteam2', 'demoteam3']) {
        const token = await tokenFor(app, username, undefined, { host });
        const account = (await call<TransactionPage>(app, 'GET', '/wps/records/transactions?range=30d&pageSize=100', { token, host })).body.value!;
        const deposits = (await call<DepositPage>(app, 'GET', '/wps/records/deposits?range=30d&pageSize=100', { token, host })).body.value!;
        const bets = (await call<BetPage>(app, 'GET', '/wps/records/bets?range=30d&pageSize=100', { token, host })).body.value!;
        for (const e of account.list) {
          const id = Number(e.reference?.slice(1));
          const found = e.reference?.startsWith('D') ? deposits.list.some((d) => d.id === id) : e.reference?.startsWith('B') ? bets.list.some((b) => b.id === id) : false;
          expect(found, `${username}@${host}: ${e.type} ${e.amount} ${e.reference ?? ''}`).toBe(true);
        }
        expect(account.list.length, `${username}@${host}`).toBeGreaterThan(0);
      }
    }
    const check = await runOps(app, CLI, ['ledger', 'check']);
    expect(check).toMatchObject({ exitCode: 0, stdout: ['ledger clean'] });
    await expectLedgerClean(app);
  });
});
