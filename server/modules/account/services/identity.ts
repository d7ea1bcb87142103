/**
 * Identity verification (KYC). The member submits the details (POST), then each image as a raw
 * body (PUT per side: front, back, selfie with the ID) on the pending check; an operator approves
 * or rejects it. The unique index identity_checks_one_open keeps one pending or approved check
 * per member; after a rejection a new one may be submitted. On approval the check's real name
 * becomes the member's verified real name (members.payee_name, the spec's payeeName), which
 * payout accounts must carry. The member never gets the images back, only which were received.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Platform } from '../../../platform';
import type { IdentityDetails, IdentityStatus } from '../../../../src/generated/api/security-centre';
import { tenantTimeZone } from '../../../../src/lib/app-config';
import type { Tenant } from '../../../../src/generated/tenant';
import type { Executor } from '../../../db/client';
import { identityChecks, identityImages, members, type IdentityState } from '../../../db/schema';
import { ApiError, validationError } from '../../../errors';
import type { ImageType } from '../../../lib/images';
import { assertRealMember } from '../../../lib/route';
import { zoneDay } from '../../../lib/time-zone';
import { writeAudit } from '../../../ops/audit';
import { opsScope } from '../../../ops/scope';
import { assertMerchant, OpsRefusal, type OpsActor } from '../../../ops/types';
import { identityPersonKey } from './person';
import { uniqueViolation } from '../../../db/unique';
import { lockMember } from '../../../money';

/** Free-trial accounts (type 4) play with trial money: they have no identity, payout account or withdrawal. */
export { assertRealMember };

export type ImageSide = 'front' | 'back' | 'selfie';
const IMAGE_SIDES: readonly ImageSide[] = ['front', 'back', 'selfie'];

/** Compares names as people write them: letter case and repeated spaces aside. */
export function sameName(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
  return norm(a) === norm(b);
}

/** Whole years from a YYYY-MM-DD birthday to a YYYY-MM-DD day; null for a date that does not exist. */
export function ageOn(birthday: string, today: string): number | null {
  const [y, m, d] = birthday.split('-').map(Number);
  const born = new Date(Date.UTC(y, m - 1, d));
  if (born.getUTCFullYear() !== y || born.getUTCMonth() !== m - 1 || born.getUTCDate() !== d) return null;
  const [ty, tm, td] = today.split('-').map(Number);
  const age = ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
  return age;
}

type CheckRow = typeof identityChecks.$inferSelect;

async function latestCheck(db: Executor, memberId: number): Promise<CheckRow | null> {
  const [row] = await db.select().from(identityChecks).where(eq(identityChecks.memberId, memberId)).orderBy(desc(identityChecks.id)).limit(1);
  return row ?? null;
}

async function sidesOf(db: Executor, checkId: number): Promise<Set<ImageSide>> {
  const rows = await db.select({ side: identityImages.side }).from(identityImages).where(eq(identityImages.checkId, checkId));
  return new Set(rows.map((r) => r.side));
}

const maskId = (id: string) => (id.length <= 4 ? '****' : `****${id.slice(-4)}`);

function present(check: CheckRow | null, sides: Set<ImageSide>): IdentityStatus {
  const images = { front: sides.has('front'), back: sides.has('back'), selfie: sides.has('selfie') };
  if (!check) return { state: 'none', images };
  const d = check.details;
  return {
    state: check.state,
    id: check.id,
    ...(check.reason ? { reason: check.reason } : {}),
    submittedAt: check.createdAt.toISOString(),
    ...(check.decidedAt ? { decidedAt: check.decidedAt.toISOString() } : {}),
    realName: d.realName,
    birthday: d.birthday,
    nationality: d.nationality,
    idNumber: maskId(d.idNumber ?? ''),
    images,
  };
}

/** The member's identity state: none, or the latest check. */
export async function identityStatus(platform: Platform, memberId: number): Promise<IdentityStatus> {
  const check = await latestCheck(platform.db.orm, memberId);
  return present(check, check ? await sidesOf(platform.db.orm, check.id) : new Set());
}

