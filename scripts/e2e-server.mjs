/**
 * The server Playwright tests against: the production build served by the real server on a
 * fresh database. Builds first when dist/ is missing or older than its sources, so a stale bundle
 * never passes for the current code. The data folder is a new temporary one per run (PGlite
 * allows one process per folder) and is removed on exit; its path is written to
 * <tmpdir>/wl-e2e-8181.datadir meanwhile, for the journeys' operator verbs (e2e/ops.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRefPay } from './refpay-demo.mjs';
import { buildSiteIfStale } from './site-build.mjs';

const root = process.cwd();
buildSiteIfStale(root, (line) => console.log(`[e2e-server] ${line}`));

const PORT = '8181';
const dataDir = mkdtempSync(join(tmpdir(), 'wl-e2e-'));
// Where the journeys find the data folder, to run operator verbs with `npm run ops` against this
// server (e2e/ops.ts): a file named after the port, removed on exit with the folder.
const dataDirFile = join(tmpdir(), `wl-e2e-${PORT}.datadir`);
writeFileSync(dataDirFile, `${dataDir}\n`);
let cleaned = false;
function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  rmSync(dataDirFile, { force: true });
  rmSync(dataDir, { recursive: true, force: true });
}

// The payment provider of the journeys: RefPay on its own origin (localhost:8191), as in npm start.
const REFPAY_PORT = 8191;
const refpay = startRefPay(root, { dataDir, port: REFPAY_PORT, publicUrl: `http://localhost:${REFPAY_PORT}`, log: (line) => console.log(`[e2e-server] ${line}`) });

// Node directly (not an npx tsx wrapper): a signal then reaches the process that holds the database.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  // The journeys read SMS codes and captcha digits through the development routes. One trusted
  // proxy hop: a journey's API helper registers each member from an address of its own
  // (x-forwarded-for), so the per-IP limits see visitors, not the whole suite as 127.0.0.1.
  env: { ...process.env, ...refpay.env, PORT, DATA_DIR: dataDir, DEV_ROUTES: '1', TRUST_PROXY: '1' },
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
    if (refpay.child.exitCode === null) refpay.child.kill(signal);
  });
}

server.on('exit', (code, signal) => {
  if (refpay.child.exitCode === null) refpay.child.kill('SIGTERM');
  cleanUp();
  process.exit(code ?? (signal ? 0 : 1));
});
process.on('exit', cleanUp);
