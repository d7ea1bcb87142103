/**
 * The winner board (relay GCSGAME_getRankList, spec section 7): the biggest recent wins of every
 * game category, at most 20, in the player's language.
 */
import useSWR, { type SWRResponse } from 'swr';
import type { RankList, RankQuery, Winner } from '../../../generated/api/relay';
import { request, swrFetcher, type ApiFailure } from '../../../lib/api/client';

export type { RankList, Winner };

export const RANK_LIST_PATH = '/wps/relay/GCSGAME_getRankList';
/** Spec section 9: winner board limit. */
export const WINNER_LIMIT = 20;

export function rankListQuery(language: string): RankQuery {
  return { gameCategory: 'ALL', language, limitNum: WINNER_LIMIT };
}

export function getRankList(language: string): Promise<RankList> {
  return request<RankList>('GET', RANK_LIST_PATH, { query: { ...rankListQuery(language) } });
}

/** Spec section 9: the list is sorted by winAmount, biggest first (whatever order the server sent). */
export function sortWinners(list: readonly Winner[]): Winner[] {
  return [...list].sort((a, b) => b.winAmount - a.winAmount);
}

/** The winner list of a language; null skips the call. */
export function useRankList(language: string | null): SWRResponse<RankList, ApiFailure> {
  return useSWR<RankList, ApiFailure, readonly [string, RankQuery] | null>(
    language ? [RANK_LIST_PATH, rankListQuery(language)] : null,
    ([path, query]) => swrFetcher<RankList>([path, { ...query }]),
    { revalidateOnFocus: false },
  );
}
