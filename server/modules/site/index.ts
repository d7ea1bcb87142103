/**
 * The site: pages, install, help centre, health and start-up, previews and maintenance windows.
 * What other code may use of this module; everything else in the folder is its own.
 */
export { ANALYZED_TABLES, runHousekeeping } from './services/housekeeping';
export { WindowCache, messageIn, windowOpen } from './services/maintenance';
export {
  activateDue, cancelVersion, countVisitor, endRollout, listVersions, loadReleases, onReleaseSignal, pendingInstants, publishTenant, RELEASE_CHANNEL,
  rollbackTenant, rolloutReport, TenantInvalid,
} from './services/tenant-releases';
