/**
 * Members' feedback (/m/feedback, FEEDBACK3) and the operator's reply. Images are uploaded one by
 * one first and named in the feedback, which takes at most 3 of the member's own unsent images
 * (server/modules/engagement/services/uploads.ts, shared with promotion applications); the content's word count must lie within the
 * tenant's settings.feedback (spec section 5: "between {0} and {1} words").
 */
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Platform } from '../../../platform';
import type { Feedback, FeedbackPage, OpsFeedback, SubmitBody } from '../../../../src/generated/api/feedback';
import type { Tenant } from '../../../../src/generated/tenant';
import { feedback, members } from '../../../db/schema';
import { ApiError } from '../../../errors';
import { writeAudit } from '../../../ops/audit';
import { assertMerchant, OpsRefusal, type OpsActor } from '../../../ops/types';
import { attachImages, attachedCounts } from './uploads';

/** Word counts when the tenant names none. */
const DEFAULT_FEEDBACK_WORDS = { minWords: 5, maxWords: 500 } as const;

function feedbackWords(tenant: Tenant): { minWords: number; maxWords: number } {
  return tenant.settings.feedback ?? DEFAULT_FEEDBACK_WORDS;
}

/** Words as a reader counts them: runs of anything but white space. */
function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/u).length;
}

type Row = typeof feedback.$inferSelect;

function present(row: Row, images: number): Feedback {
  return {
    id: row.id,
    type: row.type as Feedback['type'],
    content: row.content,
    images,
    createdAt: row.createdAt.toISOString(),
    ...(row.reply !== null ? { reply: row.reply } : {}),
    ...(row.repliedAt ? { repliedAt: row.repliedAt.toISOString() } : {}),
  };
}

/** Sends the member's feedback with the images named (the member's own, not yet sent). */
export async function submitFeedback(platform: Platform, tenant: Tenant, memberId: number, body: SubmitBody): Promise<Feedback> {
  const content = body.content.trim();
  const { minWords, maxWords } = feedbackWords(tenant);
  const words = countWords(content);
  if (words < minWords || words > maxWords) throw new ApiError('feedback.words', 400, { field: '/content', min: minWords, max: maxWords, words });
  const imageIds = body.imageIds ?? [];
  return platform.db.orm.transaction(async (tx) => {
    const [row] = await tx.insert(feedback).values({ merchantCode: tenant.merchantCode, memberId, type: body.type, content }).returning();
    // Someone else's image, or one already sent: nothing of this feedback is kept.
    await attachImages(tx, memberId, 'feedback', row.id, imageIds);
    return present(row, imageIds.length);
  });
}

export async function memberFeedback(platform: Platform, memberId: number, page: number, pageSize: number): Promise<FeedbackPage> {
  const [{ n }] = await platform.db.orm.select({ n: count() }).from(feedback).where(eq(feedback.memberId, memberId));
  const rows = await platform.db.orm
    .select()
    .from(feedback)
    .where(eq(feedback.memberId, memberId))
    .orderBy(desc(feedback.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const counts = await attachedCounts(platform.db.orm, 'feedback', rows.map((r) => r.id));
  const total = Number(n);
  return { list: rows.map((r) => present(r, counts.get(r.id) ?? 0)), pageNum: page, totalPages: Math.ceil(total / pageSize), total };
}

// ---- Operator actions ----

async function presentOps(platform: Platform, rows: (Row & { username: string })[]): Promise<OpsFeedback[]> {
  const counts = await attachedCounts(platform.db.orm, 'feedback', rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    merchantCode: r.merchantCode,
    username: r.username,
    type: r.type as OpsFeedback['type'],
    content: r.content,
    images: counts.get(r.id) ?? 0,
    createdAt: r.createdAt.toISOString(),
    ...(r.reply !== null ? { reply: r.reply } : {}),
    ...(r.repliedBy !== null ? { repliedBy: r.repliedBy } : {}),
    ...(r.repliedAt ? { repliedAt: r.repliedAt.toISOString() } : {}),
  }));
}

const withUsername = { row: feedback, username: members.username };

export async function listFeedback(platform: Platform, actor: OpsActor, opts: { merchant?: string; open?: boolean; limit?: number }): Promise<OpsFeedback[]> {
  if (opts.merchant) assertMerchant(actor, opts.merchant);
  const scope = opts.merchant ? [opts.merchant] : actor.merchantCodes;
  if (scope !== null && scope.length === 0) return [];
  const rows = await platform.db.orm
    .select(withUsername)
    .from(feedback)
    .innerJoin(members, eq(members.id, feedback.memberId))
    .where(and(scope === null ? undefined : inArray(feedback.merchantCode, [...scope]), opts.open ? isNull(feedback.reply) : undefined))
    .orderBy(desc(feedback.id))
    .limit(opts.limit ?? 50);
  return presentOps(platform, rows.map((r) => ({ ...r.row, username: r.username })));
}

export async function replyFeedback(platform: Platform, actor: OpsActor, id: number, text: string): Promise<OpsFeedback> {
  const reply = text.trim();
  if (!reply) throw new OpsRefusal('validation.failed', 'reply: not only spaces');
  const row = await platform.db.orm.transaction(async (tx) => {
    const [found] = await tx.select(withUsername).from(feedback).innerJoin(members, eq(members.id, feedback.memberId)).where(eq(feedback.id, id)).for('update', { of: feedback });
    // Another merchant's feedback is as unknown as a missing one.
    if (!found || (actor.merchantCodes !== null && !actor.merchantCodes.includes(found.row.merchantCode))) {
      throw new OpsRefusal('feedback.not.found', `no feedback ${id}`);
    }
    const [updated] = await tx.update(feedback).set({ reply, repliedBy: actor.actor, repliedAt: new Date() }).where(eq(feedback.id, id)).returning();
    await writeAudit(tx, actor, {
      action: 'feedback.reply',
      merchantCode: found.row.merchantCode,
      targetType: 'feedback',
      targetId: id,
      before: { reply: found.row.reply },
      after: { reply },
    });
    return { ...updated, username: found.username };
  });
  return (await presentOps(platform, [row]))[0];
}
