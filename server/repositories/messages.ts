import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { messages } from '../db/schema';

export type MessageRow = typeof messages.$inferSelect;

/** A member's message inbox (message center). */
export class MessageRepository {
  constructor(private readonly db: Db) {}

  async unreadCount(memberId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.memberId, memberId), isNull(messages.readAt)));
    return Number(row.n);
  }

  async page(memberId: number, page: number, pageSize: number): Promise<{ list: MessageRow[]; total: number }> {
    const [{ n }] = await this.db.select({ n: count() }).from(messages).where(eq(messages.memberId, memberId));
    const list = await this.db
      .select()
      .from(messages)
      .where(eq(messages.memberId, memberId))
      .orderBy(desc(messages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { list, total: Number(n) };
  }

  /** False when the message does not exist or is not the member's. */
  async markRead(memberId: number, id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: messages.id, readAt: messages.readAt })
      .from(messages)
      .where(and(eq(messages.id, id), eq(messages.memberId, memberId)));
    if (!row) return false;
    if (!row.readAt) await this.db.update(messages).set({ readAt: sql`now()` }).where(eq(messages.id, id));
    return true;
  }

  /** Marks every unread message of the member read; answers how many were. */
  async markAllRead(memberId: number): Promise<number> {
    const rows = await this.db
      .update(messages)
      .set({ readAt: sql`now()` })
      .where(and(eq(messages.memberId, memberId), isNull(messages.readAt)))
      .returning({ id: messages.id });
    return rows.length;
  }

  /** False when the message does not exist or is not the member's. */
  async remove(memberId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(messages)
      .where(and(eq(messages.id, id), eq(messages.memberId, memberId)))
      .returning({ id: messages.id });
    return rows.length > 0;
  }
}
