/**
 * Promotions: the list by category with periods and, for a member, each one's status; the detail;
 * and the member's actions by type (spec section 3 statuses):
 *  - SIGN_IN: a daily claim; grants reward_amount as a reward (source sign_in) once per tenant day
 *    and the entry 'signed' for that day.
 *  - TURNOVER: once the member's valid turnover since the promotion started reaches target, a
 *    claim grants reward_amount as a reward (source turnover) once; status 'process' until then.
 *  - MISSION: join (entry 'joined'); its tasks, their claims and the ranking are services/missions.ts.
 *  - APPLY: an application with a remark of at most 140 characters and up to 3 png or jpg images
 *    (server/modules/engagement/services/uploads.ts; entry 'applying'); an operator approves it (entry 'issued',
 *    reward_amount granted as a reward of source operator, once) or rejects it with a reason the
 *    member reads on the promotion (entry 'rejected'; the member may apply again).
 * An issued entry whose reward was claimed in the reward centre shows 'claimed'.
 *  - DEPOSIT, REFERRAL, REBATE: no action here (the wallet's deposit bonus, invite friends, cash back).
 * Before starts_at a promotion is 'coming_soon', after ends_at 'closed'; neither takes an action.
 * Every action runs in one transaction; the unique entry per member, promotion and period makes a
 * repeat or a race grant nothing twice.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Actor, Platform } from '../../../platform';
import type { Action, ActBody, Application, Promotion, Promotions1 as PromotionList, Status } from '../../../../src/generated/api/promotions';
import type { Tenant } from '../../../../src/generated/tenant';
import { tenantTimeZone } from '../../../../src/lib/app-config';
import { zoneDate } from '../../../../src/domain/date-range';
import type { Executor, Tx } from '../../../db/client';
import { bets, members, promotionEntries, promotions, rewards, type PromotionEntryState } from '../../../db/schema';
import { ApiError, validationError } from '../../../errors';
import { contentLang } from '../../../lib/lang';
import { toAmount } from '../../../../src/domain/money';
import { writeAudit } from '../../../ops/audit';
import { assertMerchant, OpsRefusal, type OpsActor } from '../../../ops/types';
import type { MemberRow } from '../../../repositories/members';
import { assertRealMember } from '../../account';
import { assertVerifiedPerson, lockPerson, personIdsSql } from '../../account';
import { validTurnoverSql } from '../../../money';
import { expiryDaysOf, grantReward } from './rewards';
import { attachedImage, attachedImageIds, attachImages, detachImages, MAX_ATTACHED_IMAGES } from './uploads';
import { assertNotExcluded } from '../../protection';

export type PromotionRow = typeof promotions.$inferSelect;
type EntryRow = typeof promotionEntries.$inferSelect;

const REMARK_MAX = 140;

const ACTIONS: Readonly<Record<string, Action>> = { SIGN_IN: 'claim', TURNOVER: 'claim', MISSION: 'join', APPLY: 'apply' };

function actionOf(type: string): Action {
  return ACTIONS[type] ?? 'none';
}

/** The tenant's enabled promotions in one language (a row without a language serves every language). */
export async function rowsOf(db: Executor, tenant: Tenant, lang: string, code?: string): Promise<PromotionRow[]> {
  const types = tenant.settings.promotions;
  if (types.length === 0) return [];
  return db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.merchantCode, tenant.merchantCode),
        eq(promotions.enabled, true),
        inArray(promotions.type, types),
        or(isNull(promotions.lang), eq(promotions.lang, lang)),
        code === undefined ? undefined : eq(promotions.code, code),
      ),
    )
    .orderBy(asc(promotions.sort), asc(promotions.id));
}

/** The member's valid turnover (stakes of bets whose win differs from the stake) since `since`. */
async function validTurnoverSince(db: Executor, memberId: number, since: Date | null): Promise<number> {
  const [row] = await db
    .select({ valid: validTurnoverSql })
    .from(bets)
    .where(and(eq(bets.memberId, memberId), since ? sql`${bets.createdAt} >= ${since.toISOString()}::timestamptz` : undefined));
  return Number(row?.valid ?? 0);
}

interface MemberView {
  memberId: number;
  today: string;
  entries: EntryRow[];
  /** Rewards of the member's entries already claimed in the reward centre. */
  claimed: ReadonlySet<number>;
}

