/**
 * How `npm run ops` reaches a server that holds the PGlite data folder (embedded PGlite allows one
 * process per folder, so the CLI cannot open it while `npm start` runs).
 *
 * At start the server draws a random 32-byte key; once listening it writes, in DATA_DIR:
 *   - `ops-cli.key` (mode 0600): the key;
 *   - `ops-cli.json`: `{ pid, port, host }`, where to find it.
 * `POST /ops/cli` runs a verb for whoever sends that key from a loopback address: only someone who
 * can read the data folder, and so the database itself, can use it. Both files are removed when
 * the server closes; after a crash they are stale, which the CLI sees from the data folder's lock
 * (server.lock names a dead process) and it then opens the folder itself.
 */
import { timingSafeEqual } from 'node:crypto';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { alive, holder, LOCK_FILE } from '../db/data-dir-lock';
import { sha256 } from '../lib/tokens';

export const CLI_KEY_FILE = 'ops-cli.key';
export const CLI_ENDPOINT_FILE = 'ops-cli.json';
export const CLI_KEY_HEADER = 'x-ops-cli-key';

export interface CliEndpoint {
  pid: number;
  port: number;
  host: string;
}

/** Writes a file only its owner can read, replacing any earlier one. */
function writePrivate(path: string, text: string): void {
  rmSync(path, { force: true });
  writeFileSync(path, text, { mode: 0o600, flag: 'wx' });
  chmodSync(path, 0o600);
}

export function writeCliLink(dataDir: string, key: string, endpoint: CliEndpoint): void {
  writePrivate(join(dataDir, CLI_KEY_FILE), `${key}\n`);
  writePrivate(join(dataDir, CLI_ENDPOINT_FILE), `${JSON.stringify(endpoint)}\n`);
}

/** Removes the files if they are still this process's (a newer server may have replaced them). */
export function removeCliLink(dataDir: string, pid = process.pid): void {
  const endpoint = readEndpoint(dataDir);
  if (endpoint && endpoint.pid !== pid) return;
  rmSync(join(dataDir, CLI_ENDPOINT_FILE), { force: true });
  rmSync(join(dataDir, CLI_KEY_FILE), { force: true });
}

export function readEndpoint(dataDir: string): CliEndpoint | null {
  try {
    const parsed = JSON.parse(readFileSync(join(dataDir, CLI_ENDPOINT_FILE), 'utf8')) as Partial<CliEndpoint>;
    if (typeof parsed.pid !== 'number' || typeof parsed.port !== 'number' || typeof parsed.host !== 'string') return null;
    return { pid: parsed.pid, port: parsed.port, host: parsed.host };
  } catch {
    return null;
  }
}

export function readCliKey(dataDir: string): string | null {
  try {
    return readFileSync(join(dataDir, CLI_KEY_FILE), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** The pid of a live server holding the data folder; null when none does. */
export function runningServer(dataDir: string): number | null {
  const pid = holder(join(dataDir, LOCK_FILE));
  return pid > 0 && pid !== process.pid && alive(pid) ? pid : null;
}

/** Constant-time comparison of a presented key with the server's (digests, so lengths never leak). */
export function sameKey(presented: string, key: string): boolean {
  return timingSafeEqual(Buffer.from(sha256(presented), 'hex'), Buffer.from(sha256(key), 'hex'));
}

const LOOPBACK = /^(127(\.\d{1,3}){3}|::1|::ffff:127(\.\d{1,3}){3})$/;

/**
 * A request from this machine and not relayed: the socket's own peer address (never
 * X-Forwarded-For, whatever TRUST_PROXY says) is loopback, and no forwarding header is present
 * (a reverse proxy on the same machine connects from loopback on behalf of someone else).
 */
export function isDirectLoopback(remoteAddress: string | undefined, headers: Record<string, unknown>): boolean {
  if (!remoteAddress || !LOOPBACK.test(remoteAddress)) return false;
  return !['x-forwarded-for', 'forwarded', 'x-real-ip', 'cf-connecting-ip', 'true-client-ip', 'x-forwarded-host'].some((h) => headers[h] !== undefined);
}

/** Where the CLI connects: the loopback address of the server's listening socket; null if it listens on none. */
export function loopbackHost(listening: string): string | null {
  if (listening === '0.0.0.0' || listening === '::') return '127.0.0.1';
  if (listening === '::1') return '[::1]';
  return LOOPBACK.test(listening) ? listening.replace(/^::ffff:/, '') : null;
}
