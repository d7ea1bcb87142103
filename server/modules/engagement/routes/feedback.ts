import type { FastifyInstance } from 'fastify';
import { acceptImageBodies } from '../../../lib/images';
import { apiRoute } from '../../../lib/route';
import { memberFeedback, submitFeedback } from '../services/feedback';
import { stageUploadedImage } from '../services/uploads';

/**
 * The member's feedback: images first (raw bodies, this plugin's 5 MB image parser), then the
 * feedback naming them, and the member's own list with the replies.
 */
export default async function feedbackRoutes(app: FastifyInstance) {
  acceptImageBodies(app);

  apiRoute(app, 'feedback', 'uploadImage', {
    handler: async (request) => stageUploadedImage(app, request, 'feedback', request.headers['content-type'], request.body),
  });

  apiRoute(app, 'feedback', 'submit', {
    handler: async (request) => submitFeedback(app, request.tenant, request.auth!.member.id, request.body),
  });

  apiRoute(app, 'feedback', 'list', {
    handler: async (request) => memberFeedback(app, request.auth!.member.id, request.query.page, request.query.pageSize),
  });
}
