/**
 * System status (GET /wps/system/status) and startup settings (GET /wps/system/startup). The page
 * gets both injected at load; the maintenance and restricted views poll the status to notice the
 * end of a maintenance window.
 */
import type { SWRResponse } from 'swr';
import type { Status } from '../../generated/api/system';
import type { ApiFailure } from './client';
import { resourceKey, useResource } from './swr';

export type { Status };
/** How often a maintenance page re-asks. */
const STATUS_POLL_MS = 60_000;

export function useSystemStatus(poll = true): SWRResponse<Status, ApiFailure> {
  // A player coming back to the maintenance page sees at once whether it is over.
  return useResource(resourceKey('GET /wps/system/status'), { refreshInterval: poll ? STATUS_POLL_MS : 0, revalidateOnFocus: true });
}
