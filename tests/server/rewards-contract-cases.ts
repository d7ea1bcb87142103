/**
 * Success cases of the reward-centre and promotion routes for tests/server/platform/contract.test.ts (which needs one per
 * route of schemas/api): spread into its CASES with `...REWARD_CONTRACT_CASES`. Each case uses a
 * new member, so no case depends on another.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createPromotion } from '../../server/modules/engagement/services/promotions';
import { grantReward } from '../../server/modules/engagement/services/rewards';
import { call, fundedPlayer, PH, spinKey, type Envelope } from './helpers';
import { openSlot, spin } from './rebate-helpers';

type Result = { status: number; body: Envelope; res?: LightMyRequestResponse };
type Case = (app: FastifyInstance, token: () => Promise<string>, ops: () => Promise<string>) => Promise<Result>;

/** A member with a reward of 12.50 to claim. */
async function memberWithReward(app: FastifyInstance): Promise<{ token: string; rewardId: number }> {
  const { token, memberId } = await fundedPlayer(app, 0);
  const row = await app.db.orm.transaction((tx) =>
    grantReward(tx, { merchantCode: 'demoph01', memberId, source: 'operator', sourceRef: 'contract', amount: 1_250, turnoverMultiplier: 2, expiryDays: 7 }),
  );
  return { token, rewardId: row!.id };
}

const CLI = { operatorId: null, actor: 'cli:contract', merchantCodes: null };
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(16)]);
let seq = 0;

function uploadImage(app: FastifyInstance, token: string) {
  return app.inject({ method: 'PUT', url: '/wps/promotions/images', headers: { host: PH, authorization: `Bearer ${token}`, 'content-type': 'image/png' }, payload: PNG });
}

/** A new APPLY promotion of demoph01 and a new member's application to it with one image. */
async function application(app: FastifyInstance, ops: () => Promise<string>): Promise<{ code: string; id: number; imageId: number }> {
  const code = `contract-${process.pid % 1000}-${Date.now() % 100000}-${++seq}`;
  await createPromotion(app, CLI, { merchant: 'demoph01', code, type: 'APPLY', category: 'TEST', title: { EN: 'Apply', TY: 'Mag-apply' }, content: { EN: '', TY: '' }, rewardAmount: 500, turnoverMultiplier: 1, target: 0 });
  const { token } = await fundedPlayer(app, 0);
  const imageId = (JSON.parse((await uploadImage(app, token)).body) as { value: { id: number } }).value.id;
  await call(app, 'POST', `/wps/promotions/${code}/act`, { token, body: { remark: 'contract', imageIds: [imageId] } });
  const entry = await call<{ id: number }[]>(app, 'GET', `/ops/promotions/applications?merchant=demoph01&code=${code}`, { token: await ops() });
  return { code, id: entry.body.value![0].id, imageId };
}

export const REWARD_CONTRACT_CASES: Record<string, Case> = {
  'promotions.detail': async (app) => call(app, 'GET', '/wps/promotions/wager-1000?lang=EN', { token: (await fundedPlayer(app, 0)).token }),
  'promotions.act': async (app) => call(app, 'POST', '/wps/promotions/missions/act', { token: (await fundedPlayer(app, 0)).token, body: {} }),
  'promotions.uploadImage': async (app) => {
    const res = await uploadImage(app, (await fundedPlayer(app, 0)).token);
    return { status: res.statusCode, body: res.json() as Envelope, res };
  },
  'promotions.opsList': async (app, _token, ops) => call(app, 'GET', '/ops/promotions?merchant=demoph01', { token: await ops() }),
  'promotions.opsCreate': async (app, _token, ops) =>
    call(app, 'POST', '/ops/promotions', {
      token: await ops(),
      body: { merchant: 'demoph01', code: `contract-c-${process.pid % 1000}-${++seq}`, type: 'MISSION', category: 'TEST', title: { EN: 'Mission', TY: 'Misyon' }, rewardAmount: 1.5 },
    }),
  'promotions.opsDisable': async (app, _token, ops) => call(app, 'POST', `/ops/promotions/demoph01/${(await application(app, ops)).code}/disable`, { token: await ops() }),
  'promotions.opsEnable': async (app, _token, ops) => call(app, 'POST', `/ops/promotions/demoph01/${(await application(app, ops)).code}/enable`, { token: await ops() }),
  'promotions.opsApplications': async (app, _token, ops) => call(app, 'GET', `/ops/promotions/applications?merchant=demoph01&code=${(await application(app, ops)).code}&state=all`, { token: await ops() }),
  'promotions.opsApprove': async (app, _token, ops) => call(app, 'POST', `/ops/promotions/applications/${(await application(app, ops)).id}/approve`, { token: await ops() }),
  'promotions.opsReject': async (app, _token, ops) => call(app, 'POST', `/ops/promotions/applications/${(await application(app, ops)).id}/reject`, { token: await ops(), body: { reason: 'Not eligible' } }),
  'promotions.opsImage': async (app, _token, ops) => call(app, 'GET', `/ops/promotions/images/${(await application(app, ops)).imageId}`, { token: await ops() }),
  'missions.list': async (app) => call(app, 'GET', '/wps/missions?lang=EN', { token: (await fundedPlayer(app, 0)).token }),
  'missions.ranking': async (app) => call(app, 'GET', '/wps/missions/missions/ranking', { token: (await fundedPlayer(app, 0)).token }),
  'missions.claim': async (app) => {
    // The seeded ₱5 slots task: joined, then five ₱1 spins of the in-house slot complete it.
    const { token } = await fundedPlayer(app, 10_000);
    await call(app, 'POST', '/wps/promotions/missions/act', { token, body: {} });
    await spin(app, await openSlot(app, token), 5, 100);
    const list = await call<{ list: { code: string; tasks: { id: number; state: string }[] }[] }>(app, 'GET', '/wps/missions?lang=EN', { token });
    const task = list.body.value!.list.find((m) => m.code === 'missions')!.tasks.find((t) => t.state === 'complete')!;
    return call(app, 'POST', `/wps/missions/missions/tasks/${task.id}/claim`, { token, body: {}, headers: spinKey() });
  },
  'rewards.list': async (app) => call(app, 'GET', '/wps/rewards', { token: (await memberWithReward(app)).token }),
  'rewards.count': async (app) => call(app, 'GET', '/wps/rewards/count', { token: (await memberWithReward(app)).token }),
  'rewards.claim': async (app) => {
    const { token, rewardId } = await memberWithReward(app);
    return call(app, 'POST', `/wps/rewards/${rewardId}/claim`, { token, headers: spinKey() });
  },
};
