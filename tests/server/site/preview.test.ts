/**
 * The tenant preview (`npm run tenant -- preview`): its page, events and demo-account login exist
 * only in preview mode, never on the server `npm start` runs; in preview mode the page shows the
 * tenants in phone frames, or a tenant's error lines, and follows edits of the tenant files.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../../server/config';
import { call, describeBackends, EN, nextIp, PH } from '../helpers';

const TENANTS = resolve(__dirname, '../../../tenants');

/** A copy of the tenant files that a test may break. */
function tenantsCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'preview-tenants-'));
  cpSync(TENANTS, dir, { recursive: true });
  return dir;
}

describeBackends('the preview outside preview mode (npm start)', ({ server }) => {
  it('answers 404 on /__preview, its events and its login helper', async () => {
    const app = server().app;
    for (const path of ['/__preview', '/__preview/events', '/__preview/login?as=player&to=/m/mine']) {
      expect((await call(app, 'GET', path, { host: 'localhost', ip: nextIp() })).status).toBe(404);
      expect((await call(app, 'GET', path, { host: PH, ip: nextIp() })).status).toBe(404);
    }
  });

  it('keeps tenant pages out of other origins’ frames', async () => {
    const res = await server().app.inject({ method: 'GET', url: '/m/home', headers: { host: PH } });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['content-security-policy']).not.toContain('localhost');
  });
});

describe('preview mode from the environment', () => {
  it('is never turned on by npm start’s settings', () => {
    expect(parseEnv({ PREVIEW: '1', TENANT_PREVIEW: '1' }).app.preview).toBeUndefined();
  });
});

describeBackends(
  'the preview page',
  ({ server }) => {
    it('shows every tenant in a 375x812 frame for the chosen screen and role', async () => {
      const res = await server().app.inject({ method: 'GET', url: '/__preview?screen=mine&role=agent', headers: { host: 'localhost:8090' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('src="http://demo-ph.localhost:8090/__preview/login?as=agent&amp;to=%2Fm%2Fmine"');
      expect(res.body).toContain('src="http://demo-en.localhost:8090/__preview/login?as=agent&amp;to=%2Fm%2Fmine"');
      expect(res.body).toContain('width="375" height="812"');
      expect(res.body).toContain("new EventSource('/__preview/events')");
      // Its one inline script runs under a nonce; the frames may show the tenants' hosts.
      const csp = String(res.headers['content-security-policy']);
      const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
      expect(res.body).toContain(`<script nonce="${nonce}">`);
      expect(csp).toContain('frame-src http://localhost:* http://*.localhost:8090');
    });

    it('falls back to a role the screen has', async () => {
      const res = await server().app.inject({ method: 'GET', url: '/__preview?screen=agent&role=visitor', headers: { host: 'localhost:8090' } });
      expect(res.body).toContain('as=agent');
    });

    it('logs a frame in as the tenant’s demo account, and the session works', async () => {
      const app = server().app;
      const res = await app.inject({ method: 'GET', url: '/__preview/login?as=player&to=/m/mine', headers: { host: EN } });
      expect(res.statusCode).toBe(200);
      const stored = /localStorage\.setItem\("MC_SESSION_INFO", "(.*)"\); location/.exec(res.body)?.[1];
      const session = JSON.parse(JSON.parse(`"${stored}"`)) as { token: string; userName: string; merchantCode: string };
      expect(session.userName).toBe('demoplayer');
      expect(res.body).toContain('location.replace("/m/mine")');
      const info = await call(app, 'GET', '/wps/member/info', { host: EN, ip: nextIp(), token: session.token });
      expect(info.status).toBe(200);
      expect(info.body.success).toBe(true);
    });

    it('logs a visitor out, and goes nowhere but the site', async () => {
      const res = await server().app.inject({ method: 'GET', url: '/__preview/login?as=visitor&to=//evil.example.com/m/x', headers: { host: PH } });
      expect(res.body).toContain('localStorage.removeItem("MC_SESSION_INFO")');
      expect(res.body).toContain('location.replace("/m/home")');
    });

    it('lets tenant pages be framed by the preview page', async () => {
      const res = await server().app.inject({ method: 'GET', url: '/m/home', headers: { host: PH } });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self' http://localhost:* http://*.localhost:*");
      expect(res.headers['x-frame-options']).toBeUndefined();
    });

    it('names a tenant by <id>.localhost whatever its domains', async () => {
      const res = await call<{ info: { merchantCode: string } }>(server().app, 'GET', '/wps/system/startup', { host: 'demo-en.localhost:8090', ip: nextIp() });
      expect(res.body.value?.info.merchantCode).toBe('demoen01');
    });
  },
  { preview: { ids: [], watch: false } },
);

describe('the preview page follows the tenant files', () => {
  const dir = tenantsCopy();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  describeBackends(
    'with an edit',
    ({ server }) => {
      it('shows a tenant that stops validating as its error lines, and again as a frame once fixed', async () => {
        const app = server().app;
        const file = join(dir, 'demo-en', 'tenant.json');
        const good = readFileSync(file, 'utf8');
        const page = async () => (await app.inject({ method: 'GET', url: '/__preview', headers: { host: 'localhost:8090' } })).body;
        expect(await page()).toContain('demo-en.localhost:8090/__preview/login');

        const broken = JSON.parse(good) as { brand: { theme: { primary: string } } };
        broken.brand.theme.primary = 'not a colour';
        writeFileSync(file, JSON.stringify(broken, null, 2));
        await expect.poll(page, { timeout: 3_000, interval: 100 }).toMatch(/<pre class="errors" role="alert">[^<]*demo-en\/tenant\.json: \/brand\/theme\/primary: /);
        expect(await page()).toContain('demo-ph.localhost:8090/__preview/login');

        writeFileSync(file, good);
        await expect.poll(page, { timeout: 3_000, interval: 100 }).toContain('demo-en.localhost:8090/__preview/login');
      });
    },
    { preview: { ids: ['demo-en', 'demo-ph'], watch: true }, tenantsDir: dir },
  );
});
