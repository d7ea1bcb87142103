import type { FastifyInstance } from 'fastify';
import captchaRoutes from './captcha';
import devCaptchaRoutes from './dev-captcha';
import devOutboxRoutes from './dev-outbox';
import headIconRoutes from './head-icon';
import identityRoutes from './identity';
import memberInfoRoutes from './member-info';
import mobileBindingRoutes from './mobile-binding';
import opsIdentityRoutes from './ops-identity';
import passwordRoutes from './password';
import paymentPasswordRoutes from './payment-password';
import registerRoutes from './register';
import registrationSettingsRoutes from './registration-settings';
import sessionRoutes from './session';
import smsRoutes from './sms';

/** Every route of the account module (each file registers its own, with its schemas from schemas/api). */
export default async function accountModuleRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [
    captchaRoutes,
    devCaptchaRoutes,
    devOutboxRoutes,
    headIconRoutes,
    identityRoutes,
    memberInfoRoutes,
    mobileBindingRoutes,
    opsIdentityRoutes,
    passwordRoutes,
    paymentPasswordRoutes,
    registerRoutes,
    registrationSettingsRoutes,
    sessionRoutes,
    smsRoutes,
  ]) {
    await app.register(routes);
  }
}
