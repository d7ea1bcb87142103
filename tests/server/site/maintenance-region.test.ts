/**
 * Maintenance windows (server/modules/site/services/maintenance.ts) and region restriction
 * (server/lib/region.ts): the status is computed per request from the window and the clock (a
 * window's end needs no restart, no page or status cache outlives it), operators set, clear and
 * show windows from the CLI and /ops with the same validation and audit rows, and the visitor's
 * country comes from request.ip, which honours the trusted proxy hop only.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../../server/db/schema';
import { ipAllowed, regionBlocked } from '../../../server/lib/region';
import { addOperator } from '../../../server/ops/operators';
import { runOps } from '../../../server/ops/runner';
import type { OpsActor } from '../../../server/ops/types';
import { messageIn, WINDOW_TTL_MS, windowOpen } from '../../../server/modules/site/services/maintenance';
import { call, describeBackends, EN, nextIp, PH } from '../helpers';

const CLI: OpsActor = { operatorId: null, actor: 'cli:test', merchantCodes: null };
const MINUTE = 60_000;
/** demo-en blocks RU but lets this one RU address in (tenants/demo-en/tenant.json). */
const RU = '5.255.255.5';
const RU_ALLOWED = '5.255.255.77';
const GB = '81.2.69.142';

/** The test servers' clock: each test moves it. */
let clockNow = Date.now();
const at = (ms: number) => new Date(ms).toISOString();

describe('windows and regions (pure)', () => {
  it('a window is open from its start (included) to its end (excluded)', () => {
    const w = { startsAt: new Date(1_000), endsAt: new Date(2_000) };
    expect([999, 1_000, 1_999, 2_000].map((t) => windowOpen(w, t))).toEqual([false, true, true, false]);
    expect(windowOpen(null, 1_500)).toBe(false);
  });

  it('picks the message of the language, else the default, else EN, else any', () => {
    expect(messageIn({ EN: 'e', TY: 't' }, 'TY', 'EN')).toBe('t');
    expect(messageIn({ EN: 'e', TY: 't' }, 'MS', 'TY')).toBe('t');
    expect(messageIn({ EN: 'e' }, 'MS', 'TY')).toBe('e');
    expect(messageIn({ HI: 'h' }, 'MS', 'TY')).toBe('h');
    expect(messageIn({}, 'EN', 'EN')).toBeNull();
  });

  it('checks addresses and CIDRs of allowIps, IPv4-mapped IPv6 included', () => {
    const list = ['203.0.113.0/24', '198.51.100.7', '2001:db8::/32'];
    expect(ipAllowed('203.0.113.200', list)).toBe(true);
    expect(ipAllowed('::ffff:203.0.113.9', list)).toBe(true);
    expect(ipAllowed('198.51.100.7', list)).toBe(true);
    expect(ipAllowed('198.51.100.8', list)).toBe(false);
    expect(ipAllowed('2001:db8:1::5', list)).toBe(true);
    expect(ipAllowed('not-an-ip', list)).toBe(false);
  });

  it('blocked countries turn away those countries only; an allow-list fails closed', () => {
    const country = (ip: string) => ({ '1.1.1.1': 'RU', '2.2.2.2': 'PH' })[ip] ?? null;
    const blocked = { blockedCountries: ['RU'], allowIps: ['1.1.1.1/32'] };
    expect(regionBlocked(blocked, '1.1.1.1', country)).toBe(false);
    expect(regionBlocked({ blockedCountries: ['RU'] }, '1.1.1.1', country)).toBe(true);
    expect(regionBlocked({ blockedCountries: ['RU'] }, '2.2.2.2', country)).toBe(false);
    expect(regionBlocked({ blockedCountries: ['RU'] }, '10.0.0.1', country)).toBe(false);
    const allowed = { allowedCountries: ['PH'], allowIps: ['10.0.0.0/8'] };
    expect(regionBlocked(allowed, '2.2.2.2', country)).toBe(false);
    expect(regionBlocked(allowed, '1.1.1.1', country)).toBe(true);
    expect(regionBlocked(allowed, '127.0.0.1', country)).toBe(true);
    expect(regionBlocked(allowed, '10.1.2.3', country)).toBe(false);
    expect(regionBlocked(undefined, '1.1.1.1', country)).toBe(false);
    expect(regionBlocked({}, '1.1.1.1', country)).toBe(false);
  });
});

async function operatorToken(app: FastifyInstance, merchants: string[] | null = null): Promise<string> {
  const username = `maint${process.pid}x${Math.floor(Math.random() * 1e9)}`;
  await addOperator(app, CLI, { username, password: 'correct horse battery', merchantCodes: merchants, totp: false });
  const res = await call<{ token: string }>(app, 'POST', '/ops/session', { ip: nextIp(), body: { username, password: 'correct horse battery' } });
  return res.body.value!.token;
}

