import type { Actor, MoneyPlatform, Platform } from '../../../platform';
import type { Tenant } from '../../../../src/generated/tenant';
import type { Tx } from '../../../db/client';
import { ApiError } from '../../../errors';
import { INHOUSE_VENDOR } from '../../../lib/games-catalogue';
import type { Once } from '../../../lib/idempotency';
import { toAmount } from '../../../../src/domain/money';
import type { MemberRow } from '../../../repositories/members';
import type { GameRow } from '../../../repositories/games';
import { enforceBetLimits } from '../../protection';
import { drawSpin } from './slot';
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

/** A settled round: its game, stake and win (minor units) and what its bet row keeps of how it went. */
export interface SettledRound {
  tenant: Tenant;
  member: Pick<MemberRow, 'id' | 'merchantCode'>;
  game: GameRow;
  stake: number;
  win: number;
  outcome: Record<string, unknown>;
}

/**
 * The money and the bet row of a round in `tx`, as every spin writes them: the wallet locked and
 * the bet's id taken under that lock, the member's wager and loss limits, the stake out of the
 * wallet (BET; the ledger's conditional UPDATE refuses an overdraw with `balance.insufficient`),
 * the win into it (PAYOUT, when above zero), both naming the bet (B<id>), and the bets row with
 * the balance they left (the betting record, the profit and loss and the winners feed read it).
 * Answers the bet's id, the balance and its currency.
 */
export async function settleRound(platform: MoneyPlatform, tx: Tx, round: SettledRound): Promise<{ betId: number; balance: number; currency: string }> {
  const { member, game, stake, win } = round;
  const { ledger } = platform.repos;
  const wallet = await ledger.walletRef(member.id, tx);
  if (!wallet) throw new ApiError('balance.insufficient', 409);
  const moves = await ledger.memberMoves(tx, { merchantCode: member.merchantCode, memberId: member.id, currency: wallet.currency, walletId: wallet.id });
  // The bet's id once its wallet is locked, so that both postings can name it (B<id>).
  const betId = await moves.lock('bets');
  // The member's wager and loss limits (services/player-limits.ts), before any posting; the
  // wallet's lock makes racing rounds read each other's bets.
  await enforceBetLimits(tx, round.tenant, member.id, stake);
  const note = { memo: `${game.vassalage} ${game.gameId}`, reference: `B${betId}` };
  const betTxn = await moves.stake(stake, note);
  if (win > 0) await moves.win(win, note);
  const balance = moves.balance!;
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
    outcome: round.outcome,
    ledgerTransactionId: betTxn,
    balanceAfter: balance,
  });
  return { betId: id, balance, currency: wallet.currency };
}

/**
 * One spin of the in-house slot. The reels are drawn first (crypto.randomInt); then, in one
 * transaction, the round is settled (settleRound: the wallet locked, the stake debited, the win
 * credited, the bet recorded with the balance it left). A refused stake rolls everything back:
 * nothing is written. The transaction is `once`'s, the runner of the request's idempotency key
 * (lib/idempotency): a repeat answers the first spin and moves nothing.
 */
export async function spin(platform: Platform, actor: Actor, stake: number, nodeId: number | null, once: Once) {
  const member = actor.auth!.member;
  const tenant = actor.tenant;
  await assertNotExcluded(platform.db.orm, tenant, member.id);
  await assertRealityNotDue(platform, tenant, actor.auth!);
  const game = await inhouseGame(platform, tenant.merchantCode, actor.playNodeId ?? nodeId);
  const outcome = drawSpin();
  const win = stake * outcome.multiplier;
  return once(async (tx) => {
    const settled = await settleRound(platform, tx, {
      tenant,
      member,
      game,
      stake,
      win,
      outcome: { stops: outcome.stops, line: outcome.line, multiplier: outcome.multiplier },
    });
    return {
      betId: settled.betId,
      reels: outcome.stops.map((stop, r) => ({ stop, symbols: outcome.window[r] })),
      line: outcome.line,
      multiplier: outcome.multiplier,
      stake: toAmount(stake),
      win: toAmount(win),
      sumBalance: toAmount(settled.balance),
    };
  });
}
