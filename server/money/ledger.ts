import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '../../src/lib/app-config';
import { rows, type Db, type Executor, type Tx } from '../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema';
import { ApiError } from '../errors';
import type { ZoneOf } from '../lib/record-range';
import { isLedgerKind, type LedgerKind } from './kinds';

/**
 * House sub-accounts per merchant and currency (0036_house_shards.sql). A money move of a member
 * takes the sub-account of that member (`houseShardOf`), so moves of independent members lock
 * different house rows and run side by side; a member's own moves still queue on its wallet. The
 * house's balance is the sum of its sub-accounts (`houseBalances`, the ledger check).
 */
export const HOUSE_SHARDS = 16;

/** The house sub-account of a member's money moves. */
export const houseShardOf = (memberId: number): number => memberId % HOUSE_SHARDS;

interface LedgerLine {
  accountId: number;
  /** Minor units; positive credits the account, negative debits it. */
  amount: number;
}

export interface Posting {
  merchantCode: string;
  /** One of LEDGER_KINDS (kinds.ts): each shows in the account record as its record type. */
  kind: LedgerKind;
  memo?: string;
  /** What the posting belongs to, shown in the account record: D<deposit id>, W<withdrawal id>, B<bet id>. */
  reference?: string;
  lines: LedgerLine[];
}

/** The member whose wallet money moves to or from. */
export interface MemberWallet {
  merchantCode: string;
  memberId: number;
  currency: string;
  walletId: number;
}

/** What a posting shows in the account record beside its kind. */
interface MoveNote {
  memo?: string;
  /** What the posting belongs to: D<deposit id>, W<withdrawal id>, B<bet id>, C<contract id>. */
  reference?: string;
}

/** A withdrawal's money move between the member's wallet and HOLD account: a posting of two lines. */
export interface WithdrawalMove extends MemberWallet, MoveNote {
  /** Minor units, above zero: the amount and the fee. */
  amount: number;
}

/**
 * A member's money moves against its house sub-account (`LedgerRepository.memberMoves`), each a
 * named posting of two lines: the wallet and the house sub-account. Amounts are minor units,
 * above zero (but `adjust`'s, signed); each answers the posting's id, and a debit that would
 * overdraw the wallet throws `balance.insufficient`.
 */
export interface MemberMoves {
  readonly walletId: number;
  readonly houseId: number;
  /**
   * Locks the member, then the wallet and the house sub-account in id order, as the postings
   * will: a caller reads what the move depends on (a bet's id, an accrual) under the lock.
   */
  lock(): Promise<void>;
  /** A paid deposit, net of its fee (DEPOSIT). */
  deposit(amount: number, note: MoveNote): Promise<number>;
  /** A bonus: a deposit's, a reward's, a red rain catch (BONUS). */
  bonus(amount: number, note: MoveNote): Promise<number>;
  /** Cash back (REBATE). */
  rebate(amount: number, note: MoveNote): Promise<number>;
  /** An agent contract's pay (CONTRACT). */
  contractPay(amount: number, note: MoveNote): Promise<number>;
  /** The free play credit of a trial account (TRIAL_CREDIT). */
  trialCredit(amount: number, note: MoveNote): Promise<number>;
  /** An operator's correction: a positive amount credits the wallet, a negative one debits it (ADJUSTMENT). */
  adjust(amount: number, note: MoveNote): Promise<number>;
  /** A bet's stake, out of the wallet (BET). */
  stake(amount: number, note: MoveNote): Promise<number>;
  /** A bet's win, into the wallet (PAYOUT). */
  win(amount: number, note: MoveNote): Promise<number>;
  /** A stake undone by its vendor, back into the wallet (BET_ROLLBACK). */
  unstake(amount: number, note: MoveNote): Promise<number>;
  /** A win undone by its vendor, out of the wallet (PAYOUT_ROLLBACK); `balance.insufficient` if it would overdraw. */
  unwin(amount: number, note: MoveNote): Promise<number>;
}

/**
 * Locks members' rows in ascending id order, the first step of every money move (the one lock
 * order: member rows, then ledger accounts in id order). FOR NO KEY UPDATE serialises the member's
 * money moves with each other and still lets rows that reference the member (bets, deposits,
 * turnover requirements) be inserted meanwhile: their foreign-key check takes a KEY SHARE lock,
 * which FOR UPDATE would block while the inserting transaction holds a wallet, a deadlock.
 * Re-locking a row the transaction already holds is free.
 */
