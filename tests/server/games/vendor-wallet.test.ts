/**
 * The seamless wallet of outside game vendors (docs/vendor-wallet.md) on both databases: the
 * vendor is a client on another origin that signs its requests (reference/vendor-protocol) and
 * checks the platform's signed answers. Each rule of the document, and the attacker's tests:
 * forged, missing and stale signatures, replays, the same transaction at once, another member's
 * token or bet. Every test ends with `ops ledger check` clean.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rows } from '../../../server/db/client';
import { exclude } from '../../../server/modules/protection/services/exclusions';
import { makeRealityDue } from '../../../server/modules/protection/services/reality-check';
import { call, describeBackends, expectLedgerClean, fundedPlayer, listening } from '../helpers';
import { balanceOf, HMAC_SECRET, openedPlayer, startFakeVendor, vendorOptions, walletClient, walletRows, WALLET_KEYS, type FakeVendor } from './vendor-wallet-helpers';

const vendor: FakeVendor = await startFakeVendor();
afterAll(() => vendor.close());

/** Every line the app logs (the refusal of a forged request must not carry its body). */
const logs: string[] = [];

interface BetLike {
  user: string;
  token: string;
  transaction_uuid: string;
  round: string;
  game_code: string;
  currency: string;
  amount: number;
}

describeBackends(
  'vendor seamless wallet',
  ({ server }) => {
    let client: Awaited<ReturnType<typeof walletClient>>;
    beforeAll(async () => {
      client = await walletClient(server().app);
    });

    type Opened = Awaited<ReturnType<typeof openedPlayer>>;
    const betOf = (p: Opened, amount: number, round = randomUUID(), transaction_uuid = randomUUID()): BetLike => ({
      user: p.user,
      token: p.session,
      transaction_uuid,
      round,
      game_code: p.game.gameId,
      currency: 'PHP',
      amount,
    });
    const winOf = (p: Opened, bet: BetLike, amount: number, transaction_uuid = randomUUID()) => ({
      user: p.user,
      token: p.session,
      transaction_uuid,
      reference_transaction_uuid: bet.transaction_uuid,
      round: bet.round,
      round_closed: true,
      game_code: p.game.gameId,
      currency: 'PHP',
      amount,
    });
    const rollbackOf = (p: Opened, ref: { transaction_uuid: string; round: string }, transaction_uuid = randomUUID()) => ({
      user: p.user,
      token: p.session,
      transaction_uuid,
      reference_transaction_uuid: ref.transaction_uuid,
      round: ref.round,
      game_code: p.game.gameId,
    });
    const betRow = async (memberId: number) =>
      rows<{ stake: string | number; win: string | number; vassalage: string; balance_after: string | number }>(server().app.db.orm, sql`SELECT stake, win, vassalage, balance_after FROM bets WHERE member_id = ${memberId} ORDER BY id`);

    it('publishes the platform key, and session/open spends the launch token once for a session token', async () => {
      const { app } = server();
      const pem = await call(app, 'GET', '/vendor/wallet-key.pem', { host: 'vendor-callbacks.invalid' });
      expect(pem.res.statusCode).toBe(200);
      expect(pem.res.body.trim()).toBe(WALLET_KEYS.publicKey.trim());

      const p = await openedPlayer(app, client, 50_000);
      expect(p.opened.signed).toBe(true);
      expect(p.opened.body).toMatchObject({ status: 'RS_OK', user: String(p.memberId), currency: 'PHP', country: 'PH', balance: 50_000, game_code: p.game.gameId });
      expect(p.opened.body.display_name).toMatch(/\*\*\*/);
      // The same request again: the same answer byte for byte (the vendor's retry keeps its token).
      const again = await client.call('session/open', p.opened.sent);
      expect(again.raw).toBe(p.opened.raw);
      // A new request with the spent launch token: refused.
      const spent = await client.call('session/open', { token: p.opened.sent.token });
      expect(spent.body.status).toBe('RS_ERROR_TOKEN_EXPIRED');
      const unknown = await client.call('session/open', { token: 'x'.repeat(43) });
      expect(unknown.body.status).toBe('RS_ERROR_INVALID_TOKEN');

      const info = await client.call('user/info', { user: p.user });
      expect(info.body).toMatchObject({ status: 'RS_OK', user: p.user, currency: 'PHP', verified: false, is_test: false });
      const stranger = await fundedPlayer(app, 0);
      expect((await client.call('user/info', { user: String(stranger.memberId) })).body.status).toBe('RS_ERROR_INVALID_TOKEN');
    });

    it('rule 1: a repeated request_uuid answers the first answer byte for byte and moves nothing (balance excepted)', async () => {
      const { app } = server();
      const p = await openedPlayer(app, client, 10_000);
      const first = await client.call('transaction/bet', betOf(p, 1_000));
      expect(first.body).toMatchObject({ status: 'RS_OK', balance: 9_000 });
      expect(first.signed).toBe(true);
      const before = await walletRows(app);
      const replay = await client.call('transaction/bet', first.sent);
      expect(replay.raw).toBe(first.raw);
      expect(replay.signed).toBe(true);
      expect(await walletRows(app)).toEqual(before);
      expect(await balanceOf(app, p.memberId)).toBe(9_000);

      const balanceCall = { user: p.user, token: p.session, game_code: p.game.gameId, request_uuid: randomUUID() };
      expect((await client.call('user/balance', balanceCall)).body.balance).toBe(9_000);
      await client.call('transaction/bet', betOf(p, 500));
      expect((await client.call('user/balance', balanceCall)).body.balance).toBe(8_500);
      await expectLedgerClean(app);
    });

    it('rule 2: a transaction_uuid is processed once; another content is a duplicate; two at once move money once', async () => {
      const { app } = server();
      const p = await openedPlayer(app, client, 10_000);
      const bet = betOf(p, 2_000);
      expect((await client.call('transaction/bet', bet)).body.balance).toBe(8_000);
      const again = await client.call('transaction/bet', bet);
      expect(again.body).toMatchObject({ status: 'RS_OK', balance: 8_000 });
      expect((await client.call('transaction/bet', { ...bet, amount: 2_001 })).body.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
      expect((await client.call('transaction/bet', { ...bet, round: randomUUID() })).body.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
      expect(await balanceOf(app, p.memberId)).toBe(8_000);

      const twin = betOf(p, 1_000);
      const answers = await Promise.all([client.call('transaction/bet', twin), client.call('transaction/bet', twin), client.call('transaction/bet', twin)]);
      for (const a of answers) expect(a.body.status).toBe('RS_OK');
      expect(await balanceOf(app, p.memberId)).toBe(7_000);

      const win = winOf(p, twin, 5_000);
      const wins = await Promise.all([client.call('transaction/win', win), client.call('transaction/win', win)]);
      for (const a of wins) expect(a.body.status).toBe('RS_OK');
      expect(await balanceOf(app, p.memberId)).toBe(12_000);
      expect((await client.call('transaction/win', { ...win, amount: 5_001 })).body.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
      await expectLedgerClean(app);
    });

    it('rules 3 and 4: a win or rollback of an unknown bet; a rollback before its bet is kept and refuses the late bet', async () => {
      const { app } = server();
      const p = await openedPlayer(app, client, 10_000);
      const ghost = betOf(p, 1_000);
      expect((await client.call('transaction/win', winOf(p, ghost, 500))).body.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      const early = await client.call('transaction/rollback', rollbackOf(p, ghost));
      expect(early.body).toMatchObject({ status: 'RS_OK', balance: 10_000 });
      const late = await client.call('transaction/bet', ghost);
      expect(late.body.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
      expect((await client.call('transaction/win', winOf(p, ghost, 500))).body.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
      expect(await balanceOf(app, p.memberId)).toBe(10_000);
      expect(await betRow(p.memberId)).toEqual([]);
      await expectLedgerClean(app);
    });

    it('rule 5: a rollback is done once; a bet rolled back credits the stake, a win rolled back takes what is there', async () => {
      const { app } = server();
      const p = await openedPlayer(app, client, 10_000);
      const bet = betOf(p, 3_000);
      await client.call('transaction/bet', bet);
      const undo = rollbackOf(p, bet);
      expect((await client.call('transaction/rollback', undo)).body.balance).toBe(10_000);
      expect((await client.call('transaction/rollback', undo)).body).toMatchObject({ status: 'RS_OK', balance: 10_000 });
      expect((await client.call('transaction/rollback', rollbackOf(p, bet))).body).toMatchObject({ status: 'RS_OK', balance: 10_000 });
      expect((await client.call('transaction/win', winOf(p, bet, 9_000))).body.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
      expect(await balanceOf(app, p.memberId)).toBe(10_000);

      // A win of 8,000 undone after the member spent most of it: the wallet goes to zero, not below.
      const second = betOf(p, 1_000);
      await client.call('transaction/bet', second);
      const win = winOf(p, second, 8_000);
      expect((await client.call('transaction/win', win)).body.balance).toBe(17_000);
      await client.call('transaction/bet', betOf(p, 12_000));
      expect(await balanceOf(app, p.memberId)).toBe(5_000);
      const taken = await client.call('transaction/rollback', rollbackOf(p, win));
      expect(taken.body).toMatchObject({ status: 'RS_OK', balance: 0 });
      const [row] = await rows<{ amount: string | number; shortfall: string | number }>(
        app.db.orm,
        sql`SELECT amount, shortfall FROM vendor_transactions WHERE vendor = 'REFGAMES' AND transaction_uuid = ${taken.sent.transaction_uuid}`,
      );
      expect({ amount: Number(row.amount), shortfall: Number(row.shortfall) }).toEqual({ amount: 5_000, shortfall: 3_000 });
      const kinds = await rows<{ kind: string }>(app.db.orm, sql`SELECT DISTINCT t.kind FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id WHERE e.account_id = ${p.walletId} ORDER BY 1`);
      expect(kinds.map((k) => k.kind)).toEqual(['BET', 'BET_ROLLBACK', 'DEPOSIT', 'PAYOUT', 'PAYOUT_ROLLBACK']);
      await expectLedgerClean(app);
    });

    it('rule 6: token expiry refuses bets and balance calls, never wins and rollbacks', async () => {
      const { app } = server();
      const p = await openedPlayer(app, client, 10_000);
      const bet = betOf(p, 1_000);
      await client.call('transaction/bet', bet);
      // The member logs out: the session and its play token are over.
      await app.db.orm.execute(sql`UPDATE sessions SET revoked_at = now() WHERE member_id = ${p.memberId}`);
      expect((await client.call('transaction/bet', betOf(p, 1_000))).body.status).toBe('RS_ERROR_TOKEN_EXPIRED');
      expect((await client.call('user/balance', { user: p.user, token: p.session, game_code: p.game.gameId })).body.status).toBe('RS_ERROR_TOKEN_EXPIRED');
      expect((await client.call('transaction/win', winOf(p, bet, 4_000))).body).toMatchObject({ status: 'RS_OK', balance: 13_000 });
      // Housekeeping deleted the expired token: the win of the member's bet is still taken.
      await app.db.orm.execute(sql`DELETE FROM game_tokens WHERE member_id = ${p.memberId}`);
      const other = betOf(p, 1_000);
      expect((await client.call('transaction/rollback', rollbackOf(p, bet))).body).toMatchObject({ status: 'RS_OK', balance: 14_000 });
      expect((await client.call('transaction/bet', other)).body.status).toBe('RS_ERROR_INVALID_TOKEN');
      await expectLedgerClean(app);
    });

    it('rule 7: not enough money answers the balance and writes nothing', async () => {
      const { app } = server();
      const p = await openedPlayer(app, client, 1_000);
      const before = await walletRows(app);
      const refused = await client.call('transaction/bet', betOf(p, 1_001));
      expect(refused.body).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 1_000, currency: 'PHP', user: p.user });
      expect(refused.signed).toBe(true);
      expect(await walletRows(app)).toEqual(before);
      expect((await client.call('transaction/bet', betOf(p, 1_000))).body.balance).toBe(0);
      await expectLedgerClean(app);
    });

    it('rule 8: bets respect exclusions, wager and loss limits, the session limit and a due reality check; wins are always taken', async () => {
      const { app } = server();
      const tenant = app.tenants.byMerchant('demoph01')!;

      const limited = await openedPlayer(app, client, 10_000);
      const put = await call(app, 'PUT', '/wps/member/limits', { token: limited.token, body: { kind: 'wager', period: 'day', value: 15 } });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      const first = betOf(limited, 1_000);
      expect((await client.call('transaction/bet', first)).body.status).toBe('RS_OK');
      expect((await client.call('transaction/bet', betOf(limited, 600))).body).toMatchObject({ status: 'RS_ERROR_LIMIT_REACHED', reason: 'wager' });

      const losing = await openedPlayer(app, client, 10_000);
      await call(app, 'PUT', '/wps/member/limits', { token: losing.token, body: { kind: 'loss', period: 'day', value: 5 } });
      expect((await client.call('transaction/bet', betOf(losing, 600))).body).toMatchObject({ status: 'RS_ERROR_LIMIT_REACHED', reason: 'loss' });

      const timedOut = await openedPlayer(app, client, 10_000);
      const before = betOf(timedOut, 1_000);
      await client.call('transaction/bet', before);
      // An exclusion in force (as an operator's, which leaves the session): the member is disabled.
      await app.db.orm.execute(
        sql`INSERT INTO member_exclusions (merchant_code, member_id, kind, period, starts_at, ends_at) VALUES ('demoph01', ${timedOut.memberId}, 'timeout', '24h', now(), now() + interval '1 day')`,
      );
      expect((await client.call('transaction/bet', betOf(timedOut, 100))).body).toMatchObject({ status: 'RS_ERROR_USER_DISABLED', reason: 'excluded' });
      expect((await client.call('transaction/win', winOf(timedOut, before, 2_500))).body).toMatchObject({ status: 'RS_OK', balance: 11_500 });

      // The member's own time-out ends its sessions: the play token with them.
      const own = await openedPlayer(app, client, 10_000);
      const placed = betOf(own, 1_000);
      await client.call('transaction/bet', placed);
      await exclude(app, tenant, own.memberId, 'timeout', '24h');
      expect((await client.call('transaction/bet', betOf(own, 100))).body.status).toBe('RS_ERROR_TOKEN_EXPIRED');
      expect((await client.call('transaction/win', winOf(own, placed, 500))).body).toMatchObject({ status: 'RS_OK', balance: 9_500 });

      const frozen = await openedPlayer(app, client, 10_000);
      await app.db.orm.execute(sql`UPDATE members SET status = 'DISABLED' WHERE id = ${frozen.memberId}`);
      expect((await client.call('transaction/bet', betOf(frozen, 100))).body).toMatchObject({ status: 'RS_ERROR_USER_DISABLED', reason: 'disabled' });

      const reality = await openedPlayer(app, client, 10_000);
      await makeRealityDue(app, tenant, (await app.repos.sessions.findWithMember(reality.token))!);
      expect((await client.call('transaction/bet', betOf(reality, 100))).body).toMatchObject({ status: 'RS_ERROR_LIMIT_REACHED', reason: 'reality_check' });

      const sessioned = await openedPlayer(app, client, 10_000);
      await call(app, 'PUT', '/wps/member/limits', { token: sessioned.token, body: { kind: 'session', period: 'session', value: 30 } });
      await app.db.orm.execute(sql`UPDATE sessions SET created_at = now() - interval '31 minutes' WHERE member_id = ${sessioned.memberId}`);
      expect((await client.call('transaction/bet', betOf(sessioned, 100))).body).toMatchObject({ status: 'RS_ERROR_LIMIT_REACHED', reason: 'session' });
      await expectLedgerClean(app);
    });

    it('rule 9: the currency of a bet or win is the wallet\'s; a game of another vendor is refused', async () => {
      const { app } = server();
      const p = await openedPlayer(app, client, 10_000);
      const bet = betOf(p, 1_000);
      expect((await client.call('transaction/bet', { ...bet, currency: 'USD' })).body.status).toBe('RS_ERROR_WRONG_CURRENCY');
      await client.call('transaction/bet', bet);
      expect((await client.call('transaction/win', { ...winOf(p, bet, 100), currency: 'USD' })).body.status).toBe('RS_ERROR_WRONG_CURRENCY');
      expect((await client.call('transaction/bet', { ...betOf(p, 100), game_code: 'no-such-game' })).body.status).toBe('RS_ERROR_INVALID_GAME');
      expect(await balanceOf(app, p.memberId)).toBe(9_000);
      await expectLedgerClean(app);
    });

    it('rule 10: a round is one bets row that its bets, wins and rollbacks change, and bet_days with it', async () => {
      const { app } = server();
      const p = await openedPlayer(app, client, 10_000);
      const round = randomUUID();
      const a = betOf(p, 1_000, round);
      const b = betOf(p, 500, round);
      await client.call('transaction/bet', a);
      await client.call('transaction/bet', b);
      await client.call('transaction/win', winOf(p, a, 4_000));
      const bets = await betRow(p.memberId);
      expect(bets).toHaveLength(1);
      expect([Number(bets[0].stake), Number(bets[0].win), Number(bets[0].balance_after), bets[0].vassalage]).toEqual([1_500, 4_000, 12_500, 'LUCKYREEL']);
      await client.call('transaction/rollback', rollbackOf(p, b));
      const [after] = await betRow(p.memberId);
      expect([Number(after.stake), Number(after.win)]).toEqual([1_000, 4_000]);
      const [day] = await rows<{ bet_count: number; stake: string | number; win: string | number; valid_turnover: string | number }>(
        app.db.orm,
        sql`SELECT bet_count, stake, win, valid_turnover FROM bet_days WHERE member_id = ${p.memberId}`,
      );
      expect([Number(day.bet_count), Number(day.stake), Number(day.win), Number(day.valid_turnover)]).toEqual([1, 1_000, 4_000, 1_000]);
      // The betting record and the cash back read the round as they read an in-house spin.
      const record = await call<{ totals: { count: number; stake: number; validTurnover: number; win: number } }>(app, 'GET', '/wps/records/bets?range=today&pageSize=5&language=EN', { token: p.token });
      expect(record.body.value!.totals).toMatchObject({ count: 1, stake: 10, validTurnover: 10, win: 40 });
      const accrued = await call<{ total: number; categories: { gameType: string }[] }>(app, 'GET', '/wps/rebates/accrued', { token: p.token });
      expect(accrued.status, JSON.stringify(accrued.body)).toBe(200);
      expect(accrued.body.value!.categories.map((c) => c.gameType)).toContain('RNG');
      await expectLedgerClean(app);
    });

    it('an hmac vendor signs with its secret; answers to it are signed with the secret', async () => {
      const { app } = server();
      const hmac = await walletClient(app, 'HMACGAMES', { kind: 'hmac', secret: HMAC_SECRET });
      const p = await openedPlayer(app, hmac, 5_000, 'REEFHUNT');
      expect(p.opened.signed).toBe(true);
      const bet = await hmac.call('transaction/bet', betOf(p, 1_000));
      expect(bet.body).toMatchObject({ status: 'RS_OK', balance: 4_000 });
      expect(bet.signed).toBe(true);
      // REFGAMES's launch tokens and session tokens are not HMACGAMES's.
      expect((await client.call('user/balance', { user: p.user, token: p.session, game_code: p.game.gameId })).body.status).toBe('RS_ERROR_INVALID_TOKEN');
      await expectLedgerClean(app);
    });

    it('attack: forged, missing, tampered and stale signatures answer 401, write nothing and log no body', async () => {
      const { app } = server();
      const p = await openedPlayer(app, client, 10_000);
      const before = await walletRows(app);
      const secretMarker = `marker-${randomUUID()}`;
      const bet = { ...betOf(p, 1_000), round: secretMarker };
      const forged = await client.call('transaction/bet', bet, { signing: { kind: 'rsa', privateKey: WALLET_KEYS.privateKey, peerPublicKey: WALLET_KEYS.publicKey } });
      const missing = await client.call('transaction/bet', bet, { signature: null });
      const tampered = await client.call('transaction/bet', bet, { tamper: (raw) => raw.replace('"amount":1000', '"amount":1') });
      const stale = await client.call('transaction/bet', { ...bet, timestamp: Math.floor(Date.now() / 1000) - 301 });
      const future = await client.call('transaction/bet', { ...bet, timestamp: Math.floor(Date.now() / 1000) + 301 });
      for (const r of [forged, missing, tampered, stale, future]) {
        expect(r.http).toBe(401);
        expect(JSON.parse(r.raw)).toEqual({ status: 'RS_ERROR_INVALID_SIGNATURE' });
      }
      // The shape is checked only once signed: a malformed signed body is 400 with the field.
      const shape = await client.call('transaction/bet', { ...betOf(p, 1_000), amount: 'ten' as unknown as number });
      expect(shape.http).toBe(400);
      expect(shape.body).toEqual({ status: 'RS_ERROR_WRONG_TYPES', field: '/amount' });
      expect(await walletRows(app)).toEqual(before);
      expect(await balanceOf(app, p.memberId)).toBe(10_000);
      expect(logs.some((l) => l.includes('vendor wallet request refused'))).toBe(true);
      expect(logs.some((l) => l.includes(secretMarker))).toBe(false);
      // An unknown vendor code.
      const stranger = await fetch(`${await listening(app, '127.0.0.1')}/vendor/NOBODY/transaction/bet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(stranger.status).toBe(404);
    });

    it('attack: another member\'s token, another tenant\'s member, and a win for another member\'s bet', async () => {
      const { app } = server();
      const mine = await openedPlayer(app, client, 10_000);
      const theirs = await openedPlayer(app, client, 10_000);
      // A member of the other tenant (demo-en) with the token of a demo-ph member.
      const [en] = await rows<{ id: string | number }>(app.db.orm, sql`SELECT id FROM members WHERE merchant_code = 'demoen01' ORDER BY id LIMIT 1`);
      for (const user of [theirs.user, String(en.id)]) {
        expect((await client.call('transaction/bet', { ...betOf(mine, 100), user })).body.status).toBe('RS_ERROR_INVALID_TOKEN');
        expect((await client.call('user/balance', { user, token: mine.session, game_code: mine.game.gameId })).body.status).toBe('RS_ERROR_INVALID_TOKEN');
      }
      const theirBet = betOf(theirs, 1_000);
      await client.call('transaction/bet', theirBet);
      // My token and user, their bet: it is not mine.
      expect((await client.call('transaction/win', { ...winOf(mine, theirBet, 50_000) })).body.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      expect((await client.call('transaction/rollback', rollbackOf(mine, theirBet))).body.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      expect(await balanceOf(app, mine.memberId)).toBe(10_000);
      expect(await balanceOf(app, theirs.memberId)).toBe(9_000);
      await expectLedgerClean(app);
    });
  },
  {
    ...vendorOptions(vendor.url),
    logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } },
  },
);
