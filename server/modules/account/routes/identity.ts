import type { FastifyInstance } from 'fastify';
import { acceptImageBodies, uploadedImage } from '../../../lib/images';
import { apiRoute } from '../../../lib/route';
import { identityStatus, putIdentityImage, submitIdentity } from '../services/identity';

/**
 * Identity verification: details by JSON (POST), then one raw image per side (PUT, 5 MB each,
 * accepted by this plugin only) on the pending check.
 */
export default async function identityRoutes(app: FastifyInstance) {
  acceptImageBodies(app);

  apiRoute(app, 'security-centre', 'identity', {
    handler: async (request) => identityStatus(app, request.auth!.member.id),
  });

  apiRoute(app, 'security-centre', 'submitIdentity', {
    rateLimit: app.config.limits.passwordPerIp,
    handler: async (request) => {
      return submitIdentity(app, request.tenant, request.auth!.member.id, request.body);
    },
  });

  apiRoute(app, 'security-centre', 'identityImage', {
    rateLimit: app.config.limits.passwordPerIp,
    handler: async (request) => {
      const image = uploadedImage(request.headers['content-type'], request.body);
      return putIdentityImage(app, request.auth!.member.id, request.params.side, image);
    },
  });
}
