/**
 * Time-out and self-exclusion (schemas/api/protection.json): the member's state and the request
 * that closes the account until a date. The server ends every session of the member at once.
 */
import type { Exclusion, ExcludeBody } from '../../../generated/api/protection';
import { request } from '../../../lib/api/client';
import { resourceKey, useResource } from '../../../lib/api/swr';

export type { Exclusion, ExcludeBody };
export { exclusionEnd, SELF_EXCLUSION_PERIODS, TIMEOUT_PERIODS, zoneDateTime, type ExclusionKind, type ExclusionPeriod } from '../../../domain/date-range';

const EXCLUSION_ENDPOINT = 'GET /wps/member/exclusion';

/** The member's exclusion state (`scope`: the member; null loads nothing). */
export function useExclusionState(scope: string | null) {
  return useResource(scope ? resourceKey(EXCLUSION_ENDPOINT, null, scope) : null);
}

export function excludeMember(body: ExcludeBody): Promise<Exclusion> {
  return request('POST', '/wps/member/exclusion', { body });
}
