import type { FastifyInstance } from 'fastify';
import { acceptImageBodies } from '../../../lib/images';
import { apiRoute } from '../../../lib/route';
import { actOnPromotion, listPromotions, promotionDetail } from '../services/promotions';
import { stageUploadedImage } from '../services/uploads';

export default async function promotionRoutes(app: FastifyInstance) {
  // Application images: raw bodies under this plugin's 5 MB image parser (as feedback images).
  acceptImageBodies(app);

  apiRoute(app, 'promotions', 'list', {
    handler: async (request) => listPromotions(app, request, request.query.lang, request.query.category),
  });

  apiRoute(app, 'promotions', 'detail', {
    handler: async (request) => promotionDetail(app, request, request.params.code, request.query.lang),
  });

  // A sign-in or a reached target grants once per day or once: a repeat is refused, never paid twice.
  apiRoute(app, 'promotions', 'act', {
    handler: async (request) => actOnPromotion(app, request, request.params.code, request.body),
  });

  apiRoute(app, 'promotions', 'uploadImage', {
    handler: async (request) => stageUploadedImage(app, request, 'promotion', request.headers['content-type'], request.body),
  });
}
