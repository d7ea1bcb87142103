/**
 * Operators publish player notices (type PL, /m/notice and the home notice bar) and agent
 * announcements (type A, /m/member/notice for agents), list and withdraw them, each with its
 * audit row. The site shows a change within the announcements' content cache (a few seconds).
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Platform } from '../../../platform';
import { announcementReads, announcements, merchants } from '../../../db/schema';
import { writeAudit } from '../../../ops/audit';
import { opsScope } from '../../../ops/scope';
import { assertMerchant, OpsRefusal, type OpsActor } from '../../../ops/types';

/** The announcement types operators publish from the CLI: player notices and agent announcements. */
export const NOTICE_TYPES = ['PL', 'A'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

export interface PublishInput {
  merchant: string;
  type: NoticeType;
  title: string;
  content: string;
  /** Only for readers of this language (EN, TY, ...); omitted: every language. */
  lang?: string;
  sort?: number;
}

export type AnnouncementRow = typeof announcements.$inferSelect;

export async function publishAnnouncement(platform: Platform, actor: OpsActor, input: PublishInput): Promise<AnnouncementRow> {
  assertMerchant(actor, input.merchant);
  const title = input.title.trim();
  const content = input.content.trim();
  if (!title) throw new OpsRefusal('validation.failed', 'title: not only spaces');
  if (!content) throw new OpsRefusal('validation.failed', 'content: not only spaces');
  if (!(NOTICE_TYPES as readonly string[]).includes(input.type)) throw new OpsRefusal('validation.failed', `type: one of ${NOTICE_TYPES.join(', ')}`);
  if (input.lang !== undefined && !/^[A-Z]{2}$/.test(input.lang)) throw new OpsRefusal('validation.failed', 'lang: two capital letters (EN, TY)');
  return platform.db.orm.transaction(async (tx) => {
    const [merchant] = await tx.select({ code: merchants.code }).from(merchants).where(eq(merchants.code, input.merchant));
    if (!merchant) throw new OpsRefusal('not.found', `no merchant ${input.merchant}`);
    const [row] = await tx
      .insert(announcements)
      .values({ merchantCode: input.merchant, type: input.type, title, content, lang: input.lang ?? null, sort: input.sort ?? 0 })
      .returning();
    await writeAudit(tx, actor, { action: 'announcement.publish', merchantCode: input.merchant, targetType: 'announcement', targetId: row.id, after: row });
    return row;
  });
}

/** The player notices and agent announcements of the actor's merchants, newest first. */
export async function listAnnouncements(platform: Platform, actor: OpsActor, o: { merchant?: string; limit: number }): Promise<AnnouncementRow[]> {
  if (o.merchant !== undefined) assertMerchant(actor, o.merchant);
  return platform.db.orm
    .select()
    .from(announcements)
    .where(and(...opsScope(actor, announcements.merchantCode, inArray(announcements.type, [...NOTICE_TYPES])), o.merchant === undefined ? undefined : eq(announcements.merchantCode, o.merchant)))
    .orderBy(desc(announcements.id))
    .limit(o.limit);
}

/** Withdraws a notice: gone from the site with its read marks. */
export async function removeAnnouncement(platform: Platform, actor: OpsActor, id: number): Promise<AnnouncementRow> {
  return platform.db.orm.transaction(async (tx) => {
    const [found] = await tx.select().from(announcements).where(eq(announcements.id, id)).for('update');
    // Another merchant's notice, or a banner or popup, is as unknown as a missing one.
    if (!found || !(NOTICE_TYPES as readonly string[]).includes(found.type) || (actor.merchantCodes !== null && !actor.merchantCodes.includes(found.merchantCode))) {
      throw new OpsRefusal('not.found', `no notice ${id}`);
    }
    await tx.delete(announcementReads).where(eq(announcementReads.announcementId, id));
    await tx.delete(announcements).where(eq(announcements.id, id));
    await writeAudit(tx, actor, { action: 'announcement.remove', merchantCode: found.merchantCode, targetType: 'announcement', targetId: id, before: found });
    return found;
  });
}
