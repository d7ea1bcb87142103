import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OutboxProvider } from '../../providers/outbox';
import type { MessageProvider } from '../../providers/types';

declare module 'fastify' {
  interface FastifyInstance {
    messages: MessageProvider;
  }
}

/** The SMS / e-mail provider: the one configured, else the embedded outbox. */
export default fp(async (app: FastifyInstance) => {
  const configured = app.config.messageProvider;
  const provider = configured === 'outbox' ? new OutboxProvider(app.db.orm, app.log) : configured;
  app.decorate('messages', provider);
  app.log.debug({ provider: provider.name }, 'message provider ready');
}, { name: 'providers' });
