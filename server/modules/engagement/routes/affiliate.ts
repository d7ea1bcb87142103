import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../../errors';
import { apiRoute } from '../../../lib/route';
import { hostName } from '../../../lib/tenant-host';
import { satisfies } from '../../../lib/validation-rules';

export default async function affiliateRoutes(app: FastifyInstance) {
  apiRoute(app, 'affiliate', 'check', {
    rateLimit: app.config.limits.affiliatePerIp,
    handler: async (request) => {
      // The spec's `domain` parameter is accepted but not believed: a code bound to one domain is
      // checked against the host the request was actually sent to.
      const { code } = request.query;
      const found = satisfies('affiliateCode', code)
        ? await app.repos.affiliates.resolve(request.tenant.merchantCode, code, hostName(request.headers.host))
        : null;
      if (!found) throw new ApiError('affiliate.invalid', 400, { field: '/code' });
      return { code: found.code };
    },
  });
}
