/**
 * The seamless wallet of outside game vendors (docs/vendor-wallet.md): the platform keeps the
 * members' money, a configured vendor (VENDOR_<CODE>_*) calls it for every stake, win and
 * rollback. The route has checked the signature and the body's shape; every rule of the document
 * is here.
 *
 * Money: each bet, win and rollback is one transaction through the money kernel. It locks the
 * member and wallet first (`moves.lock()`), then reads what it depends on (the transaction_uuid,
 * the referenced bet, the round, the wager and loss limits) under that lock, so two requests for
 * one member (on any instance) run one after the other; a transaction_uuid or request_uuid written
 * meanwhile for another member is a unique violation, and the request is answered again from what
 * is stored. A round is one bets row (its stakes and wins add up there and in bet_days), so the
 * records, turnover requirements, rebates, missions, VIP, the team figures and the statement count
 * a vendor's round as they count an in-house spin.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { VendorConfig } from '../../../config';
import type { Tx } from '../../../db/client';
import { games, gameTokens, identityChecks, vendorRequests, vendorRounds, vendorTransactions } from '../../../db/schema';
import type { VendorTransaction } from '../tables';
import { uniqueViolation } from '../../../db/unique';
import { ApiError } from '../../../errors';
import { maskName } from '../../../lib/games-catalogue';
import type { Platform } from '../../../platform';
import type { GameRow } from '../../../repositories/games';
import type { VendorGrant } from '../../../repositories/game-tokens';
import { MEMBER_TYPE, type MemberRow } from '../../../repositories/members';
import type { Tenant } from '../../../../src/generated/tenant';
import type { Answer as AnswerBody, BetBody, RollbackBody, SessionOpenBody, UserBalanceBody, UserInfoBody, WinBody } from '../../../../src/generated/api/vendor-wallet';
import { assertNotExcluded, assertRealityNotDue, enforceBetLimits, sessionLimitReached } from '../../protection';

export type Answer = AnswerBody;
type Status = Answer['status'];

/** The ISO country of a tenant's default dialing code (the `country` of session/open and user/info). */
const COUNTRY_OF_DIALING_CODE: Record<string, string> = {
  '+63': 'PH', '+65': 'SG', '+60': 'MY', '+62': 'ID', '+66': 'TH', '+84': 'VN', '+855': 'KH', '+95': 'MM', '+1': 'US', '+44': 'GB', '+61': 'AU', '+91': 'IN',
};

/** The member reference the vendor sees: opaque (never a name, phone or e-mail). */
const userOf = (memberId: number): string => String(memberId);

/** The catalogue vendors a tenant offers (`games.vendors`; absent: all). */
export function tenantOffers(tenant: Tenant, vassalage: string): boolean {
  const offered: readonly string[] | undefined = tenant.games?.vendors;
  return offered === undefined || offered.includes(vassalage);
}

/** A protocol outcome other than RS_OK: what the vendor is told, nothing written. */
class Refusal extends Error {
  constructor(
    readonly status: Status,
    readonly extra: Partial<Answer> = {},
  ) {
    super(status);
  }
}

interface Member {
  member: MemberRow;
  tenant: Tenant;
  wallet: { id: number; balance: number; currency: string };
  /** The token's grant; null for a win or rollback whose token is gone (expired and deleted). */
  grant: VendorGrant | null;
}

/** The answer stored for a request_uuid, if any (rule 1). */
async function stored(platform: Platform, vendor: VendorConfig, requestUuid: string, tx?: Tx): Promise<Answer | null> {
  const [row] = await (tx ?? platform.db.orm)
    .select({ answer: vendorRequests.answer })
    .from(vendorRequests)
    .where(and(eq(vendorRequests.vendor, vendor.code), eq(vendorRequests.requestUuid, requestUuid)));
  return row ? (JSON.parse(row.answer) as Answer) : null;
}

/** Keeps an answer for its request_uuid (in the transaction of what it answers). */
async function store(executor: Tx | Platform['db']['orm'], vendor: VendorConfig, requestUuid: string, answer: Answer): Promise<Answer> {
  await executor.insert(vendorRequests).values({ vendor: vendor.code, requestUuid, answer: JSON.stringify(answer) });
  return answer;
}

