/**
 * The seamless-wallet conformance kit's cases: one per rule and refusal of docs/vendor-wallet.md,
 * played against any wallet over the signed protocol as a vendor would (reference/vendor-protocol).
 * The kit is a public tool: it imports nothing of the platform.
 *
 * Each case is independent (its own rounds and transaction uuids), reads the member's balance
 * before and after wherever money could move, and ends as pass, fail (why) or skipped (what input
 * it needs). The cases run one after the other: they share the test member's balance.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { type Answers, type Call, type Endpoint, type Requests, type Signing, type Status, STATUSES, WalletClient } from '../vendor-protocol/protocol';

/** The stake of the kit's bets (minor units); the test member needs far more (1000.00). */
const STAKE = 100;
const WIN = 250;
/** The stake put to a member whose wager limit is below it. */
const LIMITED_STAKE = 1000;

/** A session the kit opened with a launch token. */
interface Session {
  token: string;
  user: string;
  currency: string;
  game: string;
  /** session/open's answer. */
  opened: Call<'session/open'>;
}

/**
 * A session of the test member that has expired, with two open bets placed on it before it expired
 * (see `prepareExpiredSession`). Good for one run of the kit: the case settles the bets.
 */
export interface ExpiredSession {
  user: string;
  token: string;
  game_code: string;
  currency: string;
  bets: { transaction_uuid: string; round: string; amount: number }[];
}

export interface KitOptions {
  /** The wallet's base for this vendor, for example http://127.0.0.1:8080/vendor/REFGAMES. */
  base: string;
  /** The vendor's key (rsa; `peerPublicKey` is the wallet's public key, '' when not known) or the shared secret (hmac). */
  signing: Signing;
  /** One-time launch tokens of the test member (balance at least 1000.00). */
  launchTokens: string[];
  /** The game to play (default: the one session/open answers). */
  game?: string;
  /** A second game of the vendor, for the duplicate-transaction case's "another game". */
  otherGame?: string;
  /** The member's currency (default: the one session/open answers). */
  currency?: string;
  expired?: ExpiredSession;
  /** A launch token of a member whose wager limit refuses a stake of LIMITED_STAKE (and whose balance covers it). */
  limitedLaunchToken?: string;
  /** A launch token of a self-excluded member. */
  excludedLaunchToken?: string;
  timeoutMs?: number;
}

type Outcome = { result: 'pass' } | { result: 'fail'; reason: string } | { result: 'skip'; needs: string };
export type CaseResult = Outcome & { name: string };

class CaseFailure extends Error {}
class CaseSkipped extends Error {}

function fail(reason: string): never {
  throw new CaseFailure(reason);
}
function skip(needs: string): never {
  throw new CaseSkipped(needs);
}

function describe(call: Call<Endpoint>): string {
  const { status } = call.body;
  if (status === undefined) return `HTTP ${call.http} ${call.raw.slice(0, 80)}`;
  return `HTTP ${call.http} ${status}${STATUSES.includes(status) ? '' : ' (not a status of the protocol)'}`;
}

/** The member data an answer may carry (docs/vendor-wallet.md, Endpoints): nothing personal beyond it. */
const ANSWER_FIELDS: { [E in 'session/open' | 'user/info']: (keyof Answers[E])[] } = {
  'session/open': ['status', 'request_uuid', 'token', 'user', 'currency', 'country', 'lang', 'display_name', 'balance', 'game_code'],
  'user/info': ['status', 'request_uuid', 'user', 'currency', 'country', 'lang', 'display_name', 'registered_at', 'verified', 'is_test'],
};

/** What the cases share: the client, the launch tokens left, and one session of the test member. */
class Kit {
  readonly client: WalletClient;
  private readonly tokens: string[];
  private shared?: Session;
  private opening?: Promise<Session>;

  constructor(readonly options: KitOptions) {
    this.client = new WalletClient({ base: options.base, signing: options.signing, timeoutMs: options.timeoutMs });
    this.tokens = [...options.launchTokens];
  }

