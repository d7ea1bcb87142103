import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { OutboxProvider } from '../../../providers/outbox';

/**
 * Development only: mounted with `DEV_ROUTES=1` while the outbox provider is active. Without the
 * switch (the default) the route does not exist and answers 404. A host sees only the messages
 * of its own tenant.
 */
export default async function outboxRoutes(app: FastifyInstance) {
  const provider = app.messages;
  if (!app.config.devRoutes || !(provider instanceof OutboxProvider)) return;
  apiRoute(app, 'dev', 'outbox', {
    handler: async (request) => {
      const { to, limit } = request.query;
      // A '+' in a query string decodes to a space: +639... arrives as ' 639...'.
      return provider.latest(request.tenant.merchantCode, to.replace(/^ /, '+'), limit);
    },
  });
}
