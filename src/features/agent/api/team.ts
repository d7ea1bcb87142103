/** The agent's team (schemas/api/team.json): overview, members, profit and loss, betting. */
import type { SWRResponse } from 'swr';
import type { BetPage, BetsQuery, Figures, MemberPage, MembersQuery, Overview, PnlPage, PnlQuery, PnlRow, RangeQuery, TeamBet, TeamMember } from '../../../generated/api/team';
import type { ApiFailure } from '../../../lib/api/client';
import { resourceKey, useResource } from '../../../lib/api/swr';

export type { BetPage as TeamBetPage, BetsQuery as TeamBetsQuery, Figures as TeamFigures, MemberPage as TeamMemberPage, MembersQuery as TeamMembersQuery };
export type { Overview as TeamOverview, PnlPage as TeamPnlPage, PnlQuery as TeamPnlQuery, PnlRow as TeamPnlRow, TeamBet, TeamMember };

const TEAM_OVERVIEW_ENDPOINT = 'GET /wps/agent/team/overview';
/** Keyset pages (the records kit's useRecordList loads them). */
export const TEAM_MEMBERS_ENDPOINT = 'GET /wps/agent/team/members';
export const TEAM_PNL_ENDPOINT = 'GET /wps/agent/team/pnl';
export const TEAM_BETS_ENDPOINT = 'GET /wps/agent/team/bets';

/** The team's figures over the range of `query`; `scope` null (visitor, before hydration): nothing loads. */
export function useTeamOverview(scope: string | null | undefined, query: RangeQuery): SWRResponse<Overview, ApiFailure> {
  return useResource(scope ? resourceKey(TEAM_OVERVIEW_ENDPOINT, query, scope) : null);
}
