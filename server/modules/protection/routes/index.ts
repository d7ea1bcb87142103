import type { FastifyInstance } from 'fastify';
import devRealityCheckRoutes from './dev-reality-check';
import exclusionRoutes from './exclusion';
import limitsRoutes from './limits';
import opsExclusionsRoutes from './ops-exclusions';
import realityCheckRoutes from './reality-check';
import statementRoutes from './statement';

/** Every route of the protection module (each file registers its own, with its schemas from schemas/api). */
export default async function protectionModuleRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [
    devRealityCheckRoutes,
    exclusionRoutes,
    limitsRoutes,
    opsExclusionsRoutes,
    realityCheckRoutes,
    statementRoutes,
  ]) {
    await app.register(routes);
  }
}
