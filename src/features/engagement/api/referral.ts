/** The member's own referral code and invited friends (GET /wps/member/referral). */
import type { SWRResponse } from 'swr';
import type { Referral } from '../../../generated/api/referral';
import type { ApiFailure } from '../../../lib/api/client';
import { resourceKey, useResource } from '../../../lib/api/swr';

export type { Referral };

/** `scope`: the member (null loads nothing). */
export function useReferral(scope: string | null | undefined): SWRResponse<Referral, ApiFailure> {
  return useResource(scope ? resourceKey('GET /wps/member/referral', null, scope) : null);
}
