/**
 * RefGames against a signed test wallet (tests/refgames/wallet-double.ts), each its own server on
 * its own port: the launch, the slot's bet and win, the lotteries' draws on an injected clock,
 * settlement and void, and what RefGames does when the wallet's answer never arrives or does not
 * verify (the same uuids again, then a rollback; owed calls kept across a restart).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildRefGames, type RefGamesOptions } from '../../reference/refgames/app';
import { GameStore } from '../../reference/refgames/store';
import { startWalletDouble, type WalletDouble } from './wallet-double';

const ADMIN = 'admin-token-for-the-tests';
const LOBBY = 'http://demo-ph.localhost:8080/m/lobby';
let wallet: WalletDouble;
let clock: number;
/** What the random source answers next (then 0). */
let draws: number[];
const running: FastifyInstance[] = [];
const dirs: string[] = [];

async function start(extra: Partial<RefGamesOptions> = {}) {
  const app = await buildRefGames({
    walletUrl: wallet.url,
    signing: wallet.vendorSigning,
    now: () => clock,
    random: () => draws.shift() ?? 0,
    tickMs: 0,
    sleep: async () => {},
    adminToken: ADMIN,
    ...extra,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  running.push(app);
  return { app, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

/** Launches a game; answers the response and the session id it redirects to. */
async function launch(url: string, params: Record<string, string>) {
  const res = await fetch(`${url}/launch?${new URLSearchParams({ lang: 'EN', lobby: LOBBY, ...params })}`, { redirect: 'manual' });
  const location = res.headers.get('location');
  return { res, session: location ? location.replace('/play/', '') : null };
}

async function post(url: string, path: string, body: unknown) {
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const bets = () => wallet.received.filter((r) => r.endpoint === 'transaction/bet').map((r) => r.body);
const calls = (endpoint: string) => wallet.received.filter((r) => r.endpoint === endpoint).map((r) => r.body);

beforeAll(async () => {
  wallet = await startWalletDouble();
});
beforeEach(() => {
  clock = Date.parse('2026-11-29T11:03:10Z');
  draws = [];
  wallet.received.length = 0;
  for (const key of Object.keys(wallet.faults)) delete wallet.faults[key as keyof typeof wallet.faults];
});
afterEach(async () => {
  for (const app of running.splice(0)) await app.close();
});
afterAll(async () => {
  await wallet.app.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('RefGames launch', () => {
  it('opens the wallet session with the one-time token and shows the slot; the spent link is refused honestly', async () => {
    const { url } = await start();
    expect((await fetch(`${url}/health`)).status).toBe(200);
    const token = wallet.launchToken('member-launch', 25_000);
    const { res, session } = await launch(url, { token, game: 'LUCKYREEL-001', vendor: 'LUCKYREEL' });
    expect(res.status).toBe(303);
    expect(calls('session/open')).toEqual([expect.objectContaining({ token })]);
    const page = await fetch(`${url}/play/${session}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    // Only the platform's site it was launched from may frame the game (its frame route).
    expect(page.headers.get('content-security-policy')).toMatch(/; frame-ancestors http:\/\/demo-ph\.localhost:8080$/);
    expect(page.headers.get('x-frame-options')).toBeNull();
    const text = await page.text();
    expect(text).toContain('Tiki Fortune');
    expect(text).toContain('PHP 250.00');
    const state = (await (await fetch(`${url}/play/${session}/state?refresh=1`)).json()) as { balance: number; mode: string };
    expect(state).toMatchObject({ balance: 25_000, mode: 'real' });

    const again = await launch(url, { token, game: 'LUCKYREEL-001', vendor: 'LUCKYREEL', lang: 'TY' });
    expect(again.res.status).toBe(403);
    const refused = await again.res.text();
    expect(refused).toContain('Tinanggihan ang link ng larong ito');
    expect(refused).toContain(`href="${LOBBY}"`);
  });

  it('shows the lotteries for lottery vendors, the electronic one first for play type ent', async () => {
    const { url } = await start();
    const { session } = await launch(url, { token: wallet.launchToken('member-lotto'), game: 'golden-draw', vendor: 'TCG_SEA', playType: 'ent', prize_mode: 'ZY', code: 'golden-draw' });
    const text = await (await fetch(`${url}/play/${session}`)).text();
    expect(text).toContain('data-lottery="ELOTT" aria-pressed="true"');
    expect(text).toContain('90x');
    expect(text).toContain('1.95x');
  });

  it('answers an honest page, without calling the wallet, for a category it has no game for or an unknown vendor', async () => {
    const { url } = await start();
    const fish = await launch(url, { token: 'unused', game: 'REEFHUNT-001', vendor: 'REEFHUNT', lang: 'TY' });
    expect(fish.res.status).toBe(200);
    expect(await fish.res.text()).toContain('para sa mga larong pangingisda');
    const cock = await launch(url, { token: 'unused', game: 'DS88-001', vendor: 'DS88' });
    expect(await cock.res.text()).toContain('no demo game for cockfight games');
    const unknown = await launch(url, { token: 'unused', game: 'X-1', vendor: 'NOSUCH' });
    expect(unknown.res.status).toBe(404);
    expect(wallet.received).toEqual([]);
  });

  it('escapes what the link carries and links only to an http(s) lobby', async () => {
    const { url } = await start();
    const hostile = await launch(url, { token: 'unused', game: 'TF-001', vendor: 'TF', lobby: 'http://x.localhost/?a="><script>alert(1)</script>' });
    const text = await hostile.res.text();
    expect(text).not.toContain('<script>alert(1)');
    expect(text).toContain('%22%3E%3Cscript%3E');
    const script = await launch(url, { token: 'unused', game: 'TF-001', vendor: 'TF', lobby: 'javascript:alert(1)' });
    expect(await script.res.text()).not.toContain('javascript:');
    expect(script.res.headers.get('content-security-policy')).toMatch(/; frame-ancestors 'none'$/);
    // A lobby host that would add a directive to the policy lets nobody frame the page.
    const directive = await launch(url, { token: 'unused', game: 'TF-001', vendor: 'TF', lobby: 'http://x;script-src*/' });
    expect(directive.res.headers.get('content-security-policy')).toMatch(/; frame-ancestors 'none'$/);
    const badGame = await launch(url, { token: 'x', game: '<b>', vendor: 'LUCKYREEL' });
    expect(badGame.res.status).toBe(400);
  });

  it('plays fun mode with its own play money and never calls the wallet', async () => {
    const { url } = await start({ funBalance: 1_000 });
    const { session } = await launch(url, { mode: 'fun', game: 'NEONSPIN-003', vendor: 'NEONSPIN' });
    draws = [10, 5, 12];
    const spin = await post(url, `/play/${session}/spin`, { stake: 50 });
    expect(spin.body).toMatchObject({ result: 'ok', win: 2_000, balance: 1_000 - 50 + 2_000 });
    expect((await post(url, `/play/${session}/spin`, { stake: 10_000 })).body).toMatchObject({ result: 'refused', status: 'RS_ERROR_NOT_ENOUGH_MONEY' });
    expect(wallet.received).toEqual([]);
  });
});

describe('RefGames slot against the wallet', () => {
  it('takes each spin as a bet then a win (0 closes a lost round), showing the wallet balance', async () => {
    const { url } = await start();
    const { session } = await launch(url, { token: wallet.launchToken('member-slot', 100_000), game: 'JADEPLAY-002', vendor: 'JADEPLAY' });
    // MASK MASK MASK on the middle row: 200 line bets of 10.
    draws = [10, 5, 12];
    const won = await post(url, `/play/${session}/spin`, { stake: 50 });
    expect(won.body).toMatchObject({ result: 'ok', win: 2_000, balance: 101_950 });
    const [bet] = bets();
    expect(bet).toMatchObject({ user: 'member-slot', amount: 50, currency: 'PHP', game_code: 'JADEPLAY-002' });
    expect(calls('transaction/win')[0]).toMatchObject({ amount: 2_000, round_closed: true, round: bet.round, reference_transaction_uuid: bet.transaction_uuid });

    draws = [0, 0, 0];
    const lost = await post(url, `/play/${session}/spin`, { stake: 50 });
    expect(lost.body).toMatchObject({ result: 'ok', win: 0, balance: 101_900 });
    expect(calls('transaction/win')[1]).toMatchObject({ amount: 0, round_closed: true });
    expect(wallet.balances.get('member-slot')).toBe(101_900);

    expect((await post(url, `/play/${session}/spin`, { stake: 7 })).body).toMatchObject({ field: '/stake' });
  });

  it('shows a refused stake with the wallet balance and sends no win', async () => {
    const { url } = await start();
    const { session } = await launch(url, { token: wallet.launchToken('member-poor', 30), game: 'SUNBURST-001', vendor: 'SUNBURST' });
    const refused = await post(url, `/play/${session}/spin`, { stake: 50 });
    expect(refused.body).toMatchObject({ result: 'refused', status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 30, message: 'Not enough balance for this stake.' });
    expect(calls('transaction/win')).toEqual([]);
    expect(calls('transaction/rollback')).toEqual([]);
  });
});

describe('RefGames lotteries', () => {
  it('draws on the clock (every minute, every 5 minutes) with an injected clock and publishes the results', async () => {
    const { app, url } = await start();
    clock = Date.parse('2026-11-29T11:04:00Z');
    draws = [4, 4, 4, 4, 4];
    await app.refgames.tick();
    clock = Date.parse('2026-11-29T11:05:00Z');
    draws = [1, 2, 3, 4, 5, 9, 8, 7, 6, 5];
    await app.refgames.tick();
    await app.refgames.tick();
    const all = (await (await fetch(`${url}/lotteries`)).json()) as { lotteries: { code: string; nextDrawAt: string; results: { id: string; number: string; result: string; drawAt: string }[] }[] };
    const [lott, elott] = all.lotteries;
    expect(lott.code).toBe('LOTT');
    expect(lott.nextDrawAt).toBe('2026-11-29T11:10:00.000Z');
    expect(lott.results).toEqual([expect.objectContaining({ id: 'LOTT-202611291105', number: '202611291105', drawAt: '2026-11-29T11:05:00.000Z' })]);
    expect(elott.nextDrawAt).toBe('2026-11-29T11:06:00.000Z');
    expect(elott.results.map((r) => [r.id, r.result])).toEqual([
      ['ELOTT-202611291105', expect.stringMatching(/^\d{5}$/)],
      ['ELOTT-202611291104', '44444'],
    ]);
    expect([lott.results[0].result, elott.results[0].result].sort()).toEqual(['12345', '98765']);
    const one = (await (await fetch(`${url}/lotteries/ELOTT/results`)).json()) as { results: unknown[] };
    expect(one.results).toHaveLength(2);
    expect((await fetch(`${url}/lotteries/NOPE/results`)).status).toBe(404);
  });

  it('sells a ticket as a bet on the draw, and settles it after the draw with a win (0 when lost)', async () => {
    const { app, url } = await start();
    const { session } = await launch(url, { token: wallet.launchToken('member-tickets', 100_000), game: 'e-lotto-rush', vendor: 'ELOTT', playType: 'ent', prize_mode: 'Elott', code: 'e-lotto-rush' });
    const first = await post(url, `/play/${session}/tickets`, { lottery: 'ELOTT', bet: 'last2', pick: '37', stake: 1_000 });
    expect(first.body).toMatchObject({ result: 'ok', balance: 99_000, ticket: { drawId: 'ELOTT-202611291104', state: 'open' } });
    clock += 1_000;
    expect((await post(url, `/play/${session}/tickets`, { lottery: 'ELOTT', bet: 'big', stake: 500 })).body).toMatchObject({ result: 'ok', balance: 98_500 });
    expect(bets().map((b) => [b.round, b.amount])).toEqual([
      ['ELOTT-202611291104', 1_000],
      ['ELOTT-202611291104', 500],
    ]);
    expect((await post(url, `/play/${session}/tickets`, { lottery: 'ELOTT', bet: 'last2', pick: '7', stake: 1_000 })).body).toMatchObject({ field: '/pick' });
    expect((await post(url, `/play/${session}/tickets`, { lottery: 'ELOTT', bet: 'odd', stake: 99 })).body).toMatchObject({ field: '/stake' });

    // The draw: 12337, a sum of 16 (small): the last-2 ticket wins 90x, the big ticket loses.
    clock = Date.parse('2026-11-29T11:04:00.200Z');
    draws = [1, 2, 3, 3, 7];
    await app.refgames.tick();
    const wins = calls('transaction/win');
    expect(wins).toEqual([
      expect.objectContaining({ round: 'ELOTT-202611291104', amount: 90_000, round_closed: false, reference_transaction_uuid: bets()[0].transaction_uuid }),
      expect.objectContaining({ round: 'ELOTT-202611291104', amount: 0, round_closed: true, reference_transaction_uuid: bets()[1].transaction_uuid }),
    ]);
    expect(wallet.balances.get('member-tickets')).toBe(188_500);
    const state = (await (await fetch(`${url}/play/${session}/state`)).json()) as { balance: number; tickets: { state: string; win: number }[] };
    expect(state.balance).toBe(188_500);
    expect(state.tickets.map((k) => [k.state, k.win]).sort()).toEqual([
      ['lost', 0],
      ['won', 90_000],
    ]);
    // Settled once: another tick sends nothing more.
    await app.refgames.tick();
    expect(calls('transaction/win')).toHaveLength(2);
  });

  it('rolls back the tickets of a voided draw (bets, and wins already paid) and never draws it', async () => {
    const { app, url } = await start();
    const { session } = await launch(url, { token: wallet.launchToken('member-void', 50_000), game: 'classic-lotto', vendor: 'LOTT' });
    await post(url, `/play/${session}/tickets`, { lottery: 'LOTT', bet: 'odd', stake: 2_000 });
    expect(wallet.balances.get('member-void')).toBe(48_000);

    const voidUrl = `${url}/admin/draws/LOTT-202611291105/void`;
    expect((await fetch(voidUrl, { method: 'POST' })).status).toBe(401);
    expect((await fetch(voidUrl, { method: 'POST', headers: { authorization: 'Bearer not-the-admin-token-at-all' } })).status).toBe(401);
    expect((await fetch(`${url}/admin/draws/LOTT-202611291104/void`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN}` } })).status).toBe(404);
    const voided = await fetch(voidUrl, { method: 'POST', headers: { authorization: `Bearer ${ADMIN}` } });
    expect(await voided.json()).toMatchObject({ draw: { id: 'LOTT-202611291105', status: 'void' }, tickets: 1 });
    await app.refgames.tick();
    expect(calls('transaction/rollback')).toEqual([expect.objectContaining({ reference_transaction_uuid: bets()[0].transaction_uuid, round: 'LOTT-202611291105' })]);
    expect(wallet.balances.get('member-void')).toBe(50_000);

    // Its time passes: no result, no win.
    clock = Date.parse('2026-11-29T11:05:01Z');
    await app.refgames.tick();
    expect(calls('transaction/win')).toEqual([]);
    const results = (await (await fetch(`${url}/lotteries/LOTT/results`)).json()) as { results: { id: string; status: string; result: string | null }[] };
    expect(results.results[0]).toMatchObject({ id: 'LOTT-202611291105', status: 'void', result: null });
    const state = (await (await fetch(`${url}/play/${session}/state`)).json()) as { tickets: { state: string }[] };
    expect(state.tickets.map((k) => k.state)).toEqual(['void']);

    // A draw voided after it paid: the win is taken back and the stake returned.
    const t = await post(url, `/play/${session}/tickets`, { lottery: 'LOTT', bet: 'last2', pick: '00', stake: 1_000 });
    expect(t.body).toMatchObject({ ticket: { drawId: 'LOTT-202611291110' } });
    clock = Date.parse('2026-11-29T11:10:00Z');
    draws = [0, 0, 0, 0, 0];
    await app.refgames.tick();
    expect(wallet.balances.get('member-void')).toBe(50_000 - 1_000 + 90_000);
    await fetch(`${url}/admin/draws/LOTT-202611291110/void`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN}` } });
    await app.refgames.tick();
    expect(wallet.balances.get('member-void')).toBe(50_000);
  });

  it('takes no ticket for a voided draw', async () => {
    const { url } = await start();
    const { session } = await launch(url, { token: wallet.launchToken('member-late', 50_000), game: 'e-lotto-rush', vendor: 'ELOTT' });
    await fetch(`${url}/admin/draws/ELOTT-202611291104/void`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN}` } });
    expect((await post(url, `/play/${session}/tickets`, { lottery: 'ELOTT', bet: 'even', stake: 100 })).status).toBe(409);
    expect(bets()).toEqual([]);
  });
});

