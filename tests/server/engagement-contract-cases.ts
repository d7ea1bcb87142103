/**
 * Success cases of the message centre's routes for tests/server/platform/contract.test.ts (which needs one
 * per route of schemas/api): spread into its CASES with `...ENGAGEMENT_CONTRACT_CASES`.
 * Each case uses new members or operators, so no case depends on another.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { addOperator } from '../../server/ops/operators';
import { call, fundedPlayer, nextIp, PH, type Envelope } from './helpers';

type Result = { status: number; body: Envelope; res?: LightMyRequestResponse };
type Case = (app: FastifyInstance, token: () => Promise<string>) => Promise<Result>;

const PASSWORD = 'engagement contract password';
let operators = 0;

async function operatorToken(app: FastifyInstance): Promise<string> {
  const username = `engc${process.pid}x${++operators}`;
  await addOperator(app, { operatorId: null, actor: 'cli:contract', merchantCodes: null }, { username, password: PASSWORD, merchantCodes: null, totp: false });
  const { body } = await call<{ token: string }>(app, 'POST', '/ops/session', { ip: nextIp(), body: { username, password: PASSWORD } });
  return body.value!.token;
}

/** A new member with one unread message from an operator: its token and the message id. */
async function memberWithMessage(app: FastifyInstance): Promise<{ token: string; id: number }> {
  const { token } = await fundedPlayer(app, 0);
  const info = await call<{ account: string }>(app, 'GET', '/wps/member/info', { token });
  await call(app, 'POST', '/ops/messages', { token: await operatorToken(app), body: { merchant: 'demoph01', to: 'member', username: info.body.value!.account, title: 'Contract', content: 'Case' } });
  const page = await call<{ list: { id: number }[] }>(app, 'GET', '/wps/member/messages', { token });
  return { token, id: page.body.value!.list[0].id };
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(16)]);
const FEEDBACK = { type: 'SUGGESTION', content: 'Please add more fishing games to the lobby' };

/** A new member's feedback; answers its id. */
async function sentFeedback(app: FastifyInstance): Promise<number> {
  const { token } = await fundedPlayer(app, 0);
  const { body } = await call<{ id: number }>(app, 'POST', '/wps/feedback', { token, body: FEEDBACK });
  return body.value!.id;
}

export const ENGAGEMENT_CONTRACT_CASES: Record<string, Case> = {
  'member.readAllMessages': async (app) => call(app, 'POST', '/wps/member/messages/readAll', { token: (await memberWithMessage(app)).token }),
  'member.deleteMessage': async (app) => {
    const { token, id } = await memberWithMessage(app);
    return call(app, 'DELETE', `/wps/member/messages/${id}`, { token });
  },
  'inbox.sendMessage': async (app) =>
    call(app, 'POST', '/ops/messages', { token: await operatorToken(app), body: { merchant: 'demoph01', to: 'team', username: 'demoagent', title: 'Contract', content: 'To the team' } }),
  'feedback.uploadImage': async (app) => {
    const { token } = await fundedPlayer(app, 0);
    const res = await app.inject({ method: 'PUT', url: '/wps/feedback/images', headers: { host: PH, authorization: `Bearer ${token}`, 'content-type': 'image/png' }, payload: PNG });
    return { status: res.statusCode, body: res.json() as Envelope, res };
  },
  'feedback.submit': async (app) => call(app, 'POST', '/wps/feedback', { token: (await fundedPlayer(app, 0)).token, body: FEEDBACK }),
  'feedback.list': async (app) => {
    const { token } = await fundedPlayer(app, 0);
    await call(app, 'POST', '/wps/feedback', { token, body: FEEDBACK });
    return call(app, 'GET', '/wps/feedback?page=1&pageSize=5', { token });
  },
  'feedback.opsList': async (app) => {
    await sentFeedback(app);
    return call(app, 'GET', '/ops/feedback?merchant=demoph01&open=true&limit=5', { token: await operatorToken(app) });
  },
  'feedback.opsReply': async (app) => call(app, 'POST', `/ops/feedback/${await sentFeedback(app)}/reply`, { token: await operatorToken(app), body: { reply: 'Thanks' } }),
  'referral.friends': async (app) => call(app, 'GET', '/wps/member/referral/friends?pageSize=5', { token: (await fundedPlayer(app, 0)).token }),
  'referral.code': async (app) => call(app, 'GET', '/wps/member/referral', { token: (await fundedPlayer(app, 0)).token }),
};
