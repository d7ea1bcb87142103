/**
 * The reward centre (schemas/api/rewards.json): the member's rewards, the unclaimed count of the
 * badge, and claiming one (idempotent).
 */
import { useSWRConfig, type SWRResponse } from 'swr';
import type { Claim, Count, ListQuery, Reward, RewardList } from '../../../generated/api/rewards';
import { request, type ApiFailure } from '../../../lib/api/client';
import { isResourceKey, resourceKey, useResource } from '../../../lib/api/swr';

export type { Claim as RewardClaim, Reward, RewardList };
export type RewardListState = NonNullable<ListQuery['state']>;

const REWARDS_ENDPOINT = 'GET /wps/rewards';
const REWARD_COUNT_ENDPOINT = 'GET /wps/rewards/count';

/** The member's rewards in one state (`scope` null before hydration and for visitors: nothing loads). */
export function useRewards(scope: string | null | undefined, state: RewardListState = 'claimable'): SWRResponse<RewardList, ApiFailure> {
  // A deposit paid in another tab grants its bonus: re-read on coming back.
  return useResource(scope ? resourceKey(REWARDS_ENDPOINT, { state }, scope) : null, { revalidateOnFocus: true });
}

/** The badge number: rewards the member can claim now. `scope` null (a visitor, the flag off) loads nothing. */
export function useRewardCount(scope: string | null | undefined): SWRResponse<Count, ApiFailure> {
  return useResource(scope ? resourceKey(REWARD_COUNT_ENDPOINT, null, scope) : null, { revalidateOnFocus: true });
}

/**
 * An Idempotency-Key (8 to 128 of A-Z a-z 0-9 _ -): 128 random bits in hex. One per claim
 * attempt; a retry of the same attempt sends the same key, so the reward is paid once.
 */
export function newRewardKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `rw-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Claims reward `id` into the wallet; `idempotencyKey` must be the same on a retry. */
export function claimReward(id: number, idempotencyKey: string): Promise<Claim> {
  return request('POST', `/wps/rewards/${id}/claim`, { body: {}, headers: { 'idempotency-key': idempotencyKey } });
}

/** Refetches the reward lists and the badge count in the SWR cache this component renders under. */
export function useRevalidateRewards(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => isResourceKey(key, REWARDS_ENDPOINT) || isResourceKey(key, REWARD_COUNT_ENDPOINT));
}
