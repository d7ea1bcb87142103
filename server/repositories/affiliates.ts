import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { affiliateCodes, members } from '../db/schema';

/** Invitation (affiliate) codes of agents. Codes compare case-insensitively, stored upper case. */
export class AffiliateRepository {
  constructor(private readonly db: Db) {}

  /** The agent behind a valid code for this domain (a code bound to another domain is invalid). */
  async resolve(merchantCode: string, code: string, domain: string, tx: Executor = this.db) {
    const [row] = await tx
      .select({ memberId: affiliateCodes.memberId, domain: affiliateCodes.domain, agent: members.username })
      .from(affiliateCodes)
      .innerJoin(members, eq(members.id, affiliateCodes.memberId))
      .where(
        and(
          eq(affiliateCodes.merchantCode, merchantCode),
          eq(affiliateCodes.code, code.toUpperCase()),
          eq(affiliateCodes.enabled, true),
          eq(members.status, 'ACTIVE'),
        ),
      );
    if (!row) return null;
    if (row.domain && row.domain.toLowerCase() !== domain.toLowerCase()) return null;
    return { memberId: row.memberId, agent: row.agent, code: code.toUpperCase() };
  }

  async create(tx: Executor, merchantCode: string, code: string, memberId: number, domain?: string): Promise<void> {
    await tx
      .insert(affiliateCodes)
      .values({ merchantCode, code: code.toUpperCase(), memberId, domain: domain ?? null })
      .onConflictDoUpdate({ target: [affiliateCodes.merchantCode, affiliateCodes.code], set: { memberId, domain: sql`excluded.domain` } });
  }
}
