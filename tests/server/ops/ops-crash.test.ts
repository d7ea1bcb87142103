/**
 * kill -9 in the middle of money moving: a server on PGlite takes a burst of concurrent money
 * requests (slot spins, withdrawal requests that hold money, deposit requests; each with its own
 * Idempotency-Key), is killed with SIGKILL partway, restarts on the same DATA_DIR, and
 * `ops ledger check` (through the restarted server) finds the ledger clean: no half-written
 * posting survives, and every request that was answered is there. The server starts on a data
 * folder as a first start leaves it (the run's template): the crash is what this test is about.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, rows } from '../../../server/db/client';
import { checkLedger } from '../../../server/money';
import { CLI_KEY_FILE, CLI_KEY_HEADER } from '../../../server/ops/cli-link';
import { exited, freePort, runCli, spawnServer, waitReady } from '../ops-spawn';
import { templateDataDir } from '../templates';

const HOST = 'demo-ph.localhost';
const SPINS = 200;

/** Logs the demo player in as the site does: the credentials encrypted to the advertised key. */
async function memberToken(base: string): Promise<string> {
  const startup = (await (await fetch(`${base}/wps/system/startup`, { headers: { host: HOST } })).json()) as {
    value: { encryption: { header: string; alg: string; enc: string; jwk: JWK } };
  };
  const { header, alg, enc, jwk } = startup.value.encryption;
  const payload = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify({ type: 'username', username: 'demoplayer', password: 'Demo1234' })))
    .setProtectedHeader({ alg, enc, kid: jwk.kid, iat: Math.floor(Date.now() / 1000), jti: randomBytes(16).toString('base64url') })
    .encrypt(await importJWK(jwk, alg));
  const res = await fetch(`${base}/wps/session/login`, {
    method: 'POST',
    headers: { host: HOST, [header]: '1', 'content-type': 'application/json' },
    body: JSON.stringify({ payload }),
  });
  const body = (await res.json()) as { success: boolean; value?: { token: string } };
  if (!body.success || !body.value) throw new Error(`demo login failed: ${JSON.stringify(body)}`);
  return body.value.token;
}

/** A verb run by the server holding the folder, sent as the ops CLI sends it (POST /ops/cli with the folder's key). */
async function viaServer(base: string, dataDir: string, argv: string[]): Promise<{ exitCode: number; stdout: string[]; stderr: string[] }> {
  const res = await fetch(`${base}/ops/cli`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CLI_KEY_HEADER]: readFileSync(join(dataDir, CLI_KEY_FILE), 'utf8').trim() },
    body: JSON.stringify({ argv, user: 'crash-test' }),
  });
  const body = (await res.json()) as { success: boolean; value?: { exitCode: number; stdout: string[]; stderr: string[] } };
  if (!body.success || !body.value) throw new Error(`ops ${argv.join(' ')}: ${JSON.stringify(body)}`);
  return body.value;
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
const PAY_PW = '246810';

/** An API call of the demo player that must succeed. */
async function must(base: string, token: string, method: string, path: string, body: unknown, contentType = 'application/json'): Promise<{ id?: number }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { host: HOST, authorization: `Bearer ${token}`, 'content-type': contentType },
    body: Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { success: boolean; value?: { id?: number }; errorCode?: string };
  if (!envelope.success) throw new Error(`${method} ${path}: ${envelope.errorCode ?? res.status}`);
  return envelope.value ?? {};
}

/** The demo player made able to withdraw: identity approved by an operator, a payout account, a payment password, no turnover left. */
async function readyToWithdraw(base: string, token: string, dataDir: string): Promise<number> {
  const name = 'Demo Player';
  const check = await must(base, token, 'POST', '/wps/security/identity', {
    realName: name,
    birthday: '1990-05-06',
    nationality: 'Filipino',
    address: 'Pasig',
    occupation: 'Engineer',
    sourceOfIncome: 'Salary',
    placeOfBirth: 'Cebu',
    idNumber: 'ID7654321',
  });
  for (const side of ['front', 'back', 'selfie']) await must(base, token, 'PUT', `/wps/security/identity/images/${side}`, PNG, 'image/png');
  expect((await viaServer(base, dataDir, ['identity', 'approve', String(check.id)])).exitCode).toBe(0);
  // Its GCash account came with its seeded withdrawal: a second e-wallet, of the same number.
  const account = await must(base, token, 'POST', '/wps/security/payoutAccounts', { kind: 'ewallet', providerCode: 'MAYA', accountNo: '09171234567', holderName: name });
  await must(base, token, 'POST', '/wps/security/paymentPassword', { paymentPassword: PAY_PW, confirmPaymentPassword: PAY_PW });
  expect((await viaServer(base, dataDir, ['turnover', 'waive', 'demoph01', 'demoplayer', '--reason', 'crash test'])).exitCode).toBe(0);
  return account.id!;
}