async function memberView(db: Executor, tenant: Tenant, memberId: number): Promise<MemberView> {
  const entries = await db.select().from(promotionEntries).where(and(eq(promotionEntries.merchantCode, tenant.merchantCode), eq(promotionEntries.memberId, memberId)));
  const rewardIds = entries.flatMap((e) => (e.rewardId === null ? [] : [e.rewardId]));
  const claimed =
    rewardIds.length === 0
      ? []
      : await db
          .select({ id: rewards.id })
          .from(rewards)
          .where(and(inArray(rewards.id, rewardIds), eq(rewards.memberId, memberId), isNotNull(rewards.claimedAt)));
  return { memberId, today: zoneDate(tenantTimeZone(tenant)), entries, claimed: new Set(claimed.map((r) => r.id)) };
}

/** An issued entry whose reward the member took in the reward centre shows 'claimed'. */
function entryStatus(entry: EntryRow, member: MemberView): Status {
  if (entry.state === 'issued' && entry.rewardId !== null && member.claimed.has(entry.rewardId)) return 'claimed';
  return entry.state as Status;
}

export function periodStatus(row: PromotionRow, now: Date): Status | null {
  if (row.startsAt && row.startsAt > now) return 'coming_soon';
  if (row.endsAt && row.endsAt <= now) return 'closed';
  return null;
}

async function present(db: Executor, row: PromotionRow, now: Date, member: MemberView | null): Promise<Promotion> {
  const action = actionOf(row.type);
  const base: Promotion = {
    id: row.id,
    code: row.code,
    type: row.type,
    category: row.category,
    title: row.title,
    content: row.content,
    imageUrl: row.imageUrl,
    action,
    rewardAmount: toAmount(row.rewardAmount),
    turnoverMultiplier: Number(row.turnoverMultiplier),
    canAct: false,
    ...(row.target > 0 ? { target: toAmount(row.target) } : {}),
    ...(row.startsAt ? { startsAt: row.startsAt.toISOString() } : {}),
    ...(row.endsAt ? { endsAt: row.endsAt.toISOString() } : {}),
  };
  const period = periodStatus(row, now);
  if (period) return { ...base, status: period, canAct: false };
  if (!member) return { ...base, canAct: false };
  const mine = member.entries.filter((e) => e.promotionCode === row.code);
  const entry = (p: string) => mine.find((e) => e.period === p);
  switch (row.type) {
    case 'SIGN_IN': {
      const signed = entry(member.today);
      return { ...base, ...(signed ? { status: 'signed' as const } : {}), canAct: !signed };
    }
    case 'TURNOVER': {
      const issued = entry('');
      const progress = toAmount(await validTurnoverSince(db, member.memberId, row.startsAt));
      if (issued) return { ...base, status: entryStatus(issued, member), progress, canAct: false };
      const reached = row.target > 0 && progress >= toAmount(row.target);
      return { ...base, status: 'process', progress, canAct: reached };
    }
    case 'MISSION':
    case 'APPLY': {
      const e = entry('');
      if (!e) return { ...base, canAct: true };
      return {
        ...base,
        status: entryStatus(e, member),
        ...(e.remark !== null ? { remark: e.remark } : {}),
        ...(e.state === 'rejected' && e.reason !== null ? { reason: e.reason } : {}),
        canAct: e.state === 'rejected',
      };
    }
    default:
      return { ...base, canAct: false };
  }
}

/** GET list: the tenant's enabled promotions; with a session, each one's status for the member. */
export async function listPromotions(platform: Platform, actor: Actor, langQuery: string | undefined, category?: string): Promise<PromotionList> {
  const tenant = actor.tenant;
  const db = platform.db.orm;
  const lang = contentLang(langQuery ?? tenant.i18n.default);
  const rows = (await rowsOf(db, tenant, lang)).filter((r) => category === undefined || r.category === category);
  const member = actor.auth ? await memberView(db, tenant, actor.auth.member.id) : null;
  const now = new Date();
  return Promise.all(rows.map((r) => present(db, r, now, member)));
}

