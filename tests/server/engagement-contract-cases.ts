/**
 * Success cases of the message centre's routes for tests/server/platform/contract.test.ts (which needs one
 * per route of schemas/api): spread into its CASES with `...ENGAGEMENT_CONTRACT_CASES`.
 * Each case uses new members (and the suite's operator session, `ops`), so no case depends on another.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { call, fundedPlayer, PH, type Envelope } from './helpers';

type Result = { status: number; body: Envelope; res?: LightMyRequestResponse };
type Case = (app: FastifyInstance, token: () => Promise<string>, ops: () => Promise<string>) => Promise<Result>;

/** A new member with one unread message from an operator: its token and the message id. */
async function memberWithMessage(app: FastifyInstance, ops: () => Promise<string>): Promise<{ token: string; id: number }> {
  const { token } = await fundedPlayer(app, 0);
  const info = await call<{ account: string }>(app, 'GET', '/wps/member/info', { token });
  await call(app, 'POST', '/ops/messages', { token: await ops(), body: { merchant: 'demoph01', to: 'member', username: info.body.value!.account, title: 'Contract', content: 'Case' } });
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
  'member.readAllMessages': async (app, _token, ops) => call(app, 'POST', '/wps/member/messages/readAll', { token: (await memberWithMessage(app, ops)).token }),
  'member.deleteMessage': async (app, _token, ops) => {
    const { token, id } = await memberWithMessage(app, ops);
    return call(app, 'DELETE', `/wps/member/messages/${id}`, { token });
  },
  'inbox.sendMessage': async (app, _token, ops) =>
    call(app, 'POST', '/ops/messages', { token: await ops(), body: { merchant: 'demoph01', to: 'team', username: 'demoagent', title: 'Contract', content: 'To the team' } }),
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
  'feedback.opsList': async (app, _token, ops) => {
    await sentFeedback(app);
    return call(app, 'GET', '/ops/feedback?merchant=demoph01&open=true&limit=5', { token: await ops() });
  },
  'feedback.opsReply': async (app, _token, ops) => call(app, 'POST', `/ops/feedback/${await sentFeedback(app)}/reply`, { token: await ops(), body: { reply: 'Thanks' } }),
  'referral.friends': async (app) => call(app, 'GET', '/wps/member/referral/friends?pageSize=5', { token: (await fundedPlayer(app, 0)).token }),
  'referral.code': async (app) => call(app, 'GET', '/wps/member/referral', { token: (await fundedPlayer(app, 0)).token }),
};
