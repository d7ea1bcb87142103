/** The records module's `npm run ops` verbs (listed by server/ops/verbs/index.ts). */
export { verbs as recordsVerbs } from './records';
