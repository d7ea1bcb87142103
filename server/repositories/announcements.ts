import { and, asc, count, eq, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { announcementReads, announcements } from '../db/schema';

export type AnnouncementRow = typeof announcements.$inferSelect;
export type AnnouncementType = 'B' | 'PL' | 'PU' | 'H' | 'A' | 'PR';

export interface AnnouncementQuery {
  merchantCode: string;
  types: AnnouncementType[];
  groupName: string;
  platform: string;
  lang: string;
}

export class AnnouncementRepository {
  constructor(private readonly db: Db) {}

  /** Rows of the given types for one page group, in the language or language-neutral. */
  async list(q: AnnouncementQuery): Promise<AnnouncementRow[]> {
    return this.db
      .select()
      .from(announcements)
      .where(
        and(
          eq(announcements.merchantCode, q.merchantCode),
          inArray(announcements.type, q.types),
          eq(announcements.groupName, q.groupName),
          eq(announcements.platform, q.platform),
          or(isNull(announcements.lang), eq(announcements.lang, q.lang)),
        ),
      )
      .orderBy(asc(announcements.sort), asc(announcements.id));
  }

  /** Ids among `ids` that the member has read. */
  async readIds(memberId: number, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const list = await this.db
      .select({ id: announcementReads.announcementId })
      .from(announcementReads)
      .where(and(eq(announcementReads.memberId, memberId), inArray(announcementReads.announcementId, ids)));
    return new Set(list.map((r) => r.id));
  }

  /** Agent announcements (type A) the member has not read. */
  async unreadAgentCount(merchantCode: string, memberId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(announcements)
      .where(
        and(
          eq(announcements.merchantCode, merchantCode),
          eq(announcements.type, 'A'),
          notExists(
            this.db
              .select({ one: sql`1` })
              .from(announcementReads)
              .where(and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.memberId, memberId))),
          ),
        ),
      );
    return Number(row.n);
  }

  async byId(merchantCode: string, id: number): Promise<AnnouncementRow | null> {
    const [row] = await this.db
      .select()
      .from(announcements)
      .where(and(eq(announcements.merchantCode, merchantCode), eq(announcements.id, id)));
    return row ?? null;
  }

  async markRead(memberId: number, announcementId: number): Promise<void> {
    await this.db.insert(announcementReads).values({ memberId, announcementId }).onConflictDoNothing();
  }
}