/** GET detail of one promotion by its code. */
export async function promotionDetail(platform: Platform, actor: Actor, code: string, langQuery: string | undefined): Promise<Promotion> {
  const tenant = actor.tenant;
  const db = platform.db.orm;
  const [row] = await rowsOf(db, tenant, contentLang(langQuery ?? tenant.i18n.default), code);
  if (!row) throw new ApiError('promotion.not.found', 404);
  const member = actor.auth ? await memberView(db, tenant, actor.auth.member.id) : null;
  return present(db, row, new Date(), member);
}

async function insertEntry(tx: Tx, values: { merchantCode: string; memberId: number; promotionCode: string; period: string; state: PromotionEntryState; remark?: string; rewardId?: number }): Promise<EntryRow | null> {
  const [row] = await tx
    .insert(promotionEntries)
    .values(values)
    .onConflictDoNothing({ target: [promotionEntries.merchantCode, promotionEntries.memberId, promotionEntries.promotionCode, promotionEntries.period] })
    .returning();
  return row ?? null;
}

/** Whether another account of the member's person has an entry of this promotion and period. */
async function personEntered(tx: Tx, member: MemberRow, promotionCode: string, period: string): Promise<boolean> {
  const [found] = await tx
    .select({ id: promotionEntries.id })
    .from(promotionEntries)
    .where(
      and(
        eq(promotionEntries.merchantCode, member.merchantCode),
        eq(promotionEntries.promotionCode, promotionCode),
        eq(promotionEntries.period, period),
        sql`${promotionEntries.memberId} IN ${personIdsSql(member)}`,
      ),
    )
    .limit(1);
  return found !== undefined;
}

/** POST act: join, apply or claim by the promotion's type. Answers the promotion with the member's new status. */
export async function actOnPromotion(platform: Platform, actor: Actor, code: string, body: ActBody | null, langQuery?: string): Promise<Promotion> {
  const tenant = actor.tenant;
  const member = actor.auth!.member;
  assertRealMember(member);
  assertVerifiedPerson(member);
  const db = platform.db.orm;
  await assertNotExcluded(db, tenant, member.id);
  const [row] = await rowsOf(db, tenant, contentLang(langQuery ?? tenant.i18n.default), code);
  if (!row) throw new ApiError('promotion.not.found', 404);
  const now = new Date();
  const period = periodStatus(row, now);
  if (period === 'coming_soon') throw new ApiError('promotion.not.started', 409);
  if (period === 'closed') throw new ApiError('promotion.closed', 409);
  const action = actionOf(row.type);
  if (action === 'none') throw new ApiError('promotion.no.action', 409);
  const remark = body?.remark?.trim();
  if (action === 'apply' && (!remark || remark.length > REMARK_MAX)) {
    throw validationError('/remark', { location: 'body', messageKey: remark ? 'remark_max' : 'promo_remark_rule', reason: `a remark of 1 to ${REMARK_MAX} characters` });
  }
  const imageIds = body?.imageIds ?? [];
  if (imageIds.length > 0 && action !== 'apply') throw validationError('/imageIds', { location: 'body', reason: 'only an application takes images' });
  if (imageIds.length > MAX_ATTACHED_IMAGES) throw validationError('/imageIds', { location: 'body', messageKey: 'image_count', reason: `at most ${MAX_ATTACHED_IMAGES} images` });
  const base = { merchantCode: tenant.merchantCode, memberId: member.id, promotionCode: row.code };
  await db.transaction(async (tx) => {
    // One member's actions on one promotion are decided one after another.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`promo:${member.id}:${row.code}`}))`);
    // Then the person's: a sign-in and a turnover reward are once per person, not per account.
    await lockPerson(tx, member);
    switch (row.type) {
      case 'SIGN_IN': {
        const today = zoneDate(tenantTimeZone(tenant));
        if (await personEntered(tx, member, row.code, today)) throw new ApiError('promotion.done', 409);
        const entry = await insertEntry(tx, { ...base, period: today, state: 'signed' });
        if (!entry) throw new ApiError('promotion.done', 409);
        if (row.rewardAmount > 0) {
          const reward = await grantReward(tx, { ...rewardBase(tenant, member.id, row), source: 'sign_in', sourceRef: `${row.code}:${today}` });
          if (reward) await tx.update(promotionEntries).set({ rewardId: reward.id }).where(eq(promotionEntries.id, entry.id));
        }
        return;
      }
      case 'TURNOVER': {
        const progress = await validTurnoverSince(tx, member.id, row.startsAt);
        if (row.target <= 0 || progress < row.target) throw new ApiError('promotion.target.unmet', 409, { progress: toAmount(progress), target: toAmount(row.target) });
        if (await personEntered(tx, member, row.code, '')) throw new ApiError('promotion.done', 409);
        const entry = await insertEntry(tx, { ...base, period: '', state: 'issued' });
        if (!entry) throw new ApiError('promotion.done', 409);
        if (row.rewardAmount > 0) {
          const reward = await grantReward(tx, { ...rewardBase(tenant, member.id, row), source: 'turnover', sourceRef: row.code });
          if (reward) await tx.update(promotionEntries).set({ rewardId: reward.id }).where(eq(promotionEntries.id, entry.id));
        }
        return;
      }
      default: {
        const state: PromotionEntryState = action === 'join' ? 'joined' : 'applying';
        // A rejected application may be sent again.
        const [previous] = await tx.select().from(promotionEntries).where(and(eq(promotionEntries.merchantCode, base.merchantCode), eq(promotionEntries.memberId, member.id), eq(promotionEntries.promotionCode, row.code), eq(promotionEntries.period, '')));
        if (previous && previous.state !== 'rejected') throw new ApiError('promotion.done', 409);
        let entryId: number;
        if (previous) {
          await tx.update(promotionEntries).set({ state, remark: remark ?? null, reason: null, decidedBy: null, decidedAt: null }).where(eq(promotionEntries.id, previous.id));
          // The images of the rejected application give way to this one's.
          await detachImages(tx, 'promotion', previous.id);
          entryId = previous.id;
        } else {
          const entry = await insertEntry(tx, { ...base, period: '', state, ...(remark ? { remark } : {}) });
          if (!entry) throw new ApiError('promotion.done', 409);
          entryId = entry.id;
        }
        // Another member's image, one already sent or a feedback image: nothing of this application is kept.
        if (action === 'apply') await attachImages(tx, member.id, 'promotion', entryId, imageIds);
      }
    }
  });
  return present(db, row, new Date(), await memberView(db, tenant, member.id));
}

