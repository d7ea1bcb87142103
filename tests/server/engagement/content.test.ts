import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageProvider, OutgoingMessage } from '../../../server/providers/types';
import { call, describeBackends, EN, login, nextIp, SMS_CODE, startServer, tokenFor, type TestServer } from '../helpers';
import { sql } from 'drizzle-orm';
import { rows } from '../../../server/db/client';

interface Announcements {
  banners: { id: number; title: string; url: string }[];
  notices: { id: number; title: string; content: string }[];
  popups: { id: number; execution: string; promotionType: string | null }[];
  hotMatches: { league: string; homeTeam: string; matchTime: string }[];
  agentNotices: { id: number; read: boolean }[];
  footer: { unreadCount: number };
}

const HOME = '/wps/announcements?types=B,PL,PU,H&groupName=m_home&platform=M';

describeBackends('announcements, promotions, affiliate codes, captcha, outbox', ({ server }) => {
  it('serves banners, notices, popups and hot matches of the home page to a visitor', async () => {
    const { body } = await call<Announcements>(server().app, 'GET', `${HOME}&lang=EN`);
    const v = body.value!;
    expect(v.banners).toHaveLength(3);
    expect(v.banners[0].url).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(v.notices.map((n) => n.title)).toContain('Scheduled maintenance');
    expect(v.popups.map((p) => p.execution)).toEqual(['B']);
    expect(v.hotMatches).toHaveLength(4);
    expect(v.hotMatches[0]).toMatchObject({ league: 'Asia Basketball League', homeTeam: 'Manila Comets' });
    expect(v.agentNotices).toEqual([]);
    expect(v.footer.unreadCount).toBe(0);
  });

  it('serves Filipino notices in TY, the registration banner, and popups by audience', async () => {
    const app = server().app;
    const ty = await call<Announcements>(app, 'GET', `${HOME}&lang=TY`);
    expect(ty.body.value!.notices[0].title).toBe('Nakatakdang maintenance');
    // Banners are the reader's language too, their picture drawn with that title (demo-ph reads Filipino by default).
    const reg = await call<Announcements>(app, 'GET', '/wps/announcements?types=B&groupName=m_reg');
    expect(reg.body.value!.banners.map((b) => b.title)).toEqual(['Magparehistro at maglaro']);
    const regEn = await call<Announcements>(app, 'GET', '/wps/announcements?types=B&groupName=m_reg&lang=EN');
    expect(regEn.body.value!.banners.map((b) => b.title)).toEqual(['Register and play']);
    const home = ty.body.value!.banners;
    expect(home.map((b) => b.title)).toEqual(['Bonus sa pagsali 100%', 'Araw-araw na cashback', 'Mag-imbita, kumita pa']);
    const drawn = (url: string) => Buffer.from(url.split(',')[1], 'base64').toString('utf8');
    expect(drawn(home[0].url)).toContain('>Bonus sa<');
    expect(drawn(home[0].url)).not.toContain('Welcome');
    const member = await call<Announcements>(app, 'GET', HOME, { token: await tokenFor(app, 'demoteam3') });
    expect(member.body.value!.popups.map((p) => p.execution)).toEqual(['A']);
  });

  it('gives a first-time login the F popups too', async () => {
    const app = server().app;
    const { body } = await call<{ token: string; firstTimeLogin: boolean }>(app, 'POST', '/wps/session/login/freeplay', { ip: nextIp() });
    // Trial sessions are not first-time logins; a member's first session is.
    expect(body.value!.firstTimeLogin).toBe(false);
    const { id, code } = await app.repos.captchas.create();
    const { callEncrypted } = await import('../helpers');
    const reg = await callEncrypted<{ token: string }>(app, 'PUT', '/wps/member/register', {
      username: `pop${Date.now() % 1e8}`,
      password: 'Secret123',
      confirmPassword: 'Secret123',
      captcha: code,
      captchaId: id,
    }, { host: EN, ip: nextIp() });
    const popups = await call<Announcements>(app, 'GET', HOME, { host: EN, token: reg.body.value!.token });
    // demo-en runs no missions: the members' missions popup (A, MISSION) is not among them.
    expect(popups.body.value!.popups.map((p) => [p.execution, p.promotionType])).toEqual([['F', null]]);
    const ph = await call<Announcements>(app, 'GET', HOME, { token: await tokenFor(app, 'demoteam3') });
    expect(ph.body.value!.popups.map((p) => [p.execution, p.promotionType])).toEqual([['A', 'MISSION']]);
  });

  it('seeds no banner or popup that links to a route the tenant gates off', async () => {
    const app = server().app;
    const linksOf = async (merchant: string) => {
      const found = await rows<{ link_url: string | null; content: string | null }>(app.db.orm, sql`SELECT link_url, content FROM announcements WHERE merchant_code = ${merchant}`);
      return found.flatMap((a) => [a.link_url ?? '', ...[...(a.content ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1])]);
    };
    // demo-en has no reward centre (REWCEN3 off); demo-ph has one.
    expect((await linksOf('demoen01')).filter((l) => l.includes('/m/rewardCenter'))).toEqual([]);
    expect((await linksOf('demoen01')).length).toBeGreaterThan(0);
    expect((await linksOf(app.tenants.byHost(undefined)!.merchantCode)).some((l) => l.includes('/m/rewardCenter'))).toBe(true);
  });

  it('serves agent notices with an unread count that drops when one is read', async () => {
    const app = server().app;
    const token = await tokenFor(app, 'demoagent');
    const url = '/wps/announcements?types=A&groupName=m_home&lang=EN';
    const before = await call<Announcements>(app, 'GET', url, { token });
    expect(before.body.value!.agentNotices).toHaveLength(3);
    expect(before.body.value!.footer.unreadCount).toBe(6);
    const read = await call(app, 'POST', `/wps/announcements/${before.body.value!.agentNotices[0].id}/read`, { token });
    expect(read.body).toEqual({ success: true, value: true });
    const after = await call<Announcements>(app, 'GET', url, { token });
    expect(after.body.value!.footer.unreadCount).toBe(5);
    expect(after.body.value!.agentNotices[0].read).toBe(true);
    expect((await call(app, 'POST', '/wps/announcements/999999/read', { token })).status).toBe(404);
    const player = await call<Announcements>(app, 'GET', url, { token: await tokenFor(app, 'demoplayer') });
    expect(player.body.value!.agentNotices).toEqual([]);
  });

  it('refuses bad announcement queries', async () => {
    const app = server().app;
    for (const [url, field] of [
      ['/wps/announcements', '/types'],
      ['/wps/announcements?types=X', '/types'],
      ['/wps/announcements?types=B&groupName=m_other', '/groupName'],
      ['/wps/announcements?types=B&platform=W', '/platform'],
      ['/wps/announcements?types=B&extra=1', '/extra'],
    ]) {
      const { status, body } = await call(app, 'GET', url);
      expect(status, url).toBe(400);
      expect(body.value, url).toMatchObject({ field });
    }
  });

  it('lists the promotions the tenant enables', async () => {
    const app = server().app;
    const ph = await call<{ type: string; title: string }[]>(app, 'GET', '/wps/promotions?lang=EN');
    expect(ph.body.value!.map((p) => p.type)).toEqual(['REFERRAL', 'MISSION', 'DEPOSIT', 'SIGN_IN', 'TURNOVER']);
    const en = await call<{ type: string }[]>(app, 'GET', '/wps/promotions', { host: EN });
    expect(en.body.value!.map((p) => p.type)).toEqual(['REFERRAL']);
    expect((await call(app, 'GET', '/wps/promotions?lang=1')).status).toBe(400);
  });

  it('checks affiliate codes by code and domain', async () => {
    const app = server().app;
    const ok = await call(app, 'GET', '/wps/affiliate/check?code=demoagent&domain=demo-ph.localhost', { ip: nextIp() });
    expect(ok.body).toEqual({ success: true, value: { code: 'DEMOAGENT' } });
    expect((await call(app, 'GET', '/wps/affiliate/check?code=HOMEONLY', { ip: nextIp() })).body.success).toBe(true);
    // Sent to a host the code is not bound to (an unknown host served the default tenant), claiming the bound domain.
    const otherDomain = await call(app, 'GET', '/wps/affiliate/check?code=HOMEONLY&domain=demo-ph.localhost', { ip: nextIp(), host: 'other.localhost' });
    expect(otherDomain.body).toMatchObject({ success: false, errorCode: 'affiliate.invalid', message: 'invitation_code_error' });
    expect((await call(app, 'GET', '/wps/affiliate/check?code=NOPE99', { ip: nextIp() })).status).toBe(400);
    expect((await call(app, 'GET', '/wps/affiliate/check?code=<script>', { ip: nextIp() })).body.errorCode).toBe('affiliate.invalid');
    expect((await call(app, 'GET', '/wps/affiliate/check', { ip: nextIp() })).body.value).toMatchObject({ field: '/code' });
  });

  it('serves a real PNG captcha of 180x60 with an id, and rate-limits it per IP', async () => {
    const app = server().app;
    const ip = nextIp();
    const { body, res } = await call<{ captchaId: string; image: string; expiresIn: number }>(app, 'GET', '/wps/captcha', { ip });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(body.value!.captchaId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.value!.expiresIn).toBe(300);
    const png = PNG.sync.read(Buffer.from(body.value!.image, 'base64'));
    expect([png.width, png.height]).toEqual([180, 60]);
    const { max } = app.config.limits.captchaPerIp;
    let last;
    for (let i = 0; i < max; i++) last = await call(app, 'GET', '/wps/captcha', { ip });
    expect(last!.status).toBe(429);
    expect(last!.body.errorCode).toBe('rate.limited');
    expect((await call(app, 'GET', '/wps/captcha?x=1', { ip: nextIp() })).status).toBe(400);
  });

  it('shows sent SMS in the dev outbox, newest first', async () => {
    const app = server().app;
    await call(app, 'POST', '/wps/verification/sms/noLogin', { ip: nextIp(), body: { mobileNum: '9171234601' } });
    const { body } = await call<{ channel: string; to: string; text: string }[]>(app, 'GET', '/wps/dev/outbox?to=%2B639171234601');
    expect(body.value![0]).toMatchObject({ channel: 'sms', to: '+639171234601' });
    expect(body.value![0].text).toMatch(SMS_CODE);
    expect((await call(app, 'GET', '/wps/dev/outbox')).status).toBe(400);
  });

  it('reveals a live captcha to automated journeys, and it still works once', async () => {
    const app = server().app;
    const { body } = await call<{ captchaId: string }>(app, 'GET', '/wps/captcha', { ip: nextIp() });
    const id = body.value!.captchaId;
    const revealed = await call<{ code: string }>(app, 'GET', `/wps/dev/captcha?id=${id}`);
    expect(revealed.body.value!.code).toMatch(/^\d{6}$/);
    expect(await app.repos.captchas.verify(id, revealed.body.value!.code)).toBe(true);
    expect((await call(app, 'GET', `/wps/dev/captcha?id=${id}`)).status).toBe(404);
    expect((await call(app, 'GET', '/wps/dev/captcha?id=nope')).status).toBe(400);
  });
});

