/**
 * Player protection limits (schemas/api/limits.json): every limit with what is used and what
 * remains, setting or removing one, cancelling a pending change.
 */
import { useSWRConfig, type SWRResponse } from 'swr';
import type { Limit, Limits, SetBody, SlotBody } from '../../../generated/api/limits';
import { request, type ApiFailure } from '../../../lib/api/client';
import { isResourceKey, resourceKey, useResource } from '../../../lib/api/swr';

export type { Limit, Limits };
export type LimitKind = Limit['kind'];
export type LimitPeriod = Limit['period'];

const LIMITS_ENDPOINT = 'GET /wps/member/limits';

/** The member's limits (`scope` null before hydration and for visitors: nothing loads). */
export function useLimits(scope: string | null | undefined): SWRResponse<Limits, ApiFailure> {
  // A deposit or a spin in another tab uses up a limit: re-read on coming back.
  return useResource(scope ? resourceKey(LIMITS_ENDPOINT, null, scope) : null, { revalidateOnFocus: true });
}

/** Sets (value) or removes (value null) one limit; answers every limit. Asking the same again changes nothing. */
export function putLimit(body: SetBody): Promise<Limits> {
  return request('PUT', '/wps/member/limits', { body });
}

/** Cancels the pending change of one limit; answers every limit. */
export function cancelLimitChange(body: SlotBody): Promise<Limits> {
  return request('POST', '/wps/member/limits/cancel', { body });
}

/** Puts an answer of a change in the SWR cache this component renders under. */
export function useStoreLimits(): (limits: Limits) => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return (limits) => mutate((key) => isResourceKey(key, LIMITS_ENDPOINT), limits, { revalidate: false });
}
