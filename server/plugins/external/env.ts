import type { FastifyInstance } from 'fastify';
import { resolveConfig, type AppConfig, type AppOptions } from '../../config';
import { globalPlugin } from '../../lib/plugin';
import { loadTenantRegistry, type TenantRegistry } from '../../lib/tenant-registry';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    tenants: TenantRegistry;
  }
}

/**
 * First plugin: checks the options and loads every tenant. A bad option or tenant stops the
 * start here, before the database is touched.
 */
export default globalPlugin('env', async (app: FastifyInstance, opts: AppOptions) => {
  const config = resolveConfig(opts);
  app.decorate('config', config);
  app.decorate(
    'tenants',
    await loadTenantRegistry(config.tenantsDir, config.defaultTenant, {
      maintenance: config.forceMaintenance,
      regionRestriction: config.forceRegionRestriction,
    }, opts.preview !== undefined),
  );
});
