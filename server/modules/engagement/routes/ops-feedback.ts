import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { opsActorOf } from '../../../plugins/app/ops';
import { listFeedback, replyFeedback } from '../services/feedback';

/** Operators read members' feedback and reply (server/modules/engagement/services/feedback.ts; the CLI verbs call the same functions). */
export default async function opsFeedbackRoutes(app: FastifyInstance) {
  apiRoute(app, 'feedback', 'opsList', {
    handler: async (request) => listFeedback(app, opsActorOf(request), request.query),
  });

  apiRoute(app, 'feedback', 'opsReply', {
    handler: async (request) => replyFeedback(app, opsActorOf(request), request.params.id, request.body.reply),
  });
}
