/**
 * One winners feed (server/modules/games/services/winners.ts): the home winner board (relay
 * GCSGAME_getRankList) and the winners page (GET /wps/game/winners) answer the same wins, read
 * from the merchant's paid bets: the seeded demo round, and a win of the in-house slot played
 * through its real spin route, masked, in both.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { bets, members } from '../../../server/db/schema';
import { maskName } from '../../../server/lib/games-catalogue';
import { periodBounds } from '../../../server/modules/games/services/winners';
import type { Winners } from '../../../src/generated/api/games';
import type { RankList } from '../../../src/generated/api/relay';
import { call, describeBackends, EN, expectLedgerClean, fundedPlayer, spinKey } from '../helpers';
import { openSlot } from '../rebate-helpers';

interface Spin {
  betId: number;
  win: number;
}

describeBackends('one winners feed', ({ server }) => {
  const board = async (limit: number, host?: string) => {
    const res = await call<RankList>(server().app, 'GET', `/wps/relay/GCSGAME_getRankList?gameCategory=ALL&language=EN&limitNum=${limit}`, { host });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.value!;
  };
  const page = async (limit: number, host?: string) => {
    const res = await call<Winners>(server().app, 'GET', `/wps/game/winners?language=EN&limitNum=${limit}`, { host });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.value!;
  };

  it("shows the seeded demo round's win on the board and on the page the board leads to, the same list", async () => {
    const app = server().app;
    for (const host of [undefined, EN]) {
      const onBoard = await board(20, host);
      const onPage = await page(20, host);
      // The page opens on today; the board shows today too.
      expect(onPage.period).toBe('today');
      expect(onBoard.list).toEqual(onPage.list);
      expect(onBoard.currencySymbol).toBe(onPage.currencySymbol);
    }
    // The demo player's round (a stake of 200.00 paying 150.50), seeded when the template was made:
    // in today's list unless the tenant's day has turned since.
    const [seeded] = await app.db.orm
      .select({ createdAt: bets.createdAt })
      .from(bets)
      .innerJoin(members, eq(members.id, bets.memberId))
      .where(eq(members.username, 'demoplayer'));
    const today = periodBounds('Asia/Manila', 'today');
    const demo = (await board(20)).list.find((w) => w.customerName === maskName('demoplayer'));
    if (seeded.createdAt >= today.from) {
      expect(demo).toMatchObject({ winAmount: 150.5, gameType: 'LIVE', currency: 'PHP' });
      expect(demo!.vassalage).not.toBe('INHOUSE');
    } else {
      expect(demo).toBeUndefined();
    }
  });

  it('lists a win of the in-house slot, spun through its route, on the board and the page alike', async () => {
    const app = server().app;
    const stake = 100_000;
    const player = await fundedPlayer(app, 200 * stake);
    const play = await openSlot(app, player.token);
    // Spins until one pays (about one in four does).
    let won: Spin | undefined;
    for (let i = 0; i < 200 && !won; i++) {
      const res = await call<Spin>(app, 'POST', '/wps/game/inhouse/spin', { token: play, headers: spinKey(), body: { stake } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      if (res.body.value!.win > 0) won = res.body.value!;
    }
    expect(won, 'a paying spin in 200').toBeDefined();
    const member = (await app.repos.members.byId(player.memberId))!;
    // A limit of its own: no answer kept from before the spin.
    const onBoard = await board(100);
    const onPage = await page(100);
    expect(onBoard.list).toEqual(onPage.list);
    const entry = onPage.list.find((w) => w.customerName === maskName(member.username) && w.winAmount === won!.win);
    expect(entry).toMatchObject({ vassalage: 'INHOUSE', gameType: 'RNG', currency: 'PHP', supportPlay: expect.any(Boolean) });
    expect(JSON.stringify(onPage)).not.toContain(member.username);
    // Another tenant's feed does not have it.
    expect((await page(100, EN)).list.find((w) => w.customerName === maskName(member.username))).toBeUndefined();
    await expectLedgerClean(app);
  });
});
