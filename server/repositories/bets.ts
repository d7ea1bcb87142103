import { desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { bets } from '../db/schema';

export type BetRow = typeof bets.$inferSelect;
export type NewBet = typeof bets.$inferInsert;

/** Bets of the in-house games (the betting record and profit-and-loss screens read them). */
export class BetRepository {
  constructor(private readonly db: Db) {}

  /** Written in the transaction of the bet's ledger postings, never on its own. */
  async record(tx: Tx, bet: NewBet): Promise<number> {
    const [row] = await tx.insert(bets).values(bet).returning({ id: bets.id });
    return row.id;
  }

  async ofMember(memberId: number, limit = 50): Promise<BetRow[]> {
    return this.db.select().from(bets).where(eq(bets.memberId, memberId)).orderBy(desc(bets.id)).limit(limit);
  }
}
