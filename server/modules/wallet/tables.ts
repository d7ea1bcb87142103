/**
 * The wallet (deposits, withdrawals, transfers, turnover requirements, payout accounts).
 *
 * Drizzle tables mirroring server/db/migrations/*.sql, the source of truth: a test checks every table, column
 * and foreign key against the migrated database. references() marks the foreign keys the
 * migrations declare (those into the ledger with server/money/tables.ts ledgerTransactionId);
 * relations() changes no query, it only lets db.query load related rows `with` them.
 */
import { relations, type TableRelationsHelpers } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, id, money, ref, ts } from '../../db/columns';
import { members } from '../account/tables';
import { merchants } from '../site/tables';
import { ledgerTransactionId } from '../../money/tables';

export type DepositState = 'pending' | 'paid' | 'rejected' | 'expired' | 'cancelled';

export const deposits = pgTable('deposits', {
  id: id(),
  merchantCode: text('merchant_code').notNull().references(() => merchants.code),
  memberId: ref('member_id').notNull().references(() => members.id),
  channelId: text('channel_id').notNull(),
  provider: text('provider').$type<'manual' | 'gateway'>().notNull(),
  /** Minor units, as every amount below. */
  amount: money('amount').notNull(),
  fee: money('fee').notNull().default(0),
  bonus: money('bonus').notNull().default(0),
  /** Turnover added once paid (0010): amount x deposit multiplier, bonus x bonus multiplier. */
  depositTurnover: money('deposit_turnover').notNull().default(0),
  bonusTurnover: money('bonus_turnover').notNull().default(0),
  state: text('state').$type<DepositState>().notNull().default('pending'),
  reference: text('reference'),
  receipt: bytea('receipt'),
  receiptType: text('receipt_type'),
  /** gateway: the provider's payment id (unique per provider), once it opened one. */
  gatewayRef: text('gateway_ref'),
  /** gateway: the provider's name (the channel's `gateway` at creation), and its payment page. */
  gateway: text('gateway'),
  payUrl: text('pay_url'),
  reason: text('reason'),
  transactionId: ledgerTransactionId('transaction_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  decidedAt: ts('decided_at'),
  decidedBy: text('decided_by'),
});
export type Deposit = typeof deposits.$inferSelect;
export const depositsRelations = relations(deposits, ({ one }) => ({
  member: one(members, { fields: [deposits.memberId], references: [members.id] }),
  merchant: one(merchants, { fields: [deposits.merchantCode], references: [merchants.code] }),
}));

export const turnoverRequirements = pgTable('turnover_requirements', {
  id: id(),
  merchantCode: text('merchant_code').notNull().references(() => merchants.code),
  memberId: ref('member_id').notNull().references(() => members.id),
  source: text('source').$type<'deposit' | 'bonus' | 'adjustment' | 'rebate' | 'transfer' | 'contract' | 'red_rain'>().notNull(),
  sourceId: text('source_id'),
  required: money('required').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  waivedAt: ts('waived_at'),
  waivedBy: text('waived_by'),
  metAt: ts('met_at'),
});
export type TurnoverRequirement = typeof turnoverRequirements.$inferSelect;
export const turnoverRequirementsRelations = relations(turnoverRequirements, ({ one }) => ({
  member: one(members, { fields: [turnoverRequirements.memberId], references: [members.id] }),
  merchant: one(merchants, { fields: [turnoverRequirements.merchantCode], references: [merchants.code] }),
}));

export const payoutAccounts = pgTable('payout_accounts', {
  id: id(),
  merchantCode: text('merchant_code').notNull().references(() => merchants.code),
  memberId: ref('member_id').notNull().references(() => members.id),
  kind: text('kind').$type<'bank' | 'ewallet'>().notNull(),
  providerCode: text('provider_code').notNull(),
  accountNo: text('account_no').notNull(),
  holderName: text('holder_name').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
});
export type PayoutAccount = typeof payoutAccounts.$inferSelect;
export const payoutAccountsRelations = relations(payoutAccounts, ({ one, many }) => ({
  member: one(members, { fields: [payoutAccounts.memberId], references: [members.id] }),
  merchant: one(merchants, { fields: [payoutAccounts.merchantCode], references: [merchants.code] }),
  withdrawals: many(withdrawals),
}));

export type WithdrawalState = 'pending' | 'paid' | 'rejected';

export const withdrawals = pgTable('withdrawals', {
  id: id(),
  merchantCode: text('merchant_code').notNull().references(() => merchants.code),
  memberId: ref('member_id').notNull().references(() => members.id),
  payoutAccountId: ref('payout_account_id').notNull().references(() => payoutAccounts.id),
  amount: money('amount').notNull(),
  fee: money('fee').notNull().default(0),
  state: text('state').$type<WithdrawalState>().notNull().default('pending'),
  reason: text('reason'),
  holdTransactionId: ledgerTransactionId('hold_transaction_id').notNull(),
  settleTransactionId: ledgerTransactionId('settle_transaction_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  decidedAt: ts('decided_at'),
  decidedBy: text('decided_by'),
});
export type Withdrawal = typeof withdrawals.$inferSelect;
export const withdrawalsRelations = relations(withdrawals, ({ one }) => ({
  member: one(members, { fields: [withdrawals.memberId], references: [members.id] }),
  merchant: one(merchants, { fields: [withdrawals.merchantCode], references: [merchants.code] }),
  payoutAccount: one(payoutAccounts, { fields: [withdrawals.payoutAccountId], references: [payoutAccounts.id] }),
}));

/** A transfer from a member's wallet to the upline's. */
export const transfers = pgTable('transfers', {
  id: id(),
  merchantCode: text('merchant_code').notNull().references(() => merchants.code),
  fromMemberId: ref('from_member_id').notNull().references(() => members.id),
  toMemberId: ref('to_member_id').notNull().references(() => members.id),
  /** Minor units. */
  amount: money('amount').notNull(),
  transactionId: ledgerTransactionId('transaction_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type Transfer = typeof transfers.$inferSelect;
export const transfersRelations = relations(transfers, ({ one }) => ({
  fromMember: one(members, { fields: [transfers.fromMemberId], references: [members.id], relationName: 'transfers_fromMember' }),
  merchant: one(merchants, { fields: [transfers.merchantCode], references: [merchants.code] }),
  toMember: one(members, { fields: [transfers.toMemberId], references: [members.id], relationName: 'transfers_toMember' }),
}));

/** The wallet relations of members, gathered into membersRelations by server/db/schema.ts. */
export const memberRelationsOfWallet = ({ many }: TableRelationsHelpers<'members'>) => ({
  deposits: many(deposits),
  payoutAccounts: many(payoutAccounts),
  transfersOut: many(transfers, { relationName: 'transfers_fromMember' }),
  transfersIn: many(transfers, { relationName: 'transfers_toMember' }),
  turnoverRequirements: many(turnoverRequirements),
  withdrawals: many(withdrawals),
});
