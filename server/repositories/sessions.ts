import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { sessions } from '../db/schema';
import { newToken, sha256 } from '../lib/tokens';

export interface SessionRow {
  tokenHash: string;
  memberId: number;
  merchantCode: string;
  firstLogin: boolean;
  expiresAt: Date;
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
    })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
  return row ?? null;
}

export class SessionRepository {
  constructor(
    private readonly db: Db,
    private readonly ttlMinutes: number,
  ) {}

  private expiry(): Date {
    return new Date(Date.now() + this.ttlMinutes * 60_000);
  }

  async create(
    tx: Executor,
    s: { memberId: number; merchantCode: string; ip: string; firstLogin: boolean },
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = newToken();
    const expiresAt = this.expiry();
    await tx.insert(sessions).values({ tokenHash: sha256(token), ...s, expiresAt });
    return { token, expiresAt };
  }

  /** The live session of a token: not revoked, not expired. */
  async find(token: string): Promise<SessionRow | null> {
    return liveSessionByHash(this.db, sha256(token));
  }

  async renew(tokenHash: string): Promise<Date | null> {
    const expiresAt = this.expiry();
    const done = await this.db
      .update(sessions)
      .set({ expiresAt })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
      .returning({ tokenHash: sessions.tokenHash });
    return done.length === 1 ? expiresAt : null;
  }

  async revoke(tokenHash: string): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
  }

  /** Revokes every session of a member (after a password change), optionally keeping one. */
  async revokeAll(tx: Executor, memberId: number, keepTokenHash?: string): Promise<void> {
    const conditions = [eq(sessions.memberId, memberId), isNull(sessions.revokedAt)];
    if (keepTokenHash) conditions.push(ne(sessions.tokenHash, keepTokenHash));
    await tx.update(sessions).set({ revokedAt: sql`now()` }).where(and(...conditions));
  }
}
