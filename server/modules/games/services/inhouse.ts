import type { Actor, Platform } from '../../../platform';
import { ApiError } from '../../../errors';
import { INHOUSE_VENDOR, maskName } from '../../../lib/games-catalogue';
import type { Once } from '../../../lib/idempotency';
import { toAmount } from '../../../../src/domain/money';
import { MEMBER_TYPE } from '../../../repositories/members';
import type { GameRow } from '../../../repositories/games';
import { enforceBetLimits } from '../../protection';
import { BOARD_MULTIPLIER, drawSpin } from './slot';
import { assertNotExcluded } from '../../protection';
import { assertRealityNotDue } from '../../protection';

/** The in-house game a spin plays: the play token's, else the one asked for, else the first. */
export async function inhouseGame(platform: Platform, merchantCode: string, nodeId: number | null): Promise<GameRow> {
  const game =
    nodeId === null
      ? ((await platform.repos.games.list({ merchantCode, gameType: 'INHOUSE' }, 1, 1)).rows[0] ?? null)
      : await platform.repos.games.byNode(merchantCode, nodeId);
  if (!game || game.vassalage !== INHOUSE_VENDOR) throw new ApiError('not.found', 404);
  return game;
}

/**
 * One spin of the in-house slot. The reels are drawn first (crypto.randomInt); then, in one
 * transaction, the wallet is locked and the bet's id taken, the stake is debited (the ledger's
 * conditional UPDATE refuses an overdraw; the lock serialises concurrent spins on the wallet
 * row), the win credited, and the bet recorded with the balance it left. A
 * refused stake rolls everything back: nothing is written. The transaction is `once`'s, the
 * runner of the request's idempotency key (lib/idempotency): a repeat answers the first spin and
 * moves nothing.
 */
export async function spin(platform: Platform, actor: Actor, stake: number, nodeId: number | null, once: Once) {
  const member = actor.auth!.member;
  const tenant = actor.tenant;
  await assertNotExcluded(platform.db.orm, tenant, member.id);
  await assertRealityNotDue(platform, tenant, actor.auth!);
  const game = await inhouseGame(platform, tenant.merchantCode, actor.playNodeId ?? nodeId);
  const outcome = drawSpin();
  const win = stake * outcome.multiplier;
  const { ledger } = platform.repos;
  return once(async (tx) => {
    const wallet = await ledger.walletRef(member.id, tx);
    if (!wallet) throw new ApiError('balance.insufficient', 409);
    const moves = await ledger.memberMoves(tx, { merchantCode: member.merchantCode, memberId: member.id, currency: wallet.currency, walletId: wallet.id });
    // The bet's id once its wallet is locked, so that both postings can name it (B<id>).
    const betId = await moves.lock('bets');
    // The member's wager and loss limits (services/player-limits.ts), before any posting; the
    // wallet's lock makes racing spins read each other's bets.
    await enforceBetLimits(tx, tenant, member.id, stake);
    const memo = `${game.vassalage} ${game.gameId}`;
    const reference = `B${betId}`;
    const betTxn = await moves.stake(stake, { memo, reference });
    if (win > 0) await moves.win(win, { memo, reference });
    const after = { balance: moves.balance! };
    const id = await platform.repos.bets.record(tx, {
      id: betId,
      memberId: member.id,
      merchantCode: member.merchantCode,
      nodeId: game.nodeId,
      vassalage: game.vassalage,
      gameType: game.gameType,
      currency: wallet.currency,
      stake,
      win,
      outcome: { stops: outcome.stops, line: outcome.line, multiplier: outcome.multiplier },
      ledgerTransactionId: betTxn,
      balanceAfter: after.balance,
    });
    // Big wins of real accounts go on the public winners board (play money does not).
    if (outcome.multiplier >= BOARD_MULTIPLIER && member.type !== MEMBER_TYPE.TRIAL) {
      await platform.repos.games.addWinner(tx, {
        merchantCode: tenant.merchantCode,
        nodeId: game.nodeId,
        iconUrl: game.iconUrl,
        customerName: maskName(member.username),
        gameName: game.nameEn,
        winAmount: win,
        currency: wallet.currency,
      });
    }
    return {
      betId: id,
      reels: outcome.stops.map((stop, r) => ({ stop, symbols: outcome.window[r] })),
      line: outcome.line,
      multiplier: outcome.multiplier,
      stake: toAmount(stake),
      win: toAmount(win),
      sumBalance: toAmount(after.balance),
    };
  });
}
