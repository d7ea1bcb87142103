/**
 * Success cases of the records routes for tests/server/platform/contract.test.ts (which needs one per
 * route of schemas/api): spread into its CASES with `...RECORDS_CONTRACT_CASES`. Each case uses a
 * new member with a spin of the in-house slot (a bet with a round and its postings).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { call, fundedPlayer, type Envelope } from './helpers';
import { openSlot, spin } from './rebate-helpers';

type Result = { status: number; body: Envelope; res?: LightMyRequestResponse };
type Case = (app: FastifyInstance, token: () => Promise<string>) => Promise<Result>;

/** A member with two spins: its token and its latest bet. */
async function memberWithBets(app: FastifyInstance): Promise<{ token: string; betId: number }> {
  const { token, memberId } = await fundedPlayer(app, 100_000);
  await spin(app, await openSlot(app, token), 2, 100);
  const [bet] = await app.repos.bets.ofMember(memberId, 1);
  return { token, betId: bet.id };
}

export const RECORDS_CONTRACT_CASES: Record<string, Case> = {
  'reports.transactions': async (app) => call(app, 'GET', '/wps/records/transactions?range=7d&pageSize=2', { token: (await memberWithBets(app)).token }),
  'reports.bets': async (app) => call(app, 'GET', '/wps/records/bets?range=today&pageSize=1&language=EN', { token: (await memberWithBets(app)).token }),
  'reports.bet': async (app) => {
    const { token, betId } = await memberWithBets(app);
    return call(app, 'GET', `/wps/records/bets/${betId}?language=TY`, { token });
  },
  'reports.pnl': async (app) => call(app, 'GET', '/wps/records/pnl?range=30d', { token: (await memberWithBets(app)).token }),
};
