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
    t: { memberId: number; sessionHash: string; merchantCode: string; nodeId: number | null },
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
      .where(and(eq(gameTokens.tokenHash, sha256(token)), eq(gameTokens.kind, 'PLAY'), liveSession()));
    return row ?? null;
  }
}