function rewardBase(tenant: Tenant, memberId: number, row: PromotionRow) {
  return {
    merchantCode: tenant.merchantCode,
    memberId,
    promotionId: row.id,
    amount: row.rewardAmount,
    turnoverMultiplier: Number(row.turnoverMultiplier),
    expiryDays: expiryDaysOf(tenant),
  };
}

// ---- Operators (ops verbs `promotions create|list|disable`) ----

export const PROMOTION_TYPES = ['SIGN_IN', 'TURNOVER', 'MISSION', 'APPLY', 'DEPOSIT', 'REFERRAL', 'REBATE'] as const;

export interface NewPromotion {
  merchant: string;
  code: string;
  type: string;
  category: string;
  /** Per language: EN and TY. */
  title: { EN: string; TY: string };
  content: { EN: string; TY: string };
  imageUrl?: string;
  startsAt?: Date;
  endsAt?: Date;
  /** Minor units. */
  rewardAmount: number;
  turnoverMultiplier: number;
  target: number;
  sort?: number;
}

/** Creates a promotion in EN and TY (one row per language, sharing its code), with its audit row. */
export async function createPromotion(platform: Platform, actor: OpsActor, input: NewPromotion): Promise<{ code: string; ids: number[] }> {
  assertMerchant(actor, input.merchant);
  if (!platform.tenants.byMerchant(input.merchant)) throw new OpsRefusal('not.found', `no merchant ${input.merchant}`);
  if (!/^[a-z0-9][a-z0-9-]{1,39}$/.test(input.code)) throw new OpsRefusal('validation.failed', 'code: 2 to 40 of a-z 0-9 -');
  if (!(PROMOTION_TYPES as readonly string[]).includes(input.type)) throw new OpsRefusal('validation.failed', `type: one of ${PROMOTION_TYPES.join(', ')}`);
  if (!/^[A-Z][A-Z0-9_]{0,19}$/.test(input.category)) throw new OpsRefusal('validation.failed', 'category: 1 to 20 of A-Z 0-9 _');
  for (const lang of ['EN', 'TY'] as const) {
    if (!input.title[lang]?.trim() || input.title[lang].length > 120) throw new OpsRefusal('validation.failed', `title ${lang}: 1 to 120 characters`);
    if ((input.content[lang] ?? '').length > 20_000) throw new OpsRefusal('validation.failed', `content ${lang}: at most 20000 characters`);
  }
  if (input.startsAt && input.endsAt && input.endsAt <= input.startsAt) throw new OpsRefusal('validation.failed', 'the end must be after the start');
  if (!Number.isSafeInteger(input.rewardAmount) || input.rewardAmount < 0) throw new OpsRefusal('validation.failed', 'reward: 0 or more with at most 2 decimals');
  if ((input.type === 'SIGN_IN' || input.type === 'TURNOVER') && input.rewardAmount <= 0) throw new OpsRefusal('validation.failed', `reward: a ${input.type} promotion grants an amount above zero`);
  if (input.type === 'TURNOVER' && input.target <= 0) throw new OpsRefusal('validation.failed', 'target: a TURNOVER promotion needs a turnover target above zero');
  if (!(input.turnoverMultiplier >= 0 && input.turnoverMultiplier <= 50)) throw new OpsRefusal('validation.failed', 'turnover multiplier: 0 to 50');
  return platform.db.orm.transaction(async (tx) => {
    const [taken] = await tx.select({ id: promotions.id }).from(promotions).where(and(eq(promotions.merchantCode, input.merchant), eq(promotions.code, input.code)));
    if (taken) throw new OpsRefusal('promotion.exists', `promotion ${input.code} exists in ${input.merchant}`);
    const rows = await tx
      .insert(promotions)
      .values(
        (['EN', 'TY'] as const).map((lang) => ({
          merchantCode: input.merchant,
          code: input.code,
          type: input.type,
          category: input.category,
          lang,
          title: input.title[lang].trim(),
          content: input.content[lang] ?? '',
          imageUrl: input.imageUrl ?? null,
          startsAt: input.startsAt ?? null,
          endsAt: input.endsAt ?? null,
          rewardAmount: input.rewardAmount,
          turnoverMultiplier: input.turnoverMultiplier.toFixed(2),
          target: input.target,
          sort: input.sort ?? 100,
        })),
      )
      .returning({ id: promotions.id });
    await writeAudit(tx, actor, { action: 'promotion.create', merchantCode: input.merchant, targetType: 'promotion', targetId: input.code, after: { ...input, ids: rows.map((r) => r.id) } });
    return { code: input.code, ids: rows.map((r) => r.id) };
  });
}

