// npm start: install dependencies if missing, rebuild the site if it is older than its sources,
// then run the server (node --import tsx server/main.ts, never an npx wrapper: a wrapper killed
// by a signal can leave the real server running).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const onWindows = process.platform === 'win32';

function run(command, args) {
  console.log(`> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', shell: onWindows });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Newest modification time under a file or folder (0 when it does not exist). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

function siteIsStale() {
  const index = join(root, 'dist', 'index.html');
  if (!existsSync(index) || !existsSync(join(root, 'dist-ssr', 'entry-server.js'))) return true;
  // public/ and the Vite config shape the build too.
  const sources = Math.max(...['src', 'widgets', 'index.html', 'locales', 'public', 'vite.config.ts'].map((p) => newest(join(root, p))));
  return statSync(index).mtimeMs < sources;
}

if (!existsSync(join(root, 'node_modules'))) run('npm', ['ci']);
// The environment first: a production start without its settings stops here, before a build.
const envCheck = spawnSync(process.execPath, ['--import', 'tsx', 'server/check-env.ts'], { cwd: root, stdio: 'inherit', env: process.env });
if (envCheck.status !== 0) process.exit(envCheck.status ?? 1);
// With SITE_DIR the server serves another build: ours is not needed.
if (!process.env.SITE_DIR && siteIsStale()) run('npm', ['run', 'build']);

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
