import type { FastifyInstance } from 'fastify';
import agentAccountsRoutes from './agent-accounts';
import contractsRoutes from './contracts';
import homeRoutes from './home';
import opsContractsRoutes from './ops-contracts';
import teamRoutes from './team';

/** Every route of the agent module (each file registers its own, with its schemas from schemas/api). */
export default async function agentModuleRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [
    agentAccountsRoutes,
    contractsRoutes,
    homeRoutes,
    opsContractsRoutes,
    teamRoutes,
  ]) {
    await app.register(routes);
  }
}
