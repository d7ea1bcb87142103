import type { FastifyInstance } from 'fastify';
import { contentLang } from '../../lib/lang';
import { apiRoute } from '../../lib/route';

export default async function promotionRoutes(app: FastifyInstance) {
  apiRoute(app, 'promotions', 'list', {
    handler: async (request) => {
      const { lang } = request.query;
      const tenant = request.tenant;
      return app.repos.promotions.list(tenant.merchantCode, tenant.settings.promotions, contentLang(lang ?? tenant.i18n.default));
    },
  });
}
