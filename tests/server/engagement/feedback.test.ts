/**
 * Feedback: images uploaded one by one (png or jpg by their magic bytes, at most 5 MB) and named in
 * the feedback (at most 3, the member's own unsent ones), content within the tenant's word counts,
 * the member's own list with the operator's reply (over /ops and with the CLI verbs); and the
 * attacks: a lying image, too many or someone else's images, word counts out of range, a trial
 * account, another merchant's operator or host.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { auditLog, memberImages } from '../../../server/db/schema';
import { addOperator } from '../../../server/ops/operators';
import { runOps } from '../../../server/ops/runner';
import type { OpsActor } from '../../../server/ops/types';
import { call, describeBackends, EN, fundedPlayer, nextIp, PH, tokenFor } from '../helpers';

const CLI: OpsActor = { operatorId: null, actor: 'cli:test', merchantCodes: null };
const PASSWORD = 'feedback operator password';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const TEN_WORDS = 'The deposit page took a long time to load this evening';
let seq = 0;

interface FeedbackItem {
  id: number;
  type: string;
  content: string;
  images: number;
  reply?: string;
  repliedAt?: string;
}

async function operatorToken(app: FastifyInstance, merchants: string[] | null = null): Promise<string> {
  const username = `fb${process.pid}x${++seq}`;
  await addOperator(app, CLI, { username, password: PASSWORD, merchantCodes: merchants, totp: false });
  const res = await call<{ token: string }>(app, 'POST', '/ops/session', { ip: nextIp(), body: { username, password: PASSWORD } });
  return res.body.value!.token;
}

function upload(app: FastifyInstance, token: string, data: Buffer, type = 'image/png', host = PH) {
  return app.inject({ method: 'PUT', url: '/wps/feedback/images', headers: { host, authorization: `Bearer ${token}`, 'content-type': type }, payload: data });
}

async function imageId(app: FastifyInstance, token: string, data = PNG, type = 'image/png'): Promise<number> {
  const res = await upload(app, token, data, type);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { value: { id: number } }).value.id;
}

describeBackends('feedback', ({ server }) => {
  it('a member sends feedback with a png and a jpg, lists it, and reads the operator’s reply', async () => {
    const { app } = server();
    const { token } = await fundedPlayer(app, 0);
    const ids = [await imageId(app, token), await imageId(app, token, JPEG, 'image/jpeg')];
    const sent = await call<FeedbackItem>(app, 'POST', '/wps/feedback', { token, body: { type: 'DEPOSIT', content: `  ${TEN_WORDS}  `, imageIds: ids } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.value).toMatchObject({ type: 'DEPOSIT', content: TEN_WORDS, images: 2 });
    expect(sent.body.value!.reply).toBeUndefined();

    const op = await operatorToken(app, ['demoph01']);
    const open = await call<{ id: number; username: string; images: number }[]>(app, 'GET', '/ops/feedback?merchant=demoph01&open=true', { token: op });
    expect(open.body.value!.find((f) => f.id === sent.body.value!.id)).toMatchObject({ images: 2 });
    const reply = await call<{ reply: string; repliedBy: string }>(app, 'POST', `/ops/feedback/${sent.body.value!.id}/reply`, { token: op, body: { reply: 'Thank you, we are looking into it.' } });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.value).toMatchObject({ reply: 'Thank you, we are looking into it.' });

    const mine = await call<{ list: FeedbackItem[]; total: number }>(app, 'GET', '/wps/feedback', { token });
    expect(mine.body.value!.total).toBe(1);
    expect(mine.body.value!.list[0]).toMatchObject({ id: sent.body.value!.id, images: 2, reply: 'Thank you, we are looking into it.' });
    expect(mine.body.value!.list[0].repliedAt).toBeTruthy();
    const stillOpen = await call<{ id: number }[]>(app, 'GET', '/ops/feedback?merchant=demoph01&open=true', { token: op });
    expect(stillOpen.body.value!.some((f) => f.id === sent.body.value!.id)).toBe(false);
    const audit = await app.db.orm.select().from(auditLog).where(eq(auditLog.action, 'feedback.reply'));
    expect(audit.some((a) => a.targetId === String(sent.body.value!.id))).toBe(true);
  });

  it('refuses content outside the tenant’s word counts with feedback.words and the bounds', async () => {
    const { app } = server();
    const { token } = await fundedPlayer(app, 0);
    const short = await call(app, 'POST', '/wps/feedback', { token, body: { type: 'OTHER', content: 'too   short' } });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ errorCode: 'feedback.words', message: 'feedback_words', value: { field: '/content', min: 5, max: 500, words: 2 } });
    const long = await call(app, 'POST', '/wps/feedback', { token, body: { type: 'OTHER', content: Array.from({ length: 501 }, () => 'word').join(' ') } });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ errorCode: 'feedback.words', value: { min: 5, max: 500, words: 501 } });
    const spaces = await call(app, 'POST', '/wps/feedback', { token, body: { type: 'OTHER', content: '      ' } });
    expect(spaces.body).toMatchObject({ errorCode: 'feedback.words', value: { words: 0 } });
    const badType = await call(app, 'POST', '/wps/feedback', { token, body: { type: 'SPAM', content: TEN_WORDS } });
    expect(badType.status).toBe(400);
    expect(badType.body.value).toMatchObject({ field: '/type' });
    expect((await call<{ total: number }>(app, 'GET', '/wps/feedback', { token })).body.value!.total).toBe(0);
  });

  it('refuses bad images: a lying type, another format, too large, a fourth, another member’s, one already sent', async () => {
    const { app } = server();
    const { token } = await fundedPlayer(app, 0);
    const lying = await upload(app, token, JPEG, 'image/png');
    expect(lying.statusCode).toBe(400);
    expect(lying.json()).toMatchObject({ errorCode: 'image.invalid' });
    const script = await upload(app, token, Buffer.from('<script>alert(1)</script>'), 'image/png');
    expect(script.json()).toMatchObject({ errorCode: 'image.invalid' });
    const gif = await upload(app, token, Buffer.from('GIF89a0000000000'), 'image/gif');
    expect(gif.statusCode).toBe(415);
    const huge = await upload(app, token, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);

    const four = [await imageId(app, token), await imageId(app, token), await imageId(app, token), await imageId(app, token)];
    const tooMany = await call(app, 'POST', '/wps/feedback', { token, body: { type: 'GAME', content: TEN_WORDS, imageIds: four } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.value).toMatchObject({ field: '/imageIds' });

    const other = await fundedPlayer(app, 0);
    const theirs = await imageId(app, other.token);
    const stolen = await call(app, 'POST', '/wps/feedback', { token, body: { type: 'GAME', content: TEN_WORDS, imageIds: [four[0], theirs] } });
    expect(stolen.status).toBe(400);
    expect(stolen.body.value).toMatchObject({ field: '/imageIds' });
    // Nothing of the refused feedback stays: neither the feedback nor the member's image attached to it.
    expect((await call<{ total: number }>(app, 'GET', '/wps/feedback', { token })).body.value!.total).toBe(0);
    const [mineStill] = await app.db.orm.select({ ownerId: memberImages.ownerId }).from(memberImages).where(eq(memberImages.id, four[0]));
    expect(mineStill.ownerId).toBeNull();

    const ok = await call(app, 'POST', '/wps/feedback', { token, body: { type: 'GAME', content: TEN_WORDS, imageIds: [four[0]] } });
    expect(ok.status).toBe(200);
    const again = await call(app, 'POST', '/wps/feedback', { token, body: { type: 'GAME', content: TEN_WORDS, imageIds: [four[0]] } });
    expect(again.status).toBe(400);
    expect(again.body.value).toMatchObject({ field: '/imageIds' });
  });

  it('holds at most 9 unsent images per member', async () => {
    const { app } = server();
    const { token } = await fundedPlayer(app, 0);
    for (let i = 0; i < 9; i++) await imageId(app, token);
    const tenth = await upload(app, token, PNG);
    expect(tenth.statusCode).toBe(429);
    expect(tenth.json()).toMatchObject({ errorCode: 'rate.limited' });
  });

  it('keeps members, trial accounts, hosts and operators apart', async () => {
    const { app } = server();
    const { token } = await fundedPlayer(app, 0);
    const sent = await call<FeedbackItem>(app, 'POST', '/wps/feedback', { token, body: { type: 'ACCOUNT', content: TEN_WORDS } });
    expect(sent.status).toBe(200);
    // Another member does not see it.
    const other = await tokenFor(app, 'demoteam2');
    expect((await call<{ list: FeedbackItem[] }>(app, 'GET', '/wps/feedback?pageSize=100', { token: other })).body.value!.list.some((f) => f.id === sent.body.value!.id)).toBe(false);
    // The member's token on another merchant's host is no session there.
    expect((await call(app, 'GET', '/wps/feedback', { token, host: EN })).status).toBe(401);
    expect((await upload(app, token, PNG, 'image/png', EN)).statusCode).toBe(401);
    // A free-trial account cannot send feedback.
    const trial = await call<{ token: string }>(app, 'POST', '/wps/session/login/freeplay', { ip: nextIp(), body: {} });
    const trialToken = trial.body.value!.token;
    expect((await call(app, 'POST', '/wps/feedback', { token: trialToken, body: { type: 'OTHER', content: TEN_WORDS } })).body.errorCode).toBe('trial.forbidden');
    expect((await upload(app, trialToken, PNG)).json()).toMatchObject({ errorCode: 'trial.forbidden' });
    // An operator of another merchant neither sees nor answers it.
    const enOp = await operatorToken(app, ['demoen01']);
    const seen = await call<{ id: number }[]>(app, 'GET', '/ops/feedback', { token: enOp });
    expect(seen.body.value!.some((f) => f.id === sent.body.value!.id)).toBe(false);
    expect((await call(app, 'GET', '/ops/feedback?merchant=demoph01', { token: enOp })).status).toBe(403);
    const answer = await call(app, 'POST', `/ops/feedback/${sent.body.value!.id}/reply`, { token: enOp, body: { reply: 'not mine' } });
    expect(answer.status).toBe(404);
    const blank = await call(app, 'POST', `/ops/feedback/${sent.body.value!.id}/reply`, { token: await operatorToken(app), body: { reply: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.value).toMatchObject({ field: '/reply' });
    expect((await call<FeedbackItem[]>(app, 'GET', '/wps/feedback', { token })).body.value).toMatchObject({ list: [{ id: sent.body.value!.id }] });
    expect(((await call<{ list: FeedbackItem[] }>(app, 'GET', '/wps/feedback', { token })).body.value!.list[0]).reply).toBeUndefined();
  });

  it('the CLI lists open feedback and replies', async () => {
    const { app } = server();
    const { token } = await fundedPlayer(app, 0);
    const sent = await call<FeedbackItem>(app, 'POST', '/wps/feedback', { token, body: { type: 'SUGGESTION', content: TEN_WORDS } });
    const list = await runOps(app, CLI, ['feedback', 'list', '--merchant', 'demoph01', '--open', '--json']);
    expect(list.exitCode).toBe(0);
    expect((JSON.parse(list.stdout[0]) as { id: number }[]).some((f) => f.id === sent.body.value!.id)).toBe(true);
    const replied = await runOps(app, CLI, ['feedback', 'reply', String(sent.body.value!.id), '--text', 'Good idea, thanks']);
    expect(replied.exitCode, replied.stderr.join('')).toBe(0);
    expect((await call<{ list: FeedbackItem[] }>(app, 'GET', '/wps/feedback', { token })).body.value!.list[0].reply).toBe('Good idea, thanks');
    const unknown = await runOps(app, CLI, ['feedback', 'reply', '999999999', '--text', 'x']);
    expect(unknown.exitCode).toBe(1);
    expect((await runOps(app, CLI, ['feedback', 'reply', 'abc', '--text', 'x'])).exitCode).toBe(2);
  });
});
