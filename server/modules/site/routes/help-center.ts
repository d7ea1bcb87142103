import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { contentLang } from '../../../lib/lang';

export default async function helpCenterRoutes(app: FastifyInstance) {
  apiRoute(app, 'system', 'helpCenter', {
    handler: async (request) => {
      const { lang } = request.query;
      const merchantCode = request.tenant.merchantCode;
      const items = await app.repos.help.list(merchantCode, contentLang(lang ?? request.tenant.i18n.default));
      return items.length > 0 ? items : app.repos.help.list(merchantCode, 'EN');
    },
  });
}
