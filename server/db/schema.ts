/**
 * All drizzle tables and relations in one place, for `drizzle(client, { schema })`: each area's
 * tables live beside its code in server/modules/<area>/tables.ts and are named here one by one.
 * They mirror server/db/migrations/*.sql, which is the source of truth for the database; a test
 * checks that both agree on every table, column and foreign key.
 */
import { relations } from 'drizzle-orm';
import { bigint, boolean, date, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { id, money, ref, ts } from './columns';
import { memberRelationsOfAccount, members, sessionRelationsOfAccount, sessions } from '../modules/account/tables';
import { memberRelationsOfGames, sessionRelationsOfGames } from '../modules/games/tables';
import { memberRelationsOfRecords } from '../modules/records/tables';
import { memberRelationsOfWallet } from '../modules/wallet/tables';
import { memberRelationsOfEngagement } from '../modules/engagement/tables';
import { memberRelationsOfAgent } from '../modules/agent/tables';
import { memberRelationsOfProtection } from '../modules/protection/tables';

export {
  merchants, rateCounters, outbox, serverKeys, jweReplays, idempotencyKeys, operators, operatorsRelations, operatorSessions,
  operatorSessionsRelations, auditLog, auditLogRelations, maintenanceWindows
} from '../modules/site/tables';
export type {
  Merchant, RateCounter, OutboxMessage, ServerKey, JweReplay, IdempotencyKey, Operator, OperatorSession, AuditEntry, MaintenanceWindow
} from '../modules/site/tables';
export {
  members, sessions, captchas, smsCodes, identityChecks, identityChecksRelations, identityImages,
  identityImagesRelations, memberAvatars, memberAvatarsRelations, memberImages, memberImagesRelations
} from '../modules/account/tables';
export type {
  Member, Session, Captcha, SmsCode, IdentityState, IdentityCheck, IdentityImage, MemberAvatar, ImagePurpose, MemberImage
} from '../modules/account/tables';
export {
  gameVendors, gameVendorsRelations, vendorCategories, vendorCategoriesRelations, games, gamesRelations, gameFavourites,
  gameFavouritesRelations, gameRecent, gameRecentRelations, hotMatches, hotMatchesRelations, gameWinners, gameWinnersRelations, jackpots,
  jackpotsRelations, gameTokens, gameTokensRelations, bets, betsRelations
} from '../modules/games/tables';
export type {
  GameVendor, VendorCategory, Game, GameFavourite, GameRecent, HotMatch, GameWinner, Jackpot, GameToken, Bet
} from '../modules/games/tables';
export { betDays, betDaysRelations } from '../modules/records/tables';
export type { BetDay } from '../modules/records/tables';
export {
  deposits, depositsRelations, turnoverRequirements, turnoverRequirementsRelations, payoutAccounts, payoutAccountsRelations, withdrawals,
  withdrawalsRelations, transfers, transfersRelations
} from '../modules/wallet/tables';
export type {
  DepositState, Deposit, TurnoverRequirement, PayoutAccount, WithdrawalState, Withdrawal, Transfer
} from '../modules/wallet/tables';
export {
  announcements, announcementsRelations, announcementReads, announcementReadsRelations, helpItems, helpItemsRelations, messages,
  messagesRelations, promotions, promotionsRelations, rebateClaims, rebateClaimsRelations, rebateClaimLines, rebateClaimLinesRelations,
  feedback, feedbackRelations, rewards, rewardsRelations, promotionEntries, promotionEntriesRelations, missionTasks, missionTasksRelations,
  missionClaims, missionClaimsRelations, rainWindows, rainWindowsRelations, rainCatches, rainCatchesRelations
} from '../modules/engagement/tables';
export type {
  Announcement, AnnouncementRead, HelpItem, Message, Promotion, RebateKind, RebateClaim, RebateClaimLine, Feedback, RewardSource, Reward,
  PromotionEntryState, PromotionEntry, MissionTaskKind, MissionTaskPeriod, MissionTask, MissionClaim, RainWindow, RainCatch
} from '../modules/engagement/tables';
export {
  memberTree, memberTreeRelations, affiliateCodes, affiliateCodesRelations, memberRebateRates, memberRebateRatesRelations, agentContracts,
  agentContractsRelations, agentContractSettlements, agentContractSettlementsRelations, agentContractCeilings,
  agentContractCeilingsRelations
} from '../modules/agent/tables';
export type {
  MemberTreeLink, AffiliateCode, MemberRebateRate, AgentContractKind, AgentContractState, AgentContract, AgentContractSettlement,
  AgentContractCeiling
} from '../modules/agent/tables';
export {
  playerLimits, playerLimitsRelations, memberExclusions, memberExclusionsRelations, memberProtection, memberProtectionRelations,
  realityChecks, realityChecksRelations
} from '../modules/protection/tables';
export type {
  PlayerLimitKind, PlayerLimitPeriod, PlayerLimit, MemberExclusion, MemberProtection, RealityCheck
} from '../modules/protection/tables';

/**
 * Members and sessions are referenced from several areas: each area declares its side beside its
 * tables, and one relations() per table gathers them here (drizzle types only one per table).
 */
export const membersRelations = relations(members, (helpers) => ({
  ...memberRelationsOfAccount(helpers),
  ...memberRelationsOfGames(helpers),
  ...memberRelationsOfRecords(helpers),
  ...memberRelationsOfWallet(helpers),
  ...memberRelationsOfEngagement(helpers),
  ...memberRelationsOfAgent(helpers),
  ...memberRelationsOfProtection(helpers),
}));
export const sessionsRelations = relations(sessions, (helpers) => ({ ...sessionRelationsOfAccount(helpers), ...sessionRelationsOfGames(helpers) }));

export const ledgerAccounts = pgTable('ledger_accounts', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  memberId: ref('member_id'),
  kind: text('kind').notNull(),
  currency: text('currency').notNull(),
  balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  allowNegative: boolean('allow_negative').notNull().default(false),
  /** The house sub-account a HOUSE row is (0 to HOUSE_SHARDS - 1, server/money/ledger.ts); 0 for members' accounts (0036_house_shards.sql). */
  shard: smallint('shard').notNull().default(0),
});

export const ledgerTransactions = pgTable('ledger_transactions', {
  id: id(),
  merchantCode: text('merchant_code').notNull(),
  kind: text('kind').notNull(),
  memo: text('memo'),
  /** What the posting belongs to: D<deposit id>, W<withdrawal id>, B<bet id> (0015_records.sql). */
  reference: text('reference'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const ledgerEntries = pgTable('ledger_entries', {
  id: id(),
  transactionId: ref('transaction_id').notNull(),
  accountId: ref('account_id').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A member account's ledger entries per tenant day and posting kind (0015_records.sql); minor units. */
export const ledgerDays = pgTable(
  'ledger_days',
  {
    accountId: ref('account_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    credit: money('credit').notNull(),
    debit: money('debit').notNull(),
    entries: integer('entries').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day, t.kind] })],
);
