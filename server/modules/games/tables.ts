/**
 * Games (vendors, the catalogue, favourites, launch tokens and bets).
 *
 * Drizzle tables mirroring server/db/migrations/*.sql, the source of truth: a test checks every table, column
 * and foreign key against the migrated database. references() marks the foreign keys the
 * migrations declare (those into the ledger with server/money/tables.ts ledgerTransactionId);
 * relations() changes no query, it only lets db.query load related rows `with` them.
 */
import { relations, type TableRelationsHelpers } from 'drizzle-orm';
import { bigint, boolean, foreignKey, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { id, money, ref, ts } from '../../db/columns';
import { members, sessions } from '../account/tables';
import { merchants } from '../site/tables';
import { ledgerTransactionId } from '../../money/tables';

export const gameVendors = pgTable('game_vendors', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  accountTypeName: text('account_type_name').notNull(),
  prizeMode: text('prize_mode'),
  lottoMode: text('lotto_mode'),
  sort: integer('sort').notNull().default(0),
});
export type GameVendor = typeof gameVendors.$inferSelect;
export const gameVendorsRelations = relations(gameVendors, ({ many }) => ({
  games: many(games),
  hotMatches: many(hotMatches),
  vendorCategories: many(vendorCategories),
}));

export const vendorCategories = pgTable(
  'vendor_categories',
  {
    merchantCode: text('merchant_code').notNull().references(() => merchants.code),
    gameCategory: text('game_category').notNull(),
    gameType: text('game_type').notNull(),
    vassalage: text('vassalage').notNull().references(() => gameVendors.code),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.gameCategory, t.gameType, t.vassalage] })],
);
export type VendorCategory = typeof vendorCategories.$inferSelect;
export const vendorCategoriesRelations = relations(vendorCategories, ({ one }) => ({
  merchant: one(merchants, { fields: [vendorCategories.merchantCode], references: [merchants.code] }),
  gameVendor: one(gameVendors, { fields: [vendorCategories.vassalage], references: [gameVendors.code] }),
}));

