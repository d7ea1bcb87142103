/**
 * Launching an outside vendor's game (docs/vendor-wallet.md, Launch): the vendor's launch page
 * with a one-time token after its health probe, free play without a token, 503
 * game.vendor.unavailable when it is down or slow; a catalogue vendor no configured vendor serves
 * opens the stand-in page outside production and is unavailable in production; a tenant's
 * `games.vendors` limits what its merchant offers. And the VENDOR_* environment variables.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../../server/config';
import { rows } from '../../../server/db/client';
import { call, describeBackends, PH, fundedPlayer, realProviderTenants } from '../helpers';
import { gameOf, launchGame, startFakeVendor, vendorOptions, VENDOR_KEYS, WALLET_KEYS, type FakeVendor } from './vendor-wallet-helpers';

const vendor: FakeVendor = await startFakeVendor();
afterAll(() => vendor.close());

const launchTokens = async (app: Parameters<typeof gameOf>[0]) =>
  Number((await rows<{ n: string | number }>(app.db.orm, sql`SELECT count(*) AS n FROM game_tokens WHERE kind = 'LAUNCH'`))[0].n);

describeBackends(
  'launch of outside vendors',
  ({ server }) => {
    it('launches a served vendor\'s game on its own page with a one-time token, and free play without one', async () => {
      const { app } = server();
      const { token } = await fundedPlayer(app, 1_000);
      const game = await gameOf(app, 'LUCKYREEL');
      const { res, url, query } = await launchGame(app, token, { vendor: 'LUCKYREEL', nodeId: String(game.nodeId), language: 'TY', returnUrl: '/m/gameList' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(url!.startsWith(`${vendor.url}/launch?`)).toBe(true);
      expect(Object.fromEntries(query!)).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), game: game.gameId, vendor: 'LUCKYREEL', lang: 'TY', lobby: `http://${PH}/m/gameList` });
      // The vendor is on another origin: the lobby is the whole URL, on the host the member came on.

      const lottery = await launchGame(app, token, { vendor: 'LOTT' });
      expect(Object.fromEntries(lottery.query!)).toMatchObject({ vendor: 'LOTT', prize_mode: 'Lott', code: 'lobby', playType: 'trad' });
      // The lobby still plays a catalogue game: the wallet takes stakes only on games it knows.
      const lobbyGame = lottery.query!.get('game');
      const known = await rows<{ n: string | number }>(app.db.orm, sql`SELECT count(*) AS n FROM games WHERE merchant_code = 'demoph01' AND vassalage = 'LOTT' AND game_id = ${lobbyGame}`);
      expect(Number(known[0].n)).toBe(1);

      const free = await gameOf(app, 'LUCKYREEL', true);
      const fun = await launchGame(app, undefined, { vendor: 'LUCKYREEL', nodeId: String(free.nodeId) });
      expect(fun.res.status).toBe(200);
      expect(fun.query!.get('mode')).toBe('fun');
      expect(fun.query!.has('token')).toBe(false);
    });

    it("lets the site's pages frame a configured vendor's games (the frame route), on http too", async () => {
      const { app } = server();
      const page = await app.inject({ url: '/m/home', headers: { host: PH } });
      expect(String(page.headers['content-security-policy'])).toContain(`frame-src 'self' https: ${new URL(vendor.url).origin};`);
    });

    it('answers 503 game.vendor.unavailable when the vendor is down or slow, before issuing a token', async () => {
      const { app } = server();
      const { token } = await fundedPlayer(app, 1_000);
      const game = await gameOf(app, 'NEONSPIN');
      const before = await launchTokens(app);
      vendor.up = false;
      try {
        const down = await launchGame(app, token, { vendor: 'NEONSPIN', nodeId: String(game.nodeId) });
        expect(down.res.status).toBe(503);
        expect(down.res.body).toMatchObject({ success: false, errorCode: 'game.vendor.unavailable', message: 'err_game_vendor_unavailable' });
      } finally {
        vendor.up = true;
      }
      vendor.delayMs = 2_500;
      try {
        const slow = await launchGame(app, token, { vendor: 'NEONSPIN', nodeId: String(game.nodeId) });
        expect(slow.res.status).toBe(503);
      } finally {
        vendor.delayMs = 0;
      }
      expect(await launchTokens(app)).toBe(before);
    });

    it('keeps the stand-in page for a catalogue vendor no vendor serves, outside production', async () => {
      const { app } = server();
      const { token } = await fundedPlayer(app, 1_000);
      const game = await gameOf(app, 'JADEPLAY');
      const { res, url } = await launchGame(app, token, { vendor: 'JADEPLAY', nodeId: String(game.nodeId) });
      expect(res.status).toBe(200);
      expect(url!.startsWith('/wps/game/vendor/play?')).toBe(true);
    });
  },
  vendorOptions(vendor.url),
);

/** The production tenants with demo-ph offering LUCKYREEL and JADEPLAY only. */
function offeringTenants(): string {
  const dir = realProviderTenants();
  const file = join(dir, 'demo-ph', 'tenant.json');
  const tenant = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  tenant.games = { vendors: ['LUCKYREEL', 'JADEPLAY'] };
  writeFileSync(file, JSON.stringify(tenant, null, 2));
  return dir;
}

