import type { FastifyInstance } from 'fastify';
import { resolveConfig, type AppConfig, type AppOptions } from '../../config';
import fp from 'fastify-plugin';
import type { TenantRegistry } from '../../lib/tenant-registry';
import type { PaymentProviders } from '../../payments';
import { loadTenants } from '../../platform';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    tenants: TenantRegistry;
    payments: PaymentProviders;
  }
}

/**
 * First plugin: checks the options and loads every tenant. A bad option or tenant stops the
 * start here, before the database is touched.
 */
export default fp(async (app: FastifyInstance, opts: AppOptions) => {
  const config = resolveConfig(opts);
  app.decorate('config', config);
  const { tenants, payments } = await loadTenants(config, app.log, opts.preview !== undefined);
  app.decorate('tenants', tenants);
  app.decorate('payments', payments);
}, { name: 'env' });
