/**
 * Agents (the team tree, invitation codes, downline rebate rates and contracts).
 *
 * Drizzle tables mirroring server/db/migrations/*.sql, the source of truth: a test checks every table, column
 * and foreign key against the migrated database. references() marks the foreign keys the
 * migrations declare (those into the ledger with server/money/tables.ts ledgerTransactionId);
 * relations() changes no query, it only lets db.query load related rows `with` them.
 */
import { relations, type TableRelationsHelpers } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { id, money, ref, ts } from '../../db/columns';
import { members } from '../account/tables';
import { merchants } from '../site/tables';
import { ledgerTransactionId } from '../../money/tables';

/**
 * The team tree as a closure table (0023_team_tree.sql): one row per member and each of its
 * uplines at any distance, and the member itself at depth 0. Kept by database triggers on members.
 */
export const memberTree = pgTable(
  'member_tree',
  {
    ancestorId: ref('ancestor_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
    descendantId: ref('descendant_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
    depth: integer('depth').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ancestorId, t.depth, t.descendantId] })],
);
export type MemberTreeLink = typeof memberTree.$inferSelect;
export const memberTreeRelations = relations(memberTree, ({ one }) => ({
  ancestor: one(members, { fields: [memberTree.ancestorId], references: [members.id], relationName: 'memberTree_ancestor' }),
  descendant: one(members, { fields: [memberTree.descendantId], references: [members.id], relationName: 'memberTree_descendant' }),
}));

export const affiliateCodes = pgTable(
  'affiliate_codes',
  {
    merchantCode: text('merchant_code').notNull().references(() => merchants.code),
    code: text('code').notNull(),
    memberId: ref('member_id').notNull().references(() => members.id),
    domain: text('domain'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.code] })],
);
export type AffiliateCode = typeof affiliateCodes.$inferSelect;
export const affiliateCodesRelations = relations(affiliateCodes, ({ one }) => ({
  member: one(members, { fields: [affiliateCodes.memberId], references: [members.id] }),
  merchant: one(merchants, { fields: [affiliateCodes.merchantCode], references: [merchants.code] }),
}));

/**
 * A member's own cash-back rate per game type, set by its upline (0028_agent_rebate_rates.sql): in
 * hundredths of a percent; never above the upline's. No row: the tenant's rate applies.
 */
export const memberRebateRates = pgTable(
  'member_rebate_rates',
  {
    memberId: ref('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
    merchantCode: text('merchant_code').notNull().references(() => merchants.code),
    gameType: text('game_type').notNull(),
    rateBp: integer('rate_bp').notNull(),
    setBy: ref('set_by').references(() => members.id),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.gameType] })],
);
export type MemberRebateRate = typeof memberRebateRates.$inferSelect;
export const memberRebateRatesRelations = relations(memberRebateRates, ({ one }) => ({
  member: one(members, { fields: [memberRebateRates.memberId], references: [members.id], relationName: 'memberRebateRates_member' }),
  merchant: one(merchants, { fields: [memberRebateRates.merchantCode], references: [merchants.code] }),
  setter: one(members, { fields: [memberRebateRates.setBy], references: [members.id], relationName: 'memberRebateRates_setter' }),
}));

export type AgentContractKind = 'salary' | 'dividend' | 'hourly';

export type AgentContractState = 'proposed' | 'signed' | 'rejected' | 'cancelled' | 'superseded';

