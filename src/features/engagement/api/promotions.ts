/**
 * Promotions (GET /wps/promotions): the promotions available to the member. The member-centre and
 * reward-center badge counts them as unclaimed (the API lists only what can still be taken up).
 */
import type { SWRResponse } from 'swr';
import type { Promotions1 as PromotionList } from '../../../generated/api/promotions';
import { request, type ApiFailure } from '../../../lib/api/client';
import { resourceKey, useResource } from '../../../lib/api/swr';

export type { PromotionList };
export type Promotion = PromotionList[number];

export const PROMOTIONS_PATH = '/wps/promotions';

export function getPromotions(lang?: string): Promise<PromotionList> {
  return request('GET', PROMOTIONS_PATH, { query: { lang } });
}

/** Promotions in a language; `enabled` false (e.g. a visitor, for the badge) skips the call. */
export function usePromotions(lang: string | undefined, enabled = true): SWRResponse<PromotionList, ApiFailure> {
  return useResource(enabled ? resourceKey('GET /wps/promotions', { lang }) : null);
}

/** The badge number: promotions still open to the member. */
export function unclaimedCount(list: PromotionList | undefined): number {
  return Array.isArray(list) ? list.length : 0;
}
