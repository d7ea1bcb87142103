/**
 * The winner board (relay GCSGAME_getRankList, spec section 7): the biggest wins of today of every
 * game category, at most 20, in the player's language. The server answers it from the winners
 * feed the winners page reads too (./winners-page.ts), for the period that page opens on.
 */
import type { SWRResponse } from 'swr';
import type { RankList, RankQuery, Winner } from '../../../generated/api/relay';
import { request, type ApiFailure } from '../../../lib/api/client';
import { resourceKey, useResource } from '../../../lib/api/swr';

export type { RankList, Winner };

const RANK_LIST_PATH = '/wps/relay/GCSGAME_getRankList';
/** Spec section 9: winner board limit. */
export const WINNER_LIMIT = 20;

export function rankListQuery(language: string): RankQuery {
  return { gameCategory: 'ALL', language, limitNum: WINNER_LIMIT };
}

export function getRankList(language: string): Promise<RankList> {
  return request('GET', RANK_LIST_PATH, { query: { ...rankListQuery(language) } });
}

/** Spec section 9: the list is sorted by winAmount, biggest first (whatever order the server sent). */
export function sortWinners(list: readonly Winner[]): Winner[] {
  return [...list].sort((a, b) => b.winAmount - a.winAmount);
}

/** The winner list of a language; null skips the call. */
export function useRankList(language: string | null): SWRResponse<RankList, ApiFailure> {
  return useResource(language ? resourceKey('GET /wps/relay/GCSGAME_getRankList', rankListQuery(language)) : null);
}
