/** Member info (GET /wps/member/info): id, account, type, regDate, toUpline. */
import useSWR, { type SWRResponse } from 'swr';
import type { MemberInfo } from '../../../generated/api/member';
import { request, swrFetcher, type ApiFailure } from '../../../lib/api/client';

export type { MemberInfo };

export const MEMBER_INFO_PATH = '/wps/member/info';

export function getMemberInfo(): Promise<MemberInfo> {
  return request<MemberInfo>('GET', MEMBER_INFO_PATH);
}

/** The member's info while a token is held; the token is part of the key so another login refetches. */
export function useMemberInfo(token: string | null | undefined): SWRResponse<MemberInfo, ApiFailure> {
  return useSWR<MemberInfo, ApiFailure, readonly [string, undefined, string] | null>(
    token ? [MEMBER_INFO_PATH, undefined, token] : null,
    ([path]) => swrFetcher<MemberInfo>([path]),
    { revalidateOnFocus: false },
  );
}
