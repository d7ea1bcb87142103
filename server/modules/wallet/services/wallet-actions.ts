/**
 * Operator actions on a member's wallet: a balance adjustment (a posting HOUSE <-> wallet of kind
 * ADJUSTMENT) and waiving the open turnover requirements. Each writes the change and its audit
 * row in one transaction; the /ops routes and the CLI verbs both call these.
 */
import { createHash } from 'node:crypto';
import type { Platform } from '../../../platform';
import type { Tx } from '../../../db/client';
import { ApiError } from '../../../errors';
import { canonicalJson, IDEMPOTENCY_KEY_PATTERN, withIdempotency } from '../../../lib/idempotency';
import type { MemberRow } from '../../../repositories/members';
import { turnoverStatus, waiveTurnover, type TurnoverStatus } from '../../../money';
import { writeAudit } from '../../../ops/audit';
import { assertMerchant, OpsRefusal, type OpsActor } from '../../../ops/types';

const REASON_MIN = 3;
const REASON_MAX = 200;

/** A reason of 3 to 200 characters (trimmed): every money action says why. */
export function checkReason(reason: unknown): string {
  const text = typeof reason === 'string' ? reason.trim() : '';
  if (text.length < REASON_MIN || text.length > REASON_MAX) {
    throw new OpsRefusal('validation.failed', `reason: ${REASON_MIN} to ${REASON_MAX} characters`);
  }
  return text;
}

async function memberOf(platform: Platform, merchantCode: string, username: string): Promise<MemberRow> {
  const member = await platform.repos.members.byUsername(merchantCode, username);
  if (!member) throw new OpsRefusal('not.found', `no member ${username} in merchant ${merchantCode}`);
  return member;
}

export interface Adjustment {
  merchant: string;
  username: string;
  /** Minor units: positive credits the wallet, negative debits it. */
  amount: number;
  reason: string;
}

export interface AdjustmentResult {
  merchant: string;
  username: string;
  memberId: number;
  /** Minor units, as the balances. */
  amount: number;
  balanceBefore: number;
  balanceAfter: number;
  transactionId: number;
}

/**
 * Credits or debits a member's wallet against the merchant's HOUSE account. A debit that would
 * overdraw is refused (`balance.insufficient`) and writes nothing. With an idempotency key (the
 * /ops route requires one; the CLI may pass `--key`), a repeat with the same key and the same
 * actor answers the first result and moves nothing (keys are per actor and member).
 */
export async function adjustBalance(platform: Platform, actor: OpsActor, input: Adjustment, idempotencyKey?: string): Promise<AdjustmentResult> {
  assertMerchant(actor, input.merchant);
  const reason = checkReason(input.reason);
  if (!Number.isSafeInteger(input.amount) || input.amount === 0) throw new OpsRefusal('validation.failed', 'amount: a non-zero amount with at most 2 decimals');
  const member = await memberOf(platform, input.merchant, input.username);
  const wallet = await platform.repos.ledger.walletOf(member.id);
  if (!wallet) throw new OpsRefusal('not.found', `member ${input.username} has no wallet`);

  const work = async (tx: Tx): Promise<AdjustmentResult> => {
    const moves = await platform.repos.ledger.memberMoves(tx, { merchantCode: input.merchant, memberId: member.id, currency: wallet.currency, walletId: wallet.id });
    let transactionId: number;
    try {
      transactionId = await moves.adjust(input.amount, { memo: reason });
    } catch (err) {
      if (err instanceof ApiError && err.errorCode === 'balance.insufficient') {
        throw new OpsRefusal('balance.insufficient', `the debit would overdraw ${input.username}'s wallet`);
      }
      throw err;
    }
    // The wallet row is locked by the posting: this read is the balance it left.
    const after = (await platform.repos.ledger.walletOf(member.id, tx))!.balance;
    const result: AdjustmentResult = {
      merchant: input.merchant,
      username: input.username,
      memberId: member.id,
      amount: input.amount,
      balanceBefore: after - input.amount,
      balanceAfter: after,
      transactionId,
    };
    await writeAudit(tx, actor, {
      action: 'balance.adjust',
      merchantCode: input.merchant,
      targetType: 'member',
      targetId: member.id,
      reason,
      before: { balance: result.balanceBefore },
      after: { balance: after, amount: input.amount, transactionId },
    });
    return result;
  };

  if (idempotencyKey === undefined) return platform.db.orm.transaction(work);
  if (!IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) throw new OpsRefusal('validation.failed', 'Idempotency-Key: 8 to 128 characters of A-Z a-z 0-9 _ -');
  const scope = `ops.balance.adjust:${actor.actor}`;
  const requestHash = createHash('sha256')
    .update(`${scope}\n${canonicalJson({ merchant: input.merchant, username: input.username, amount: input.amount, reason })}`)
    .digest('hex');
  return withIdempotency(platform, { memberId: member.id, scope, key: idempotencyKey, requestHash }, work);
}

export interface WaiveResult {
  merchant: string;
  username: string;
  memberId: number;
  /** Minor units waived (0: nothing was open). */
  waived: number;
  before: TurnoverStatus;
}

/** Waives every open turnover requirement of the member, with the status before in the audit. */
export async function waiveMemberTurnover(
  platform: Platform,
  actor: OpsActor,
  input: { merchant: string; username: string; reason: string },
): Promise<WaiveResult> {
  assertMerchant(actor, input.merchant);
  const reason = checkReason(input.reason);
  const member = await memberOf(platform, input.merchant, input.username);
  return platform.db.orm.transaction(async (tx) => {
    const before = await turnoverStatus(tx, member.id);
    const waived = await waiveTurnover(tx, member.id, actor.actor);
    await writeAudit(tx, actor, {
      action: 'turnover.waive',
      merchantCode: input.merchant,
      targetType: 'member',
      targetId: member.id,
      reason,
      before,
      after: { waived, outstanding: 0 },
    });
    return { merchant: input.merchant, username: input.username, memberId: member.id, waived, before };
  });
}
