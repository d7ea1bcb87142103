/**
 * Records (the daily bet totals behind the member records).
 *
 * Drizzle tables mirroring server/db/migrations/*.sql, the source of truth: a test checks every table, column
 * and foreign key against the migrated database. references() marks the foreign keys the
 * migrations declare;
 * relations() changes no query, it only lets db.query load related rows `with` them.
 */
import { relations, type TableRelationsHelpers } from 'drizzle-orm';
import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { money, ref } from '../../db/columns';
import { members } from '../account/tables';

/** A member's bets per tenant day and game type and vendor (0015_records.sql); amounts in minor units. */
export const betDays = pgTable(
  'bet_days',
  {
    memberId: ref('member_id').notNull().references(() => members.id),
    day: date('day', { mode: 'string' }).notNull(),
    gameType: text('game_type').notNull(),
    vassalage: text('vassalage').notNull(),
    betCount: integer('bet_count').notNull(),
    stake: money('stake').notNull(),
    validTurnover: money('valid_turnover').notNull(),
    win: money('win').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.day, t.gameType, t.vassalage] })],
);
export type BetDay = typeof betDays.$inferSelect;
export const betDaysRelations = relations(betDays, ({ one }) => ({
  member: one(members, { fields: [betDays.memberId], references: [members.id] }),
}));

/** The records relations of members, gathered into membersRelations by server/db/schema.ts. */
export const memberRelationsOfRecords = ({ many }: TableRelationsHelpers<'members'>) => ({
  betDays: many(betDays),
});
