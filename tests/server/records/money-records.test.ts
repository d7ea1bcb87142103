/**
 * The deposit record and the withdrawal record (schemas/api/money-records.json): keyset pages
 * that neither skip nor repeat a row (rows sharing one created_at included), the status filter,
 * the range's totals by state, the tenant's days (today leaves yesterday out), and the attacker's
 * view: another member's rows, another tenant's Host, a visitor, bad cursors and ranges.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { DepositPage, DepositRecord, WithdrawalPage, WithdrawalRecord } from '../../../src/generated/api/money-records';
import { shiftDate, zoneDate, zoneMidnight } from '../../../src/domain/date-range';
import { rows } from '../../../server/db/client';
import { deposits, payoutAccounts, withdrawals } from '../../../server/db/schema';
import { call, describeBackends, EN, expectLedgerClean, fundedPlayer, spinKey } from '../helpers';

const ZONE = 'Asia/Manila';
const MERCHANT = 'demoph01';

/** Noon of the tenant's day `days` before today, as an instant. */
const noonOf = (days: number) => new Date(zoneMidnight(ZONE, shiftDate(zoneDate(ZONE), -days)) + 12 * 3600_000);
/** A moment today that is surely past (the tenant's midnight today), plus `ms`. */
const earlyToday = (ms = 0) => new Date(zoneMidnight(ZONE, zoneDate(ZONE)) + ms);

interface DepositSpec {
  amount: number;
  fee?: number;
  bonus?: number;
  state?: 'pending' | 'paid' | 'rejected' | 'expired' | 'cancelled';
  channelId?: string;
  provider?: 'manual' | 'gateway';
  reason?: string;
  reference?: string;
  at?: Date;
  expiresAt?: Date;
}

/** A deposit row as the deposit services leave it (no money moves: the records only read rows). */
async function addDeposit(app: FastifyInstance, memberId: number, spec: DepositSpec): Promise<number> {
  const at = spec.at ?? new Date();
  const state = spec.state ?? 'pending';
  const [row] = await app.db.orm
    .insert(deposits)
    .values({
      merchantCode: MERCHANT,
      memberId,
      channelId: spec.channelId ?? 'bank',
      provider: spec.provider ?? 'manual',
      amount: spec.amount,
      fee: spec.fee ?? 0,
      bonus: spec.bonus ?? 0,
      state,
      reason: spec.reason ?? null,
      reference: spec.reference ?? null,
      createdAt: at,
      expiresAt: spec.expiresAt ?? new Date(Date.now() + 24 * 3600_000),
      decidedAt: state === 'pending' ? null : new Date(at.getTime() + 60_000),
      decidedBy: state === 'pending' ? null : 'cli:test',
    })
    .returning({ id: deposits.id });
  return row.id;
}

interface WithdrawalSpec {
  amount: number;
  fee?: number;
  state?: 'pending' | 'paid' | 'rejected';
  reason?: string;
  at?: Date;
}

/** A payout account of the member (demo-ph's BPI). */
async function addPayoutAccount(app: FastifyInstance, memberId: number, accountNo = '1234567890'): Promise<number> {
  const [row] = await app.db.orm
    .insert(payoutAccounts)
    .values({ merchantCode: MERCHANT, memberId, kind: 'bank', providerCode: 'BPI', accountNo, holderName: 'Juan Dela Cruz' })
    .returning({ id: payoutAccounts.id });
  return row.id;
}

