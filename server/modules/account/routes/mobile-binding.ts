import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { sendMobileCode, verifyMobile } from '../services/mobile-binding';

/** Verifying a mobile number by SMS (schemas/api/mobile-binding.json). */
export default async function mobileBindingRoutes(app: FastifyInstance) {
  const limits = app.config.limits;
  apiRoute(app, 'mobile-binding', 'sendMobileCode', {
    rateLimit: limits.smsPerIp,
    handler: async (request) => sendMobileCode(app, request, request.body),
  });
  apiRoute(app, 'mobile-binding', 'verifyMobile', {
    rateLimit: limits.passwordPerIp,
    handler: async (request) => verifyMobile(app, request, request.body),
  });
}
