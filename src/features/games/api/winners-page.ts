/**
 * The winners page (GET /wps/game/winners): the biggest wins of the merchant's members in one
 * period (today, this week, this month), names masked, in the player's language: the winners
 * feed, whose today the home winner board shows (./winners.ts).
 */
import type { SWRResponse } from 'swr';
import type { Winners, WinnersQuery } from '../../../generated/api/games';
import type { ApiFailure } from '../../../lib/api/client';
import { resourceKey, useResource } from '../../../lib/api/swr';
import { WINNER_LIMIT } from './winners';

export type { Winners };
export type WinnersPeriod = Winners['period'];

function winnersQuery(period: WinnersPeriod, language: string, limitNum = WINNER_LIMIT): WinnersQuery {
  return { period, language, limitNum };
}

/** The winners of a period in a language; a null language skips the call. */
export function useWinners(period: WinnersPeriod, language: string | null, limitNum = WINNER_LIMIT): SWRResponse<Winners, ApiFailure> {
  return useResource(language ? resourceKey('GET /wps/game/winners', winnersQuery(period, language, limitNum)) : null);
}
