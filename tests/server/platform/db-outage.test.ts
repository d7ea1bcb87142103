/**
 * The database going away under a running server (PostgreSQL only; PGlite has no connections):
 * its connections terminated while transactions are in flight, and the database out of reach
 * altogether (the server talks to PostgreSQL through a TCP proxy on loopback that the test cuts).
 * The process stays up, nothing answers 500, reads every visitor shares keep answering from their
 * caches with a Warning, and the server recovers without a restart.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { applicationName, rows } from '../../../server/db/client';
import { STALE_LIMIT_MS, STALE_WARNING } from '../../../server/lib/stale';
import { LOBBY_CACHE_MS } from '../../../server/modules/games/routes/games';
import { runDepositJobs } from '../../../server/plugins/app/deposit-jobs';
import { openSlot } from '../rebate-helpers';
import { call, dropSchema, expectLedgerClean, freshSchemaName, fundedPlayer, PG_URL, postgresAvailable, spinKey, startServer, type TestServer } from '../helpers';

const UNAVAILABLE = { success: false, errorCode: 'site.unavailable', message: 'system_upgrading' };

/** A TCP proxy on loopback to PostgreSQL that the test can cut (every connection dropped, none accepted) and restore. */
class CuttableProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      this.sockets.add(client).add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        this.sockets.delete(client);
        this.sockets.delete(upstream);
      };
      for (const s of [client, upstream]) {
        s.on('error', drop);
        s.on('close', drop);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', resolve);
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  url(): string {
    const url = new URL(PG_URL);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.href;
  }
}

const onPostgres = describe.skipIf(!postgresAvailable && !process.env.CI);

