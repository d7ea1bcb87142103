/**
 * `npm run seed -- --bets 1000000`: the demo player of demo-ph (server/db/seed.ts) gets that many
 * settled bets over the last 30 days and ten thousand ledger entries, for the records screens at
 * scale; prints the time it took. It is `npm run ops -- records seed` with these defaults (any of
 * --tenant, --member, --ledger, --ago may be given), run the way the ops CLI runs a verb: on the
 * database of this environment (DATABASE_URL, else PGlite in DATA_DIR), or by the server that
 * holds that folder.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const DEFAULTS: Record<string, string> = { tenant: 'demo-ph', member: 'demoplayer', bets: '1000000', ledger: '10000' };

const given = process.argv.slice(2);
const names = new Set(given.filter((w) => w.startsWith('--')).map((w) => w.slice(2).split('=')[0]));
const args = [...given];
for (const [name, value] of Object.entries(DEFAULTS)) if (!names.has(name)) args.push(`--${name}`, value);

const ops = fileURLToPath(new URL('./ops.ts', import.meta.url));
const started = performance.now();
const run = spawnSync(process.execPath, ['--import', 'tsx', ops, 'records', 'seed', ...args], { stdio: 'inherit' });
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(run.status === 0 ? `seed done in ${seconds} s` : `seed failed after ${seconds} s`);
process.exit(run.status ?? 1);
