import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
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

/** House sub-account ids an instance keeps (merchants x currencies x HOUSE_SHARDS). */
const MAX_HOUSE_IDS = 100_000;

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
  /** The wallet's balance (minor units) after the last posting of these moves; null before the first. */
  readonly balance: number | null;
  /**
   * Locks the member, then the wallet and the house sub-account in id order, as the postings
   * will: a caller reads what the move depends on (an accrual) under the lock. With 'bets', it
   * also answers the next bet id, taken under the lock in the same round trip.
   */
  lock(): Promise<void>;
  lock(reserve: ReservedSequence): Promise<number>;
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
 * the one lock order of every money path, in one statement. The accounts' scan waits on the
 * members' locks (its one-time filter reads them first), and LockRows takes the accounts in the
 * order of the sort. With `reserve`, the statement also takes the sequence's next value once every
 * lock is held (the projection runs above the locked rows): a bet's id is taken under its
 * wallet's lock, so ids follow the order of the wallet's moves (wallet/services/rebates.ts).
 */
async function lockAccounts(tx: Tx, accountIds: readonly number[], reserve?: ReservedSequence): Promise<number | undefined> {
  const ids = [...new Set(accountIds)].sort((a, b) => a - b);
  if (ids.length === 0) return undefined;
  // A transaction keeps its row locks until it ends: accounts (and their members) it has locked
  // already need no second round trip (a spin locks its wallet and house row once, then posts twice).
  const held = lockedBy.get(tx);
  if (held && ids.every((id) => held.has(id))) {
    return reserve ? Number((await rows<{ id: string | number }>(tx, sql`SELECT nextval(pg_get_serial_sequence(${reserve}, 'id')) AS id`))[0].id) : undefined;
  }
  const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  const locked = await rows<{ locked: string | number; id: string | number | null }>(
    tx,
    sql`WITH m AS (
          SELECT id FROM members WHERE id IN (SELECT member_id FROM ledger_accounts WHERE id IN (${list})) ORDER BY id FOR NO KEY UPDATE
        ), a AS (
          SELECT id FROM ledger_accounts WHERE id IN (${list}) AND (SELECT count(*) FROM m) >= 0 ORDER BY id FOR UPDATE
        )
        SELECT count(*) AS locked, ${reserve ? sql`nextval(pg_get_serial_sequence(${reserve}, 'id'))` : sql`NULL::bigint`} AS id FROM a`,
  );
  if (Number(locked[0].locked) !== ids.length) throw new Error(`ledger accounts ${ids.join(', ')}: ${locked[0].locked} of ${ids.length} found to lock`);
  if (held) for (const id of ids) held.add(id);
  else lockedBy.set(tx, new Set(ids));
  return reserve ? Number(locked[0].id) : undefined;
}

/** Sequences a lock may take the next value of once the locks are held (`MemberMoves.lock`). */
type ReservedSequence = 'bets';

/**
 * The ledger accounts each open transaction has locked (lockAccounts), by its executor object: a
 * savepoint is an executor of its own, so what it locks is not taken for its parent's.
 */
const lockedBy = new WeakMap<Tx, Set<number>>();

/** A member's wallet account: id, balance and currency. */
function walletQuery(db: Db) {
  return db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance, currency: ledgerAccounts.currency })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.memberId, sql.placeholder('memberId')), eq(ledgerAccounts.kind, 'WALLET')))
    .prepare('wallet_of');
}

/**
 * Double-entry ledger. Every balance change is a posting whose lines sum to zero, written with
 * its entries in the caller's transaction. Debits use a conditional UPDATE, so concurrent
 * debits cannot overdraw (the row lock serialises them and the condition is re-checked).
 * The lines on members' accounts are also added to ledger_days (the records' totals) under the
 * day of the merchant's time zone (`zoneOf`), while the account's row is locked.
 */
export class LedgerRepository {
  /** House sub-account ids by merchant, currency and shard (`houseAccount`). */
  private readonly houseIds = new Map<string, number>();
  /** Wallet ids and currencies by member (`walletRef`). */
  private readonly walletRefs = new LRUCache<number, { id: number; currency: string }>({ max: 100_000 });

  /** walletOf's statement outside a transaction (the header's balance, read on most pages), built once and prepared by name. */
  private readonly walletStatement: ReturnType<typeof walletQuery>;

  constructor(
    private readonly db: Db,
    private readonly zoneOf: ZoneOf = () => DEFAULT_TIME_ZONE,
  ) {
    this.walletStatement = walletQuery(db);
  }

