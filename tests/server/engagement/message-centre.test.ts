/**
 * The message centre: a member marks all read and deletes a message; an operator sends to one
 * member, an agent's team or every member (over /ops and with the CLI verb), with its audit row;
 * and the attacks: another member's message id, another tenant's host, an operator of another
 * merchant, a bad audience.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { auditLog } from '../../../server/db/schema';
import { addOperator } from '../../../server/ops/operators';
import { runOps } from '../../../server/ops/runner';
import type { OpsActor } from '../../../server/ops/types';
import { call, describeBackends, EN, fundedPlayer, nextIp, tokenFor } from '../helpers';

const CLI: OpsActor = { operatorId: null, actor: 'cli:test', merchantCodes: null };
const PASSWORD = 'inbox operator password';
let seq = 0;

interface Page {
  list: { id: number; title: string; content: string; read: boolean }[];
  total: number;
  unreadCount: number;
}

async function operatorToken(app: FastifyInstance, merchants: string[] | null = null): Promise<string> {
  const username = `inbox${process.pid}x${++seq}`;
  await addOperator(app, CLI, { username, password: PASSWORD, merchantCodes: merchants, totp: false });
  const res = await call<{ token: string }>(app, 'POST', '/ops/session', { ip: nextIp(), body: { username, password: PASSWORD } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!.token;
}

const inbox = async (app: FastifyInstance, token: string, host?: string) =>
  (await call<Page>(app, 'GET', '/wps/member/messages?pageSize=100', { token, ...(host ? { host } : {}) })).body.value!;

describeBackends('message centre', ({ server }) => {
  it('marks every message read at once and deletes one, which then is gone', async () => {
    const { app } = server();
    const { token } = await fundedPlayer(app, 0);
    const op = await operatorToken(app);
    for (const title of ['one', 'two', 'three']) {
      const sent = await call(app, 'POST', '/ops/messages', { token: op, body: { merchant: 'demoph01', to: 'member', username: (await call<{ account: string }>(app, 'GET', '/wps/member/info', { token })).body.value!.account, title, content: `${title} body` } });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }
    expect((await call<number>(app, 'GET', '/wps/member/unreadCount', { token })).body.value).toBe(3);

    const all = await call<number>(app, 'POST', '/wps/member/messages/readAll', { token });
    expect(all.body).toEqual({ success: true, value: 3 });
    expect((await call<number>(app, 'GET', '/wps/member/unreadCount', { token })).body.value).toBe(0);
    expect((await call<number>(app, 'POST', '/wps/member/messages/readAll', { token })).body.value).toBe(0);

    const before = await inbox(app, token);
    expect(before.list.map((m) => m.title)).toEqual(['three', 'two', 'one']);
    const del = await call(app, 'DELETE', `/wps/member/messages/${before.list[1].id}`, { token });
    expect(del.body).toEqual({ success: true, value: true });
    const after = await inbox(app, token);
    expect(after.list.map((m) => m.title)).toEqual(['three', 'one']);
    expect(after.total).toBe(2);
    const again = await call(app, 'DELETE', `/wps/member/messages/${before.list[1].id}`, { token });
    expect(again.status).toBe(404);
    expect(again.body.errorCode).toBe('not.found');
  });

  it('refuses another member’s message id, another tenant’s host and bad ids, and changes nothing', async () => {
    const { app } = server();
    const agent = await tokenFor(app, 'demoagent');
    const victim = await inbox(app, agent);
    const id = victim.list[0].id;
    const other = await tokenFor(app, 'demoteam3');
    const del = await call(app, 'DELETE', `/wps/member/messages/${id}`, { token: other });
    expect(del.status).toBe(404);
    expect(del.body.errorCode).toBe('not.found');
    // The same agent's token on another merchant's host is no session there.
    const crossHost = await call(app, 'DELETE', `/wps/member/messages/${id}`, { token: agent, host: EN });
    expect(crossHost.status).toBe(401);
    const crossRead = await call(app, 'POST', '/wps/member/messages/readAll', { token: agent, host: EN });
    expect(crossRead.status).toBe(401);
    // demo-en's own demoagent is another member: demo-ph's message is not found for it.
    const enAgent = await tokenFor(app, 'demoagent', undefined, { host: EN });
    const enDel = await call(app, 'DELETE', `/wps/member/messages/${id}`, { token: enAgent, host: EN });
    expect(enDel.status).toBe(404);
    expect((await inbox(app, agent)).list.map((m) => m.id)).toEqual(victim.list.map((m) => m.id));
    expect((await inbox(app, agent)).unreadCount).toBe(victim.unreadCount);

    const badId = await call(app, 'DELETE', '/wps/member/messages/abc', { token: agent });
    expect(badId.status).toBe(400);
    expect(badId.body.value).toMatchObject({ field: '/id' });
    const badBody = await call(app, 'POST', '/wps/member/messages/readAll', { token: agent, body: { memberId: 1 } });
    expect(badBody.status).toBe(400);
    expect(badBody.body.value).toMatchObject({ field: '/memberId' });
    const visitor = await call(app, 'POST', '/wps/member/messages/readAll', {});
    expect(visitor.status).toBe(401);
  });

  it('an operator writes to a team and to everyone; trial accounts and other merchants receive nothing; each send is audited', async () => {
    const { app } = server();
    const op = await operatorToken(app);
    const teamMember = await tokenFor(app, 'demoteam1');
    const player = await tokenFor(app, 'demoplayer');
    const enAgent = await tokenFor(app, 'demoagent', undefined, { host: EN });
    const counts = async () => ({
      team: (await inbox(app, teamMember)).total,
      player: (await inbox(app, player)).total,
      en: (await inbox(app, enAgent, EN)).total,
    });
    const start = await counts();

    const team = await call<{ sent: number; username: string }>(app, 'POST', '/ops/messages', { token: op, body: { merchant: 'demoph01', to: 'team', username: 'DemoAgent', title: 'Team news', content: 'For the team' } });
    expect(team.status, JSON.stringify(team.body)).toBe(200);
    expect(team.body.value).toMatchObject({ merchant: 'demoph01', to: 'team', username: 'demoagent' });
    expect(team.body.value!.sent).toBeGreaterThanOrEqual(3);
    const afterTeam = await counts();
    expect(afterTeam.team).toBe(start.team + 1);
    expect((await inbox(app, teamMember)).list[0]).toMatchObject({ title: 'Team news', content: 'For the team', read: false });
    expect(afterTeam.en).toBe(start.en);

    const all = await call<{ sent: number }>(app, 'POST', '/ops/messages', { token: op, body: { merchant: 'demoph01', to: 'all', title: 'Maintenance', content: 'Sunday 02:00' } });
    expect(all.status).toBe(200);
    expect(all.body.value!.sent).toBeGreaterThan(team.body.value!.sent);
    const afterAll = await counts();
    expect(afterAll.team).toBe(afterTeam.team + 1);
    expect(afterAll.player).toBe(afterTeam.player + 1);
    expect(afterAll.en).toBe(start.en);

    // A free-trial account is no audience, neither alone nor in "all".
    const trial = await call<{ token: string; username?: string; account?: string }>(app, 'POST', '/wps/session/login/freeplay', { ip: nextIp(), body: {} });
    const trialToken = trial.body.value!.token;
    const trialName = (await call<{ account: string }>(app, 'GET', '/wps/member/info', { token: trialToken })).body.value!.account;
    await call(app, 'POST', '/ops/messages', { token: op, body: { merchant: 'demoph01', to: 'all', title: 'Again', content: 'All of you' } });
    expect((await inbox(app, trialToken)).total).toBe(0);
    const toTrial = await call(app, 'POST', '/ops/messages', { token: op, body: { merchant: 'demoph01', to: 'member', username: trialName, title: 'Hi', content: 'Hello' } });
    expect(toTrial.status).toBe(404);

    const audit = await app.db.orm.select().from(auditLog).where(and(eq(auditLog.action, 'message.send'), eq(auditLog.merchantCode, 'demoph01')));
    expect(audit.length).toBeGreaterThanOrEqual(3);
    expect(audit.some((a) => a.targetType === 'merchant' && (a.after as { recipients: number }).recipients === all.body.value!.sent)).toBe(true);
  });

  it('refuses a bad audience, an unknown member, an operator of another merchant and no operator at all', async () => {
    const { app } = server();
    const op = await operatorToken(app);
    const send = (body: Record<string, unknown>, token: string | undefined = op) => call(app, 'POST', '/ops/messages', { token, body });
    const base = { merchant: 'demoph01', title: 'T', content: 'C' };

    const noName = await send({ ...base, to: 'member' });
    expect(noName.status).toBe(400);
    expect(noName.body.value).toMatchObject({ field: '/username' });
    const nameWithAll = await send({ ...base, to: 'all', username: 'demoplayer' });
    expect(nameWithAll.status).toBe(400);
    expect(nameWithAll.body.value).toMatchObject({ field: '/username' });
    const badTo = await send({ ...base, to: 'everyone' });
    expect(badTo.status).toBe(400);
    expect(badTo.body.value).toMatchObject({ field: '/to' });
    const spaces = await send({ ...base, to: 'member', username: 'demoplayer', title: '   ' });
    expect(spaces.status).toBe(400);
    expect(spaces.body.value).toMatchObject({ field: '/title' });
    const unknown = await send({ ...base, to: 'member', username: 'nobody-here' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errorCode).toBe('not.found');

    const enOnly = await operatorToken(app, ['demoen01']);
    const forbidden = await send({ ...base, to: 'all' }, enOnly);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.errorCode).toBe('ops.merchant.forbidden');
    const anonymous = await call(app, 'POST', '/ops/messages', { body: { ...base, to: 'all' } });
    expect(anonymous.status).toBe(401);
  });

  it('the CLI verb sends to one member and names bad usage', async () => {
    const { app } = server();
    const player = await tokenFor(app, 'demoplayer');
    const before = (await inbox(app, player)).unreadCount;
    const ok = await runOps(app, CLI, ['messages', 'send', 'demoph01', '--member', 'demoplayer', '--title', 'From the CLI', '--content', 'Hello there']);
    expect(ok.exitCode, ok.stderr.join('\n')).toBe(0);
    expect(ok.stdout).toEqual(['sent to demoph01/demoplayer: 1 member']);
    expect((await inbox(app, player)).unreadCount).toBe(before + 1);
    const both = await runOps(app, CLI, ['messages', 'send', 'demoph01', '--all', '--member', 'demoplayer', '--title', 'x', '--content', 'y']);
    expect(both.exitCode).toBe(2);
    const unknown = await runOps(app, CLI, ['messages', 'send', 'demoph01', '--team', 'nobody-here', '--title', 'x', '--content', 'y']);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr.join('')).toContain('not.found');
  });
});