async function tenantAndWallet(platform: Platform, member: MemberRow): Promise<{ tenant: Tenant; wallet: Member['wallet'] }> {
  const tenant = platform.tenants.byMerchant(member.merchantCode);
  const wallet = await platform.repos.ledger.walletOf(member.id);
  if (!tenant || !wallet) throw new Refusal('RS_ERROR_INVALID_TOKEN');
  return { tenant, wallet };
}

/**
 * The member of a request: the token must be this vendor's and `user`'s (else
 * RS_ERROR_INVALID_TOKEN). `live`: an expired token answers RS_ERROR_TOKEN_EXPIRED (balance,
 * bet); wins and rollbacks take any token of the member, and a token no longer stored
 * (housekeeping deletes expired ones) is taken by `user` alone: the referenced bet must be the
 * member's anyway.
 */
async function memberOf(platform: Platform, vendor: VendorConfig, body: { user: string; token: string }, live: boolean): Promise<Member> {
  const grant = await platform.repos.gameTokens.findVendorPlay(body.token, vendor.catalogue);
  const memberId = Number(body.user);
  if (grant && grant.memberId !== memberId) throw new Refusal('RS_ERROR_INVALID_TOKEN');
  if (!grant && live) throw new Refusal('RS_ERROR_INVALID_TOKEN');
  if (live && grant!.expired) throw new Refusal('RS_ERROR_TOKEN_EXPIRED');
  const member = await platform.repos.members.byId(memberId);
  if (!member) throw new Refusal('RS_ERROR_INVALID_TOKEN');
  return { member, grant, ...(await tenantAndWallet(platform, member)) };
}

/** The game of `game_code` among the vendor's catalogue vendors in the member's tenant's catalogue; `offered`: and the tenant offers it. */
async function gameOf(platform: Platform, vendor: VendorConfig, m: Member, gameCode: string, offered: boolean): Promise<GameRow> {
  const [game] = await platform.db.orm
    .select()
    .from(games)
    .where(and(eq(games.merchantCode, m.tenant.merchantCode), eq(games.gameId, gameCode), inArray(games.vassalage, vendor.catalogue)))
    .limit(1);
  if (!game || (offered && !tenantOffers(m.tenant, game.vassalage))) throw new Refusal('RS_ERROR_INVALID_GAME');
  return game;
}

function assertCurrency(vendor: VendorConfig, m: Member, currency?: string): void {
  if (currency !== undefined && currency !== m.wallet.currency) throw new Refusal('RS_ERROR_WRONG_CURRENCY');
  if (vendor.currencies.length > 0 && !vendor.currencies.includes(m.wallet.currency)) throw new Refusal('RS_ERROR_WRONG_CURRENCY');
}

const moneyAnswer = (requestUuid: string, m: Pick<Member, 'member' | 'wallet'>, balance: number): Answer => ({
  status: 'RS_OK',
  request_uuid: requestUuid,
  user: userOf(m.member.id),
  currency: m.wallet.currency,
  balance,
});

/**
 * Runs one request: a stored answer is replayed (`replay`), a Refusal answered (with the current
 * balance where the member is known), and a unique violation (a request_uuid or transaction_uuid
 * written meanwhile by a request of another member) answered again from what is stored now.
 */
async function answer(platform: Platform, vendor: VendorConfig, requestUuid: string, replay: boolean, run: () => Promise<Answer>): Promise<Answer> {
  for (let attempt = 0; ; attempt++) {
    if (replay) {
      const again = await stored(platform, vendor, requestUuid);
      if (again) return again;
    }
    try {
      return await run();
    } catch (err) {
      if (err instanceof Refusal) return { status: err.status, request_uuid: requestUuid, ...err.extra };
      if (uniqueViolation(err) !== null && attempt === 0) continue;
      throw err;
    }
  }
}

/** The vendor's transaction row under the member's lock (FOR UPDATE: a rollback and a win of one bet wait for each other). */
async function transactionOf(tx: Tx, vendor: VendorConfig, uuid: string): Promise<VendorTransaction | null> {
  const [row] = await tx
    .select()
    .from(vendorTransactions)
    .where(and(eq(vendorTransactions.vendor, vendor.code), eq(vendorTransactions.transactionUuid, uuid)))
    .for('update');
  return row ?? null;
}

