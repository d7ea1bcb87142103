/**
 * The in-house 3-reel slot: its pay table and exact RTP, the page under the site's CSP, the
 * launch-token exchange, spins through the ledger, and 60 concurrent spins on a small balance.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { rows } from '../../../server/db/client';
import { drawSpin, outcomeOf, PAY_TABLE, payout, REELS, RTP, SYMBOLS, type SlotSymbol } from '../../../server/modules/games/services/slot';
import { call, describeBackends, expectLedgerClean, fundedPlayer, spinKey, type Envelope } from '../helpers';
import EN_TEXTS from '../../../locales/en.json';
import TY_TEXTS from '../../../locales/ty.json';

interface Spin {
  betId: number;
  reels: { stop: number; symbols: SlotSymbol[] }[];
  line: SlotSymbol[];
  multiplier: number;
  stake: number;
  win: number;
  sumBalance: number;
}

describe('slot pay table', () => {
  it('has 20 stops per reel with the stated symbol counts', () => {
    const counts = { SEVEN: 2, BAR: 3, BELL: 2, GRAPE: 4, LEMON: 5, CHERRY: 4 };
    for (const strip of REELS) {
      expect(strip).toHaveLength(20);
      expect(Object.fromEntries(SYMBOLS.map((s) => [s, strip.filter((x) => x === s).length]))).toEqual(counts);
    }
  });

  it('returns exactly 96.5% to the player over all 8,000 stop combinations', () => {
    let paid = 0;
    let hits = 0;
    let combos = 0;
    for (let a = 0; a < REELS[0].length; a++) {
      for (let b = 0; b < REELS[1].length; b++) {
        for (let c = 0; c < REELS[2].length; c++) {
          const m = outcomeOf([a, b, c]).multiplier;
          paid += m;
          combos += 1;
          if (m > 0) hits += 1;
        }
      }
    }
    expect(combos).toBe(8000);
    expect(paid).toBe(7720);
    expect(paid / combos).toBe(RTP);
    expect(RTP).toBe(0.965);
    expect(hits).toBe(1832);
  });

  it('pays the first matching rule only', () => {
    expect(payout(['SEVEN', 'SEVEN', 'SEVEN'])).toBe(100);
    expect(payout(['CHERRY', 'CHERRY', 'CHERRY'])).toBe(10);
    expect(payout(['CHERRY', 'CHERRY', 'BAR'])).toBe(5);
    expect(payout(['CHERRY', 'LEMON', 'CHERRY'])).toBe(1);
    expect(payout(['LEMON', 'CHERRY', 'CHERRY'])).toBe(0);
    expect(payout(['BAR', 'BAR', 'BELL'])).toBe(0);
    expect(PAY_TABLE.map((r) => r.multiplier)).toEqual([100, 50, 20, 15, 10, 10, 5, 1]);
  });

  it('draws every stop of every reel, within range', () => {
    const seen = REELS.map(() => new Set<number>());
    for (let i = 0; i < 2000; i++) {
      const o = drawSpin();
      o.stops.forEach((stop, r) => {
        expect(stop).toBeGreaterThanOrEqual(0);
        expect(stop).toBeLessThan(20);
        seen[r].add(stop);
      });
      expect(o.line).toEqual(o.window.map((w) => w[1]));
    }
    expect(seen.map((s) => s.size)).toEqual([20, 20, 20]);
  });
});

async function count(app: FastifyInstance, table: string): Promise<number> {
  const [{ n }] = await rows<{ n: number }>(app.db.orm, sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
  return Number(n);
}

/** Launches the in-house slot and exchanges the launch token: the page URL and the play token. */
async function openSlot(app: FastifyInstance, token: string, nodeId?: string) {
  const launch = await call<{ url: string }>(app, 'POST', '/wps/game/launch', { token, body: { vendor: 'INHOUSE', ...(nodeId ? { nodeId } : {}), returnUrl: '/m/gameList?gameType=INHOUSE' } });
  expect(launch.status, JSON.stringify(launch.body)).toBe(200);
  const url = launch.body.value!.url;
  const launchToken = new URL(url, 'http://x').searchParams.get('token')!;
  const session = await call<{ token: string; sumBalance: number; nodeId: string; gameName: string }>(app, 'POST', '/wps/game/inhouse/session', { body: { token: launchToken, lang: 'EN' } });
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  return { url, launchToken, play: session.body.value! };
}

