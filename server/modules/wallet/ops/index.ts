/** The wallet module's `npm run ops` verbs (listed by server/ops/verbs/index.ts). */
export { verbs as depositsVerbs } from './deposits';
export { verbs as rebatesVerbs } from './rebates';
export { verbs as withdrawalsVerbs } from './withdrawals';