/** Rule 2: a transaction_uuid seen before is RS_OK when it is the same request, else a duplicate. */
function repeated(previous: VendorTransaction, same: Partial<VendorTransaction>): void {
  if (previous.kind === 'tombstone' && (same.kind === 'bet' || same.kind === 'win')) throw new Refusal('RS_ERROR_TRANSACTION_ROLLED_BACK');
  for (const [k, v] of Object.entries(same)) {
    if (previous[k as keyof VendorTransaction] !== v) throw new Refusal('RS_ERROR_DUPLICATE_TRANSACTION');
  }
}

/**
 * Under the member's lock, a request seen before: its stored answer (rule 1), or, for a
 * transaction_uuid processed before, RS_OK with the balance when it is the same request and a
 * refusal when it is not (rule 2). Null: a new request.
 */
async function repeatAnswer(
  platform: Platform,
  tx: Tx,
  vendor: VendorConfig,
  body: { request_uuid: string; transaction_uuid: string },
  m: Member,
  same: Partial<VendorTransaction>,
): Promise<Answer | null> {
  const again = await stored(platform, vendor, body.request_uuid, tx);
  if (again) return again;
  const previous = await transactionOf(tx, vendor, body.transaction_uuid);
  if (!previous) return null;
  repeated(previous, same);
  return store(tx, vendor, body.request_uuid, moneyAnswer(body.request_uuid, m, await balanceIn(platform, tx, m.member.id)));
}

/** The member's moves, locked: the member row, then the wallet and house sub-account. */
async function lockedMoves(platform: Platform, tx: Tx, m: Member) {
  const moves = await platform.repos.ledger.memberMoves(tx, { merchantCode: m.member.merchantCode, memberId: m.member.id, currency: m.wallet.currency, walletId: m.wallet.id });
  await moves.lock();
  return moves;
}

/**
 * A bet's moves, locked as `lockedMoves`, with the id a new round's bet takes, taken under the
 * lock in the same round trip (a round that exists already, or a repeat, leaves it unused: bet
 * ids may have gaps, never a lower id behind a wallet's later move).
 */
async function lockedBetMoves(platform: Platform, tx: Tx, m: Member) {
  const moves = await platform.repos.ledger.memberMoves(tx, { merchantCode: m.member.merchantCode, memberId: m.member.id, currency: m.wallet.currency, walletId: m.wallet.id });
  const betId = await moves.lock('bets');
  return { moves, betId };
}

async function balanceIn(platform: Platform, tx: Tx, memberId: number): Promise<number> {
  return (await platform.repos.ledger.walletOf(memberId, tx))!.balance;
}

// ---------------------------------------------------------------------------------------------
// Endpoints

export async function sessionOpen(platform: Platform, vendor: VendorConfig, body: SessionOpenBody): Promise<Answer> {
  return answer(platform, vendor, body.request_uuid, true, async () => {
    const exchanged = await platform.repos.gameTokens.exchangeVendor(body.token, vendor.catalogue);
    if (!exchanged) throw new Refusal('RS_ERROR_INVALID_TOKEN');
    if ('expired' in exchanged) throw new Refusal('RS_ERROR_TOKEN_EXPIRED');
    const { grant, token } = exchanged;
    const member = await platform.repos.members.byId(grant.memberId);
    if (!member) throw new Refusal('RS_ERROR_INVALID_TOKEN');
    const { tenant, wallet } = await tenantAndWallet(platform, member);
    const m: Member = { member, tenant, wallet, grant };
    assertCurrency(vendor, m);
    await disabledRefusal(platform, m);
    const game = grant.nodeId === null ? null : await platform.repos.games.byNode(tenant.merchantCode, grant.nodeId);
    return store(platform.db.orm, vendor, body.request_uuid, {
      status: 'RS_OK',
      request_uuid: body.request_uuid,
      token,
      user: userOf(member.id),
      currency: wallet.currency,
      country: COUNTRY_OF_DIALING_CODE[tenant.settings.countryDialingCode] ?? '',
      lang: tenant.i18n.default,
      display_name: maskName(member.username),
      balance: wallet.balance,
      game_code: game?.gameId ?? '',
    });
  });
}