describeBackends('in-house slot', ({ server }) => {
  it('serves its page and script under the site CSP, with a way back', async () => {
    const app = server().app;
    const { token } = await fundedPlayer(app, 10_000);
    const launch = await call<{ url: string; mode: string }>(app, 'POST', '/wps/game/launch', { token, body: { vendor: 'INHOUSE', language: 'EN', returnUrl: '/m/home?from=slot' } });
    expect(launch.body.value!.url).toMatch(/^\/wps\/game\/inhouse\/slot\?token=[A-Za-z0-9_-]{43}&lang=EN&returnUrl=%2Fm%2Fhome%3Ffrom%3Dslot$/);
    const page = await app.inject({ url: launch.body.value!.url, headers: { host: 'demo-ph.localhost' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    // Only the external script runs; the other block is JSON data, which the CSP does not execute.
    expect(scripts.map((m) => (/\bsrc=/.test(m[1]) ? 'src' : /type="application\/json"/.test(m[1]) ? 'json' : 'inline'))).toEqual(['json', 'src']);
    expect(page.body).not.toMatch(/\son[a-z]+=/i);
    expect(page.body).toContain('href="/m/home?from=slot" target="_top"');
    const src = /<script src="([^"]+)"/.exec(page.body)![1];
    const js = await app.inject({ url: src, headers: { host: 'demo-ph.localhost' } });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toContain('immutable');
    expect(js.body).toContain('/wps/game/inhouse/spin');
    const href = /<link rel="stylesheet" href="([^"]+)"/.exec(page.body)![1];
    expect((await app.inject({ url: href, headers: { host: 'demo-ph.localhost' } })).headers['content-type']).toBe('text/css; charset=utf-8');
    const ty = await app.inject({ url: launch.body.value!.url.replace('lang=EN', 'lang=TY'), headers: { host: 'demo-ph.localhost' } });
    expect(ty.body).toContain('IKOT');
    // The reality check says what the site's own overlay says, in each language.
    const titleOf = (html: string) => /<h2 id="reality-title">([^<]*)<\/h2>/.exec(html)![1];
    expect(titleOf(ty.body)).toBe((TY_TEXTS as Record<string, string>).reality_overlay_title);
    expect(titleOf(page.body)).toBe((EN_TEXTS as Record<string, string>).reality_overlay_title);
  });

  it('exchanges a launch token once, for a play token that spins that game', async () => {
    const app = server().app;
    const { token } = await fundedPlayer(app, 50_000);
    const inhouse = (await call<{ games: { nodeId: string; gameName: string }[] }>(app, 'GET', '/wps/game/list?gameType=INHOUSE&language=EN')).body.value!.games;
    const { launchToken, play } = await openSlot(app, token, inhouse[1].nodeId);
    expect(play).toMatchObject({ nodeId: inhouse[1].nodeId, gameName: inhouse[1].gameName, sumBalance: 500 });
    const again = await call(app, 'POST', '/wps/game/inhouse/session', { body: { token: launchToken } });
    expect(again.status).toBe(401);
    expect(again.body.errorCode).toBe('launch.invalid');
    expect((await call(app, 'POST', '/wps/game/inhouse/session', { body: { token: 'A'.repeat(43) } })).body.errorCode).toBe('launch.invalid');
    // A launch token of another vendor's game does not open the slot.
    const other = await call<{ url: string }>(app, 'POST', '/wps/game/launch', { token, body: { vendor: 'LOTT' } });
    const otherToken = new URL(other.body.value!.url, 'http://x').searchParams.get('token')!;
    expect((await call(app, 'POST', '/wps/game/inhouse/session', { body: { token: otherToken } })).body.errorCode).toBe('launch.invalid');

    const spin = await call<Spin>(app, 'POST', '/wps/game/inhouse/spin', { headers: spinKey(), token: play.token, body: { stake: 100 } });
    expect(spin.status, JSON.stringify(spin.body)).toBe(200);
    const [bet] = await app.repos.bets.ofMember((await app.repos.gameTokens.findPlay(play.token))!.memberId, 1);
    expect(bet).toMatchObject({ id: spin.body.value!.betId, nodeId: Number(inhouse[1].nodeId), vassalage: 'INHOUSE', stake: 100 });
    // The play token is no member session.
    expect((await call(app, 'GET', '/wps/member/wallet', { token: play.token })).status).toBe(401);
    await expectLedgerClean(app);
  });

  it('debits the stake and credits the win in one transaction, with a bet record', async () => {
    const app = server().app;
    const { token, memberId, walletId } = await fundedPlayer(app, 100_000);
    const { play } = await openSlot(app, token);
    let balance = 100_000;
    for (let i = 0; i < 30; i++) {
      const res = await call<Spin>(app, 'POST', '/wps/game/inhouse/spin', { headers: spinKey(), token: play.token, body: { stake: 250 } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const v = res.body.value!;
      expect(v.reels).toHaveLength(3);
      expect(v.line).toEqual(v.reels.map((r) => r.symbols[1]));
      expect(v.reels.map((r) => r.symbols)).toEqual(outcomeOf(v.reels.map((r) => r.stop)).window);
      expect(v.multiplier).toBe(payout(v.line));
      expect(v.stake).toBe(2.5);
      expect(v.win).toBe(2.5 * v.multiplier);
      balance += -250 + 250 * v.multiplier;
      expect(v.sumBalance).toBe(balance / 100);
    }
    const wallet = (await app.repos.ledger.walletOf(memberId))!;
    expect(wallet.balance).toBe(balance);
    const bets = await app.repos.bets.ofMember(memberId, 100);
    expect(bets).toHaveLength(30);
    expect(bets.reduce((n, b) => n + b.win - b.stake, 0)).toBe(balance - 100_000);
    for (const b of bets) expect(b.outcome).toMatchObject({ multiplier: b.win / b.stake });
    const [{ sum }] = await rows<{ sum: string }>(app.db.orm, sql`SELECT coalesce(sum(amount), 0)::bigint AS sum FROM ledger_entries WHERE account_id = ${walletId}`);
    expect(Number(sum)).toBe(balance);
    const wins = bets.filter((b) => b.win > 0).length;
    const [{ n }] = await rows<{ n: number }>(
      app.db.orm,
      sql`SELECT count(*)::int AS n FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id WHERE e.account_id = ${walletId} AND t.kind IN ('BET', 'PAYOUT')`,
    );
    expect(Number(n)).toBe(30 + wins);
    // A member session token plays too (the first in-house game by default).
    const direct = await call<Spin>(app, 'POST', '/wps/game/inhouse/spin', { headers: spinKey(), token, body: { stake: 10 } });
    expect(direct.status).toBe(200);
    await expectLedgerClean(app);
  });

  it('refuses a stake above the balance with balance.insufficient and writes nothing', async () => {
    const app = server().app;
    const { token, memberId } = await fundedPlayer(app, 500);
    const before = await Promise.all(['bets', 'ledger_transactions', 'ledger_entries'].map((t) => count(app, t)));
    const res = await call(app, 'POST', '/wps/game/inhouse/spin', { headers: spinKey(), token, body: { stake: 501 } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, errorCode: 'balance.insufficient', message: 'err_balance_insufficient' });
    expect(await Promise.all(['bets', 'ledger_transactions', 'ledger_entries'].map((t) => count(app, t)))).toEqual(before);
    expect((await app.repos.ledger.walletOf(memberId))!.balance).toBe(500);
    const { token: broke } = await fundedPlayer(app, 0);
    expect((await call(app, 'POST', '/wps/game/inhouse/spin', { headers: spinKey(), token: broke, body: { stake: 10 } })).body.errorCode).toBe('balance.insufficient');
    await expectLedgerClean(app);
  });

  it('refuses bad stakes, visitors, ended sessions and non in-house games', async () => {
    const app = server().app;
    const { token } = await fundedPlayer(app, 10_000);
    const spin = (body: unknown, t: string | undefined = token) => call(app, 'POST', '/wps/game/inhouse/spin', { headers: spinKey(), token: t, body });
    const field = async (body: unknown, name: string) => {
      const res = await spin(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as Envelope<{ field: string }>).value!.field).toBe(name);
    };
    await field({}, '/stake');
    await field({ stake: 9 }, '/stake');
    await field({ stake: 100_001 }, '/stake');
    await field({ stake: 1.5 }, '/stake');
    await field({ stake: '100' }, '/stake');
    await field({ stake: 100, bet: 1 }, '/bet');
    await field({ stake: 100, nodeId: 'x' }, '/nodeId');
    expect((await spin({ stake: 100 }, '')).body.errorCode).toBe('session.required');
    expect((await spin({ stake: 100 }, 'not-a-token')).body.errorCode).toBe('session.invalid');
    expect((await spin({ stake: 100, nodeId: '10001' })).status).toBe(404);
    // A logout ends the game's play token with the session.
    const { play } = await openSlot(app, token);
    expect((await spin({ stake: 10 }, play.token)).status).toBe(200);
    await call(app, 'DELETE', '/wps/session', { token });
    const ended = await spin({ stake: 10 }, play.token);
    expect(ended.status).toBe(401);
    expect(ended.body.errorCode).toBe('session.invalid');
    await expectLedgerClean(app);
  });

  it('lets free-play (trial) accounts spin with play money, off the winners board', async () => {
    const app = server().app;
    const { token, memberId } = await fundedPlayer(app, 5_000, 4);
    const res = await call<Spin>(app, 'POST', '/wps/game/inhouse/spin', { headers: spinKey(), token, body: { stake: 100 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [bet] = await app.repos.bets.ofMember(memberId, 1);
    expect(bet.merchantCode).toBe('demophtry');
    await expectLedgerClean(app);
  });

  // 60 spins at once on a balance of three stakes: far more than the balance covers, half by the
  // member's session and half by the game's play token.
  it('never overdraws under 60 concurrent spins on a small balance; the balance equals its ledger rows', async () => {
    const app = server().app;
    const stake = 100;
    const start = 300;
    const { token, memberId, walletId } = await fundedPlayer(app, start);
    const { play } = await openSlot(app, token);
    const betsBefore = await count(app, 'bets');
    const SPINS = 60;
    const results = await Promise.all(
      Array.from({ length: SPINS }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/wps/game/inhouse/spin',
          headers: { host: 'demo-ph.localhost', authorization: `Bearer ${i % 2 ? play.token : token}`, 'content-type': 'application/json', ...spinKey() },
          payload: JSON.stringify({ stake }),
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200).map((r) => (r.json() as Envelope<Spin>).value!);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok.length + refused.length).toBe(SPINS);
    for (const r of refused) expect(r.json()).toMatchObject({ errorCode: 'balance.insufficient' });
    for (const v of ok) expect(v.sumBalance).toBeGreaterThanOrEqual(0);

    const wallet = (await app.repos.ledger.walletOf(memberId))!;
    expect(wallet.balance).toBeGreaterThanOrEqual(0);
    expect(wallet.balance).toBe(start + ok.reduce((n, v) => n + Math.round((v.win - v.stake) * 100), 0));
    const [ledger] = await rows<{ sum: string; min: string | null; n: number }>(
      app.db.orm,
      sql`SELECT coalesce(sum(amount), 0)::bigint AS sum, min(balance_after)::bigint AS min, count(*)::int AS n FROM ledger_entries WHERE account_id = ${walletId}`,
    );
    expect(Number(ledger.sum)).toBe(wallet.balance);
    expect(Number(ledger.min)).toBeGreaterThanOrEqual(0);
    expect(Number(ledger.n)).toBe(1 + ok.length + ok.filter((v) => v.win > 0).length);
    expect((await count(app, 'bets')) - betsBefore).toBe(ok.length);
    // Spins serialise on the wallet: once one is refused, the balance stays below the stake.
    if (refused.length > 0) expect(wallet.balance).toBeLessThan(stake);
    // Every posting balanced.
    const unbalanced = await rows(app.db.orm, sql`SELECT transaction_id FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0`);
    expect(unbalanced).toEqual([]);
    await expectLedgerClean(app);
  });
});
