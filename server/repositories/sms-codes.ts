import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { smsCodes } from '../db/schema';
import { randomDigits, sameHash, sha256 } from '../lib/tokens';

export const SMS_CODE_TTL_MINUTES = 5;
export const SMS_CODE_MAX_ATTEMPTS = 5;
const SMS_CODE_LENGTH = 6;

/**
 * What a code may be used for: VERIFY (register, SMS login, set password), RESET (password reset),
 * PAYPW (payment password reset: never accepted for the login password, nor the other way).
 */
export type SmsPurpose = 'VERIFY' | 'RESET' | 'PAYPW';

const hashOf = (id: number, code: string) => sha256(`${id}:${code}`);

export class SmsCodeRepository {
  constructor(private readonly db: Db) {}

  /**
   * Issues a new code for an international number (+<dialing code><number>); earlier unused codes
   * for the same number and purpose stop working.
   */
  async issue(merchantCode: string, phone: string, purpose: SmsPurpose): Promise<string> {
    const code = randomDigits(SMS_CODE_LENGTH);
    await this.db.transaction(async (tx) => {
      await tx
        .update(smsCodes)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(smsCodes.merchantCode, merchantCode), eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.consumedAt)));
      const [row] = await tx
        .insert(smsCodes)
        .values({
          merchantCode,
          phone,
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
   * Checks a code sent to an international number without using it up; returns the row id to
   * `consume` in the caller's write transaction, or null. Every check takes one attempt of the
   * latest live code in a single conditional UPDATE (committed at once, so a failing request
   * still counts): concurrent guesses can never get past SMS_CODE_MAX_ATTEMPTS.
   */
  async check(merchantCode: string, phone: string, purposes: SmsPurpose[], code: string): Promise<number | null> {
    const latest = this.db
      .select({ id: smsCodes.id })
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.merchantCode, merchantCode),
          eq(smsCodes.phone, phone),
          inArray(smsCodes.purpose, purposes),
          isNull(smsCodes.consumedAt),
          gt(smsCodes.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(smsCodes.id))
      .limit(1);
    const [row] = await this.db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(and(eq(smsCodes.id, sql`(${latest})`), lt(smsCodes.attempts, SMS_CODE_MAX_ATTEMPTS), isNull(smsCodes.consumedAt)))
      .returning({ id: smsCodes.id, codeHash: smsCodes.codeHash });
    if (!row) return null;
    return sameHash(row.codeHash, hashOf(row.id, code)) ? row.id : null;
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
