import type { FastifyInstance } from 'fastify';
import { acceptImageBodies, uploadedImage } from '../../lib/images';
import { apiRoute } from '../../lib/route';
import { memberFeedback, submitFeedback } from '../../services/feedback';
import { assertRealMember } from '../../services/identity';
import { stageImage } from '../../services/uploads';

/**
 * The member's feedback: images first (raw bodies, this plugin's 5 MB image parser), then the
 * feedback naming them, and the member's own list with the replies.
 */
export default async function feedbackRoutes(app: FastifyInstance) {
  acceptImageBodies(app);

  apiRoute(app, 'feedback', 'uploadImage', {
    handler: async (request) => {
      assertRealMember(request.auth!.member);
      const image = uploadedImage(request.headers['content-type'], request.body);
      return { id: await stageImage(app, request.auth!.member.id, 'feedback', image) };
    },
  });

  apiRoute(app, 'feedback', 'submit', {
    handler: async (request) => {
      assertRealMember(request.auth!.member);
      return submitFeedback(app, request.tenant, request.auth!.member.id, request.body);
    },
  });

  apiRoute(app, 'feedback', 'list', {
    handler: async (request) => memberFeedback(app, request.auth!.member.id, request.query.page, request.query.pageSize),
  });
}
