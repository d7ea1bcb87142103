/**
 * Attack: a vendor's racing stakes for one member sent to two platform instances on one
 * PostgreSQL database never overdraw the wallet (the wallet's lock serialises them, whatever the
 * instance), and the same transaction_uuid sent to both moves money once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { expectLedgerClean, postgresAvailable, twoInstances } from '../helpers';
import { balanceOf, openedPlayer, startFakeVendor, vendorOptions, walletClient, walletRows, type FakeVendor } from './vendor-wallet-helpers';

const vendor: FakeVendor = await startFakeVendor();
afterAll(() => vendor.close());

describe.skipIf(!postgresAvailable && !process.env.CI)('vendor wallet on two instances [postgres]', () => {
  const two = twoInstances(vendorOptions(vendor.url));

  it('racing bets of one member on two instances never overdraw; one transaction_uuid on both moves once', async () => {
    const [a, b] = [await walletClient(two.a.app), await walletClient(two.b.app)];
    const p = await openedPlayer(two.a.app, a, 1_000);
    const bet = (amount: number, transaction_uuid = randomUUID()) => ({
      user: p.user,
      token: p.session,
      transaction_uuid,
      round: randomUUID(),
      game_code: p.game.gameId,
      currency: 'PHP',
      amount,
    });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).call('transaction/bet', bet(300))));
    const statuses = answers.map((r) => r.body.status);
    expect(statuses.filter((s) => s === 'RS_OK')).toHaveLength(3);
    expect(statuses.filter((s) => s === 'RS_ERROR_NOT_ENOUGH_MONEY')).toHaveLength(7);
    expect(await balanceOf(two.a.app, p.memberId)).toBe(100);

    const once = bet(50);
    const before = await walletRows(two.a.app);
    const both = await Promise.all([a.call('transaction/bet', once), b.call('transaction/bet', once), a.call('transaction/bet', once), b.call('transaction/bet', once)]);
    for (const r of both) expect(r.body).toMatchObject({ status: 'RS_OK', balance: 50 });
    const after = await walletRows(two.a.app);
    expect(after.ledger - before.ledger).toBe(1);
    expect(after.transactions - before.transactions).toBe(1);
    await expectLedgerClean(two.a.app);
  });
});
