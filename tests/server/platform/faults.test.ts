/**
 * Faults, at the lowest level that shows each rule: which errors mean "the database is out of
 * reach", the stale answers of a cache while it is, SHUTDOWN_DRAIN_MS, the shutdown phases
 * (readiness 503 while draining, the envelope while closing) and the job claim.
 */
import { describe, expect, it } from 'vitest';
import { isConnectionError } from '../../../server/db/client';
import { parseEnv } from '../../../server/config';
import { runClaimed, SKIPPED } from '../../../server/lib/job-claim';
import { drainAndClose } from '../../../server/lib/shutdown';
import { STALE_ON_OUTAGE, STALE_LIMIT_MS } from '../../../server/lib/stale';
import { TtlCache } from '../../../server/lib/ttl-cache';
import { PageCache } from '../../../server/lib/ssr';
import { call, describeBackends, PH } from '../helpers';

/** An error as node-postgres raises it for a SQLSTATE. */
const sqlState = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('database connection errors', () => {
  it('are the ones of a connection refused, reset, timed out, terminated or ended by the server', () => {
    const down = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('Cannot use a pool after calling end on the pool'),
      sqlState('57P01', 'terminating connection due to administrator command'),
      sqlState('57P02'),
      sqlState('57P03', 'the database system is starting up'),
      sqlState('08006'),
      sqlState('08P01'),
      // drizzle wraps the driver's error; Node's happy eyeballs aggregates one per address.
      Object.assign(new Error('Failed query: select 1'), { cause: new Error('Connection terminated unexpectedly') }),
      Object.assign(new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })], '')),
    ];
    for (const err of down) expect(isConnectionError(err), String(err)).toBe(true);
  });

  it('are not the errors of a query or of the data: those stay what they are', () => {
    const others = [
      new Error('boom'),
      sqlState('23505', 'duplicate key value violates unique constraint'),
      sqlState('40P01', 'deadlock detected'),
      sqlState('40001', 'could not serialize access'),
      sqlState('42P01', 'relation "x" does not exist'),
      sqlState('57014', 'canceling statement due to statement timeout'),
      Object.assign(new Error('Failed query'), { cause: sqlState('23505') }),
      null,
      undefined,
      'Connection terminated',
      { message: 'a message that mentions Connection terminated later' },
    ];
    for (const err of others) expect(isConnectionError(err), String(err)).toBe(false);
  });
});

