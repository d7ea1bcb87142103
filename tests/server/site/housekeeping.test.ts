import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../../server/db/client';
import { HOUSEKEEPING_TASKS, runHousekeeping } from '../../../server/modules/site/services/housekeeping';
import { describeBackends, startServer } from '../helpers';

const count = async (db: Parameters<typeof rows>[0], query: ReturnType<typeof sql>) => Number((await rows<{ n: number | string }>(db, query))[0].n);

describeBackends('housekeeping', ({ server }) => {
  it('deletes expired rows of every table and keeps live ones', async () => {
    const { app } = server();
    const db = app.db.orm;
    const [member] = await rows<{ id: number; merchant_code: string }>(db, sql`SELECT id, merchant_code FROM members WHERE username = 'demoplayer' LIMIT 1`);
    const m = member.merchant_code;
    await db.execute(sql`INSERT INTO rate_counters (key, count, reset_at) VALUES
      ('hk:dead', 1, now() - interval '1 minute'), ('hk:live', 1, now() + interval '1 minute')`);
    await db.execute(sql`INSERT INTO sessions (token_hash, login_id, member_id, merchant_code, expires_at, ends_at, revoked_at) VALUES
      ('hk:s-expired', 'hk:s-expired', ${member.id}, ${m}, now() - interval '2 days', now() + interval '20 days', NULL),
      ('hk:s-revoked', 'hk:s-revoked', ${member.id}, ${m}, now() + interval '1 day', now() + interval '20 days', now() - interval '2 days'),
      ('hk:s-recently-expired', 'hk:s-recently-expired', ${member.id}, ${m}, now() - interval '1 hour', now() + interval '20 days', NULL),
      ('hk:s-live', 'hk:s-live', ${member.id}, ${m}, now() + interval '1 day', now() + interval '20 days', NULL),
      ('hk:s-old-with-token', 'hk:s-old-with-token', ${member.id}, ${m}, now() - interval '2 days', now() + interval '20 days', NULL),
      ('hk:s-past-its-end', 'hk:s-past-its-end', ${member.id}, ${m}, now() + interval '1 day', now() - interval '2 days', NULL)`);
    await db.execute(sql`INSERT INTO game_tokens (token_hash, kind, member_id, session_hash, merchant_code, expires_at) VALUES
      ('hk:t-dead', 'PLAY', ${member.id}, 'hk:s-expired', ${m}, now() - interval '1 minute'),
      ('hk:t-live', 'PLAY', ${member.id}, 'hk:s-old-with-token', ${m}, now() + interval '1 minute')`);
    await db.execute(sql`INSERT INTO sms_codes (merchant_code, phone, purpose, code_hash, expires_at, consumed_at) VALUES
      (${m}, 'hk-dead1', 'X', 'h', now() - interval '2 days', NULL),
      (${m}, 'hk-dead2', 'X', 'h', now() + interval '1 minute', now() - interval '2 days'),
      (${m}, 'hk-live1', 'X', 'h', now() - interval '1 hour', NULL),
      (${m}, 'hk-live2', 'X', 'h', now() + interval '5 minutes', NULL)`);
    await db.execute(sql`INSERT INTO captchas (id, code_hash, expires_at) VALUES
      ('hk:c-dead', 'h', now() - interval '1 second'), ('hk:c-live', 'h', now() + interval '1 minute')`);
    await db.execute(sql`INSERT INTO outbox (channel, recipient, body, created_at) VALUES
      ('sms', 'hk-old', 'x', now() - interval '8 days'), ('sms', 'hk-new', 'x', now() - interval '6 days')`);
    await db.execute(sql`INSERT INTO jwe_replays (jti, expires_at) VALUES ('hk:j-dead', now() - interval '1 second'), ('hk:j-live', now() + interval '1 minute')`);
    await db.execute(sql`INSERT INTO idempotency_keys (member_id, scope, key, request_hash, status, response, expires_at) VALUES
      (${member.id}, 'hk', 'dead', 'h', 200, '{}'::jsonb, now() - interval '1 second'),
      (${member.id}, 'hk', 'live', 'h', 200, '{}'::jsonb, now() + interval '1 hour')`);

    const deleted = await runHousekeeping(app);
    expect(Object.keys(deleted)).toEqual(HOUSEKEEPING_TASKS.map((t) => t.name));

    expect(await rows(db, sql`SELECT key FROM rate_counters WHERE key LIKE 'hk:%' ORDER BY key`)).toEqual([{ key: 'hk:live' }]);
    // The session of a live play token stays until the token is gone.
    expect(await rows(db, sql`SELECT token_hash FROM sessions WHERE token_hash LIKE 'hk:%' ORDER BY token_hash`)).toEqual([
      { token_hash: 'hk:s-live' },
      { token_hash: 'hk:s-old-with-token' },
      { token_hash: 'hk:s-recently-expired' },
    ]);
    expect(await rows(db, sql`SELECT token_hash FROM game_tokens WHERE token_hash LIKE 'hk:%'`)).toEqual([{ token_hash: 'hk:t-live' }]);
    expect(await rows(db, sql`SELECT phone FROM sms_codes WHERE phone LIKE 'hk-%' ORDER BY phone`)).toEqual([{ phone: 'hk-live1' }, { phone: 'hk-live2' }]);
    expect(await rows(db, sql`SELECT id FROM captchas WHERE id LIKE 'hk:%'`)).toEqual([{ id: 'hk:c-live' }]);
    expect(await rows(db, sql`SELECT recipient FROM outbox WHERE recipient LIKE 'hk-%'`)).toEqual([{ recipient: 'hk-new' }]);
    expect(await rows(db, sql`SELECT jti FROM jwe_replays WHERE jti LIKE 'hk:%'`)).toEqual([{ jti: 'hk:j-live' }]);
    expect(await rows(db, sql`SELECT key FROM idempotency_keys WHERE scope = 'hk'`)).toEqual([{ key: 'live' }]);
    expect(deleted['play tokens']).toBeGreaterThanOrEqual(1);
    expect(deleted.sessions).toBeGreaterThanOrEqual(2);
  });

  it('deletes in batches of the given size, at most maxBatches per run', async () => {
    const { app } = server();
    const db = app.db.orm;
    await db.execute(sql`INSERT INTO rate_counters (key, count, reset_at)
      SELECT 'hkb:' || i, 1, now() - interval '1 minute' FROM generate_series(1, 25) AS i`);
    const tasks = HOUSEKEEPING_TASKS.filter((t) => t.table === 'rate_counters');
    const first = await runHousekeeping(app, { tasks, batchSize: 10, maxBatches: 2 });
    expect(first['rate counters']).toBe(20);
    expect(await count(db, sql`SELECT count(*) AS n FROM rate_counters WHERE key LIKE 'hkb:%'`)).toBe(5);
    const second = await runHousekeeping(app, { tasks, batchSize: 10, maxBatches: 2 });
    expect(second['rate counters']).toBe(5);
    expect(await count(db, sql`SELECT count(*) AS n FROM rate_counters WHERE key LIKE 'hkb:%'`)).toBe(0);
  });

  it('logs a failing task and still runs the others', async () => {
    const { app } = server();
    const tasks = [{ name: 'broken', table: 'no_such_table', where: 'true' }, ...HOUSEKEEPING_TASKS.filter((t) => t.table === 'captchas')];
    const result = await runHousekeeping(app, { tasks });
    expect(result).toEqual({ broken: 0, captchas: 0 });
  });
});

describe('housekeeping timer', () => {
  it('runs shortly after start and then periodically when asked for (off in tests by default)', async () => {
    const server = await startServer('pglite', { housekeeping: true, housekeepingIntervalMs: 200 });
    try {
      const db = server.app.db.orm;
      await db.execute(sql`INSERT INTO captchas (id, code_hash, expires_at) VALUES ('hkt:dead', 'h', now() - interval '1 second')`);
      await expect.poll(() => count(db, sql`SELECT count(*) AS n FROM captchas WHERE id = 'hkt:dead'`), { timeout: 5000 }).toBe(0);
    } finally {
      await server.close();
    }
  });
});
