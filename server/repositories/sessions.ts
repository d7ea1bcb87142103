import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { compactDecrypt, CompactEncrypt } from 'jose';
import type { Db, Executor } from '../db/client';
import { gameTokens, members, playerLimits, sessions } from '../db/schema';
import { walletSql } from '../money';
import type { MemberRow } from './members';
import { newToken, sha256 } from '../lib/tokens';

/** How long a token replaced by a renewal keeps working, for requests already in flight. */
const ROTATION_GRACE_SECONDS = 10;

export interface SessionRow {
  tokenHash: string;
  memberId: number;
  merchantCode: string;
  firstLogin: boolean;
  expiresAt: Date;
  /** When the login began (renewals carry it over): the session time limit counts from here. */
  createdAt: Date;
  /** The login this token belongs to (its first token's hash; renewals carry it over). */
  loginId: string;
}

/** A member's session time limit as stored: the value in force and a change waiting for its time. */
export interface SessionLimitRow {
  value: number | null;
  pendingSet: boolean;
  effectiveAt: Date | null;
}

const SESSION_LIMIT_COLUMNS = {
  value: playerLimits.value,
  pendingSet: playerLimits.pendingSet,
  effectiveAt: playerLimits.effectiveAt,
};

/** The columns of a SessionRow, for a select of sessions (alone or joined). */
export const SESSION_COLUMNS = {
  tokenHash: sessions.tokenHash,
  memberId: sessions.memberId,
  merchantCode: sessions.merchantCode,
  firstLogin: sessions.firstLogin,
  expiresAt: sessions.expiresAt,
  createdAt: sessions.createdAt,
  loginId: sessions.loginId,
};

/** A live session: not revoked, not expired. */
export const liveSession = () => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

/** Sessions live in the database (any instance validates any token); only the token's hash is stored. */
/** The live session (not revoked, not expired) with this token hash, read through `tx`. */
export async function liveSessionByHash(tx: Executor, tokenHash: string): Promise<SessionRow | null> {
  const [row] = await tx.select(SESSION_COLUMNS).from(sessions).where(and(eq(sessions.tokenHash, tokenHash), liveSession()));
  return row ?? null;
}

/**
 * A live session by token hash, with its member, the member's session time limit row and its
 * wallet (the header's balance is read on most pages: the wallet read costs no second statement).
 */
function sessionWithMemberQuery(db: Db) {
  return db
    .select({ session: SESSION_COLUMNS, member: members, sessionLimit: SESSION_LIMIT_COLUMNS, wallet: walletSql(sql`${sessions.memberId}`) })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .leftJoin(playerLimits, and(eq(playerLimits.memberId, sessions.memberId), eq(playerLimits.kind, 'session'), eq(playerLimits.period, 'session')))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), liveSession()))
    .prepare('session_with_member');
}

export class SessionRepository {
  /** findWithMember's statement, built once (it runs on every member call) and prepared by name on each connection. */
  private readonly sessionWithMember: ReturnType<typeof sessionWithMemberQuery>;

  constructor(
    private readonly db: Db,
    private readonly ttlMinutes: number,
    private readonly maxDays: number,
  ) {
    this.sessionWithMember = sessionWithMemberQuery(db);
  }

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

  /**
   * The live session (not revoked, not expired) of `token` with its member and the member's
   * session time limit row (null: none set), in one read: every member request starts so.
   */
  async findWithMember(
    token: string,
  ): Promise<{ session: SessionRow; member: MemberRow; sessionLimit: SessionLimitRow | null; wallet: { id: number; balance: number; currency: string } | null } | null> {
    const [row] = await this.sessionWithMember.execute({ tokenHash: sha256(token) });
    return row ?? null;
  }

  /**
   * Renewal with rotation: a new token carries the session on (same login, same absolute end,
   * the game tokens follow it); the old one is marked rotated and dies after a short grace. A
   * token is renewed once: renewing it again during its grace answers the same new token (the
   * first answer may never have arrived: a page reloaded, two tabs, a retry), never a second
   * session; after the grace, or once the new token has been renewed in turn, it fails.
   */
  async renew(token: string): Promise<{ token: string; expiresAt: Date } | null> {
    const tokenHash = sha256(token);
    const next = newToken();
    const sealed = await sealSuccessor(token, next);
    const renewed = await this.db.transaction(async (tx) => {
      const [old] = await tx
        .update(sessions)
        .set({
          rotatedAt: sql`now()`,
          expiresAt: sql`least(${sessions.expiresAt}, now() + make_interval(secs => ${ROTATION_GRACE_SECONDS}))`,
          successorSealed: sealed,
        })
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
      const hash = sha256(next);
      const expiresAt = this.expiry(old.endsAt);
      await tx.insert(sessions).values({ tokenHash: hash, ...old, expiresAt });
      await tx.update(gameTokens).set({ sessionHash: hash }).where(eq(gameTokens.sessionHash, tokenHash));
      return { token: next, expiresAt };
    });
    return renewed ?? (await this.answeredRenewal(token, tokenHash));
  }

  /**
   * The renewal already made of a token still in its grace: its new token (unsealed with the old
   * one), while that new token is live and has not been renewed itself.
   */
  private async answeredRenewal(token: string, tokenHash: string): Promise<{ token: string; expiresAt: Date } | null> {
    const [old] = await this.db
      .select({ sealed: sessions.successorSealed })
      .from(sessions)
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), isNotNull(sessions.rotatedAt), gt(sessions.expiresAt, sql`now()`)));
    const successor = old?.sealed ? await unsealSuccessor(token, old.sealed) : null;
    if (!successor) return null;
    const [live] = await this.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(and(eq(sessions.tokenHash, sha256(successor)), isNull(sessions.revokedAt), isNull(sessions.rotatedAt), gt(sessions.expiresAt, sql`now()`)));
    return live ? { token: successor, expiresAt: live.expiresAt } : null;
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

/** The key that seals a token's successor: derived from the token itself, which the database never holds. */
const successorKey = (token: string): Uint8Array => createHash('sha256').update(`session-successor:${token}`).digest();

async function sealSuccessor(token: string, successor: string): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(successor)).setProtectedHeader({ alg: 'dir', enc: 'A256GCM' }).encrypt(successorKey(token));
}

async function unsealSuccessor(token: string, sealed: string): Promise<string | null> {
  try {
    const { plaintext } = await compactDecrypt(sealed, successorKey(token), { keyManagementAlgorithms: ['dir'], contentEncryptionAlgorithms: ['A256GCM'] });
    return new TextDecoder().decode(plaintext);
  } catch {
    return null;
  }
}
