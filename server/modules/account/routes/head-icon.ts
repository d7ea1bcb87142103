import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { memberAvatars } from '../../../db/schema';
import { ApiError } from '../../../errors';
import { acceptImageBodies, uploadedImage } from '../../../lib/images';
import { apiRoute } from '../../../lib/route';

/**
 * The member's head icon. There is no member id in the path: GET answers the signed-in member's
 * own icon only (the member-centre image, fetched with the session token), so ids cannot be
 * guessed to see another member's face. It may change at any time: private, revalidated by ETag.
 */
export default async function headIconRoutes(app: FastifyInstance) {
  acceptImageBodies(app);

  apiRoute(app, 'security-centre', 'uploadHeadIcon', {
    rateLimit: app.config.limits.passwordPerIp,
    handler: async (request) => {
      const { type, data } = uploadedImage(request.headers['content-type'], request.body);
      const memberId = request.auth!.member.id;
      await app.db.orm
        .insert(memberAvatars)
        .values({ memberId, contentType: type, data })
        .onConflictDoUpdate({ target: memberAvatars.memberId, set: { contentType: type, data, updatedAt: sql`now()` } });
      return true;
    },
  });

  apiRoute(app, 'security-centre', 'headIcon', {
    handler: async (request, reply) => {
      const [icon] = await app.db.orm.select().from(memberAvatars).where(eq(memberAvatars.memberId, request.auth!.member.id));
      if (!icon) throw new ApiError('not.found', 404);
      const etag = `"${createHash('sha256').update(icon.data).digest('base64url').slice(0, 27)}"`;
      reply.header('cache-control', 'private, no-cache').header('etag', etag).header('vary', 'authorization, token');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(icon.contentType).send(icon.data);
    },
  });
}
