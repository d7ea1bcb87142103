/** VIP status (GET /wps/member/vip, schemas/api/vip.json): the member's level, progress and the levels table. */
import type { SWRResponse } from 'swr';
import type { Level, VipStatus } from '../../../generated/api/vip';
import type { ApiFailure } from '../../../lib/api/client';
import { resourceKey, useResource } from '../../../lib/api/swr';
import { isTranslationKey, type TranslationKey } from '../../../lib/i18n-keys';

export type { Level as VipLevel, VipStatus };

const VIP_ENDPOINT = 'GET /wps/member/vip';

/** The member's VIP status; `scope` null (a visitor, before hydration) loads nothing. */
export function useVipStatus(scope: string | null | undefined): SWRResponse<VipStatus, ApiFailure> {
  // A deposit paid or bets placed in another tab may raise the level: re-read on coming back.
  return useResource(scope ? resourceKey(VIP_ENDPOINT, null, scope) : null, { revalidateOnFocus: true });
}

/** The i18n key of a level's name from the server, or null when no shipped locale has it. */
export function vipNameKey(name: string | undefined): TranslationKey | null {
  return name !== undefined && isTranslationKey(name) ? name : null;
}