/** A contract between an agent and a direct downline agent (0029_agent_contracts.sql); terms in minor units / basis points. */
export const agentContracts = pgTable('agent_contracts', {
  id: id(),
  merchantCode: text('merchant_code').notNull().references(() => merchants.code),
  kind: text('kind').$type<AgentContractKind>().notNull(),
  uplineId: ref('upline_id').notNull().references(() => members.id),
  downlineId: ref('downline_id').notNull().references(() => members.id),
  terms: jsonb('terms').$type<Record<string, unknown>>().notNull(),
  state: text('state').$type<AgentContractState>().notNull().default('proposed'),
  createdAt: ts('created_at').notNull().defaultNow(),
  signedAt: ts('signed_at'),
  endedAt: ts('ended_at'),
});
export type AgentContract = typeof agentContracts.$inferSelect;
export const agentContractsRelations = relations(agentContracts, ({ one, many }) => ({
  downline: one(members, { fields: [agentContracts.downlineId], references: [members.id], relationName: 'agentContracts_downline' }),
  merchant: one(merchants, { fields: [agentContracts.merchantCode], references: [merchants.code] }),
  upline: one(members, { fields: [agentContracts.uplineId], references: [members.id], relationName: 'agentContracts_upline' }),
  agentContractSettlements: many(agentContractSettlements),
}));

/** One contract's payment for one period (0029_agent_contracts.sql); minor units. */
export const agentContractSettlements = pgTable('agent_contract_settlements', {
  id: id(),
  merchantCode: text('merchant_code').notNull().references(() => merchants.code),
  contractId: ref('contract_id').notNull().references(() => agentContracts.id),
  kind: text('kind').$type<AgentContractKind>().notNull(),
  downlineId: ref('downline_id').notNull().references(() => members.id),
  period: text('period').notNull(),
  periodStart: ts('period_start').notNull(),
  periodEnd: ts('period_end').notNull(),
  turnover: money('turnover').notNull().default(0),
  activeMembers: integer('active_members').notNull().default(0),
  netLoss: money('net_loss').notNull().default(0),
  amount: money('amount').notNull(),
  transactionId: ledgerTransactionId('transaction_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** Why a period paid nothing whatever the tiers said (0033): no turnover or no active member. */
  refusedReason: text('refused_reason'),
});
export type AgentContractSettlement = typeof agentContractSettlements.$inferSelect;
export const agentContractSettlementsRelations = relations(agentContractSettlements, ({ one }) => ({
  contract: one(agentContracts, { fields: [agentContractSettlements.contractId], references: [agentContracts.id] }),
  downline: one(members, { fields: [agentContractSettlements.downlineId], references: [members.id] }),
  merchant: one(merchants, { fields: [agentContractSettlements.merchantCode], references: [merchants.code] }),
}));

/** An operator's ceiling on what a top-level agent may propose, per kind (0033_contract_activity.sql): minor units or basis points. */
export const agentContractCeilings = pgTable(
  'agent_contract_ceilings',
  {
    memberId: ref('member_id').notNull().references(() => members.id),
    kind: text('kind').$type<AgentContractKind>().notNull(),
    merchantCode: text('merchant_code').notNull().references(() => merchants.code),
    maxValue: money('max_value').notNull(),
    setBy: text('set_by').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind] })],
);
export type AgentContractCeiling = typeof agentContractCeilings.$inferSelect;
export const agentContractCeilingsRelations = relations(agentContractCeilings, ({ one }) => ({
  member: one(members, { fields: [agentContractCeilings.memberId], references: [members.id] }),
  merchant: one(merchants, { fields: [agentContractCeilings.merchantCode], references: [merchants.code] }),
}));

/** The agent relations of members, gathered into membersRelations by server/db/schema.ts. */
export const memberRelationsOfAgent = ({ many }: TableRelationsHelpers<'members'>) => ({
  affiliateCodes: many(affiliateCodes),
  agentContractCeilings: many(agentContractCeilings),
  agentContractSettlements: many(agentContractSettlements),
  contractsAsDownline: many(agentContracts, { relationName: 'agentContracts_downline' }),
  contractsAsUpline: many(agentContracts, { relationName: 'agentContracts_upline' }),
  rebateRates: many(memberRebateRates, { relationName: 'memberRebateRates_member' }),
  rebateRatesSet: many(memberRebateRates, { relationName: 'memberRebateRates_setter' }),
  descendantLinks: many(memberTree, { relationName: 'memberTree_ancestor' }),
  ancestorLinks: many(memberTree, { relationName: 'memberTree_descendant' }),
});
