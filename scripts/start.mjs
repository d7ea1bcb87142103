// npm start: install dependencies if missing, rebuild the site if it is older than its sources,
// then run the server (node --import tsx server/main.ts, never an npx wrapper: a wrapper killed
// by a signal can leave the real server running).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRefGames } from './refgames-demo.mjs';
import { startRefPay } from './refpay-demo.mjs';
import { buildSiteIfStale } from './site-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const onWindows = process.platform === 'win32';

function run(command, args) {
  console.log(`> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', shell: onWindows });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(join(root, 'node_modules'))) run('npm', ['ci']);
// The environment first: a production start without its settings stops here, before a build.
const envCheck = spawnSync(process.execPath, ['--import', 'tsx', 'server/check-env.ts'], { cwd: root, stdio: 'inherit', env: process.env });
if (envCheck.status !== 0) process.exit(envCheck.status ?? 1);
// With SITE_DIR the server serves another build: ours is not needed.
if (!process.env.SITE_DIR) buildSiteIfStale(root);

// Demo mode: RefPay, the reference payment provider, and RefGames, the reference game vendor, run
// beside the server as other parties (their own processes and ports, REFPAY_PORT default 8090 and
// REFGAMES_PORT default 8092), each unless the environment configures it. Production never starts
// them (and the server refuses a channel naming RefPay).
const partners = [];
const env = { ...process.env };
const dataDir = resolve(root, process.env.DATA_DIR || '.data');
if (process.env.NODE_ENV !== 'production' && !process.env.PAYMENT_REFPAY_URL) {
  const port = Number(process.env.REFPAY_PORT || 8090);
  const started = startRefPay(root, { dataDir, port, publicUrl: process.env.REFPAY_PUBLIC_URL || `http://localhost:${port}` });
  partners.push({ name: 'RefPay', child: started.child });
  Object.assign(env, started.env);
}
if (process.env.NODE_ENV !== 'production' && !process.env.VENDOR_REFGAMES_URL) {
  const port = Number(process.env.REFGAMES_PORT || 8092);
  const started = startRefGames(root, {
    dataDir,
    port,
    publicUrl: process.env.REFGAMES_PUBLIC_URL || `http://localhost:${port}`,
    walletUrl: `http://127.0.0.1:${process.env.PORT || 8080}/vendor/REFGAMES`,
  });
  partners.push({ name: 'RefGames', child: started.child });
  Object.assign(env, started.env);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.kill(signal);
    for (const { child } of partners) child.kill(signal);
  });
}
// When any stops, all stop.
for (const { name, child } of partners) {
  child.on('exit', (code) => {
    if (server.exitCode === null) {
      console.error(`${name} exited (${code}); stopping the server`);
      server.kill('SIGTERM');
    }
  });
}
server.on('exit', (code, signal) => {
  for (const { child } of partners) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code ?? (signal ? 1 : 0));
});
