import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { rows, type Db, type Executor } from '../db/client';
import { gameVendors, games, hotMatches, jackpots, vendorCategories } from '../db/schema';

export type GameRow = typeof games.$inferSelect;
export type HotMatchRow = typeof hotMatches.$inferSelect;
export type VendorRow = typeof gameVendors.$inferSelect;

export interface GameFilter {
  merchantCode: string;
  /** A game type; INHOUSE means the in-house vendor's RNG games (spec section 2, category menu). */
  gameType?: string;
  vassalage?: string;
  /** ALL, NEW, HOT or a slot type. */
  classify?: string;
  isNew?: boolean;
  name?: string;
  /** Minor units, exact match. */
  minBet?: number;
  minLine?: number;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

/** `%` and `_` typed by a player are text, not wildcards. */
const likeContains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Conditions on `games` (enabled rows of one merchant), written so that the partial indexes apply. */
function gameConditions(f: GameFilter): SQL[] {
  const where: SQL[] = [eq(games.merchantCode, f.merchantCode), sql`${games.enabled}`];
  if (f.gameType === 'INHOUSE') where.push(eq(games.gameType, 'RNG'), eq(games.vassalage, 'INHOUSE'));
  else if (f.gameType) where.push(eq(games.gameType, f.gameType));
  if (f.vassalage) where.push(eq(games.vassalage, f.vassalage));
  if (f.classify === 'NEW' || f.isNew) where.push(sql`${games.isNew}`);
  if (f.classify === 'HOT') where.push(sql`${games.isHot}`);
  if (f.classify && !['ALL', 'NEW', 'HOT'].includes(f.classify)) where.push(eq(games.slotType, f.classify));
  if (f.name) where.push(sql`${games.searchText} LIKE ${likeContains(f.name)}`);
  if (f.minBet !== undefined) where.push(eq(games.minBet, f.minBet));
  if (f.minLine !== undefined) where.push(eq(games.minLine, f.minLine));
  return where;
}

/** The game catalogue of each merchant and the lobby's other reads (hot matches, winners, jackpot). */
export class GameRepository {
  constructor(private readonly db: Db) {}

  /** One page in display order, with the total of all pages (one query while the page has rows). */
  async list(f: GameFilter, page: number, pageSize: number): Promise<Page<GameRow>> {
    const where = and(...gameConditions(f));
    const found = await this.db
      .select({ game: games, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(games)
      .where(where)
      .orderBy(asc(games.sort), asc(games.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    if (found.length > 0) return { rows: found.map((r) => r.game), total: found[0].total };
    if (page === 1) return { rows: [], total: 0 };
    const [row] = await this.db.select({ n: count() }).from(games).where(where);
    return { rows: [], total: Number(row.n) };
  }

  /** Hot games by rank; no paging (spec: the hot list has no further pages). */
  async hot(f: GameFilter, limit: number): Promise<GameRow[]> {
    return this.db
      .select()
      .from(games)
      .where(and(...gameConditions(f), sql`${games.isHot}`))
      .orderBy(asc(games.hotRank), asc(games.id))
      .limit(limit);
  }

  async byNode(merchantCode: string, nodeId: number, tx: Executor = this.db): Promise<GameRow | null> {
    const [row] = await tx
      .select()
      .from(games)
      .where(and(eq(games.merchantCode, merchantCode), eq(games.nodeId, nodeId), sql`${games.enabled}`));
    return row ?? null;
  }

  async byGameId(merchantCode: string, vassalage: string, gameId: string): Promise<GameRow | null> {
    const [row] = await this.db
      .select()
      .from(games)
      .where(and(eq(games.merchantCode, merchantCode), eq(games.vassalage, vassalage), eq(games.gameId, gameId), sql`${games.enabled}`))
      .orderBy(asc(games.id))
      .limit(1);
    return row ?? null;
  }

  /** What an icon shows; node ids are the same in every merchant's catalogue. */
  async iconSource(nodeId: number): Promise<{ nameEn: string; gameType: string } | null> {
    const [row] = await this.db
      .select({ nameEn: games.nameEn, gameType: games.gameType })
      .from(games)
      .where(eq(games.nodeId, nodeId))
      .orderBy(asc(games.id))
      .limit(1);
    return row ?? null;
  }

  /** Lottery games of one prize mode (Lott, ZY, Elott). */
  async lottery(merchantCode: string, prizeMode: string): Promise<GameRow[]> {
    return this.db
      .select()
      .from(games)
      .where(and(eq(games.merchantCode, merchantCode), sql`${games.enabled}`, eq(games.prizeMode, prizeMode)))
      .orderBy(asc(games.gameType), asc(games.sort), asc(games.id));
  }

  async vendor(code: string): Promise<VendorRow | null> {
    const [row] = await this.db.select().from(gameVendors).where(eq(gameVendors.code, code));
    return row ?? null;
  }

  /** The merchant's lobby categories with their vendors, in order. */
  async categories(merchantCode: string) {
    return this.db
      .select({
        gameCategory: vendorCategories.gameCategory,
        gameType: vendorCategories.gameType,
        vassalage: vendorCategories.vassalage,
        accountTypeName: gameVendors.accountTypeName,
      })
      .from(vendorCategories)
      .innerJoin(gameVendors, eq(gameVendors.code, vendorCategories.vassalage))
      .where(eq(vendorCategories.merchantCode, merchantCode))
      .orderBy(asc(vendorCategories.gameCategory), asc(vendorCategories.sort));
  }

  /** Vendors with games at this merchant: per vendor and game type, the number of games. */
  async vendors(merchantCode: string) {
    return rows<{ code: string; name: string; game_type: string; games: number }>(
      this.db,
      sql`SELECT v.code, v.name, g.game_type, count(*)::int AS games
          FROM games g JOIN game_vendors v ON v.code = g.vassalage
          WHERE g.merchant_code = ${merchantCode} AND g.enabled
          GROUP BY v.code, v.name, v.sort, g.game_type
          ORDER BY v.sort, g.game_type`,
    );
  }

  async hotMatches(merchantCode: string): Promise<HotMatchRow[]> {
    return this.db.select().from(hotMatches).where(eq(hotMatches.merchantCode, merchantCode)).orderBy(asc(hotMatches.sort), asc(hotMatches.id));
  }

  /** The jackpot now: base plus per-second growth since it started. */
  async jackpot(merchantCode: string): Promise<{ amount: number; currency: string; perSecond: number; asOf: Date } | null> {
    const [row] = await rows<{ amount: string | number; currency: string; per_second: string | number; as_of: string | Date }>(
      this.db,
      sql`SELECT base_amount + per_second * floor(extract(epoch FROM now() - started_at))::bigint AS amount,
                 currency, per_second, now() AS as_of
          FROM ${jackpots} WHERE merchant_code = ${merchantCode}`,
    );
    if (!row) return null;
    return { amount: Number(row.amount), currency: row.currency, perSecond: Number(row.per_second), asOf: new Date(row.as_of) };
  }
}
