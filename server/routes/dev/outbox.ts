import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../lib/route';
import { OutboxProvider } from '../../providers/outbox';

/** Only while the outbox provider is active: with a real provider the route does not exist at all. */
export default async function outboxRoutes(app: FastifyInstance) {
  const provider = app.messages;
  if (!(provider instanceof OutboxProvider)) return;
  apiRoute(app, 'dev', 'outbox', {
    handler: async (request) => {
      const { to, limit } = request.query as { to: string; limit: number };
      // A '+' in a query string decodes to a space: +639... arrives as ' 639...'.
      return provider.latest(to.replace(/^ /, '+'), limit);
    },
  });
}
