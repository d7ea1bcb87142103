// RefGames, the reference game vendor, beside the server in demo mode (npm start, npm run dev, the
// e2e server): its own process on its own port. Two RSA key pairs, RefGames' and the platform
// wallet's, are made on first use and kept in <dataDir>/refgames-keys.json (mode 0600) with the
// admin token of its draws. Answers the VENDOR_* variables the server needs. Never used with
// NODE_ENV=production.
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every catalogue vendor but the platform's own house games: RefGames plays (or honestly declines) them all. */
export const REFGAMES_CATALOGUE = [
  'LUCKYREEL',
  'NEONSPIN',
  'JADEPLAY',
  'SUNBURST',
  'TIKIWAVE',
  'REEFHUNT',
  'DEEPCATCH',
  'VELVETLIVE',
  'ROYALTABLE',
  'CARDCLUB',
  'TABLEMATES',
  'PITCHLINE',
  'GOALPOST',
  'TF',
  'DS88',
  'TCG_LOTTO_VN',
  'TCG_SEA',
  'LOTT',
  'ELOTT',
];

const pemPair = () => generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
const base64 = (text) => Buffer.from(text, 'utf8').toString('base64');

/** The demo keys (RefGames' pair, the wallet's pair) and admin token, made once per data folder. */
function demoKeys(dataDir) {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'refgames-keys.json');
  if (!existsSync(file)) {
    const keys = { refgames: pemPair(), wallet: pemPair(), adminToken: randomBytes(24).toString('base64url') };
    writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  }
  chmodSync(file, 0o600);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * Starts RefGames as a child process. `port`: its port; `publicUrl`: the origin players reach it
 * on; `walletUrl`: the platform's wallet for it (http://127.0.0.1:<server port>/vendor/REFGAMES);
 * `elottSeconds`: seconds between the electronic lottery's draws (default 60).
 * Answers { child, env } where env holds the server's VENDOR_REFGAMES_* and VENDOR_WALLET_PRIVATE_KEY.
 */
export function startRefGames(root, { dataDir, port, publicUrl, walletUrl, elottSeconds, log = (line) => console.log(line) }) {
  const keys = demoKeys(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'reference/refgames/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      REFGAMES_PORT: String(port),
      REFGAMES_PUBLIC_URL: publicUrl,
      REFGAMES_WALLET_URL: walletUrl,
      REFGAMES_SIGNING: 'rsa',
      REFGAMES_PRIVATE_KEY: base64(keys.refgames.privateKey),
      REFGAMES_WALLET_PUBLIC_KEY: base64(keys.wallet.publicKey),
      REFGAMES_ADMIN_TOKEN: keys.adminToken,
      REFGAMES_DATA_DIR: join(dataDir, 'refgames'),
      ...(elottSeconds ? { REFGAMES_ELOTT_SECONDS: String(elottSeconds) } : {}),
    },
  });
  log(`RefGames (reference game vendor, demo only) on ${publicUrl}`);
  return {
    child,
    env: {
      VENDOR_REFGAMES_URL: publicUrl,
      VENDOR_REFGAMES_SIGNING: 'rsa',
      VENDOR_REFGAMES_PUBLIC_KEY: base64(keys.refgames.publicKey),
      VENDOR_REFGAMES_CATALOGUE: REFGAMES_CATALOGUE.join(','),
      VENDOR_WALLET_PRIVATE_KEY: base64(keys.wallet.privateKey),
    },
  };
}
