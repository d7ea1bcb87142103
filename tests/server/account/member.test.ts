import { expect, it } from 'vitest';
import { call, describeBackends, EN, tokenFor } from '../helpers';

interface MessagePage {
  list: { id: number; title: string; read: boolean }[];
  pageNum: number;
  totalPages: number;
  total: number;
  unreadCount: number;
}

describeBackends('member', ({ server }) => {
  it('returns member info with the upline account and masked contacts', async () => {
    const app = server().app;
    const token = await tokenFor(app, 'demoplayer');
    const { body } = await call<Record<string, unknown>>(app, 'GET', '/wps/member/info', { token });
    expect(body.value).toMatchObject({ account: 'demoplayer', type: 0, toUpline: 'demoagent', passwordSet: true, mobileNum: '917****567', email: 'de***@example.com' });
    const days = (Date.now() - Date.parse(body.value!.regDate as string)) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    const agent = await call<Record<string, unknown>>(app, 'GET', '/wps/member/info', { token: await tokenFor(app, 'demoagent') });
    expect(agent.body.value).toMatchObject({ type: 1, toUpline: null });
  });

  it('returns the wallet balance with 2 decimals from the ledger', async () => {
    const app = server().app;
    const { body } = await call<{ sumBalance: number; currency: string; currencySymbol: string }>(app, 'GET', '/wps/member/wallet', { token: await tokenFor(app, 'demoplayer') });
    expect(body.value).toEqual({ sumBalance: 1240.5, currency: 'PHP', currencySymbol: '\u20b1' });
    const agent = await call<{ sumBalance: number }>(app, 'GET', '/wps/member/wallet', { token: await tokenFor(app, 'demoagent', undefined, { host: EN }), host: EN });
    // demo-en has no reward centre: the seeded deposit of 5,000.00 came with its 20% bonus credited.
    expect(agent.body.value!.sumBalance).toBe(6000);
  });

  it('counts unread messages, pages the inbox and marks a message read', async () => {
    const app = server().app;
    const token = await tokenFor(app, 'demoagent');
    const count = await call<number>(app, 'GET', '/wps/member/unreadCount', { token });
    expect(count.body).toEqual({ success: true, value: 3 });
    const page = await call<MessagePage>(app, 'GET', '/wps/member/messages?page=1&pageSize=2', { token });
    expect(page.body.value).toMatchObject({ pageNum: 1, totalPages: 3, total: 5, unreadCount: 3 });
    expect(page.body.value!.list).toHaveLength(2);
    const unread = page.body.value!.list.find((m) => !m.read)!;
    const read = await call(app, 'POST', `/wps/member/messages/${unread.id}/read`, { token });
    expect(read.body).toEqual({ success: true, value: true });
    expect((await call<number>(app, 'GET', '/wps/member/unreadCount', { token })).body.value).toBe(2);
  });

  it('refuses another member\u2019s message and bad paging input', async () => {
    const app = server().app;
    const agentToken = await tokenFor(app, 'demoagent');
    const page = await call<MessagePage>(app, 'GET', '/wps/member/messages', { token: agentToken });
    const id = page.body.value!.list[0].id;
    const other = await call(app, 'POST', `/wps/member/messages/${id}/read`, { token: await tokenFor(app, 'demoteam3') });
    expect(other.status).toBe(404);
    expect(other.body.errorCode).toBe('not.found');
    const badPage = await call(app, 'GET', '/wps/member/messages?page=0', { token: agentToken });
    expect(badPage.status).toBe(400);
    expect(badPage.body.value).toMatchObject({ field: '/page', location: 'querystring' });
    const badId = await call(app, 'POST', '/wps/member/messages/abc/read', { token: agentToken });
    expect(badId.status).toBe(400);
    expect(badId.body.value).toMatchObject({ field: '/id' });
    const unknownQuery = await call(app, 'GET', '/wps/member/unreadCount?admin=1', { token: agentToken });
    expect(unknownQuery.body.value).toMatchObject({ field: '/admin' });
  });
});
