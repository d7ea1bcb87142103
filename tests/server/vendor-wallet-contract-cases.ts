/**
 * Success cases of the vendors' wallet routes (schemas/api/vendor-wallet.json) for
 * tests/server/platform/contract.test.ts, whose server configures the test vendors
 * (games/vendor-wallet-helpers.ts vendorOptions): spread into its CASES with
 * `...VENDOR_WALLET_CONTRACT_CASES`. Each case opens a new member's play by a launch and the
 * vendor's signed session/open; the answers are the protocol's JSON, signed.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sign } from '../../reference/vendor-protocol/protocol';
import { call, fundedPlayer, type Envelope } from './helpers';
import { gameOf, RSA_SIGNING } from './games/vendor-wallet-helpers';

type Result = { status: number; body: Envelope; res?: LightMyRequestResponse };
type Case = (app: FastifyInstance) => Promise<Result>;

/** One signed request of REFGAMES, sent in process. */
async function signed(app: FastifyInstance, endpoint: string, body: Record<string, unknown>): Promise<Result & { answer: Record<string, unknown> }> {
  const raw = JSON.stringify({ ...body, request_uuid: randomUUID(), timestamp: Math.floor(Date.now() / 1000) });
  const res = await app.inject({
    method: 'POST',
    url: `/vendor/REFGAMES/${endpoint}`,
    headers: { host: 'vendor.invalid', 'content-type': 'application/json', 'x-wallet-signature': sign(RSA_SIGNING, raw) },
    payload: raw,
  });
  const answer = res.json() as Record<string, unknown>;
  return { status: answer.status === 'RS_OK' ? res.statusCode : 500, body: { success: answer.status === 'RS_OK' }, res, answer };
}

/** A member's play of a LUCKYREEL game opened by the vendor: its reference, session token and game, after `stake` was staked (0: none). */
async function play(app: FastifyInstance, stake = 0) {
  const { token } = await fundedPlayer(app, 10_000);
  const game = await gameOf(app, 'LUCKYREEL');
  const launch = await call<{ url: string }>(app, 'POST', '/wps/game/launch', { token, body: { vendor: 'LUCKYREEL', nodeId: String(game.nodeId) } });
  const launchToken = new URL(launch.body.value!.url).searchParams.get('token');
  const opened = (await signed(app, 'session/open', { token: launchToken })).answer;
  const session = { user: opened.user as string, token: opened.token as string, game_code: game.gameId };
  const bet = { ...session, transaction_uuid: randomUUID(), round: randomUUID(), currency: 'PHP', amount: stake };
  if (stake > 0) await signed(app, 'transaction/bet', bet);
  return { session, bet, launchToken };
}

export const VENDOR_WALLET_CONTRACT_CASES: Record<string, Case> = {
  'vendor-wallet.walletKey': async (app) => {
    const res = await app.inject({ method: 'GET', url: '/vendor/wallet-key.pem', headers: { host: 'vendor.invalid' } });
    return { status: res.statusCode, body: { success: res.statusCode === 200 }, res };
  },
  'vendor-wallet.sessionOpen': async (app) => {
    const { token } = await fundedPlayer(app, 0);
    const game = await gameOf(app, 'LUCKYREEL');
    const launch = await call<{ url: string }>(app, 'POST', '/wps/game/launch', { token, body: { vendor: 'LUCKYREEL', nodeId: String(game.nodeId) } });
    return signed(app, 'session/open', { token: new URL(launch.body.value!.url).searchParams.get('token') });
  },
  'vendor-wallet.userInfo': async (app) => signed(app, 'user/info', { user: (await play(app)).session.user }),
  'vendor-wallet.userBalance': async (app) => signed(app, 'user/balance', (await play(app)).session),
  'vendor-wallet.bet': async (app) => signed(app, 'transaction/bet', { ...(await play(app)).bet, amount: 100 }),
  'vendor-wallet.win': async (app) => {
    const { session, bet } = await play(app, 100);
    return signed(app, 'transaction/win', { ...session, transaction_uuid: randomUUID(), reference_transaction_uuid: bet.transaction_uuid, round: bet.round, round_closed: true, currency: 'PHP', amount: 250 });
  },
  'vendor-wallet.rollback': async (app) => {
    const { session, bet } = await play(app, 100);
    const { user, token, game_code } = session;
    return signed(app, 'transaction/rollback', { user, token, game_code, transaction_uuid: randomUUID(), reference_transaction_uuid: bet.transaction_uuid, round: bet.round });
  },
};
