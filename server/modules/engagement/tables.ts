/**
 * Engagement (notices, messages, promotions, rewards, missions, red rain, cash back, feedback).
 *
 * Drizzle tables mirroring server/db/migrations/*.sql, the source of truth: a test checks every table, column
 * and foreign key against the migrated database. references() marks the foreign keys the
 * migrations declare (those into the ledger with server/money/tables.ts ledgerTransactionId);
 * relations() changes no query, it only lets db.query load related rows `with` them.
 */
import { relations, type TableRelationsHelpers } from 'drizzle-orm';
import { boolean, date, integer, jsonb, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { id, money, ref, ts } from '../../db/columns';
import { members } from '../account/tables';
import { merchants } from '../site/tables';
import { ledgerTransactionId } from '../../money/tables';

export const announcements = pgTable('announcements', {
  id: id(),
  merchantCode: text('merchant_code').notNull().references(() => merchants.code),
  type: text('type').notNull(),
  groupName: text('group_name').notNull().default('m_home'),
  platform: text('platform').notNull().default('M'),
  lang: text('lang'),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  imageUrl: text('image_url'),
  linkUrl: text('link_url'),
  execution: text('execution'),
  promotionType: text('promotion_type'),
  data: jsonb('data').$type<Record<string, unknown>>(),
  sort: integer('sort').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type Announcement = typeof announcements.$inferSelect;
export const announcementsRelations = relations(announcements, ({ one, many }) => ({
  merchant: one(merchants, { fields: [announcements.merchantCode], references: [merchants.code] }),
  announcementReads: many(announcementReads),
}));

export const announcementReads = pgTable(
  'announcement_reads',
  {
    memberId: ref('member_id').notNull().references(() => members.id),
    announcementId: ref('announcement_id').notNull().references(() => announcements.id),
    readAt: ts('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.announcementId] })],
);
export type AnnouncementRead = typeof announcementReads.$inferSelect;
export const announcementReadsRelations = relations(announcementReads, ({ one }) => ({
  announcement: one(announcements, { fields: [announcementReads.announcementId], references: [announcements.id] }),
  member: one(members, { fields: [announcementReads.memberId], references: [members.id] }),
}));

export const helpItems = pgTable('help_items', {
  id: id(),
  merchantCode: text('merchant_code').notNull().references(() => merchants.code),
  lang: text('lang').notNull(),
  sort: integer('sort').notNull().default(0),
  title: text('title').notNull(),
  content: text('content').notNull(),
});
export type HelpItem = typeof helpItems.$inferSelect;
export const helpItemsRelations = relations(helpItems, ({ one }) => ({
  merchant: one(merchants, { fields: [helpItems.merchantCode], references: [merchants.code] }),
}));

export const messages = pgTable('messages', {
  id: id(),
  memberId: ref('member_id').notNull().references(() => members.id),
  title: text('title').notNull(),
  content: text('content').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  readAt: ts('read_at'),
});
export type Message = typeof messages.$inferSelect;
export const messagesRelations = relations(messages, ({ one }) => ({
  member: one(members, { fields: [messages.memberId], references: [members.id] }),
}));

export const promotions = pgTable('promotions', {
  id: id(),
  merchantCode: text('merchant_code').notNull().references(() => merchants.code),
  type: text('type').notNull(),
  lang: text('lang'),
  title: text('title').notNull(),
  content: text('content').notNull().default(''),
  imageUrl: text('image_url'),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** Shared by the language rows of one promotion (0016). */
  code: text('code').notNull(),
  category: text('category').notNull().default('OTHER'),
  startsAt: ts('starts_at'),
  endsAt: ts('ends_at'),
  /** Minor units, as target. */
  rewardAmount: money('reward_amount').notNull().default(0),
  turnoverMultiplier: numeric('turnover_multiplier', { precision: 6, scale: 2 }).notNull().default('1'),
  target: money('target').notNull().default(0),
});
export type Promotion = typeof promotions.$inferSelect;
export const promotionsRelations = relations(promotions, ({ one, many }) => ({
  merchant: one(merchants, { fields: [promotions.merchantCode], references: [merchants.code] }),
  rewards: many(rewards),
}));

export type RebateKind = 'manual' | 'auto';

/** A rebate paid into a wallet (0013_rebates_transfers.sql): it covers the member's bets from_bet_id < id <= until_bet_id. */
export const rebateClaims = pgTable('rebate_claims', {
  id: id(),
  merchantCode: text('merchant_code').notNull().references(() => merchants.code),
  memberId: ref('member_id').notNull().references(() => members.id),
  kind: text('kind').$type<RebateKind>().notNull(),
  /** The tenant's day (YYYY-MM-DD): the day claimed, or the day an automatic rebate settled. */
  day: date('day', { mode: 'string' }).notNull(),
  fromBetId: ref('from_bet_id').notNull(),
  untilBetId: ref('until_bet_id').notNull(),
  periodFrom: ts('period_from').notNull(),
  periodUntil: ts('period_until').notNull(),
  /** Minor units, as turnoverRequired. */
  amount: money('amount').notNull(),
  turnoverRequired: money('turnover_required').notNull(),
  transactionId: ledgerTransactionId('transaction_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type RebateClaim = typeof rebateClaims.$inferSelect;
export const rebateClaimsRelations = relations(rebateClaims, ({ one, many }) => ({
  member: one(members, { fields: [rebateClaims.memberId], references: [members.id] }),
  merchant: one(merchants, { fields: [rebateClaims.merchantCode], references: [merchants.code] }),
  rebateClaimLines: many(rebateClaimLines),
}));

export const rebateClaimLines = pgTable(
  'rebate_claim_lines',
  {
    claimId: ref('claim_id').notNull().references(() => rebateClaims.id),
    gameType: text('game_type').notNull(),
    /** Minor units, as amount. */
    validTurnover: money('valid_turnover').notNull(),
    /** Hundredths of a percent: 0.8% is 80. */
    rateBp: integer('rate_bp').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.claimId, t.gameType] })],
);
export type RebateClaimLine = typeof rebateClaimLines.$inferSelect;
export const rebateClaimLinesRelations = relations(rebateClaimLines, ({ one }) => ({
  claim: one(rebateClaims, { fields: [rebateClaimLines.claimId], references: [rebateClaims.id] }),
}));

export const feedback = pgTable('feedback', {
  id: id(),
  merchantCode: text('merchant_code').notNull().references(() => merchants.code),
  memberId: ref('member_id').notNull().references(() => members.id),
  type: text('type').notNull(),
  content: text('content').notNull(),
  reply: text('reply'),
  repliedBy: text('replied_by'),
  repliedAt: ts('replied_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type Feedback = typeof feedback.$inferSelect;
export const feedbackRelations = relations(feedback, ({ one }) => ({
  member: one(members, { fields: [feedback.memberId], references: [members.id] }),
  merchant: one(merchants, { fields: [feedback.merchantCode], references: [merchants.code] }),
}));

export type RewardSource = 'deposit_bonus' | 'sign_in' | 'turnover' | 'mission' | 'vip_upgrade' | 'referral' | 'operator';

/** Money granted to a member, taken into the wallet by a claim before it expires (0016_rewards.sql). */
export const rewards = pgTable('rewards', {
  id: id(),
  merchantCode: text('merchant_code').notNull().references(() => merchants.code),
  memberId: ref('member_id').notNull().references(() => members.id),
  source: text('source').$type<RewardSource>().notNull(),
  /** What granted it (a deposit id, a day, a level): unique per member and source. */
  sourceRef: text('source_ref').notNull(),
  promotionId: ref('promotion_id').references(() => promotions.id),
  /** Minor units, as turnoverRequired. */
  amount: money('amount').notNull(),
  turnoverMultiplier: numeric('turnover_multiplier', { precision: 6, scale: 2 }).notNull(),
  turnoverRequired: money('turnover_required').notNull(),
  expiresAt: ts('expires_at').notNull(),
  claimedAt: ts('claimed_at'),
  transactionId: ledgerTransactionId('transaction_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** The person a one-per-person reward counts for (0034_person_caps.sql). */
  personKey: text('person_key'),
});
export type Reward = typeof rewards.$inferSelect;
export const rewardsRelations = relations(rewards, ({ one, many }) => ({
  member: one(members, { fields: [rewards.memberId], references: [members.id] }),
  merchant: one(merchants, { fields: [rewards.merchantCode], references: [merchants.code] }),
  promotion: one(promotions, { fields: [rewards.promotionId], references: [promotions.id] }),
  missionClaims: many(missionClaims),
  promotionEntries: many(promotionEntries),
}));

export type PromotionEntryState = 'joined' | 'applying' | 'rejected' | 'issued' | 'signed';

/** A member's part in a promotion (0016_rewards.sql). */
export const promotionEntries = pgTable('promotion_entries', {
  id: id(),
  merchantCode: text('merchant_code').notNull().references(() => merchants.code),
  memberId: ref('member_id').notNull().references(() => members.id),
  promotionCode: text('promotion_code').notNull(),
  /** '' once per promotion; the tenant's day for a daily sign-in. */
  period: text('period').notNull().default(''),
  state: text('state').$type<PromotionEntryState>().notNull(),
  remark: text('remark'),
  rewardId: ref('reward_id').references(() => rewards.id),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** The operator's rejection reason (0020). */
  reason: text('reason'),
  decidedBy: text('decided_by'),
  decidedAt: ts('decided_at'),
});
export type PromotionEntry = typeof promotionEntries.$inferSelect;
export const promotionEntriesRelations = relations(promotionEntries, ({ one }) => ({
  member: one(members, { fields: [promotionEntries.memberId], references: [members.id] }),
  merchant: one(merchants, { fields: [promotionEntries.merchantCode], references: [merchants.code] }),
  reward: one(rewards, { fields: [promotionEntries.rewardId], references: [rewards.id] }),
}));

export type MissionTaskKind = 'wager';

export type MissionTaskPeriod = 'week' | 'promotion';

/** A task of a MISSION promotion (0019_missions.sql); amounts in minor units. */
export const missionTasks = pgTable('mission_tasks', {
  id: id(),
  merchantCode: text('merchant_code').notNull().references(() => merchants.code),
  promotionCode: text('promotion_code').notNull(),
  kind: text('kind').$type<MissionTaskKind>().notNull(),
  /** Null: bets of any game type. */
  gameType: text('game_type'),
  target: money('target').notNull(),
  period: text('period').$type<MissionTaskPeriod>().notNull(),
  points: integer('points').notNull(),
  rewardAmount: money('reward_amount').notNull().default(0),
  turnoverMultiplier: numeric('turnover_multiplier', { precision: 6, scale: 2 }).notNull().default('1'),
  titleEn: text('title_en').notNull(),
  titleTy: text('title_ty').notNull(),
  sort: integer('sort').notNull().default(100),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type MissionTask = typeof missionTasks.$inferSelect;
export const missionTasksRelations = relations(missionTasks, ({ one, many }) => ({
  merchant: one(merchants, { fields: [missionTasks.merchantCode], references: [merchants.code] }),
  missionClaims: many(missionClaims),
}));

/** A claimed mission task, once per member, task and period (0019_missions.sql). */
export const missionClaims = pgTable('mission_claims', {
  id: id(),
  merchantCode: text('merchant_code').notNull().references(() => merchants.code),
  memberId: ref('member_id').notNull().references(() => members.id),
  promotionCode: text('promotion_code').notNull(),
  taskId: ref('task_id').notNull().references(() => missionTasks.id),
  /** '' for a task of the promotion's period; else the Monday of the tenant's week. */
  period: text('period').notNull(),
  /** The tenant's week (its Monday) of the claim: the ranking's period. */
  week: date('week', { mode: 'string' }).notNull(),
  points: integer('points').notNull(),
  rewardId: ref('reward_id').references(() => rewards.id),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type MissionClaim = typeof missionClaims.$inferSelect;
export const missionClaimsRelations = relations(missionClaims, ({ one }) => ({
  member: one(members, { fields: [missionClaims.memberId], references: [members.id] }),
  merchant: one(merchants, { fields: [missionClaims.merchantCode], references: [merchants.code] }),
  reward: one(rewards, { fields: [missionClaims.rewardId], references: [rewards.id] }),
  task: one(missionTasks, { fields: [missionClaims.taskId], references: [missionTasks.id] }),
}));

/** A red-envelope rain window (0026_red_rain.sql); amounts in minor units, `paid` never above `budget`. */
export const rainWindows = pgTable('rain_windows', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  budget: money('budget').notNull(),
  paid: money('paid').notNull().default(0),
  minAmount: money('min_amount').notNull(),
  maxAmount: money('max_amount').notNull(),
  maxPerMember: integer('max_per_member').notNull(),
  /** Each catch adds a turnover requirement of amount x this (0034_person_caps.sql). */
  turnoverMultiplier: numeric('turnover_multiplier', { precision: 6, scale: 2 }).notNull().default('1'),
  createdBy: text('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type RainWindow = typeof rainWindows.$inferSelect;
export const rainWindowsRelations = relations(rainWindows, ({ many }) => ({
  rainCatches: many(rainCatches),
}));

/** An envelope caught in a rain window and credited to the member's wallet (0026_red_rain.sql). */
export const rainCatches = pgTable('rain_catches', {
  id: id(),
  windowId: ref('window_id').notNull().references(() => rainWindows.id),
  merchantCode: text('merchant_code').notNull(),
  memberId: ref('member_id').notNull(),
  amount: money('amount').notNull(),
  transactionId: ref('transaction_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type RainCatch = typeof rainCatches.$inferSelect;
export const rainCatchesRelations = relations(rainCatches, ({ one }) => ({
  window: one(rainWindows, { fields: [rainCatches.windowId], references: [rainWindows.id] }),
}));

/** The engagement relations of members, gathered into membersRelations by server/db/schema.ts. */
export const memberRelationsOfEngagement = ({ many }: TableRelationsHelpers<'members'>) => ({
  announcementReads: many(announcementReads),
  feedback: many(feedback),
  messages: many(messages),
  missionClaims: many(missionClaims),
  promotionEntries: many(promotionEntries),
  rebateClaims: many(rebateClaims),
  rewards: many(rewards),
});
