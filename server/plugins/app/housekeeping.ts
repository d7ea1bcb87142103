import type { FastifyInstance } from 'fastify';
import { runClaimed } from '../../lib/job-claim';
import fp from 'fastify-plugin';
import { runHousekeeping } from '../../modules/site';

/** Delay of the first run after start (the start itself is busy enough). */
const FIRST_RUN_MS = 30_000;

/**
 * Deletes expired rows periodically (server/modules/site/services/housekeeping.ts): once shortly after start,
 * then every `housekeepingIntervalMs`. The timer never keeps the process alive; close waits for
 * a run in progress so it does not query a closed database.
 */
export default fp(async (app: FastifyInstance) => {
  if (!app.config.housekeeping) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let closing = false;
  const schedule = (ms: number) => {
    if (closing) return;
    timer = setTimeout(() => {
      // One instance at a time (lib/job-claim.ts); the others skip this run.
      running = runClaimed(app.db, 'housekeeping', () => runHousekeeping(app))
        .catch((err: unknown) => app.log.error({ err }, 'housekeeping failed'))
        .finally(() => {
          running = undefined;
          schedule(app.config.housekeepingIntervalMs);
        });
    }, ms);
    timer.unref();
  };
  app.addHook('onReady', async () => schedule(Math.min(FIRST_RUN_MS, app.config.housekeepingIntervalMs)));
  app.addHook('preClose', async () => {
    closing = true;
    clearTimeout(timer);
    await running;
  });
}, { name: 'housekeeping' });
