/**
 * The ledger's tables (0001_init.sql, 0015_records.sql, 0036_house_shards.sql): accounts,
 * transactions, their entries, and the per-day sums of members' accounts. Only the money kernel
 * (and the seeders) read or write them; the areas name a posting by its id with
 * `ledgerTransactionId` (a foreign key into ledger_transactions) and read the ledger through the
 * kernel's functions.
 *
 * Drizzle tables mirroring server/db/migrations/*.sql, the source of truth: a test checks every
 * table, column and foreign key against the migrated database. relations() changes no query, it
 * only lets db.query load related rows `with` them.
 */
import { relations } from 'drizzle-orm';
import { bigint, boolean, date, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { id, money, ref, ts } from '../db/columns';
import { members } from '../modules/account/tables';
import { merchants } from '../modules/site/tables';

export const ledgerAccounts = pgTable('ledger_accounts', {
  id: id(),
  merchantCode: text('merchant_code').notNull().references(() => merchants.code),
  memberId: ref('member_id').references(() => members.id),
  kind: text('kind').notNull(),
  currency: text('currency').notNull(),
  balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  allowNegative: boolean('allow_negative').notNull().default(false),
  /** The house sub-account a HOUSE row is (0 to HOUSE_SHARDS - 1, server/money/ledger.ts); 0 for members' accounts (0036_house_shards.sql). */
  shard: smallint('shard').notNull().default(0),
});

export const ledgerTransactions = pgTable('ledger_transactions', {
  id: id(),
  merchantCode: text('merchant_code').notNull().references(() => merchants.code),
  kind: text('kind').notNull(),
  memo: text('memo'),
  /** What the posting belongs to: D<deposit id>, W<withdrawal id>, B<bet id> (0015_records.sql). */
  reference: text('reference'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const ledgerEntries = pgTable('ledger_entries', {
  id: id(),
  transactionId: ref('transaction_id').notNull().references(() => ledgerTransactions.id),
  accountId: ref('account_id').notNull().references(() => ledgerAccounts.id),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A member account's ledger entries per tenant day and posting kind (0015_records.sql); minor units. */
export const ledgerDays = pgTable(
  'ledger_days',
  {
    accountId: ref('account_id').notNull().references(() => ledgerAccounts.id),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    credit: money('credit').notNull(),
    debit: money('debit').notNull(),
    entries: integer('entries').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day, t.kind] })],
);

/** A column naming a posting of the ledger (bets, deposits, withdrawals, transfers, rebates, rewards, contract pay). */
export const ledgerTransactionId = (name: string) => ref(name).references(() => ledgerTransactions.id);

export const ledgerAccountsRelations = relations(ledgerAccounts, ({ one, many }) => ({
  merchant: one(merchants, { fields: [ledgerAccounts.merchantCode], references: [merchants.code] }),
  member: one(members, { fields: [ledgerAccounts.memberId], references: [members.id] }),
  entries: many(ledgerEntries),
  days: many(ledgerDays),
}));
export const ledgerTransactionsRelations = relations(ledgerTransactions, ({ one, many }) => ({
  merchant: one(merchants, { fields: [ledgerTransactions.merchantCode], references: [merchants.code] }),
  entries: many(ledgerEntries),
}));
export const ledgerEntriesRelations = relations(ledgerEntries, ({ one }) => ({
  transaction: one(ledgerTransactions, { fields: [ledgerEntries.transactionId], references: [ledgerTransactions.id] }),
  account: one(ledgerAccounts, { fields: [ledgerEntries.accountId], references: [ledgerAccounts.id] }),
}));
export const ledgerDaysRelations = relations(ledgerDays, ({ one }) => ({
  account: one(ledgerAccounts, { fields: [ledgerDays.accountId], references: [ledgerAccounts.id] }),
}));
