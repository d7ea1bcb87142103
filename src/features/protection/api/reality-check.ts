/**
 * The reality check (schemas/api/protection.json): the member's interval, the login's time played
 * and net result, and the acknowledgement that lets play go on. The server keeps the due time and
 * refuses spins while a check is due (reality.check.due).
 */
import type { RealityBody, RealityState } from '../../../generated/api/protection';
import { request } from '../../../lib/api/client';
import { resourceKey, useResource } from '../../../lib/api/swr';

export type { RealityBody, RealityState };

const REALITY_ENDPOINT = 'GET /wps/member/realityCheck';
const REALITY_CHECK_PATH = '/wps/member/realityCheck';

/** The reality check of the member's login (`scope`: the member; null loads nothing). */
export function useRealityCheck(scope: string | null) {
  return useResource(scope ? resourceKey(REALITY_ENDPOINT, null, scope) : null, { revalidateOnFocus: true });
}

export function fetchRealityCheck(): Promise<RealityState> {
  return request('GET', REALITY_CHECK_PATH);
}

export function setRealityMinutes(minutes: RealityBody['minutes']): Promise<RealityState> {
  return request('PUT', REALITY_CHECK_PATH, { body: { minutes } });
}

export function acknowledgeRealityCheck(): Promise<RealityState> {
  return request('POST', '/wps/member/realityCheck/acknowledge', {});
}

/** Time played as hours and minutes ("1 h 05 min", "12 min"). */
export function playedText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
}
