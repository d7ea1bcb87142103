/** The site module's `npm run ops` verbs (listed by server/ops/verbs/index.ts). */
export { verbs as maintenanceVerbs } from './maintenance';
export { verbs as tenantReleaseVerbs } from './tenant-releases';
