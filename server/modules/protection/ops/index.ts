/** The protection module's `npm run ops` verbs (listed by server/ops/verbs/index.ts). */
export { verbs as exclusionsVerbs } from './exclusions';
