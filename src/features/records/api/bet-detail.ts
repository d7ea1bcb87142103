/** One bet of the betting record with its round detail (schemas/api/reports.json bet). */
import useSWR, { type SWRResponse } from 'swr';
import type { BetDetail } from '../../../generated/api/reports';
import { request, type ApiFailure } from '../../../lib/api/client';
import { RESOURCE_DEFAULTS } from '../../../lib/api/swr';

export type { BetDetail };

const BET_DETAIL_ENDPOINT = 'GET /wps/records/bets/:id';

function getBetDetail(id: number, language: string): Promise<BetDetail> {
  return request('GET', `/wps/records/bets/${id}`, { query: { language } });
}

/**
 * The cache key of one bet: the resource key shape [endpoint, query, scope], the id beside the
 * language in the query's place since the endpoint takes it in its path.
 */
type BetDetailKey = readonly [typeof BET_DETAIL_ENDPOINT, { readonly id: number; readonly language: string }, string];

const fetchBetDetail = ([, { id, language }]: BetDetailKey): Promise<BetDetail> => getBetDetail(id, language);

/** One bet with its round, loaded when its sheet opens (`id` or `scope` null: nothing loads). */
export function useBetDetail(id: number | null, language: string, scope: string | null | undefined): SWRResponse<BetDetail, ApiFailure> {
  const key: BetDetailKey | null = id !== null && scope ? [BET_DETAIL_ENDPOINT, { id, language }, scope] : null;
  return useSWR<BetDetail, ApiFailure, BetDetailKey | null>(key, fetchBetDetail, RESOURCE_DEFAULTS);
}
