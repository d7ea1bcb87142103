/**
 * System status (GET /wps/system/status) and startup settings (GET /wps/system/startup). The page
 * gets both injected at load; the maintenance and restricted views poll the status to notice the
 * end of a maintenance window.
 */
import useSWR, { type SWRResponse } from 'swr';
import type { Startup, Status } from '../../generated/api/system';
import { request, swrFetcher, type ApiFailure } from './client';

export type { Startup, Status };

export const STATUS_PATH = '/wps/system/status';
export const STARTUP_PATH = '/wps/system/startup';
/** How often a maintenance page re-asks. */
export const STATUS_POLL_MS = 60_000;

export function getStatus(): Promise<Status> {
  return request<Status>('GET', STATUS_PATH);
}

export function getStartup(): Promise<Startup> {
  return request<Startup>('GET', STARTUP_PATH);
}

export function useSystemStatus(poll = true): SWRResponse<Status, ApiFailure> {
  return useSWR<Status, ApiFailure, readonly [string]>([STATUS_PATH], swrFetcher, {
    refreshInterval: poll ? STATUS_POLL_MS : 0,
  });
}