describe('RefGames lotteries in fun mode', () => {
  it('settles and voids tickets in its own play money, never calling the wallet', async () => {
    const { app, url } = await start({ funBalance: 10_000 });
    const { session } = await launch(url, { mode: 'fun', game: 'e-lotto-rush', vendor: 'ELOTT', playType: 'ent' });
    expect((await post(url, `/play/${session}/tickets`, { lottery: 'ELOTT', bet: 'even', stake: 1_000 })).body).toMatchObject({ result: 'ok', balance: 9_000 });
    expect((await post(url, `/play/${session}/tickets`, { lottery: 'LOTT', bet: 'odd', stake: 1_000 })).body).toMatchObject({ result: 'ok', balance: 8_000 });
    clock = Date.parse('2026-11-29T11:04:00Z');
    draws = [2, 2, 2, 2, 2];
    await app.refgames.tick();
    // 22222: an even sum; 1.95x of 10.00.
    let state = (await (await fetch(`${url}/play/${session}/state`)).json()) as { balance: number; tickets: { lottery: string; state: string }[] };
    expect(state.balance).toBe(8_000 + 1_950);
    await fetch(`${url}/admin/draws/LOTT-202611291105/void`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN}` } });
    state = (await (await fetch(`${url}/play/${session}/state`)).json()) as typeof state;
    expect(state.balance).toBe(9_000 + 1_950);
    expect(state.tickets.map((k) => [k.lottery, k.state]).sort()).toEqual([
      ['ELOTT', 'won'],
      ['LOTT', 'void'],
    ]);
    expect(wallet.received).toEqual([]);
  });
});

describe('RefGames with a shared HMAC secret', () => {
  it('signs its calls and checks the answers with the secret', async () => {
    const secret = 'a-shared-secret-of-at-least-32-characters';
    const hmacWallet = await startWalletDouble({ hmacSecret: secret });
    try {
      const app = await buildRefGames({ walletUrl: hmacWallet.url, signing: hmacWallet.vendorSigning, now: () => clock, random: () => 0, tickMs: 0, sleep: async () => {} });
      running.push(app);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const { session } = await launch(url, { token: hmacWallet.launchToken('member-hmac', 5_000), game: 'NEONSPIN-002', vendor: 'NEONSPIN' });
      expect((await post(url, `/play/${session}/spin`, { stake: 50 })).body).toMatchObject({ result: 'ok', balance: 4_950 });
      expect(hmacWallet.received.every((r) => r.signed)).toBe(true);
      // An answer signed with a guessed secret is not taken.
      hmacWallet.faults['transaction/bet'] = ['forged', 'forged', 'forged'];
      expect((await post(url, `/play/${session}/spin`, { stake: 50 })).body).toMatchObject({ result: 'unanswered', balance: 4_950 });
    } finally {
      await hmacWallet.app.close();
    }
  });
});

describe('RefGames when the wallet does not answer', () => {
  it('sends a bet whose answer was lost again with the same request and transaction uuids, and moves money once', async () => {
    const { url } = await start();
    const { session } = await launch(url, { token: wallet.launchToken('member-retry', 10_000), game: 'TIKIWAVE-004', vendor: 'TIKIWAVE' });
    wallet.faults['transaction/bet'] = ['drop-after', 'unknown'];
    draws = [0, 0, 0];
    const spin = await post(url, `/play/${session}/spin`, { stake: 100 });
    expect(spin.body).toMatchObject({ result: 'ok', balance: 9_900 });
    const sent = bets();
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((b) => b.request_uuid)).size).toBe(1);
    expect(new Set(sent.map((b) => b.transaction_uuid)).size).toBe(1);
    expect(wallet.balances.get('member-retry')).toBe(9_900);
  });

  it('rolls back a bet left unanswered after the retries, and keeps sending the rollback until answered', async () => {
    const { app, url } = await start();
    const { session } = await launch(url, { token: wallet.launchToken('member-lost', 10_000), game: 'TIKIWAVE-004', vendor: 'TIKIWAVE' });
    wallet.faults['transaction/bet'] = ['drop-after', 'drop-after', 'drop-after'];
    const spin = await post(url, `/play/${session}/spin`, { stake: 100 });
    expect(spin.body).toMatchObject({ result: 'unanswered', message: 'The wallet did not answer: your stake is being returned.' });
    expect(bets()).toHaveLength(3);
    // The bet did arrive: the money moved once.
    expect(wallet.balances.get('member-lost')).toBe(9_900);

    wallet.faults['transaction/rollback'] = ['drop-before', 'unknown'];
    await app.refgames.tick();
    const [job] = app.refgames.store.all('jobs');
    expect(job).toMatchObject({ attempts: 1, nextAt: clock + 2_000 });
    await app.refgames.tick();
    expect(calls('transaction/rollback')).toHaveLength(1); // not due yet
    clock += 2_000;
    await app.refgames.tick();
    expect(app.refgames.store.all('jobs')[0]).toMatchObject({ attempts: 2, nextAt: clock + 4_000 });
    clock += 4_000;
    await app.refgames.tick();
    const rollbacks = calls('transaction/rollback');
    expect(rollbacks).toHaveLength(3);
    expect(new Set(rollbacks.map((r) => r.request_uuid)).size).toBe(1);
    expect(new Set(rollbacks.map((r) => r.transaction_uuid)).size).toBe(1);
    expect(rollbacks[0]).toMatchObject({ reference_transaction_uuid: bets()[0].transaction_uuid, round: bets()[0].round });
    expect(app.refgames.store.all('jobs')).toEqual([]);
    expect(app.refgames.store.all('rounds')[0].state).toBe('rolled-back');
    expect(wallet.balances.get('member-lost')).toBe(10_000);
  });

  it('treats an unsigned or forged answer as not received: it never shows its balance, and rolls the bet back', async () => {
    const { app, url } = await start();
    const { session } = await launch(url, { token: wallet.launchToken('member-forged', 10_000), game: 'TIKIWAVE-004', vendor: 'TIKIWAVE' });
    wallet.faults['transaction/bet'] = ['forged', 'unsigned', 'forged'];
    const spin = await post(url, `/play/${session}/spin`, { stake: 100 });
    expect(spin.body).toMatchObject({ result: 'unanswered', balance: 10_000 });
    expect(bets()).toHaveLength(3);
    await app.refgames.tick();
    expect(wallet.balances.get('member-forged')).toBe(10_000);
    const state = (await (await fetch(`${url}/play/${session}/state`)).json()) as { balance: number };
    expect(state.balance).toBe(10_000);
    expect(JSON.stringify(app.refgames.store.all('sessions'))).not.toContain('99999999');
  });

  it("drops a signed answer to another request and asks again", async () => {
    const { url } = await start();
    const { session } = await launch(url, { token: wallet.launchToken('member-replay', 10_000), game: 'TIKIWAVE-004', vendor: 'TIKIWAVE' });
    wallet.faults['transaction/bet'] = ['other-request'];
    draws = [0, 0, 0];
    const spin = await post(url, `/play/${session}/spin`, { stake: 100 });
    expect(spin.body).toMatchObject({ result: 'ok', balance: 9_900 });
    expect(bets()).toHaveLength(2);
    expect(bets()[0].request_uuid).toBe(bets()[1].request_uuid);
  });

  it('keeps an unanswered win across a restart and sends it again with the same uuids', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'refgames-'));
    dirs.push(dataDir);
    const first = await start({ dataDir });
    const { session } = await launch(first.url, { token: wallet.launchToken('member-restart', 10_000), game: 'LUCKYREEL-010', vendor: 'LUCKYREEL' });
    wallet.faults['transaction/win'] = ['drop-before', 'drop-before', 'drop-before'];
    draws = [10, 5, 12];
    const spin = await post(first.url, `/play/${session}/spin`, { stake: 50 });
    expect(spin.body).toMatchObject({ result: 'win-pending', win: 2_000 });
    expect(wallet.balances.get('member-restart')).toBe(9_950);
    await first.app.close();
    running.splice(running.indexOf(first.app), 1);
    // Later: the owed win is due again.
    clock += 60_000;

    const second = await start({ dataDir });
    await second.app.refgames.tick();
    const winCalls = calls('transaction/win');
    expect(winCalls).toHaveLength(4);
    expect(new Set(winCalls.map((w) => w.request_uuid)).size).toBe(1);
    expect(new Set(winCalls.map((w) => w.transaction_uuid)).size).toBe(1);
    expect(wallet.balances.get('member-restart')).toBe(11_950);
    expect(second.app.refgames.store.all('rounds')[0].state).toBe('settled');
    const state = (await (await fetch(`${second.url}/play/${session}/state`)).json()) as { balance: number };
    expect(state.balance).toBe(11_950);
  });

  it('after a restart, draws a draw it missed and settles its tickets, and rolls back a ticket bet left on its way', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'refgames-'));
    dirs.push(dataDir);
    const first = await start({ dataDir });
    const { session } = await launch(first.url, { token: wallet.launchToken('member-down', 10_000), game: 'e-lotto-rush', vendor: 'ELOTT' });
    await post(first.url, `/play/${session}/tickets`, { lottery: 'ELOTT', bet: 'last2', pick: '55', stake: 100 });
    await first.app.close();
    running.splice(running.indexOf(first.app), 1);
    // A ticket whose bet was on its way when the process stopped.
    const store = new GameStore(dataDir);
    const [open] = store.all('tickets');
    const onItsWay = { ...open.betRequest!, transaction_uuid: 'bet-on-its-way', request_uuid: 'req-on-its-way' };
    store.put('tickets', { ...open, id: 'buying-1', state: 'buying', betRequest: onItsWay });

    clock = Date.parse('2026-11-29T11:07:30Z');
    draws = [9, 9, 9, 5, 5];
    const second = await start({ dataDir });
    await second.app.refgames.tick();
    expect(calls('transaction/win')).toEqual([expect.objectContaining({ round: 'ELOTT-202611291104', amount: 9_000, reference_transaction_uuid: open.betRequest!.transaction_uuid })]);
    expect(calls('transaction/rollback')).toEqual([expect.objectContaining({ reference_transaction_uuid: 'bet-on-its-way' })]);
    expect(wallet.balances.get('member-down')).toBe(10_000 - 100 + 9_000);
    const results = (await (await fetch(`${second.url}/lotteries/ELOTT/results`)).json()) as { results: { id: string; result: string; drawnAt: string }[] };
    expect(results.results[0]).toMatchObject({ id: 'ELOTT-202611291104', result: '99955', drawnAt: '2026-11-29T11:07:30.000Z' });
  });

  it('rolls back, after a restart, a bet that was on its way when the process stopped', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'refgames-'));
    dirs.push(dataDir);
    const store = new GameStore(dataDir);
    const bet = { user: 'member-crash', token: 't', transaction_uuid: 'bet-0001', round: 'TIKI-crash', game_code: 'NEONSPIN-001', currency: 'PHP', amount: 100, request_uuid: 'req-0001' };
    store.put('rounds', { id: 'TIKI-crash', sessionId: 's', stake: 100, lineBet: 20, stops: [0, 0, 0], win: 0, state: 'betting', bet, winRequest: null, status: null, createdAt: clock });
    const { app } = await start({ dataDir });
    await app.refgames.tick();
    expect(calls('transaction/rollback')).toEqual([expect.objectContaining({ reference_transaction_uuid: 'bet-0001', round: 'TIKI-crash', user: 'member-crash' })]);
  });
});
