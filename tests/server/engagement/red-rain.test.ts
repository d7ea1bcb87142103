/**
 * Red-envelope rain (server/modules/engagement/services/red-rain.ts): racing taps never pay out more than a window's
 * budget, a catch is idempotent per envelope, nothing is caught outside a window or past the
 * member's cap, another tenant's window is not found, and an agent sees the team's catches only.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { rows } from '../../../server/db/client';
import { runOps } from '../../../server/ops/runner';
import { drawAmount, scheduleRain, type ScheduleInput } from '../../../server/modules/engagement/services/red-rain';
import { call, describeBackends, EN, expectLedgerClean, fundedPlayer, spinKey, uniqueDigits } from '../helpers';

const CLI = { operatorId: null, actor: 'cli:test', merchantCodes: null };

interface Caught {
  id: number;
  windowId: number;
  amount: number;
  balance: number;
  caughtCount: number;
}

async function windowOf(app: FastifyInstance, input: Partial<ScheduleInput> & { budget: number }) {
  return scheduleRain(app, CLI, { merchant: 'demoph01', minutes: 10, ...input });
}

const tap = (app: FastifyInstance, token: string, windowId: number, headers = spinKey(), host?: string) =>
  call<Caught>(app, 'POST', `/wps/redRain/${windowId}/catch`, { token, headers, body: {}, host });

async function paidOf(app: FastifyInstance, windowId: number) {
  const [r] = await rows<{ paid: string | number; sum: string | number; n: string | number; credited: string | number }>(
    app.db.orm,
    sql`SELECT w.paid, (SELECT coalesce(sum(amount), 0) FROM rain_catches WHERE window_id = w.id) AS sum,
          (SELECT count(*) FROM rain_catches WHERE window_id = w.id) AS n,
          (SELECT coalesce(sum(e.amount), 0) FROM rain_catches c JOIN ledger_entries e ON e.transaction_id = c.transaction_id AND e.amount > 0
             WHERE c.window_id = w.id) AS credited
        FROM rain_windows w WHERE w.id = ${windowId}`,
  );
  return { paid: Number(r.paid), sum: Number(r.sum), count: Number(r.n), credited: Number(r.credited) };
}

describe('drawAmount', () => {
  it('draws within the bounds and never above what is left', () => {
    const w = { minAmount: 10, maxAmount: 100 };
    expect(drawAmount(w, 1_000, (min, max) => max - 1)).toBe(100);
    expect(drawAmount(w, 1_000, (min) => min)).toBe(10);
    expect(drawAmount(w, 40, (min, max) => max - 1)).toBe(40);
    expect(drawAmount(w, 7, () => 99)).toBe(7);
  });
});

describeBackends('red-envelope rain', ({ server }) => {
  it('50 racing taps in one window never pay out more than the budget', async () => {
    const { app } = server();
    // Draws of 0.10 to 1.00 from 10.00: about 18 taps use it up, the other 30 or so race for nothing left.
    const w = await windowOf(app, { budget: 1_000, minAmount: 10, maxAmount: 100, maxPerMember: 50 });
    const players = await Promise.all(Array.from({ length: 10 }, () => fundedPlayer(app, 0)));
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => tap(app, players[i % players.length].token, w.id)));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(new Set(refused.map((r) => r.body.errorCode))).toEqual(new Set(['redRain.exhausted']));
    const caught = ok.reduce((s, r) => s + Math.round(r.body.value!.amount * 100), 0);
    const totals = await paidOf(app, w.id);
    expect(caught).toBe(totals.sum);
    expect(totals).toEqual({ paid: totals.sum, sum: totals.sum, count: ok.length, credited: totals.sum });
    expect(totals.sum).toBeLessThanOrEqual(1_000);
    // The draws were not all the floor: the budget is used up, to the last cent.
    expect(totals.sum).toBe(1_000);
    for (const [n, p] of players.entries()) {
      const mine = results.filter((r, i) => i % players.length === n && r.status === 200);
      const wallet = await app.repos.ledger.walletOf(p.memberId);
      expect(wallet!.balance).toBe(mine.reduce((s, r) => s + Math.round(r.body.value!.amount * 100), 0));
    }
    await expectLedgerClean(app);
  }, 120_000);

  it('is idempotent per envelope: a replayed tap answers the first catch and pays once', async () => {
    const { app } = server();
    const w = await windowOf(app, { budget: 5_000 });
    const p = await fundedPlayer(app, 0);
    const key = spinKey();
    const [a, b] = await Promise.all([tap(app, p.token, w.id, key), tap(app, p.token, w.id, key)]);
    const c = await tap(app, p.token, w.id, key);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(b.body.value).toEqual(a.body.value);
    expect(c.body.value).toEqual(a.body.value);
    expect((await paidOf(app, w.id)).count).toBe(1);
    expect((await app.repos.ledger.walletOf(p.memberId))!.balance).toBe(Math.round(a.body.value!.amount * 100));
    // The same key on another window is another request: refused, not replayed.
    const other = await windowOf(app, { budget: 5_000 });
    expect((await tap(app, p.token, other.id, key)).body.errorCode).toBe('idempotency.key.reused');
    await expectLedgerClean(app);
  });

  it('catches nothing before a window opens or after it closed', async () => {
    const { app } = server();
    const p = await fundedPlayer(app, 0);
    const later = await windowOf(app, { budget: 5_000, start: new Date(Date.now() + 3_600_000) });
    const over = await windowOf(app, { budget: 5_000, start: new Date(Date.now() - 3_600_000), minutes: 5 });
    for (const w of [later, over]) {
      const { status, body } = await tap(app, p.token, w.id);
      expect(status).toBe(409);
      expect(body).toMatchObject({ errorCode: 'redRain.closed', message: 'err_red_rain_closed' });
    }
    expect((await app.repos.ledger.walletOf(p.memberId))!.balance).toBe(0);
  });

  it("stops a member at the window's cap, while others still catch", async () => {
    const { app } = server();
    const w = await windowOf(app, { budget: 100_000, maxPerMember: 2 });
    const p = await fundedPlayer(app, 0);
    const first = await Promise.all([tap(app, p.token, w.id), tap(app, p.token, w.id), tap(app, p.token, w.id), tap(app, p.token, w.id)]);
    expect(first.map((r) => r.status).sort()).toEqual([200, 200, 409, 409]);
    expect(first.filter((r) => r.status === 409).every((r) => r.body.errorCode === 'redRain.limit')).toBe(true);
    const q = await fundedPlayer(app, 0);
    expect((await tap(app, q.token, w.id)).status).toBe(200);
    await expectLedgerClean(app);
  });

  it("a window of another tenant is not found; a free-trial member may not catch; forged ids are 400", async () => {
    const { app } = server();
    const w = await windowOf(app, { budget: 5_000 });
    const en = await scheduleRain(app, CLI, { merchant: 'demoen01', minutes: 10, budget: 5_000 });
    const p = await fundedPlayer(app, 0);
    expect((await tap(app, p.token, en.id)).body.errorCode).toBe('redRain.not.found');
    expect((await tap(app, p.token, 999_999_999)).status).toBe(404);
    expect((await tap(app, p.token, w.id, spinKey(), EN)).status).toBe(401);
    const trial = await fundedPlayer(app, 0, 4);
    expect((await tap(app, trial.token, w.id)).body.errorCode).toBe('trial.forbidden');
    const forged = await call(app, 'POST', '/wps/redRain/abc/catch', { token: p.token, headers: spinKey(), body: {} });
    expect(forged.status).toBe(400);
    const noKey = await call(app, 'POST', `/wps/redRain/${w.id}/catch`, { token: p.token, body: {} });
    expect(noKey.status).toBe(400);
    expect(JSON.stringify(noKey.body)).toContain('idempotency-key');
  });

  it('tells the member the open window and the next one', async () => {
    const { app } = server();
    const p = await fundedPlayer(app, 0);
    const w = await windowOf(app, { budget: 5_000, minutes: 30 });
    await tap(app, p.token, w.id);
    const { body } = await call<{ current: { id: number } | null; next: { startsAt: string } | null; caughtCount: number; now: string }>(app, 'GET', '/wps/redRain', { token: p.token });
    expect(body.value!.current).not.toBeNull();
    // Other tests' windows may be open too: the state names one of them and counts this member's catches in it.
    if (body.value!.current!.id === w.id) expect(body.value!.caughtCount).toBe(1);
    expect(Date.parse(body.value!.now)).toBeGreaterThan(0);
  });

  it("shows an agent its team's catches, and nobody else's; a player may not look", async () => {
    const { app } = server();
    const w = await windowOf(app, { budget: 50_000 });
    const agent = await app.db.orm.transaction(async (tx) => {
      const a = await app.repos.members.create(tx, { merchantCode: 'demoph01', username: `ra${uniqueDigits(9)}`, type: 1, registerMethod: 'H5' });
      const { token } = await app.repos.sessions.create(tx, { memberId: a.id, merchantCode: 'demoph01', ip: '127.0.0.1', firstLogin: false });
      return { id: a.id, token };
    });
    const mine = await fundedPlayer(app, 0);
    await app.db.orm.execute(sql`UPDATE members SET upline_id = ${agent.id} WHERE id = ${mine.memberId}`);
    const stranger = await fundedPlayer(app, 0);
    const caught = await tap(app, mine.token, w.id);
    await tap(app, stranger.token, w.id);
    const { status, body } = await call<{ total: number; count: number; list: { userName: string; amount: number }[] }>(app, 'GET', '/wps/redRain/team', { token: agent.token });
    expect(status).toBe(200);
    expect(body.value).toMatchObject({ total: caught.body.value!.amount, count: 1 });
    expect(body.value!.list).toHaveLength(1);
    const refused = await call(app, 'GET', '/wps/redRain/team', { token: mine.token });
    expect(refused.body.errorCode).toBe('agent.required');
  });

  it('ops rain schedule and rain list: usage errors exit 2, refusals 1, a schedule prints its window', async () => {
    const { app } = server();
    expect((await runOps(app, CLI, ['rain', 'schedule', 'demoph01', '--minutes', '5'])).exitCode).toBe(2);
    expect((await runOps(app, CLI, ['rain', 'schedule', 'demoph01', '--minutes', '5', '--budget', '1.001'])).exitCode).toBe(2);
    expect((await runOps(app, CLI, ['rain', 'schedule', 'demoph01', '--minutes', '0', '--budget', '10'])).exitCode).toBe(2);
    expect((await runOps(app, CLI, ['rain', 'schedule', 'demoph01', '--minutes', '5', '--budget', '10', '--start', 'tomorrow'])).exitCode).toBe(2);
    const refused = await runOps(app, CLI, ['rain', 'schedule', 'demoph01', '--minutes', '5', '--budget', '10', '--min', '20']);
    expect(refused.exitCode).toBe(1);
    const start = new Date(Date.now() + 7_200_000).toISOString();
    const ok = await runOps(app, CLI, ['rain', 'schedule', 'demoph01', '--start', start, '--minutes', '10', '--budget', '25', '--max-per-member', '3', '--json']);
    expect(ok.exitCode).toBe(0);
    const w = JSON.parse(ok.stdout.join('\n')) as { id: number; budget: number; startsAt: string; maxPerMember: number };
    expect(w).toMatchObject({ budget: 25, startsAt: start, maxPerMember: 3 });
    const list = await runOps(app, CLI, ['rain', 'list', 'demoph01', '--json']);
    expect((JSON.parse(list.stdout.join('\n')) as { list: { id: number }[] }).list.map((x) => x.id)).toContain(w.id);
  });

  it('refuses a schedule that breaks a rule, and audits one that keeps them', async () => {
    const { app } = server();
    await expect(windowOf(app, { budget: 1_000, minAmount: 500, maxAmount: 100 })).rejects.toThrow(/maxAmount/);
    await expect(windowOf(app, { budget: 1_000, minAmount: 2_000 })).rejects.toThrow(/minAmount/);
    await expect(scheduleRain(app, CLI, { merchant: 'nosuch', minutes: 5, budget: 100 })).rejects.toThrow(/no merchant/);
    await expect(scheduleRain(app, { ...CLI, merchantCodes: ['demoen01'] }, { merchant: 'demoph01', minutes: 5, budget: 100 })).rejects.toThrow();
    const w = await windowOf(app, { budget: 1_000 });
    expect(w).toMatchObject({ budget: 10, paid: 0, minAmount: 0.1, maxAmount: 0.5, maxPerMember: 20, catches: 0 });
    const [audit] = await rows<{ action: string }>(app.db.orm, sql`SELECT action FROM audit_log WHERE target_type = 'rain_window' AND target_id = ${String(w.id)}`);
    expect(audit.action).toBe('redRain.schedule');
  });
});