async function lockMembers(tx: Executor, memberIds: readonly number[]): Promise<void> {
  const ids = [...new Set(memberIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await rows(tx, sql`SELECT id FROM members WHERE id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) ORDER BY id FOR NO KEY UPDATE`);
}

/** `lockMembers` for one member. */
export const lockMember = (tx: Executor, memberId: number): Promise<void> => lockMembers(tx, [memberId]);

/**
 * Locks the rows of the members owning `accountIds` (ascending), then the accounts (ascending):
 * the one lock order of every money path.
 */
async function lockAccounts(tx: Tx, accountIds: readonly number[]): Promise<void> {
  const ids = [...new Set(accountIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  // A transaction keeps its row locks until it ends: accounts (and their members) it has locked
  // already need no second round trip (a spin locks its wallet and house row once, then posts twice).
  const held = lockedBy.get(tx);
  if (held && ids.every((id) => held.has(id))) return;
  const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  await rows(tx, sql`SELECT id FROM members WHERE id IN (SELECT member_id FROM ledger_accounts WHERE id IN (${list})) ORDER BY id FOR NO KEY UPDATE`);
  await rows(tx, sql`SELECT id FROM ledger_accounts WHERE id IN (${list}) ORDER BY id FOR UPDATE`);
  if (held) for (const id of ids) held.add(id);
  else lockedBy.set(tx, new Set(ids));
}

/**
 * The ledger accounts each open transaction has locked (lockAccounts), by its executor object: a
 * savepoint is an executor of its own, so what it locks is not taken for its parent's.
 */
const lockedBy = new WeakMap<Tx, Set<number>>();

/**
 * Double-entry ledger. Every balance change is a posting whose lines sum to zero, written with
 * its entries in the caller's transaction. Debits use a conditional UPDATE, so concurrent
 * debits cannot overdraw (the row lock serialises them and the condition is re-checked).
 * The lines on members' accounts are also added to ledger_days (the records' totals) under the
 * day of the merchant's time zone (`zoneOf`), while the account's row is locked.
 */
export class LedgerRepository {
  constructor(
    private readonly db: Db,
    private readonly zoneOf: ZoneOf = () => DEFAULT_TIME_ZONE,
  ) {}

  /**
   * The merchant's house sub-account for a money move of `memberId` (member id mod HOUSE_SHARDS),
   * opened on first use. The unique (merchant_code, currency, kind, shard)
   * index of house rows makes two first uses racing open one row: the loser reads the winner's.
   */
  async houseAccount(tx: Executor, merchantCode: string, currency: string, memberId: number): Promise<number> {
    const shard = houseShardOf(memberId);
    const find = async () =>
      (
        await tx
          .select({ id: ledgerAccounts.id })
          .from(ledgerAccounts)
          .where(
            and(
              eq(ledgerAccounts.merchantCode, merchantCode),
              isNull(ledgerAccounts.memberId),
              eq(ledgerAccounts.kind, 'HOUSE'),
              eq(ledgerAccounts.currency, currency),
              eq(ledgerAccounts.shard, shard),
            ),
          )
      )[0]?.id;
    const found = await find();
    if (found !== undefined) return found;
    await tx.insert(ledgerAccounts).values({ merchantCode, kind: 'HOUSE', currency, allowNegative: true, shard }).onConflictDoNothing();
    return (await find())!;
  }

  /** Opens every house sub-account of a merchant (the seed: none is opened by a first money move). */
  async openHouse(tx: Executor, merchantCode: string, currency: string): Promise<void> {
    await tx
      .insert(ledgerAccounts)
      .values(Array.from({ length: HOUSE_SHARDS }, (_, shard) => ({ merchantCode, kind: 'HOUSE', currency, allowNegative: true, shard })))
      .onConflictDoNothing();
  }

  async openWallet(tx: Executor, merchantCode: string, memberId: number, currency: string): Promise<number> {
    const [row] = await tx
      .insert(ledgerAccounts)
      .values({ merchantCode, memberId, kind: 'WALLET', currency })
      .returning({ id: ledgerAccounts.id });
    return row.id;
  }

  /**
   * The member's HOLD account, created on first use. The unique (member_id, kind) index makes two
   * first uses racing create one row: the loser's insert does nothing and it reads the winner's.
   */
  async holdAccount(tx: Executor, merchantCode: string, memberId: number, currency: string): Promise<number> {
    await tx
      .insert(ledgerAccounts)
      .values({ merchantCode, memberId, kind: 'HOLD', currency })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.memberId, memberId), eq(ledgerAccounts.kind, 'HOLD')));
    return row.id;
  }

  async walletOf(memberId: number, tx: Executor = this.db): Promise<{ id: number; balance: number; currency: string } | null> {
    const [row] = await tx
      .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance, currency: ledgerAccounts.currency })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.memberId, memberId), eq(ledgerAccounts.kind, 'WALLET')));
    return row ?? null;
  }

  /** Writes one balanced posting of a known kind; throws `balance.insufficient` if a debit would overdraw. */
  async post(tx: Tx, posting: Posting): Promise<number> {
    // The type refuses other kinds; this refuses them from callers that went around it.
    if (!isLedgerKind(posting.kind)) throw new Error(`unknown ledger kind ${String(posting.kind)}: add it to LEDGER_KINDS with its record type`);
    const total = posting.lines.reduce((sum, l) => sum + l.amount, 0);
    if (posting.lines.length < 2 || total !== 0 || posting.lines.some((l) => !Number.isSafeInteger(l.amount) || l.amount === 0)) {
      throw new Error(`unbalanced ledger posting ${posting.kind}: lines must be non-zero integers summing to 0`);
    }
    if (new Set(posting.lines.map((l) => l.accountId)).size !== posting.lines.length) {
      throw new Error(`ledger posting ${posting.kind} names an account twice: one line per account`);
    }
    // The one lock order (members, then accounts by id): no deadlock with another money path.
    await lockAccounts(tx, posting.lines.map((l) => l.accountId));
    const ordered = [...posting.lines].sort((a, b) => a.accountId - b.accountId);
    // Every line's balance in one conditional UPDATE: a debit that would overdraw matches no row
    // (the row is locked, so the condition holds at commit), and the posting is refused.
    const changes = sql.join(ordered.map((l) => sql`(${l.accountId}::bigint, ${l.amount}::bigint)`), sql`, `);
    const updated = await rows<{ id: string | number; balance: string | number; member_id: string | number | null }>(
      tx,
      sql`UPDATE ledger_accounts AS a SET balance = a.balance + v.amount
          FROM (VALUES ${changes}) AS v(id, amount)
          WHERE a.id = v.id AND (a.allow_negative OR a.balance + v.amount >= 0)
          RETURNING a.id, a.balance, a.member_id`,
    );
    if (updated.length !== ordered.length) throw new ApiError('balance.insufficient', 409);
    const after = new Map(updated.map((u) => [Number(u.id), u]));
    // The transaction and its entries (each with the balance it left) in one statement.
    const entries = sql.join(
      ordered.map((l, n) => sql`(${n}::integer, ${l.accountId}::bigint, ${l.amount}::bigint, ${Number(after.get(l.accountId)!.balance)}::bigint)`),
      sql`, `,
    );
    const [txn] = await rows<{ id: string | number }>(
      tx,
      sql`WITH t AS (
            INSERT INTO ledger_transactions (merchant_code, kind, memo, reference)
            VALUES (${posting.merchantCode}, ${posting.kind}, ${posting.memo ?? null}, ${posting.reference ?? null})
            RETURNING id
          ), e AS (
            INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
            SELECT t.id, v.account_id, v.amount, v.balance_after FROM t, (VALUES ${entries}) AS v(n, account_id, amount, balance_after) ORDER BY v.n
          )
          SELECT id FROM t`,
    );
    const days = new Map<number, { credit: number; debit: number; entries: number }>();
    for (const line of ordered) {
      if (after.get(line.accountId)!.member_id === null) continue;
      const day = days.get(line.accountId) ?? { credit: 0, debit: 0, entries: 0 };
      if (line.amount > 0) day.credit += line.amount;
      else day.debit += line.amount;
      day.entries += 1;
      days.set(line.accountId, day);
    }
    if (days.size > 0) await this.addDays(tx, posting, days);
    return Number(txn.id);
  }

  /** The member's named money moves against its house sub-account (opened here on first use). */
  async memberMoves(tx: Tx, wallet: MemberWallet): Promise<MemberMoves> {
    const houseId = await this.houseAccount(tx, wallet.merchantCode, wallet.currency, wallet.memberId);
    const { walletId } = wallet;
    // `amount` signed for the wallet: positive credits it out of the house, negative debits it into the house.
    const toWallet = (kind: LedgerKind, amount: number, note: MoveNote) =>
      this.post(tx, {
        merchantCode: wallet.merchantCode,
        kind,
        memo: note.memo,
        reference: note.reference,
        lines: [
          { accountId: walletId, amount },
          { accountId: houseId, amount: -amount },
        ],
      });
    return {
      walletId,
      houseId,
      lock: () => lockAccounts(tx, [walletId, houseId]),
      deposit: (amount, note) => toWallet('DEPOSIT', amount, note),
      bonus: (amount, note) => toWallet('BONUS', amount, note),
      rebate: (amount, note) => toWallet('REBATE', amount, note),
      contractPay: (amount, note) => toWallet('CONTRACT', amount, note),
      trialCredit: (amount, note) => toWallet('TRIAL_CREDIT', amount, note),
      adjust: (amount, note) => toWallet('ADJUSTMENT', amount, note),
      stake: (amount, note) => toWallet('BET', -amount, note),
      win: (amount, note) => toWallet('PAYOUT', amount, note),
      unstake: (amount, note) => toWallet('BET_ROLLBACK', amount, note),
      unwin: (amount, note) => toWallet('PAYOUT_ROLLBACK', -amount, note),
    };
  }

  /** A transfer of `amount` from one member's wallet to another's (TRANSFER); `balance.insufficient` if it would overdraw. */
  transfer(tx: Tx, move: { merchantCode: string; fromWalletId: number; toWalletId: number; amount: number; memo?: string }): Promise<number> {
    return this.post(tx, {
      merchantCode: move.merchantCode,
      kind: 'TRANSFER',
      memo: move.memo,
      lines: [
        { accountId: move.fromWalletId, amount: -move.amount },
        { accountId: move.toWalletId, amount: move.amount },
      ],
    });
  }

  /** A requested withdrawal: its amount and fee from the wallet to the member's HOLD account (WITHDRAWAL_HOLD); `balance.insufficient` if it would overdraw. */
  async holdWithdrawal(tx: Tx, move: WithdrawalMove): Promise<number> {
    const hold = await this.holdAccount(tx, move.merchantCode, move.memberId, move.currency);
    return this.move(tx, 'WITHDRAWAL_HOLD', move, move.walletId, hold);
  }

  /** A decided withdrawal out of the HOLD account: paid, to the member's house sub-account (WITHDRAWAL_PAID); returned, to the wallet (WITHDRAWAL_RETURNED). */
  async settleWithdrawal(tx: Tx, move: WithdrawalMove, outcome: 'paid' | 'returned'): Promise<number> {
    const hold = await this.holdAccount(tx, move.merchantCode, move.memberId, move.currency);
    const target = outcome === 'paid' ? await this.houseAccount(tx, move.merchantCode, move.currency, move.memberId) : move.walletId;
    return this.move(tx, outcome === 'paid' ? 'WITHDRAWAL_PAID' : 'WITHDRAWAL_RETURNED', move, hold, target);
  }

  private move(tx: Tx, kind: LedgerKind, move: WithdrawalMove, from: number, to: number): Promise<number> {
    return this.post(tx, {
      merchantCode: move.merchantCode,
      kind,
      memo: move.memo,
      reference: move.reference,
      lines: [
        { accountId: from, amount: -move.amount },
        { accountId: to, amount: move.amount },
      ],
    });
  }

  /**
   * Adds a posting's lines on members' accounts to ledger_days, under the day the entries were
   * written (now(), their created_at) in the merchant's time zone. The accounts' rows are locked
   * by the posting, so two postings never update one account's row of a day at once.
   */
  private async addDays(tx: Tx, posting: Posting, days: Map<number, { credit: number; debit: number; entries: number }>): Promise<void> {
    const zone = this.zoneOf(posting.merchantCode);
    const values = [...days].map(
      ([accountId, d]) => sql`(${accountId}::bigint, (now() AT TIME ZONE ${zone})::date, ${posting.kind}, ${d.credit}::bigint, ${d.debit}::bigint, ${d.entries}::integer)`,
    );
    await tx.execute(sql`INSERT INTO ledger_days (account_id, day, kind, credit, debit, entries) VALUES ${sql.join(values, sql`, `)}
      ON CONFLICT (account_id, day, kind) DO UPDATE SET credit = ledger_days.credit + excluded.credit,
        debit = ledger_days.debit + excluded.debit, entries = ledger_days.entries + excluded.entries`);
  }

  /**
   * Locks the accounts' members, then the accounts in id order, as a posting does, before the
   * posting itself: a bet takes its id only once its wallet is locked (server/modules/wallet/services/rebates.ts
   * relies on it).
   */
  async lock(tx: Tx, accountIds: number[]): Promise<void> {
    await lockAccounts(tx, accountIds);
  }

  async entries(accountId: number, limit = 20) {
    return this.db
      .select({
        id: ledgerEntries.id,
        amount: ledgerEntries.amount,
        balanceAfter: ledgerEntries.balanceAfter,
        kind: ledgerTransactions.kind,
        memo: ledgerTransactions.memo,
        createdAt: ledgerEntries.createdAt,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(eq(ledgerEntries.accountId, accountId))
      .orderBy(desc(ledgerEntries.id))
      .limit(limit);
  }
}