export async function userInfo(platform: Platform, vendor: VendorConfig, body: UserInfoBody): Promise<Answer> {
  return answer(platform, vendor, body.request_uuid, true, async () => {
    const member = await platform.repos.members.byId(Number(body.user));
    // Only a member who has played this vendor's games (a token of it, or a transaction).
    const played =
      member !== null &&
      ((
        await platform.db.orm
          .select({ at: gameTokens.createdAt })
          .from(gameTokens)
          .where(and(eq(gameTokens.memberId, member.id), inArray(gameTokens.vendor, vendor.catalogue)))
          .limit(1)
      ).length > 0 ||
        (
          await platform.db.orm
            .select({ at: vendorTransactions.createdAt })
            .from(vendorTransactions)
            .where(and(eq(vendorTransactions.memberId, member.id), eq(vendorTransactions.vendor, vendor.code)))
            .limit(1)
        ).length > 0);
    if (!member || !played) throw new Refusal('RS_ERROR_INVALID_TOKEN');
    const { tenant, wallet } = await tenantAndWallet(platform, member);
    const [verified] = await platform.db.orm
      .select({ id: identityChecks.id })
      .from(identityChecks)
      .where(and(eq(identityChecks.memberId, member.id), eq(identityChecks.state, 'approved')))
      .limit(1);
    return store(platform.db.orm, vendor, body.request_uuid, {
      status: 'RS_OK',
      request_uuid: body.request_uuid,
      user: userOf(member.id),
      currency: wallet.currency,
      country: COUNTRY_OF_DIALING_CODE[tenant.settings.countryDialingCode] ?? '',
      lang: tenant.i18n.default,
      display_name: maskName(member.username),
      registered_at: member.regDate.toISOString(),
      verified: verified !== undefined,
      is_test: member.type === MEMBER_TYPE.TRIAL,
    });
  });
}

/** user/balance: never replayed, always the current balance. */
export async function userBalance(platform: Platform, vendor: VendorConfig, body: UserBalanceBody): Promise<Answer> {
  return answer(platform, vendor, body.request_uuid, false, async () => {
    const m = await memberOf(platform, vendor, body, true);
    await gameOf(platform, vendor, m, body.game_code, true);
    return moneyAnswer(body.request_uuid, m, m.wallet.balance);
  });
}

/** A frozen member (status) or an exclusion in force: RS_ERROR_USER_DISABLED. */
async function disabledRefusal(platform: Platform, m: Member): Promise<void> {
  if (m.member.status !== 'ACTIVE') throw new Refusal('RS_ERROR_USER_DISABLED', { reason: 'disabled' });
  try {
    await assertNotExcluded(platform.db.orm, m.tenant, m.member.id);
  } catch (err) {
    if (err instanceof ApiError && err.errorCode === 'member.excluded') throw new Refusal('RS_ERROR_USER_DISABLED', { reason: 'excluded' });
    throw err;
  }
}

/** The protection refusals of a stake (ApiError of the protection module) as the protocol's statuses. */
function limitRefusal(err: unknown): Refusal | null {
  if (!(err instanceof ApiError)) return null;
  if (err.errorCode === 'limit.wager.exceeded') return new Refusal('RS_ERROR_LIMIT_REACHED', { reason: 'wager' });
  if (err.errorCode === 'limit.loss.exceeded') return new Refusal('RS_ERROR_LIMIT_REACHED', { reason: 'loss' });
  if (err.errorCode === 'reality.check.due') return new Refusal('RS_ERROR_LIMIT_REACHED', { reason: 'reality_check' });
  return null;
}

