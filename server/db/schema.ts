/**
 * All drizzle tables and relations in one place, for `drizzle(client, { schema })`: each area's
 * tables live beside its code in server/modules/<area>/tables.ts, the ledger's in server/money/tables.ts,
 * and are named here one by one.
 * They mirror server/db/migrations/*.sql, which is the source of truth for the database; a test
 * checks that both agree on every table, column and foreign key.
 */
import { relations } from 'drizzle-orm';
import { memberRelationsOfAccount, members, sessionRelationsOfAccount, sessions } from '../modules/account/tables';
import { memberRelationsOfGames, sessionRelationsOfGames } from '../modules/games/tables';
import { memberRelationsOfRecords } from '../modules/records/tables';
import { memberRelationsOfWallet } from '../modules/wallet/tables';
import { memberRelationsOfEngagement } from '../modules/engagement/tables';
import { memberRelationsOfAgent } from '../modules/agent/tables';
import { memberRelationsOfProtection } from '../modules/protection/tables';

export {
  ledgerAccounts, ledgerAccountsRelations, ledgerTransactions, ledgerTransactionsRelations, ledgerEntries, ledgerEntriesRelations, ledgerDays,
  ledgerDaysRelations
} from '../money/tables';
export {
  merchants, rateCounters, outbox, serverKeys, jweReplays, idempotencyKeys, operators, operatorsRelations, operatorSessions,
  operatorSessionsRelations, auditLog, auditLogRelations, maintenanceWindows, tenantVersions, tenantHeads, tenantVersionVisits
} from '../modules/site/tables';
export type {
  Merchant, RateCounter, OutboxMessage, ServerKey, JweReplay, IdempotencyKey, Operator, OperatorSession, AuditEntry, MaintenanceWindow,
  TenantVersion, TenantVersionKind, TenantVersionStatus
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
  gameFavouritesRelations, gameRecent, gameRecentRelations, hotMatches, hotMatchesRelations, jackpots,
  jackpotsRelations, gameTokens, gameTokensRelations, bets, betsRelations, vendorRequests, vendorTransactions, vendorRounds
} from '../modules/games/tables';
export type {
  GameVendor, VendorCategory, Game, GameFavourite, GameRecent, HotMatch, Jackpot, GameToken, Bet
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
