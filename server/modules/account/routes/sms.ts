import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { sendResetCode, sendVerificationCode } from '../services/sms';

export default async function smsRoutes(app: FastifyInstance) {
  const limit = app.config.limits.smsPerIp;
  apiRoute(app, 'verification', 'smsNoLogin', {
    rateLimit: limit,
    handler: async (request) => sendVerificationCode(app, request, request.body),
  });
  apiRoute(app, 'verification', 'smsResetPassword', {
    rateLimit: limit,
    handler: async (request) => sendResetCode(app, request, request.body),
  });
}
