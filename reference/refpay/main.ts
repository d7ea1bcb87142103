/**
 * RefPay's process: `node --import tsx reference/refpay/main.ts`. Demo only; the platform refuses
 * to start in production with a channel naming it.
 *
 *   REFPAY_PORT        port (default 8090)
 *   REFPAY_HOST        address to listen on (default 127.0.0.1)
 *   REFPAY_PUBLIC_URL  the origin players reach it on (default http://localhost:<port>)
 *   REFPAY_MERCHANTS   merchant credentials: "<id>:<secret>,<id>:<secret>" (secrets >= 16 characters)
 *   REFPAY_DATA_DIR    keeps payments in <dir>/payments.json (default: in memory)
 *   LOG_LEVEL          default info
 */
import { buildRefPay } from './app';

function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

/** "<id>:<secret>,..." -> { id: secret }; a malformed entry stops the start. */
export function parseMerchants(raw: string | undefined): Record<string, string> {
  const merchants: Record<string, string> = {};
  for (const entry of (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const at = entry.indexOf(':');
    if (at < 1) throw new Error('REFPAY_MERCHANTS entries must be <merchant id>:<secret>');
    merchants[entry.slice(0, at)] = entry.slice(at + 1);
  }
  if (Object.keys(merchants).length === 0) throw new Error('REFPAY_MERCHANTS must name at least one merchant (<merchant id>:<secret>)');
  return merchants;
}

async function main(): Promise<void> {
  const rawPort = process.env.REFPAY_PORT ?? '8090';
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port < 1 || port > 65535) fail(`REFPAY_PORT must be an integer between 1 and 65535 (got '${rawPort}')`);
  let merchants: Record<string, string>;
  try {
    merchants = parseMerchants(process.env.REFPAY_MERCHANTS);
  } catch (err) {
    fail((err as Error).message);
  }
  const app = await buildRefPay({
    merchants,
    publicUrl: process.env.REFPAY_PUBLIC_URL || `http://localhost:${port}`,
    dataDir: process.env.REFPAY_DATA_DIR || undefined,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
  }).catch((err: Error) => fail(err.message));
  await app.listen({ port, host: process.env.REFPAY_HOST || '127.0.0.1' }).catch((err: Error) => fail(`RefPay failed to start: ${err.message}`));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close().then(() => process.exit(0)));
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) void main();
