// RefPay, the reference payment provider, beside the server in demo mode (npm start, the e2e
// server): its own process on its own port, with a merchant account whose secret is made once and
// kept in <dataDir>/refpay-merchant.json (mode 0600). Answers the PAYMENT_REFPAY_* variables the
// server needs. Never used with NODE_ENV=production.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The demo merchant account of the server at RefPay, made on first use. */
function demoMerchant(dataDir) {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'refpay-merchant.json');
  if (!existsSync(file)) {
    writeFileSync(file, `${JSON.stringify({ merchantId: 'platform-demo', secret: randomBytes(32).toString('base64url') })}\n`, { mode: 0o600 });
  }
  chmodSync(file, 0o600);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * Starts RefPay as a child process. `port`: its port; `publicUrl`: the origin players reach it
 * on. Answers { child, env } where env holds the server's PAYMENT_REFPAY_* variables.
 */
export function startRefPay(root, { dataDir, port, publicUrl, log = (line) => console.log(line) }) {
  const { merchantId, secret } = demoMerchant(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'reference/refpay/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      REFPAY_PORT: String(port),
      REFPAY_PUBLIC_URL: publicUrl,
      REFPAY_MERCHANTS: `${merchantId}:${secret}`,
      REFPAY_DATA_DIR: join(dataDir, 'refpay'),
    },
  });
  log(`RefPay (reference payment provider, demo only) on ${publicUrl}`);
  return {
    child,
    env: { PAYMENT_REFPAY_URL: `http://127.0.0.1:${port}`, PAYMENT_REFPAY_MERCHANT_ID: merchantId, PAYMENT_REFPAY_SECRET: secret },
  };
}
