import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { opsActorOf } from '../../../plugins/app/ops';
import { sendMessage } from '../services/messages';

/** Operators' messages to members' message centres (server/modules/engagement/services/messages.ts; the CLI verb calls the same function). */
export default async function opsMessageRoutes(app: FastifyInstance) {
  apiRoute(app, 'inbox', 'sendMessage', {
    handler: async (request) => sendMessage(app, opsActorOf(request), request.body),
  });
}
