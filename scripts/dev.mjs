// npm run dev: the API server on PORT 8080 (restarted on change) and the Vite dev server, which
// proxies /wps to it. When either stops, or on Ctrl-C, both stop.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRefGames } from './refgames-demo.mjs';
import { startRefPay } from './refpay-demo.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const children = [];
let stopping = false;

function start(name, args, env) {
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code, signal) => {
    if (!stopping) console.log(`[dev] ${name} exited (${signal ?? code}); stopping`);
    stop(code ?? 1);
  });
  children.push(child);
}

function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  // Give the children a moment to close their databases, then leave.
  setTimeout(() => process.exit(code), 1500).unref();
}

// RefPay, the reference payment provider, beside the API (its own process and port), as in npm start.
const refpayPort = Number(process.env.REFPAY_PORT || 8090);
const refpay = startRefPay(root, { dataDir: resolve(root, process.env.DATA_DIR || '.data'), port: refpayPort, publicUrl: `http://localhost:${refpayPort}` });
refpay.child.on('exit', (code, signal) => {
  if (!stopping) console.log(`[dev] refpay exited (${signal ?? code}); stopping`);
  stop(code ?? 1);
});
children.push(refpay.child);
// RefGames, the reference game vendor, likewise (REFGAMES_PORT, default 8092), unless VENDOR_REFGAMES_URL names another.
let refgamesEnv = {};
if (process.env.NODE_ENV !== 'production' && !process.env.VENDOR_REFGAMES_URL) {
  const refgamesPort = Number(process.env.REFGAMES_PORT || 8092);
  const refgames = startRefGames(root, {
    dataDir: resolve(root, process.env.DATA_DIR || '.data'),
    port: refgamesPort,
    publicUrl: `http://localhost:${refgamesPort}`,
    walletUrl: 'http://127.0.0.1:8080/vendor/REFGAMES',
  });
  refgames.child.on('exit', (code, signal) => {
    if (!stopping) console.log(`[dev] refgames exited (${signal ?? code}); stopping`);
    stop(code ?? 1);
  });
  children.push(refgames.child);
  refgamesEnv = refgames.env;
}
start('api', ['--watch', '--import', 'tsx', 'server/main.ts'], { PORT: '8080', HOST: process.env.HOST ?? '127.0.0.1', ...refpay.env, ...refgamesEnv });
start('vite', [fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url))], {});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
