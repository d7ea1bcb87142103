/**
 * The lotteries' next draws and latest results (GET /wps/game/lottery/draws), as the vendor
 * that draws them publishes them. Read again every 15 s, and just after a draw's time.
 */
import type { SWRResponse } from 'swr';
import type { LotteryDraws } from '../../../generated/api/games';
import type { ApiFailure } from '../../../lib/api/client';
import { resourceKey, useResource } from '../../../lib/api/swr';

export type { LotteryDraws };
export type Lottery = LotteryDraws['lotteries'][number];

/** How often the list is read again while shown (the server keeps the vendor's feed 5 s). */
const DRAWS_REFRESH_MS = 15_000;

export function useLotteryDraws(enabled: boolean): SWRResponse<LotteryDraws, ApiFailure> {
  return useResource(enabled ? resourceKey('GET /wps/game/lottery/draws') : null, { refreshInterval: DRAWS_REFRESH_MS });
}

/** "mm:ss" (or "h:mm:ss") left until `at`, from `now`; "0:00" once it has come. */
export function countdown(at: string, now: number): string {
  const left = Math.max(0, Math.ceil((Date.parse(at) - now) / 1000));
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = String(left % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
