/**
 * The registry of `npm run ops` verbs. Each area's verbs file (server/modules/<area>/ops/) exports
 * `export const verbs: OpsVerb[]` (server/ops/types.ts), named by the module's index.ts; adding
 * one is ONE line here, in this form:
 *
 *     export { depositsVerbs as deposits } from '../../modules/wallet/ops';
 *
 * The export's name (deposits) only has to be unique in this file; the runner takes every
 * export of this module and flattens them (server/ops/runner.ts), and refuses to start if two
 * verbs share their words. `help` lists them in the order of the lines below.
 */
export { verbs as core } from './core';
export { verbs as operators } from './operators';
export { depositsVerbs as deposits } from '../../modules/wallet/ops';
export { withdrawalsVerbs as withdrawals } from '../../modules/wallet/ops';
export { identityVerbs as identity } from '../../modules/account/ops';
export { rebatesVerbs as rebates } from '../../modules/wallet/ops';
export { recordsVerbs as records } from '../../modules/records/ops';
export { messagesVerbs as messages } from '../../modules/engagement/ops';
export { feedbackVerbs as feedback } from '../../modules/engagement/ops';
export { rewardsVerbs as rewards } from '../../modules/engagement/ops';
export { promotionsVerbs as promotions } from '../../modules/engagement/ops';
export { announcementsVerbs as announcements } from '../../modules/engagement/ops';
export { exclusionsVerbs as exclusions } from '../../modules/protection/ops';
export { redRainVerbs as redRain } from '../../modules/engagement/ops';
export { contractsVerbs as contracts } from '../../modules/agent/ops';
export { maintenanceVerbs as maintenance } from '../../modules/site/ops';
export { tenantReleaseVerbs as tenantReleases } from '../../modules/site/ops';
