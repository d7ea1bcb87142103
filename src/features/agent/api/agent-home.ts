/** The agent home's figures (schemas/api/agent.json): balance and today's team counters. */
import type { SWRResponse } from 'swr';
import type { Home } from '../../../generated/api/agent';
import type { ApiFailure } from '../../../lib/api/client';
import { resourceKey, useResource } from '../../../lib/api/swr';

export type { Home as AgentHome };

const AGENT_HOME_ENDPOINT = 'GET /wps/agent/home';

/** The agent's balance and team counters (`scope` null before hydration and for visitors: nothing loads). */
export function useAgentHome(scope: string | null | undefined): SWRResponse<Home, ApiFailure> {
  return useResource(scope ? resourceKey(AGENT_HOME_ENDPOINT, null, scope) : null, { revalidateOnFocus: true });
}
