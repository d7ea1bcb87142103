/**
 * Turnover requirements: what a member must still wager before a withdrawal. A deposit, a bonus,
 * a rebate, a transfer received from a team member, an agent contract's payment or an operator adds a requirement (minor
 * units); bets meet them. The stakes placed since the
 * oldest open requirement count against all open requirements together; when they cover them,
 * every open one is marked met, so that later requirements start from zero. An operator may
 * waive the open requirements (audited by the caller).
 */
import { and, eq, gte, isNull, min, sql, sum, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { bets, turnoverRequirements } from '../db/schema';
import { toAmount } from '../../src/domain/money';

type TurnoverSource = 'deposit' | 'bonus' | 'adjustment' | 'rebate' | 'transfer' | 'contract' | 'red_rain';

export interface NewRequirement {
  merchantCode: string;
  memberId: number;
  source: TurnoverSource;
  sourceId?: string;
  /** Minor units; zero adds nothing. */
  required: number;
}

export interface TurnoverStatus {
  /** Sum of the open requirements, minor units. */
  required: number;
  /** Stakes placed since the oldest open requirement, minor units. */
  wagered: number;
  /** What is still to wager (never below zero), minor units. */
  outstanding: number;
}

/** Adds a requirement in the caller's transaction (the one that credits the money it is for). */
export async function addRequirement(tx: Executor, requirement: NewRequirement): Promise<void> {
  if (!Number.isSafeInteger(requirement.required) || requirement.required < 0) {
    throw new RangeError(`turnover requirement must be whole minor units >= 0: ${requirement.required}`);
  }
  if (requirement.required === 0) return;
  await tx.insert(turnoverRequirements).values({
    merchantCode: requirement.merchantCode,
    memberId: requirement.memberId,
    source: requirement.source,
    sourceId: requirement.sourceId ?? null,
    required: requirement.required,
  });
}

const open = (memberId: number) =>
  and(eq(turnoverRequirements.memberId, memberId), isNull(turnoverRequirements.waivedAt), isNull(turnoverRequirements.metAt));

/** The member's open requirements against the stakes placed since the oldest of them. */
export async function turnoverStatus(db: Executor, memberId: number): Promise<TurnoverStatus> {
  const [req] = await db
    .select({ required: sum(turnoverRequirements.required), since: min(turnoverRequirements.createdAt) })
    .from(turnoverRequirements)
    .where(open(memberId));
  const required = Number(req?.required ?? 0);
  if (required === 0 || !req?.since) return { required: 0, wagered: 0, outstanding: 0 };
  const [bet] = await db
    .select({ wagered: sum(bets.stake) })
    .from(bets)
    .where(and(eq(bets.memberId, memberId), gte(bets.createdAt, req.since)));
  const wagered = Number(bet?.wagered ?? 0);
  return { required, wagered, outstanding: Math.max(0, required - wagered) };
}

/**
 * Marks the open requirements met when the stakes cover them (in the caller's transaction, e.g.
 * a withdrawal's), and answers the status it found.
 */
export async function settleTurnover(tx: Executor, memberId: number): Promise<TurnoverStatus> {
  const status = await turnoverStatus(tx, memberId);
  if (status.required > 0 && status.outstanding === 0) {
    await tx.update(turnoverRequirements).set({ metAt: sql`now()` }).where(open(memberId));
  }
  return status;
}

/** Waives every open requirement of the member; answers how much was waived (minor units). */
export async function waiveTurnover(tx: Executor, memberId: number, by: string): Promise<number> {
  const waived = await tx
    .update(turnoverRequirements)
    .set({ waivedAt: sql`now()`, waivedBy: by })
    .where(open(memberId))
    .returning({ required: turnoverRequirements.required });
  return waived.reduce((total, row) => total + Number(row.required), 0);
}

/**
 * The `turnover.required` reason with its numbers in currency units, as the withdrawal panel and
 * every refusal that money still owes wagering (withdrawal, transfer to the upline) answer it.
 */
export function turnoverNumbers(status: TurnoverStatus): { code: 'turnover.required'; required: number; wagered: number; outstanding: number } {
  return { code: 'turnover.required', required: toAmount(status.required), wagered: toAmount(status.wagered), outstanding: toAmount(status.outstanding) };
}

/**
 * Valid turnover: the stake of bets whose win differs from their stake (a push, win = stake,
 * risked nothing). The profit-and-loss report uses the same rule.
 */
export const validTurnoverSql: SQL<string | null> = sql<string | null>`sum(${bets.stake}) filter (where ${bets.win} <> ${bets.stake})`;
