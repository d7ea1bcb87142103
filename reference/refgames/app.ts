/**
 * RefGames, the reference game vendor: its own Fastify app and process, an aggregator of the
 * catalogue's vendors. It holds no member money: every stake, win and rollback is a signed call
 * to the platform's seamless wallet (docs/vendor-wallet.md), and the platform reaches it only
 * through the launch URL and `GET /health`.
 *
 *  - GET /launch: opens the wallet session with the one-time token (or plays with RefGames' own
 *    play money in fun mode) and sends the player to the game: the slot for the slot studios,
 *    the lotteries for the lottery vendors, an honest "no demo game" page for the rest.
 *  - /play/:session: the game page and its calls (spin, tickets, state).
 *  - GET /lotteries, GET /lotteries/:code/results: the draws, public.
 *  - POST /admin/draws/:id/void (REFGAMES_ADMIN_TOKEN): voids a draw; its tickets are rolled back.
 *
 * Wins and rollbacks the wallet has not answered stay in the store and are sent again (same
 * request) until it answers; a bet left unanswered is rolled back. A clock and a random source
 * may be given (tests); `tick()` draws what is due and sends what is owed.
 */
import { randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { Answers, Requests, Signing, Status } from '../vendor-protocol/protocol';
import { LOTTERY_SCRIPT, SLOT_SCRIPT, STYLE } from './assets';
import { categoryOf, gameKindOf } from './catalogue';
import {
  drawId,
  drawNumber,
  drawResult,
  isBetKind,
  isLotteryCode,
  lastDrawAt,
  lotteriesOf,
  LOTTERY_CODES,
  lotteryOfLaunch,
  MAX_TICKET,
  MIN_TICKET,
  nextDrawAt,
  saleDrawAt,
  ticketReturn,
  validPick,
  type LotteryCode,
} from './lottery';
import { lotteryPage, messagePage, noGamePage, slotPage } from './pages';
import { drawSpin, LINES, STAKES } from './slot';
import { GameStore, type Draw, type Job, type Lang, type Round, type Session, type Ticket } from './store';
import { refusalText, TEXTS } from './texts';
import { backoff, Wallet, type Received, type RetryPolicy } from './wallet';

export interface RefGamesOptions {
  /** The platform's wallet base for this vendor, e.g. http://127.0.0.1:8080/vendor/REFGAMES. */
  walletUrl: string;
  signing: Signing;
  /** Where the store is kept across restarts; omitted: in memory. */
  dataDir?: string;
  /** Bearer token of the admin calls; omitted: no admin calls. */
  adminToken?: string;
  logger?: FastifyServerOptions['logger'];
  /** The clock, Unix milliseconds (tests move it). */
  now?: () => number;
  /** A uniform integer in [0, max) (default crypto.randomInt). */
  random?: (max: number) => number;
  /** Calls made while the player waits. */
  retry?: Partial<RetryPolicy>;
  /** Wins and rollbacks owed: the pause after a failed attempt, doubled each time up to maxMs. */
  background?: { baseMs?: number; maxMs?: number };
  /** How often `tick()` runs by itself; 0: never (tests call it). */
  tickMs?: number;
  /** The pause between attempts while the player waits (tests pass one that does not wait). */
  sleep?: (ms: number) => Promise<void>;
  /** The play money a fun session starts with, minor units. */
  funBalance?: number;
  /** Seconds between the electronic lottery's draws (default 60; a divisor of 60 from 5, for quick demos and journeys). */
  elottSeconds?: number;
}

interface RefGames {
  store: GameStore;
  /** Draws the draws that are due and settles their tickets, then sends the calls owed. */
  tick(): Promise<void>;
  drawDue(): void;
  deliverDue(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    refgames: RefGames;
  }
}

const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseMs: 300, maxMs: 2_000, timeoutMs: 5_000 };
const DEFAULT_BACKGROUND = { baseMs: 2_000, maxMs: 5 * 60_000 };
const GAME_CODE = /^[A-Za-z0-9_.:-]{1,80}$/;
const RESULTS_SHOWN = 10;
const RESULTS_KEPT = 50;
const DAY_MS = 24 * 60 * 60_000;

