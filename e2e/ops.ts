/**
 * Operator actions in the journeys: the back-office CLI (`npm run ops`, scripts/ops.ts) run with
 * the e2e server's data folder, so that the verb is sent to that running server (POST /ops/cli
 * with the key it wrote there). scripts/e2e-server.mjs writes the folder's path to
 * <tmpdir>/wl-e2e-8181.datadir while it runs.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = 8181;

/** The e2e server's data folder; throws when no e2e server is running. */
export function e2eDataDir(port = PORT): string {
  const file = join(tmpdir(), `wl-e2e-${port}.datadir`);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    throw new Error(`no e2e server data folder: ${file} is missing (is scripts/e2e-server.mjs running?)`);
  }
}

export interface OpsResult<T> {
  exitCode: number;
  /** The verb's one JSON document (--json). */
  value: T;
  stderr: string;
}

/**
 * Runs `ops <words...> --json` against the e2e server and returns its parsed output. Exit 0 is
 * expected unless `allowRefusal` (a refusal exits 1 with `{ ok: false, errorCode }`).
 */
export function ops<T = unknown>(words: readonly string[], { allowRefusal = false } = {}): Promise<OpsResult<T>> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: e2eDataDir() };
  // The CLI must reach the PGlite server, not a PostgreSQL database named by the environment.
  delete env.DATABASE_URL;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/ops.ts', ...words, '--json'],
      { cwd: process.cwd(), env, timeout: 20_000 },
      (error, stdout, stderr) => {
        const exitCode = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        const where = `ops ${words.join(' ')}: exit ${exitCode}`;
        if (exitCode !== 0 && !(allowRefusal && exitCode === 1)) {
          reject(new Error(`${where}\n${stdout}${stderr}`));
          return;
        }
        try {
          resolve({ exitCode, value: JSON.parse(stdout) as T, stderr });
        } catch {
          reject(new Error(`${where}: not one JSON document:\n${stdout}${stderr}`));
        }
      },
    );
  });
}
