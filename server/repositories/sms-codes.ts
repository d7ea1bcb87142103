import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { smsCodes } from '../db/schema';
import { randomDigits, sameHash, sha256 } from '../lib/tokens';

export const SMS_CODE_TTL_MINUTES = 5;
export const SMS_CODE_MAX_ATTEMPTS = 5;
export const SMS_CODE_LENGTH = 6;

/** What a code may be used for: VERIFY (register, SMS login, set password), RESET (password reset). */
export type SmsPurpose = 'VERIFY' | 'RESET';

const hashOf = (id: number, code: string) => sha256(`${id}:${code}`);

export class SmsCodeRepository {
  constructor(private readonly db: Db) {}

  /** Issues a new code; earlier unused codes for the same number and purpose stop working. */
  async issue(merchantCode: string, mobileNum: string, purpose: SmsPurpose): Promise<string> {
    const code = randomDigits(SMS_CODE_LENGTH);
    await this.db.transaction(async (tx) => {
      await tx
        .update(smsCodes)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(smsCodes.merchantCode, merchantCode), eq(smsCodes.mobileNum, mobileNum), eq(smsCodes.purpose, purpose), isNull(smsCodes.consumedAt)));
      const [row] = await tx
        .insert(smsCodes)
        .values({
          merchantCode,
          mobileNum,
          purpose,
          codeHash: 'pending',
          expiresAt: new Date(Date.now() + SMS_CODE_TTL_MINUTES * 60_000),
        })
        .returning({ id: smsCodes.id });
      // The hash binds the code to its row id, so equal codes on two rows hash differently.
      await tx.update(smsCodes).set({ codeHash: hashOf(row.id, code) }).where(eq(smsCodes.id, row.id));
    });
    return code;
  }

  /**
   * Checks a code without using it up; returns the row id to `consume` in the caller's write
   * transaction, or null. A wrong guess counts against the attempt limit (committed at once,
   * so that a failing request still counts).
   */
  async check(merchantCode: string, mobileNum: string, purposes: SmsPurpose[], code: string): Promise<number | null> {
    const [row] = await this.db
      .select()
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.merchantCode, merchantCode),
          eq(smsCodes.mobileNum, mobileNum),
          inArray(smsCodes.purpose, purposes),
          isNull(smsCodes.consumedAt),
          gt(smsCodes.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(smsCodes.id))
      .limit(1);
    if (!row || row.attempts >= SMS_CODE_MAX_ATTEMPTS) return null;
    if (sameHash(row.codeHash, hashOf(row.id, code))) return row.id;
    await this.db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(eq(smsCodes.id, row.id));
    return null;
  }

  /** Marks a checked code used. False when another request used it first. */
  async consume(tx: Executor, id: number): Promise<boolean> {
    const used = await tx
      .update(smsCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(smsCodes.id, id), isNull(smsCodes.consumedAt)))
      .returning({ id: smsCodes.id });
    return used.length === 1;
  }
}