type BetRequest = Requests['transaction/bet'] & { request_uuid: string };
type WinRequest = Requests['transaction/win'] & { request_uuid: string };
type RollbackRequest = Requests['transaction/rollback'] & { request_uuid: string };

/** Answers after which a win or rollback is still sent again: the wallet did nothing (a key being changed). */
const RETRY_STATUSES = new Set<Status>(['RS_ERROR_INVALID_SIGNATURE']);

/** The lobby link, when it is an http(s) URL. */
function lobbyOf(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 2000) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A launch's play type or prize mode as shown on the page: a short word, else nothing. */
const launchFact = (raw: unknown): string => (typeof raw === 'string' && /^[A-Za-z0-9_-]{1,20}$/.test(raw) ? raw : '');

/** The origin that may frame a page launched from `lobby` (a plain scheme://host[:port]), else 'none'. */
function framingOrigin(lobby: string | null): string {
  const origin = lobby ? new URL(lobby).origin : '';
  return /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/.test(origin) ? origin : "'none'";
}

const langOf = (raw: unknown): Lang => (raw === 'TY' ? 'TY' : 'EN');

/** Paths without session ids or query strings, for the request log. */
const redactUrl = (url: string): string => url.split('?')[0].replace(/^\/play\/[^/]+/, '/play/:session');