describe('stale answers of a cache while the database is out of reach', () => {
  const down = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));

  function clocked(ttl: number) {
    let now = 1_000_000;
    const cache = new TtlCache<string>(ttl, 10, () => now);
    return { cache, advance: (ms: number) => (now += ms) };
  }

  it('answers the last value, marked stale, until STALE_LIMIT_MS past its TTL; then the failure', async () => {
    const { cache, advance } = clocked(10_000);
    expect(await cache.getOrStale('k', async () => 'v1', STALE_ON_OUTAGE)).toEqual({ value: 'v1', stale: false });
    advance(10_000 + 60_000);
    expect(await cache.getOrStale('k', down, STALE_ON_OUTAGE)).toEqual({ value: 'v1', stale: true });
    advance(STALE_LIMIT_MS - 60_000 - 1);
    expect(await cache.getOrStale('k', down, STALE_ON_OUTAGE)).toEqual({ value: 'v1', stale: true });
    advance(1);
    await expect(cache.getOrStale('k', down, STALE_ON_OUTAGE)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('meanwhile tries the database once per TTL, not on every request, and answers fresh again as soon as it answers', async () => {
    const { cache, advance } = clocked(1_000);
    await cache.getOrStale('k', async () => 'v1', STALE_ON_OUTAGE);
    advance(1_000);
    let loads = 0;
    const failing = () => {
      loads++;
      return down();
    };
    for (let i = 0; i < 3; i++) expect(await cache.getOrStale('k', failing, STALE_ON_OUTAGE)).toEqual({ value: 'v1', stale: true });
    expect(loads).toBe(1);
    advance(999);
    expect((await cache.getOrStale('k', failing, STALE_ON_OUTAGE)).stale).toBe(true);
    expect(loads).toBe(1);
    advance(1);
    expect((await cache.getOrStale('k', failing, STALE_ON_OUTAGE)).stale).toBe(true);
    expect(loads).toBe(2);
    advance(1_000);
    expect(await cache.getOrStale('k', async () => 'v2', STALE_ON_OUTAGE)).toEqual({ value: 'v2', stale: false });
    expect(await cache.getOrStale('k', failing, STALE_ON_OUTAGE)).toEqual({ value: 'v2', stale: false });
    expect(loads).toBe(2);
  });

  it('never hides another failure, a key never loaded, or a value the caller chose not to keep', async () => {
    const { cache, advance } = clocked(1_000);
    await cache.getOrStale('k', async () => 'v1', STALE_ON_OUTAGE);
    advance(1_000);
    await expect(cache.getOrStale('k', () => Promise.reject(new Error('bad query')), STALE_ON_OUTAGE)).rejects.toThrow('bad query');
    await expect(cache.getOrStale('other', down, STALE_ON_OUTAGE)).rejects.toThrow(/ECONNREFUSED/);
    await cache.getOrStale('private', async () => 'mine', STALE_ON_OUTAGE, () => false);
    advance(1_000);
    await expect(cache.getOrStale('private', down, STALE_ON_OUTAGE)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('a page cache gives a kept page only, never one made for one visit, within the stale limit', async () => {
    let now = 0;
    const pages = new PageCache<{ shared: boolean; n: number }>(5_000, 10, () => now);
    await pages.get('shared', async () => ({ shared: true, n: 1 }));
    await pages.get('visit', async () => ({ shared: false, n: 2 }));
    now += 5_000 + 60_000;
    expect(pages.kept('shared', STALE_LIMIT_MS)).toEqual({ shared: true, n: 1 });
    expect(pages.kept('visit', STALE_LIMIT_MS)).toBeUndefined();
    now += STALE_LIMIT_MS;
    expect(pages.kept('shared', STALE_LIMIT_MS)).toBeUndefined();
  });
});

describe('SHUTDOWN_DRAIN_MS', () => {
  it('defaults to 5 s and takes whole milliseconds up to 5 minutes', () => {
    expect(parseEnv({}).shutdownDrainMs).toBe(5_000);
    expect(parseEnv({ SHUTDOWN_DRAIN_MS: '1500' }).shutdownDrainMs).toBe(1_500);
    expect(parseEnv({ SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs).toBe(0);
    expect(parseEnv({ SHUTDOWN_DRAIN_MS: '300000' }).shutdownDrainMs).toBe(300_000);
  });

  it('refuses anything else with one line naming it', () => {
    for (const bad of ['abc', '-1', '1.5', '1e3', '300001', ' 5 s']) {
      expect(() => parseEnv({ SHUTDOWN_DRAIN_MS: bad })).toThrow(`SHUTDOWN_DRAIN_MS must be an integer number of milliseconds from 0 to 300000 (got '${bad}')`);
    }
  });
});

describeBackends('shutdown phases', ({ server }) => {
  it('draining: readiness answers 503 in the envelope while every other request is served, each saying Connection: close', async () => {
    const { app } = server();
    expect((await call(app, 'GET', '/wps/system/ready')).status).toBe(200);
    app.lifecycle.phase = 'draining';
    try {
      const ready = await call(app, 'GET', '/wps/system/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ success: false, errorCode: 'site.unavailable', message: 'system_upgrading' });
      const games = await call(app, 'GET', '/wps/game/list');
      expect(games.status).toBe(200);
      expect(games.body.success).toBe(true);
      expect(games.res.headers.connection).toBe('close');
      expect((await call(app, 'GET', '/wps/system/startup')).status).toBe(200);
    } finally {
      app.lifecycle.phase = 'serving';
    }
    expect((await call(app, 'GET', '/wps/game/list')).res.headers.connection).not.toBe('close');
  });

  it('closing: a request still arriving on an open connection gets 503 site.unavailable in the envelope, not Fastify\'s body', async () => {
    const { app } = server();
    app.lifecycle.phase = 'closing';
    try {
      for (const url of ['/wps/game/list', '/wps/member/info', '/wps/system/startup', '/m/home']) {
        const res = await call(app, 'GET', url, { host: PH });
        expect(res.status, url).toBe(503);
        expect(res.body, url).toEqual({ success: false, errorCode: 'site.unavailable', message: 'system_upgrading' });
        expect(res.res.headers.connection, url).toBe('close');
      }
    } finally {
      app.lifecycle.phase = 'serving';
    }
  });

  // Last of the suite: it closes the server.
  it('drainAndClose: draining for the whole drain (served, readiness 503), then closing, then closed', async () => {
    const { app } = server();
    const seen: string[] = [];
    const waits: number[] = [];
    await drainAndClose(app, 1234, async (ms) => {
      waits.push(ms);
      seen.push(app.lifecycle.phase);
      seen.push(String((await call(app, 'GET', '/wps/game/list')).status));
      seen.push(String((await call(app, 'GET', '/wps/system/ready')).status));
    });
    expect(waits).toEqual([1234]);
    expect(seen).toEqual(['draining', '200', '503']);
    expect(app.lifecycle.phase).toBe('closing');
    await expect(call(app, 'GET', '/wps/game/list')).rejects.toThrow();
  });
});

describeBackends('job claim', ({ server }) => {
  it('runs a job on one runner at a time: a second run meanwhile is skipped and does nothing; another job is not held up', async () => {
    const { app } = server();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const first = runClaimed(app.db, 'test-job', async () => {
      runs++;
      await gate;
      return 'done';
    });
    // Let the first take its claim.
    for (let i = 0; i < 50 && runs === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(runs).toBe(1);
    expect(await runClaimed(app.db, 'test-job', async () => ++runs)).toBe(SKIPPED);
    expect(await runClaimed(app.db, 'other-job', async () => 'other')).toBe('other');
    release();
    expect(await first).toBe('done');
    expect(runs).toBe(1);
    // The claim is given back at the end of the run, and after a failure.
    await expect(runClaimed(app.db, 'test-job', () => Promise.reject(new Error('job failed')))).rejects.toThrow('job failed');
    expect(await runClaimed(app.db, 'test-job', async () => 'again')).toBe('again');
  });
});
