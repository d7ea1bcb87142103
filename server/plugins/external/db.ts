import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import fp from 'fastify-plugin';
import { openMigratedDatabase } from '../../platform';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/** Opens the database, applies pending SQL migrations and seeds merchants that are new. */
export default fp(async (app: FastifyInstance) => {
  const db = await openMigratedDatabase(app.config, app.tenants, app.log);
  app.addHook('onClose', async () => db.close());
  app.decorate('db', db);
}, { name: 'db' });