export async function bet(platform: Platform, vendor: VendorConfig, body: BetBody): Promise<Answer> {
  return answer(platform, vendor, body.request_uuid, true, async () => {
    const m = await memberOf(platform, vendor, body, true);
    const game = await gameOf(platform, vendor, m, body.game_code, true);
    assertCurrency(vendor, m, body.currency);
    const same = { kind: 'bet' as const, memberId: m.member.id, gameCode: body.game_code, round: body.round, amount: body.amount, referenceUuid: null };
    // A repeat is answered before the protection checks: a stake taken before is never refused after.
    const [seen] = await platform.db.orm
      .select()
      .from(vendorTransactions)
      .where(and(eq(vendorTransactions.vendor, vendor.code), eq(vendorTransactions.transactionUuid, body.transaction_uuid)));
    if (seen) {
      repeated(seen, same);
      return store(platform.db.orm, vendor, body.request_uuid, moneyAnswer(body.request_uuid, m, (await platform.repos.ledger.walletOf(m.member.id))!.balance));
    }
    await disabledRefusal(platform, m);
    if (await sessionLimitReached(platform.db.orm, m.member.id, m.grant!.session.createdAt)) throw new Refusal('RS_ERROR_LIMIT_REACHED', { reason: 'session' });
    try {
      await assertRealityNotDue(platform, m.tenant, { session: m.grant!.session, member: m.member });
    } catch (err) {
      throw limitRefusal(err) ?? err;
    }
    try {
      return await platform.db.orm.transaction(async (tx) => {
        const { moves, betId: newBetId } = await lockedBetMoves(platform, tx, m);
        const again = await repeatAnswer(platform, tx, vendor, body, m, same);
        if (again) return again;
        // The wager and loss limits under the wallet's lock: racing stakes read each other's.
        await enforceBetLimits(tx, m.tenant, m.member.id, body.amount);
        const [round] = await tx
          .select()
          .from(vendorRounds)
          .where(and(eq(vendorRounds.vendor, vendor.code), eq(vendorRounds.round, body.round)))
          .for('update');
        if (round && round.memberId !== m.member.id) throw new Refusal('RS_ERROR_UNKNOWN');
        const betId = round?.betId ?? newBetId;
        const note = { memo: `${game.vassalage} ${game.gameId}`, reference: `B${betId}` };
        const ledgerTxn = await moves.stake(body.amount, note);
        const balance = moves.balance ?? (await balanceIn(platform, tx, m.member.id));
        if (round) {
          await platform.repos.bets.adjust(tx, { id: betId, merchantCode: m.member.merchantCode }, { stake: body.amount, win: 0, balanceAfter: balance });
        } else {
          await platform.repos.bets.record(tx, {
            id: betId,
            memberId: m.member.id,
            merchantCode: m.member.merchantCode,
            nodeId: game.nodeId,
            vassalage: game.vassalage,
            gameType: game.gameType,
            currency: m.wallet.currency,
            stake: body.amount,
            win: 0,
            outcome: { vendor: vendor.code, round: body.round, gameCode: game.gameId },
            ledgerTransactionId: ledgerTxn,
            balanceAfter: balance,
          });
          await tx.insert(vendorRounds).values({ vendor: vendor.code, round: body.round, memberId: m.member.id, betId });
        }
        await tx.insert(vendorTransactions).values({ vendor: vendor.code, transactionUuid: body.transaction_uuid, ...same, betId, ledgerTransactionId: ledgerTxn });
        return store(tx, vendor, body.request_uuid, moneyAnswer(body.request_uuid, m, balance));
      });
    } catch (err) {
      if (err instanceof ApiError && err.errorCode === 'balance.insufficient') {
        throw new Refusal('RS_ERROR_NOT_ENOUGH_MONEY', { user: userOf(m.member.id), currency: m.wallet.currency, balance: (await platform.repos.ledger.walletOf(m.member.id))!.balance });
      }
      throw limitRefusal(err) ?? err;
    }
  });
}

/** The bet a win or rollback names, under the member's lock: the member's own, else it does not exist. */
async function referencedOf(tx: Tx, vendor: VendorConfig, m: Member, uuid: string): Promise<VendorTransaction | null> {
  const ref = await transactionOf(tx, vendor, uuid);
  return ref && ref.memberId === m.member.id ? ref : ref ? Object.assign(ref, { foreign: true }) : null;
}

export async function win(platform: Platform, vendor: VendorConfig, body: WinBody): Promise<Answer> {
  return answer(platform, vendor, body.request_uuid, true, async () => {
    const m = await memberOf(platform, vendor, body, false);
    const game = await gameOf(platform, vendor, m, body.game_code, false);
    assertCurrency(vendor, m, body.currency);
    const same = { kind: 'win' as const, memberId: m.member.id, gameCode: body.game_code, round: body.round, amount: body.amount, referenceUuid: body.reference_transaction_uuid };
    return platform.db.orm.transaction(async (tx) => {
      const moves = await lockedMoves(platform, tx, m);
      const again = await repeatAnswer(platform, tx, vendor, body, m, same);
      if (again) return again;
      const ref = await referencedOf(tx, vendor, m, body.reference_transaction_uuid);
      if (!ref || 'foreign' in ref || (ref.kind !== 'bet' && ref.kind !== 'tombstone')) throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      if (ref.kind === 'tombstone' || ref.rolledBack) throw new Refusal('RS_ERROR_TRANSACTION_ROLLED_BACK');
      let ledgerTxn: number | null = null;
      if (body.amount > 0) ledgerTxn = await moves.win(body.amount, { memo: `${game.vassalage} ${game.gameId}`, reference: `B${ref.betId}` });
      // The posting's balance; a win of 0 (a lost round closed) posts nothing.
      const balance = moves.balance ?? (await balanceIn(platform, tx, m.member.id));
      await platform.repos.bets.adjust(tx, { id: ref.betId!, merchantCode: m.member.merchantCode }, { stake: 0, win: body.amount, balanceAfter: balance });
      // The round's bets row now has its win: the winners feed (services/winners.ts) reads it there.
      await tx.insert(vendorTransactions).values({ vendor: vendor.code, transactionUuid: body.transaction_uuid, ...same, betId: ref.betId, ledgerTransactionId: ledgerTxn });
      return store(tx, vendor, body.request_uuid, moneyAnswer(body.request_uuid, m, balance));
    });
  });
}

