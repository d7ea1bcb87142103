/** The account module's `npm run ops` verbs (listed by server/ops/verbs/index.ts). */
export { verbs as identityVerbs } from './identity';
