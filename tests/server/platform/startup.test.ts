import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { eq, is, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { parseEnv } from '../../../server/config';
import { rows } from '../../../server/db/client';
import * as schema from '../../../server/db/schema';
import { TenantConfigError } from '../../../server/lib/tenant-registry';
import { SITE_FIXTURE, startServer } from '../helpers';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BAD_TENANTS = fileURLToPath(new URL('../fixtures/tenants-bad', import.meta.url));

/** Runs server/main.ts the way npm start does, with a short timeout. */
function runMain(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('environment', () => {
  it('reads defaults and overrides', () => {
    const env = parseEnv({ DEFAULT_TENANT: 'demo-en', FORCE_MAINTENANCE: 'demo-en, demo-ph', DATABASE_URL: 'postgres://x@y/z' });
    expect(env.port).toBe(8080);
    expect(env.host).toBe('0.0.0.0');
    expect(env.app).toMatchObject({ db: { pgUrl: 'postgres://x@y/z' }, defaultTenant: 'demo-en', forceMaintenance: ['demo-en', 'demo-ph'] });
    expect(parseEnv({}).app.db).toBe('pglite');
  });

  it('refuses a bad PORT, LOG_LEVEL or DATABASE_URL with one line each', () => {
    expect(() => parseEnv({ PORT: 'abc' })).toThrow("PORT must be an integer between 1 and 65535 (got 'abc')");
    expect(() => parseEnv({ PORT: '70000' })).toThrow(/PORT must be/);
    expect(() => parseEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of/);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres/);
  });

  it('reads SOCIAL_LOGIN_PROVIDERS: none by default, a comma list of known providers, one line for anything else', async () => {
    expect(parseEnv({}).app.socialLogin).toEqual([]);
    expect(parseEnv({ SOCIAL_LOGIN_PROVIDERS: ' ' }).app.socialLogin).toEqual([]);
    expect(parseEnv({ SOCIAL_LOGIN_PROVIDERS: 'google, facebook,google' }).app.socialLogin).toEqual(['google', 'facebook']);
    expect(() => parseEnv({ SOCIAL_LOGIN_PROVIDERS: 'google,apple' })).toThrow("SOCIAL_LOGIN_PROVIDERS must be a comma list of facebook, google, telegram (got 'google,apple')");
    expect(() => parseEnv({ SOCIAL_LOGIN_PROVIDERS: 'Google' })).toThrow(/SOCIAL_LOGIN_PROVIDERS must be/);
    await expect(buildApp({ db: 'pglite', siteDir: SITE_FIXTURE, logger: false, socialLogin: ['myspace' as 'google'] })).rejects.toThrow('socialLogin names unknown providers: myspace');
  });

  it('exits 1 with one clear line on a bad PORT', () => {
    const res = runMain({ PORT: 'eighty' });
    expect(res.status).toBe(1);
    expect(res.stderr.trim()).toBe("PORT must be an integer between 1 and 65535 (got 'eighty')");
  });
});

describe('tenant validation at start', () => {
  it('refuses to build with invalid tenants, listing FILE: /pointer: message lines', async () => {
    const err = await buildApp({ db: 'pglite', tenantsDir: BAD_TENANTS, siteDir: SITE_FIXTURE, logger: false }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(TenantConfigError);
    const lines = (err as TenantConfigError).lines;
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line).toMatch(/^tests\/server\/fixtures\/tenants-bad\/\w+\/tenant\.json: \/[^:]*: .+/);
    expect(lines.some((l) => l.includes('syntax/tenant.json'))).toBe(true);
  });

  it('refuses an unknown DEFAULT_TENANT', async () => {
    await expect(buildApp({ db: 'pglite', defaultTenant: 'nope', siteDir: SITE_FIXTURE, logger: false })).rejects.toThrow(/DEFAULT_TENANT: tenant "nope" does not exist/);
  });

  it('exits 1 and prints the error lines from main', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wl-bad-'));
    try {
      const res = runMain({ TENANTS_DIR: BAD_TENANTS, DATA_DIR: dataDir, PORT: '8097' });
      expect(res.status).toBe(1);
      expect(res.stderr).toContain('tests/server/fixtures/tenants-bad/broken/tenant.json: /: missing required property "domains"');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('database schema', () => {
  it('drizzle tables match the SQL migrations column by column and foreign key by foreign key', async () => {
    const server = await startServer('pglite');
    try {
      const columns = await rows<{ table_name: string; column_name: string }>(
        server.app.db.orm,
        sql`SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name <> 'schema_migrations'`,
      );
      const inSql = new Map<string, Set<string>>();
      for (const c of columns) inSql.set(c.table_name, (inSql.get(c.table_name) ?? new Set()).add(c.column_name));
      const tables = Object.values(schema).filter((t) => is(t, PgTable)).map((t) => getTableConfig(t));
      expect(new Set(tables.map((t) => t.name))).toEqual(new Set(inSql.keys()));
      for (const t of tables) expect(new Set(t.columns.map((c) => c.name)), t.name).toEqual(inSql.get(t.name));

      // Every references() is a FOREIGN KEY of the migrations (same columns, same ON DELETE), and every
      // FOREIGN KEY is declared (those of and into the ledger tables in server/money/tables.ts).
      const keyOf = (table: string, columns: string[], target: string, targetColumns: string[], onDelete: string) =>
        `${table}(${columns.join(',')}) -> ${target}(${targetColumns.join(',')}) on delete ${onDelete}`;
      const inSqlKeys = await rows<{ table_name: string; columns: string[]; target: string; target_columns: string[]; on_delete: string }>(
        server.app.db.orm,
        sql`SELECT c.conrelid::regclass::text AS table_name, c.confrelid::regclass::text AS target,
              (SELECT array_agg(a.attname::text ORDER BY k.n) FROM unnest(c.conkey) WITH ORDINALITY k(att, n) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.att) AS columns,
              (SELECT array_agg(a.attname::text ORDER BY k.n) FROM unnest(c.confkey) WITH ORDINALITY k(att, n) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.att) AS target_columns,
              CASE c.confdeltype WHEN 'c' THEN 'cascade' WHEN 'n' THEN 'set null' WHEN 'r' THEN 'restrict' ELSE 'no action' END AS on_delete
            FROM pg_constraint c JOIN pg_namespace ns ON ns.oid = c.connamespace
            WHERE c.contype = 'f' AND ns.nspname = current_schema()`,
      );
      const declared = tables.flatMap((t) =>
        t.foreignKeys.map((fk) => {
          const ref = fk.reference();
          return keyOf(t.name, ref.columns.map((c) => c.name), getTableConfig(ref.foreignTable).name, ref.foreignColumns.map((c) => c.name), fk.onDelete ?? 'no action');
        }),
      );
      const expected = inSqlKeys.map((k) => keyOf(k.table_name, k.columns, k.target, k.target_columns, k.on_delete));
      expect(expected.length).toBe(100);
      expect(new Set(declared)).toEqual(new Set(expected));
      expect(declared.length).toBe(expected.length);

      // Every relation resolves: each table loads one row with all its relations.
      const orm = server.app.db.orm;
      const config = orm._.schema!;
      const query = orm.query as unknown as Record<string, { findFirst(options: object): Promise<unknown> }>;
      expect(Object.keys(config.members.relations)).toEqual(expect.arrayContaining(['sessions', 'deposits', 'bets', 'downlines', 'upline', 'avatar', 'rebateRatesSet']));
      for (const [name, table] of Object.entries(config)) {
        await query[name].findFirst({ with: Object.fromEntries(Object.keys(table.relations).map((r) => [r, true])) });
      }
      // Typed: the relations each module declares on members merge into one.
      const demo = await orm.query.members.findFirst({
        where: eq(schema.members.username, 'demoplayer'),
        with: { merchant: true, upline: true, sessions: true, deposits: true, protection: true },
      });
      expect(demo).toBeDefined();
      expect(demo!.merchant.code).toBe(demo!.merchantCode);
      expect(Object.keys(demo!)).toEqual(expect.arrayContaining(['upline', 'sessions', 'deposits', 'protection']));
      expect(Array.isArray(demo!.deposits)).toBe(true);
    } finally {
      await server.close();
    }
  }, 120_000); // the first server of a run builds the template database (migrated and seeded through the services)

  it('keeps data in DATA_DIR across restarts (seeded once)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wl-data-'));
    try {
      const first = await buildApp({ db: 'pglite', dataDir, siteDir: SITE_FIXTURE, logger: false });
      await first.ready();
      const key = first.jwe.publicJwk;
      await first.close();
      // Without KEY_ENCRYPTION_KEY the JWE private keys are sealed with a key file of the data folder.
      expect(statSync(join(dataDir, 'key-encryption.key')).mode & 0o777).toBe(0o600);
      const second = await buildApp({ db: 'pglite', dataDir, siteDir: SITE_FIXTURE, logger: false });
      await second.ready();
      expect(second.jwe.publicJwk).toEqual(key);
      const [{ n }] = await rows<{ n: number }>(second.db.orm, sql`SELECT count(*)::int AS n FROM members WHERE username = 'demoplayer'`);
      expect(Number(n)).toBe(2);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000); // two boots of a fresh embedded database, the first migrating it and seeding the demo through the real services
});
