/**
 * Images a member uploads before sending what they belong to (a feedback, a promotion
 * application): each is checked on upload (server/lib/images.ts: png or jpg by its magic bytes,
 * at most 5 MB), kept staged, then attached by id when the feedback or application is sent, at
 * most 3 of the member's own staged images of that purpose (spec section 5: "images png or jpg,
 * max 5 MB each, up to 3"). One table (member_images) serves every purpose.
 */
import { and, count, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Actor, Platform } from '../../../platform';
import type { Executor, Tx } from '../../../db/client';
import { memberImages, type ImagePurpose } from '../../../db/schema';
import { ApiError, validationError } from '../../../errors';
import { uploadedImage, type ImageType } from '../../../lib/images';
import { assertRealMember } from '../../account';
import { lockMember } from '../../../money';

/** Images one feedback or application takes. */
export const MAX_ATTACHED_IMAGES = 3;
/** Staged images a member may hold per purpose; staged ones older than a day are dropped first. */
const MAX_UNSENT_IMAGES = 9;
const UNSENT_TTL_MS = 86_400_000;

/** Keeps one image for the member's next feedback or application; answers its id. */
async function stageImage(platform: Platform, memberId: number, purpose: ImagePurpose, image: { type: ImageType; data: Buffer }): Promise<number> {
  return platform.db.orm.transaction(async (tx) => {
    // One member's uploads are counted one after another.
    await lockMember(tx, memberId);
    const staged = and(eq(memberImages.memberId, memberId), eq(memberImages.purpose, purpose), isNull(memberImages.ownerId));
    await tx.delete(memberImages).where(and(staged, lt(memberImages.createdAt, new Date(Date.now() - UNSENT_TTL_MS))));
    const [{ n }] = await tx.select({ n: count() }).from(memberImages).where(staged);
    if (Number(n) >= MAX_UNSENT_IMAGES) throw new ApiError('rate.limited', 429);
    const [row] = await tx.insert(memberImages).values({ memberId, purpose, contentType: image.type, data: image.data }).returning({ id: memberImages.id });
    return row.id;
  });
}

/** An upload route's handler: the signed-in real member's raw image body, checked and staged. */
export async function stageUploadedImage(platform: Platform, actor: Actor, purpose: ImagePurpose, contentType: string | undefined, body: unknown): Promise<{ id: number }> {
  const member = actor.auth!.member;
  assertRealMember(member);
  const image = uploadedImage(contentType, body);
  return { id: await stageImage(platform, member.id, purpose, image) };
}

/**
 * Attaches the member's staged images `ids` to `ownerId` in the caller's transaction. More than 3,
 * or an id that is not the member's staged image of this purpose (someone else's, one already
 * sent, a feedback image named in an application), is a 400 on `field` and the caller's
 * transaction rolls back: nothing of the feedback or application is kept.
 */
export async function attachImages(tx: Tx, memberId: number, purpose: ImagePurpose, ownerId: number, ids: readonly number[], field = '/imageIds'): Promise<void> {
  if (ids.length > MAX_ATTACHED_IMAGES) throw validationError(field, { location: 'body', messageKey: 'image_count', reason: `at most ${MAX_ATTACHED_IMAGES} images` });
  if (new Set(ids).size !== ids.length) throw validationError(field, { location: 'body', reason: 'an image named twice' });
  if (ids.length === 0) return;
  const attached = await tx
    .update(memberImages)
    .set({ ownerId })
    .where(and(inArray(memberImages.id, [...ids]), eq(memberImages.memberId, memberId), eq(memberImages.purpose, purpose), isNull(memberImages.ownerId)))
    .returning({ id: memberImages.id });
  if (attached.length !== ids.length) throw validationError(field, { location: 'body', reason: 'not your unsent image' });
}

/** Drops the images sent with `ownerId` (an application sent again replaces them). */
export async function detachImages(tx: Tx, purpose: ImagePurpose, ownerId: number): Promise<void> {
  await tx.delete(memberImages).where(and(eq(memberImages.purpose, purpose), eq(memberImages.ownerId, ownerId)));
}

/** How many images each owner was sent with. */
export async function attachedCounts(db: Executor, purpose: ImagePurpose, ownerIds: readonly number[]): Promise<Map<number, number>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await db
    .select({ ownerId: memberImages.ownerId, n: count() })
    .from(memberImages)
    .where(and(eq(memberImages.purpose, purpose), inArray(memberImages.ownerId, [...ownerIds])))
    .groupBy(memberImages.ownerId);
  return new Map(rows.map((r) => [Number(r.ownerId), Number(r.n)]));
}

/** The ids of the images sent with each owner, in upload order. */
export async function attachedImageIds(db: Executor, purpose: ImagePurpose, ownerIds: readonly number[]): Promise<Map<number, number[]>> {
  const byOwner = new Map<number, number[]>();
  if (ownerIds.length === 0) return byOwner;
  const rows = await db
    .select({ id: memberImages.id, ownerId: memberImages.ownerId })
    .from(memberImages)
    .where(and(eq(memberImages.purpose, purpose), inArray(memberImages.ownerId, [...ownerIds])))
    .orderBy(memberImages.id);
  for (const r of rows) byOwner.set(Number(r.ownerId), [...(byOwner.get(Number(r.ownerId)) ?? []), r.id]);
  return byOwner;
}

/** One sent image (for the back office's review), or null. */
export async function attachedImage(db: Executor, purpose: ImagePurpose, id: number): Promise<{ ownerId: number; contentType: string; data: Buffer } | null> {
  const [row] = await db
    .select({ ownerId: memberImages.ownerId, contentType: memberImages.contentType, data: memberImages.data })
    .from(memberImages)
    .where(and(eq(memberImages.id, id), eq(memberImages.purpose, purpose)));
  return row && row.ownerId !== null ? { ownerId: row.ownerId, contentType: row.contentType, data: row.data } : null;
}