  get answersVerifiable(): boolean {
    return this.options.signing.kind === 'hmac' || this.options.signing.peerPublicKey.length > 0;
  }

  takeToken(): string {
    const token = this.tokens.shift();
    if (token === undefined) skip(this.options.launchTokens.length === 0 ? '--launch-token' : 'more launch tokens (--launch-tokens-file)');
    return token as string;
  }

  async open(token: string, what = 'session/open'): Promise<Session> {
    const opened = await this.client.call('session/open', { token });
    expectStatus(opened, 'RS_OK', what);
    const { body } = opened;
    if (typeof body.token !== 'string' || typeof body.user !== 'string') fail(`${what}: the answer has no session token or user`);
    const currency = this.options.currency ?? body.currency;
    const game = this.options.game ?? body.game_code;
    if (typeof currency !== 'string') fail(`${what}: the answer has no currency (give --currency)`);
    if (typeof game !== 'string') fail(`${what}: the answer has no game_code (give --game)`);
    return { token: body.token!, user: body.user!, currency: currency!, game: game!, opened };
  }

  /** The session the cases share; a case that opens one first lends it. Opened once: a failure stands for every case. */
  async session(): Promise<Session> {
    if (this.shared) return this.shared;
    this.opening ??= this.open(this.takeToken());
    this.shared = await this.opening;
    return this.shared;
  }

  lend(session: Session): void {
    this.shared ??= session;
  }

  async balance(s: Session, what = 'user/balance'): Promise<number> {
    const call = await this.client.call('user/balance', { user: s.user, token: s.token, game_code: s.game });
    expectStatus(call, 'RS_OK', what);
    if (!Number.isSafeInteger(call.body.balance)) fail(`${what}: the balance is not an integer of minor units (${String(call.body.balance)})`);
    return call.body.balance!;
  }

  async expectBalance(s: Session, expected: number, what: string): Promise<void> {
    const now = await this.balance(s);
    if (now !== expected) fail(`${what}: user/balance answers ${now}, expected ${expected}`);
  }

  bet(s: Session, o: Partial<Requests['transaction/bet'] & { request_uuid: string; timestamp: number }> = {}) {
    return this.client.call('transaction/bet', {
      user: s.user,
      token: s.token,
      transaction_uuid: randomUUID(),
      round: randomUUID(),
      game_code: s.game,
      currency: s.currency,
      amount: STAKE,
      ...o,
    });
  }

  win(s: Session, bet: { transaction_uuid: string; round: string }, o: Partial<Requests['transaction/win']> = {}) {
    return this.client.call('transaction/win', {
      user: s.user,
      token: s.token,
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: bet.transaction_uuid,
      round: bet.round,
      round_closed: true,
      game_code: s.game,
      currency: s.currency,
      amount: WIN,
      ...o,
    });
  }

  rollback(s: Session, bet: { transaction_uuid: string; round: string }, o: Partial<Requests['transaction/rollback']> = {}) {
    return this.client.call('transaction/rollback', {
      user: s.user,
      token: s.token,
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: bet.transaction_uuid,
      round: bet.round,
      game_code: s.game,
      ...o,
    });
  }
}

function expectStatus(call: Call<Endpoint>, status: Status, what: string, http = status === 'RS_ERROR_INVALID_SIGNATURE' ? 401 : status === 'RS_ERROR_WRONG_TYPES' ? 400 : 200): void {
  if (call.http !== http || call.body.status !== status) fail(`${what}: expected HTTP ${http} ${status}, got ${describe(call)}`);
}

/** An answer's balance, when it must be `expected`. */
function expectAnswerBalance(call: Call<'transaction/bet' | 'transaction/win' | 'transaction/rollback'>, expected: number, what: string): void {
  if (call.body.balance !== expected) fail(`${what}: the answer's balance is ${String(call.body.balance)}, expected ${expected}`);
}

function otherCurrency(currency: string): string {
  return currency === 'USD' ? 'EUR' : 'USD';
}

