import type { FastifyInstance } from 'fastify';
import devOpenapiRoutes from './dev-openapi';
import helpCenterRoutes from './help-center';
import opsMaintenanceRoutes from './ops-maintenance';
import opsTenantReleaseRoutes from './ops-tenant-releases';
import readyRoutes from './ready';
import startupRoutes from './startup';

/** Every route of the site module (each file registers its own, with its schemas from schemas/api). */
export default async function siteModuleRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [
    devOpenapiRoutes,
    helpCenterRoutes,
    opsMaintenanceRoutes,
    opsTenantReleaseRoutes,
    readyRoutes,
    startupRoutes,
  ]) {
    await app.register(routes);
  }
}
