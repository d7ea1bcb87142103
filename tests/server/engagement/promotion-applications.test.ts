/**
 * Applications to APPLY promotions: a remark of at most 140 characters and up to 3 png or jpg
 * images of at most 5 MB (uploaded first, as feedback images), the operator's decisions over /ops
 * and the CLI (approve grants the promotion's reward once, racing or repeated; reject shows the
 * reason to the member, who may apply again), 'claimed' once the reward is claimed, and the
 * attacks: a fourth image, a large one, a text file named png, another member's or a feedback
 * image, a long remark (each refused naming the field, nothing kept), operators without a
 * session or of another merchant.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { auditLog, memberImages, promotionEntries, rewards } from '../../../server/db/schema';
import { addOperator } from '../../../server/ops/operators';
import type { OpsActor, OpsArgs } from '../../../server/ops/types';
import { verbs } from '../../../server/modules/engagement/ops/promotions';
import { call, describeBackends, expectLedgerClean, fundedPlayer, nextIp, PH, spinKey } from '../helpers';

const CLI: OpsActor = { operatorId: null, actor: 'cli:test', merchantCodes: null };
const PASSWORD = 'promotion operator password';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
let seq = 0;

interface Promotion {
  code: string;
  title: string;
  status?: string;
  canAct: boolean;
  remark?: string;
  reason?: string;
}

interface Application {
  id: number;
  merchantCode: string;
  promotionCode: string;
  username: string;
  state: string;
  remark: string;
  imageIds: number[];
  reason?: string;
  decidedBy?: string;
  rewardId?: number;
}

const newCode = (prefix: string) => `${prefix}-${process.pid % 1000}-${Date.now() % 100000}-${++seq}`;

async function runVerb(app: FastifyInstance, words: string, args: OpsArgs, actor: OpsActor = CLI) {
  const verb = verbs.find((v) => v.words.join(' ') === words)!;
  const out: string[] = [];
  const code = await verb.run({ app, actor, out: (line) => out.push(line), json: false }, args).catch((err: Error) => {
    out.push(err.message);
    return -1;
  });
  return { code, out };
}

async function operatorToken(app: FastifyInstance, merchants: string[] | null = ['demoph01']): Promise<string> {
  const username = `pa${process.pid}x${++seq}`;
  await addOperator(app, CLI, { username, password: PASSWORD, merchantCodes: merchants, totp: false });
  const res = await call<{ token: string }>(app, 'POST', '/ops/session', { ip: nextIp(), body: { username, password: PASSWORD } });
  return res.body.value!.token;
}

/** An APPLY promotion of demoph01 granting `reward` (currency units), created over /ops. */
async function applyPromotion(app: FastifyInstance, op: string, reward = 8.5): Promise<string> {
  const code = newCode('apply');
  const res = await call(app, 'POST', '/ops/promotions', {
    token: op,
    body: { merchant: 'demoph01', code, type: 'APPLY', category: 'TEST', title: { EN: `Apply ${code}`, TY: `Mag-apply ${code}` }, content: { EN: '<p>Send a screenshot</p>', TY: '<p>Magpadala</p>' }, rewardAmount: reward, turnoverMultiplier: 1.5 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return code;
}

function upload(app: FastifyInstance, token: string, data: Buffer, type = 'image/png') {
  return app.inject({ method: 'PUT', url: '/wps/promotions/images', headers: { host: PH, authorization: `Bearer ${token}`, 'content-type': type }, payload: data });
}

async function imageId(app: FastifyInstance, token: string, data = PNG, type = 'image/png'): Promise<number> {
  const res = await upload(app, token, data, type);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { value: { id: number } }).value.id;
}

const act = (app: FastifyInstance, token: string, code: string, body: unknown) => call<Promotion>(app, 'POST', `/wps/promotions/${code}/act`, { token, body });
const detail = async (app: FastifyInstance, token: string, code: string) => (await call<Promotion>(app, 'GET', `/wps/promotions/${code}?lang=EN`, { token })).body.value!;

async function applicationOf(app: FastifyInstance, op: string, code: string, state = 'applying'): Promise<Application> {
  const res = await call<Application[]>(app, 'GET', `/ops/promotions/applications?merchant=demoph01&code=${code}&state=${state}`, { token: op });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.value).toHaveLength(1);
  return res.body.value![0];
}

describeBackends('promotion applications', ({ server }) => {
  it('a member applies with a remark and two images; the operator sees them and approves once; the reward claimed shows claimed', async () => {
    const { app } = server();
    const op = await operatorToken(app);
    const code = await applyPromotion(app, op);
    const { token, memberId } = await fundedPlayer(app, 0);
    const ids = [await imageId(app, token), await imageId(app, token, JPEG, 'image/jpeg')];
    const applied = await act(app, token, code, { remark: '  My screenshot of the win  ', imageIds: ids });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.value).toMatchObject({ status: 'applying', canAct: false, remark: 'My screenshot of the win' });
    expect((await act(app, token, code, { remark: 'again' })).body.errorCode).toBe('promotion.done');

    const application = await applicationOf(app, op, code);
    expect(application).toMatchObject({ promotionCode: code, state: 'applying', remark: 'My screenshot of the win', imageIds: ids });
    const image = await app.inject({ method: 'GET', url: `/ops/promotions/images/${ids[1]}`, headers: { host: PH, authorization: `Bearer ${op}` } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('no-store');
    expect(Buffer.compare(image.rawPayload, JPEG)).toBe(0);

    const approved = await call<Application>(app, 'POST', `/ops/promotions/applications/${application.id}/approve`, { token: op });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.value).toMatchObject({ state: 'issued' });
    const again = await call<Application>(app, 'POST', `/ops/promotions/applications/${application.id}/approve`, { token: op });
    expect(again.status).toBe(200);
    expect(again.body.value).toMatchObject({ state: 'issued', rewardId: approved.body.value!.rewardId });
    const granted = await app.db.orm.select().from(rewards).where(eq(rewards.memberId, memberId));
    expect(granted).toHaveLength(1);
    expect(granted[0]).toMatchObject({ source: 'operator', amount: 850, turnoverRequired: 1275, sourceRef: `application:${application.id}` });
    const audit = await app.db.orm.select().from(auditLog).where(and(eq(auditLog.action, 'promotion.application.approve'), eq(auditLog.targetId, String(application.id))));
    expect(audit).toHaveLength(1);
    expect(await detail(app, token, code)).toMatchObject({ status: 'issued', canAct: false });

    const claim = await call(app, 'POST', `/wps/rewards/${granted[0].id}/claim`, { token, headers: spinKey() });
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    expect(await detail(app, token, code)).toMatchObject({ status: 'claimed', canAct: false });
    await expectLedgerClean(app);
  });

  it('refuses a fourth image, a large one, a text file named png, another member’s or a feedback image and a long remark, keeping nothing', async () => {
    const { app } = server();
    const op = await operatorToken(app);
    const code = await applyPromotion(app, op);
    const { token, memberId } = await fundedPlayer(app, 0);

    const huge = await upload(app, token, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ errorCode: 'body.too.large', value: { field: 'image', messageKey: 'image_size' } });
    const text = await upload(app, token, Buffer.from('just some text, not a picture at all'), 'image/png');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ errorCode: 'image.invalid', value: { field: 'image', messageKey: 'image_type' } });
    const lying = await upload(app, token, JPEG, 'image/png');
    expect(lying.json()).toMatchObject({ errorCode: 'image.invalid', value: { field: 'image' } });
    const gif = await upload(app, token, Buffer.from('GIF89a0000000000'), 'image/gif');
    expect(gif.statusCode).toBe(415);
    expect(gif.json()).toMatchObject({ errorCode: 'content.type.unsupported', value: { field: 'image' } });

    const four = [await imageId(app, token), await imageId(app, token), await imageId(app, token), await imageId(app, token)];
    const other = await fundedPlayer(app, 0);
    const theirs = await imageId(app, other.token);
    const feedbackImage = await app.inject({ method: 'PUT', url: '/wps/feedback/images', headers: { host: PH, authorization: `Bearer ${token}`, 'content-type': 'image/png' }, payload: PNG });
    const feedbackId = (feedbackImage.json() as { value: { id: number } }).value.id;
    const cases: [string, unknown, string, string | undefined][] = [
      ['a fourth image', { remark: 'four', imageIds: four }, '/imageIds', 'image_count'],
      ['another member’s image', { remark: 'stolen', imageIds: [four[0], theirs] }, '/imageIds', undefined],
      ['a feedback image', { remark: 'feedback', imageIds: [feedbackId] }, '/imageIds', undefined],
      ['a remark of 141 characters', { remark: 'x'.repeat(141), imageIds: [four[0]] }, '/remark', 'remark_max'],
      ['no remark', { imageIds: [four[0]] }, '/remark', 'promo_remark_rule'],
    ];
    for (const [what, body, field, messageKey] of cases) {
      const res = await act(app, token, code, body);
      expect(res.status, what).toBe(400);
      expect(res.body, what).toMatchObject({ errorCode: 'validation.failed', value: { field, ...(messageKey ? { messageKey } : {}) } });
    }
    // Nothing of a refused application stays: no entry, every image still unsent.
    expect(await app.db.orm.select().from(promotionEntries).where(and(eq(promotionEntries.memberId, memberId), eq(promotionEntries.promotionCode, code)))).toHaveLength(0);
    const staged = await app.db.orm.select({ ownerId: memberImages.ownerId }).from(memberImages).where(inArray(memberImages.id, [...four, theirs, feedbackId]));
    expect(staged.every((s) => s.ownerId === null)).toBe(true);
    expect((await detail(app, token, code)).status).toBeUndefined();

    const ok = await act(app, token, code, { remark: 'x'.repeat(140), imageIds: four.slice(0, 3) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // An image already sent cannot be sent again with another application.
    const code2 = await applyPromotion(app, op);
    const reused = await act(app, token, code2, { remark: 'reuse', imageIds: [four[0]] });
    expect(reused.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/imageIds' } });
  });

  it('50 racing approvals grant the reward once', async () => {
    const { app } = server();
    const op = await operatorToken(app);
    const code = await applyPromotion(app, op, 3);
    const { token, memberId } = await fundedPlayer(app, 0);
    expect((await act(app, token, code, { remark: 'race' })).status).toBe(200);
    const { id } = await applicationOf(app, op, code);
    const results = await Promise.all(Array.from({ length: 50 }, () => call<Application>(app, 'POST', `/ops/promotions/applications/${id}/approve`, { token: op })));
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    expect(await app.db.orm.select().from(rewards).where(eq(rewards.memberId, memberId))).toHaveLength(1);
    expect(await app.db.orm.select().from(auditLog).where(and(eq(auditLog.action, 'promotion.application.approve'), eq(auditLog.targetId, String(id))))).toHaveLength(1);
  });

  it('a rejection shows its reason to the member, who may apply again with new images', async () => {
    const { app } = server();
    const op = await operatorToken(app);
    const code = await applyPromotion(app, op);
    const { token, memberId } = await fundedPlayer(app, 0);
    const first = await imageId(app, token);
    expect((await act(app, token, code, { remark: 'first try', imageIds: [first] })).status).toBe(200);
    const { id } = await applicationOf(app, op, code);
    const short = await call(app, 'POST', `/ops/promotions/applications/${id}/reject`, { token: op, body: { reason: '  x  ' } });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/reason' } });
    const rejected = await call<Application>(app, 'POST', `/ops/promotions/applications/${id}/reject`, { token: op, body: { reason: 'The screenshot is unreadable.' } });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.value).toMatchObject({ state: 'rejected', reason: 'The screenshot is unreadable.' });
    expect(await detail(app, token, code)).toMatchObject({ status: 'rejected', reason: 'The screenshot is unreadable.', canAct: true });
    // Decided: neither approved nor rejected again.
    const late = await call(app, 'POST', `/ops/promotions/applications/${id}/approve`, { token: op });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ errorCode: 'ops.refused', value: { code: 'application.decided' } });
    expect(await app.db.orm.select().from(rewards).where(eq(rewards.memberId, memberId))).toHaveLength(0);

    const second = await imageId(app, token, JPEG, 'image/jpeg');
    const again = await act(app, token, code, { remark: 'second try', imageIds: [second] });
    expect(again.body.value).toMatchObject({ status: 'applying', canAct: false });
    expect((await detail(app, token, code)).reason).toBeUndefined();
    const now = await applicationOf(app, op, code);
    expect(now).toMatchObject({ id, remark: 'second try', imageIds: [second] });
    expect(await app.db.orm.select().from(memberImages).where(eq(memberImages.id, first))).toHaveLength(0);
  });

  it('the ops routes need an operator session and keep another merchant’s promotions and applications out', async () => {
    const { app } = server();
    const op = await operatorToken(app);
    const code = await applyPromotion(app, op);
    const { token } = await fundedPlayer(app, 0);
    const img = await imageId(app, token);
    expect((await act(app, token, code, { remark: 'mine', imageIds: [img] })).status).toBe(200);
    const { id } = await applicationOf(app, op, code);

    const routes: [string, string, unknown?][] = [
      ['GET', '/ops/promotions?merchant=demoph01'],
      ['POST', '/ops/promotions', { merchant: 'demoph01', code: newCode('x'), type: 'MISSION', category: 'TEST', title: { EN: 'a', TY: 'b' } }],
      ['POST', `/ops/promotions/demoph01/${code}/disable`],
      ['POST', `/ops/promotions/demoph01/${code}/enable`],
      ['GET', '/ops/promotions/applications?merchant=demoph01'],
      ['POST', `/ops/promotions/applications/${id}/approve`],
      ['POST', `/ops/promotions/applications/${id}/reject`, { reason: 'Not eligible' }],
      ['GET', `/ops/promotions/images/${img}`],
    ];
    for (const [method, url, body] of routes) {
      const anonymous = await call(app, method as 'GET', url, body === undefined ? {} : { body });
      expect(anonymous.status, url).toBe(401);
      expect(anonymous.body.errorCode, url).toBe('ops.session.required');
      // A member's session is no operator's.
      expect((await call(app, method as 'GET', url, { token, ...(body === undefined ? {} : { body }) })).status, url).toBe(401);
    }

    const foreign = await operatorToken(app, ['demoen01']);
    const expected = [403, 403, 403, 403, 403, 404, 404, 404];
    for (const [i, [method, url, body]] of routes.entries()) {
      const res = await call(app, method as 'GET', url, { token: foreign, ...(body === undefined ? {} : { body }) });
      expect(res.status, url).toBe(expected[i]);
    }
    // Unscoped, the foreign operator's list holds none of demoph01's applications.
    const theirList = await call<Application[]>(app, 'GET', '/ops/promotions/applications?state=all', { token: foreign });
    expect(theirList.body.value!.some((a) => a.merchantCode === 'demoph01')).toBe(false);
    expect((await applicationOf(app, op, code)).state).toBe('applying');
    expect((await detail(app, token, code)).status).toBe('applying');
  });

  it('creates in EN and TY, lists, disables and enables over /ops; the CLI lists, approves and rejects applications', async () => {
    const { app } = server();
    const op = await operatorToken(app);
    const code = await applyPromotion(app, op, 2.25);
    const en = (await call<Promotion>(app, 'GET', `/wps/promotions/${code}?lang=EN`)).body.value!;
    const ty = (await call<Promotion>(app, 'GET', `/wps/promotions/${code}?lang=TY`)).body.value!;
    expect([en.title, ty.title]).toEqual([`Apply ${code}`, `Mag-apply ${code}`]);
    const bad = await call(app, 'POST', '/ops/promotions', { token: op, body: { merchant: 'demoph01', code: newCode('x'), type: 'APPLY', category: 'TEST', title: { EN: 'only english' } } });
    expect(bad.status).toBe(400);
    const cents = await call(app, 'POST', '/ops/promotions', { token: op, body: { merchant: 'demoph01', code: newCode('x'), type: 'APPLY', category: 'TEST', title: { EN: 'a', TY: 'b' }, rewardAmount: 1.005 } });
    expect(cents.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/rewardAmount' } });
    const taken = await call(app, 'POST', '/ops/promotions', { token: op, body: { merchant: 'demoph01', code, type: 'APPLY', category: 'TEST', title: { EN: 'a', TY: 'b' } } });
    expect(taken.body).toMatchObject({ errorCode: 'ops.refused', value: { code: 'promotion.exists' } });

    const listed = await call<{ code: string; enabled: boolean; rewardAmount: number }[]>(app, 'GET', '/ops/promotions?merchant=demoph01', { token: op });
    expect(listed.body.value!.find((p) => p.code === code)).toMatchObject({ enabled: true, rewardAmount: 2.25 });
    expect((await call(app, 'POST', `/ops/promotions/demoph01/${code}/disable`, { token: op })).body.value).toEqual({ code, enabled: false, rows: 2 });
    expect((await call(app, 'GET', `/wps/promotions/${code}`)).status).toBe(404);
    expect((await call(app, 'POST', `/ops/promotions/demoph01/${code}/enable`, { token: op })).status).toBe(200);
    expect((await call(app, 'POST', `/ops/promotions/demoph01/no-such-code/enable`, { token: op })).status).toBe(404);

    const a = await fundedPlayer(app, 0);
    const b = await fundedPlayer(app, 0);
    expect((await act(app, a.token, code, { remark: 'from a' })).status).toBe(200);
    expect((await act(app, b.token, code, { remark: 'from b' })).status).toBe(200);
    const waiting = await runVerb(app, 'promotions applications', { positionals: [], options: { merchant: 'demoph01', code } });
    expect(waiting.code, waiting.out.join('\n')).toBe(0);
    expect(waiting.out).toHaveLength(2);
    const [idB, idA] = waiting.out.map((l) => Number(l.split('\t')[0]));
    expect((await runVerb(app, 'promotions approve', { positionals: [String(idA)], options: {} })).out).toEqual([`application ${idA} approved`]);
    expect((await runVerb(app, 'promotions approve', { positionals: [String(idA)], options: {} })).code).toBe(0);
    expect((await runVerb(app, 'promotions reject', { positionals: [String(idB)], options: {} })).code).toBe(2);
    expect((await runVerb(app, 'promotions reject', { positionals: [String(idB)], options: { reason: 'Only one per household' } })).code).toBe(0);
    expect((await runVerb(app, 'promotions reject', { positionals: [String(idA)], options: { reason: 'Too late now' } })).code).toBe(1);
    expect((await runVerb(app, 'promotions applications', { positionals: [], options: { state: 'bogus' } })).code).not.toBe(0);
    const foreign = await runVerb(app, 'promotions approve', { positionals: [String(idB)], options: {} }, { ...CLI, merchantCodes: ['demoen01'] });
    expect(foreign.code).toBe(1);
    expect(await app.db.orm.select().from(rewards).where(eq(rewards.memberId, a.memberId))).toHaveLength(1);
    expect(await app.db.orm.select().from(rewards).where(eq(rewards.memberId, b.memberId))).toHaveLength(0);
    expect(await detail(app, b.token, code)).toMatchObject({ status: 'rejected', reason: 'Only one per household' });
  });
});
