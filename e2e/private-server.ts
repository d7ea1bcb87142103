/**
 * A private instance of the real server (and the site the e2e web server built), for journeys
 * that must not share state with the others: a captcha lock on the loopback address, or rows
 * written into the database before the server starts.
 */
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';

export interface RunningServer {
  port: number;
  stop(): Promise<void>;
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `server/main.ts` on `port` with `dataDir` (and `env`, e.g. SITE_DIR) and resolves once it answers. */
export async function startServer(port: number, dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    // The captcha and XSS journeys read captcha digits and codes through the development routes.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEV_ROUTES: '1', ...env },
    stdio: 'inherit',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
          try {
            return (await fetch(`http://127.0.0.1:${port}/wps/system/status`)).ok;
          } catch {
            return false;
          }
        },
        // A first start migrates and seeds a fresh database.
        { timeout: 120_000, intervals: [250, 500, 1000] },
      )
      .toBe(true);
  } catch (err) {
    await stop();
    throw err;
  }
  return { port, stop };
}