describeBackends(
  'launch of outside vendors in production',
  ({ server }) => {
    it('answers game.vendor.unavailable for a vendor no one serves, and 404 for a vendor the tenant does not offer', async () => {
      const { app } = server();
      const { token } = await fundedPlayer(app, 1_000);
      const unserved = await launchGame(app, token, { vendor: 'JADEPLAY', nodeId: String((await gameOf(app, 'JADEPLAY')).nodeId) });
      expect(unserved.res.status).toBe(503);
      expect(unserved.res.body).toMatchObject({ errorCode: 'game.vendor.unavailable' });
      const offered = await launchGame(app, token, { vendor: 'LUCKYREEL', nodeId: String((await gameOf(app, 'LUCKYREEL')).nodeId) });
      expect(offered.res.status).toBe(200);
      expect(offered.url!.startsWith(`${vendor.url}/launch?`)).toBe(true);
      const notOffered = await launchGame(app, token, { vendor: 'NEONSPIN', nodeId: String((await gameOf(app, 'NEONSPIN')).nodeId) });
      expect(notOffered.res.status).toBe(404);
      // The in-house games are always offered.
      expect((await call(app, 'POST', '/wps/game/launch', { token, body: { vendor: 'INHOUSE' } })).status).toBe(200);
    });
  },
  { ...vendorOptions(vendor.url), production: true, tenantsDir: offeringTenants(), devRoutes: false },
);

describe('VENDOR_* environment variables', () => {
  const b64 = (pem: string) => Buffer.from(pem).toString('base64');
  const good = {
    VENDOR_REFGAMES_URL: 'http://127.0.0.1:9000/',
    VENDOR_REFGAMES_PUBLIC_KEY: b64(VENDOR_KEYS.publicKey),
    VENDOR_REFGAMES_CATALOGUE: 'LUCKYREEL, NEONSPIN',
    VENDOR_AGG_URL: 'http://127.0.0.1:9001',
    VENDOR_AGG_SIGNING: 'hmac',
    VENDOR_AGG_SECRET: 's'.repeat(32),
    VENDOR_AGG_CATALOGUE: 'LOTT,ELOTT',
    VENDOR_AGG_CURRENCIES: 'PHP',
    VENDOR_WALLET_PRIVATE_KEY: WALLET_KEYS.privateKey,
  };

  it('reads each vendor: URL, signing, key or secret, catalogue, currencies', () => {
    const { vendors, walletPrivateKey } = parseEnv(good).app;
    expect(vendors!.REFGAMES).toMatchObject({ code: 'REFGAMES', url: 'http://127.0.0.1:9000', signing: 'rsa', catalogue: ['LUCKYREEL', 'NEONSPIN'], currencies: [] });
    expect(vendors!.REFGAMES.publicKey!.trim()).toBe(VENDOR_KEYS.publicKey.trim());
    expect(vendors!.AGG).toMatchObject({ signing: 'hmac', catalogue: ['LOTT', 'ELOTT'], currencies: ['PHP'] });
    expect(walletPrivateKey!.trim()).toBe(WALLET_KEYS.privateKey.trim());
  });

  it('refuses bad configuration with one line each, never repeating a key or secret', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ ...good, VENDOR_REFGAMES_URL: 'ftp://x' }, /^VENDOR_REFGAMES_URL must be an http\(s\) URL/m],
      [{ ...good, VENDOR_REFGAMES_PUBLIC_KEY: 'not a key' }, /^VENDOR_REFGAMES_PUBLIC_KEY must be an RSA public key/m],
      [{ ...good, VENDOR_AGG_SECRET: 'short' }, /^VENDOR_AGG_SECRET must have at least 32 characters/m],
      [{ ...good, VENDOR_AGG_SIGNING: 'md5' }, /^VENDOR_AGG_SIGNING must be rsa or hmac/m],
      [{ ...good, VENDOR_AGG_CATALOGUE: 'LOTT,NOSUCH' }, /^VENDOR_AGG_CATALOGUE names vendors the catalogue does not know: NOSUCH$/m],
      [{ ...good, VENDOR_AGG_CATALOGUE: 'LOTT,NEONSPIN' }, /^Catalogue vendor NEONSPIN is served by both VENDOR_REFGAMES and VENDOR_AGG$/m],
      [{ ...good, VENDOR_WALLET_PRIVATE_KEY: '' }, /^VENDOR_WALLET_PRIVATE_KEY is required to sign the answers to VENDOR_REFGAMES/m],
      [{ ...good, VENDOR_WALLET_PRIVATE_KEY: 'junk' }, /^VENDOR_WALLET_PRIVATE_KEY must be an RSA private key/m],
      [{ ...good, VENDOR_AGG_CURRENCIES: 'peso' }, /^VENDOR_AGG_CURRENCIES must be ISO 4217 codes/m],
    ];
    for (const [env, line] of cases) {
      let message = '';
      try {
        parseEnv(env);
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message, JSON.stringify(Object.keys(env))).toMatch(line);
      expect(message).not.toContain('s'.repeat(32));
      expect(message).not.toContain('PRIVATE KEY-----');
    }
    let production = '';
    try {
      parseEnv({ ...good, NODE_ENV: 'production' });
    } catch (err) {
      production = (err as Error).message;
    }
    expect(production).toMatch(/^VENDOR_REFGAMES_URL must be an https URL/m);
  });
});
