import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../../db/client';
import { migrate } from '../../db/migrate';
import { seedTenants } from '../../db/seed';
import { globalPlugin } from '../../lib/plugin';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/** Opens the database, applies pending SQL migrations and seeds merchants that are new. */
export default globalPlugin('db', async (app: FastifyInstance) => {
  const { config } = app;
  const db = await openDatabase(config.db, config.dataDir, app.log);
  app.addHook('onClose', async () => db.close());
  const applied = await migrate(db);
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  const seeded = await seedTenants(db.orm, [...app.tenants.all.values()], config.passwordHashing, config.seedDemo);
  if (seeded.length > 0) app.log.info({ merchants: seeded, demoMembers: config.seedDemo }, 'merchants seeded');
  app.decorate('db', db);
});