export async function rollback(platform: Platform, vendor: VendorConfig, body: RollbackBody): Promise<Answer> {
  return answer(platform, vendor, body.request_uuid, true, async () => {
    const m = await memberOf(platform, vendor, body, false);
    const game = await gameOf(platform, vendor, m, body.game_code, false);
    const same = { kind: 'rollback' as const, memberId: m.member.id, gameCode: body.game_code, round: body.round, referenceUuid: body.reference_transaction_uuid };
    return platform.db.orm.transaction(async (tx) => {
      const moves = await lockedMoves(platform, tx, m);
      const again = await repeatAnswer(platform, tx, vendor, body, m, same);
      if (again) return again;
      const ref = await referencedOf(tx, vendor, m, body.reference_transaction_uuid);
      const row = { vendor: vendor.code, transactionUuid: body.transaction_uuid, ...same };
      if (ref && ('foreign' in ref || ref.kind === 'rollback')) throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      if (!ref) {
        // Before its bet (rule 4): kept, and the tombstone under the bet's uuid refuses it when it comes.
        await tx.insert(vendorTransactions).values({ vendor: vendor.code, transactionUuid: body.reference_transaction_uuid, kind: 'tombstone', memberId: m.member.id, gameCode: body.game_code, round: body.round, amount: 0 });
        await tx.insert(vendorTransactions).values({ ...row, amount: 0 });
        return store(tx, vendor, body.request_uuid, moneyAnswer(body.request_uuid, m, await balanceIn(platform, tx, m.member.id)));
      }
      if (ref.kind === 'tombstone' || ref.rolledBack) {
        // Done once (rule 5): a second rollback of it moves nothing.
        await tx.insert(vendorTransactions).values({ ...row, amount: 0, betId: ref.betId });
        return store(tx, vendor, body.request_uuid, moneyAnswer(body.request_uuid, m, await balanceIn(platform, tx, m.member.id)));
      }
      const note = { memo: `${game.vassalage} ${game.gameId} rollback`, reference: `B${ref.betId}` };
      let moved = 0;
      let shortfall = 0;
      let ledgerTxn: number | null = null;
      if (ref.kind === 'bet') {
        moved = ref.amount;
        ledgerTxn = await moves.unstake(moved, note);
      } else if (ref.amount > 0) {
        // A win undone takes what the wallet holds of it; the rest is the house's loss.
        moved = Math.min(ref.amount, await balanceIn(platform, tx, m.member.id));
        shortfall = ref.amount - moved;
        if (moved > 0) ledgerTxn = await moves.unwin(moved, note);
      }
      const balance = await balanceIn(platform, tx, m.member.id);
      if (moved > 0) {
        await platform.repos.bets.adjust(tx, { id: ref.betId!, merchantCode: m.member.merchantCode }, ref.kind === 'bet' ? { stake: -moved, win: 0, balanceAfter: balance } : { stake: 0, win: -moved, balanceAfter: balance });
      }
      await tx
        .update(vendorTransactions)
        .set({ rolledBack: true })
        .where(and(eq(vendorTransactions.vendor, vendor.code), eq(vendorTransactions.transactionUuid, ref.transactionUuid)));
      await tx.insert(vendorTransactions).values({ ...row, amount: moved, shortfall, betId: ref.betId, ledgerTransactionId: ledgerTxn });
      return store(tx, vendor, body.request_uuid, moneyAnswer(body.request_uuid, m, balance));
    });
  });
}
