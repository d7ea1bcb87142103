/**
 * The registry of `npm run ops` verbs. Each area's file exports `export const verbs: OpsVerb[]`
 * (server/ops/types.ts); adding an area is ONE line here, in this form:
 *
 *     export { verbs as deposits } from './deposits';
 *
 * The export's name (deposits) only has to be unique in this file; the runner takes every
 * export of this module and flattens them (server/ops/runner.ts), and refuses to start if two
 * verbs share their words. `help` lists them in the order of the lines below.
 */
export { verbs as core } from './core';
export { verbs as operators } from './operators';
export { verbs as deposits } from './deposits';
export { verbs as withdrawals } from './withdrawals';
export { verbs as identity } from './identity';
export { verbs as rebates } from './rebates';
export { verbs as records } from './records';
export { verbs as messages } from './messages';
export { verbs as feedback } from './feedback';
export { verbs as rewards } from './rewards';
export { verbs as promotions } from './promotions';
export { verbs as announcements } from './announcements';
export { verbs as exclusions } from './exclusions';
export { verbs as redRain } from './red-rain';
export { verbs as contracts } from './contracts';
export { verbs as maintenance } from './maintenance';
