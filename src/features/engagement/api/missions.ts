/**
 * Missions (schemas/api/missions.json): the MISSION promotions with their tasks and the member's
 * progress, claiming a completed task (idempotent) and the week's ranking. Joining is the
 * promotion's action (actOnPromotion).
 */
import useSWR, { useSWRConfig, type SWRResponse } from 'swr';
import type { Claim, Mission, MissionList, Ranking, Task, TaskState } from '../../../generated/api/missions';
import { request, type ApiFailure } from '../../../lib/api/client';
import { isResourceKey, RESOURCE_DEFAULTS, resourceKey, useResource } from '../../../lib/api/swr';

export type { Claim as MissionClaim, Mission, MissionList, Ranking as MissionRanking, Task as MissionTask, TaskState as MissionTaskState };

const MISSIONS_ENDPOINT = 'GET /wps/missions';
const MISSION_RANKING_ENDPOINT = 'GET /wps/missions/:code/ranking';

/**
 * The missions in a language; `scope` is the member scope (progress is the member's) or '' for a
 * visitor; null (before hydration) loads nothing.
 */
export function useMissions(lang: string | undefined, scope: string | null): SWRResponse<MissionList, ApiFailure> {
  // Bets placed in a game tab move the progress: re-read on coming back.
  return useResource(scope === null ? null : resourceKey(MISSIONS_ENDPOINT, { lang }, scope), { revalidateOnFocus: true });
}

function getMissionRanking(code: string): Promise<Ranking> {
  return request('GET', `/wps/missions/${code}/ranking`);
}

/**
 * The cache key of a ranking: the resource key shape [endpoint, query, scope], the code in the
 * query's place since the endpoint takes it in its path.
 */
type MissionRankingKey = readonly [typeof MISSION_RANKING_ENDPOINT, { readonly code: string }, string];

const fetchRanking = ([, { code }]: MissionRankingKey): Promise<Ranking> => getMissionRanking(code);

/** The week's ranking of mission `code` (null: nothing loads); `scope` as useMissions. */
export function useMissionRanking(code: string | null, scope: string | null): SWRResponse<Ranking, ApiFailure> {
  const key: MissionRankingKey | null = code === null || scope === null ? null : [MISSION_RANKING_ENDPOINT, { code }, scope];
  return useSWR<Ranking, ApiFailure, MissionRankingKey | null>(key, fetchRanking, { ...RESOURCE_DEFAULTS, revalidateOnFocus: true });
}

/** Claims completed task `taskId` of mission `code`; `idempotencyKey` must be the same on a retry. */
export function claimMissionTask(code: string, taskId: number, idempotencyKey: string): Promise<Claim> {
  return request('POST', `/wps/missions/${code}/tasks/${taskId}/claim`, { body: {}, headers: { 'idempotency-key': idempotencyKey } });
}

/** Refetches the missions and rankings in the SWR cache this component renders under. */
export function useRevalidateMissions(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => isResourceKey(key, MISSIONS_ENDPOINT) || (Array.isArray(key) && key[0] === MISSION_RANKING_ENDPOINT));
}