interface Status {
  maintenance: boolean;
  regionRestriction: boolean;
  maintenanceWindow: { startsAt: string; endsAt: string; message: string | null } | null;
}

const status = async (app: FastifyInstance, host = EN, headers: Record<string, string> = {}) =>
  (await call<Status>(app, 'GET', '/wps/system/startup', { host, headers })).body.value!;
const gameList = (app: FastifyInstance, host = EN, o: { ip?: string; headers?: Record<string, string> } = {}) =>
  call(app, 'GET', '/wps/game/list', { host, query: { gameType: 'RNG' }, ...o });
/** The startup settings the page carries (#app-config). */
async function pageStartup(app: FastifyInstance, host = EN): Promise<Status> {
  const res = await app.inject({ method: 'GET', url: '/m/home', headers: { host } });
  const json = /<script[^>]*id="app-config"[^>]*>([\s\S]*?)<\/script>/.exec(res.body)?.[1];
  return (JSON.parse(json!) as { startup: Status }).startup;
}
const cli = (app: FastifyInstance, ...argv: string[]) => runOps(app, CLI, argv);

describeBackends(
  'maintenance windows',
  ({ server }) => {
    it('closes the site during the window only, and opens it again at its end without a restart', async () => {
      const { app } = server();
      clockNow = Date.now();
      const start = clockNow + 10 * MINUTE;
      const end = clockNow + 40 * MINUTE;
      const set = await cli(app, 'maintenance', 'set', '--tenant', 'demo-en', '--start', at(start), '--end', at(end), '--message-en', 'Upgrading the wallet', '--message-ty', 'Ina-upgrade ang wallet');
      expect(set, JSON.stringify(set)).toMatchObject({ exitCode: 0 });
      expect(set.stdout[0]).toContain(`maintenance of demo-en: ${at(start)} to ${at(end)}`);

      // Before the window.
      expect(await status(app)).toMatchObject({ maintenance: false, maintenanceWindow: null });
      expect((await gameList(app)).status).toBe(200);
      expect((await pageStartup(app)).maintenance).toBe(false);

      // During it: the status, the page and the API say so; the window's end and the message in the visitor's language.
      clockNow = start + MINUTE;
      expect(await status(app)).toMatchObject({ maintenance: true, maintenanceWindow: { endsAt: at(end), message: 'Upgrading the wallet' } });
      expect((await status(app, EN, { cookie: 'language=TY' })).maintenanceWindow?.message).toBe('Ina-upgrade ang wallet');
      // A language without a message: the tenant's default (EN).
      expect((await status(app, EN, { cookie: 'language=MS' })).maintenanceWindow?.message).toBe('Upgrading the wallet');
      const closed = await gameList(app);
      expect(closed.status).toBe(503);
      expect(closed.body).toMatchObject({ errorCode: 'maintenance', value: { endsAt: at(end) } });
      expect((await call<Status>(app, 'GET', '/wps/system/status', { host: EN })).body.value).toMatchObject({ maintenance: true, maintenanceWindow: { endsAt: at(end) } });
      expect(await pageStartup(app)).toMatchObject({ maintenance: true, maintenanceWindow: { endsAt: at(end) } });
      // Another tenant is not affected.
      expect((await status(app, PH)).maintenance).toBe(false);
      expect((await gameList(app, PH)).status).toBe(200);

      // After it: open again, the page too (no kept page outlives the window).
      clockNow = end;
      expect(await status(app)).toMatchObject({ maintenance: false, maintenanceWindow: null });
      expect((await gameList(app)).status).toBe(200);
      expect((await pageStartup(app)).maintenance).toBe(false);

      const shown = await cli(app, 'maintenance', 'show', '--tenant', 'demo-en', '--json');
      expect(JSON.parse(shown.stdout[0])).toMatchObject({ ok: true, list: [{ tenant: 'demo-en', open: false, setBy: 'cli:test', messages: { EN: 'Upgrading the wallet' } }] });
      expect(await cli(app, 'maintenance', 'clear', '--tenant', 'demo-en')).toMatchObject({ exitCode: 0 });
      const audit = await app.db.orm.select().from(auditLog).where(and(eq(auditLog.targetType, 'tenant'), eq(auditLog.targetId, 'demo-en')));
      expect(audit.map((a) => [a.action, a.actor])).toEqual(expect.arrayContaining([['maintenance.set', 'cli:test'], ['maintenance.clear', 'cli:test']]));
    });

    it('a window set or cleared on this instance counts at once; one set elsewhere within the cache time', async () => {
      const { app } = server();
      clockNow = Date.now();
      expect((await gameList(app)).status).toBe(200);
      expect(await cli(app, 'maintenance', 'set', '--tenant', 'demo-en', '--start', 'now', '--end', at(clockNow + 5 * MINUTE))).toMatchObject({ exitCode: 0 });
      expect((await gameList(app)).status).toBe(503);
      expect(await cli(app, 'maintenance', 'clear', '--tenant', 'demo-en')).toMatchObject({ exitCode: 0 });
      expect((await gameList(app)).status).toBe(200);
      expect(WINDOW_TTL_MS).toBeLessThanOrEqual(5_000);
    });

    it('refuses bad input with one line (CLI) or 400 naming the field (/ops)', async () => {
      const { app } = server();
      clockNow = Date.now();
      const soon = at(clockNow + 30 * MINUTE);
      const cases: [string[], number, RegExp][] = [
        [['--tenant', 'demo-en', '--start', at(clockNow + 60 * MINUTE), '--end', soon], 1, /^refused: end: .* is not after the start/],
        [['--tenant', 'demo-en', '--end', at(clockNow - MINUTE)], 1, /^refused: end: .* is in the past/],
        [['--tenant', 'nope', '--end', soon], 1, /^refused: tenant: no tenant "nope"/],
        [['--tenant', 'demo-en', '--end', soon, '--message-en', 'x'.repeat(301)], 1, /^refused: messages: the EN message has 301 characters, at most 300/],
        [['--tenant', 'demo-ph', '--end', soon, '--message-ms', 'hi'], 1, /^refused: messages: tenant demo-ph has no language MS/],
        [['--tenant', 'demo-en', '--end', 'tomorrow'], 2, /^--end must be an ISO date-time/],
        [['--tenant', 'demo-en'], 2, /^missing --end/],
        [['--tenant', 'demo-en', '--end', soon, '--colour', 'red'], 2, /^unknown option --colour/],
      ];
      for (const [args, exitCode, line] of cases) {
        const res = await cli(app, 'maintenance', 'set', ...args);
        expect(res.exitCode, args.join(' ')).toBe(exitCode);
        expect([...res.stdout, ...res.stderr]).toHaveLength(1);
        expect(res.stderr[0]).toMatch(line);
      }
      expect((await cli(app, 'maintenance', 'clear', '--tenant', 'demo-ph')).stderr[0]).toMatch(/^refused: tenant demo-ph has no maintenance window/);

      const token = await operatorToken(app);
      const post = (body: unknown) => call(app, 'POST', '/ops/maintenance', { token, body });
      const bad: [unknown, string][] = [
        [{ tenant: 'demo-en', start: at(clockNow + 60 * MINUTE), end: soon }, '/end'],
        [{ tenant: 'demo-en', end: at(clockNow - MINUTE) }, '/end'],
        [{ tenant: 'nope', end: soon }, '/tenant'],
        [{ tenant: 'demo-en', end: soon, messages: { EN: 'x'.repeat(301) } }, '/messages/EN'],
        [{ tenant: 'demo-ph', end: soon, messages: { MS: 'hi' } }, '/messages'],
        [{ tenant: 'demo-en', end: 'tomorrow' }, '/end'],
        [{ tenant: 'demo-en' }, '/end'],
      ];
      for (const [body, field] of bad) {
        const res = await post(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body, JSON.stringify(body)).toMatchObject({ errorCode: 'validation.failed', value: { field } });
      }
      expect((await call(app, 'DELETE', '/ops/maintenance/demo-ph', { token })).status).toBe(404);
      // Nothing was written by the refusals.
      expect((await call<{ list: unknown[] }>(app, 'GET', '/ops/maintenance', { token })).body.value!.list).toEqual([]);
    });

    it('operators set, show and clear windows over /ops, within their merchants, with audit rows', async () => {
      const { app } = server();
      clockNow = Date.now();
      const token = await operatorToken(app);
      const end = at(clockNow + 20 * MINUTE);
      const set = await call(app, 'POST', '/ops/maintenance', { token, body: { tenant: 'demo-ph', end, messages: { TY: 'Sandali lang po' } } });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expect(set.body.value).toMatchObject({ tenant: 'demo-ph', merchant: 'demoph01', endsAt: end, open: true, messages: { TY: 'Sandali lang po' } });
      expect(await status(app, PH)).toMatchObject({ maintenance: true, maintenanceWindow: { endsAt: end, message: 'Sandali lang po' } });
      expect((await gameList(app, PH)).body.errorCode).toBe('maintenance');
      expect((await call<{ list: { tenant: string }[] }>(app, 'GET', '/ops/maintenance?tenant=demo-ph', { token })).body.value!.list.map((w) => w.tenant)).toEqual(['demo-ph']);

      // Another merchant's operator can neither see nor touch it.
      const other = await operatorToken(app, ['demoen01']);
      expect((await call<{ list: unknown[] }>(app, 'GET', '/ops/maintenance', { token: other })).body.value!.list).toEqual([]);
      expect((await call(app, 'DELETE', '/ops/maintenance/demo-ph', { token: other })).body.errorCode).toBe('ops.merchant.forbidden');

      const cleared = await call(app, 'DELETE', '/ops/maintenance/demo-ph', { token });
      expect(cleared.status).toBe(200);
      expect((await status(app, PH)).maintenance).toBe(false);
      const audit = await app.db.orm.select().from(auditLog).where(and(eq(auditLog.targetType, 'tenant'), eq(auditLog.targetId, 'demo-ph')));
      expect(audit.filter((a) => a.operatorId !== null).map((a) => a.action)).toEqual(['maintenance.set', 'maintenance.clear']);
      expect(audit.find((a) => a.action === 'maintenance.set')!.after).toMatchObject({ tenantId: 'demo-ph', messages: { TY: 'Sandali lang po' } });
    });

    it('maintenance wins over a region restriction', async () => {
      const { app } = server();
      clockNow = Date.now();
      await cli(app, 'maintenance', 'set', '--tenant', 'demo-en', '--end', at(clockNow + 5 * MINUTE));
      const headers = { 'x-forwarded-for': RU };
      expect(await status(app, EN, headers)).toMatchObject({ maintenance: true, regionRestriction: true });
      expect((await gameList(app, EN, { headers })).body.errorCode).toBe('maintenance');
      await cli(app, 'maintenance', 'clear', '--tenant', 'demo-en');
    });
  },
  { clock: () => clockNow, trustProxy: 1 },
);