  /**
   * The merchant's house sub-account for a money move of `memberId` (member id mod HOUSE_SHARDS),
   * opened on first use. The unique (merchant_code, currency, kind, shard)
   * index of house rows makes two first uses racing open one row: the loser reads the winner's.
   */
  async houseAccount(tx: Executor, merchantCode: string, currency: string, memberId: number): Promise<number> {
    const shard = houseShardOf(memberId);
    // A house sub-account, once committed, is never removed nor renumbered: its id is read once
    // per instance. Only ids read outside a first opening are kept (an opening may roll back).
    const key = `${merchantCode}|${currency}|${shard}`;
    const known = this.houseIds.get(key);
    if (known !== undefined) return known;
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
    if (found !== undefined) {
      if (this.houseIds.size < MAX_HOUSE_IDS) this.houseIds.set(key, found);
      return found;
    }
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

  /**
   * The member's wallet account and its currency, without its balance: both are fixed once the
   * wallet is opened, so an instance reads them once per member (a spin names its wallet and
   * reads the balance its postings leave). Null when the member has no wallet yet.
   */
  async walletRef(memberId: number, tx: Executor = this.db): Promise<{ id: number; currency: string } | null> {
    const known = this.walletRefs.get(memberId);
    if (known) return known;
    const found = await this.walletOf(memberId, tx);
    if (!found) return null;
    const ref = { id: found.id, currency: found.currency };
    this.walletRefs.set(memberId, ref);
    return ref;
  }

  async walletOf(memberId: number, tx: Executor = this.db): Promise<{ id: number; balance: number; currency: string } | null> {
    if (tx === this.db) return (await this.walletStatement.execute({ memberId }))[0] ?? null;
    const [row] = await tx
      .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance, currency: ledgerAccounts.currency })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.memberId, memberId), eq(ledgerAccounts.kind, 'WALLET')));
    return row ?? null;
  }

  /** Writes one balanced posting of a known kind; throws `balance.insufficient` if a debit would overdraw. */
  async post(tx: Tx, posting: Posting): Promise<number> {
    return (await this.postWithBalances(tx, posting)).id;
  }

  /** `post`, answering the posting's id and each account's balance after it. */
  private async postWithBalances(tx: Tx, posting: Posting): Promise<{ id: number; balances: Map<number, number> }> {
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
    // One statement. `u` sets every line's balance in one conditional UPDATE: a debit that would
    // overdraw matches no row (the row is locked, so the condition holds at commit). Only when every
    // line matched are the transaction and its entries (each with the balance it left) written, and
    // the lines on members' accounts added to ledger_days under the day of the merchant's time zone
    // (the accounts are locked, so two postings never update one account's day row at once);
    // otherwise the posting is refused and the caller's transaction rolls back.
    const zone = this.zoneOf(posting.merchantCode);
    const changes = sql.join(ordered.map((l, n) => sql`(${n}::integer, ${l.accountId}::bigint, ${l.amount}::bigint)`), sql`, `);
    const [result] = await rows<{ matched: string | number; id: string | number | null; balances: { id: number; balance: number }[] | null }>(
      tx,
      sql`WITH v(n, id, amount) AS (VALUES ${changes}),
          u AS (
            UPDATE ledger_accounts AS a SET balance = a.balance + v.amount FROM v
            WHERE a.id = v.id AND (a.allow_negative OR a.balance + v.amount >= 0)
            RETURNING a.id, a.balance, a.member_id, v.n, v.amount
          ), ok AS (
            SELECT count(*) = ${ordered.length} AS ok FROM u
          ), t AS (
            INSERT INTO ledger_transactions (merchant_code, kind, memo, reference)
            SELECT ${posting.merchantCode}, ${posting.kind}, ${posting.memo ?? null}, ${posting.reference ?? null} FROM ok WHERE ok.ok
            RETURNING id
          ), e AS (
            INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
            SELECT t.id, u.id, u.amount, u.balance FROM t, u ORDER BY u.n
          ), d AS (
            INSERT INTO ledger_days (account_id, day, kind, credit, debit, entries)
            SELECT u.id, (now() AT TIME ZONE ${zone})::date, ${posting.kind}, greatest(u.amount, 0), least(u.amount, 0), 1
            FROM u, t WHERE u.member_id IS NOT NULL
            ON CONFLICT (account_id, day, kind) DO UPDATE SET credit = ledger_days.credit + excluded.credit,
              debit = ledger_days.debit + excluded.debit, entries = ledger_days.entries + excluded.entries
          )
          SELECT (SELECT count(*) FROM u) AS matched, (SELECT id FROM t) AS id,
            (SELECT json_agg(json_build_object('id', u.id, 'balance', u.balance)) FROM u) AS balances`,
    );
    if (Number(result.matched) !== ordered.length || result.id === null) throw new ApiError('balance.insufficient', 409);
    const balances = new Map((result.balances ?? []).map((b) => [Number(b.id), Number(b.balance)]));
    return { id: Number(result.id), balances };
  }

  /** The member's named money moves against its house sub-account (opened here on first use). */
  async memberMoves(tx: Tx, wallet: MemberWallet): Promise<MemberMoves> {
    const houseId = await this.houseAccount(tx, wallet.merchantCode, wallet.currency, wallet.memberId);
    const { walletId } = wallet;
    let balance: number | null = null;
    // `amount` signed for the wallet: positive credits it out of the house, negative debits it into the house.
    const toWallet = async (kind: LedgerKind, amount: number, note: MoveNote) => {
      const posted = await this.postWithBalances(tx, {
        merchantCode: wallet.merchantCode,
        kind,
        memo: note.memo,
        reference: note.reference,
        lines: [
          { accountId: walletId, amount },
          { accountId: houseId, amount: -amount },
        ],
      });
      balance = posted.balances.get(walletId) ?? null;
      return posted.id;
    };
    const lock = ((reserve?: ReservedSequence) => lockAccounts(tx, [walletId, houseId], reserve)) as MemberMoves['lock'];
    return {
      walletId,
      houseId,
      get balance() {
        return balance;
      },
      lock,
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
