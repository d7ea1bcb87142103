import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { gameTokens, sessions } from '../db/schema';
import { newToken, sha256 } from '../lib/tokens';
import { liveSession, liveSessionByHash, SESSION_COLUMNS, type SessionRow } from './sessions';

/** A launch token opens the game once, within this time. */
const LAUNCH_TTL_MS = 2 * 60_000;

export interface PlayGrant {
  memberId: number;
  merchantCode: string;
  nodeId: number | null;
  session: SessionRow;
}

/** An outside vendor's play token: its member, game, catalogue vendor and session; `expired` once the token or its session is over. */
export interface VendorGrant extends PlayGrant {
  vendor: string;
  expired: boolean;
}

/**
 * Tokens of launched games. LAUNCH: short-lived and single use, carried in the launch URL.
 * PLAY: what the in-house game exchanges it for; it lives as long as the member session that
 * launched the game (a logout or a password change ends it too) and gives access to the game's
 * spins only, never to the member's account.
 */
export class GameTokenRepository {
  constructor(private readonly db: Db) {}

  async issueLaunch(
    tx: Executor,
    t: { memberId: number; sessionHash: string; merchantCode: string; nodeId: number | null; vendor?: string | null },
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + LAUNCH_TTL_MS);
    // The member's launch tokens past their time are of no use any more.
    await tx.delete(gameTokens).where(and(eq(gameTokens.memberId, t.memberId), eq(gameTokens.kind, 'LAUNCH'), lt(gameTokens.expiresAt, sql`now()`)));
    await tx.insert(gameTokens).values({ tokenHash: sha256(token), kind: 'LAUNCH', ...t, expiresAt });
    return { token, expiresAt };
  }

  /**
   * Spends a launch token of one of `vassalage`'s games at `merchantCode` (once) for a play
   * token; null when unknown, used, expired, of another vendor or merchant, or its session ended.
   */
  async exchange(launchToken: string, merchantCode: string, vassalage: string): Promise<{ token: string; grant: PlayGrant } | null> {
    return this.db.transaction(async (tx) => {
      const [spent] = await tx
        .update(gameTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(gameTokens.tokenHash, sha256(launchToken)),
            eq(gameTokens.kind, 'LAUNCH'),
            eq(gameTokens.merchantCode, merchantCode),
            isNull(gameTokens.usedAt),
            gt(gameTokens.expiresAt, sql`now()`),
            sql`EXISTS (SELECT 1 FROM games g WHERE g.merchant_code = game_tokens.merchant_code AND g.node_id = game_tokens.node_id AND g.vassalage = ${vassalage})`,
          ),
        )
        .returning();
      if (!spent) return null;
      const session = await liveSessionByHash(tx, spent.sessionHash);
      if (!session) return null;
      const token = newToken();
      await tx.insert(gameTokens).values({
        tokenHash: sha256(token),
        kind: 'PLAY',
        memberId: spent.memberId,
        sessionHash: spent.sessionHash,
        merchantCode: spent.merchantCode,
        nodeId: spent.nodeId,
        expiresAt: session.expiresAt,
      });
      return { token, grant: { memberId: spent.memberId, merchantCode: spent.merchantCode, nodeId: spent.nodeId, session } };
    });
  }

  /**
   * An outside vendor's session/open: spends a launch token issued for one of `vendors` (the
   * catalogue vendors it serves) once, for a play token of that vendor that lives as long as the
   * launching session. `expired` when the token was used, is past its time or its session ended;
   * null when unknown or of another vendor.
   */
  async exchangeVendor(launchToken: string, vendors: readonly string[]): Promise<{ token: string; grant: VendorGrant } | { expired: true } | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(gameTokens)
        .where(and(eq(gameTokens.tokenHash, sha256(launchToken)), eq(gameTokens.kind, 'LAUNCH')))
        .for('update');
      if (!row || row.vendor === null || !vendors.includes(row.vendor)) return null;
      if (row.usedAt !== null || row.expiresAt.getTime() <= Date.now()) return { expired: true as const };
      const session = await liveSessionByHash(tx, row.sessionHash);
      if (!session) return { expired: true as const };
      await tx.update(gameTokens).set({ usedAt: sql`now()` }).where(eq(gameTokens.tokenHash, row.tokenHash));
      const token = newToken();
      await tx.insert(gameTokens).values({
        tokenHash: sha256(token),
        kind: 'PLAY',
        memberId: row.memberId,
        sessionHash: row.sessionHash,
        merchantCode: row.merchantCode,
        nodeId: row.nodeId,
        vendor: row.vendor,
        expiresAt: session.expiresAt,
      });
      return { token, grant: { memberId: row.memberId, merchantCode: row.merchantCode, nodeId: row.nodeId, vendor: row.vendor, session, expired: false } };
    });
  }

  /**
   * An outside vendor's play token, live or not (wins and rollbacks never look at expiry): null
   * when unknown (or deleted by housekeeping once expired) or of another vendor.
   */
  async findVendorPlay(token: string, vendors: readonly string[]): Promise<VendorGrant | null> {
    const [row] = await this.db
      .select({
        memberId: gameTokens.memberId,
        merchantCode: gameTokens.merchantCode,
        nodeId: gameTokens.nodeId,
        vendor: gameTokens.vendor,
        expiresAt: gameTokens.expiresAt,
        session: SESSION_COLUMNS,
        revokedAt: sessions.revokedAt,
      })
      .from(gameTokens)
      .innerJoin(sessions, eq(sessions.tokenHash, gameTokens.sessionHash))
      .where(and(eq(gameTokens.tokenHash, sha256(token)), eq(gameTokens.kind, 'PLAY')));
    if (!row || row.vendor === null || !vendors.includes(row.vendor)) return null;
    const now = Date.now();
    const expired = row.expiresAt.getTime() <= now || row.session.expiresAt.getTime() <= now || row.revokedAt !== null;
    return { memberId: row.memberId, merchantCode: row.merchantCode, nodeId: row.nodeId, vendor: row.vendor, session: row.session, expired };
  }

  /** The grant of a play token whose session is still live. */
  async findPlay(token: string): Promise<PlayGrant | null> {
    const [row] = await this.db
      .select({
        memberId: gameTokens.memberId,
        merchantCode: gameTokens.merchantCode,
        nodeId: gameTokens.nodeId,
        session: SESSION_COLUMNS,
      })
      .from(gameTokens)
      .innerJoin(sessions, eq(sessions.tokenHash, gameTokens.sessionHash))
      // An outside vendor's play token is the vendor's, never an in-house game's.
      .where(and(eq(gameTokens.tokenHash, sha256(token)), eq(gameTokens.kind, 'PLAY'), isNull(gameTokens.vendor), liveSession()));
    return row ?? null;
  }
}
