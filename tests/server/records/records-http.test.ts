/**
 * The member's records over HTTP (schemas/api/reports.json) as an attacker tries them: another
 * member's bet, a bet that does not exist, another tenant's Host, a visitor, a forged cursor and a
 * bad range, each refused with its status and envelope. The records' rules (pages, totals, days,
 * profit and loss, the team's view) are tested on the platform in records.test.ts.
 */
import { expect, it } from 'vitest';
import { shiftDate, zoneDate } from '../../../src/domain/date-range';
import { encodeCursor } from '../../../server/lib/cursor';
import { call, describeBackends, EN, fundedPlayer, uniqueDigits } from '../helpers';
import { placeBet } from '../rebate-helpers';

interface TxnPage {
  list: unknown[];
  totals: { credit: number; debit: number; count: number };
}

const today = () => zoneDate('Asia/Manila');

describeBackends('member records over HTTP', ({ server }) => {
  it("answers 404 for another member's bet and none at all, and nothing of a member to another tenant's Host", async () => {
    const { app } = server();
    const owner = await fundedPlayer(app, 10_000);
    const other = await fundedPlayer(app, 10_000);
    const id = await placeBet(app, owner.memberId, owner.walletId, { stake: 500 });
    const mine = await call(app, 'GET', `/wps/records/bets/${id}`, { token: owner.token });
    expect(mine.status).toBe(200);
    for (const [token, bet] of [
      [other.token, id],
      [owner.token, 9_007_199_254_740_991],
    ] as const) {
      const res = await call(app, 'GET', `/wps/records/bets/${bet}`, { token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, errorCode: 'not.found' });
    }
    expect(JSON.stringify((await call(app, 'GET', '/wps/records/bets?range=30d', { token: other.token })).body)).not.toContain(`"id":${id},`);

    // demo-ph's token on demo-en's Host: not a session of that tenant, whatever the call.
    for (const url of [`/wps/records/bets/${id}`, '/wps/records/bets?range=30d', '/wps/records/transactions', '/wps/records/pnl']) {
      const res = await call(app, 'GET', url, { token: owner.token, host: EN });
      expect(res.status, url).toBe(401);
      expect(res.body.errorCode).toBe('session.invalid');
    }
    // A member of demo-en asking for demo-ph's bet on its own Host.
    const en = await app.db.orm.transaction(async (tx) => {
      const member = await app.repos.members.create(tx, { merchantCode: 'demoen01', username: `e${uniqueDigits(9)}`, type: 0, registerMethod: 'H5', lastLoginAt: new Date() });
      return app.repos.sessions.create(tx, { memberId: member.id, merchantCode: 'demoen01', ip: '127.0.0.1', firstLogin: false });
    });
    const res = await call(app, 'GET', `/wps/records/bets/${id}`, { token: en.token, host: EN });
    expect(res.status).toBe(404);
    // That member has no wallet yet: empty records, not an error.
    const none = await call<TxnPage>(app, 'GET', '/wps/records/transactions?range=30d', { token: en.token, host: EN });
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(none.body.value).toMatchObject({ list: [], totals: { credit: 0, debit: 0, count: 0 } });
    const visitor = await call(app, 'GET', '/wps/records/bets');
    expect(visitor.status).toBe(401);
  });

  it('refuses a forged cursor on /cursor and a bad range on /start or /end', async () => {
    const { app } = server();
    const { token } = await fundedPlayer(app, 1_000);
    const t = today();
    for (const url of ['/wps/records/bets', '/wps/records/transactions']) {
      for (const cursor of ['abc', encodeCursor([1]), encodeCursor(['1', '2', '3']), Buffer.from('1.x').toString('base64url')]) {
        const res = await call(app, 'GET', `${url}?cursor=${cursor}`, { token });
        expect(res.status, `${url} ${cursor}`).toBe(400);
        expect(res.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/cursor' } });
      }
      const invalid = await call(app, 'GET', `${url}?cursor=${encodeURIComponent('a+b/c')}`, { token });
      expect(invalid.status).toBe(400);
      expect(invalid.body.value).toMatchObject({ field: '/cursor' });
    }
    const cases: [string, string, string][] = [
      [`range=custom&start=2026-02-30&end=${t}`, 'date.invalid', '/start'],
      [`range=custom&start=${t}`, 'date.invalid', '/end'],
      [`start=${t}&end=${shiftDate(t, -1)}`, 'date.range.order', '/end'],
      [`range=custom&start=${shiftDate(t, -120)}&end=${t}`, 'date.range.length', '/end'],
      [`range=custom&start=${shiftDate(t, -95)}&end=${shiftDate(t, -90)}`, 'date.range.old', '/start'],
      [`range=custom&start=${t}&end=${shiftDate(t, 1)}`, 'date.range.future', '/end'],
    ];
    for (const url of ['/wps/records/bets', '/wps/records/transactions', '/wps/records/pnl']) {
      for (const [query, code, field] of cases) {
        const res = await call(app, 'GET', `${url}?${query}`, { token });
        expect(res.status, `${url}?${query}`).toBe(400);
        expect(res.body).toMatchObject({ errorCode: code, value: { field } });
      }
    }
    const badType = await call(app, 'GET', '/wps/records/transactions?type=loan', { token });
    expect(badType.status).toBe(400);
    expect(badType.body.value).toMatchObject({ field: '/type' });
    const badCategory = await call(app, 'GET', '/wps/records/bets?category=fish!', { token });
    expect(badCategory.status).toBe(400);
  });
});
