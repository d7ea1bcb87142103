import type { FastifyInstance } from 'fastify';
import { runClaimed, SKIPPED } from '../../lib/job-claim';
import fp from 'fastify-plugin';
import { expireDue } from '../../modules/wallet';

/** Time between runs: a deposit expires at most this late. (The provider retries its own notices.) */
const DEPOSIT_JOBS_INTERVAL_MS = 60_000;

/**
 * One run: pending deposits past their time become expired. On one instance at a time
 * (lib/job-claim.ts): `skipped` when another holds the claim.
 */
export async function runDepositJobs(app: FastifyInstance): Promise<{ expired: number; skipped: boolean }> {
  let expired = 0;
  let skipped = false;
  try {
    const run = await runClaimed(app.db, 'deposit-jobs', async () => {
      expired = (await expireDue(app.db.orm, { limit: 1000 })).length;
    });
    skipped = run === SKIPPED;
  } catch (err) {
    app.log.error({ err }, 'deposit jobs failed');
  }
  if (expired > 0) app.log.info({ expired }, 'deposit jobs');
  return { expired, skipped };
}

/**
 * The deposit jobs on a timer, next to housekeeping and switched with it (off in tests, which
 * call runDepositJobs themselves). Reads expire a member's own due deposits too, so the timer
 * only bounds how long another reader may still see one pending.
 */
export default fp(async (app: FastifyInstance) => {
  if (!app.config.housekeeping) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let closing = false;
  const schedule = () => {
    if (closing) return;
    timer = setTimeout(() => {
      running = runDepositJobs(app).finally(() => {
        running = undefined;
        schedule();
      });
    }, DEPOSIT_JOBS_INTERVAL_MS);
    timer.unref();
  };
  app.addHook('onReady', async () => schedule());
  app.addHook('preClose', async () => {
    closing = true;
    clearTimeout(timer);
    await running;
  });
}, { name: 'deposit-jobs' });