/** The member's verified real name (the approved check's), or null. */
export async function verifiedRealName(db: Executor, memberId: number): Promise<string | null> {
  const [row] = await db
    .select({ details: identityChecks.details })
    .from(identityChecks)
    .where(and(eq(identityChecks.memberId, memberId), eq(identityChecks.state, 'approved')))
    .limit(1);
  return row?.details.realName ?? null;
}

/** The identity state of a member for the withdrawal rules. */
export async function identityState(db: Executor, memberId: number): Promise<IdentityState | 'none'> {
  return (await latestCheck(db, memberId))?.state ?? 'none';
}

/** Opens a pending check with the member's details (age at least the tenant's ageLimit). */
export async function submitIdentity(platform: Platform, tenant: Tenant, memberId: number, body: IdentityDetails): Promise<IdentityStatus> {
  const details: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) details[k] = v.trim().replace(/\s+/g, ' ');
  for (const [k, v] of Object.entries(details)) if (v === '') throw validationError(`/${k}`, { location: 'body' });
  const today = zoneDay(tenantTimeZone(tenant)).date;
  const age = ageOn(details.birthday, today);
  if (age === null || age > 130 || details.birthday > today) throw validationError('/birthday', { location: 'body', messageKey: 'in_birthday_incorrect' });
  const ageLimit = tenant.settings.ageLimit;
  if (age < ageLimit) throw new ApiError('identity.age.under', 400, { field: '/birthday', ageLimit });
  try {
    const check = await platform.db.orm.transaction(async (tx) => {
      const open = await latestCheck(tx, memberId);
      if (open && open.state !== 'rejected') throw new ApiError('identity.open', 409, { state: open.state });
      const [row] = await tx.insert(identityChecks).values({ merchantCode: tenant.merchantCode, memberId, details }).returning();
      return row;
    });
    return present(check, new Set());
  } catch (err) {
    // Two submissions racing: the unique index keeps the first.
    if (uniqueViolation(err) !== null) throw new ApiError('identity.open', 409, { state: 'pending' });
    throw err;
  }
}

/** Stores (or replaces) one image of the member's pending check. */
export async function putIdentityImage(platform: Platform, memberId: number, side: ImageSide, image: { type: ImageType; data: Buffer }): Promise<IdentityStatus> {
  return platform.db.orm.transaction(async (tx) => {
    const [check] = await tx
      .select()
      .from(identityChecks)
      .where(and(eq(identityChecks.memberId, memberId), eq(identityChecks.state, 'pending')))
      .for('update');
    if (!check) throw new ApiError('identity.not.pending', 409);
    await tx
      .insert(identityImages)
      .values({ checkId: check.id, side, contentType: image.type, data: image.data })
      .onConflictDoUpdate({ target: [identityImages.checkId, identityImages.side], set: { contentType: image.type, data: image.data } });
    return present(check, await sidesOf(tx, check.id));
  });
}

// ---- Operator actions ----

export interface IdentityListItem {
  id: number;
  merchantCode: string;
  memberId: number;
  username: string;
  state: IdentityState;
  realName: string;
  birthday: string;
  images: ImageSide[];
  reason: string | null;
  createdAt: Date;
}

/** Identity checks of the actor's merchants, oldest first (the review queue). */
export async function listIdentityChecks(platform: Platform, actor: OpsActor, state?: IdentityState, limit = 100): Promise<IdentityListItem[]> {
  const rows = await platform.db.orm
    .select({ check: identityChecks, username: members.username })
    .from(identityChecks)
    .innerJoin(members, eq(members.id, identityChecks.memberId))
    .where(and(...opsScope(actor, identityChecks.merchantCode, state ? eq(identityChecks.state, state) : undefined)))
    .orderBy(asc(identityChecks.id))
    .limit(limit);
  return Promise.all(
    rows.map(async ({ check, username }) => ({
      id: check.id,
      merchantCode: check.merchantCode,
      memberId: check.memberId,
      username,
      state: check.state,
      realName: check.details.realName,
      birthday: check.details.birthday,
      images: [...(await sidesOf(platform.db.orm, check.id))],
      reason: check.reason,
      createdAt: check.createdAt,
    })),
  );
}