/** A withdrawal with its ledger postings, as the withdrawal service and an operator's decision write them. */
async function addWithdrawal(app: FastifyInstance, member: { memberId: number; walletId: number }, accountId: number, spec: WithdrawalSpec): Promise<number> {
  const { ledger } = app.repos;
  const fee = spec.fee ?? 0;
  const total = spec.amount + fee;
  const state = spec.state ?? 'pending';
  const at = spec.at ?? new Date();
  return app.db.orm.transaction(async (tx) => {
    const hold = await ledger.holdAccount(tx, MERCHANT, member.memberId, 'PHP');
    const holdTransactionId = await ledger.post(tx, {
      merchantCode: MERCHANT,
      kind: 'WITHDRAWAL_HOLD',
      lines: [
        { accountId: member.walletId, amount: -total },
        { accountId: hold, amount: total },
      ],
    });
    let settleTransactionId: number | null = null;
    if (state !== 'pending') {
      const to = state === 'paid' ? await ledger.houseAccount(tx, MERCHANT, 'PHP', member.memberId) : member.walletId;
      settleTransactionId = await ledger.post(tx, {
        merchantCode: MERCHANT,
        kind: state === 'paid' ? 'WITHDRAWAL_PAID' : 'WITHDRAWAL_RETURNED',
        lines: [
          { accountId: hold, amount: -total },
          { accountId: to, amount: total },
        ],
      });
    }
    const [row] = await tx
      .insert(withdrawals)
      .values({
        merchantCode: MERCHANT,
        memberId: member.memberId,
        payoutAccountId: accountId,
        amount: spec.amount,
        fee,
        state,
        reason: spec.reason ?? null,
        holdTransactionId,
        settleTransactionId,
        createdAt: at,
        decidedAt: state === 'pending' ? null : new Date(at.getTime() + 60_000),
        decidedBy: state === 'pending' ? null : 'cli:test',
      })
      .returning({ id: withdrawals.id });
    return row.id;
  });
}

const getDeposits = (app: FastifyInstance, token: string, query = '', host?: string) => call<DepositPage>(app, 'GET', `/wps/records/deposits${query}`, { token, host });
const getWithdrawals = (app: FastifyInstance, token: string, query = '', host?: string) => call<WithdrawalPage>(app, 'GET', `/wps/records/withdrawals${query}`, { token, host });

/** The answer is valid against the route's response schema. */
function expectContract(app: FastifyInstance, route: 'deposits' | 'withdrawals', body: unknown): void {
  const schema = (app.schemas.route('money-records', route).response as Record<number, object>)[200];
  const validate = app.schemas.bodyAjv.compile(schema);
  expect(validate(body), `${route}: ${JSON.stringify(validate.errors)}`).toBe(true);
}

/** Every page of a list, following nextCursor. */
async function allPages<T>(fetch: (cursor?: string) => Promise<{ status: number; body: { value?: { list: T[]; nextCursor?: string } } }>): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | undefined;
  do {
    const res = await fetch(cursor);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pages.push(res.body.value!.list);
    cursor = res.body.value!.nextCursor;
  } while (cursor && pages.length < 100);
  return pages;
}

/** Newest first: by createdAt, then by id. */
function expectNewestFirst(rows: readonly { id: number; createdAt: string }[]): void {
  for (let i = 1; i < rows.length; i++) {
    const [a, b] = [rows[i - 1], rows[i]];
    const order = Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id;
    expect(order, `${a.id} before ${b.id}`).toBeGreaterThan(0);
  }
}

