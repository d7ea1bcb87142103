/**
 * The lottery pages' draws (GET /wps/game/lottery/draws): read from the game vendor that draws
 * them, RefGames in its own process on its own port, and shown as the vendor publishes them; a
 * vendor that is down gives `available: false`, and a malformed feed is cut to what is valid.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { drawsOf } from '../../../server/modules/games/services/lottery-draws';
import { call, describeBackends } from '../helpers';
import { vendorOptions } from './vendor-wallet-helpers';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** RefGames as the outside party it is: its own process, listening on its own port. */
async function startRefGames(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'reference/refgames/main.ts'], {
    env: { ...process.env, REFGAMES_PORT: String(port), REFGAMES_PUBLIC_URL: url, REFGAMES_WALLET_URL: 'http://127.0.0.1:9/vendor/REFGAMES', REFGAMES_SIGNING: 'hmac', REFGAMES_SECRET: 's'.repeat(40), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`RefGames exited with ${child.exitCode}`);
    if (await fetch(`${url}/health`).then((r) => r.ok, () => false)) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('RefGames did not start');
}

const refgames = await startRefGames();
afterAll(async () => {
  if (refgames.child.exitCode === null) {
    refgames.child.kill('SIGTERM');
    await once(refgames.child, 'exit');
  }
});

interface Draws {
  available: boolean;
  lotteries: { prizeMode: string; playType: string; nextDrawAt: string; nextDrawNumber: string; results: unknown[] }[];
}

describeBackends(
  'lottery draws from the vendor',
  ({ server }) => {
    it('lists each lottery by prize mode with its next draw, as the vendor publishes it', async () => {
      const { app } = server();
      const res = await call<Draws>(app, 'GET', '/wps/game/lottery/draws');
      expect(res.status).toBe(200);
      const value = res.body.value!;
      expect(value.available).toBe(true);
      expect(value.lotteries.map((l) => [l.prizeMode, l.playType]).sort()).toEqual([
        ['Elott', 'ent'],
        ['Lott', 'trad'],
      ]);
      const published = (await (await fetch(`${refgames.url}/lotteries`)).json()) as { lotteries: { prizeMode: string; nextDrawAt: string; nextDrawId: string }[] };
      for (const l of value.lotteries) {
        const theirs = published.lotteries.find((p) => p.prizeMode === l.prizeMode)!;
        expect(l.nextDrawAt).toBe(new Date(theirs.nextDrawAt).toISOString());
        expect(theirs.nextDrawId.endsWith(`-${l.nextDrawNumber}`)).toBe(true);
        expect(Date.parse(l.nextDrawAt)).toBeGreaterThan(Date.now() - 5_000);
      }
    });
  },
  vendorOptions(refgames.url),
);

describeBackends(
  'lottery draws when the vendor is down',
  ({ server }) => {
    it('answers available: false with no lotteries, not an error', async () => {
      const { app } = server();
      const res = await call<Draws>(app, 'GET', '/wps/game/lottery/draws');
      expect(res.status).toBe(200);
      expect(res.body.value).toEqual({ available: false, lotteries: [] });
    });
  },
  vendorOptions('http://127.0.0.1:9'),
);

describe('the vendor feed is another party\'s input', () => {
  const good = { prizeMode: 'Elott', playType: 'ent', nextDrawAt: '2026-11-29T11:06:00.000Z', nextDrawId: 'ELOTT-202611291106' };
  it('keeps valid lotteries and results, latest five, and the draw number from the id', () => {
    const results = Array.from({ length: 7 }, (_, i) => ({ number: `20261129110${5 - i}`, drawAt: '2026-11-29T11:05:00Z', result: '12345', status: 'drawn' }));
    const [l] = drawsOf({ lotteries: [{ ...good, results }] });
    expect(l.nextDrawNumber).toBe('202611291106');
    expect(l.results).toHaveLength(5);
    expect(l.results[0]).toEqual({ number: '202611291105', drawAt: '2026-11-29T11:05:00.000Z', result: '12345', status: 'drawn' });
  });
  it('shows a voided draw without a result and leaves out what is malformed', () => {
    const [l] = drawsOf({
      lotteries: [
        {
          ...good,
          results: [
            { number: '1', drawAt: '2026-11-29T11:05:00Z', result: null, status: 'void' },
            { number: '2', drawAt: 'not a time', result: '1' },
            { number: '3', drawAt: '2026-11-29T11:04:00Z', result: '<script>' },
          ],
        },
        { ...good, prizeMode: 'Other' },
        { ...good, nextDrawAt: 42 },
        'nonsense',
      ],
    });
    expect(l.results).toEqual([{ number: '1', drawAt: '2026-11-29T11:05:00.000Z', result: null, status: 'void' }]);
    expect(drawsOf({ lotteries: [{ ...good, prizeMode: 'Other' }] })).toEqual([]);
    expect(drawsOf(null)).toEqual([]);
    expect(drawsOf({ lotteries: 'x' })).toEqual([]);
  });
});
