import type { FastifyInstance } from 'fastify';
import betsRoutes from './bets';
import depositsRoutes from './deposits';
import pnlRoutes from './pnl';
import transactionsRoutes from './transactions';
import withdrawalsRoutes from './withdrawals';

/** Every route of the records module (each file registers its own, with its schemas from schemas/api). */
export default async function recordsModuleRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [
    betsRoutes,
    depositsRoutes,
    pnlRoutes,
    transactionsRoutes,
    withdrawalsRoutes,
  ]) {
    await app.register(routes);
  }
}