/** The merchant's promotions (one line per code), for the back office. */
export async function listPromotionCodes(platform: Platform, actor: OpsActor, merchant: string) {
  assertMerchant(actor, merchant);
  const rows = await platform.db.orm.select().from(promotions).where(eq(promotions.merchantCode, merchant)).orderBy(asc(promotions.sort), asc(promotions.id));
  const byCode = new Map<string, PromotionRow>();
  for (const r of rows) if (!byCode.has(r.code) || r.lang === 'EN') byCode.set(r.code, r);
  return [...byCode.values()].map((r) => ({
    code: r.code,
    type: r.type,
    category: r.category,
    title: r.title,
    enabled: r.enabled,
    startsAt: r.startsAt?.toISOString() ?? null,
    endsAt: r.endsAt?.toISOString() ?? null,
    rewardAmount: r.rewardAmount,
    turnoverMultiplier: Number(r.turnoverMultiplier),
    target: r.target,
  }));
}

/** Turns every language row of a promotion off (or on again), with its audit row. */
export async function setPromotionEnabled(platform: Platform, actor: OpsActor, merchant: string, code: string, enabled: boolean): Promise<number> {
  assertMerchant(actor, merchant);
  return platform.db.orm.transaction(async (tx) => {
    const changed = await tx.update(promotions).set({ enabled }).where(and(eq(promotions.merchantCode, merchant), eq(promotions.code, code))).returning({ id: promotions.id });
    if (changed.length === 0) throw new OpsRefusal('not.found', `no promotion ${code} in ${merchant}`);
    await writeAudit(tx, actor, { action: enabled ? 'promotion.enable' : 'promotion.disable', merchantCode: merchant, targetType: 'promotion', targetId: code });
    return changed.length;
  });
}