/** One image of a check for an operator's review (the /ops page shows it); null when not received. */
export async function identityImage(platform: Platform, actor: OpsActor, id: number, side: ImageSide): Promise<{ contentType: string; data: Buffer } | null> {
  const [check] = await platform.db.orm.select({ merchantCode: identityChecks.merchantCode }).from(identityChecks).where(eq(identityChecks.id, id));
  if (!check) throw new OpsRefusal('not.found', `identity check ${id} not found`);
  assertMerchant(actor, check.merchantCode);
  const [image] = await platform.db.orm
    .select({ contentType: identityImages.contentType, data: identityImages.data })
    .from(identityImages)
    .where(and(eq(identityImages.checkId, id), eq(identityImages.side, side)));
  return image ?? null;
}

/** Locks a pending check for a decision, or refuses: unknown, another merchant's, already decided. */
async function pendingCheck(tx: Executor, actor: OpsActor, id: number): Promise<CheckRow> {
  const [check] = await tx.select().from(identityChecks).where(eq(identityChecks.id, id)).for('update');
  if (!check) throw new OpsRefusal('not.found', `identity check ${id} not found`);
  assertMerchant(actor, check.merchantCode);
  if (check.state !== 'pending') throw new OpsRefusal('identity.decided', `identity check ${id} is already ${check.state}`);
  return check;
}

/**
 * Approves a pending check with all three images: the member's verified real name (payee_name)
 * becomes the check's real name. One transaction with its audit row.
 */
export async function approveIdentity(platform: Platform, actor: OpsActor, id: number): Promise<void> {
  await platform.db.orm.transaction(async (tx) => {
    const check = await pendingCheck(tx, actor, id);
    const sides = await sidesOf(tx, id);
    const missing = IMAGE_SIDES.filter((s) => !sides.has(s));
    if (missing.length > 0) throw new OpsRefusal('identity.images.missing', `identity check ${id} lacks images: ${missing.join(', ')}`);
    await lockMember(tx, check.memberId);
    const [member] = await tx.select({ payeeName: members.payeeName }).from(members).where(eq(members.id, check.memberId));
    const decided = { state: 'approved' as const, decidedAt: new Date(), decidedBy: actor.actor };
    await tx.update(identityChecks).set(decided).where(eq(identityChecks.id, id));
    // The approved ID number is the member's person from now on: accounts of one identity count as one (./person.ts).
    const personKey = check.details.idNumber ? identityPersonKey(check.merchantCode, check.details.idNumber) : undefined;
    await tx
      .update(members)
      .set({ payeeName: check.details.realName, ...(personKey ? { personKey } : {}) })
      .where(eq(members.id, check.memberId));
    await writeAudit(tx, actor, {
      action: 'identity.approve',
      merchantCode: check.merchantCode,
      targetType: 'identity_check',
      targetId: id,
      before: { state: check.state, payeeName: member?.payeeName ?? null },
      after: { state: 'approved', payeeName: check.details.realName },
    });
  });
}

/** Rejects a pending check with the reason the member will read. One transaction with its audit row. */
export async function rejectIdentity(platform: Platform, actor: OpsActor, id: number, reason: string): Promise<void> {
  const why = reason.trim();
  if (!why) throw new OpsRefusal('reason.required', 'a reason is required');
  await platform.db.orm.transaction(async (tx) => {
    const check = await pendingCheck(tx, actor, id);
    await tx.update(identityChecks).set({ state: 'rejected', reason: why, decidedAt: new Date(), decidedBy: actor.actor }).where(eq(identityChecks.id, id));
    await writeAudit(tx, actor, {
      action: 'identity.reject',
      merchantCode: check.merchantCode,
      targetType: 'identity_check',
      targetId: id,
      reason: why,
      before: { state: check.state },
      after: { state: 'rejected' },
    });
  });
}