describeBackends('deposit and withdrawal records', ({ server }) => {
  it('has the indexes of migration 0014', async () => {
    const { app } = server();
    const found = await rows<{ indexname: string }>(
      app.db.orm,
      sql`SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND indexname LIKE '%member%created_idx' ORDER BY indexname`,
    );
    const names = found.map((r) => r.indexname);
    expect(names).toEqual(['deposits_member_created_idx', 'deposits_member_state_created_idx', 'withdrawals_member_created_idx', 'withdrawals_member_state_created_idx']);
  });

  it('pages deposits newest first without gaps or repeats, rows of one instant included, totals unchanged on every page', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    const ids: number[] = [];
    // Five rows share one created_at: the id decides their order and the cursor must keep it.
    const same = earlyToday(3600_000);
    for (let i = 0; i < 5; i++) ids.push(await addDeposit(app, memberId, { amount: 10_000 + i, state: 'paid', at: same }));
    for (let i = 0; i < 18; i++) ids.push(await addDeposit(app, memberId, { amount: 20_000 + i, state: i % 3 === 0 ? 'rejected' : 'paid', reason: i % 3 === 0 ? 'no transfer received' : undefined, at: earlyToday(7200_000 + i * 1000) }));

    const whole = await getDeposits(app, token, '?pageSize=100');
    expect(whole.status, JSON.stringify(whole.body)).toBe(200);
    expectContract(app, 'deposits', whole.body);
    const all = whole.body.value!.list;
    expect(all).toHaveLength(23);
    expect(whole.body.value!.nextCursor).toBeUndefined();
    expect(new Set(all.map((d) => d.id))).toEqual(new Set(ids));
    expectNewestFirst(all);

    for (const size of [1, 4, 5, 7]) {
      const pages = await allPages<DepositRecord>((cursor) => getDeposits(app, token, `?pageSize=${size}${cursor ? `&cursor=${cursor}` : ''}`));
      expect(pages.map((p) => p.length).slice(0, -1).every((n) => n === size)).toBe(true);
      expect(pages.flat().map((d) => d.id), `pageSize ${size}`).toEqual(all.map((d) => d.id));
    }
    // A row added after the first page was read does not shift the pages after it.
    const first = await getDeposits(app, token, '?pageSize=10');
    await addDeposit(app, memberId, { amount: 99_900, state: 'paid', at: earlyToday(23 * 3600_000) });
    const rest = await allPages<DepositRecord>((cursor) => getDeposits(app, token, `?pageSize=10&cursor=${cursor ?? first.body.value!.nextCursor}`));
    expect([...first.body.value!.list, ...rest.flat()].map((d) => d.id)).toEqual(all.map((d) => d.id));
  });

  it('answers each deposit with its channel, money, state, times and reason, and the range totals by state; status keeps one state', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    const paid = await addDeposit(app, memberId, { amount: 100_000, fee: 1_500, bonus: 10_000, state: 'paid', channelId: 'maya', provider: 'gateway', at: earlyToday(1000) });
    const rejected = await addDeposit(app, memberId, { amount: 50_000, state: 'rejected', reason: 'Transfer not found', reference: 'BPI-778899', at: earlyToday(2000) });
    await addDeposit(app, memberId, { amount: 20_000, state: 'cancelled', channelId: 'gcash', provider: 'gateway', at: earlyToday(3000) });
    const pending = await addDeposit(app, memberId, { amount: 30_000, reference: 'BPI-1', at: earlyToday(4000) });
    // Pending past its expiry (no reference sent): answered, and stored, as expired.
    const lapsed = await addDeposit(app, memberId, { amount: 40_000, channelId: 'gcash', provider: 'gateway', at: earlyToday(5000), expiresAt: new Date(Date.now() - 60_000) });
    await addDeposit(app, memberId, { amount: 25_050, fee: 50, state: 'paid', channelId: 'gone', at: earlyToday(7000) });

    const res = await getDeposits(app, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = res.body.value!;
    expectContract(app, 'deposits', res.body);
    expect(page.range).toEqual({ start: zoneDate(ZONE), end: zoneDate(ZONE), timeZone: ZONE });
    expect(page.currency).toBe('PHP');
    const byId = new Map(page.list.map((d) => [d.id, d]));
    expect(byId.get(paid)).toEqual({
      id: paid,
      channelId: 'maya',
      channelName: 'Maya',
      channelKind: 'ewallet',
      provider: 'gateway',
      amount: 1000,
      fee: 15,
      credited: 985,
      bonus: 100,
      state: 'paid',
      createdAt: earlyToday(1000).toISOString(),
      updatedAt: earlyToday(61_000).toISOString(),
      decidedAt: earlyToday(61_000).toISOString(),
      expiresAt: expect.any(String),
    });
    expect(byId.get(rejected)).toMatchObject({ state: 'rejected', reason: 'Transfer not found', reference: 'BPI-778899', channelName: 'BPI InstaPay', channelKind: 'bank', provider: 'manual' });
    expect(byId.get(pending)).toMatchObject({ state: 'pending', reference: 'BPI-1', updatedAt: earlyToday(4000).toISOString() });
    expect(byId.get(pending)).not.toHaveProperty('decidedAt');
    expect(byId.get(pending)).not.toHaveProperty('reason');
    expect(byId.get(lapsed)).toMatchObject({ state: 'expired' });
    expect(page.list.find((d) => d.channelId === 'gone')).toMatchObject({ channelName: 'gone', channelKind: 'other', credited: 250 });

    expect(page.totals).toEqual({
      count: 6,
      credited: 985 + 250,
      bonus: 100,
      states: {
        pending: { count: 1, amount: 300, fee: 0 },
        paid: { count: 2, amount: 1250.5, fee: 15.5 },
        rejected: { count: 1, amount: 500, fee: 0 },
        expired: { count: 1, amount: 400, fee: 0 },
        cancelled: { count: 1, amount: 200, fee: 0 },
      },
    });

    for (const state of ['pending', 'paid', 'rejected', 'expired', 'cancelled'] as const) {
      const filtered = await getDeposits(app, token, `?status=${state}`);
      expect(filtered.status).toBe(200);
      expect(filtered.body.value!.list.length, state).toBe(page.totals.states[state].count);
      expect(filtered.body.value!.list.every((d) => d.state === state)).toBe(true);
      // The totals cover every state whatever the filter.
      expect(filtered.body.value!.totals).toEqual(page.totals);
    }
  });

  it('keeps to the range of the tenant\'s days: today leaves yesterday out', async () => {
    const { app } = server();
    const { token, memberId } = await fundedPlayer(app, 0);
    const today = await addDeposit(app, memberId, { amount: 10_000, state: 'paid' });
    const yesterday = await addDeposit(app, memberId, { amount: 20_000, state: 'paid', at: noonOf(1) });
    const weekAgo = await addDeposit(app, memberId, { amount: 30_000, state: 'paid', at: noonOf(6) });
    const monthAgo = await addDeposit(app, memberId, { amount: 40_000, state: 'paid', at: noonOf(20) });
    // Set in SQL, as a row of another day is written by time passing.
    const older = await addDeposit(app, memberId, { amount: 50_000, state: 'rejected', reason: 'late' });
    await app.db.orm.execute(sql`UPDATE deposits SET created_at = created_at - interval '2 days' WHERE id = ${older}`);

    const ids = async (query: string) => {
      const res = await getDeposits(app, token, query);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.value!.list.map((d) => d.id);
    };
    expect(await ids('')).toEqual([today]);
    expect(await ids('?range=today')).toEqual([today]);
    expect(await ids('?range=yesterday')).toEqual([yesterday]);
    expect(await ids('?range=7d')).toEqual([today, yesterday, older, weekAgo]);
    expect(await ids('?range=30d')).toEqual([today, yesterday, older, weekAgo, monthAgo]);
    const day = shiftDate(zoneDate(ZONE), -6);
    expect(await ids(`?range=custom&start=${day}&end=${day}`)).toEqual([weekAgo]);
    const yesterdayTotals = (await getDeposits(app, token, '?range=yesterday')).body.value!.totals;
    expect(yesterdayTotals.count).toBe(1);
    expect(yesterdayTotals.states.paid).toEqual({ count: 1, amount: 200, fee: 0 });
  });

  it('answers a deposit made through the wallet API', async () => {
    const { app } = server();
    const { token } = await fundedPlayer(app, 0);
    const made = await call<{ id: number }>(app, 'POST', '/wps/wallet/deposits', { token, headers: spinKey(), body: { channelId: 'gcash', amount: 500 } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const res = await getDeposits(app, token);
    expect(res.body.value!.list).toEqual([expect.objectContaining({ id: made.body.value!.id, channelName: 'GCash', amount: 500, bonus: 100, state: 'pending' })]);
  });

  it('answers withdrawals with the payout account masked, the total held, the reason of a rejection, totals by state and keyset pages', async () => {
    const { app } = server();
    const member = await fundedPlayer(app, 5_000_000);
    const account = await addPayoutAccount(app, member.memberId);
    const made: number[] = [];
    for (let i = 0; i < 7; i++) made.push(await addWithdrawal(app, member, account, { amount: 10_000 * (i + 1), fee: 100, state: i % 2 === 0 ? 'paid' : 'rejected', reason: i % 2 === 0 ? undefined : 'Account name does not match', at: earlyToday(1000 * (i + 1)) }));
    made.push(await addWithdrawal(app, member, account, { amount: 25_000, fee: 250, at: earlyToday(60_000) }));

    const res = await getWithdrawals(app, member.token, '?pageSize=100');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = res.body.value!;
    expectContract(app, 'withdrawals', res.body);
    expect(page.list.map((w) => w.id)).toEqual([...made].reverse());
    expect(page.list[0]).toEqual({
      id: made[7],
      amount: 250,
      fee: 2.5,
      total: 252.5,
      state: 'pending',
      payoutAccount: { id: account, kind: 'bank', providerCode: 'BPI', providerName: 'BPI', accountNo: '****7890', holderName: 'Juan Dela Cruz' },
      createdAt: earlyToday(60_000).toISOString(),
      updatedAt: earlyToday(60_000).toISOString(),
    });
    expect(page.list.find((w) => w.id === made[1])).toMatchObject({ state: 'rejected', reason: 'Account name does not match', decidedAt: earlyToday(62_000).toISOString() });
    expect(JSON.stringify(page)).not.toContain('1234567890');
    expect(page.totals).toEqual({
      count: 8,
      states: {
        pending: { count: 1, amount: 250, fee: 2.5 },
        paid: { count: 4, amount: 100 + 300 + 500 + 700, fee: 4 },
        rejected: { count: 3, amount: 200 + 400 + 600, fee: 3 },
      },
    });

    const pages = await allPages<WithdrawalRecord>((cursor) => getWithdrawals(app, member.token, `?pageSize=3${cursor ? `&cursor=${cursor}` : ''}`));
    expect(pages.map((p) => p.length)).toEqual([3, 3, 2]);
    expect(pages.flat().map((w) => w.id)).toEqual(page.list.map((w) => w.id));
    expectNewestFirst(pages.flat());

    const rejected = await getWithdrawals(app, member.token, '?status=rejected&pageSize=2');
    expect(rejected.body.value!.list.map((w) => w.id)).toEqual([made[5], made[3]]);
    const more = await getWithdrawals(app, member.token, `?status=rejected&pageSize=2&cursor=${rejected.body.value!.nextCursor}`);
    expect(more.body.value!.list.map((w) => w.id)).toEqual([made[1]]);
    expect(more.body.value!.nextCursor).toBeUndefined();
    expect(more.body.value!.totals).toEqual(page.totals);

    const yesterday = await getWithdrawals(app, member.token, '?range=yesterday');
    expect(yesterday.body.value!.list).toEqual([]);
    expect(yesterday.body.value!.totals.count).toBe(0);
    await expectLedgerClean(app);
  });

  it("never answers another member's rows, and refuses another tenant's Host and a visitor", async () => {
    const { app } = server();
    const owner = await fundedPlayer(app, 1_000_000);
    await addDeposit(app, owner.memberId, { amount: 10_000, state: 'paid' });
    await addWithdrawal(app, owner, await addPayoutAccount(app, owner.memberId), { amount: 10_000 });
    const other = await fundedPlayer(app, 0);

    for (const query of ['', '?range=30d', '?status=paid', '?status=pending']) {
      const d = await getDeposits(app, other.token, query);
      expect(d.status).toBe(200);
      expect(d.body.value!.list).toEqual([]);
      expect(d.body.value!.totals.count).toBe(0);
      const w = await getWithdrawals(app, other.token, query);
      expect(w.body.value!.list).toEqual([]);
      expect(w.body.value!.totals.count).toBe(0);
    }
    // The owner's cursor in another member's hands only pages the other member's (empty) rows.
    const owned = await getDeposits(app, owner.token, '?pageSize=1');
    const cursor = Buffer.from(`${BigInt(Date.now() + 3600_000) * 1000n}.999999999`).toString('base64url');
    for (const c of [cursor, owned.body.value!.nextCursor ?? cursor]) expect((await getDeposits(app, other.token, `?cursor=${c}`)).body.value!.list).toEqual([]);

    for (const path of ['/wps/records/deposits', '/wps/records/withdrawals']) {
      const foreign = await call(app, 'GET', path, { token: owner.token, host: EN });
      expect(foreign.status).toBe(401);
      expect(foreign.body.errorCode).toBe('session.invalid');
      const visitor = await call(app, 'GET', path);
      expect(visitor.status).toBe(401);
      expect(visitor.body.errorCode).toBe('session.required');
    }
    await expectLedgerClean(app);
  });

  it('refuses bad cursors, ranges, states and page sizes with 400 naming the field', async () => {
    const { app } = server();
    const { token } = await fundedPlayer(app, 0);
    const today = zoneDate(ZONE);
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    const cases: [string, string, string][] = [
      ['?cursor=bm9wZQ', 'validation.failed', '/cursor'],
      ['?cursor=not%20base64!', 'validation.failed', '/cursor'],
      [`?cursor=${b64('1.2.3')}`, 'validation.failed', '/cursor'],
      [`?cursor=${b64('99999999999999999999.1')}`, 'validation.failed', '/cursor'],
      [`?cursor=${b64('1.99999999999999999999')}`, 'validation.failed', '/cursor'],
      [`?cursor=${b64('-5.1')}`, 'validation.failed', '/cursor'],
      [`?cursor=${b64('1700000000000000.0')}`, 'validation.failed', '/cursor'],
      [`?start=${today}&end=${shiftDate(today, -1)}`, 'date.range.order', '/end'],
      [`?start=${shiftDate(today, -120)}&end=${shiftDate(today, -100)}`, 'date.range.old', '/start'],
      [`?start=${shiftDate(today, -90)}&end=${today}`, 'date.range.length', '/end'],
      [`?start=${today}&end=${shiftDate(today, 1)}`, 'date.range.future', '/end'],
      ['?start=2026-02-30&end=2026-03-01', 'date.invalid', '/start'],
      ['?range=custom', 'date.invalid', '/start'],
      ['?range=week', 'validation.failed', '/range'],
      ['?status=approved', 'validation.failed', '/status'],
      ['?pageSize=0', 'validation.failed', '/pageSize'],
      ['?pageSize=101', 'validation.failed', '/pageSize'],
      ['?member=1', 'validation.failed', '/member'],
    ];
    for (const path of ['/wps/records/deposits', '/wps/records/withdrawals']) {
      for (const [query, code, field] of cases) {
        const res = await call(app, 'GET', `${path}${query}`, { token });
        expect(res.status, `${path}${query}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body, `${path}${query}`).toMatchObject({ errorCode: code, value: { field } });
      }
    }
    // Keys no row can have are refused before any query on every (created_at, id) list, not a database error.
    for (const path of ['/wps/records/transactions', '/wps/records/bets']) {
      for (const keys of ['99999999999999999999.1', '1.99999999999999999999', '-5.1', '1700000000000000.0']) {
        const res = await call(app, 'GET', `${path}?cursor=${b64(keys)}`, { token });
        expect(res.status, `${path} ${keys}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/cursor' } });
      }
    }
    // The withdrawal states are not the deposit's.
    expect((await call(app, 'GET', '/wps/records/withdrawals?status=expired', { token })).body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/status' } });
  });
});
