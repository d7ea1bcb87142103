/** Member info (GET /wps/member/info): id, account, type, regDate, toUpline. */
import type { SWRResponse } from 'swr';
import type { MemberInfo } from '../../../generated/api/member';
import type { ApiFailure } from '../../../lib/api/client';
import { resourceKey, useResource } from '../../../lib/api/swr';

export type { MemberInfo };

/** The member's info while logged in; `scope` (useMemberScope) keys it by member, so another member's login fetches anew. */
export function useMemberInfo(scope: string | null | undefined): SWRResponse<MemberInfo, ApiFailure> {
  return useResource(scope ? resourceKey('GET /wps/member/info', null, scope) : null);
}