// ---- Operators' decisions on applications (ops verbs `promotions applications|approve|reject`, /ops/promotions/applications) ----

export type ApplicationState = 'applying' | 'rejected' | 'issued';
export const APPLICATION_STATES: readonly (ApplicationState | 'all')[] = ['applying', 'rejected', 'issued', 'all'];
const REASON_MAX = 200;

const applicationColumns = { entry: promotionEntries, username: members.username };
type ApplicationRow = { entry: EntryRow; username: string };

async function presentApplications(db: Executor, rows: ApplicationRow[]): Promise<Application[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.entry.id);
  const byOwner = await attachedImageIds(db, 'promotion', ids);
  const titles = await db
    .select({ merchantCode: promotions.merchantCode, code: promotions.code, title: promotions.title, lang: promotions.lang })
    .from(promotions)
    .where(inArray(promotions.code, [...new Set(rows.map((r) => r.entry.promotionCode))]));
  const titleOf = (merchant: string, code: string) => {
    const mine = titles.filter((t) => t.merchantCode === merchant && t.code === code);
    return (mine.find((t) => t.lang === 'EN') ?? mine[0])?.title ?? code;
  };
  return rows.map(({ entry, username }) => ({
    id: entry.id,
    merchantCode: entry.merchantCode,
    promotionCode: entry.promotionCode,
    promotionTitle: titleOf(entry.merchantCode, entry.promotionCode),
    username,
    state: entry.state as ApplicationState,
    remark: entry.remark ?? '',
    imageIds: byOwner.get(entry.id) ?? [],
    createdAt: entry.createdAt.toISOString(),
    ...(entry.reason !== null ? { reason: entry.reason } : {}),
    ...(entry.decidedBy !== null ? { decidedBy: entry.decidedBy } : {}),
    ...(entry.decidedAt ? { decidedAt: entry.decidedAt.toISOString() } : {}),
    ...(entry.rewardId !== null ? { rewardId: entry.rewardId } : {}),
  }));
}

/** Applications to APPLY promotions of the operator's merchants (or of one), newest first. */
export async function listApplications(
  platform: Platform,
  actor: OpsActor,
  opts: { merchant?: string; code?: string; state?: ApplicationState | 'all'; limit?: number },
): Promise<Application[]> {
  if (opts.merchant) assertMerchant(actor, opts.merchant);
  const scope = opts.merchant ? [opts.merchant] : actor.merchantCodes;
  if (scope !== null && scope.length === 0) return [];
  const state = opts.state ?? 'applying';
  const db = platform.db.orm;
  const rows = await db
    .select(applicationColumns)
    .from(promotionEntries)
    .innerJoin(members, eq(members.id, promotionEntries.memberId))
    .where(
      and(
        scope === null ? undefined : inArray(promotionEntries.merchantCode, [...scope]),
        opts.code ? eq(promotionEntries.promotionCode, opts.code) : undefined,
        state === 'all' ? inArray(promotionEntries.state, ['applying', 'rejected', 'issued']) : eq(promotionEntries.state, state),
        eq(promotionEntries.period, ''),
        sql`EXISTS (SELECT 1 FROM promotions p WHERE p.merchant_code = ${promotionEntries.merchantCode} AND p.code = ${promotionEntries.promotionCode} AND p.type = 'APPLY')`,
      ),
    )
    .orderBy(desc(promotionEntries.id))
    .limit(opts.limit ?? 50);
  return presentApplications(db, rows);
}

/** The application `id` locked for a decision; another merchant's is as unknown as a missing one. */
async function lockedApplication(tx: Tx, actor: OpsActor, id: number): Promise<{ row: ApplicationRow; promotion: PromotionRow }> {
  const [found] = await tx
    .select(applicationColumns)
    .from(promotionEntries)
    .innerJoin(members, eq(members.id, promotionEntries.memberId))
    .where(eq(promotionEntries.id, id))
    .for('update', { of: promotionEntries });
  if (!found || (actor.merchantCodes !== null && !actor.merchantCodes.includes(found.entry.merchantCode))) {
    throw new OpsRefusal('application.not.found', `no application ${id}`);
  }
  const rows = await tx
    .select()
    .from(promotions)
    .where(and(eq(promotions.merchantCode, found.entry.merchantCode), eq(promotions.code, found.entry.promotionCode), eq(promotions.type, 'APPLY')));
  const promotion = rows.find((r) => r.lang === 'EN') ?? rows[0];
  if (!promotion || found.entry.period !== '') throw new OpsRefusal('application.not.found', `no application ${id}`);
  return { row: found, promotion };
}