describeBackends(
  'region restriction behind a trusted proxy',
  ({ server }) => {
    it('turns away a blocked country with the visitor IP; other countries, the allow-listed IP and other tenants pass', async () => {
      const { app } = server();
      const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
      const blocked = await gameList(app, EN, from(RU));
      expect(blocked.status).toBe(403);
      expect(blocked.body).toMatchObject({ errorCode: 'region.restricted', value: { ip: RU } });
      expect(await status(app, EN, { 'x-forwarded-for': RU })).toMatchObject({ regionRestriction: true, maintenance: false });
      expect((await gameList(app, EN, from(GB))).status).toBe(200);
      // The startup settings name the visitor's country from the address too.
      const gb = await call<{ location: unknown }>(app, 'GET', '/wps/system/startup', { host: EN, ...from(GB) });
      expect(gb.body.value!.location).toEqual({ ip: GB, country: 'GB' });
      expect((await gameList(app, EN, from(RU_ALLOWED))).status).toBe(200);
      // Private and loopback addresses (no country) pass a block-list.
      expect((await gameList(app, EN, from('10.1.2.3'))).status).toBe(200);
      // demo-ph restricts nothing.
      expect((await gameList(app, PH, from(RU))).status).toBe(200);
      // The system routes stay open so the site can say why.
      expect((await call(app, 'GET', '/wps/system/status', { host: EN, ...from(RU) })).status).toBe(200);
    });

    it('the restricted page carries the visitor IP and is never shared with another visitor', async () => {
      const { app } = server();
      const page = (ip: string) => app.inject({ method: 'GET', url: '/m/home', headers: { host: EN, 'x-forwarded-for': ip } });
      const first = await page(RU);
      expect(first.body).toContain(`"ip":"${RU}"`);
      expect(first.body).toContain('"regionRestriction":true');
      const second = await page('5.255.255.6');
      expect(second.body).toContain('"ip":"5.255.255.6"');
      expect((await page(GB)).body).toContain('"regionRestriction":false');
    });
  },
  { trustProxy: 1 },
);

describeBackends('region restriction without a trusted proxy', ({ server }) => {
  it('ignores a spoofed X-Forwarded-For: the socket address decides', async () => {
    const { app } = server();
    const spoofed = await gameList(app, EN, { ip: GB, headers: { 'x-forwarded-for': RU } });
    expect(spoofed.status).toBe(200);
    // And a blocked socket address cannot hide behind a forwarded one.
    const real = await gameList(app, EN, { ip: RU, headers: { 'x-forwarded-for': GB } });
    expect(real.status).toBe(403);
    expect(real.body).toMatchObject({ errorCode: 'region.restricted', value: { ip: RU } });
  });
});
