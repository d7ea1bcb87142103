/**
 * Helpers of the cash-back and transfer tests: bets written as the in-house slot writes them
 * (optionally in the past), real spins of the slot, and members with an upline and a payment password.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { members } from '../../server/db/schema';
import type { Platform } from '../../server/platform';
import { call, fundedPlayer, nextIp, spinKey } from './helpers';

export const PAY_PW = '246810';

export interface BetSpec {
  stake: number;
  win?: number;
  gameType?: string;
  /** The game's vendor: INHOUSE for RNG unless told, else a fish studio. */
  vassalage?: string;
  nodeId?: number;
  outcome?: Record<string, unknown>;
  /** When the bet was placed (default now). */
  at?: Date;
}

/**
 * A bet as the in-house slot writes it: BET (and PAYOUT) postings naming it and the bet row (with
 * its day in bet_days), in one transaction (on a server's app or a platform).
 */
export async function placeBet(app: Pick<Platform, 'db' | 'repos'>, memberId: number, walletId: number, spec: BetSpec): Promise<number> {
  const win = spec.win ?? 0;
  return app.db.orm.transaction(async (tx) => {
    const moves = await app.repos.ledger.memberMoves(tx, { merchantCode: 'demoph01', memberId, currency: 'PHP', walletId });
    const id = await moves.lock('bets');
    const reference = `B${id}`;
    const txn = await moves.stake(spec.stake, { reference });
    if (win > 0) await moves.win(win, { reference });
    const gameType = spec.gameType ?? 'RNG';
    return app.repos.bets.record(tx, {
      id,
      memberId,
      merchantCode: 'demoph01',
      nodeId: spec.nodeId ?? 10001,
      vassalage: spec.vassalage ?? (gameType === 'RNG' ? 'INHOUSE' : 'REEFHUNT'),
      gameType,
      currency: 'PHP',
      stake: spec.stake,
      win,
      outcome: spec.outcome ?? {},
      ledgerTransactionId: txn,
      ...(spec.at ? { createdAt: spec.at } : {}),
    });
  });
}

/** Launches the in-house slot and answers its play token. */
export async function openSlot(app: FastifyInstance, token: string): Promise<string> {
  const launch = await call<{ url: string }>(app, 'POST', '/wps/game/launch', { token, body: { vendor: 'INHOUSE' } });
  expect(launch.status, JSON.stringify(launch.body)).toBe(200);
  const launchToken = new URL(launch.body.value!.url, 'http://x').searchParams.get('token')!;
  const session = await call<{ token: string }>(app, 'POST', '/wps/game/inhouse/session', { body: { token: launchToken } });
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  return session.body.value!.token;
}

/** `n` real spins of the slot at `stake` minor units. */
export async function spin(app: FastifyInstance, playToken: string, n: number, stake: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const res = await call(app, 'POST', '/wps/game/inhouse/spin', { token: playToken, headers: spinKey(), body: { stake } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

export async function setPaymentPassword(app: FastifyInstance, token: string): Promise<void> {
  const res = await call(app, 'POST', '/wps/security/paymentPassword', { token, ip: nextIp(), body: { paymentPassword: PAY_PW, confirmPaymentPassword: PAY_PW } });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
}

/** A new agent and a player of `balance` minor units in the agent's team, the player with a payment password. */
export async function playerWithUpline(app: FastifyInstance, balance: number, o: { type?: number; paymentPassword?: boolean } = {}) {
  const upline = await fundedPlayer(app, 0, 1);
  const player = await fundedPlayer(app, balance, o.type ?? 0);
  await app.db.orm.update(members).set({ uplineId: upline.memberId }).where(eq(members.id, player.memberId));
  if (o.paymentPassword !== false) await setPaymentPassword(app, player.token);
  return { player, upline };
}