describe('outbox route with another provider', () => {
  const sent: OutgoingMessage[] = [];
  const provider: MessageProvider = { name: 'test', send: async (m) => void sent.push(m) };
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite', { messageProvider: provider });
  });
  afterAll(async () => server.close());

  it('does not exist, and messages go to the provider', async () => {
    const { status } = await call(server.app, 'GET', '/wps/dev/outbox?to=x');
    expect(status).toBe(404);
    const { body } = await call<{ captchaId: string }>(server.app, 'GET', '/wps/captcha', { ip: nextIp() });
    expect((await call(server.app, 'GET', `/wps/dev/captcha?id=${body.value!.captchaId}`)).status).toBe(404);
    const [row] = await rows<{ dev_code: string | null }>(server.app.db.orm, sql`SELECT dev_code FROM captchas WHERE id = ${body.value!.captchaId}`);
    expect(row).toEqual({ dev_code: null });
    const res = await call(server.app, 'POST', '/wps/verification/sms/noLogin', { ip: nextIp(), body: { mobileNum: '9171234567' } });
    expect(res.body.success).toBe(true);
    expect(sent[0]).toMatchObject({ channel: 'sms', to: '+639171234567' });
  });

  it('reports a failing provider as message.send.failed', async () => {
    provider.send = async () => {
      throw new Error('gateway down');
    };
    const res = await call(server.app, 'POST', '/wps/verification/sms/noLogin', { ip: nextIp(), body: { mobileNum: '9171234568' } });
    expect(res.status).toBe(502);
    expect(res.body.errorCode).toBe('message.send.failed');
    expect((await login(server.app, 'demoplayer')).body.success).toBe(true);
  });
});
