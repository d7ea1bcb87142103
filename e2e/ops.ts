/**
 * Operator actions in the journeys: back-office verbs (`npm run ops`, scripts/ops.ts) run by the
 * e2e server. The CLI, finding the server holding its PGlite data folder, sends a verb to it as
 * POST /ops/cli with the key the server wrote there (server/ops/cli-link.ts); the journeys send it
 * the same way themselves, from the folder whose path scripts/e2e-server.mjs writes to
 * <tmpdir>/wl-e2e-8181.datadir, rather than start a CLI process per verb (each one loads the whole
 * server's code first). The CLI's own path to the server is tested in tests/server/ops/ops-cli.test.ts.
 */
import { readFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { CLI_KEY_HEADER, readCliKey, readEndpoint } from '../server/ops/cli-link';

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

/** What the server answers for a verb: the CLI prints these lines and exits with the code. */
interface RunResult {
  exitCode: number;
  stdout: string[];
  stderr: string[];
}

/**
 * Runs `ops <words...> --json` on the e2e server (or on the private server holding `dataDir`) and
 * returns its parsed output. Exit 0 is expected unless `allowRefusal` (a refusal exits 1 with
 * `{ ok: false, errorCode }`).
 */
export async function ops<T = unknown>(words: readonly string[], { allowRefusal = false, dataDir = e2eDataDir() } = {}): Promise<OpsResult<T>> {
  // What the server wrote there once listening: its key and where it listens.
  const key = readCliKey(dataDir);
  const endpoint = readEndpoint(dataDir);
  if (!key || !endpoint) throw new Error(`the e2e server's ops key or address is missing from ${dataDir}`);
  const argv = [...words, '--json'];
  const where = `ops ${words.join(' ')}`;
  const res = await fetch(`http://127.0.0.1:${endpoint.port}/ops/cli`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CLI_KEY_HEADER]: key },
    body: JSON.stringify({ argv, user: userInfo().username }),
    signal: AbortSignal.timeout(20_000),
  });
  const body = (await res.json().catch(() => null)) as { success?: boolean; value?: RunResult; errorCode?: string } | null;
  if (!body?.success || !body.value) throw new Error(`${where}: the server refused the verb: ${body?.errorCode ?? `HTTP ${res.status}`}`);
  const { exitCode, stdout: lines, stderr: errLines } = body.value;
  const stdout = lines.map((line) => `${line}\n`).join('');
  const stderr = errLines.map((line) => `${line}\n`).join('');
  if (exitCode !== 0 && !(allowRefusal && exitCode === 1)) throw new Error(`${where}: exit ${exitCode}\n${stdout}${stderr}`);
  try {
    return { exitCode, value: JSON.parse(stdout) as T, stderr };
  } catch {
    throw new Error(`${where}: exit ${exitCode}: not one JSON document:\n${stdout}${stderr}`);
  }
}
