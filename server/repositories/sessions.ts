import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { gameTokens, sessions } from '../db/schema';
import { newToken, sha256 } from '../lib/tokens';

/** How long a token replaced by a renewal keeps working, for requests already in flight. */
export const ROTATION_GRACE_SECONDS = 10;

export interface SessionRow {
  tokenHash: string;
  memberId: number;
  merchantCode: string;
  firstLogin: boolean;
  expiresAt: Date;
  /** When the login began (renewals carry it over): the session time limit counts from here. */
  createdAt: Date;
}

/** Sessions live in the database (any instance validates any token); only the token's hash is stored. */
/** The live session (not revoked, not expired) with this token hash, read through `tx`. */
export async function liveSessionByHash(tx: Executor, tokenHash: string): Promise<SessionRow | null> {
  const [row] = await tx
    .select({
      tokenHash: sessions.tokenHash,
      memberId: sessions.memberId,
      merchantCode: sessions.merchantCode,
      firstLogin: sessions.firstLogin,
      expiresAt: sessions.expiresAt,
      createdAt: sessions.createdAt,
    })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
  return row ?? null;
}

export class SessionRepository {
  constructor(
    private readonly db: Db,
    private readonly ttlMinutes: number,
    private readonly maxDays: number,
  ) {}

  /** The next expiry: the renewal window, never past the login's absolute end. */
  private expiry(endsAt: Date): Date {
    return new Date(Math.min(Date.now() + this.ttlMinutes * 60_000, endsAt.getTime()));
  }

  async create(
    tx: Executor,
    s: { memberId: number; merchantCode: string; ip: string; firstLogin: boolean },
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = newToken();
    const endsAt = new Date(Date.now() + this.maxDays * 86_400_000);
    const expiresAt = this.expiry(endsAt);
    const tokenHash = sha256(token);
    await tx.insert(sessions).values({ tokenHash, ...s, expiresAt, endsAt, loginId: tokenHash });
    return { token, expiresAt };
  }

  /** The live session of a token: not revoked, not expired. */
  async find(token: string): Promise<SessionRow | null> {
    return liveSessionByHash(this.db, sha256(token));
  }

  /**
   * Renewal with rotation: a new token carries the session on (same login, same absolute end,
   * the game tokens follow it); the old one is marked rotated and dies after a short grace. A
   * token can be renewed once: a second renewal of it (a copy held by someone else) fails.
   */
  async renew(tokenHash: string): Promise<{ token: string; expiresAt: Date } | null> {
    return this.db.transaction(async (tx) => {
      const [old] = await tx
        .update(sessions)
        .set({ rotatedAt: sql`now()`, expiresAt: sql`least(${sessions.expiresAt}, now() + make_interval(secs => ${ROTATION_GRACE_SECONDS}))` })
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), isNull(sessions.rotatedAt), gt(sessions.expiresAt, sql`now()`)))
        .returning({
          memberId: sessions.memberId,
          merchantCode: sessions.merchantCode,
          ip: sessions.ip,
          firstLogin: sessions.firstLogin,
          createdAt: sessions.createdAt,
          endsAt: sessions.endsAt,
          loginId: sessions.loginId,
        });
      if (!old) return null;
      const token = newToken();
      const hash = sha256(token);
      const expiresAt = this.expiry(old.endsAt);
      await tx.insert(sessions).values({ tokenHash: hash, ...old, expiresAt });
      await tx.update(gameTokens).set({ sessionHash: hash }).where(eq(gameTokens.sessionHash, tokenHash));
      return { token, expiresAt };
    });
  }

  /** Logout: ends the login of this token, including a token it replaced that is still in its grace. */
  async revoke(tokenHash: string): Promise<void> {
    const login = this.db.select({ loginId: sessions.loginId }).from(sessions).where(eq(sessions.tokenHash, tokenHash));
    await this.db.update(sessions).set({ revokedAt: sql`now()` }).where(and(inArray(sessions.loginId, login), isNull(sessions.revokedAt)));
  }

  /** Revokes every session of a member (after a password change), optionally keeping one. */
  async revokeAll(tx: Executor, memberId: number, keepTokenHash?: string): Promise<void> {
    const conditions = [eq(sessions.memberId, memberId), isNull(sessions.revokedAt)];
    if (keepTokenHash) conditions.push(ne(sessions.tokenHash, keepTokenHash));
    await tx.update(sessions).set({ revokedAt: sql`now()` }).where(and(...conditions));
  }
}
