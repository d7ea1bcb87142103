import { and, desc, eq, gt, gte, lt, ne, sql } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '../../src/lib/app-config';
import { rows, type Db, type Tx } from '../db/client';
import { bets, games, members } from '../db/schema';
import type { ZoneOf } from '../lib/record-range';
import { INHOUSE_VENDOR } from '../lib/games-catalogue';
import { MEMBER_TYPE } from './members';

export type BetRow = typeof bets.$inferSelect;
export type NewBet = typeof bets.$inferInsert;

/**
 * Bets of the in-house games (the betting record and profit-and-loss screens read them). Each bet
 * is added to bet_days (the records' totals per tenant day and game) in the statement that
 * writes it, under the day of its created_at in the merchant's time zone (`zoneOf`).
 */
export class BetRepository {
  constructor(
    private readonly db: Db,
    private readonly zoneOf: ZoneOf = () => DEFAULT_TIME_ZONE,
  ) {}

  /** Written in the transaction of the bet's ledger postings, never on its own; `bet.id`, when given, taken under the wallet's lock (MemberMoves.lock('bets')): its postings name the bet (B<id>) and a rebate claim, which locks the wallet too, never sees a lower id appear behind its boundary. */
  async record(tx: Tx, bet: NewBet): Promise<number> {
    const zone = this.zoneOf(bet.merchantCode);
    const id = bet.id === undefined ? sql`DEFAULT` : sql`${bet.id}`;
    const at = bet.createdAt === undefined ? sql`DEFAULT` : sql`${bet.createdAt.toISOString()}::timestamptz`;
    const [row] = await rows<{ id: string | number }>(
      tx,
      sql`WITH b AS (
            INSERT INTO bets (id, member_id, merchant_code, node_id, vassalage, game_type, currency, stake, win, outcome, ledger_transaction_id, balance_after, created_at)
            VALUES (${id}, ${bet.memberId}, ${bet.merchantCode}, ${bet.nodeId}, ${bet.vassalage}, ${bet.gameType}, ${bet.currency}, ${bet.stake}, ${bet.win},
                    ${JSON.stringify(bet.outcome)}::jsonb, ${bet.ledgerTransactionId}, ${bet.balanceAfter ?? null}::bigint, ${at})
            RETURNING id, member_id, created_at, game_type, vassalage, stake, win
          ), day AS (
            INSERT INTO bet_days (member_id, day, game_type, vassalage, bet_count, stake, valid_turnover, win)
            SELECT member_id, (created_at AT TIME ZONE ${zone})::date, game_type, vassalage, 1, stake, CASE WHEN win <> stake THEN stake ELSE 0 END, win FROM b
            ON CONFLICT (member_id, day, game_type, vassalage) DO UPDATE SET bet_count = bet_days.bet_count + 1,
              stake = bet_days.stake + excluded.stake, valid_turnover = bet_days.valid_turnover + excluded.valid_turnover, win = bet_days.win + excluded.win
          )
          SELECT id FROM b`,
    );
    return Number(row.id);
  }

  /**
   * Changes a recorded bet (an outside vendor's round: another stake, its win, a rollback) by
   * `stake` and `win` (signed minor units), with the balance the change left, and its bet_days row
   * the same way (its count unchanged; its valid turnover recomputed from the row before and
   * after). Written in the transaction of the change's ledger posting, under the wallet's lock.
   */
  async adjust(tx: Tx, bet: { id: number; merchantCode: string }, change: { stake: number; win: number; balanceAfter: number }): Promise<void> {
    const zone = this.zoneOf(bet.merchantCode);
    const betId = bet.id;
    await rows(
      tx,
      sql`WITH old AS (
            SELECT id, member_id, created_at, game_type, vassalage, stake, win FROM bets WHERE id = ${betId}
          ), b AS (
            UPDATE bets SET stake = bets.stake + ${change.stake}, win = bets.win + ${change.win}, balance_after = ${change.balanceAfter}
            FROM old WHERE bets.id = old.id
            RETURNING bets.stake, bets.win
          )
          UPDATE bet_days d SET stake = d.stake + ${change.stake}, win = d.win + ${change.win},
            valid_turnover = d.valid_turnover
              - CASE WHEN old.win <> old.stake THEN old.stake ELSE 0 END
              + CASE WHEN b.win <> b.stake THEN b.stake ELSE 0 END
          FROM old, b
          WHERE d.member_id = old.member_id AND d.day = (old.created_at AT TIME ZONE ${zone})::date
            AND d.game_type = old.game_type AND d.vassalage = old.vassalage`,
    );
  }

  /**
   * The merchant's biggest paid bets (win above zero: a PAYOUT posting) placed in [from, until), of
   * real accounts (not trial ones), of one game category (ALL, INHOUSE: the in-house vendor, else a
   * game type): the member's username (for masking) and the game, in `lang`, when it is still in
   * the catalogue. The winners feed (modules/games/services/winners.ts).
   */
  async paidBets(merchantCode: string, q: { from: Date; until: Date; category: string; lang: string; limit: number }) {
    const name = q.lang === 'TY' ? games.nameTy : games.nameEn;
    const category = q.category === 'ALL' ? undefined : q.category === INHOUSE_VENDOR ? eq(bets.vassalage, INHOUSE_VENDOR) : eq(bets.gameType, q.category);
    return this.db
      .select({
        id: bets.id,
        username: members.username,
        nodeId: bets.nodeId,
        vassalage: bets.vassalage,
        gameType: bets.gameType,
        currency: bets.currency,
        win: bets.win,
        createdAt: bets.createdAt,
        gameName: name,
        iconUrl: games.iconUrl,
        gameId: games.gameId,
        supportPlay: games.supportPlay,
      })
      .from(bets)
      .innerJoin(members, eq(members.id, bets.memberId))
      .leftJoin(games, and(eq(games.merchantCode, bets.merchantCode), eq(games.nodeId, bets.nodeId)))
      .where(and(eq(bets.merchantCode, merchantCode), gte(bets.createdAt, q.from), lt(bets.createdAt, q.until), gt(bets.win, 0), ne(members.type, MEMBER_TYPE.TRIAL), category))
      .orderBy(desc(bets.win), desc(bets.id))
      .limit(q.limit);
  }

  async ofMember(memberId: number, limit = 50): Promise<BetRow[]> {
    return this.db.select().from(bets).where(eq(bets.memberId, memberId)).orderBy(desc(bets.id)).limit(limit);
  }
}
