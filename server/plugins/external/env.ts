import type { FastifyInstance } from 'fastify';
import { resolveConfig, type AppConfig, type AppOptions } from '../../config';
import fp from 'fastify-plugin';
import { loadTenantRegistry, TenantConfigError, type TenantRegistry } from '../../lib/tenant-registry';
import { PaymentProviders, paymentChannelProblems } from '../../payments';

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
  const tenants = await loadTenantRegistry(config.tenantsDir, config.defaultTenant, {
    maintenance: config.forceMaintenance,
    regionRestriction: config.forceRegionRestriction,
  }, opts.preview !== undefined);
  app.decorate('tenants', tenants);
  // Channels against the configured payment providers: production refuses the reference provider
  // and any provider it has no configuration for; elsewhere a warning (those deposits answer 503).
  const problems = paymentChannelProblems(tenants.all.values(), config.payments, config.production);
  if (problems.length > 0 && config.production) throw new TenantConfigError(problems);
  for (const line of problems) app.log.warn(line);
  app.decorate('payments', new PaymentProviders(config.payments, config.paymentTimeoutMs));
}, { name: 'env' });
