/** The agent module's `npm run ops` verbs (listed by server/ops/verbs/index.ts). */
export { verbs as contractsVerbs } from './contracts';
