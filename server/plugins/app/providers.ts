import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messageProviderOf } from '../../platform';
import type { MessageProvider } from '../../providers/types';

declare module 'fastify' {
  interface FastifyInstance {
    messages: MessageProvider;
  }
}

/** The SMS / e-mail provider: the one configured, else the embedded outbox. */
export default fp(async (app: FastifyInstance) => {
  const provider = messageProviderOf(app.config, app.db, app.log);
  app.decorate('messages', provider);
  app.log.debug({ provider: provider.name }, 'message provider ready');
}, { name: 'providers' });
