/**
 * Two servers on one PGlite DATA_DIR lose data; a killed server leaves stale lock files. The
 * second server refuses with one line; after a kill -9 the next start takes the folder over.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../../server/db/data-dir-lock';
import { SITE_FIXTURE } from '../helpers';
import { templateDataDir } from '../templates';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'wl-lock-'));
const started: ChildProcess[] = [];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function env(port: number): NodeJS.ProcessEnv {
  // No drain period before closing (SHUTDOWN_DRAIN_MS; tests/server/platform/shutdown.test.ts covers it): the stop below is the close itself.
  return { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SITE_DIR: SITE_FIXTURE, LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_MS: '0' };
}

function startServer(port: number): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env: env(port), stdio: ['ignore', 'ignore', 'pipe'] });
  started.push(child);
  return child;
}

async function waitReady(port: number, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/wps/system/ready`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not get ready');
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('attack: two servers on one DATA_DIR', () => {
  it('refuses the second server, takes over after a kill -9, releases the lock on a clean stop', async () => {
    // The folder as a first start leaves it (the database made): the lock is what this test is about.
    await templateDataDir(dataDir);
    const port = await freePort();
    const first = startServer(port);
    await waitReady(port, first);
    expect(readFileSync(join(dataDir, 'server.lock'), 'utf8').trim()).toBe(String(first.pid));

    // Second server, same folder (another port): one line, exit 1, the first one untouched.
    const second = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env: env(await freePort()), encoding: 'utf8', timeout: 60_000 });
    expect(second.status).toBe(1);
    expect(second.stderr.trim().split('\n')).toEqual([
      `DATA_DIR ${dataDir} is in use by another server (pid ${first.pid}); stop it or give this one another DATA_DIR`,
    ]);
    expect((await fetch(`http://127.0.0.1:${port}/wps/system/ready`)).status).toBe(200);

    // kill -9: the lock and PGlite's postmaster.pid stay behind; the next start takes them over.
    first.kill('SIGKILL');
    await exited(first);
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(true);
    expect(existsSync(join(dataDir, 'pgdata', 'postmaster.pid'))).toBe(true);
    const third = startServer(port);
    await waitReady(port, third);
    expect(readFileSync(join(dataDir, 'server.lock'), 'utf8').trim()).toBe(String(third.pid));

    // A clean stop drains a request in flight (its body still arriving), then releases the lock:
    // the answer comes while the process still runs, and it exits 0 (not forced out by the
    // shutdown deadline, so not held by the keep-alive timeout of the drained connection either).
    const body = JSON.stringify({ payload: 'x'.repeat(64) });
    let sendRest = () => {};
    const answer = new Promise<{ status: number; serverRunning: boolean }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, method: 'POST', path: '/wps/session/login', headers: { 'content-type': 'application/json', 'content-length': body.length, host: 'demo-ph.localhost' } },
        (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, serverRunning: third.exitCode === null && third.signalCode === null });
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      sendRest = () => req.end(body.slice(10));
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    third.kill('SIGTERM');
    // The rest of the body arrives while the server closes.
    setTimeout(sendRest, 1300);
    expect(await answer).toEqual({ status: 400, serverRunning: true });
    expect(await exited(third)).toBe(0);
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
  }, 240_000);
});

describe('DATA_DIR lock', () => {
  it('refuses a held lock (even in the same process), takes over a dead holder, releases once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wl-lock-unit-'));
    const pgdata = join(dir, 'pgdata');
    mkdirSync(pgdata);
    try {
      const held = lockDataDir(dir, pgdata);
      expect(held.tookOver).toBe(false);
      expect(() => lockDataDir(dir, pgdata)).toThrow(DataDirLockedError);
      held.release();
      held.release();
      expect(existsSync(join(dir, 'server.lock'))).toBe(false);

      const dead = spawnSync(process.execPath, ['-e', '']).pid;
      writeFileSync(join(dir, 'server.lock'), `${dead}\n`);
      writeFileSync(join(pgdata, 'postmaster.pid'), 'stale');
      const taken = lockDataDir(dir, pgdata);
      expect(taken.tookOver).toBe(true);
      expect(existsSync(join(pgdata, 'postmaster.pid'))).toBe(false);
      expect(readFileSync(join(dir, 'server.lock'), 'utf8').trim()).toBe(String(process.pid));
      taken.release();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
