import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../../db/client';
import { migrate, MIGRATIONS_DIR } from '../../db/migrate';
import { seedTenants } from '../../db/seed';
import fp from 'fastify-plugin';
import { onRawTx, rebuildRecordDays, tenantZones } from '../../services/records-aggregates';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/** Opens the database, applies pending SQL migrations and seeds merchants that are new. */
export default fp(async (app: FastifyInstance) => {
  const { config } = app;
  const db = await openDatabase(config.db, config.dataDir, app.log, config.pgliteDump);
  app.addHook('onClose', async () => db.close());
  // The records' aggregates of rows written before 0015 count days in each tenant's time zone,
  // which only the tenant files know: filled in the migration's transaction.
  const zones = tenantZones(app.tenants.all.values());
  const applied = await migrate(db, MIGRATIONS_DIR, {
    '0015_records.sql': async (tx) => {
      await rebuildRecordDays(onRawTx(tx), zones, null);
    },
  });
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  const seeded = await seedTenants(db.orm, [...app.tenants.all.values()], config.passwordHashing, config.seedDemo);
  if (seeded.length > 0) app.log.info({ merchants: seeded, demoMembers: config.seedDemo }, 'merchants seeded');
  app.decorate('db', db);
}, { name: 'db' });
