/**
 * Invite friends (schemas/api/referral.json): the member's own referral code (GET
 * /wps/member/referral) and the friends who registered with it, keyset-paged (GET
 * /wps/member/referral/friends), and the registration link that carries the code.
 */
import type { SWRResponse } from 'swr';
import type { Friend, FriendPage, Referral } from '../../../generated/api/referral';
import type { ApiFailure } from '../../../lib/api/client';
import { resourceKey, useResource } from '../../../lib/api/swr';

export type { Friend as InvitedFriend, FriendPage as InvitedFriendPage, Referral };

export const REFERRAL_FRIENDS_ENDPOINT = 'GET /wps/member/referral/friends';

/** `scope`: the member (null loads nothing). */
export function useReferral(scope: string | null | undefined): SWRResponse<Referral, ApiFailure> {
  return useResource(scope ? resourceKey('GET /wps/member/referral', null, scope) : null);
}
