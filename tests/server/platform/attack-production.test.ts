/**
 * Production exposure: a server started with NODE_ENV=production but without a real database,
 * message gateway, signing secret or key-encryption key refuses to start; unknown hosts get no
 * tenant; demo accounts with known passwords and money are not seeded.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parseEnv, REPO_ROOT } from '../../../server/config';
import { rows } from '../../../server/db/client';
import { loadTenantRegistry } from '../../../server/lib/tenant-registry';
import { call, describeBackends, PH } from '../helpers';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const HEX_KEY = 'ab'.repeat(32);
const B64_KEY = Buffer.alloc(32, 7).toString('base64');

/** Everything production needs, so that a test can take out one piece. */
const COMPLETE = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://app@127.0.0.1:1/none',
  MESSAGE_WEBHOOK_URL: 'https://gateway.example.com/send',
  MESSAGE_WEBHOOK_SECRET: 'gateway-secret',
  KEY_ENCRYPTION_KEY: HEX_KEY,
};

function runMain(env: Record<string, string>, script = 'server/main.ts') {
  return spawnSync(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    // The test runner's own variables (NODE_ENV=test, a developer's DATABASE_URL) must not leak in.
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('production start-up checks', () => {
  it('exits 1 with exactly one stderr line when only DATABASE_URL is missing', () => {
    const res = runMain({ ...COMPLETE, DATABASE_URL: '' });
    expect(res.status).toBe(1);
    expect(res.stderr.trim().split('\n')).toEqual(['NODE_ENV=production needs DATABASE_URL (PostgreSQL; embedded PGlite is for development)']);
  });

  it('npm start refuses before building: exit 1 and the one line naming what is missing', () => {
    const res = runMain({ ...COMPLETE, DATABASE_URL: '' }, 'scripts/start.mjs');
    expect(res.status).toBe(1);
    expect(res.stderr.trim().split('\n')).toEqual(['NODE_ENV=production needs DATABASE_URL (PostgreSQL; embedded PGlite is for development)']);
    expect(res.stdout).not.toMatch(/vite build/);
  });

  it('names every missing setting on one line', () => {
    const res = runMain({ NODE_ENV: 'production' });
    expect(res.status).toBe(1);
    const lines = res.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^NODE_ENV=production needs /);
    for (const name of ['DATABASE_URL', 'MESSAGE_WEBHOOK_URL', 'KEY_ENCRYPTION_KEY', 'MESSAGE_WEBHOOK_SECRET']) {
      expect(lines[0].split(`${name} (`)).toHaveLength(2);
    }
  });

  it('checks the key-encryption key (32 bytes, hex or base64) and the gateway URL', () => {
    expect(parseEnv(COMPLETE).app.production).toBe(true);
    expect(parseEnv({ ...COMPLETE, KEY_ENCRYPTION_KEY: B64_KEY }).app.production).toBe(true);
    expect(parseEnv({ ...COMPLETE, KEY_ENCRYPTION_KEY: B64_KEY.replace(/=$/, '') }).app.production).toBe(true);
    for (const bad of ['ab'.repeat(31), Buffer.alloc(31).toString('base64'), Buffer.alloc(48, 255).toString('base64'), 'not a key']) {
      expect(() => parseEnv({ ...COMPLETE, KEY_ENCRYPTION_KEY: bad })).toThrow(/^KEY_ENCRYPTION_KEY must be 32 bytes/);
    }
    expect(() => parseEnv({ ...COMPLETE, MESSAGE_WEBHOOK_URL: 'http://gateway.example.com/send' })).toThrow(/MESSAGE_WEBHOOK_URL must be https/);
    // Outside production too: a gateway URL needs its signing secret.
    expect(() => parseEnv({ MESSAGE_WEBHOOK_URL: 'https://gateway.example.com/send' })).toThrow(/^MESSAGE_WEBHOOK_SECRET is required/);
    expect(() => parseEnv({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO must be 0 or 1/);
    expect(parseEnv({ ...COMPLETE, SEED_DEMO: '1' }).app.seedDemo).toBe(true);
    expect(parseEnv({}).app.production).toBe(false);
  });

  it('has a fallback tenant for unknown hosts only when one is named (production)', async () => {
    const force = { maintenance: [], regionRestriction: [] };
    const none = await loadTenantRegistry(`${REPO_ROOT}tenants`, undefined, force);
    expect(none.byHost('attacker.example')).toBeUndefined();
    expect(none.byHost(PH)?.id).toBe('demo-ph');
    const named = await loadTenantRegistry(`${REPO_ROOT}tenants`, 'demo-en', force);
    expect(named.byHost('attacker.example')?.id).toBe('demo-en');
  });
});

describeBackends(
  'production mode',
  ({ server }) => {
    it('answers 404 to an unknown host, serves known ones, and answers readiness for any host', async () => {
      const { app } = server();
      const unknown = await call(app, 'GET', '/wps/system/startup', { host: 'attacker.example' });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ success: false, errorCode: 'not.found' });
      expect((await call(app, 'GET', '/', { host: 'attacker.example' })).status).toBe(404);
      expect((await call(app, 'GET', '/wps/system/startup', { host: PH })).status).toBe(200);
      expect((await call(app, 'GET', '/wps/system/ready', { host: 'attacker.example' })).status).toBe(200);
    });

    it('seeds the merchants but no demo member (no known password, no money)', async () => {
      const { app } = server();
      const [{ merchants }] = await rows<{ merchants: number | string }>(app.db.orm, sql`SELECT count(*) AS merchants FROM merchants`);
      const [{ members }] = await rows<{ members: number | string }>(app.db.orm, sql`SELECT count(*) AS members FROM members`);
      expect(Number(merchants)).toBeGreaterThan(0);
      expect(Number(members)).toBe(0);
    });
  },
  { production: true, devRoutes: false },
);
