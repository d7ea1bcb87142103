import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadJweKeys, type JweKeys } from '../../repositories/keys';
import { resolveKeyEncryptionKey } from '../../lib/key-encryption';
import { createRepositories, type Repositories } from '../../repositories';

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories;
    jwe: JweKeys;
  }
}

/** Every repository over the one database, and the shared JWE keys. */
export default fp(async (app: FastifyInstance) => {
  app.decorate('repos', createRepositories(app.db.orm, app.tenants, app.config));
  // The JWE private keys are sealed at rest with the key-encryption key (see lib/key-encryption).
  const kek = await resolveKeyEncryptionKey(app.config);
  if (kek.source === 'file') app.log.info('JWE private keys sealed with the key file of the data folder (set KEY_ENCRYPTION_KEY to choose the key)');
  app.decorate('jwe', await loadJweKeys(app.db.orm, kek.key));
}, { name: 'repositories' });
