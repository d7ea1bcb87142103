import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { members } from '../db/schema';
import { usernameSkeleton } from '../lib/username-skeleton';

export type MemberRow = typeof members.$inferSelect;
export type NewMember = typeof members.$inferInsert;

/** Member types of the spec: 0 player, 1 agent, 4 free-play trial. */
export const MEMBER_TYPE = { PLAYER: 0, AGENT: 1, TRIAL: 4 } as const;

export class MemberRepository {
  constructor(private readonly db: Db) {}

  async byId(id: number, tx: Executor = this.db): Promise<MemberRow | null> {
    const [row] = await tx.select().from(members).where(eq(members.id, id));
    return row ?? null;
  }

  async byUsername(merchantCode: string, username: string, tx: Executor = this.db): Promise<MemberRow | null> {
    const [row] = await tx
      .select()
      .from(members)
      .where(and(eq(members.merchantCode, merchantCode), sql`lower(${members.username}) = lower(${username})`));
    return row ?? null;
  }

  /** A member of the merchant whose username looks like `username`: the same confusable skeleton (server/lib/username-skeleton.ts). */
  async byLookalike(merchantCode: string, username: string, tx: Executor = this.db): Promise<MemberRow | null> {
    const [row] = await tx
      .select()
      .from(members)
      .where(and(eq(members.merchantCode, merchantCode), eq(members.usernameSkeleton, usernameSkeleton(username))))
      .limit(1);
    return row ?? null;
  }

  async byMobile(merchantCode: string, mobileNum: string, tx: Executor = this.db): Promise<MemberRow | null> {
    const [row] = await tx.select().from(members).where(and(eq(members.merchantCode, merchantCode), eq(members.mobileNum, mobileNum)));
    return row ?? null;
  }

  async create(tx: Executor, member: NewMember): Promise<MemberRow> {
    const [row] = await tx.insert(members).values(member).returning();
    return row;
  }

  async setPassword(tx: Executor, id: number, passwordHash: string): Promise<void> {
    await tx
      .update(members)
      .set({ passwordHash, mustChangePassword: false, tempPasswordHash: null, tempPasswordExpiresAt: null })
      .where(eq(members.id, id));
  }

  /**
   * A member's first password: written only while the member has none (true), so a member whose
   * password was set meanwhile (another tab, SMS) is never given one without the old one (false).
   */
  async setFirstPassword(tx: Executor, id: number, passwordHash: string): Promise<boolean> {
    const rows = await tx
      .update(members)
      .set({ passwordHash, mustChangePassword: false, tempPasswordHash: null, tempPasswordExpiresAt: null })
      .where(and(eq(members.id, id), sql`${members.passwordHash} IS NULL`))
      .returning({ id: members.id });
    return rows.length === 1;
  }

  /** Replaces a hash by one of the same password with current parameters (unless it changed meanwhile). */
  async replaceHash(tx: Executor, id: number, oldHash: string, newHash: string): Promise<void> {
    await tx.update(members).set({ passwordHash: newHash }).where(and(eq(members.id, id), eq(members.passwordHash, oldHash)));
  }

  /** A temporary password from the forgot-password e-mail; the old password keeps working meanwhile. */
  async setTempPassword(id: number, hash: string, expiresAt: Date): Promise<void> {
    await this.db.update(members).set({ tempPasswordHash: hash, tempPasswordExpiresAt: expiresAt }).where(eq(members.id, id));
  }

  /** A temporary password was used to log in: it becomes the password, to be changed at once. */
  async promoteTempPassword(tx: Executor, id: number): Promise<void> {
    await tx
      .update(members)
      .set({ passwordHash: sql`${members.tempPasswordHash}`, mustChangePassword: true, tempPasswordHash: null, tempPasswordExpiresAt: null })
      .where(eq(members.id, id));
  }

  async recordLogin(tx: Executor, id: number): Promise<void> {
    await tx.update(members).set({ lastLoginAt: sql`now()` }).where(eq(members.id, id));
  }

  async username(id: number | null): Promise<string | null> {
    if (id === null) return null;
    const [row] = await this.db.select({ username: members.username }).from(members).where(eq(members.id, id));
    return row?.username ?? null;
  }
}