/** The money request number n of the burst: a withdrawal request, a deposit request or (mostly) a spin. */
function moneyRequest(n: number, accountId: number): { path: string; body: unknown } {
  if (n % 10 === 0) return { path: '/wps/wallet/withdrawals', body: { payoutAccountId: accountId, amount: 100, paymentPassword: PAY_PW } };
  if (n % 10 === 5) return { path: '/wps/wallet/deposits', body: { channelId: 'bank', amount: 500 } };
  return { path: '/wps/game/inhouse/spin', body: { stake: 100 } };
}

describe('kill -9 during a burst of money requests', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wl-ops-crash-'));
  const started: ChildProcess[] = [];
  afterAll(() => {
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves a clean ledger after a restart on the same data folder', async () => {
    await templateDataDir(dataDir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = spawnServer(dataDir, port);
    started.push(first);
    await waitReady(port, first);
    const token = await memberToken(base);
    const accountId = await readyToWithdraw(base, token, dataDir);

    const answered: number[] = [];
    const withdrawalsAnswered: number[] = [];
    let settled = 0;
    let killed = false;
    const killAt = 25;
    const burst = Array.from({ length: SPINS }, (_, n) => {
      const { path, body } = moneyRequest(n, accountId);
      return fetch(`${base}${path}`, {
        method: 'POST',
        headers: { host: HOST, authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': `crash-${randomBytes(12).toString('base64url')}` },
        body: JSON.stringify(body),
      })
        .then(async (res) => {
          const answer = (await res.json()) as { success: boolean; value?: { betId?: number; id?: number } };
          if (!answer.success || !answer.value) return;
          if (answer.value.betId !== undefined) answered.push(answer.value.betId);
          else if (path === '/wps/wallet/withdrawals' && answer.value.id !== undefined) withdrawalsAnswered.push(answer.value.id);
        })
        .catch(() => {
          // The connection died with the server.
        })
        .finally(() => {
          settled += 1;
          // Killed once some spins are answered and the rest are still queued or in flight.
          if (!killed && answered.length >= killAt) {
            killed = true;
            first.kill('SIGKILL');
          }
        });
    });
    await Promise.all(burst);
    expect(settled).toBe(SPINS);
    expect(killed).toBe(true);
    expect(answered.length).toBeGreaterThanOrEqual(killAt);
    await exited(first);
    expect(first.signalCode).toBe('SIGKILL');

    const second = spawnServer(dataDir, port);
    started.push(second);
    await waitReady(port, second);
    const check = await runCli(dataDir, ['ledger', 'check']);
    expect([check.code, check.stdout, check.stderr]).toEqual([0, 'ledger clean\n', '']);
    const json = await viaServer(base, dataDir, ['ledger', 'check', '--json']);
    expect(JSON.parse(json.stdout.join('\n'))).toEqual({ clean: true, problems: [] });
    const after = await fetch(`${base}/wps/game/inhouse/spin`, {
      method: 'POST',
      headers: { host: HOST, authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': `crash-after-${randomBytes(8).toString('hex')}` },
      body: JSON.stringify({ stake: 100 }),
    });
    // The member's session survived too, and the restarted server moves money again.
    expect(after.status).toBe(200);
    second.kill('SIGTERM');
    expect(await exited(second)).toBe(0);

    // With the server stopped: the folder opened directly. Every spin the client saw answered
    // survived the kill (its bet row is there), and the ledger is still clean.
    const db = await openDatabase('pglite', dataDir);
    try {
      const found = await rows<{ id: number }>(db.orm, sql`SELECT id FROM bets WHERE id IN (${sql.join(answered.map((id) => sql`${id}`), sql`, `)})`);
      expect(found).toHaveLength(answered.length);
      // One withdrawal at most (one pending at a time; the demo players' seeded ones are paid), and
      // the one answered survived with its hold.
      const held = await rows<{ id: number; state: string }>(db.orm, sql`SELECT id, state FROM withdrawals WHERE state = 'pending'`);
      expect(held.length).toBeLessThanOrEqual(1);
      for (const id of withdrawalsAnswered) expect(held.map((w) => Number(w.id))).toContain(id);
      expect(await checkLedger(db.orm)).toEqual([]);
    } finally {
      await db.close();
    }
  }, 300_000);
});
