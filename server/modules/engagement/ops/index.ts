/** The engagement module's `npm run ops` verbs (listed by server/ops/verbs/index.ts). */
export { verbs as announcementsVerbs } from './announcements';
export { verbs as feedbackVerbs } from './feedback';
export { verbs as messagesVerbs } from './messages';
export { verbs as promotionsVerbs } from './promotions';
export { verbs as redRainVerbs } from './red-rain';
export { verbs as rewardsVerbs } from './rewards';
