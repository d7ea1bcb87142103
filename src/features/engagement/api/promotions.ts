/**
 * Promotions (schemas/api/promotions.json): the list with the member's statuses, and the
 * member's action on one (claim, join, apply).
 */
import { useSWRConfig, type SWRResponse } from 'swr';
import type { ActBody, Action, Promotion, Promotions1 as PromotionList } from '../../../generated/api/promotions';
import { request, type ApiFailure } from '../../../lib/api/client';
import { isResourceKey, resourceKey, useResource } from '../../../lib/api/swr';

export type { ActBody as PromotionActBody, Action as PromotionAction, Promotion, PromotionList };
const PROMOTIONS_ENDPOINT = 'GET /wps/promotions';

/**
 * Promotions in a language; `enabled` false skips the call. `scope` is the member scope (the
 * statuses are the member's) or '' for a visitor.
 */
export function usePromotions(lang: string | undefined, enabled = true, scope = ''): SWRResponse<PromotionList, ApiFailure> {
  return useResource(enabled ? resourceKey(PROMOTIONS_ENDPOINT, { lang }, scope) : null);
}

/** The member's action on promotion `code`: answers the promotion with the new status. */
export function actOnPromotion(code: string, body: ActBody = {}): Promise<Promotion> {
  return request('POST', `/wps/promotions/${code}/act`, { body: body ?? {} });
}

/** One image for the member's next application (png or jpg, at most 5 MB): answers its id for ActBody.imageIds. */
export function uploadPromotionImage(image: Blob): Promise<{ id: number }> {
  return request('PUT', '/wps/promotions/images', { blob: image });
}

/** Refetches every promotion list in the SWR cache this component renders under. */
export function useRevalidatePromotions(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => isResourceKey(key, PROMOTIONS_ENDPOINT));
}
