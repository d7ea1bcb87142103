/**
 * Red-envelope rain (schemas/api/red-rain.json): the open or next window, catching one envelope
 * (idempotent per envelope), and an agent's view of the team's catches.
 */
import type { SWRResponse } from 'swr';
import type { Caught, State, Team } from '../../../generated/api/red-rain';
import { request, type ApiFailure } from '../../../lib/api/client';
import { resourceKey, useResource } from '../../../lib/api/swr';

export type { State as RainState };

const RED_RAIN_ENDPOINT = 'GET /wps/redRain';
const RED_RAIN_TEAM_ENDPOINT = 'GET /wps/redRain/team';

export function useRedRain(scope: string | null | undefined): SWRResponse<State, ApiFailure> {
  return useResource(scope ? resourceKey(RED_RAIN_ENDPOINT, null, scope) : null, { revalidateOnFocus: true });
}

/** The team's catches; `scope` null (not an agent) loads nothing. */
export function useTeamCatches(scope: string | null | undefined): SWRResponse<Team, ApiFailure> {
  return useResource(scope ? resourceKey(RED_RAIN_TEAM_ENDPOINT, null, scope) : null);
}

/** One Idempotency-Key per envelope: 128 random bits in hex. */
export function newEnvelopeKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `rr-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Catches one envelope of window `windowId`; a retry of the same envelope sends the same key. */
export function catchEnvelope(windowId: number, idempotencyKey: string): Promise<Caught> {
  return request('POST', `/wps/redRain/${windowId}/catch`, { body: {}, headers: { 'idempotency-key': idempotencyKey } });
}
