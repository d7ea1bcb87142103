/**
 * The server Playwright tests against: the production build served by the real server on a
 * fresh database. Builds first when dist/ is missing or older than its sources, so a stale bundle
 * never passes for the current code. The data folder is a new temporary one per run (PGlite
 * allows one process per folder) and is removed on exit.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = process.cwd();
const SOURCES = ['index.html', 'vite.config.ts', 'package.json', 'src', 'widgets', 'locales', 'public'];

/** Newest modification time under a file or folder. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

const built = join(root, 'dist/index.html');
const builtAt = existsSync(built) && existsSync(join(root, 'dist-ssr/entry-server.js')) ? statSync(built).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map((s) => newest(join(root, s))));
if (builtAt < sourcesAt) {
  console.log(builtAt ? '[e2e-server] dist/ is older than its sources: building' : '[e2e-server] no dist/: building');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: root });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'wl-e2e-'));
let cleaned = false;
function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  rmSync(dataDir, { recursive: true, force: true });
}

// Node directly (not an npx tsx wrapper): a signal then reaches the process that holds the database.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  // The journeys read SMS codes and captcha digits through the development routes.
  env: { ...process.env, PORT: '8181', DATA_DIR: dataDir, DEV_ROUTES: '1' },
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}

server.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 0 : 1));
});
process.on('exit', cleanUp);