/** A signing that is not the vendor's: another RSA key, or another secret. */
function foreignSigning(signing: Signing): Signing {
  if (signing.kind === 'hmac') return { kind: 'hmac', secret: `${signing.secret}-not-the-secret` };
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  return { kind: 'rsa', privateKey, peerPublicKey: signing.peerPublicKey };
}

interface Case {
  name: string;
  run(kit: Kit): Promise<void>;
}

export const CASES: Case[] = [
  {
    name: 'session-open-once',
    async run(kit) {
      const token = kit.takeToken();
      const session = await kit.open(token, 'session/open with a fresh launch token');
      kit.lend(session);
      const again = await kit.client.call('session/open', { token });
      if (again.body.status === 'RS_OK' || again.body.token !== undefined) fail(`the launch token opened a second session (${describe(again)})`);
      if (!['RS_ERROR_INVALID_TOKEN', 'RS_ERROR_TOKEN_EXPIRED'].includes(again.body.status)) fail(`a used launch token: expected RS_ERROR_INVALID_TOKEN, got ${describe(again)}`);
      const unknown = await kit.client.call('session/open', { token: randomUUID() });
      expectStatus(unknown, 'RS_ERROR_INVALID_TOKEN', 'session/open with an unknown token');
    },
  },
  {
    name: 'signature-missing',
    async run(kit) {
      const s = await kit.session();
      const before = await kit.balance(s);
      const unsigned = await kit.client.call('user/balance', { user: s.user, token: s.token, game_code: s.game }, { signature: null });
      expectStatus(unsigned, 'RS_ERROR_INVALID_SIGNATURE', 'user/balance without a signature');
      const bet = await kit.client.call('transaction/bet', { user: s.user, token: s.token, transaction_uuid: randomUUID(), round: randomUUID(), game_code: s.game, currency: s.currency, amount: STAKE }, { signature: null });
      expectStatus(bet, 'RS_ERROR_INVALID_SIGNATURE', 'a bet without a signature');
      const empty = await kit.client.call('transaction/bet', { user: s.user, token: s.token, transaction_uuid: randomUUID(), round: randomUUID(), game_code: s.game, currency: s.currency, amount: STAKE }, { signature: '' });
      expectStatus(empty, 'RS_ERROR_INVALID_SIGNATURE', 'a bet with an empty signature');
      await kit.expectBalance(s, before, 'after the unsigned bets');
    },
  },
  {
    name: 'signature-forged',
    async run(kit) {
      const s = await kit.session();
      const before = await kit.balance(s);
      const bet = { user: s.user, token: s.token, transaction_uuid: randomUUID(), round: randomUUID(), game_code: s.game, currency: s.currency, amount: STAKE };
      // Signed, then changed on the way: a smaller stake than the one signed.
      const tampered = await kit.client.call('transaction/bet', bet, { tamper: (raw) => raw.replace(`"amount":${STAKE}`, '"amount":1') });
      expectStatus(tampered, 'RS_ERROR_INVALID_SIGNATURE', 'a bet changed after it was signed');
      const foreign = await kit.client.call('transaction/bet', { ...bet, transaction_uuid: randomUUID() }, { signing: foreignSigning(kit.options.signing) });
      expectStatus(foreign, 'RS_ERROR_INVALID_SIGNATURE', 'a bet signed with another key');
      const garbage = await kit.client.call('user/balance', { user: s.user, token: s.token, game_code: s.game }, { signature: Buffer.from('not a signature').toString('base64') });
      expectStatus(garbage, 'RS_ERROR_INVALID_SIGNATURE', 'user/balance with a made-up signature');
      await kit.expectBalance(s, before, 'after the forged bets');
    },
  },
  {
    name: 'signature-stale',
    async run(kit) {
      const s = await kit.session();
      const before = await kit.balance(s);
      const now = Math.floor(Date.now() / 1000);
      // Well past the 300 seconds allowed, so a wallet's clock a little off does not matter.
      for (const [timestamp, what] of [
        [now - 400, 'a bet signed 400 seconds ago'],
        [now + 400, 'a bet dated 400 seconds ahead'],
      ] as const) {
        const stale = await kit.bet(s, { timestamp });
        expectStatus(stale, 'RS_ERROR_INVALID_SIGNATURE', what);
      }
      await kit.expectBalance(s, before, 'after the stale bets');
    },
  },
  {
    name: 'answers-signed',
    async run(kit) {
      if (!kit.answersVerifiable) skip('--wallet-key');
      const s = await kit.session();
      const calls: [string, Call<Endpoint>][] = [
        ['session/open', s.opened],
        ['user/balance', await kit.client.call('user/balance', { user: s.user, token: s.token, game_code: s.game })],
        ['user/info', await kit.client.call('user/info', { user: s.user })],
        ['a refusal (unknown token)', await kit.client.call('user/balance', { user: s.user, token: randomUUID(), game_code: s.game })],
      ];
      const bet = await kit.bet(s);
      calls.push(['transaction/bet', bet], ['transaction/win', await kit.win(s, bet.sent, { amount: 0 })]);
      for (const [what, call] of calls) if (!call.signed) fail(`the answer to ${what} is not signed with the wallet's key (${describe(call)})`);
    },
  },
  {
    name: 'user-info-no-personal-data',
    async run(kit) {
      const s = await kit.session();
      const info = await kit.client.call('user/info', { user: s.user });
      expectStatus(info, 'RS_OK', 'user/info');
      if (info.body.user !== s.user) fail(`user/info answers user ${String(info.body.user)}, not ${s.user}`);
      for (const [endpoint, body] of [
        ['session/open', s.opened.body],
        ['user/info', info.body],
      ] as const) {
        const allowed: string[] = ANSWER_FIELDS[endpoint];
        const extra = Object.keys(body).filter((key) => !allowed.includes(key));
        if (extra.length > 0) fail(`${endpoint} answers fields the protocol does not have: ${extra.join(', ')}`);
      }
      if (s.user.includes('@')) fail(`user is an e-mail address, not an opaque reference`);
    },
  },
  {
    name: 'balance',
    async run(kit) {
      const s = await kit.session();
      const call = await kit.client.call('user/balance', { user: s.user, token: s.token, game_code: s.game });
      expectStatus(call, 'RS_OK', 'user/balance');
      if (call.body.user !== s.user) fail(`user/balance answers user ${String(call.body.user)}, not ${s.user}`);
      if (call.body.currency !== s.currency) fail(`user/balance answers currency ${String(call.body.currency)}, not ${s.currency}`);
      if (!Number.isSafeInteger(call.body.balance) || call.body.balance! < 0) fail(`user/balance answers balance ${String(call.body.balance)}, not a count of minor units`);
      if (call.body.request_uuid !== call.sent.request_uuid) fail('user/balance does not answer the request_uuid');
    },
  },
  {
    name: 'bet-debits',
    async run(kit) {
      const s = await kit.session();
      const before = await kit.balance(s);
      const bet = await kit.bet(s);
      expectStatus(bet, 'RS_OK', 'a bet');
      expectAnswerBalance(bet, before - STAKE, 'a bet');
      await kit.expectBalance(s, before - STAKE, 'after a bet');
    },
  },
  {
    name: 'win-credits',
    async run(kit) {
      const s = await kit.session();
      const before = await kit.balance(s);
      const bet = await kit.bet(s);
      expectStatus(bet, 'RS_OK', 'a bet');
      const win = await kit.win(s, bet.sent);
      expectStatus(win, 'RS_OK', 'a win');
      expectAnswerBalance(win, before - STAKE + WIN, 'a win');
      await kit.expectBalance(s, before - STAKE + WIN, 'after a bet and its win');
    },
  },
  {
    name: 'request-repeat-same-answer',
    async run(kit) {
      const s = await kit.session();
      const before = await kit.balance(s);
      const first = await kit.bet(s);
      expectStatus(first, 'RS_OK', 'a bet');
      // Another bet moves the balance: a repeat answered afresh would carry the new balance.
      expectStatus(await kit.bet(s), 'RS_OK', 'a second bet');
      const again = await kit.client.call('transaction/bet', first.sent);
      if (again.http !== first.http || again.raw !== first.raw) fail(`the same request_uuid again was answered ${JSON.stringify(again.raw)}, not the first answer ${JSON.stringify(first.raw)}`);
      const win = await kit.win(s, first.sent);
      expectStatus(win, 'RS_OK', 'a win');
      const winAgain = await kit.client.call('transaction/win', win.sent);
      if (winAgain.raw !== win.raw) fail(`the same win request_uuid again was answered ${JSON.stringify(winAgain.raw)}, not ${JSON.stringify(win.raw)}`);
      await kit.expectBalance(s, before - 2 * STAKE + WIN, 'after two bets, a win and their repeats');
    },
  },
  {
    name: 'transaction-repeat-ok',
    async run(kit) {
      const s = await kit.session();
      const before = await kit.balance(s);
      const bet = await kit.bet(s);
      expectStatus(bet, 'RS_OK', 'a bet');
      const { request_uuid: _r, timestamp: _t, ...sameBet } = bet.sent;
      const again = await kit.client.call('transaction/bet', sameBet);
      expectStatus(again, 'RS_OK', 'the same bet with a new request_uuid');
      expectAnswerBalance(again, before - STAKE, 'the same bet with a new request_uuid');
      await kit.expectBalance(s, before - STAKE, 'after the same bet twice');
      const win = await kit.win(s, bet.sent);
      expectStatus(win, 'RS_OK', 'a win');
      const { request_uuid: _wr, timestamp: _wt, ...sameWin } = win.sent;
      const winAgain = await kit.client.call('transaction/win', sameWin);
      expectStatus(winAgain, 'RS_OK', 'the same win with a new request_uuid');
      expectAnswerBalance(winAgain, before - STAKE + WIN, 'the same win with a new request_uuid');
      await kit.expectBalance(s, before - STAKE + WIN, 'after the same win twice');
    },
  },
  {
    name: 'transaction-duplicate-refused',
    async run(kit) {
      const s = await kit.session();
      const before = await kit.balance(s);
      const bet = await kit.bet(s);
      expectStatus(bet, 'RS_OK', 'a bet');
      const { request_uuid: _r, timestamp: _t, ...sent } = bet.sent;
      const variants: [string, Partial<Requests['transaction/bet']>][] = [
        ['another amount', { amount: STAKE + 1 }],
        ['another round', { round: randomUUID() }],
      ];
      if (kit.options.otherGame) variants.push(['another game', { game_code: kit.options.otherGame }]);
      for (const [what, change] of variants) {
        const dup = await kit.client.call('transaction/bet', { ...sent, ...change });
        expectStatus(dup, 'RS_ERROR_DUPLICATE_TRANSACTION', `the bet's transaction_uuid with ${what}`);
      }
      const win = await kit.win(s, bet.sent);
      expectStatus(win, 'RS_OK', 'a win');
      const { request_uuid: _wr, timestamp: _wt, ...winSent } = win.sent;
      const dupWin = await kit.client.call('transaction/win', { ...winSent, amount: WIN + 1 });
      expectStatus(dupWin, 'RS_ERROR_DUPLICATE_TRANSACTION', "the win's transaction_uuid with another amount");
      await kit.expectBalance(s, before - STAKE + WIN, 'after the duplicates');
    },
  },
  {
    name: 'bet-race-moves-once',
    async run(kit) {
      const s = await kit.session();
      const before = await kit.balance(s);
      const bet = { user: s.user, token: s.token, transaction_uuid: randomUUID(), round: randomUUID(), game_code: s.game, currency: s.currency, amount: STAKE };
      const calls = await Promise.all([0, 1, 2, 3].map(() => kit.client.call('transaction/bet', bet)));
      const statuses = calls.map((c) => c.body.status);
      if (!statuses.includes('RS_OK')) fail(`none of four identical bets at once was taken: ${calls.map(describe).join(', ')}`);
      const odd = calls.filter((c) => c.http !== 200 || !['RS_OK', 'RS_ERROR_UNKNOWN'].includes(c.body.status));
      if (odd.length > 0) fail(`identical bets at once answered ${odd.map(describe).join(', ')}`);
      await kit.expectBalance(s, before - STAKE, 'after four identical bets at once');
    },
  },
  {
    name: 'win-unknown-bet',
    async run(kit) {
      const s = await kit.session();
      const before = await kit.balance(s);
      const win = await kit.win(s, { transaction_uuid: randomUUID(), round: randomUUID() });
      expectStatus(win, 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', 'a win for a bet never placed');
      await kit.expectBalance(s, before, 'after a win for a bet never placed');
    },
  },
  {
    name: 'rollback-bet-once',
    async run(kit) {
      const s = await kit.session();
      const before = await kit.balance(s);
      const bet = await kit.bet(s);
      expectStatus(bet, 'RS_OK', 'a bet');
      const rollback = await kit.rollback(s, bet.sent);
      expectStatus(rollback, 'RS_OK', 'a rollback of the bet');
      expectAnswerBalance(rollback, before, 'a rollback of the bet');
      await kit.expectBalance(s, before, 'after a bet and its rollback');
      const { request_uuid: _r, timestamp: _t, ...sent } = rollback.sent;
      const again = await kit.client.call('transaction/rollback', sent);
      expectStatus(again, 'RS_OK', 'the same rollback with a new request_uuid');
      await kit.expectBalance(s, before, 'after the same rollback twice');
      // Another rollback of the same bet (a new transaction_uuid): done before, so RS_OK, and the
      // stake is not credited twice (an error would have the vendor send it again forever).
      const second = await kit.rollback(s, bet.sent);
      expectStatus(second, 'RS_OK', 'another rollback of the rolled-back bet');
      expectAnswerBalance(second, before, 'another rollback of the rolled-back bet');
      await kit.expectBalance(s, before, 'after a second rollback of the bet');
    },
  },
  {
    name: 'rollback-win-debits',
    async run(kit) {
      const s = await kit.session();
      const before = await kit.balance(s);
      const bet = await kit.bet(s);
      expectStatus(bet, 'RS_OK', 'a bet');
      const win = await kit.win(s, bet.sent);
      expectStatus(win, 'RS_OK', 'a win');
      const rollback = await kit.rollback(s, win.sent);
      expectStatus(rollback, 'RS_OK', 'a rollback of the win');
      expectAnswerBalance(rollback, before - STAKE, 'a rollback of the win');
      await kit.expectBalance(s, before - STAKE, 'after a bet, its win and the rollback of the win');
    },
  },
  {
    name: 'win-after-rollback-refused',
    async run(kit) {
      const s = await kit.session();
      const before = await kit.balance(s);
      const bet = await kit.bet(s);
      expectStatus(bet, 'RS_OK', 'a bet');
      expectStatus(await kit.rollback(s, bet.sent), 'RS_OK', 'a rollback of the bet');
      const win = await kit.win(s, bet.sent);
      expectStatus(win, 'RS_ERROR_TRANSACTION_ROLLED_BACK', 'a win for a rolled-back bet');
      await kit.expectBalance(s, before, 'after a win for a rolled-back bet');
    },
  },
  {
    name: 'rollback-before-bet',
    async run(kit) {
      const s = await kit.session();
      const before = await kit.balance(s);
      const late = { transaction_uuid: randomUUID(), round: randomUUID() };
      const rollback = await kit.rollback(s, late);
      expectStatus(rollback, 'RS_OK', 'a rollback of a bet not yet arrived');
      expectAnswerBalance(rollback, before, 'a rollback of a bet not yet arrived');
      await kit.expectBalance(s, before, 'after a rollback of a bet not yet arrived');
      const bet = await kit.bet(s, late);
      expectStatus(bet, 'RS_ERROR_TRANSACTION_ROLLED_BACK', 'the bet arriving after its rollback');
      await kit.expectBalance(s, before, 'after the bet arrived late');
    },
  },
  {
    name: 'not-enough-money',
    async run(kit) {
      const s = await kit.session();
      const before = await kit.balance(s);
      const bet = await kit.bet(s, { amount: before + 1 });
      expectStatus(bet, 'RS_ERROR_NOT_ENOUGH_MONEY', 'a stake of the balance plus one');
      expectAnswerBalance(bet, before, 'a refused stake');
      await kit.expectBalance(s, before, 'after a refused stake');
    },
  },
  {
    name: 'wrong-currency',
    async run(kit) {
      const s = await kit.session();
      const before = await kit.balance(s);
      const other = otherCurrency(s.currency);
      expectStatus(await kit.bet(s, { currency: other }), 'RS_ERROR_WRONG_CURRENCY', `a bet in ${other}`);
      await kit.expectBalance(s, before, `after a bet in ${other}`);
      const bet = await kit.bet(s);
      expectStatus(bet, 'RS_OK', 'a bet');
      expectStatus(await kit.win(s, bet.sent, { currency: other }), 'RS_ERROR_WRONG_CURRENCY', `a win in ${other}`);
      await kit.expectBalance(s, before - STAKE, `after a win in ${other}`);
    },
  },
  {
    name: 'invalid-game',
    async run(kit) {
      const s = await kit.session();
      const before = await kit.balance(s);
      const game = `no-such-game-${randomUUID()}`;
      expectStatus(await kit.bet(s, { game_code: game }), 'RS_ERROR_INVALID_GAME', 'a bet on an unknown game');
      await kit.expectBalance(s, before, 'after a bet on an unknown game');
    },
  },
  {
    name: 'invalid-token',
    async run(kit) {
      const s = await kit.session();
      const before = await kit.balance(s);
      const token = randomUUID();
      expectStatus(await kit.client.call('user/balance', { user: s.user, token, game_code: s.game }), 'RS_ERROR_INVALID_TOKEN', 'user/balance with an unknown token');
      expectStatus(await kit.bet(s, { token }), 'RS_ERROR_INVALID_TOKEN', 'a bet with an unknown token');
      await kit.expectBalance(s, before, 'after a bet with an unknown token');
    },
  },
  {
    name: 'wrong-types',
    async run(kit) {
      const s = await kit.session();
      const before = await kit.balance(s);
      const bad: [string, string, Record<string, unknown>][] = [
        ['a bet without amount', '/amount', { amount: undefined }],
        ['a bet without round', '/round', { round: undefined }],
        ['a bet whose amount is text', '/amount', { amount: String(STAKE) }],
        ['a bet whose amount has a fraction', '/amount', { amount: STAKE + 0.5 }],
      ];
      for (const [what, field, change] of bad) {
        const call = await kit.bet(s, change as Partial<Requests['transaction/bet']>);
        expectStatus(call, 'RS_ERROR_WRONG_TYPES', what);
        if (call.body.field !== field) fail(`${what}: the answer names field ${String(call.body.field)}, not ${field}`);
      }
      await kit.expectBalance(s, before, 'after the malformed bets');
    },
  },
  {
    name: 'expired-token',
    async run(kit) {
      const expired = kit.options.expired ?? skip('--expired-token-file');
      const s = await kit.session();
      if (s.user !== expired.user) fail(`the expired session is of member ${expired.user}, the launch tokens of member ${s.user}: give both of one test member`);
      const on = { ...s, token: expired.token, game: expired.game_code, currency: expired.currency };
      const before = await kit.balance(s);
      const balance = await kit.client.call('user/balance', { user: on.user, token: on.token, game_code: on.game });
      expectStatus(balance, 'RS_ERROR_TOKEN_EXPIRED', 'user/balance with an expired token');
      expectStatus(await kit.bet(on), 'RS_ERROR_TOKEN_EXPIRED', 'a bet with an expired token');
      await kit.expectBalance(s, before, 'after a bet with an expired token');
      const [won, rolled] = expired.bets;
      const win = await kit.win(on, won);
      expectStatus(win, 'RS_OK', 'a win with an expired token for a bet placed before');
      await kit.expectBalance(s, before + WIN, 'after a win with an expired token');
      const rollback = await kit.rollback(on, rolled);
      expectStatus(rollback, 'RS_OK', 'a rollback with an expired token of a bet placed before');
      await kit.expectBalance(s, before + WIN + rolled.amount, 'after a rollback with an expired token');
    },
  },
  {
    name: 'wager-limit',
    async run(kit) {
      const token = kit.options.limitedLaunchToken ?? skip('--limited-launch-token');
      const s = await kit.open(token, 'session/open of the member with a wager limit');
      const before = await kit.balance(s);
      const bet = await kit.bet(s, { amount: LIMITED_STAKE });
      expectStatus(bet, 'RS_ERROR_LIMIT_REACHED', `a stake of ${LIMITED_STAKE} above the member's wager limit`);
      await kit.expectBalance(s, before, 'after a stake refused by the limit');
    },
  },
  {
    name: 'self-exclusion',
    async run(kit) {
      const token = kit.options.excludedLaunchToken ?? skip('--excluded-launch-token');
      const opened = await kit.client.call('session/open', { token });
      // A wallet may refuse the excluded member already at session/open.
      if (opened.body.status === 'RS_ERROR_USER_DISABLED') return;
      expectStatus(opened, 'RS_OK', 'session/open of the self-excluded member (or RS_ERROR_USER_DISABLED)');
      const s = { token: opened.body.token!, user: opened.body.user!, currency: kit.options.currency ?? opened.body.currency!, game: kit.options.game ?? opened.body.game_code!, opened };
      const balance = await kit.client.call('user/balance', { user: s.user, token: s.token, game_code: s.game });
      const bet = await kit.bet(s);
      expectStatus(bet, 'RS_ERROR_USER_DISABLED', "the self-excluded member's bet");
      if (balance.body.status === 'RS_OK') await kit.expectBalance(s, balance.body.balance!, "after the self-excluded member's bet");
    },
  },
];

/** Runs every case, one after the other; `onResult` hears each as it ends. */
export async function runCases(options: KitOptions, onResult?: (result: CaseResult) => void): Promise<CaseResult[]> {
  const kit = new Kit(options);
  const results: CaseResult[] = [];
  for (const c of CASES) {
    let outcome: Outcome;
    try {
      await c.run(kit);
      outcome = { result: 'pass' };
    } catch (err) {
      if (err instanceof CaseSkipped) outcome = { result: 'skip', needs: err.message };
      else if (err instanceof CaseFailure) outcome = { result: 'fail', reason: err.message };
      else outcome = { result: 'fail', reason: `the wallet could not be reached or answered no protocol: ${(err as Error).message}` };
    }
    const result = { name: c.name, ...outcome };
    results.push(result);
    onResult?.(result);
  }
  return results;
}

/**
 * For an operator preparing `--expired-token-file`: opens a session of the test member with a
 * launch token and places two open bets on it. The operator then expires that session (its own
 * way) and writes the answer as JSON to the file.
 */
export async function prepareExpiredSession(options: Pick<KitOptions, 'base' | 'signing' | 'game' | 'currency' | 'timeoutMs'>, launchToken: string): Promise<ExpiredSession> {
  const kit = new Kit({ ...options, launchTokens: [] });
  try {
    const s = await kit.open(launchToken);
    const bets: ExpiredSession['bets'] = [];
    for (let i = 0; i < 2; i++) {
      const bet = await kit.bet(s);
      expectStatus(bet, 'RS_OK', 'a bet on the session to expire');
      bets.push({ transaction_uuid: bet.sent.transaction_uuid, round: bet.sent.round, amount: bet.sent.amount });
    }
    return { user: s.user, token: s.token, game_code: s.game, currency: s.currency, bets };
  } catch (err) {
    if (err instanceof CaseFailure || err instanceof CaseSkipped) throw new Error(err.message);
    throw err;
  }
}
