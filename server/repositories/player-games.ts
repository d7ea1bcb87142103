import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { gameFavourites, gameRecent, games } from '../db/schema';
import type { GameRow, Page } from './games';

/** Recent plays kept per member (older ones are dropped as new ones come). */
const RECENT_KEPT = 100;

/** A member's favourite and recently played games. */
export class PlayerGameRepository {
  constructor(private readonly db: Db) {}

  /** Idempotent: adding a favourite twice keeps one row (and its first date). */
  async addFavourite(memberId: number, merchantCode: string, nodeId: number): Promise<void> {
    await this.db.insert(gameFavourites).values({ memberId, merchantCode, nodeId }).onConflictDoNothing();
  }

  async removeFavourite(memberId: number, nodeId: number): Promise<void> {
    await this.db.delete(gameFavourites).where(and(eq(gameFavourites.memberId, memberId), eq(gameFavourites.nodeId, nodeId)));
  }

  /** Newest favourite first. */
  async favourites(memberId: number, merchantCode: string, gameType: string | undefined, page: number, pageSize: number): Promise<Page<GameRow>> {
    const where = and(
      eq(gameFavourites.memberId, memberId),
      eq(gameFavourites.merchantCode, merchantCode),
      sql`${games.enabled}`,
      gameType === 'INHOUSE' ? eq(games.vassalage, 'INHOUSE') : gameType ? eq(games.gameType, gameType) : undefined,
    );
    const join = and(eq(games.merchantCode, gameFavourites.merchantCode), eq(games.nodeId, gameFavourites.nodeId));
    const [list, [total]] = await Promise.all([
      this.db
        .select({ game: games })
        .from(gameFavourites)
        .innerJoin(games, join)
        .where(where)
        .orderBy(desc(gameFavourites.createdAt), asc(games.nodeId))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ n: count() }).from(gameFavourites).innerJoin(games, join).where(where),
    ]);
    return { rows: list.map((r) => r.game), total: Number(total.n) };
  }

  async favouriteIds(memberId: number, merchantCode: string): Promise<number[]> {
    const list = await this.db
      .select({ nodeId: gameFavourites.nodeId })
      .from(gameFavourites)
      .where(and(eq(gameFavourites.memberId, memberId), eq(gameFavourites.merchantCode, merchantCode)))
      .orderBy(desc(gameFavourites.createdAt), asc(gameFavourites.nodeId));
    return list.map((r) => r.nodeId);
  }

  /** Records a play (the latest one per game), keeping the newest RECENT_KEPT games. */
  async recordPlay(memberId: number, merchantCode: string, nodeId: number, tx: Executor = this.db): Promise<void> {
    await tx
      .insert(gameRecent)
      .values({ memberId, merchantCode, nodeId })
      .onConflictDoUpdate({ target: [gameRecent.memberId, gameRecent.nodeId], set: { playedAt: sql`now()`, merchantCode } });
    await tx.execute(sql`DELETE FROM game_recent WHERE member_id = ${memberId} AND node_id IN (
      SELECT node_id FROM game_recent WHERE member_id = ${memberId} ORDER BY played_at DESC, node_id OFFSET ${RECENT_KEPT})`);
  }

  /** Most recently played first. */
  async recent(memberId: number, merchantCode: string, gameType: string | undefined, page: number, pageSize: number): Promise<Page<GameRow & { playedAt: Date }>> {
    const where = and(
      eq(gameRecent.memberId, memberId),
      eq(gameRecent.merchantCode, merchantCode),
      sql`${games.enabled}`,
      gameType === 'INHOUSE' ? eq(games.vassalage, 'INHOUSE') : gameType ? eq(games.gameType, gameType) : undefined,
    );
    const join = and(eq(games.merchantCode, gameRecent.merchantCode), eq(games.nodeId, gameRecent.nodeId));
    const [list, [total]] = await Promise.all([
      this.db
        .select({ game: games, playedAt: gameRecent.playedAt })
        .from(gameRecent)
        .innerJoin(games, join)
        .where(where)
        .orderBy(desc(gameRecent.playedAt), asc(games.nodeId))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ n: count() }).from(gameRecent).innerJoin(games, join).where(where),
    ]);
    return { rows: list.map((r) => ({ ...r.game, playedAt: r.playedAt })), total: Number(total.n) };
  }
}
