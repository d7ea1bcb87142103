// Whether the site build (dist/ and its server-render module dist-ssr/) is older than what makes
// it, and the build itself: one answer for npm start, the end-to-end server and the benchmark.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the build is made from (public/, the Vite config and its service-worker step shape it too). */
const SOURCES = ['index.html', 'vite.config.ts', 'scripts/vite-service-worker.ts', 'package.json', 'src', 'widgets', 'locales', 'public'];
const OUTPUTS = ['dist/index.html', 'dist/sw.js', 'dist-ssr/entry-server.js'];

/** Newest modification time under a file or folder (0 when it does not exist). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

/** True when an output is missing or older than a source. */
export function siteIsStale(root) {
  const outputs = OUTPUTS.map((p) => join(root, p));
  if (!outputs.every((p) => existsSync(p))) return true;
  const builtAt = Math.min(...outputs.map((p) => statSync(p).mtimeMs));
  return builtAt < Math.max(...SOURCES.map((p) => newest(join(root, p))));
}

/** `npm run build` when the build is stale; exits the process when the build fails. */
export function buildSiteIfStale(root, log = console.log) {
  if (!siteIsStale(root)) return;
  log(existsSync(join(root, OUTPUTS[0])) ? 'the site build is older than its sources: building' : 'no site build: building');
  // Always the production build, whoever asks (a test runner sets NODE_ENV=test, the tenant CLI
  // development): a bundle built otherwise carries React's development JSX runtime, which a
  // production server cannot run.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env, shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
