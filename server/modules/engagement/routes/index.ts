import type { FastifyInstance } from 'fastify';
import affiliateRoutes from './affiliate';
import announcementsRoutes from './announcements';
import feedbackRoutes from './feedback';
import messagesRoutes from './messages';
import missionsRoutes from './missions';
import opsFeedbackRoutes from './ops-feedback';
import opsMessagesRoutes from './ops-messages';
import opsPromotionsRoutes from './ops-promotions';
import opsRedRainRoutes from './ops-red-rain';
import promotionsRoutes from './promotions';
import redRainRoutes from './red-rain';
import referralRoutes from './referral';
import rewardsRoutes from './rewards';
import vipRoutes from './vip';

/** Every route of the engagement module (each file registers its own, with its schemas from schemas/api). */
export default async function engagementModuleRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [
    affiliateRoutes,
    announcementsRoutes,
    feedbackRoutes,
    messagesRoutes,
    missionsRoutes,
    opsFeedbackRoutes,
    opsMessagesRoutes,
    opsPromotionsRoutes,
    opsRedRainRoutes,
    promotionsRoutes,
    redRainRoutes,
    referralRoutes,
    rewardsRoutes,
    vipRoutes,
  ]) {
    await app.register(routes);
  }
}
