import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { call, describeBackends, EN, PH } from '../helpers';

interface Bootstrap {
  tenant: { id: string; brand: { name: string } };
  startup: {
    info: Record<string, unknown> & { whitelabel: Record<string, boolean>; register: Record<string, unknown> };
    location: { country: string | null; ip: string };
    maintenance: boolean;
    regionRestriction: boolean;
    encryption: { header: string; alg: string; enc: string; jwk: Record<string, string> };
    validation: Record<string, { pattern: string }>;
  };
  zone: { name: string; from: number; until: number; offsets: [number, number][] };
}

/** The JSON of the #app-config script of a served index.html. */
function appConfig(html: string): Bootstrap {
  const m = /<script id="app-config" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error('no #app-config in page');
  return JSON.parse(m[1]) as Bootstrap;
}

describeBackends('system and site', ({ server }) => {
  it('serves the bootstrap object for the host tenant', async () => {
    const ph = await call<Bootstrap>(server().app, 'GET', '/wps/system/bootstrap', { host: `${PH}:8080` });
    expect(ph.body.value!.tenant.id).toBe('demo-ph');
    const en = await call<Bootstrap>(server().app, 'GET', '/wps/system/bootstrap', { host: EN });
    expect(en.body.value!.tenant.id).toBe('demo-en');
    const unknown = await call<Bootstrap>(server().app, 'GET', '/wps/system/bootstrap', { host: 'elsewhere.example' });
    expect(unknown.body.value!.tenant.id).toBe('demo-ph');
  });

  it("sends the tenant's time zone offsets around now with the bootstrap object and the page", async () => {
    const { body } = await call<Bootstrap>(server().app, 'GET', '/wps/system/bootstrap', { host: PH });
    const zone = body.value!.zone;
    expect(zone.name).toBe('Asia/Manila');
    expect(zone.from).toBeLessThanOrEqual(Date.now() - 24 * 3_600_000);
    expect(zone.until).toBeGreaterThanOrEqual(Date.now() + 30 * 24 * 3_600_000);
    expect(zone.offsets).toEqual([[zone.from, 480]]);
    const page = await server().app.inject({ url: '/m/home', headers: { host: PH } });
    // (The same window unless the hour turned between the two calls.)
    const injected = appConfig(page.body).zone;
    expect(injected.name).toBe('Asia/Manila');
    expect(injected.offsets).toEqual([[injected.from, 480]]);
  });

  it('builds startup settings from the tenant, with the JWE key and rules', async () => {
    const { body } = await call<Bootstrap['startup']>(server().app, 'GET', '/wps/system/startup', { host: EN, ip: '203.0.113.9' });
    const s = body.value!;
    expect(s.info).toMatchObject({
      customerService: 'https://support.example.com/demo-en',
      mainDomain: 'demo-en.localhost',
      mobileTemplate: { mem_cen: '1', dep_func: '1' },
      resources: [{ resourceType: 'Android', url: 'https://downloads.example.com/demo-en/app.apk' }],
    });
    expect(s.info.whitelabel).toMatchObject({ USERNAMEREG3: true, MOBILENUMREG3: false, FEEDBACK3: true });
    expect(s.info.imageCDNs).toHaveLength(1);
    expect(s.location).toEqual({ country: 'PH', ip: '203.0.113.9' });
    expect(s).toMatchObject({ maintenance: false, regionRestriction: false });
    expect(s.encryption).toMatchObject({ header: 'X-Encrypted', alg: 'RSA-OAEP-256', enc: 'A256GCM', jwk: { kty: 'RSA' } });
    expect(s.encryption.jwk.d).toBeUndefined();
    expect(Object.keys(s.validation)).toEqual(expect.arrayContaining(['loginUsername', 'loginPassword', 'mobileNum', 'affiliateCode']));
    // No social sign-in provider is configured by default (nor in the demo), whatever the tenant switches on.
    expect(s.info.socialLogin).toEqual([]);
  });

  it('serves the validation rules and status', async () => {
    const rules = await call<Record<string, { pattern: string; messageKey: string }>>(server().app, 'GET', '/wps/system/validationRules');
    expect(Object.keys(rules.body.value!)).toHaveLength(20);
    for (const rule of Object.values(rules.body.value!)) expect(() => new RegExp(rule.pattern)).not.toThrow();
    const status = await call(server().app, 'GET', '/wps/system/status');
    expect(status.body).toEqual({ success: true, value: { maintenance: false, regionRestriction: false, maintenanceWindow: null } });
  });

  it('serves the help center by language, falling back to EN', async () => {
    const ty = await call<{ title: string; content: string }[]>(server().app, 'GET', '/wps/system/helpCenter?lang=TY&device=MOBILE');
    expect(ty.body.value![0].title).toBe('Paano magparehistro?');
    const cn = await call<{ title: string }[]>(server().app, 'GET', '/wps/system/helpCenter?lang=CN');
    expect(cn.body.value![0].title).toBe('How do I register?');
    const bad = await call(server().app, 'GET', '/wps/system/helpCenter?lang=english');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errorCode: 'validation.failed', value: { field: '/lang', location: 'querystring' } });
  });

  it('injects the tenant into index.html for each host, with lang and title', async () => {
    for (const [host, id, lang, title] of [
      [EN, 'demo-en', 'en', 'Lucky Harbour'],
      [PH, 'demo-ph', 'fil', 'Suwerte Demo'],
    ]) {
      const res = await server().app.inject({ url: '/m/home', headers: { host: `${host}:8099` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain(`<html lang="${lang}">`);
      expect(res.body).toContain(`<title>${title}</title>`);
      expect(res.body).not.toContain('<!--app-config-->');
      const config = appConfig(res.body);
      expect(config.tenant.id).toBe(id);
      expect(config.startup.info.mainDomain).toBe(host);
    }
  });

  it('serves index.html on every SPA path, and 404 on missing files', async () => {
    const app = server().app;
    for (const url of ['/', '/m', '/m/', '/m/index.html', '/register.html', '/m/register.html', '/m/member/agent/agentDivident', '/m/gameList?gameType=RNG']) {
      const res = await app.inject({ url, headers: { host: EN } });
      expect(res.statusCode, url).toBe(200);
      expect(appConfig(res.body).tenant.id, url).toBe('demo-en');
    }
    for (const url of ['/m/assets/missing.js', '/m/favicon.ico', '/nothing', '/wps/nothing']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ success: false, errorCode: 'not.found', message: 'err_not_found' });
    }
  });

  it('escapes < in the injected JSON', async () => {
    const res = await server().app.inject({ url: '/m/home', headers: { host: EN } });
    const json = /<script id="app-config" type="application\/json">([\s\S]*?)<\/script>/.exec(res.body)![1];
    expect(json).not.toContain('<');
    expect(json).toContain('\\u003c');
  });

  it('serves hashed assets immutable and compressed', async () => {
    const app = server().app;
    const plain = await app.inject({ url: '/m/assets/index-abc123.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const br = await app.inject({ url: '/m/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await app.inject({ url: '/m/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('serves the tenant logo by host', async () => {
    const app = server().app;
    const ph = await app.inject({ url: '/m/brand/logo.svg', headers: { host: PH } });
    expect(ph.statusCode).toBe(200);
    expect(ph.headers['content-type']).toContain('image/svg+xml');
    const en = await app.inject({ url: '/m/brand/logo.svg', headers: { host: EN } });
    expect(en.body).not.toBe(ph.body);
    expect((await app.inject({ url: '/m/brand/tenant.json', headers: { host: PH } })).statusCode).toBe(404);
    expect((await app.inject({ url: '/m/brand/..%2Ftenant.json', headers: { host: PH } })).statusCode).toBe(400);
    expect((await app.inject({ url: '/m/brand/missing.png', headers: { host: PH } })).statusCode).toBe(404);
  });

  it('sends security headers with a CSP the site runs under', async () => {
    const res = await server().app.inject({ url: '/m/home' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toMatch(/img-src 'self' data: blob: https:/);
    // A picked picture is drawn from an object URL (head icon, promotion application previews).
    expect(csp.split(';').find((d) => d.trim().startsWith('img-src'))).toContain('blob:');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers Fastify 404s and malformed requests with the envelope', async () => {
    const app = server().app;
    const res = await app.inject({ method: 'POST', url: '/wps/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'not.found' });
    const json = await app.inject({ method: 'POST', url: '/wps/verification/sms/noLogin', headers: { 'content-type': 'application/json' }, payload: '{"mobileNum":' });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ errorCode: 'body.malformed', message: 'err_body_malformed' });
    const big = await app.inject({ method: 'POST', url: '/wps/verification/sms/noLogin', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ mobileNum: 'x'.repeat(70_000) }) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ errorCode: 'body.too.large' });
    const type = await app.inject({ method: 'POST', url: '/wps/verification/sms/noLogin', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(type.statusCode).toBe(415);
    expect(type.json()).toMatchObject({ errorCode: 'content.type.unsupported' });
  });
});

describeBackends(
  'maintenance and region restriction',
  ({ server }) => {
    it('reports maintenance for the forced tenant only, and closes its API', async () => {
      const app = server().app;
      const en = await call<Bootstrap['startup']>(app, 'GET', '/wps/system/startup', { host: EN });
      expect(en.body.value).toMatchObject({ maintenance: true, regionRestriction: false });
      const ph = await call<Bootstrap['startup']>(app, 'GET', '/wps/system/startup', { host: PH });
      expect(ph.body.value).toMatchObject({ maintenance: false, regionRestriction: true });
      const closed = await call(app, 'GET', '/wps/announcements?types=B', { host: EN });
      expect(closed.status).toBe(503);
      expect(closed.body).toMatchObject({ errorCode: 'maintenance', message: 'platform_maintenance' });
      const restricted = await call(app, 'GET', '/wps/announcements?types=B', { host: PH, ip: '198.51.100.7' });
      expect(restricted.status).toBe(403);
      expect(restricted.body).toMatchObject({ errorCode: 'region.restricted', value: { ip: '198.51.100.7' } });
      const page = await app.inject({ url: '/m/home', headers: { host: EN } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('"maintenance":true');
    });
  },
  { forceMaintenance: ['demo-en'], forceRegionRestriction: ['demo-ph'] },
);

describeBackends(
  'social sign-in providers configured',
  ({ server }) => {
    it('lists the configured providers in the startup answer and in the page, for every tenant', async () => {
      const app = server().app;
      for (const host of [PH, EN]) {
        const { body } = await call<Bootstrap['startup']>(app, 'GET', '/wps/system/startup', { host });
        expect(body.value!.info.socialLogin).toEqual(['google', 'telegram']);
        const page = await app.inject({ url: '/m/login', headers: { host } });
        expect(appConfig(page.body).startup.info.socialLogin).toEqual(['google', 'telegram']);
      }
    });
  },
  { socialLogin: ['google', 'telegram'] },
);