/**
 * Approves an application: entry 'issued' and the promotion's reward granted to the member (the
 * reward centre; source operator, cause `application:<id>`), with its audit row, in one
 * transaction. Approving an issued application again answers it unchanged and grants nothing.
 */
export async function approveApplication(platform: Platform, actor: OpsActor, id: number): Promise<Application> {
  const row = await platform.db.orm.transaction(async (tx) => {
    const { row: found, promotion } = await lockedApplication(tx, actor, id);
    if (found.entry.state === 'issued') return found;
    if (found.entry.state !== 'applying') throw new OpsRefusal('application.decided', `application ${id} is ${found.entry.state}`);
    const tenant = platform.tenants.byMerchant(found.entry.merchantCode);
    if (!tenant) throw new OpsRefusal('not.found', `no merchant ${found.entry.merchantCode}`);
    const reward =
      promotion.rewardAmount > 0
        ? await grantReward(tx, { ...rewardBase(tenant, found.entry.memberId, promotion), source: 'operator', sourceRef: `application:${found.entry.id}` })
        : null;
    const [entry] = await tx
      .update(promotionEntries)
      .set({ state: 'issued', reason: null, decidedBy: actor.actor, decidedAt: new Date(), ...(reward ? { rewardId: reward.id } : {}) })
      .where(eq(promotionEntries.id, id))
      .returning();
    await writeAudit(tx, actor, {
      action: 'promotion.application.approve',
      merchantCode: entry.merchantCode,
      targetType: 'promotion_entry',
      targetId: id,
      before: { state: found.entry.state },
      after: { state: 'issued', promotion: entry.promotionCode, rewardId: reward?.id ?? null, amount: reward?.amount ?? 0 },
    });
    return { entry, username: found.username };
  });
  return (await presentApplications(platform.db.orm, [row]))[0];
}

/** Rejects an application with a reason (3 to 200 characters) the member reads on the promotion, with its audit row. */
export async function rejectApplication(platform: Platform, actor: OpsActor, id: number, reason: string): Promise<Application> {
  const why = reason.trim();
  if (why.length < 3 || why.length > REASON_MAX) throw new OpsRefusal('validation.failed', `reason: 3 to ${REASON_MAX} characters`);
  const row = await platform.db.orm.transaction(async (tx) => {
    const { row: found } = await lockedApplication(tx, actor, id);
    if (found.entry.state !== 'applying') throw new OpsRefusal('application.decided', `application ${id} is ${found.entry.state}`);
    const [entry] = await tx.update(promotionEntries).set({ state: 'rejected', reason: why, decidedBy: actor.actor, decidedAt: new Date() }).where(eq(promotionEntries.id, id)).returning();
    await writeAudit(tx, actor, {
      action: 'promotion.application.reject',
      merchantCode: entry.merchantCode,
      targetType: 'promotion_entry',
      targetId: id,
      reason: why,
      before: { state: found.entry.state },
      after: { state: 'rejected' },
    });
    return { entry, username: found.username };
  });
  return (await presentApplications(platform.db.orm, [row]))[0];
}

/** One image sent with an application, for the review; null when unknown or another merchant's. */
export async function applicationImage(platform: Platform, actor: OpsActor, imageId: number): Promise<{ contentType: string; data: Buffer } | null> {
  const db = platform.db.orm;
  const image = await attachedImage(db, 'promotion', imageId);
  if (!image) return null;
  const [entry] = await db.select({ merchantCode: promotionEntries.merchantCode }).from(promotionEntries).where(eq(promotionEntries.id, image.ownerId));
  if (!entry || (actor.merchantCodes !== null && !actor.merchantCodes.includes(entry.merchantCode))) return null;
  return { contentType: image.contentType, data: image.data };
}
