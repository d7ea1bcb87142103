/**
 * A deploy as a load balancer sees it: the real server process (`node --import tsx server/main.ts`)
 * gets SIGTERM while requests arrive on kept-alive and new connections. Readiness turns 503 at once,
 * everything else is still served for SHUTDOWN_DRAIN_MS, no request is reset or left without an
 * answer, and the process exits 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { childEnv, exited, freePort, ROOT, waitReady } from '../ops-spawn';
import { PH } from '../helpers';
import { templateDataDir } from '../templates';

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** GET over the agent; resolves with the whole answer, rejects with the socket's error (ECONNRESET, ...). */
function get(port: number, agent: Agent, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent, headers: { host: PH } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Settles every request: an answer, or the error's code. */
const settle = (p: Promise<Answer>) => p.then((a) => a, (err: NodeJS.ErrnoException) => ({ error: err.code ?? err.message }));

describe('graceful shutdown of the server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wl-shutdown-'));
  let child: ChildProcess | undefined;

  afterAll(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM: readiness 503 at once, requests on kept-alive and new connections all answered during the drain, then exit 0', async () => {
    // A data folder as a first start leaves it: the start is not what this test is about.
    await templateDataDir(dataDir);
    const port = await freePort();
    let stderr = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: childEnv(dataDir, { PORT: String(port), HOST: '127.0.0.1', SHUTDOWN_DRAIN_MS: '3000', LOG_LEVEL: 'info' }),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await waitReady(port, child);

    const agent = new Agent({ keepAlive: true, maxSockets: 6 });
    try {
      // Six kept-alive connections, idle when the signal comes.
      const warm = await Promise.all(Array.from({ length: 6 }, () => get(port, agent, '/wps/game/list')));
      expect(warm.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);

      const sent: Promise<Answer | { error: string }>[] = [];
      const burst = (n: number) => {
        for (let i = 0; i < n; i++) sent.push(settle(get(port, agent, i % 2 ? '/wps/game/list' : '/wps/system/startup')));
      };
      burst(12);
      child.kill('SIGTERM');
      burst(12);

      // Readiness turns 503 (in the envelope) while the server still accepts.
      let ready: Answer | undefined;
      for (let i = 0; i < 100; i++) {
        ready = await get(port, new Agent({ keepAlive: false }), '/wps/system/ready');
        if (ready.status === 503) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(ready?.status).toBe(503);
      expect(JSON.parse(ready!.body)).toEqual({ success: false, errorCode: 'site.unavailable', message: 'system_upgrading' });

      // Still served after readiness said 503: the balancer has the drain to take the instance out.
      const during = await Promise.all(Array.from({ length: 12 }, () => get(port, agent, '/wps/game/list')));
      for (const a of during) {
        expect(a.status).toBe(200);
        expect(a.connection).toBe('close');
      }

      const answers = await Promise.all(sent);
      for (const a of answers) {
        expect(a, JSON.stringify(a)).not.toHaveProperty('error');
        const { status, body } = a as Answer;
        // Every answer whole: 200 with the envelope.
        expect(status).toBe(200);
        expect(JSON.parse(body)).toMatchObject({ success: true });
      }
    } finally {
      agent.destroy();
    }
    expect(await exited(child)).toBe(0);
    expect(stderr).not.toMatch(/deadline passed|shutdown failed/);
  }, 240_000);
});
