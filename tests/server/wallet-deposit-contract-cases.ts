/**
 * Success cases of the wallet routes for tests/server/platform/contract.test.ts (which needs one per route
 * of schemas/api): spread into its CASES with `...WALLET_CONTRACT_CASES`. Each case uses a new
 * member, so the cap on pending deposits of the suite's shared member is never reached.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { call, fundedPlayer, PH, spinKey, type Envelope } from './helpers';
import { notice, paymentOf, sendNotice } from './wallet-deposit-helpers';

type Result = { status: number; body: Envelope; res?: LightMyRequestResponse };
type Case = (app: FastifyInstance, token: () => Promise<string>) => Promise<Result>;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(16)]);

/** A new member with a pending deposit on `channelId`. */
async function withDeposit(app: FastifyInstance, channelId: string, amount: number) {
  const { token } = await fundedPlayer(app, 0);
  const created = await call<{ id: number }>(app, 'POST', '/wps/wallet/deposits', { token, headers: spinKey(), body: { channelId, amount } });
  return { token, id: created.body.value!.id };
}

export const WALLET_CONTRACT_CASES: Record<string, Case> = {
  'wallet.channels': async (app, token) => call(app, 'GET', '/wps/wallet/deposit/channels', { token: await token() }),
  'wallet.create': async (app) => {
    const { token } = await fundedPlayer(app, 0);
    return call(app, 'POST', '/wps/wallet/deposits', { token, headers: spinKey(), body: { channelId: 'bank', amount: 500 } });
  },
  'wallet.list': async (app) => {
    const { token } = await withDeposit(app, 'gcash', 100);
    return call(app, 'GET', '/wps/wallet/deposits?page=1&pageSize=20&state=pending', { token });
  },
  'wallet.get': async (app) => {
    const { token, id } = await withDeposit(app, 'bank', 500);
    return call(app, 'GET', `/wps/wallet/deposits/${id}`, { token });
  },
  'wallet.cancel': async (app) => {
    const { token, id } = await withDeposit(app, 'gcash', 100);
    return call(app, 'POST', `/wps/wallet/deposits/${id}/cancel`, { token, body: {} });
  },
  'wallet.payment': async (app) => {
    const { token, id } = await withDeposit(app, 'gcash', 100);
    return call(app, 'POST', `/wps/wallet/deposits/${id}/payment`, { token, body: {} });
  },
  'wallet.reference': async (app) => {
    const { token, id } = await withDeposit(app, 'bank', 500);
    return call(app, 'POST', `/wps/wallet/deposits/${id}/reference`, { token, body: { reference: 'REF-12345' } });
  },
  'wallet.receipt': async (app) => {
    const { token, id } = await withDeposit(app, 'bank', 500);
    const res = await app.inject({ method: 'PUT', url: `/wps/wallet/deposits/${id}/receipt`, headers: { host: PH, authorization: `Bearer ${token}`, 'content-type': 'image/png' }, payload: PNG });
    return { status: res.statusCode, body: res.json() as Envelope, res };
  },
  'wallet.gatewayCallback': async (app) => {
    const { id } = await withDeposit(app, 'gcash', 100);
    const answer = await sendNotice(app, await notice(app, await paymentOf(app, id)));
    return { status: answer.status, body: answer.body as Envelope };
  },
};
