/**
 * Player protection (limits, time-outs and self-exclusions, reality checks).
 *
 * Drizzle tables mirroring server/db/migrations/*.sql, the source of truth: a test checks every table, column
 * and foreign key against the migrated database. references() marks the foreign keys the
 * migrations declare;
 * relations() changes no query, it only lets db.query load related rows `with` them.
 */
import { relations, type TableRelationsHelpers } from 'drizzle-orm';
import { bigint, boolean, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { id, ref, ts } from '../../db/columns';
import { members } from '../account/tables';
import { merchants } from '../site/tables';

export type PlayerLimitKind = 'deposit' | 'loss' | 'wager' | 'session';

export type PlayerLimitPeriod = 'day' | 'week' | 'month' | 'session';

/**
 * A member's protection limit (0024_player_limits.sql): the value enforced now and a pending
 * loosening (pendingSet: pendingValue, null for a removal) that applies at effectiveAt.
 */
export const playerLimits = pgTable(
  'player_limits',
  {
    memberId: ref('member_id').notNull().references(() => members.id),
    kind: text('kind').$type<PlayerLimitKind>().notNull(),
    period: text('period').$type<PlayerLimitPeriod>().notNull(),
    value: bigint('value', { mode: 'number' }),
    pendingSet: boolean('pending_set').notNull().default(false),
    pendingValue: bigint('pending_value', { mode: 'number' }),
    effectiveAt: ts('effective_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind, t.period] })],
);
export type PlayerLimit = typeof playerLimits.$inferSelect;
export const playerLimitsRelations = relations(playerLimits, ({ one }) => ({
  member: one(members, { fields: [playerLimits.memberId], references: [members.id] }),
}));

/** Time-outs and self-exclusions (0025_player_protection.sql): only ever inserted, never changed or deleted. */
export const memberExclusions = pgTable('member_exclusions', {
  id: id(),
  merchantCode: text('merchant_code').notNull().references(() => merchants.code),
  memberId: ref('member_id').notNull().references(() => members.id),
  kind: text('kind').$type<'timeout' | 'self_exclusion'>().notNull(),
  period: text('period').$type<'24h' | '7d' | '30d' | '6m' | '1y' | '5y'>().notNull(),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type MemberExclusion = typeof memberExclusions.$inferSelect;
export const memberExclusionsRelations = relations(memberExclusions, ({ one }) => ({
  member: one(members, { fields: [memberExclusions.memberId], references: [members.id] }),
  merchant: one(merchants, { fields: [memberExclusions.merchantCode], references: [merchants.code] }),
}));

/** A member's reality-check interval (null: the tenant's; 0: off) and birth date (0025_player_protection.sql). */
export const memberProtection = pgTable('member_protection', {
  memberId: ref('member_id').primaryKey().references(() => members.id),
  realityCheckMinutes: integer('reality_check_minutes'),
  birthDate: date('birth_date', { mode: 'string' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type MemberProtection = typeof memberProtection.$inferSelect;
export const memberProtectionRelations = relations(memberProtection, ({ one }) => ({
  member: one(members, { fields: [memberProtection.memberId], references: [members.id] }),
}));

/** The next reality check of a login (0025_player_protection.sql). */
export const realityChecks = pgTable('reality_checks', {
  loginId: text('login_id').primaryKey(),
  memberId: ref('member_id').notNull().references(() => members.id),
  dueAt: ts('due_at').notNull(),
  acknowledgedAt: ts('acknowledged_at'),
});
export type RealityCheck = typeof realityChecks.$inferSelect;
export const realityChecksRelations = relations(realityChecks, ({ one }) => ({
  member: one(members, { fields: [realityChecks.memberId], references: [members.id] }),
}));

/** The protection relations of members, gathered into membersRelations by server/db/schema.ts. */
export const memberRelationsOfProtection = ({ one, many }: TableRelationsHelpers<'members'>) => ({
  memberExclusions: many(memberExclusions),
  protection: one(memberProtection),
  playerLimits: many(playerLimits),
  realityChecks: many(realityChecks),
});
