/**
 * The records' figures for `npm run bench` (or alone: `npm run bench -- records`, or
 * BENCH_ONLY=records): one member of demo-ph gets a million settled bets over 30 days and ten
 * thousand ledger entries (ops records seed, PGlite in a DATA_DIR of its own in a temp folder),
 * then the record calls a member's screens make are measured next to a bare Fastify route in the
 * same run: the betting record's first page (30 days), a page half a million bets deep, profit and
 * loss over 30 days, and the account record's first page. Figures, not assertions.
 * BENCH_RECORD_BETS and BENCH_RECORD_LEDGER change the sizes; BENCH_SECONDS the run of each call.
 */
import { sql } from 'drizzle-orm';
import { rows } from '../server/db/client';
import { encodeCursor } from '../server/lib/cursor';
import { checkLedger } from '../server/money';
import { seedRecords } from '../server/modules/records';
import { thousands, withSeededBench } from './bench-setup';

const BETS = Number(process.env.BENCH_RECORD_BETS ?? 1_000_000);
const LEDGER = Number(process.env.BENCH_RECORD_LEDGER ?? 10_000);
const MEMBER = 'demoplayer';

export async function records(): Promise<void> {
  await withSeededBench('records', async ({ app, dataDir, actor, session, measure }) => {
    const seeded = await seedRecords(app, actor, { tenantId: 'demo-ph', username: MEMBER, bets: BETS, ledger: LEDGER });
    console.log(`\n# Records (one member: ${thousands(seeded.bets)} bets and ${thousands(seeded.entries)} wallet entries over 30 days; PGlite in ${dataDir})`);
    console.log(`  seed: ${(seeded.ms / 1000).toFixed(1)} s (${thousands(Math.round(seeded.bets / (seeded.ms / 1000)))} bets/s, ${seeded.batches} batches)`);
    const problems = await checkLedger(app.db.orm);
    console.log(`  ledger check after the seed: ${problems.length === 0 ? 'clean' : `${problems.length} problems`}`);

    const token = await session('demoph01', MEMBER);
    const member = (await app.repos.members.byUsername('demoph01', MEMBER))!;
    // A cursor half-way down the member's bets: a keyset page costs the same at any depth.
    const [middle] = await rows<{ micros: string; id: string }>(
      app.db.orm,
      sql`SELECT (extract(epoch from created_at) * 1000000)::bigint::text AS micros, id::text FROM bets
          WHERE member_id = ${member.id} ORDER BY created_at DESC, id DESC OFFSET ${Math.floor(BETS / 2)} LIMIT 1`,
    );
    const targets: [string, string][] = [
      // The same session check and a one-row read: what any member call costs before its own work.
      ['GET /wps/member/wallet (for reference)', '/wps/member/wallet'],
      ['GET /wps/records/bets (30d, first page)', '/wps/records/bets?range=30d&language=EN'],
      ...(middle ? ([['GET /wps/records/bets (30d, half-way down)', `/wps/records/bets?range=30d&language=EN&cursor=${encodeCursor([middle.micros, middle.id])}`]] as [string, string][]) : []),
      ['GET /wps/records/pnl (30d)', '/wps/records/pnl?range=30d'],
      ['GET /wps/records/transactions (30d, first page)', '/wps/records/transactions?range=30d'],
    ];
    await measure(targets, { host: 'demo-ph.localhost', authorization: `Bearer ${token}` }, 44);
  });
}