export const games = pgTable('games', {
  id: id(),
  merchantCode: text('merchant_code').notNull().references(() => merchants.code),
  nodeId: integer('node_id').notNull(),
  vassalage: text('vassalage').notNull().references(() => gameVendors.code),
  gameType: text('game_type').notNull(),
  gameId: text('game_id').notNull(),
  roomId: text('room_id'),
  nameEn: text('name_en').notNull(),
  nameTy: text('name_ty').notNull(),
  searchText: text('search_text').notNull(),
  slotType: text('slot_type'),
  isNew: boolean('is_new').notNull().default(false),
  isHot: boolean('is_hot').notNull().default(false),
  hotRank: integer('hot_rank'),
  /** Minor units. */
  minBet: bigint('min_bet', { mode: 'number' }).notNull().default(1),
  minLine: integer('min_line').notNull().default(1),
  supportPlay: boolean('support_play').notNull().default(false),
  prizeMode: text('prize_mode'),
  lottoMode: text('lotto_mode'),
  iconUrl: text('icon_url').notNull(),
  mobileSmallIcon: text('mobile_small_icon').notNull(),
  mobileLargeIcon: text('mobile_large_icon').notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type Game = typeof games.$inferSelect;
export const gamesRelations = relations(games, ({ one, many }) => ({
  merchant: one(merchants, { fields: [games.merchantCode], references: [merchants.code] }),
  gameVendor: one(gameVendors, { fields: [games.vassalage], references: [gameVendors.code] }),
  gameFavourites: many(gameFavourites),
  gameRecent: many(gameRecent),
}));

export const gameFavourites = pgTable(
  'game_favourites',
  {
    memberId: ref('member_id').notNull().references(() => members.id),
    merchantCode: text('merchant_code').notNull(),
    nodeId: integer('node_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.nodeId] }),
    foreignKey({ name: 'game_favourites_merchant_code_node_id_fkey', columns: [t.merchantCode, t.nodeId], foreignColumns: [games.merchantCode, games.nodeId] }),
  ],
);
export type GameFavourite = typeof gameFavourites.$inferSelect;
export const gameFavouritesRelations = relations(gameFavourites, ({ one }) => ({
  member: one(members, { fields: [gameFavourites.memberId], references: [members.id] }),
  game: one(games, { fields: [gameFavourites.merchantCode, gameFavourites.nodeId], references: [games.merchantCode, games.nodeId] }),
}));

export const gameRecent = pgTable(
  'game_recent',
  {
    memberId: ref('member_id').notNull().references(() => members.id),
    merchantCode: text('merchant_code').notNull(),
    nodeId: integer('node_id').notNull(),
    playedAt: ts('played_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.nodeId] }),
    foreignKey({ name: 'game_recent_merchant_code_node_id_fkey', columns: [t.merchantCode, t.nodeId], foreignColumns: [games.merchantCode, games.nodeId] }),
  ],
);
export type GameRecent = typeof gameRecent.$inferSelect;
export const gameRecentRelations = relations(gameRecent, ({ one }) => ({
  member: one(members, { fields: [gameRecent.memberId], references: [members.id] }),
  game: one(games, { fields: [gameRecent.merchantCode, gameRecent.nodeId], references: [games.merchantCode, games.nodeId] }),
}));

export const hotMatches = pgTable('hot_matches', {
  id: id(),
  merchantCode: text('merchant_code').notNull().references(() => merchants.code),
  matchTime: ts('match_time').notNull(),
  league: text('league').notNull(),
  homeTeam: text('home_team').notNull(),
  awayTeam: text('away_team').notNull(),
  homeTeamImageUrl: text('home_team_image_url').notNull(),
  awayTeamImageUrl: text('away_team_image_url').notNull(),
  vendor: text('vendor').notNull().references(() => gameVendors.code),
  roomId: text('room_id').notNull(),
  nodeId: integer('node_id').notNull(),
  supportPlay: boolean('support_play').notNull().default(false),
  sort: integer('sort').notNull().default(0),
});
export type HotMatch = typeof hotMatches.$inferSelect;
export const hotMatchesRelations = relations(hotMatches, ({ one }) => ({
  merchant: one(merchants, { fields: [hotMatches.merchantCode], references: [merchants.code] }),
  gameVendor: one(gameVendors, { fields: [hotMatches.vendor], references: [gameVendors.code] }),
}));

export const jackpots = pgTable('jackpots', {
  merchantCode: text('merchant_code').primaryKey().references(() => merchants.code),
  currency: text('currency').notNull(),
  baseAmount: bigint('base_amount', { mode: 'number' }).notNull(),
  perSecond: bigint('per_second', { mode: 'number' }).notNull(),
  startedAt: ts('started_at').notNull().defaultNow(),
});
export type Jackpot = typeof jackpots.$inferSelect;
export const jackpotsRelations = relations(jackpots, ({ one }) => ({
  merchant: one(merchants, { fields: [jackpots.merchantCode], references: [merchants.code] }),
}));

export const gameTokens = pgTable('game_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  kind: text('kind').$type<'LAUNCH' | 'PLAY'>().notNull(),
  memberId: ref('member_id').notNull().references(() => members.id),
  sessionHash: text('session_hash').notNull().references(() => sessions.tokenHash),
  merchantCode: text('merchant_code').notNull(),
  /** Null: a vendor's lobby. */
  nodeId: integer('node_id'),
  /** The catalogue vendor an outside vendor's launch or play token is for; null: the in-house slot's. */
  vendor: text('vendor'),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type GameToken = typeof gameTokens.$inferSelect;
export const gameTokensRelations = relations(gameTokens, ({ one }) => ({
  member: one(members, { fields: [gameTokens.memberId], references: [members.id] }),
  session: one(sessions, { fields: [gameTokens.sessionHash], references: [sessions.tokenHash] }),
}));

export const bets = pgTable('bets', {
  id: id(),
  memberId: ref('member_id').notNull().references(() => members.id),
  merchantCode: text('merchant_code').notNull().references(() => merchants.code),
  nodeId: integer('node_id').notNull(),
  vassalage: text('vassalage').notNull(),
  gameType: text('game_type').notNull(),
  currency: text('currency').notNull(),
  /** Minor units. */
  stake: bigint('stake', { mode: 'number' }).notNull(),
  win: bigint('win', { mode: 'number' }).notNull(),
  outcome: jsonb('outcome').$type<Record<string, unknown>>().notNull(),
  ledgerTransactionId: ledgerTransactionId('ledger_transaction_id').notNull(),
  /** The wallet's balance once the bet was settled (minor units); null where the ledger does not say. */
  balanceAfter: money('balance_after'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type Bet = typeof bets.$inferSelect;
export const betsRelations = relations(bets, ({ one }) => ({
  member: one(members, { fields: [bets.memberId], references: [members.id] }),
  merchant: one(merchants, { fields: [bets.merchantCode], references: [merchants.code] }),
}));

/** An answered request of an outside vendor (seamless wallet), replayed byte for byte on a repeat. */
export const vendorRequests = pgTable(
  'vendor_requests',
  {
    vendor: text('vendor').notNull(),
    requestUuid: text('request_uuid').notNull(),
    answer: text('answer').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.vendor, t.requestUuid] })],
);

/** A transaction_uuid of an outside vendor, processed once (bet, win, rollback, or the tombstone of a rollback before its bet). */
export const vendorTransactions = pgTable(
  'vendor_transactions',
  {
    vendor: text('vendor').notNull(),
    transactionUuid: text('transaction_uuid').notNull(),
    kind: text('kind').$type<'bet' | 'win' | 'rollback' | 'tombstone'>().notNull(),
    memberId: ref('member_id').notNull().references(() => members.id),
    gameCode: text('game_code').notNull(),
    round: text('round').notNull(),
    referenceUuid: text('reference_uuid'),
    /** Minor units moved. */
    amount: money('amount').notNull(),
    /** Of a rollback of a win: what the wallet could not give back (the house's loss). */
    shortfall: money('shortfall').notNull().default(0),
    betId: ref('bet_id').references(() => bets.id),
    ledgerTransactionId: ledgerTransactionId('ledger_transaction_id'),
    rolledBack: boolean('rolled_back').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.vendor, t.transactionUuid] })],
);
export type VendorTransaction = typeof vendorTransactions.$inferSelect;

/** An outside vendor's round: its one bets row. */
export const vendorRounds = pgTable(
  'vendor_rounds',
  {
    vendor: text('vendor').notNull(),
    round: text('round').notNull(),
    memberId: ref('member_id').notNull().references(() => members.id),
    betId: ref('bet_id').notNull().references(() => bets.id),
  },
  (t) => [primaryKey({ columns: [t.vendor, t.round] })],
);

/** The games relations of members, gathered into membersRelations by server/db/schema.ts. */
export const memberRelationsOfGames = ({ many }: TableRelationsHelpers<'members'>) => ({
  bets: many(bets),
  gameFavourites: many(gameFavourites),
  gameRecent: many(gameRecent),
  gameTokens: many(gameTokens),
});

/** The games relations of sessions, gathered into sessionsRelations by server/db/schema.ts. */
export const sessionRelationsOfGames = ({ many }: TableRelationsHelpers<'sessions'>) => ({
  gameTokens: many(gameTokens),
});