onPostgres('database connections terminated while transactions are in flight', () => {
  let s: TestServer;
  let admin: pg.Client;

  beforeAll(async () => {
    if (!postgresAvailable) throw new Error(`PostgreSQL is unreachable at ${PG_URL} (CI is set)`);
    s = await startServer('postgres');
    // On the server's database: its connections are the ones terminated.
    admin = new pg.Client({ connectionString: s.pgUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end().catch(() => {});
    await s?.close();
  });

  /** Terminates the server's connections (only this suite's: its schema and process); counts those that were busy. */
  async function terminate(): Promise<number> {
    const { rows: ended } = await admin.query<{ state: string | null }>(
      `SELECT state, pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = $1`,
      [applicationName(s.schema)],
    );
    return ended.filter((r) => r.state !== 'idle').length;
  }

  it('the process stays up, every request answers 200 or 503 site.unavailable, a retry with the same key moves money once, and the next requests succeed', async () => {
    const { app } = s;
    const players = await Promise.all([0, 1, 2, 3].map(async () => {
      const p = await fundedPlayer(app, 1_000_000);
      return { ...p, play: await openSlot(app, p.token) };
    }));
    const keys: { play: string; key: Record<string, string>; memberId: number }[] = [];
    const answers: { status: number; body: unknown; retry?: () => Promise<{ status: number; body: unknown }> }[] = [];
    let busyTerminated = 0;
    // The test's own connection holds the players' wallets, so the spins wait inside their
    // transactions (on checked-out connections) when their connections are terminated.
    const holder = new pg.Client({ connectionString: s.pgUrl, options: `-c search_path=${s.schema}` });
    await holder.connect();
    try {
      for (let round = 0; round < 2; round++) {
        await holder.query('BEGIN');
        await holder.query('SELECT id FROM ledger_accounts WHERE id = ANY($1::bigint[]) FOR UPDATE', [players.map((p) => p.walletId)]);
        const requests = Promise.all([
          ...players.flatMap((p) =>
            Array.from({ length: 6 }, async () => {
              const key = spinKey();
              keys.push({ play: p.play, key, memberId: p.memberId });
              const spin = () => call(app, 'POST', '/wps/game/inhouse/spin', { token: p.play, headers: key, body: { stake: 100 } });
              const res = await spin();
              answers.push({ status: res.status, body: res.body, retry: spin });
            }),
          ),
          ...players.map(async (p) => {
            const res = await call(app, 'GET', '/wps/member/info', { token: p.token });
            answers.push({ status: res.status, body: res.status === 200 ? { success: res.body.success } : res.body });
          }),
        ]);
        // Wait (bounded) until the pool's connections are all busy in transactions waiting for the wallets.
        for (let i = 0; i < 300; i++) {
          const { rows: waiting } = await admin.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`,
            [applicationName(s.schema)],
          );
          if (waiting[0].n >= 8) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        busyTerminated += await terminate();
        await holder.query('ROLLBACK');
        await requests;
      }
    } finally {
      await holder.end();
    }
    expect(busyTerminated).toBeGreaterThanOrEqual(16);
    const unavailable = answers.filter((a) => a.status === 503);
    expect(unavailable.length).toBeGreaterThanOrEqual(busyTerminated / 2);
    for (const a of answers) {
      if (a.status === 200) expect((a.body as { success: boolean }).success).toBe(true);
      else expect(a, JSON.stringify(a.body)).toMatchObject({ status: 503, body: UNAVAILABLE });
    }
    // The client retries what got 503 with the same Idempotency-Key: now it succeeds.
    for (const a of unavailable) {
      if (!a.retry) continue;
      const again = await a.retry();
      expect(again.status, JSON.stringify(again.body)).toBe(200);
    }
    // Each key moved money once: one bet per key, however the first attempt ended.
    const [bets] = await rows<{ n: number }>(app.db.orm, sql`SELECT count(*)::int AS n FROM bets WHERE member_id IN (${sql.join(players.map((p) => sql`${p.memberId}`), sql`, `)})`);
    expect(Number(bets.n)).toBe(keys.length);
    // Recovered without a restart.
    for (const p of players) expect((await call(app, 'GET', '/wps/member/info', { token: p.token })).status).toBe(200);
    expect((await call(app, 'GET', '/wps/system/ready')).status).toBe(200);
    await expectLedgerClean(app);
  });
});

onPostgres('the database out of reach', () => {
  const schema = freshSchemaName();
  const proxy = new CuttableProxy({ host: new URL(PG_URL).hostname, port: Number(new URL(PG_URL).port || 5432) });
  let s: TestServer;

  beforeAll(async () => {
    if (!postgresAvailable) throw new Error(`PostgreSQL is unreachable at ${PG_URL} (CI is set)`);
    await proxy.open();
    s = await startServer('postgres', { schema, db: { pgUrl: proxy.url(), schema } });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await proxy.open().catch(() => {});
    await s?.close();
    if (postgresAvailable) await dropSchema(schema);
  });

  it('keeps the shared reads answering from their caches with a Warning for at least 60 s, answers 503 site.unavailable for the rest, never 500, and recovers', async () => {
    const { app } = s;
    const member = await fundedPlayer(app, 10_000);
    const play = await openSlot(app, member.token);
    // Warm the caches.
    const startup = await call(app, 'GET', '/wps/system/startup');
    const games = await call(app, 'GET', '/wps/game/list');
    const page = await app.inject({ url: '/m/home', headers: { host: 'demo-ph.localhost' } });
    for (const r of [startup.res, games.res, page]) {
      expect(r.statusCode).toBe(200);
      expect(r.headers.warning).toBeUndefined();
    }

    await proxy.cut();
    // 70 s later: every cache's TTL has run out and the database still does not answer.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + LOBBY_CACHE_MS + 60_000);

    const staleStartup = await call(app, 'GET', '/wps/system/startup');
    expect(staleStartup.status).toBe(200);
    expect(staleStartup.res.headers.warning).toBe(STALE_WARNING);
    expect(staleStartup.body.success).toBe(true);
    const staleGames = await call(app, 'GET', '/wps/game/list');
    expect(staleGames.status).toBe(200);
    expect(staleGames.res.headers.warning).toBe(STALE_WARNING);
    expect(staleGames.body).toEqual(games.body);
    const stalePage = await app.inject({ url: '/m/home', headers: { host: 'demo-ph.localhost' } });
    expect(stalePage.statusCode).toBe(200);
    expect(stalePage.headers.warning).toBe(STALE_WARNING);
    expect(stalePage.body).toContain('id="app-config"');
    // Static files need no database (and are not stale).
    const script = await app.inject({ url: '/m/assets/index-abc123.js', headers: { host: 'demo-ph.localhost' } });
    expect(script.statusCode).toBe(200);

    // What needs the database: 503 site.unavailable in the envelope, whoever asks.
    const needing = [
      call(app, 'GET', '/wps/member/info', { token: member.token }),
      call(app, 'GET', '/wps/wallet/deposits', { token: member.token }),
      call(app, 'POST', '/wps/game/inhouse/spin', { token: play, headers: spinKey(), body: { stake: 100 } }),
      call(app, 'POST', '/wps/wallet/deposits', { token: member.token, headers: spinKey(), body: { channelId: 'bank', amount: 500 } }),
      call(app, 'GET', '/wps/game/favourites', { token: member.token }),
      call(app, 'GET', '/wps/system/ready'),
    ];
    for (const r of await Promise.all(needing)) {
      expect(r.status, r.res.body).toBe(503);
      expect(r.body).toEqual(UNAVAILABLE);
    }
    // A background job run fails quietly (logged), it does not crash the process.
    expect(await runDepositJobs(app)).toEqual({ expired: 0, skipped: false });

    // Past the stale limit the caches give up: 503 too, still in the envelope.
    vi.setSystemTime(Date.now() + STALE_LIMIT_MS);
    for (const url of ['/wps/game/list', '/wps/system/startup']) {
      const r = await call(app, 'GET', url);
      expect(r.status, url).toBe(503);
      expect(r.body).toEqual(UNAVAILABLE);
    }
    vi.useRealTimers();

    // The database is back: no restart needed.
    await proxy.open();
    const info = await call(app, 'GET', '/wps/member/info', { token: member.token });
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    const fresh = await call(app, 'GET', '/wps/game/list');
    expect(fresh.status).toBe(200);
    expect(fresh.res.headers.warning).toBeUndefined();
    expect((await call(app, 'GET', '/wps/system/ready')).status).toBe(200);
    await expectLedgerClean(app);
  });
});