function sameToken(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function buildRefGames(options: RefGamesOptions): Promise<FastifyInstance> {
  const now = options.now ?? Date.now;
  const random = options.random ?? randomInt;
  const retry = { ...DEFAULT_RETRY, ...options.retry };
  const background = { ...DEFAULT_BACKGROUND, ...options.background };
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const funBalance = options.funBalance ?? 1_000_000;
  const lotteries = lotteriesOf(options.elottSeconds);
  const wallet = new Wallet(options.walletUrl, options.signing, retry, sleep);
  const store = new GameStore(options.dataDir);
  const startedAt = now();

  const logger = options.logger
    ? { ...(typeof options.logger === 'object' ? options.logger : {}), serializers: { req: (req: { method: string; url: string }) => ({ method: req.method, url: redactUrl(req.url) }) } }
    : false;
  const app = Fastify({ logger, bodyLimit: 16 * 1024 });

  // ---- pending work left by the last run: a bet in flight is rolled back, a win is sent again.
  for (const round of store.all('rounds')) {
    if (round.state === 'betting' && round.bet) rollBack(round.bet, { round: round.id, what: 'bet-rollback' });
    if (round.state === 'bet-taken' && round.winRequest && !store.all('jobs').some((j) => j.about.round === round.id)) owe('transaction/win', round.winRequest, { round: round.id, what: 'win' });
    if (round.state === 'betting') store.put('rounds', { ...round, state: 'rolling-back' });
  }
  for (const ticket of store.all('tickets')) {
    if (ticket.state === 'buying' && ticket.betRequest) {
      rollBack(ticket.betRequest, { ticket: ticket.id, what: 'bet-rollback' });
      store.put('tickets', { ...ticket, state: 'rolling-back' });
    }
  }

  // ---- the calls owed

  /** Keeps a win or rollback to send until the wallet answers. */
  function owe(endpoint: Job['endpoint'], request: WinRequest | RollbackRequest, about: Job['about']): Job {
    const job: Job = { id: randomUUID(), endpoint, request, about, attempts: 0, nextAt: now(), lastError: null };
    store.put('jobs', job);
    return job;
  }

  /** Owes the rollback of a bet or a win. */
  function rollBack(of: BetRequest | WinRequest, about: Job['about']): Job {
    const request: RollbackRequest = {
      user: of.user,
      token: of.token,
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: of.transaction_uuid,
      round: of.round,
      game_code: of.game_code,
      request_uuid: randomUUID(),
    };
    return owe('transaction/rollback', request, about);
  }

  function noteBalance(sessionId: string, body: { balance?: number }): void {
    const session = store.get('sessions', sessionId);
    if (session && session.mode === 'real' && Number.isSafeInteger(body.balance)) store.put('sessions', { ...session, balance: body.balance! });
  }

  /** What an answer to an owed call settles. */
  function settled(job: Job, body: Answers['transaction/win'] | Answers['transaction/rollback']): void {
    const ok = body.status === 'RS_OK';
    if (job.about.round) {
      const round = store.get('rounds', job.about.round);
      if (round) {
        const state = job.about.what === 'win' ? (body.status === 'RS_ERROR_TRANSACTION_ROLLED_BACK' ? 'rolled-back' : 'settled') : 'rolled-back';
        store.put('rounds', { ...round, state, status: body.status });
        noteBalance(round.sessionId, body);
      }
    }
    if (job.about.ticket) {
      const ticket = store.get('tickets', job.about.ticket);
      if (ticket) {
        let state = ticket.state;
        if (job.about.what === 'win' && ticket.state === 'settling') state = body.status === 'RS_ERROR_TRANSACTION_ROLLED_BACK' ? 'rolled-back' : ticket.win > 0 ? 'won' : 'lost';
        if (job.about.what === 'bet-rollback') state = store.get('draws', ticket.drawId)?.status === 'void' ? 'void' : 'rolled-back';
        store.put('tickets', { ...ticket, state, status: body.status });
        noteBalance(ticket.sessionId, body);
      }
    }
    if (!ok) app.log.warn({ endpoint: job.endpoint, what: job.about.what, status: body.status, round: job.request.round }, 'the wallet refused an owed call');
  }

  /** One attempt at an owed call; answers whether it is done. */
  async function send(job: Job): Promise<boolean> {
    const received: Received<'transaction/win' | 'transaction/rollback'> =
      job.endpoint === 'transaction/win' ? await wallet.attempt('transaction/win', job.request as WinRequest) : await wallet.attempt('transaction/rollback', job.request as RollbackRequest);
    if (!store.jobs.has(job.id)) return true; // voided meanwhile
    if (received.answered && !RETRY_STATUSES.has(received.body.status)) {
      store.remove('jobs', job.id);
      settled(job, received.body);
      return true;
    }
    const attempts = job.attempts + 1;
    const error = received.answered ? received.body.status : received.error;
    store.put('jobs', { ...job, attempts, lastError: error, nextAt: now() + backoff(background, attempts) });
    app.log.warn({ endpoint: job.endpoint, what: job.about.what, round: job.request.round, attempts, error }, 'the wallet did not answer; will send again');
    return false;
  }

  /** An owed call sent now, with the attempts a waiting player allows; left owed when unanswered. */
  async function sendNow(job: Job): Promise<boolean> {
    for (let i = 0; i < retry.attempts; i++) {
      if (i > 0) await sleep(backoff(retry, i));
      const current = store.get('jobs', job.id);
      if (!current) return true;
      if (await send(current)) return true;
    }
    return false;
  }

  let delivering: Promise<number> | undefined;
  async function deliverDue(): Promise<number> {
    if (delivering) return delivering;
    delivering = (async () => {
      const due = store.all('jobs').filter((j) => j.nextAt <= now());
      for (const job of due) if (store.jobs.has(job.id)) await send(job);
      return due.length;
    })().finally(() => {
      delivering = undefined;
    });
    return delivering;
  }

  // ---- bets

  type BetOutcome = { kind: 'taken'; balance: number | undefined } | { kind: 'refused'; status: string; balance: number | undefined } | { kind: 'unanswered' };

  /** A bet while the player waits: taken, refused, or unanswered (then its rollback is owed). */
  async function placeBet(bet: BetRequest, about: Job['about']): Promise<BetOutcome> {
    const received = await wallet.call('transaction/bet', bet);
    if (!received.answered) {
      app.log.warn({ round: bet.round, error: received.error }, 'a bet was not answered; rolling it back');
      rollBack(bet, about);
      return { kind: 'unanswered' };
    }
    if (received.body.status !== 'RS_OK') return { kind: 'refused', status: received.body.status, balance: received.body.balance };
    return { kind: 'taken', balance: received.body.balance };
  }

  // ---- sessions and pages

  /**
   * A page; `lobby`: the platform's page it was launched from, whose origin may frame it (the
   * platform's frame route when a popup is blocked), and no other site (no clickjacking of a
   * game); without a lobby, nobody frames it.
   */
  const html = (reply: FastifyReply, code: number, page: string, lobby: string | null) =>
    reply
      .code(code)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-content-type-options', 'nosniff')
      .header(
        'content-security-policy',
        `default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors ${framingOrigin(lobby)}`,
      )
      .type('text/html; charset=utf-8')
      .send(page);

  const sessionOf = (id: string): Session | undefined => {
    const s = store.get('sessions', id);
    if (s) store.sessions.get(id)!.seenAt = now();
    return s;
  };

  app.get('/health', async () => ({ ok: true }));

  app.get('/assets/refgames.css', async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(STYLE));
  app.get('/assets/slot.js', async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(SLOT_SCRIPT));
  app.get('/assets/lottery.js', async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(LOTTERY_SCRIPT));

  app.get<{ Querystring: Record<string, string | undefined> }>('/launch', async (request, reply) => {
    const q = request.query;
    const lang = langOf(q.lang);
    const lobby = lobbyOf(q.lobby);
    const t = TEXTS[lang];
    const category = typeof q.vendor === 'string' ? categoryOf(q.vendor) : undefined;
    if (!category) return html(reply, 404, messagePage(lang, t.unknownVendorTitle, t.unknownVendor, lobby), lobby);
    const kind = gameKindOf(category);
    if (category !== 'RNG' && category !== 'LOTTERY') return html(reply, 200, noGamePage(lang, category, lobby), lobby);
    const game = q.game || q.code || '';
    const mode = q.mode === 'fun' ? 'fun' : 'real';
    if (!GAME_CODE.test(game) || (mode === 'real' && !q.token)) return html(reply, 400, messagePage(lang, t.badLinkTitle, t.badLink, lobby), lobby);

    const session: Session = {
      id: randomBytes(24).toString('base64url'),
      mode,
      vendor: q.vendor!,
      kind,
      game,
      lang,
      lobby,
      lottery: lotteryOfLaunch(q.playType, q.prize_mode),
      launched: kind === 'lottery' ? { playType: launchFact(q.playType), prizeMode: launchFact(q.prize_mode), code: launchFact(q.code) } : undefined,
      token: null,
      user: null,
      currency: 'FUN',
      balance: funBalance,
      createdAt: now(),
      seenAt: now(),
    };
    if (mode === 'real') {
      const opened = await wallet.call('session/open', { token: q.token!, request_uuid: randomUUID() });
      if (!opened.answered) return html(reply, 503, messagePage(lang, t.walletDownTitle, t.walletDown, lobby), lobby);
      const b = opened.body;
      if (b.status !== 'RS_OK' || !b.token || !b.user || !b.currency || !Number.isSafeInteger(b.balance)) {
        return html(reply, 403, messagePage(lang, t.tokenRefusedTitle, t.tokenRefused, lobby), lobby);
      }
      Object.assign(session, { token: b.token, user: b.user, currency: b.currency, balance: b.balance, game: b.game_code && GAME_CODE.test(b.game_code) ? b.game_code : game });
    }
    store.put('sessions', session);
    return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(`/play/${session.id}`, 303);
  });

  app.get<{ Params: { id: string } }>('/play/:id', async (request, reply) => {
    const s = sessionOf(request.params.id);
    if (!s) {
      const t = TEXTS.EN;
      return html(reply, 404, messagePage('EN', t.sessionEndedTitle, t.sessionEnded, null), null);
    }
    return html(reply, 200, s.kind === 'slot' ? slotPage(s) : lotteryPage(s), s.lobby);
  });

  /** A play call's session, or a 404 answer. */
  function playSession(id: string, reply: FastifyReply, kind?: Session['kind']): Session | null {
    const s = sessionOf(id);
    if (!s || (kind && s.kind !== kind)) {
      reply.code(404).send({ error: 'session.unknown', message: 'no such game session' });
      return null;
    }
    return s;
  }

  const ticketView = (k: Ticket) => ({ id: k.id, lottery: k.lottery, drawId: k.drawId, bet: k.bet, pick: k.pick, stake: k.stake, win: k.win, state: k.state });

  app.get<{ Params: { id: string }; Querystring: { refresh?: string } }>('/play/:id/state', async (request, reply) => {
    let s = playSession(request.params.id, reply);
    if (!s) return reply;
    if (request.query.refresh === '1' && s.mode === 'real') {
      const got = await wallet.attempt('user/balance', { user: s.user!, token: s.token!, game_code: s.game, request_uuid: randomUUID() });
      if (got.answered && got.body.status === 'RS_OK') {
        noteBalance(s.id, got.body);
        s = store.get('sessions', s.id)!;
      }
    }
    const tickets = store
      .all('tickets')
      .filter((k) => k.sessionId === s.id)
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, 20)
      .map(ticketView);
    return reply.header('cache-control', 'no-store').send({ now: new Date(now()).toISOString(), mode: s.mode, currency: s.currency, balance: s.balance, tickets, lotteries: lotteriesView() });
  });

  app.post<{ Params: { id: string }; Body: { stake?: unknown } }>('/play/:id/spin', async (request, reply) => {
    const s = playSession(request.params.id, reply, 'slot');
    if (!s) return reply;
    const stake = request.body?.stake;
    if (typeof stake !== 'number' || !STAKES.includes(stake)) return reply.code(400).send({ error: 'stake.invalid', field: '/stake', message: `stake must be one of ${STAKES.join(', ')}` });
    const outcome = drawSpin(random);
    const lineBet = stake / LINES.length;
    const win = lineBet * outcome.multiplier;
    const shown = { window: outcome.window, wins: outcome.wins, win };
    const t = TEXTS[s.lang];

    if (s.mode === 'fun') {
      if (s.balance < stake) return { result: 'refused', status: 'RS_ERROR_NOT_ENOUGH_MONEY', message: refusalText(s.lang, 'RS_ERROR_NOT_ENOUGH_MONEY'), balance: s.balance };
      const balance = s.balance - stake + win;
      store.put('sessions', { ...s, balance });
      return { result: 'ok', ...shown, balance };
    }

    const roundId = `TIKI-${randomUUID()}`;
    const bet: BetRequest = { user: s.user!, token: s.token!, transaction_uuid: randomUUID(), round: roundId, game_code: s.game, currency: s.currency, amount: stake, request_uuid: randomUUID() };
    const round: Round = { id: roundId, sessionId: s.id, stake, lineBet, stops: outcome.stops, win, state: 'betting', bet, winRequest: null, status: null, createdAt: now() };
    store.put('rounds', round);
    const placed = await placeBet(bet, { round: roundId, what: 'bet-rollback' });
    if (placed.kind === 'unanswered') {
      store.put('rounds', { ...round, state: 'rolling-back' });
      return { result: 'unanswered', message: t.unanswered, balance: s.balance };
    }
    if (placed.kind === 'refused') {
      store.put('rounds', { ...round, state: 'refused', status: placed.status });
      noteBalance(s.id, placed);
      return { result: 'refused', status: placed.status, message: refusalText(s.lang, placed.status), balance: store.get('sessions', s.id)!.balance };
    }
    noteBalance(s.id, placed);
    const winRequest: WinRequest = {
      user: s.user!,
      token: s.token!,
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: bet.transaction_uuid,
      round: roundId,
      round_closed: true,
      game_code: s.game,
      currency: s.currency,
      amount: win,
      request_uuid: randomUUID(),
    };
    store.put('rounds', { ...round, state: 'bet-taken', winRequest });
    const job = owe('transaction/win', winRequest, { round: roundId, what: 'win' });
    const paid = await sendNow(job);
    const balance = store.get('sessions', s.id)!.balance;
    if (!paid) return { result: 'win-pending', ...shown, message: t.winPending, balance };
    return { result: 'ok', ...shown, balance };
  });

  // ---- lotteries

  function drawOf(code: LotteryCode, drawAt: number): Draw {
    const id = drawId(lotteries[code], drawAt);
    const found = store.get('draws', id);
    if (found) return found;
    const draw: Draw = { id, lottery: code, drawAt, result: null, drawnAt: null, status: 'open' };
    store.put('draws', draw);
    return draw;
  }

  const drawView = (d: Draw) => ({ id: d.id, number: drawNumber(d.drawAt, lotteries[d.lottery]), drawAt: new Date(d.drawAt).toISOString(), status: d.status, result: d.result, drawnAt: d.drawnAt === null ? null : new Date(d.drawnAt).toISOString() });

  function results(code: LotteryCode, count: number) {
    return store
      .all('draws')
      .filter((d) => d.lottery === code && d.status !== 'open')
      .sort((a, b) => b.drawAt - a.drawAt)
      .slice(0, count)
      .map(drawView);
  }

  function lotteriesView() {
    const at = now();
    return LOTTERY_CODES.map((code) => {
      const l = lotteries[code];
      const next = nextDrawAt(l, at);
      const sale = saleDrawAt(l, at);
      return {
        code,
        prizeMode: l.prizeMode,
        playType: l.playType,
        intervalSeconds: l.intervalMs / 1000,
        nextDrawAt: new Date(next).toISOString(),
        nextDrawId: drawId(l, next),
        saleDraw: { id: drawId(l, sale), drawAt: new Date(sale).toISOString(), closesAt: new Date(sale - l.cutoffMs).toISOString() },
        results: results(code, RESULTS_SHOWN),
      };
    });
  }

  app.get('/lotteries', async (_request, reply) => reply.header('cache-control', 'no-store').send({ now: new Date(now()).toISOString(), lotteries: lotteriesView() }));

  app.get<{ Params: { code: string } }>('/lotteries/:code/results', async (request, reply) => {
    const code = request.params.code;
    if (!isLotteryCode(code)) return reply.code(404).send({ error: 'lottery.unknown', message: 'no such lottery' });
    return reply.header('cache-control', 'no-store').send({ code, results: results(code, RESULTS_KEPT) });
  });

  app.post<{ Params: { id: string }; Body: { lottery?: unknown; bet?: unknown; pick?: unknown; stake?: unknown } }>('/play/:id/tickets', async (request, reply) => {
    const s = playSession(request.params.id, reply, 'lottery');
    if (!s) return reply;
    const b = request.body ?? {};
    const bad = (field: string, message: string) => reply.code(400).send({ error: 'ticket.invalid', field, message });
    if (!isLotteryCode(b.lottery)) return bad('/lottery', `lottery must be one of ${LOTTERY_CODES.join(', ')}`);
    if (!isBetKind(b.bet)) return bad('/bet', 'unknown bet');
    const pick = b.pick ?? '';
    if (typeof pick !== 'string' || !validPick(b.bet, pick)) return bad('/pick', 'the pick does not fit the bet');
    const stake = b.stake;
    if (typeof stake !== 'number' || !Number.isSafeInteger(stake) || stake < MIN_TICKET || stake > MAX_TICKET) return bad('/stake', `stake must be an integer from ${MIN_TICKET} to ${MAX_TICKET}`);
    const t = TEXTS[s.lang];
    const draw = drawOf(b.lottery, saleDrawAt(lotteries[b.lottery], now()));
    if (draw.status !== 'open') return reply.code(409).send({ error: 'draw.closed', message: 'this draw takes no more tickets' });
    const ticket: Ticket = {
      id: randomUUID(),
      sessionId: s.id,
      mode: s.mode,
      lottery: b.lottery,
      drawId: draw.id,
      bet: b.bet,
      pick,
      stake,
      win: 0,
      state: 'buying',
      betRequest: null,
      winRequest: null,
      status: null,
      createdAt: now(),
    };

    if (s.mode === 'fun') {
      if (s.balance < stake) return { result: 'refused', status: 'RS_ERROR_NOT_ENOUGH_MONEY', message: refusalText(s.lang, 'RS_ERROR_NOT_ENOUGH_MONEY'), balance: s.balance };
      store.put('sessions', { ...s, balance: s.balance - stake });
      store.put('tickets', { ...ticket, state: 'open' });
      return { result: 'ok', ticket: ticketView({ ...ticket, state: 'open' }), balance: s.balance - stake };
    }

    const bet: BetRequest = { user: s.user!, token: s.token!, transaction_uuid: randomUUID(), round: draw.id, game_code: s.game, currency: s.currency, amount: stake, request_uuid: randomUUID() };
    store.put('tickets', { ...ticket, betRequest: bet });
    const placed = await placeBet(bet, { ticket: ticket.id, what: 'bet-rollback' });
    const current = store.get('tickets', ticket.id)!;
    if (placed.kind === 'unanswered') {
      store.put('tickets', { ...current, state: 'rolling-back' });
      return { result: 'unanswered', message: t.unanswered, ticket: ticketView({ ...current, state: 'rolling-back' }), balance: s.balance };
    }
    noteBalance(s.id, placed);
    const balance = store.get('sessions', s.id)!.balance;
    if (placed.kind === 'refused') {
      store.put('tickets', { ...current, state: 'refused', status: placed.status });
      return { result: 'refused', status: placed.status, message: refusalText(s.lang, placed.status), balance };
    }
    store.put('tickets', { ...current, state: 'open', status: 'RS_OK' });
    // The draw may have been drawn or voided while the bet was on its way.
    const after = store.get('draws', draw.id)!;
    if (after.status === 'drawn') settle(after);
    if (after.status === 'void') voidTickets(after);
    return { result: 'ok', ticket: ticketView(store.get('tickets', ticket.id)!), balance };
  });

  /** Settles a drawn draw's open tickets: a win (0 for a lost ticket) each, the member's last one closing the round. */
  function settle(draw: Draw): void {
    const open = store.all('tickets').filter((k) => k.drawId === draw.id && k.state === 'open');
    const lastOfSession = new Map<string, string>();
    for (const k of open.sort((a, b) => a.createdAt - b.createdAt)) lastOfSession.set(k.sessionId, k.id);
    for (const k of open) {
      const win = ticketReturn(k.bet, k.pick, k.stake, draw.result!);
      if (k.mode === 'fun') {
        const s = store.get('sessions', k.sessionId);
        if (s) store.put('sessions', { ...s, balance: s.balance + win });
        store.put('tickets', { ...k, win, state: win > 0 ? 'won' : 'lost' });
        continue;
      }
      const bet = k.betRequest!;
      const winRequest: WinRequest = {
        user: bet.user,
        token: bet.token,
        transaction_uuid: randomUUID(),
        reference_transaction_uuid: bet.transaction_uuid,
        round: draw.id,
        round_closed: lastOfSession.get(k.sessionId) === k.id,
        game_code: bet.game_code,
        currency: bet.currency,
        amount: win,
        request_uuid: randomUUID(),
      };
      store.put('tickets', { ...k, win, state: 'settling', winRequest });
      owe('transaction/win', winRequest, { ticket: k.id, what: 'win' });
    }
  }

  /** Rolls back a voided draw's tickets: the win (paid or owed) and the bet. */
  function voidTickets(draw: Draw): number {
    let count = 0;
    for (const k of store.all('tickets').filter((x) => x.drawId === draw.id)) {
      if (!['open', 'settling', 'won', 'lost'].includes(k.state)) continue;
      count += 1;
      if (k.mode === 'fun') {
        const s = store.get('sessions', k.sessionId);
        const paid = k.state === 'won' ? k.win : 0;
        if (s) store.put('sessions', { ...s, balance: s.balance + k.stake - paid });
        store.put('tickets', { ...k, state: 'void' });
        continue;
      }
      for (const job of store.all('jobs')) if (job.about.ticket === k.id && job.about.what === 'win') store.remove('jobs', job.id);
      if (k.winRequest) rollBack(k.winRequest, { ticket: k.id, what: 'win-rollback' });
      rollBack(k.betRequest!, { ticket: k.id, what: 'bet-rollback' });
      store.put('tickets', { ...k, state: 'rolling-back' });
    }
    return count;
  }

  /** Draws every draw that is due: those with tickets, and the latest of each lottery since the start. */
  function drawDue(): void {
    const at = now();
    for (const code of LOTTERY_CODES) {
      const latest = lastDrawAt(lotteries[code], at);
      if (latest >= startedAt) drawOf(code, latest);
    }
    const due = store
      .all('draws')
      .filter((d) => d.status === 'open' && d.drawAt <= at)
      .sort((a, b) => a.drawAt - b.drawAt);
    for (const d of due) {
      const drawn: Draw = { ...d, result: drawResult(random), drawnAt: at, status: 'drawn' };
      store.put('draws', drawn);
      app.log.info({ draw: d.id, result: drawn.result }, 'draw');
      settle(drawn);
    }
  }

  app.post<{ Params: { id: string } }>('/admin/draws/:id/void', async (request, reply) => {
    const header = request.headers.authorization ?? '';
    if (!options.adminToken) return reply.code(404).send({ error: 'not.found', message: 'no admin calls here' });
    if (!header.startsWith('Bearer ') || !sameToken(options.adminToken, header.slice(7))) return reply.code(401).send({ error: 'admin.unauthorized', message: 'bad admin token' });
    const match = /^(LOTT|ELOTT)-(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?$/.exec(request.params.id);
    if (!match) return reply.code(404).send({ error: 'draw.unknown', message: 'no such draw' });
    const code = match[1] as LotteryCode;
    const drawAt = Date.UTC(Number(match[2]), Number(match[3]) - 1, Number(match[4]), Number(match[5]), Number(match[6]), Number(match[7] ?? 0));
    if (drawAt % lotteries[code].intervalMs !== 0 || drawId(lotteries[code], drawAt) !== request.params.id) return reply.code(404).send({ error: 'draw.unknown', message: 'no such draw' });
    const draw = drawOf(code, drawAt);
    if (draw.status === 'void') return { draw: drawView(draw), tickets: 0 };
    const voided: Draw = { ...draw, status: 'void' };
    store.put('draws', voided);
    const tickets = voidTickets(voided);
    app.log.warn({ draw: draw.id, tickets }, 'draw voided');
    return { draw: drawView(voided), tickets };
  });

  let ticks = 0;
  async function tick(): Promise<void> {
    drawDue();
    await deliverDue();
    if (++ticks % 600 === 0) store.prune(now(), DAY_MS, RESULTS_KEPT);
  }

  app.decorate('refgames', { store, tick, drawDue, deliverDue });

  const tickMs = options.tickMs ?? 1_000;
  if (tickMs > 0) {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        if (running) return;
        running = tick()
          .catch((err: unknown) => app.log.error({ err }, 'tick failed'))
          .finally(() => {
            running = undefined;
          });
      }, tickMs);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  }
  return app;
}
