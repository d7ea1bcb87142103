/**
 * Engagement: announcements, messages, feedback, promotions, missions, rewards, red-envelope rain, VIP and referrals.
 * What other code may use of this module; everything else in the folder is its own.
 */
export { grantReferralReward } from './services/referral';
export { bonusAsReward, expiryDaysOf, grantReward, payReward } from './services/rewards';
export { memberVip, raiseVipLevel } from './services/vip';
