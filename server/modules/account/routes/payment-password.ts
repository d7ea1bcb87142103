import type { FastifyInstance } from 'fastify';
import { apiRoute } from '../../../lib/route';
import { changePaymentPassword, resetPaymentPassword, sendPaymentPasswordCode, setPaymentPassword } from '../services/payment-password';

export default async function paymentPasswordRoutes(app: FastifyInstance) {
  const limits = app.config.limits;
  apiRoute(app, 'security-centre', 'setPaymentPassword', {
    rateLimit: limits.passwordPerIp,
    handler: async (request) => {
      await setPaymentPassword(app, request.auth!.member, request.body);
      return true;
    },
  });

  apiRoute(app, 'security-centre', 'changePaymentPassword', {
    rateLimit: limits.passwordPerIp,
    handler: async (request) => {
      await changePaymentPassword(app, request.auth!.member, request.body);
      return true;
    },
  });

  apiRoute(app, 'security-centre', 'sendPaymentPasswordCode', {
    rateLimit: limits.smsPerIp,
    handler: async (request) => sendPaymentPasswordCode(app, request, request.auth!.member),
  });

  apiRoute(app, 'security-centre', 'resetPaymentPassword', {
    rateLimit: limits.passwordPerIp,
    handler: async (request) => {
      await resetPaymentPassword(app, request, request.auth!.member, request.body);
      return true;
    },
  });
}
