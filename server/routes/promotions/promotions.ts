import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../lib/route';
import { actOnPromotion, listPromotions, promotionDetail } from '../../services/promotions';

export default async function promotionRoutes(app: FastifyInstance) {
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
}
