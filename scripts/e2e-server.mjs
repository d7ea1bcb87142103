/**
 * The server Playwright tests against: the production build served by the real server on a
 * fresh database. Builds first when dist/ is missing or older than its sources, so a stale bundle
 * never passes for the current code.
 *
 * A fresh PGlite database costs most of a start (creating the cluster, 30-odd migrations, the
 * demo seed with its Argon2 hashes): it is made once per run, in a template data folder, by the
 * real server started on a free port and stopped. The journeys' server then starts on a copy of
 * it, and so do the journeys' private servers (e2e/private-server.ts copies the template into
 * theirs), instead of each migrating and seeding a database of its own.
 *
 * The data folders are new temporary ones per run (PGlite allows one process per folder) and are
 * removed on exit; meanwhile <tmpdir>/wl-e2e-8181.datadir names the server's (for the journeys'
 * operator verbs, e2e/ops.ts) and <tmpdir>/wl-e2e-8181.template the template.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { startRefGames } from './refgames-demo.mjs';
import { startRefPay } from './refpay-demo.mjs';
import { buildSiteIfStale } from './site-build.mjs';

const root = process.cwd();
const log = (line) => console.log(`[e2e-server] ${line}`);
buildSiteIfStale(root, log);

const PORT = '8181';
const dataDir = mkdtempSync(join(tmpdir(), 'wl-e2e-'));
const templateDir = mkdtempSync(join(tmpdir(), 'wl-e2e-template-'));
// Where the journeys find the data folder, to run operator verbs with `npm run ops` against this
// server (e2e/ops.ts), and the template their private servers copy: files named after the port,
// removed on exit with the folders.
const dataDirFile = join(tmpdir(), `wl-e2e-${PORT}.datadir`);
const templateFile = join(tmpdir(), `wl-e2e-${PORT}.template`);
let cleaned = false;
function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  rmSync(dataDirFile, { force: true });
  rmSync(templateFile, { force: true });
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(templateDir, { recursive: true, force: true });
}
process.on('exit', cleanUp);

/** What a data folder holds only while its server runs (its lock, the ops CLI's key and address): never copied. */
const RUNTIME_FILES = new Set(['server.lock', 'ops-cli.key', 'ops-cli.json']);

/** A free TCP port on loopback. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

// The server's environment: the journeys read SMS codes and captcha digits through the development
// routes; only warnings are logged (Playwright pipes this output, a line per request would fill it);
// a stop does not keep serving for the production drain period.
const serverEnv = { ...process.env, DEV_ROUTES: '1', LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_MS: '0' };

/** Node directly (not an npx tsx wrapper): a signal then reaches the process that holds the database. */
function spawnServer(env) {
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, stdio: 'inherit', env: { ...serverEnv, ...env } });
}

/** The template: the real server migrates and seeds a fresh folder, answers once, and is stopped. */
async function makeTemplate() {
  const port = await freePort();
  const child = spawnServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: templateDir });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  stopOnSignal(child);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the template server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/wps/system/status`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`the template server stopped with ${code}`);
}

/** Passes SIGTERM / SIGINT on to a child while it runs. */
const children = new Set();
function stopOnSignal(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
}
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (children.size === 0) process.exit(0);
    for (const child of children) if (child.exitCode === null) child.kill(signal);
  });
}

// The payment provider of the journeys: RefPay on its own origin (localhost:8191), as in npm start.
// It starts while the template is made.
const REFPAY_PORT = 8191;
const refpay = startRefPay(root, { dataDir, port: REFPAY_PORT, publicUrl: `http://localhost:${REFPAY_PORT}`, log });
stopOnSignal(refpay.child);
// The game vendor of the journeys: RefGames on its own origin (localhost:8193), its wallet the
// journeys' server; unless the environment names another vendor (or runs in production). Its
// electronic lottery draws every 10 seconds, so that a journey waits for a draw without waiting a minute.
const REFGAMES_PORT = 8193;
const refgames =
  process.env.NODE_ENV !== 'production' && !process.env.VENDOR_REFGAMES_URL
    ? startRefGames(root, { dataDir, port: REFGAMES_PORT, publicUrl: `http://localhost:${REFGAMES_PORT}`, walletUrl: `http://127.0.0.1:${PORT}/vendor/REFGAMES`, elottSeconds: 10, log })
    : null;
const partners = [refpay.child, ...(refgames ? [refgames.child] : [])];
if (refgames) stopOnSignal(refgames.child);

try {
  const started = Date.now();
  await makeTemplate();
  log(`template database made in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (err) {
  console.error(`[e2e-server] ${err.message}`);
  for (const child of partners) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(1);
}
cpSync(templateDir, dataDir, { recursive: true, filter: (src) => !RUNTIME_FILES.has(basename(src)) });
writeFileSync(dataDirFile, `${dataDir}\n`);
writeFileSync(templateFile, `${templateDir}\n`);

// One trusted proxy hop: a journey's API helper registers each member from an address of its own
// (x-forwarded-for), so the per-IP limits see visitors, not the whole suite as 127.0.0.1.
const server = spawnServer({ ...refpay.env, ...refgames?.env, PORT, DATA_DIR: dataDir, TRUST_PROXY: '1' });
stopOnSignal(server);

server.on('exit', (code, signal) => {
  for (const child of partners) if (child.exitCode === null) child.kill('SIGTERM');
  cleanUp();
  process.exit(code ?? (signal ? 0 : 1));
});
