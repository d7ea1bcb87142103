/**
 * A private instance of the real server (and the site the e2e web server built), for journeys
 * that must not share state with the others: what every visitor of a tenant would see (a
 * maintenance window, rows written into the database before the server starts, a new build). Its
 * data folder starts as a copy of the migrated and seeded template the e2e web server made
 * (scripts/e2e-server.mjs), not as an empty database to migrate and seed again.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';

/** What a data folder holds only while its server runs (its lock, the ops CLI's key and address). */
const RUNTIME_FILES = new Set(['server.lock', 'ops-cli.key', 'ops-cli.json']);

/** The e2e web server's template data folder (migrated, demo tenants seeded); throws when none runs. */
function templateDataDir(port = 8181): string {
  const file = join(tmpdir(), `wl-e2e-${port}.template`);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    throw new Error(`no e2e template data folder: ${file} is missing (is scripts/e2e-server.mjs running?)`);
  }
}

/**
 * A data folder for a private server: a copy of the template, in `dir` when given (it is created),
 * else in a new temporary folder whose name starts with `prefix`. The caller removes it.
 */
export function seededDataDir(where: { prefix: string } | { dir: string }): string {
  const target = 'dir' in where ? where.dir : mkdtempSync(join(tmpdir(), where.prefix));
  cpSync(templateDataDir(), target, { recursive: true, filter: (src) => !RUNTIME_FILES.has(basename(src)) });
  return target;
}

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
    // No drain period when stopped: nothing but the journey talks to it.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEV_ROUTES: '1', SHUTDOWN_DRAIN_MS: '0', ...env },
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
        // A folder that is not a template's copy is migrated and seeded first.
        { timeout: 120_000, intervals: [250, 500, 1000] },
      )
      .toBe(true);
  } catch (err) {
    await stop();
    throw err;
  }
  return { port, stop };
}
