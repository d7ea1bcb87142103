/**
 * Success cases of the player-protection routes for tests/server/platform/contract.test.ts (which needs one
 * per route of schemas/api): spread into its CASES with `...PROTECTION_CONTRACT_CASES`. Each case
 * uses a new member, so no case depends on another.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { memberExclusions } from '../../server/db/schema';
import { call, fundedPlayer, type Envelope } from './helpers';

type Result = { status: number; body: Envelope; res?: LightMyRequestResponse };
type Case = (app: FastifyInstance, token: () => Promise<string>, ops: () => Promise<string>) => Promise<Result>;

export const PROTECTION_CONTRACT_CASES: Record<string, Case> = {
  'protection.exclusion': async (app) => call(app, 'GET', '/wps/member/exclusion', { token: (await fundedPlayer(app, 0)).token }),
  'protection.exclude': async (app) => call(app, 'POST', '/wps/member/exclusion', { token: (await fundedPlayer(app, 0)).token, body: { kind: 'timeout', period: '24h' } }),
  'protection.realityCheck': async (app) => call(app, 'GET', '/wps/member/realityCheck', { token: (await fundedPlayer(app, 0)).token }),
  'protection.setRealityCheck': async (app) => call(app, 'PUT', '/wps/member/realityCheck', { token: (await fundedPlayer(app, 0)).token, body: { minutes: 30 } }),
  'protection.acknowledgeRealityCheck': async (app) => {
    const { token } = await fundedPlayer(app, 0);
    await call(app, 'POST', '/wps/dev/realityCheck/due', { token });
    return call(app, 'POST', '/wps/member/realityCheck/acknowledge', { token });
  },
  'protection.devRealityDue': async (app) => call(app, 'POST', '/wps/dev/realityCheck/due', { token: (await fundedPlayer(app, 0)).token }),
  'protection.opsExclusions': async (app, _token, ops) => call(app, 'GET', '/ops/exclusions?active=true', { token: await ops() }),
  'protection.opsLiftExclusion': async (app, _token, ops) => {
    // Only an exclusion that has ended answers 200 (nothing left to lift); one in force is refused.
    const { memberId } = await fundedPlayer(app, 0);
    const [row] = await app.db.orm
      .insert(memberExclusions)
      .values({ merchantCode: 'demoph01', memberId, kind: 'timeout', period: '24h', startsAt: new Date(Date.now() - 2 * 86_400_000), endsAt: new Date(Date.now() - 86_400_000) })
      .returning();
    return call(app, 'POST', `/ops/exclusions/${row.id}/lift`, { token: await ops(), body: { reason: 'already over' } });
  },
};
